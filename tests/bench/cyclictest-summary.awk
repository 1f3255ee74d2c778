# One result line from a cyclictest histogram file (--histfile, one
# thread): its min, mean and max wake-up latency (us), how many wake-ups
# fell past the histogram's range (-h US), under the key KEY, and if
# any, the cycle of the first of them (0 the first; cyclictest lists up
# to 50).
#
#   awk -v over=KEY -f cyclictest-summary.awk HISTFILE
/^# Min Latencies:/ { mn = $4 + 0; seen++ }
/^# Avg Latencies:/ { av = $4 + 0; seen++ }
/^# Max Latencies:/ { mx = $4 + 0; seen++ }
/^# Histogram Overflows:/ { ov = $4 + 0; seen++ }
/^# Thread 0:/ && NF > 3 { first = $4 + 0 }
END {
	if (seen != 4) {
		print "role=cyclictest error=no_histogram_summary"
		exit 1
	}
	printf "role=cyclictest lat_min_us=%d lat_avg_us=%d lat_max_us=%d %s=%d", mn, av, mx, over, ov
	if (ov)
		printf " first_over_cycle=%d", first
	printf "\n"
}

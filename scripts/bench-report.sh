#!/bin/bash
# Turn a results folder's bench.csv into the report: summary.md (the
# main figures at -smp 1), table.md (every
# figure, milestone x scenario x EEVDF/class, the mean of the two runs,
# marked where they differ by more than 5 %), claims.md (the 2003 claims
# and the targets, each holds or not, with its figures), two plots
# (deadlines.png, p99.png) and README.md, which puts them together.
#
#   scripts/bench-report.sh RESULTS_DIR
set -eu
. "$(dirname "$0")/lib.sh"

dir=${1:?usage: bench-report.sh RESULTS_DIR}
csv=$dir/bench.csv
[ -f "$csv" ] || die "no $csv"
[ "$(wc -l <"$csv")" -gt 1 ] || die "$csv has no figures"

# Shared awk: load the CSV; m[] is the mean of the runs of a figure,
# d[] the relative difference of its two runs.
load='
BEGIN { FS = "," }
NR == 1 { next }
{
	k = $2 SUBSEP $1 SUBSEP $3 SUBSEP $6 SUBSEP $7 SUBSEP $4
	v[k, $5] = $8; n[k]++; s[k] += $8
	if (!($1 in ms)) { ms[$1] = ++nms; mlist[nms] = $1 }
	rk = $2 SUBSEP $3 SUBSEP $6 SUBSEP $7
	if (!(rk in rows)) { rows[rk] = ++nrows; rlist[nrows] = rk }
	if (!($2 in smps)) { smps[$2] = ++nsmp; slist[nsmp] = $2 }
}
function mean(smp, mi, sc, role, met, sched,   k) {
	k = smp SUBSEP mi SUBSEP sc SUBSEP role SUBSEP met SUBSEP sched
	return (k in n) ? s[k] / n[k] : ""
}
function diff(smp, mi, sc, role, met, sched,   k, a, b, hi) {
	k = smp SUBSEP mi SUBSEP sc SUBSEP role SUBSEP met SUBSEP sched
	if (!((k, 1) in v) || !((k, 2) in v)) return -1
	a = v[k, 1] + 0; b = v[k, 2] + 0
	hi = (a < 0 ? -a : a) > (b < 0 ? -b : b) ? (a < 0 ? -a : a) : (b < 0 ? -b : b)
	return hi == 0 ? 0 : (a > b ? a - b : b - a) / hi
}
function fmt(x) {
	if (x == "") return "-"
	return (x >= 100 || x <= -100) ? sprintf("%.0f", x) : sprintf("%.3g", x)
}
'

# The full table, one per CPU count.
awk "$load"'
END {
	printf "Mean of two runs per figure; † marks a figure whose two runs differ by more than 5 %%.\n"
	for (si = 1; si <= nsmp; si++) {
		smp = slist[si]
		printf "\n### -smp %s\n\n| scenario | workload | figure |", smp
		for (i = 1; i <= nms; i++) printf " %s EEVDF | %s class |", mlist[i], mlist[i]
		printf "\n|---|---|---|"
		for (i = 1; i <= nms; i++) printf "---:|---:|"
		printf "\n"
		for (r = 1; r <= nrows; r++) {
			split(rlist[r], p, SUBSEP)
			if (p[1] != smp) continue
			if (p[4] ~ /^(events|hogs|jobs|rounds|lat_min_us)$/) continue
			printf "| %s | %s | %s |", p[2], p[3], p[4]
			for (i = 1; i <= nms; i++) {
				split("eevdf ia", sc, " ")
				for (j = 1; j <= 2; j++) {
					x = mean(smp, mlist[i], p[2], p[3], p[4], sc[j])
					dd = diff(smp, mlist[i], p[2], p[3], p[4], sc[j])
					tot++; if (dd > 0.05) marked++
					if (p[4] ~ /^lat_/) { ltot++; if (dd > 0.05) lmarked++ }
					printf " %s%s |", fmt(x), (dd > 0.05 ? " †" : "")
				}
			}
			printf "\n"
		}
	}
	printf "\nRepeatability: %d of %d figures differ by more than 5 %% between their two runs", marked, tot
	printf " (%d of the %d latency figures, %d of the %d others).\n", lmarked, ltot, marked - lmarked, tot - ltot
}' "$csv" >"$dir/table.md"

# The summary for README.md: the main figures at -smp 1, EEVDF from the
# last milestone's boot beside the class at each milestone.
awk "$load"'
END {
	nw = split("desktop audio deadlines_met|desktop x deadlines_met|desktop video deadlines_met|" \
		"hogs audio deadlines_met|hogs audio lat_p99_us|hogs x deadlines_met|hogs x lat_p99_us|" \
		"hogs video deadlines_met|hogs hogs loops_per_s|" \
		"makej_io audio deadlines_met|makej_io x deadlines_met|makej_io makej mb_per_s|" \
		"makej audio deadlines_met|makej x deadlines_met|makej makej loops_per_s|" \
		"forkstorm audio deadlines_met|forkstorm forkstorm forks_per_s|" \
		"reader reader mb_per_s|reader_hogs reader mb_per_s|reader_hogs_bfq reader mb_per_s|" \
		"hackbench hackbench seconds|hackbench hackbench switches|pingpong pingpong ns_per_switch|" \
		"cyclictest cyclictest lat_avg_us|cyclictest cyclictest lat_max_us", want, "|")
	last = mlist[nms]
	printf "| scenario | workload | figure | EEVDF |"
	for (i = 1; i <= nms; i++) printf " %s |", mlist[i]
	printf "\n|---|---|---|---:|"
	for (i = 1; i <= nms; i++) printf "---:|"
	printf "\n"
	for (r = 1; r <= nw; r++) {
		split(want[r], p, " ")
		e = mean(1, last, p[1], p[2], p[3], "eevdf")
		if (e == "") continue
		printf "| %s | %s | %s | %s |", p[1], p[2], p[3], fmt(e)
		for (i = 1; i <= nms; i++) printf " %s |", fmt(mean(1, mlist[i], p[1], p[2], p[3], "ia"))
		printf "\n"
	}
}' "$csv" >"$dir/summary.md"

# The claims of the 2003 mails and the targets, at -smp 1.
awk "$load"'
function g(mi, sc, role, met, sched) { return mean(1, mi, sc, role, met, sched) }
function row(claim, ok, figs) {
	if (ok == "") figs = "not in this run"
	printf "| %s | %s | %s |\n", claim, ok == "" ? "not measured" : (ok ? "holds" : "does not hold"), figs
}
function have(x) { return x != "" }
END {
	print "All at -smp 1, class figures unless EEVDF is named, mean of two runs.\n"
	print "| claim | result | figures |"
	print "|---|---|---|"

	# O12.2: beside 4 hogs, each desktop task keeps (within 3 points)
	# the deadlines it meets on the unloaded desktop in the same boot.
	ok = ""; figs = ""
	split("audio x video", roles, " ")
	for (i = 1; i <= 3; i++) {
		d0 = g("o12.2", "desktop", roles[i], "deadlines_met", "ia")
		d1 = g("o12.2", "hogs", roles[i], "deadlines_met", "ia")
		e1 = g("o12.2", "hogs", roles[i], "deadlines_met", "eevdf")
		if (!have(d0) || !have(d1)) { ok = ""; break }
		ok = (ok == "" ? 1 : ok) && d1 >= d0 - 3
		figs = figs sprintf("%s%s %s %% -> %s %% (EEVDF with hogs %s %%)", i > 1 ? "; " : "", roles[i], fmt(d0), fmt(d1), fmt(e1))
	}
	row("O12.2: interactive tasks stay responsive beside CPU hogs (with 4 hogs, audio, X and video each meet within 3 points as many deadlines as on the unloaded desktop)", ok, "deadlines met, alone -> with hogs: " figs)

	# O13: jerks of audio and X beside a make -j, O12.2 -> O13.
	split("makej_io makej", mk, " ")
	split("disk-intensive make -j (2 ms of CPU per 5 ms read)|CPU-heavy make -j (20 ms of CPU per 5 ms read)", mkd, "|")
	for (i = 1; i <= 2; i++) {
		a1 = 100 - g("o12.2", mk[i], "audio", "deadlines_met", "ia")
		x1 = 100 - g("o12.2", mk[i], "x", "deadlines_met", "ia")
		a2 = 100 - g("o13", mk[i], "audio", "deadlines_met", "ia")
		x2 = 100 - g("o13", mk[i], "x", "deadlines_met", "ia")
		p1 = g("o12.2", mk[i], "x", "lat_p99_us", "ia") + g("o12.2", mk[i], "audio", "lat_p99_us", "ia")
		p2 = g("o13", mk[i], "x", "lat_p99_us", "ia") + g("o13", mk[i], "audio", "lat_p99_us", "ia")
		ok = ""
		if (have(g("o13", mk[i], "audio", "deadlines_met", "ia")) && have(g("o12.2", mk[i], "audio", "deadlines_met", "ia")))
			ok = (a2 + x2 < a1 + x1 || (a2 + x2 == a1 + x1 && p2 < 0.95 * p1))
		row("O13: beside a " mkd[i] ", audio and X jerk less than at O12.2 (fewer missed deadlines, or as few and a lower p99 latency)", ok,
		    sprintf("missed: audio %s %% -> %s %%, X %s %% -> %s %%; audio p99 + X p99 %s -> %s us", fmt(a1), fmt(a2), fmt(x1), fmt(x2), fmt(p1), fmt(p2)))
	}

	r1 = g("o12.2", "reader_hogs", "reader", "mb_per_s", "ia")
	r2 = g("o13", "reader_hogs", "reader", "mb_per_s", "ia")
	row("O13: a pure disk reader gets low priority: beside 4 CPU hogs its throughput drops from O12.2 (by more than 5 %)",
	    have(r1) && have(r2) ? (r2 < 0.95 * r1) : "",
	    sprintf("reader beside hogs: %s MB/s at O12.2, %s MB/s at O13", fmt(r1), fmt(r2)))

	i1 = g("o12.2", "reader", "reader", "mb_per_s", "ia")
	i2 = g("o13", "reader", "reader", "mb_per_s", "ia")
	j1 = g("o12.2", "makej", "makej", "mb_per_s", "ia")
	j2 = g("o13", "makej", "makej", "mb_per_s", "ia")
	row("O13: I/O throughput itself is not hurt (the reader alone within 5 % of O12.2)",
	    have(i1) && have(i2) ? (i2 >= 0.95 * i1) : "",
	    sprintf("reader alone: %s -> %s MB/s; make -j reads: %s -> %s MB/s", fmt(i1), fmt(i2), fmt(j1), fmt(j2)))

	r3 = g("o13.1", "reader_hogs", "reader", "mb_per_s", "ia")
	e3 = g("o13.1", "reader_hogs", "reader", "mb_per_s", "eevdf")
	row("O13.1: disk-only tasks are treated much more fairly than at O13 (the reader beside hogs gets more than 10 % more)",
	    have(r2) && have(r3) ? (r3 > 1.10 * r2) : "",
	    sprintf("reader beside hogs: %s MB/s at O13, %s MB/s at O13.1 (EEVDF: %s MB/s)", fmt(r2), fmt(r3), fmt(e3)))

	print "\n### Targets (O13.1, -smp 1, 4 CPU hogs)\n"
	print "| target | result | figures |"
	print "|---|---|---|"
	a = g("o13.1", "hogs", "audio", "deadlines_met", "ia")
	row("audio-like meets >= 99.5 % of deadlines", have(a) ? a >= 99.5 : "",
	    sprintf("%s %% (EEVDF %s %%)", fmt(a), fmt(g("o13.1", "hogs", "audio", "deadlines_met", "eevdf"))))
	x = g("o13.1", "hogs", "x", "deadlines_met", "ia")
	xp = g("o13.1", "hogs", "x", "lat_p99_us", "ia")
	row("X-like meets >= 95 % of deadlines, p99 wake-up latency <= 10 ms", have(x) ? (x >= 95 && xp <= 10000) : "",
	    sprintf("%s %%, p99 %s us (EEVDF %s %%, %s us)", fmt(x), fmt(xp),
		fmt(g("o13.1", "hogs", "x", "deadlines_met", "eevdf")), fmt(g("o13.1", "hogs", "x", "lat_p99_us", "eevdf"))))
	h = g("o13.1", "hogs", "hogs", "loops_per_s", "ia")
	he = g("o13.1", "hogs", "hogs", "loops_per_s", "eevdf")
	row("the hogs total throughput within 5 % of EEVDF", have(h) && he > 0 ? (h >= 0.95 * he && h <= 1.05 * he) : "",
	    sprintf("%s vs %s ms of work/s (%s)", fmt(h), fmt(he), he > 0 ? sprintf("%+.1f %%", 100 * (h / he - 1)) : "-"))
	b = g("o13.1", "hackbench", "hackbench", "seconds", "ia")
	be = g("o13.1", "hackbench", "hackbench", "seconds", "eevdf")
	row("hackbench time <= 1.0x EEVDF", have(b) && be > 0 ? b <= be : "",
	    sprintf("%s s vs %s s (%sx)", fmt(b), fmt(be), be > 0 ? sprintf("%.2f", b / be) : "-"))
	q = g("o13.1", "pingpong", "pingpong", "ns_per_switch", "ia")
	qe = g("o13.1", "pingpong", "pingpong", "ns_per_switch", "eevdf")
	row("pipe ping-pong cost <= 1.0x EEVDF", have(q) && qe > 0 ? q <= qe : "",
	    sprintf("%s ns vs %s ns per switch (%sx)", fmt(q), fmt(qe), qe > 0 ? sprintf("%.2f", q / qe) : "-"))
}' "$csv" >"$dir/claims.md"

# Plots: deadlines met and p99 wake-up latency of the desktop tasks per
# scenario, at -smp 1: EEVDF (from the last milestone's boot) and the
# class at each milestone.
plots=
if command -v gnuplot >/dev/null; then
	for met in deadlines_met lat_p99_us; do
		awk "$load"'
		END {
			printf "workload EEVDF"
			for (i = 1; i <= nms; i++) printf " %s", mlist[i]
			printf "\n"
			split("desktop hogs makej forkstorm", scs, " ")
			split("audio x video", roles, " ")
			for (a = 1; a <= 4; a++) for (b = 1; b <= 3; b++) {
				e = mean(1, mlist[nms], scs[a], roles[b], met, "eevdf")
				if (e == "") continue
				printf "%s/%s %s", scs[a], roles[b], met == "lat_p99_us" ? e / 1000 : e
				for (i = 1; i <= nms; i++) {
					x = mean(1, mlist[i], scs[a], roles[b], met, "ia")
					printf " %s", x == "" ? "NaN" : (met == "lat_p99_us" ? x / 1000 : x)
				}
				printf "\n"
			}
		}' met="$met" "$csv" >"$dir/$met.dat"
	done
	ncol=$(head -n 1 "$dir/deadlines_met.dat" | wc -w)
	gnuplot <<EOT || die "gnuplot failed"
set terminal pngcairo size 1000,500 font ",10"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border -1
set key outside right top
set xtics rotate by -30 noenhanced
set grid ytics
set output "$dir/deadlines.png"
set title "Deadlines met, -smp 1 (%)"
set yrange [0:105]
plot for [c=2:$ncol] "$dir/deadlines_met.dat" using c:xtic(1) title columnhead(c)
set output "$dir/p99.png"
set title "p99 wake-up latency, -smp 1 (ms, log scale)"
set logscale y
set yrange [*:*]
plot for [c=2:$ncol] "$dir/lat_p99_us.dat" using c:xtic(1) title columnhead(c)
EOT
	plots=1
fi

{
	echo "# make bench results: $(basename "$dir")"
	echo
	echo '```'
	cat "$dir/setup.txt"
	echo '```'
	echo
	echo "## Main figures (-smp 1; EEVDF from the $(awk -F, 'NR > 1 { m = $1 } END { print m }' "$csv") boot, then the class at each milestone)"
	echo
	cat "$dir/summary.md"
	echo
	echo "## Claims and targets"
	echo
	cat "$dir/claims.md"
	if [ -n "$plots" ]; then
		echo
		echo "## Plots"
		echo
		echo "![deadlines met](deadlines.png)"
		echo "![p99 wake-up latency](p99.png)"
	fi
	echo
	echo "## Every figure"
	echo
	cat "$dir/table.md"
} >"$dir/README.md"
say "report: $dir/README.md"

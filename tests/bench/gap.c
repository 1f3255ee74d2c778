// SPDX-License-Identifier: GPL-2.0
/*
 * gap: what the (virtual) machine takes from a busy CPU. One spinner per
 * CPU, pinned, reads the clock in a loop for DURATION_MS; a gap between
 * two reads is time the CPU ran something else: an interrupt, or, under
 * QEMU icount with several vCPUs, the other vCPUs' turns in the one host
 * thread they share.
 *
 *   gap DURATION_MS
 *
 * Prints: cpus, gap_max_us (the longest gap on any CPU), gaps_1ms_per_s
 * (gaps of 1 ms or more, per CPU and second) and gap_pct (the share of
 * the time the spinners did not run, in gaps of 50 us or more).
 */
#include "bench.h"

struct result {
	long long max, over_1ms, lost;
};

int main(int argc, char **argv)
{
	int n = sysconf(_SC_NPROCESSORS_ONLN), i, fds[2];
	long long dur, max = 0, over = 0, lost = 0;
	struct result r;

	if (argc != 2)
		usage("gap DURATION_MS");
	dur = atoll(argv[1]) * NSEC_PER_MSEC;
	if (dur <= 0 || n <= 0)
		usage("gap: bad arguments");
	if (pipe(fds))
		die("pipe");
	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (!pid) {
			cpu_set_t set;
			long long t, prev, end, d;

			CPU_ZERO(&set);
			CPU_SET(i, &set);
			if (sched_setaffinity(0, sizeof(set), &set))
				die("sched_setaffinity");
			memset(&r, 0, sizeof(r));
			prev = now_ns();
			end = prev + dur;
			for (t = prev; t < end; prev = t) {
				t = now_ns();
				d = t - prev;
				if (d > r.max)
					r.max = d;
				if (d >= NSEC_PER_MSEC)
					r.over_1ms++;
				if (d >= 50 * NSEC_PER_USEC)
					r.lost += d;
			}
			if (write(fds[1], &r, sizeof(r)) != sizeof(r))
				_exit(1);
			_exit(0);
		}
	}
	close(fds[1]);
	for (i = 0; i < n; i++) {
		if (read(fds[0], &r, sizeof(r)) != sizeof(r))
			die("read");
		if (r.max > max)
			max = r.max;
		over += r.over_1ms;
		lost += r.lost;
	}
	while (wait(NULL) > 0)
		;
	printf("cpus=%d gap_max_us=%lld gaps_1ms_per_s=%.1f gap_pct=%.1f\n", n,
	       max / NSEC_PER_USEC, over * 1.0 * NSEC_PER_SEC / dur / n,
	       100.0 * lost / dur / n);
	return 0;
}

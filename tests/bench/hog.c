// SPDX-License-Identifier: GPL-2.0
/*
 * hog: N processes that do nothing but CPU work for DURATION_MS.
 *
 *   hog N DURATION_MS
 *
 * Each counts the milliseconds of work (calibrated loop iterations) it
 * got done. Prints: hogs, loops_per_s (the total, in ms of work per
 * second, so 1000 is one idle CPU's worth) and min_share_pct (the least
 * any hog got, as a percentage of an equal share of the total).
 */
#include "bench.h"

int main(int argc, char **argv)
{
	long long dur, chunk, total = 0, min = -1, c;
	int n, i, fds[2];

	if (argc != 3)
		usage("hog N DURATION_MS");
	n = atoi(argv[1]);
	dur = atoll(argv[2]) * NSEC_PER_MSEC;
	if (n <= 0 || dur <= 0)
		usage("hog: bad arguments");
	chunk = loops_per_ms();
	if (pipe(fds))
		die("pipe");

	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (!pid) {
			long long end = now_ns() + dur, done = 0;

			while (now_ns() < end) {
				work_loops(chunk);
				done++;
			}
			if (write(fds[1], &done, sizeof(done)) != sizeof(done))
				_exit(1);
			_exit(0);
		}
	}
	close(fds[1]);
	for (i = 0; i < n; i++) {
		if (read(fds[0], &c, sizeof(c)) != sizeof(c))
			die("read");
		total += c;
		if (min < 0 || c < min)
			min = c;
	}
	while (wait(NULL) > 0)
		;
	printf("hogs=%d loops_per_s=%.1f min_share_pct=%.1f\n", n,
	       total * (double)NSEC_PER_SEC / dur,
	       total ? 100.0 * min * n / total : 0);
	return 0;
}

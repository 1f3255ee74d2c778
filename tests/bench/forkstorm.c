// SPDX-License-Identifier: GPL-2.0
/*
 * forkstorm: a parent that keeps forking short-lived children, each of
 * which does WORK_US of CPU work and exits, for DURATION_MS.
 *
 *   forkstorm DURATION_MS WORK_US
 *
 * Prints: forks_per_s.
 */
#include "bench.h"

int main(int argc, char **argv)
{
	long long dur, work, end, forks = 0;

	if (argc != 3)
		usage("forkstorm DURATION_MS WORK_US");
	dur = atoll(argv[1]) * NSEC_PER_MSEC;
	work = atoll(argv[2]);
	if (dur <= 0 || work < 0)
		usage("forkstorm: bad arguments");
	loops_per_ms();

	end = now_ns() + dur;
	while (now_ns() < end) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (!pid) {
			work_us(work);
			_exit(0);
		}
		forks++;
		if (waitpid(pid, NULL, 0) < 0)
			die("waitpid");
	}
	printf("forks_per_s=%.1f\n", forks * (double)NSEC_PER_SEC / dur);
	return 0;
}

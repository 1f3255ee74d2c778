// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong: two processes on one CPU pass a byte back and forth through
 * two pipes ROUNDS times: each round trip is two wake-ups and two
 * context switches.
 *
 *   pingpong ROUNDS
 *
 * Prints: rounds and ns_per_switch (half a round trip).
 */
#include "bench.h"

int main(int argc, char **argv)
{
	int a[2], b[2], rounds, i;
	long long t0, t;
	cpu_set_t set;
	pid_t pid;
	char c = 0;

	if (argc != 2 || (rounds = atoi(argv[1])) <= 0)
		usage("pingpong ROUNDS");
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity");
	if (pipe(a) || pipe(b))
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		for (i = 0; i < rounds; i++)
			if (read(a[0], &c, 1) != 1 || write(b[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	t0 = now_ns();
	for (i = 0; i < rounds; i++)
		if (write(a[1], &c, 1) != 1 || read(b[0], &c, 1) != 1)
			die("pipe");
	t = now_ns() - t0;
	waitpid(pid, NULL, 0);
	printf("rounds=%d ns_per_switch=%.0f\n", rounds, t / 2.0 / rounds);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * makej: a "make -j" of N jobs: each burns CPU like a compiler, then
 * reads its next input from the disk with O_DIRECT, so that it sleeps
 * uninterruptibly in the block layer, and again.
 *
 *   makej N DURATION_MS DEVICE BURN_US READ_KB SEED
 *
 * Reads are at offsets drawn from SEED within the first 64 MiB of the
 * device. Prints: jobs, loops_per_s (ms of work done per second, all
 * jobs) and mb_per_s (read, all jobs).
 */
#include "bench.h"

#define SPAN	(64LL << 20)

int main(int argc, char **argv)
{
	long long dur, burn, kb, loops = 0, bytes = 0, v[2];
	int n, i, fds[2];
	const char *dev;
	uint64_t seed;

	if (argc != 7)
		usage("makej N DURATION_MS DEVICE BURN_US READ_KB SEED");
	n = atoi(argv[1]);
	dur = atoll(argv[2]) * NSEC_PER_MSEC;
	dev = argv[3];
	burn = atoll(argv[4]);
	kb = atoll(argv[5]);
	seed = strtoull(argv[6], NULL, 0) ?: 1;
	if (n <= 0 || dur <= 0 || burn < 0 || kb <= 0 || kb * 1024 > SPAN)
		usage("makej: bad arguments");
	loops_per_ms();
	if (pipe(fds))
		die("pipe");

	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (!pid) {
			long long end = now_ns() + dur, r[2] = { 0, 0 };
			uint64_t s = seed + i;
			void *buf;
			int fd = open(dev, O_RDONLY | O_DIRECT);

			if (fd < 0 || posix_memalign(&buf, 4096, kb * 1024))
				die(dev);
			while (now_ns() < end) {
				off_t off = rnd_range(&s, 0, SPAN / (kb * 1024) - 1) * kb * 1024;

				work_us(burn);
				r[0] += burn;
				if (pread(fd, buf, kb * 1024, off) != kb * 1024)
					die("pread");
				r[1] += kb * 1024;
			}
			if (write(fds[1], r, sizeof(r)) != sizeof(r))
				_exit(1);
			_exit(0);
		}
	}
	close(fds[1]);
	for (i = 0; i < n; i++) {
		if (read(fds[0], v, sizeof(v)) != sizeof(v))
			die("read");
		loops += v[0];
		bytes += v[1];
	}
	while (wait(NULL) > 0)
		;
	printf("jobs=%d loops_per_s=%.1f mb_per_s=%.2f\n", n,
	       loops / 1000.0 * NSEC_PER_SEC / dur,
	       bytes / 1048576.0 * NSEC_PER_SEC / dur);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * reader: a pure disk reader, like dd or cp: sequential O_DIRECT reads of
 * BLOCK_KB from the device for DURATION_MS, wrapping at its first 64 MiB.
 * Almost all of its time is uninterruptible sleep.
 *
 *   reader DURATION_MS DEVICE BLOCK_KB
 *
 * Prints: mb_per_s, and lat_p99_us, the 99th percentile of the time
 * each read took.
 */
#include "bench.h"

#define SPAN	(64LL << 20)

int main(int argc, char **argv)
{
	long long dur, kb, end, off = 0, bytes = 0, t0, *lat;
	int fd, n = 0, max;
	void *buf;

	if (argc != 4)
		usage("reader DURATION_MS DEVICE BLOCK_KB");
	dur = atoll(argv[1]) * NSEC_PER_MSEC;
	kb = atoll(argv[3]);
	if (dur <= 0 || kb <= 0 || kb * 1024 > SPAN)
		usage("reader: bad arguments");
	fd = open(argv[2], O_RDONLY | O_DIRECT);
	if (fd < 0 || posix_memalign(&buf, 4096, kb * 1024))
		die(argv[2]);
	max = dur / (20 * NSEC_PER_USEC) + 1;
	lat = calloc(max, sizeof(*lat));
	if (!lat)
		die("calloc");

	end = now_ns() + dur;
	while ((t0 = now_ns()) < end) {
		if (pread(fd, buf, kb * 1024, off) != kb * 1024)
			die("pread");
		if (n < max)
			lat[n++] = now_ns() - t0;
		bytes += kb * 1024;
		off = (off + kb * 1024) % SPAN;
	}
	printf("mb_per_s=%.2f read_p99_us=%.1f\n",
	       bytes / 1048576.0 * NSEC_PER_SEC / dur,
	       percentile(lat, n, 99) / 1000.0);
	return 0;
}

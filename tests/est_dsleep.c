// SPDX-License-Identifier: GPL-2.0
/*
 * Uninterruptible sleep, driven by real block I/O: 4 KiB O_DIRECT reads
 * from a null_blk device that completes each request after 5 ms (timer
 * completion, irqmode=2), with 1 ms of CPU between reads. A3 and O12.2
 * credit D sleep like any other: the task climbs to the maximum. O13
 * credits none of it: the task stays at sleep_avg 0. O13.1 credits it
 * while the task is below just-interactive (816 ms at nice 0) and none
 * once it is at or above, so it saws between about 816 and 836 ms and
 * never reaches the maximum or earns credit (reference 4.3b and example
 * C; not a clip, B2).
 */
#include "ia.h"

#define DEV "/dev/nullb0"

int main(void)
{
	long long sa, lo = -1, hi = 0;
	void *buf;
	int fd, i, m;

	tap_plan(2);
	estimator_setup();
	m = milestone_idx();
	fd = open(DEV, O_RDONLY | O_DIRECT);
	/* The harness always boots with null_blk: without it, fail. */
	if (fd < 0 || posix_memalign(&buf, 4096, 4096))
		tap_bail("no " DEV " (boot with null_blk.irqmode=2 null_blk.completion_nsec=5000000)");
	for (i = 0; i < 400; i++) {
		if (pread(fd, buf, 4096, 0) != 4096)
			tap_bail("O_DIRECT read from " DEV " failed");
		if (i >= 300) {
			sa = my_field("interactive.sleep_avg");
			if (lo < 0 || sa < lo)
				lo = sa;
			if (sa > hi)
				hi = sa;
		}
		burn_ns(MS);
	}
	tap_info("after 300 reads: sleep_avg %lld .. %lld ms, credit %lld, activated %lld",
		 lo / MS, hi / MS, my_field("interactive.credit"),
		 my_field("interactive.activated"));
	if (m < M_O13) {
		tap_ok(hi == max_sleep_avg(), "D sleep is credited: the reader reaches the maximum");
		tap_ok(m < M_O12_2 || my_field("interactive.credit") > 0,
		       "and earns credit there (from O12.2)");
	} else if (m < M_O13_1) {
		tap_ok(hi < 20 * MS, "O13: D sleep earns nothing: sleep_avg stays near 0");
		tap_ok(my_field("interactive.bonus") == -5, "the reader keeps bonus -5");
	} else {
		/*
		 * Each D wake from just below 816 ms adds about 4 x 5 ms; the
		 * CPU it burns between reads can take it some way below.
		 */
		tap_ok(lo >= 750 * MS && hi <= 850 * MS,
		       "O13.1: D sleep earns up to just-interactive, little more (750..850 ms)");
		tap_ok(my_field("interactive.credit") <= 0 &&
		       my_field("interactive.activated") == -1,
		       "the maximum is never reached: no credit; activated stuck at -1");
	}
	close(fd);
	ia_set(0);
	return tap_exit();
}

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
 *
 * How far past 816 ms one wake-up can take it depends on how long that
 * read slept, and under TCG a 5 ms completion can come late (a peak of
 * 863 ms in one make check needs a read of about 12 ms): each read is
 * timed, and the bound is made from the longest.
 */
#include "ia.h"

#define DEV "/dev/nullb0"

int main(void)
{
	long long sa, lo = -1, hi = 0, t0, took, longest = 0;
	char credit[32] = "";
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
		t0 = now_ns();
		if (pread(fd, buf, 4096, 0) != 4096)
			tap_bail("O_DIRECT read from " DEV " failed");
		took = now_ns() - t0;
		if (i >= 200 && took > longest)
			longest = took;
		if (i >= 300) {
			sa = my_field("interactive.sleep_avg");
			if (lo < 0 || sa < lo)
				lo = sa;
			if (sa > hi)
				hi = sa;
		}
		burn_ns(MS);
	}
	if (have_credit())
		snprintf(credit, sizeof(credit), ", credit %lld",
			 my_field("interactive.credit"));
	tap_info("after 300 reads: sleep_avg %lld .. %lld ms%s, activated %lld; longest read %lld us",
		 lo / MS, hi / MS, credit, my_field("interactive.activated"),
		 longest / 1000);
	if (m < M_O13) {
		tap_ok(hi == max_sleep_avg(), "D sleep is credited: the reader reaches the maximum");
		if (m < M_O12_2)
			tap_skip("no interactive credit before O12.2");
		else
			tap_ok(my_field("interactive.credit") > 0,
			       "and earns credit there (from O12.2)");
	} else if (m < M_O13_1) {
		tap_ok(hi < 20 * MS, "O13: D sleep earns nothing: sleep_avg stays near 0");
		tap_ok(my_field("interactive.bonus") == -5, "the reader keeps bonus -5");
	} else {
		/*
		 * Only a wake-up from below JIS earns, and it earns its sleep
		 * times (IA_MAX_BONUS + 1 - level). Between 714 and 816 ms the
		 * level is 7, so one wake-up adds at most 4 x the read it
		 * slept in: the peak is below JIS + 4 x the longest read. A
		 * peak from before read 200 has been charged 100 ms of CPU by
		 * read 300, more than any 5 ms read adds. The CPU burnt
		 * between reads takes the task some way below JIS, not to 750.
		 */
		long long bound = 816 * MS + 4 * longest;

		tap_ok(lo >= 750 * MS && hi < bound,
		       "O13.1: D sleep earns up to just-interactive, little more (%lld..%lld ms; 750..%lld ms)",
		       lo / MS, hi / MS, bound / MS);
		tap_ok(my_field("interactive.credit") <= 0 &&
		       my_field("interactive.activated") == -1,
		       "the maximum is never reached: no credit; activated stuck at -1");
	}
	close(fd);
	ia_set(0);
	return tap_exit();
}

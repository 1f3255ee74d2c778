// SPDX-License-Identifier: GPL-2.0
/*
 * Fork. A new task earns nothing on its first wake-up: it starts with
 * what the fork gave it. In A3 that is 95 % of its parent's sleep_avg,
 * the parent keeping 100 %. From O12.2 on the values are quantised to
 * bonus bands (AVG_TIMESLICE = 102 ms wide): the parent drops to the floor
 * of its band and the child to the floor of the band below (reference
 * 4.8; CHILD_PENALTY 90 and 95 give the same bands, so the bands are
 * pinned, not the constant). From O12.2 the child starts with no credit.
 */
#include "ia.h"

int main(void)
{
	long long before, after, child = -1, ccredit = -1;
	int fds[2], i, m;
	pid_t pid;

	tap_plan(3);
	estimator_setup();
	m = milestone_idx();

	/* Build up some sleep_avg: 0.5 s of short sleeps, then a little CPU. */
	for (i = 0; i < 100; i++) {
		sleep_ms(5);
		burn_ns(1 * MS);
	}
	burn_ns(150 * MS);
	sched_yield();
	if (pipe(fds))
		tap_bail("pipe");

	before = my_field("interactive.sleep_avg");
	pid = fork();
	if (pid == 0) {
		long long v[2] = { my_field("interactive.sleep_avg"),
				   my_field("interactive.credit") };

		if (write(fds[1], v, sizeof(v)) != sizeof(v))
			_exit(1);
		_exit(0);
	}
	after = my_field("interactive.sleep_avg");
	{
		long long v[2];

		if (read(fds[0], v, sizeof(v)) == sizeof(v)) {
			child = v[0];
			ccredit = v[1];
		}
	}
	waitpid(pid, NULL, 0);
	tap_info("parent %lld ns before the fork, %lld after; child starts with %lld, credit %lld",
		 before, after, child, ccredit);

	/*
	 * The parent is also charged, when the child runs first, for what it
	 * ran since it was last charged: allow it 50 ms of that.
	 */
	if (m < M_O12_2) {
		tap_ok(after <= before && after >= before - 50 * MS,
		       "A3: the parent keeps its sleep_avg (less the fork's own run time)");
		tap_ok(child == before / 100 * 95,
		       "A3: the child starts with 95 %% of it and earns nothing on its first wake-up");
		tap_skip("no interactive credit before O12.2");
	} else {
		long long band = 102 * MS, b = before / MS * 10 / 1020;

		tap_ok(before > b * band && after <= b * band && after >= b * band - 50 * MS,
		       "the parent drops to the floor of its band %lld (%lld ms)", b, b * 102);
		tap_ok(child == (b ? (b - 1) * band : 0),
		       "the child starts one band lower and earns nothing on its first wake-up");
		tap_ok(ccredit == 0, "the child starts with no credit");
	}
	ia_set(0);
	return tap_exit();
}

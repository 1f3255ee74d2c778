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
	long long before, after, child = -1, ccredit = -1, ccpu = -1;
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
		long long v[3] = { my_field("interactive.sleep_avg"),
				   have_credit() ? my_field("interactive.credit") : 0,
				   0 };

		v[2] = thread_cpu_ns();

		if (write(fds[1], v, sizeof(v)) != sizeof(v))
			_exit(1);
		_exit(0);
	}
	after = my_field("interactive.sleep_avg");
	{
		long long v[3];

		if (read(fds[0], v, sizeof(v)) == sizeof(v)) {
			child = v[0];
			ccredit = v[1];
			ccpu = v[2];
		}
	}
	waitpid(pid, NULL, 0);
	tap_info("parent %lld ns before the fork, %lld after; child reads %lld, after %lld ns of CPU",
		 before, after, child, ccpu);
	if (have_credit())
		tap_info("the child read its credit: %lld", ccredit);

	/*
	 * Either task is charged whenever it is switched out or requeued, so
	 * neither value at the fork is read directly. What the parent held,
	 * X, lies between its two reads, after <= X <= before, as nothing
	 * credits a running task; the parent is also charged after the fork
	 * for what it ran since it was last charged (the child runs first):
	 * allow 50 ms of that. What the child read, C, is what the fork gave
	 * it less at most the CPU time it had used when it read (ccpu).
	 */
	if (m < M_O12_2) {
		/* A3: the fork gives X / 100 * 95, with after <= X <= before. */
		long long lo = after / 100 * 95 - ccpu, hi = before / 100 * 95;

		tap_ok(after <= before && after >= before - 50 * MS,
		       "A3: the parent keeps its sleep_avg (less the fork's own run time)");
		tap_ok(ccpu >= 0 && child >= lo && child <= hi,
		       "A3: the child starts with 95 %% of it (%lld us, want %lld..%lld) and earns nothing on its first wake-up",
		       child / 1000, lo / 1000, hi / 1000);
		tap_skip("no interactive credit before O12.2");
	} else {
		/*
		 * The fork drops the parent to the floor of its band, b * 102 ms,
		 * and later charges take it at most 50 ms lower: so b is after
		 * rounded up to a whole band, and b * 102 ms <= X <= before. The
		 * child gets the floor of the band below, (b - 1) * 102 ms.
		 */
		long long band = 102 * MS, b = (after + band - 1) / band;
		long long want = b ? (b - 1) * band : 0;

		tap_ok(b >= 1 && b * band <= before && after >= b * band - 50 * MS,
		       "the parent drops to the floor of its band %lld (%lld ms)", b, b * 102);
		tap_ok(ccpu >= 0 && child <= want && child >= want - ccpu,
		       "the child starts one band lower (%lld us, want %lld ms less at most %lld us run) and earns nothing on its first wake-up",
		       child / 1000, want / MS, ccpu / 1000);
		tap_ok(ccredit == 0, "the child starts with no credit");
	}
	ia_set(0);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Round-robin within a priority. A3 requeues a running task behind its
 * equals every 25 ms of its slice: at 25, 50, 75 and 100 ms of a 102 ms
 * slice, then it expires, so two equal hogs switch 5 times per slice
 * each. From O12.2 only user tasks with more than MIN_TIMESLICE (10 ms)
 * left are requeued, so the 100 ms requeue goes and it is 4 times.
 */
#include "ia.h"

static long long nr_invol(pid_t pid)
{
	return sched_field(pid, "nr_involuntary_switches");
}

int main(void)
{
	long long s0, s1, r0, r1;
	double per_slice;
	int cpu = 1 % nr_cpus(), m;
	pid_t h[2];

	tap_plan(1);
	estimator_setup();
	m = milestone_idx();
	h[0] = spawn_hog(cpu, 0, SCHED_OTHER);
	h[1] = spawn_hog(cpu, 0, SCHED_OTHER);
	if (nr_cpus() > 1)
		pin_to(0, 0);
	sleep_ms(500);
	s0 = nr_invol(h[0]);
	r0 = runtime_ns(h[0]);
	sleep_ms(4000);
	s1 = nr_invol(h[0]);
	r1 = runtime_ns(h[0]);
	kill_all(h, 2);
	per_slice = (double)(s1 - s0) / ((double)(r1 - r0) / (102.0 * MS));
	tap_info("%lld switches in %lld ms of CPU: %.2f per 102 ms slice",
		 s1 - s0, (r1 - r0) / MS, per_slice);
	if (m < M_O12_2)
		tap_ok(per_slice > 4.5 && per_slice < 5.5,
		       "A3: 4 requeues and an expiry per slice (%.2f)", per_slice);
	else
		tap_ok(per_slice > 3.5 && per_slice < 4.5,
		       "no requeue with 10 ms or less left: 3 requeues and an expiry (%.2f)",
		       per_slice);
	ia_set(0);
	return tap_exit();
}

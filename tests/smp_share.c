// SPDX-License-Identifier: GPL-2.0
/*
 * Four CPU hogs allowed on two CPUs get about half a CPU each, and both
 * CPUs are used: balancing spreads them two and two.
 */
#include "ia.h"

int main(void)
{
	pid_t pids[4];
	long long r0[4], r1[4], t0, t1, total = 0, min = -1, max = 0;
	cpu_set_t two;
	int i;

	tap_plan(3);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (nr_cpus() < 2) {
		tap_skip("needs two CPUs");
		tap_skip("needs two CPUs");
		tap_skip("needs two CPUs");
		return tap_exit();
	}
	ia_set(1);
	CPU_ZERO(&two);
	CPU_SET(0, &two);
	CPU_SET(1, &two);
	sched_setaffinity(0, sizeof(two), &two);
	for (i = 0; i < 4; i++)
		pids[i] = spawn_hog(-1, 0, SCHED_OTHER);
	sleep_ms(1000);
	t0 = now_ns();
	for (i = 0; i < 4; i++)
		r0[i] = runtime_ns(pids[i]);
	sleep_ms(4000);
	t1 = now_ns();
	for (i = 0; i < 4; i++) {
		long long d;

		r1[i] = runtime_ns(pids[i]);
		d = r1[i] - r0[i];
		total += d;
		if (min < 0 || d < min)
			min = d;
		if (d > max)
			max = d;
		tap_info("hog %d: %lld ms of %lld ms", i, d / 1000000,
			 (t1 - t0) / 1000000);
	}
	kill_all(pids, 4);
	ia_set(0);
	tap_ok(total > 13 * (t1 - t0) / 10,
	       "the hogs used both CPUs (%.2f CPUs)", (double)total / (t1 - t0));
	tap_ok(min * 4 > total * 7 / 10 && max * 4 < total * 13 / 10,
	       "each hog got a quarter of the hogs' time +- 30%% (min %lld, max %lld ms)",
	       min / 1000000, max / 1000000);
	tap_ok(min > (t1 - t0) * 3 / 10,
	       "each hog got at least 0.3 CPU (min %.2f)", (double)min / (t1 - t0));
	return tap_exit();
}

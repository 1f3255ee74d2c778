// SPDX-License-Identifier: GPL-2.0
/*
 * Two CPU hogs at nice 0 and nice 10 pinned to one CPU share it in the
 * ratio of their timeslices, 102 ms : 53 ms, within 15 %. EEVDF, for
 * comparison, shares it by weight, 1024 : 110.
 */
#include "ia.h"

static double share_ratio(int on)
{
	pid_t pids[2];
	long long a0, b0, a1, b1;

	ia_set(on);
	pids[0] = spawn_hog(0, 0, SCHED_OTHER);
	pids[1] = spawn_hog(0, 10, SCHED_OTHER);
	sleep_ms(500);
	a0 = runtime_ns(pids[0]);
	b0 = runtime_ns(pids[1]);
	sleep_ms(4000);
	a1 = runtime_ns(pids[0]);
	b1 = runtime_ns(pids[1]);
	kill_all(pids, 2);
	tap_info("%s: nice 0 ran %lld ms, nice 10 ran %lld ms",
		 on ? "interactive" : "eevdf", (a1 - a0) / 1000000,
		 (b1 - b0) / 1000000);
	if (b1 - b0 <= 0)
		return 1e9;
	return (double)(a1 - a0) / (double)(b1 - b0);
}

int main(void)
{
	double want = 102.0 / 53.0, r;

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	pin_to(0, 1 % nr_cpus());

	r = share_ratio(1);
	tap_ok(r > want * 0.85 && r < want * 1.15,
	       "interactive: nice 0 : nice 10 = %.2f (want %.2f +- 15%%)", r, want);
	r = share_ratio(0);
	tap_ok(r > 4.0, "eevdf: nice 0 : nice 10 = %.2f (weights give 9.3)", r);
	return tap_exit();
}

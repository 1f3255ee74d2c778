// SPDX-License-Identifier: GPL-2.0
/*
 * Core scheduling with tasks of the class: two SMT siblings never run
 * tasks of two different cookies at once, and neither task starves.
 *
 * Two hogs of the class at nice 0 are pinned to CPU 0 and to its SMT
 * sibling. Without cookies they run at once: together they get at
 * least 150 % of the wall time (200 but for what the host takes from the
 * two vCPUs). Each with a cookie of its own, the core
 * runs one of them at a time (at most 110 %: a switch takes a moment
 * on both siblings), and which one follows the class's own pick order
 * (core.c's prio_less(), interactive_prio_less()): the running hog
 * ranks below the waiting one once its slice expires, so they take
 * turns of a slice, and each gets at least a quarter of the wall time.
 * Ranked as EEVDF tasks, on the vruntime they left EEVDF with, one of
 * them would win every pick and the other would not run at all.
 *
 * Then the second hog goes to nice 5. On one CPU the two would share
 * each epoch as their slices, 100 and 75 ms: the nice-5 one would get
 * 3/7 of the time. On two siblings each CPU begins a new epoch of its
 * own as soon as its one task expires, so by rank alone the nice-0 hog
 * would win every pick; a task that expired since the other last ran
 * must yield to it, and the nice-5 hog must get at least a fifth.
 *
 * It needs SMT siblings (qemu -smp 4,threads=2, as make check boots for
 * its -smp 4 run) and skips without them.
 */
#include <sys/prctl.h>

#include "ia.h"

#define WALL_MS		2000

#ifndef PR_SCHED_CORE
#define PR_SCHED_CORE		62
#define PR_SCHED_CORE_CREATE	1
#endif
#define PIDTYPE_PID		0

/* An SMT sibling of CPU 0, or -1. */
static int sibling_of_cpu0(void)
{
	const char *path = "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list";
	unsigned long mask = cpulist_mask(path) & ~1UL;

	return mask ? __builtin_ctzl(mask) : -1;
}

/* CPU time the two hogs get together in WALL_MS, in % of WALL_MS. */
static double run_both(const pid_t *hogs, long long *each)
{
	long long r0[2], r1[2];
	int i;

	for (i = 0; i < 2; i++)
		r0[i] = runtime_ns(hogs[i]);
	sleep_ms(WALL_MS);
	for (i = 0; i < 2; i++) {
		r1[i] = runtime_ns(hogs[i]);
		each[i] = r1[i] - r0[i];
	}
	return 100.0 * (each[0] + each[1]) / (WALL_MS * MS);
}

int main(void)
{
	long long apart[2], core[2], nice5[2];
	double both, shared;
	int sib, i, cookies = 1;
	pid_t hogs[2];

	tap_plan(4);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	sib = sibling_of_cpu0();
	if (sib < 0) {
		for (i = 0; i < 4; i++)
			tap_skip("CPU 0 has no SMT sibling");
		return tap_exit();
	}
	/* Out of the pair's way, where there is room. */
	if (nr_cpus() > 2)
		pin_to(0, sib == nr_cpus() - 1 ? nr_cpus() - 2 : nr_cpus() - 1);
	ia_set(1);
	hogs[0] = spawn_hog(0, 0, SCHED_OTHER);
	hogs[1] = spawn_hog(sib, 0, SCHED_OTHER);
	sleep_ms(100);
	both = run_both(hogs, apart);
	for (i = 0; i < 2; i++)
		if (prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, hogs[i], PIDTYPE_PID, 0))
			cookies = 0;
	if (!cookies)
		tap_info("prctl(PR_SCHED_CORE_CREATE): %s", strerror(errno));
	sleep_ms(100);
	shared = run_both(hogs, core);
	if (setpriority(PRIO_PROCESS, hogs[1], 5))
		tap_bail("cannot renice a hog");
	sleep_ms(100);
	run_both(hogs, nice5);
	kill_all(hogs, 2);
	ia_set(0);

	tap_ok(both >= 150,
	       "CPU 0 and its sibling %d, no cookies: two hogs run at once (%.0f %% of the wall time, at least 150)",
	       sib, both);
	tap_ok(cookies && shared <= 110,
	       "a cookie each: they never run at once (%.0f %%, at most 110)", shared);
	tap_ok(cookies && core[0] >= WALL_MS * MS / 4 && core[1] >= WALL_MS * MS / 4,
	       "and take turns: %lld and %lld ms of %d (each at least a quarter)",
	       core[0] / MS, core[1] / MS, WALL_MS);
	tap_ok(cookies && nice5[1] >= WALL_MS * MS / 5,
	       "the second at nice 5 still gets its turns: %lld and %lld ms of %d (at least a fifth)",
	       nice5[0] / MS, nice5[1] / MS, WALL_MS);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A task that wakes while its previous CPU is busy goes to an idle CPU
 * that shares that CPU's last-level cache before an idle CPU elsewhere:
 * what it had in the cache is still there. 2003 woke a task on its
 * previous CPU and left the rest to the idle CPUs' pull; a placement
 * that takes the first idle CPU it finds sends it to CPU 0.
 *
 * The test needs two caches: make check boots it at
 * -smp 6,sockets=3,threads=2 (caches 0-1, 2-3, 4-5, on a NUMA kernel
 * whose last node is 2-5: its cache must win over its node too) with
 * ia.need=llc, where a single cache is a failure, not a skip. The test task's previous CPU is the last CPU,
 * whose cache CPU 0 does not share; a hog pinned there keeps it busy.
 * The task runs there, may then use every CPU, sleeps 10 ms on a timer
 * (not a sync wake-up, which has its own rule: tests/sync_wake) and
 * notes where it wakes.
 */
#include "ia.h"

#define TRIES	10
#define NEED	8

int main(void)
{
	int i, cpu, last = nr_cpus() - 1, near = 0, far = 0, home = 0;
	unsigned long mask;
	pid_t hog;

	tap_plan(1);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	mask = llc_mask(last);
	if (!mask || (mask & 1) || mask == 1UL << last) {
		if (needed("llc"))
			tap_bail("ia.need=llc, but CPU 0 and the last CPU share a cache, or the last shares its own with no other CPU");
		tap_skip("needs two caches of two CPUs or more");
		return tap_exit();
	}
	tap_info("the last CPU (%d) shares its cache with CPUs %#lx", last, mask);
	ia_set(1);
	hog = spawn_hog(last, 0, SCHED_OTHER);

	for (i = 0; i < TRIES; i++) {
		cpu = wake_from(last);
		if (cpu == last)
			home++;
		else if (mask & (1UL << cpu))
			near++;
		else
			far++;
	}
	kill_all(&hog, 1);
	tap_ok(near >= NEED,
	       "a wake-up beside a busy CPU goes to an idle CPU of its cache (%d of %d; %d elsewhere, %d on the busy CPU)",
	       near, TRIES, far, home);
	ia_set(0);
	return tap_exit();
}

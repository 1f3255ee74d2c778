// SPDX-License-Identifier: GPL-2.0
/*
 * A task that wakes while its previous CPU and the rest of that CPU's
 * last-level cache are busy goes to an idle CPU of its NUMA node before
 * an idle CPU of another node: its memory is on its node, and the next
 * cache out is likelier there. A placement that takes the first idle CPU
 * it finds sends it to CPU 0, on the other node.
 *
 * The test needs two nodes, one of them with two caches: make check
 * boots it with a NUMA kernel at -smp 6,sockets=3,threads=2 (caches
 * 0-1, 2-3, 4-5) and nodes 0-1 and 2-5, with ia.need=numa, where another
 * layout is a failure, not a skip. The test task's previous CPU is the
 * last CPU; hogs pinned to each CPU of its cache keep them busy. The
 * task runs there, may then use every CPU, sleeps 10 ms on a timer and
 * notes where it wakes.
 */
#include "ia.h"

#define TRIES	10
#define NEED	8

/* The CPUs of @cpu's NUMA node, as a bit mask, or 0 without NUMA. */
static unsigned long node_mask(int cpu)
{
	unsigned long mask;
	char path[64];
	int node;

	for (node = 0; node < 64; node++) {
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/cpulist",
			 node);
		if (access(path, R_OK))
			return 0;
		mask = cpulist_mask(path);
		if (mask & (1UL << cpu))
			return mask;
	}
	return 0;
}

int main(void)
{
	int i, cpu, last = nr_cpus() - 1, node = 0, far = 0, cache = 0, nhog = 0;
	unsigned long llc, mine;
	pid_t hogs[64];

	tap_plan(1);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	llc = llc_mask(last);
	mine = node_mask(last);
	/* The last CPU's node must reach past its cache, and not to CPU 0. */
	if (!llc || !mine || (mine & 1) || !(mine & ~llc)) {
		tap_info("the last CPU's cache: CPUs %#lx; its node: CPUs %#lx", llc, mine);
		if (needed("numa"))
			tap_bail("ia.need=numa, but the last CPU's node has CPU 0 or no CPU outside its cache");
		tap_skip("needs two NUMA nodes, one with two caches");
		return tap_exit();
	}
	tap_info("the last CPU (%d) shares its cache with CPUs %#lx and its node with CPUs %#lx",
		 last, llc, mine);
	ia_set(1);
	for (i = 0; i <= last; i++)
		if (llc & (1UL << i))
			hogs[nhog++] = spawn_hog(i, 0, SCHED_OTHER);

	for (i = 0; i < TRIES; i++) {
		cpu = wake_from(last);
		if (llc & (1UL << cpu))
			cache++;
		else if (mine & (1UL << cpu))
			node++;
		else
			far++;
	}
	kill_all(hogs, nhog);
	tap_ok(node >= NEED,
	       "a wake-up beside a busy cache goes to an idle CPU of its node (%d of %d; %d on another node, %d on the busy cache)",
	       node, TRIES, far, cache);
	ia_set(0);
	return tap_exit();
}

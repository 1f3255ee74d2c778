// SPDX-License-Identifier: GPL-2.0
/*
 * With no idle CPU, a waking task goes to the CPU where it runs at once:
 * one whose best task of the class is less important than it, which it
 * preempts. The last CPU, B, runs two CPU hogs at nice 10 (dynamic
 * priority 135); every other CPU runs one hog at nice -15 (110). A task
 * at nice 0 that sleeps most of the time (115 at best) runs on CPU 0,
 * may then use every CPU, and wakes from a 20 ms timer sleep again and
 * again. It is worse than the nice -15 hogs and better than the nice 10
 * ones: it should wake on B every time, and run there within a fraction
 * of a slice. A placement by the number of runnable tasks keeps it on
 * CPU 0 (one task there, two on B), where it waits for the nice -15
 * hog's slice, 175 ms, at each wake-up.
 */
#include "ia.h"

#define WAKES		20
/* All but two: the balancer may move the task while it waits to run. */
#define WANT		(WAKES - 2)
#define SLEEP_MS	20
#define MAX_CPUS	16
/* A tenth of the nice -15 hog's 175 ms slice: */
#define LATE_MAX_NS	(175 * MS / 10)

int main(void)
{
	int i, n = nr_cpus(), b = n - 1, on_b = 0, nhogs = 0, where[WAKES];
	long long late[WAKES], due;
	pid_t hogs[MAX_CPUS + 1];

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (n < 2 || n > MAX_CPUS) {
		tap_skip("needs 2 to %d CPUs", MAX_CPUS);
		tap_skip("needs 2 to %d CPUs", MAX_CPUS);
		return tap_exit();
	}
	ia_set(1);
	if (make_fresh())
		tap_bail("cannot reset the estimate (the class off and on)");
	/* Forked with no sleep_avg, each hog is at the bottom bonus. */
	hogs[nhogs++] = spawn_hog(b, 10, SCHED_OTHER);
	hogs[nhogs++] = spawn_hog(b, 10, SCHED_OTHER);
	for (i = 0; i < b; i++)
		hogs[nhogs++] = spawn_hog(i, -15, SCHED_OTHER);

	if (pin_to(0, 0) || allow_all_cpus(0))
		tap_bail("cannot pin to CPU 0, then allow every CPU");
	/* Sleep up to the top bonus. */
	for (i = 0; i < 10; i++)
		sleep_ms(50);
	tap_info("the sleeper: prio %lld, bonus %lld",
		 my_field("interactive.prio"), my_field("interactive.bonus"));

	for (i = 0; i < WAKES; i++) {
		due = now_ns() + SLEEP_MS * MS;
		sleep_until_ns(due);
		late[i] = now_ns() - due;
		where[i] = sched_getcpu();
		on_b += where[i] == b;
	}
	kill_all(hogs, nhogs);
	ia_set(0);

	for (i = 0; i < WAKES; i++)
		tap_info("wake-up %d: CPU %d, %lld us late", i, where[i],
			 late[i] / 1000);
	tap_ok(on_b >= WANT,
	       "a task woken beside busy CPUs goes to the one with only less important tasks (CPU %d): %d of %d wake-ups (want >= %d)",
	       b, on_b, WAKES, WANT);
	qsort(late, WAKES, sizeof(late[0]), cmp_ll);
	tap_ok(late[WAKES / 2] <= LATE_MAX_NS,
	       "and runs there at once: median %lld us late (want <= %lld us, a tenth of the better hogs' slice)",
	       late[WAKES / 2] / 1000, LATE_MAX_NS / 1000);
	return tap_exit();
}

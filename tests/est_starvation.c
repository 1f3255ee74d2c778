// SPDX-License-Identifier: GPL-2.0
/*
 * An expired task is not starved for ever by interactive ones that keep
 * going back into the active array: once the expired array has waited
 * STARVATION_LIMIT, expiring tasks go to the expired array too. The
 * limit is 1 s in A3 and, from O12.2 (which reverted A3's form), 1020 ms
 * times the number of runnable tasks. Three tasks that run 15 ms and
 * sleep 5 ms stay interactive while they fill the CPU; a hog beside them
 * must still run within the limit and the drain (see starvation_bound()).
 */
#include "ia.h"

/* procs_running from /proc/stat: tasks running or runnable now. */
static int procs_running(void)
{
	char line[256];
	int n = 0;
	FILE *f = fopen("/proc/stat", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "procs_running %d", &n) == 1)
			break;
	fclose(f);
	return n;
}

#define NBUSY 3
#define SLICE_MS 102LL

/*
 * The longest the hog can wait, in ns, when at most @nr tasks were seen
 * running at once. The limit makes the arrays swap, and the hog runs
 * soon after the swap. From the hog's last turn to the swap there are:
 *
 *   - up to NBUSY slices of CPU until the first expiry sets the
 *     expired array's time stamp;
 *   - the limit (starvation_limit_ns()) for the runqueue's nr_running
 *     when an expiring task looks at it;
 *   - up to NBUSY slices more until an expiry finds the limit passed;
 *   - the drain: each busy task uses what is left of its slice, at 3/4
 *     duty (136 ms of wall time for a 102 ms slice), before it expires.
 *
 * Polling /proc/stat every 20 ms does not see every short-lived kernel
 * thread that the runqueue counts: make check once saw a 7810 ms wait
 * with at most six tasks seen, which takes a limit of seven. Count two
 * more than the most seen. Allow 300 ms more for the sampling.
 */
static long long starvation_bound(int nr)
{
	return starvation_limit_ns(nr + 2) +
	       (2 * NBUSY * SLICE_MS + NBUSY * 136 + 300) * MS;
}

int main(void)
{
	long long start, last, prev, t, gap = 0, bound;
	int cpu = 1 % nr_cpus(), i, max_running = NBUSY + 1, m;
	pid_t busy[NBUSY], hog;

	tap_plan(1);
	estimator_setup();
	m = milestone_idx();
	for (i = 0; i < NBUSY; i++) {
		busy[i] = fork();
		if (busy[i] == 0) {
			pin_to(0, cpu);
			make_fresh();
			for (;;) {
				burn_ns(15 * MS);
				sleep_ms(5);
			}
		}
	}
	sleep_ms(1500);
	hog = spawn_hog(cpu, 0, SCHED_OTHER);
	if (nr_cpus() > 1)
		pin_to(0, 0);

	/*
	 * Watch for a second longer than the bound, so that a hog that
	 * stops running fails; the bound grows with the load seen.
	 */
	prev = runtime_ns(hog);
	start = now_ns();
	last = start;
	bound = starvation_bound(max_running);
	while ((t = now_ns()) < start + bound + 1000 * MS) {
		long long r = runtime_ns(hog);
		int running = procs_running();

		if (running > max_running) {
			max_running = running;
			bound = starvation_bound(max_running);
		}

		if (r != prev) {
			if (t - last > gap)
				gap = t - last;
			last = t;
			prev = r;
		}
		sleep_ms(20);
	}
	if (now_ns() - last > gap)
		gap = now_ns() - last;
	for (i = 0; i < NBUSY; i++)
		tap_info("busy task %d: bonus %lld", i, sched_field(busy[i], "interactive.bonus"));
	kill_all(busy, NBUSY);
	kill_all(&hog, 1);

	tap_info("at most %d tasks running at once", max_running);
	/*
	 * From O12.2 to O13.1 the limit is 1020 ms times the runqueue's
	 * nr_running at each expiry, with no cap. Polling sees only part of
	 * that count (short-lived kernel threads come and go), so there the
	 * bound is an estimate: a longer wait is the 2003 design's unbounded
	 * limit, a TODO, not a failure. KUnit's ia_test_starving pins the
	 * limit itself. A3's flat 1 s and the fixes' five-task cap do not
	 * depend on the count, and there the bound is strict.
	 */
	if (gap <= bound || m < M_O12_2 || m >= M_FIXES)
		tap_ok(gap <= bound,
		       "the hog waited at most the starvation limit and the drain (%lld ms): longest %lld ms",
		       bound / MS, gap / MS);
	else
		tap_todo("the 2003 limit grows with every runnable task, unbounded",
			 "the hog waited at most the starvation limit and the drain (%lld ms): longest %lld ms",
			 bound / MS, gap / MS);
	ia_set(0);
	return tap_exit();
}

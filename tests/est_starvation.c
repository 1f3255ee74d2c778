// SPDX-License-Identifier: GPL-2.0
/*
 * An expired task is not starved for ever by interactive ones that keep
 * going back into the active array: once the expired array has waited
 * STARVATION_LIMIT, expiring tasks go to the expired array too. The
 * limit is 1 s in A3 and, from O12.2 (which reverted A3's form), 1020 ms
 * times the number of runnable tasks. Three tasks that run 15 ms and
 * sleep 5 ms stay interactive while they fill the CPU; a hog beside them
 * must still run within the limit.
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

int main(void)
{
	long long last, prev, t, gap = 0, limit, end;
	int cpu = 1 % nr_cpus(), m, i, max_running = NBUSY + 1;
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

	prev = runtime_ns(hog);
	last = now_ns();
	end = last + 8000 * MS;
	while ((t = now_ns()) < end) {
		long long r = runtime_ns(hog);
		int running = procs_running();

		if (running > max_running)
			max_running = running;

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

	/*
	 * nr_running when the limit is checked is not visible from here; the
	 * most tasks seen running at once system-wide bounds it.
	 */
	tap_info("at most %d tasks running at once", max_running);
	limit = m < M_O12_2 ? 1000 * MS : (1020LL * max_running + 1) * MS;
	/*
	 * The limit is looked at only when a task expires, up to one slice
	 * (102 ms) after it has passed. Then expiring tasks go to the expired
	 * array, but the arrays swap only when the active one is empty: each
	 * busy task first uses up what is left of its slice (up to 102 ms of
	 * CPU, run at 3/4 duty). Allow that, and 300 ms for the sampling.
	 */
	tap_ok(gap <= limit + 102 * MS + NBUSY * 136 * MS + 300 * MS,
	       "the hog waited at most the starvation limit (%lld ms) and the drain: longest %lld ms",
	       limit / MS, gap / MS);
	ia_set(0);
	return tap_exit();
}

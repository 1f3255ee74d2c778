// SPDX-License-Identifier: GPL-2.0
/*
 * The sleep multiplier. O12.2: a task with credit has each sleep
 * multiplied by (11 - current bonus level), so it climbs back faster the
 * lower it has fallen; a task without credit gets the sleep as it is.
 * O13: every task gets the multiplier (a fresh task's 10 ms sleep is
 * worth 110 ms, capped to one 102 ms timeslice as it has no credit).
 * A3 has no multiplier. The runqueue wait after the wake-up, credited on
 * its own, is read from /proc/self/schedstat so that it can be told apart.
 */
#include "ia.h"

int main(void)
{
	long long g, before, after, t0, slept, wait, cpu;
	char credit[32] = "";
	int m, i, level, lo;

	tap_plan(2);
	estimator_setup();
	m = milestone_idx();

	/*
	 * The sleep the kernel counts starts at the switch-out, and a
	 * switch-out after the wake-up charges the run since: together at
	 * most the CPU time used from before the sleep to after the read.
	 */
	wait = run_delay_ns(getpid());
	cpu = thread_cpu_ns();
	t0 = now_ns();
	sleep_ms(10);
	slept = now_ns() - t0;
	g = my_field("interactive.sleep_avg");
	cpu = thread_cpu_ns() - cpu;
	t0 = run_delay_ns(getpid());
	if (wait < 0 || t0 < 0)
		tap_bail("cannot read /proc/self/schedstat");
	wait = t0 - wait;
	tap_info("slept %lld ns, then waited %lld ns on the runqueue (%lld ns of CPU)",
		 slept, wait, cpu);
	/* A3 also credits any wait on the runqueue after the wake-up. */
	if (m < M_O12_2)
		tap_ok(g >= 10 * MS - cpu && g <= slept + MS,
		       "A3: a fresh task's 10 ms sleep earns 10 ms, and its wait (%lld ns)", g);
	else if (m < M_O13)
		tap_ok(g >= 10 * MS - cpu && g < 12 * MS,
		       "a fresh task's 10 ms sleep earns 10 ms (%lld ns)", g);
	/*
	 * From O13 the wait on the runqueue after the wake-up is credited
	 * too, when the task is picked, multiplied by 11 - level: at most
	 * x10, as the sleep alone takes it to level 1.
	 */
	else
		tap_ok(g >= 100 * MS - cpu && g <= 102 * MS + 10 * wait + MS / 2,
		       "a fresh task's 10 ms sleep earns 11 x 10 ms, capped at 102 ms, and x10 its wait (%lld ns)",
		       g);

	/* With credit, from the middle of the range. */
	make_fresh();
	for (i = 0; i < 400; i++) {
		sleep_ms(5);
		burn_ns(MS);
	}
	burn_ns(500 * MS);
	sched_yield();
	cpu = thread_cpu_ns();
	before = my_field("interactive.sleep_avg");
	level = before / MS * 10 / (max_sleep_avg() / MS);
	t0 = now_ns();
	sleep_ms(10);
	slept = now_ns() - t0;
	after = my_field("interactive.sleep_avg");
	cpu = thread_cpu_ns() - cpu;
	/*
	 * The run since the yield, the read of the field included, is
	 * charged when the task goes to sleep: at most cpu, the CPU time
	 * used from the yield to after the second read. That charge can
	 * take sleep_avg below a level boundary before the wake-up computes
	 * the multiplier, so the level the kernel used is 'level' or 'lo'.
	 * The sleep it counts runs from the switch-out to the timer: at
	 * least 10 ms less the run between the two, so at least 10 ms - cpu.
	 * It is at most what the clock saw, 'slept', which also holds the
	 * time from the wake-up to the read (make check once saw 11.5 ms).
	 */
	lo = (before - cpu) / MS * 10 / (max_sleep_avg() / MS);
	if (have_credit())
		snprintf(credit, sizeof(credit), "credit %lld, ",
			 my_field("interactive.credit"));
	tap_info("%ssleep_avg %lld ns (level %d), slept %lld ns, %lld ns of CPU, now %lld ns",
		 credit, before, level, slept, cpu, after);
	/* A3 has no credit: a multiplied sleep would still show. */
	if (m < M_O12_2)
		tap_ok(after - before >= 10 * MS - 2 * cpu &&
		       after - before <= slept + MS,
		       "A3: a 10 ms sleep earns 10 ms at any level (%lld ns)", after - before);
	else
		tap_ok(after - before >= (10 * MS - cpu) * (11 - level) - cpu &&
		       after - before <= (slept + MS) * (11 - lo),
		       "with credit at level %d a 10 ms sleep earns x%d..x%d (%lld ns)",
		       level, 11 - level, 11 - lo, after - before);
	ia_set(0);
	return tap_exit();
}

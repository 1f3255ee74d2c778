// SPDX-License-Identifier: GPL-2.0
/*
 * A user task that sleeps for long is set to "just interactive" from
 * O12.2 on (JUST_INTERACTIVE_SLEEP, 816 ms at nice 0 and 612 ms at
 * nice 10), so that an idle task that turns into a hog cannot starve the
 * others; the setting can lower sleep_avg. In A3 the sleep is credited
 * up to the 1 s maximum. A woken task may also be credited its wait on
 * the runqueue when it is picked, so it may end up a little above JIS. (Kernel threads are not clamped: KUnit
 * pins that case, as a kernel thread's sleeps cannot be driven from here.)
 */
#include "ia.h"

/*
 * sleep_avg is JIS: up to 5 ms above if the runqueue wait is credited too
 * (from O13, or with credit at O12.2), and below by at most @cpu if the
 * task was switched out between its wake-up and the read (the run is
 * charged; see sleep_avg_after_sleep()).
 */
static int at_jis(long long sa, long long jis, long long cpu)
{
	return sa >= jis - cpu && sa <= jis + 5 * MS;
}

/* A3: sleep_avg is the 1 s maximum, less at most @cpu (the same charge). */
static int at_max(long long sa, long long cpu)
{
	return sa <= 1000 * MS && sa >= 1000 * MS - cpu;
}

int main(void)
{
	long long sa, hi, cpu;
	int m, i;

	tap_plan(3);
	estimator_setup();
	m = milestone_idx();

	sa = sleep_avg_after_sleep(0, 1500, &cpu);
	if (m < M_O12_2)
		tap_ok(at_max(sa, cpu),
		       "A3: 1.5 s asleep gives the 1 s maximum (%lld ns, %lld ns of CPU)", sa, cpu);
	else
		tap_ok(at_jis(sa, 816 * MS, cpu),
		       "nice 0: 1.5 s asleep gives just-interactive, 816 ms (%lld ns, %lld ns of CPU)",
		       sa, cpu);

	sa = sleep_avg_after_sleep(10, 1500, &cpu);
	if (m < M_O12_2)
		tap_ok(at_max(sa, cpu),
		       "A3, nice 10: the 1 s maximum (%lld ns, %lld ns of CPU)", sa, cpu);
	else
		tap_ok(at_jis(sa, 612 * MS, cpu),
		       "nice 10: just-interactive is 612 ms (%lld ns, %lld ns of CPU)", sa, cpu);

	/* From the top, a long sleep lowers sleep_avg to just-interactive. */
	setpriority(PRIO_PROCESS, 0, 0);
	make_fresh();
	for (i = 0; i < 300; i++) {
		sleep_ms(5);
		burn_ns(MS);
	}
	sleep_ms(5);
	hi = my_field("interactive.sleep_avg");
	sa = sleep_then_read(1500, &cpu);
	tap_info("at the top %lld ns, after a 1.5 s sleep %lld ns (%lld ns of CPU since)",
		 hi, sa, cpu);
	if (m < M_O12_2)
		tap_ok(at_max(sa, cpu),
		       "A3: a long sleep keeps the maximum, less what ran since");
	else
		/* (the read itself may have been charged off the very top) */
		tap_ok(hi > 1000 * MS && at_jis(sa, 816 * MS, cpu),
		       "a long sleep from the top sets sleep_avg down to 816 ms");
	ia_set(0);
	return tap_exit();
}

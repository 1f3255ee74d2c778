// SPDX-License-Identifier: GPL-2.0
/*
 * From O12.2 on, a task without interactive credit earns at most one
 * timeslice of sleep_avg from one sleep: 102 ms at nice 0, 53 ms at
 * nice 10. (At O12.2 "without credit" is credit <= 0; from O13 it is
 * credit < 0, and a task that wakes with sleep_avg 0 first loses a
 * credit, so a fresh task is capped at every step.) In A3 the whole
 * sleep counts.
 */
#include "ia.h"

/*
 * The value read just after the wake-up may be a little off the exact
 * one: the wait on the runqueue is credited too (from O13), and the run
 * since the wake-up is charged if the task was switched out meanwhile.
 */
static int near(long long v, long long want)
{
	return v >= want - 2 * MS && v <= want + 2 * MS;
}

int main(void)
{
	long long g;
	int m;

	tap_plan(2);
	estimator_setup();
	m = milestone_idx();

	g = sleep_avg_after_sleep(0, 300);
	if (m < M_O12_2)
		tap_ok(g >= 300 * MS && g < 320 * MS, "A3: a 300 ms sleep earns 300 ms (%lld ns)", g);
	else
		tap_ok(near(g, 102 * MS),
		       "nice 0: a 300 ms sleep earns one timeslice, 102 ms (%lld ns)", g);

	g = sleep_avg_after_sleep(10, 300);
	if (m < M_O12_2)
		tap_ok(g >= 300 * MS && g < 320 * MS, "A3, nice 10: 300 ms (%lld ns)", g);
	else
		tap_ok(near(g, 53 * MS), "nice 10: one timeslice, 53 ms (%lld ns)", g);
	ia_set(0);
	return tap_exit();
}

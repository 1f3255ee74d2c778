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
 * A fresh task at @nice sleeps 300 ms; is its sleep_avg one timeslice?
 * The sleep must earn exactly @slice. The wait on the runqueue that
 * follows is a credit of its own (from O13: multiplied by 11, and also
 * capped at a timeslice), so allow 11 times that wait on top; and below,
 * the charge for what the task ran since the wake-up, at most @cpu.
 */
static int one_slice(int nice, long long slice, long long *g, long long *cpu)
{
	long long t0 = now_ns(), wait;

	*g = sleep_avg_after_sleep(nice, 300, cpu);
	wait = now_ns() - t0 - 300 * MS;
	if (wait < 0)
		wait = 0;
	return *g >= slice - *cpu &&
	       *g <= slice + (11 * wait < slice ? 11 * wait : slice) + MS;
}

int main(void)
{
	long long g = 0, cpu = 0;
	int m;

	tap_plan(2);
	estimator_setup();
	m = milestone_idx();

	if (m < M_O12_2) {
		/* All of it, less at most the CPU time used around the sleep. */
		g = sleep_avg_after_sleep(0, 300, &cpu);
		tap_ok(g >= 300 * MS - cpu && g < 320 * MS,
		       "A3: a 300 ms sleep earns 300 ms (%lld ns, %lld ns of CPU)", g, cpu);
		g = sleep_avg_after_sleep(10, 300, &cpu);
		tap_ok(g >= 300 * MS - cpu && g < 320 * MS,
		       "A3, nice 10: 300 ms (%lld ns, %lld ns of CPU)", g, cpu);
	} else {
		int ok = one_slice(0, 102 * MS, &g, &cpu);

		tap_ok(ok, "nice 0: a 300 ms sleep earns one timeslice, 102 ms (%lld ns, %lld ns of CPU)",
		       g, cpu);
		ok = one_slice(10, 53 * MS, &g, &cpu);
		tap_ok(ok, "nice 10: one timeslice, 53 ms (%lld ns, %lld ns of CPU)", g, cpu);
	}
	ia_set(0);
	return tap_exit();
}

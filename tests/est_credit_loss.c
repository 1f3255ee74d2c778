// SPDX-License-Identifier: GPL-2.0
/*
 * Losing credit when sleep_avg runs out. From O13 a task that wakes with
 * sleep_avg 0 loses one credit at that wake-up. At O12.2 the test sat on
 * a path that nanosecond clocks never take, so such wake-ups cost
 * nothing; credit went with expiries instead.
 */
#include "ia.h"

int main(void)
{
	long long c0 = 0, c1 = 0;
	int m, i;

	tap_plan(1);
	estimator_setup();
	m = milestone_idx();

	/*
	 * Each 1 ms sleep earns up to about 10 ms of sleep_avg (the sleep
	 * multiplier at bonus 0), more when QEMU makes the sleep longer: burn
	 * and yield, which charges the run, until sleep_avg is 0 again
	 * before the next sleep.
	 */
	if (have_credit())
		c0 = my_field("interactive.credit");
	for (i = 0; i < 5; i++) {
		int burns = 0;

		do {
			burn_ns(20 * MS);
			sched_yield();
		} while (my_field("interactive.sleep_avg") && ++burns < 50);
		if (burns == 50)
			break;
		sleep_ms(1);
	}
	if (have_credit())
		c1 = my_field("interactive.credit");
	if (i < 5)
		tap_ok(0, "sleep_avg stays above 0 after 1 s of CPU (wake-up %d)", i);
	else if (m < M_O12_2)
		tap_skip("no interactive credit before O12.2");
	else if (m < M_O13)
		tap_ok(c1 >= c0 - 1, "O12.2: waking with sleep_avg 0 costs no credit (%lld -> %lld)",
		       c0, c1);
	else
		tap_ok(c1 == c0 - 5, "each of 5 wake-ups with sleep_avg 0 costs a credit (%lld -> %lld)",
		       c0, c1);
	ia_set(0);
	return tap_exit();
}

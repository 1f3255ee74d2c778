// SPDX-License-Identifier: GPL-2.0
/*
 * Tasks with credit lose sleep_avg more slowly as their bonus falls: from
 * O12.2 their run time is divided by (11 - level), so a formerly
 * interactive task that turns into a hog stays interactive for a while
 * (reference example B: 812 ms left after 0.5 s). Without credit, and in
 * A3, 0.5 s of CPU costs 0.5 s of sleep_avg.
 */
#include "ia.h"

int main(void)
{
	long long top, sa;
	char credit[32] = "";
	int m, i;

	tap_plan(1);
	estimator_setup();
	m = milestone_idx();

	for (i = 0; i < 400; i++) {
		sleep_ms(5);
		burn_ns(MS);
	}
	sleep_ms(5);
	top = my_field("interactive.sleep_avg");
	burn_ns(500 * MS);
	sched_yield();
	sa = my_field("interactive.sleep_avg");
	if (have_credit())
		snprintf(credit, sizeof(credit), " with credit %lld",
			 my_field("interactive.credit"));
	tap_info("from %lld ms%s, 0.5 s of CPU leaves %lld ms", top / MS, credit,
		 sa / MS);
	if (m < M_O12_2)
		tap_ok(sa > top - 560 * MS && sa < top - 440 * MS,
		       "A3: 0.5 s of CPU costs about 0.5 s of sleep_avg");
	else
		tap_ok(sa > 700 * MS, "with credit, 0.5 s of CPU costs less than 320 ms");
	ia_set(0);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A pure CPU hog falls to bonus -5 at every step. Its credit: at O12.2 it
 * loses one at each expiry ("using up a full timeslice makes you lose
 * interactive credits"); from O13 on a hog that never sleeps keeps what
 * it has, since credit is lost only when a task wakes with sleep_avg 0
 * (reference B4).
 */
#include "ia.h"

int main(void)
{
	long long c0 = 0, c1 = 0, sa0;
	char credit[32] = "";
	int m;

	tap_plan(3);
	estimator_setup();
	m = milestone_idx();

	/* Earn a bonus first: one long sleep. */
	sleep_ms(1500);
	sa0 = my_field("interactive.sleep_avg");
	if (have_credit()) {
		c0 = my_field("interactive.credit");
		snprintf(credit, sizeof(credit), ", credit %lld", c0);
	}
	tap_info("after 1.5 s asleep: sleep_avg %lld ms, bonus %lld%s",
		 sa0 / MS, my_field("interactive.bonus"), credit);

	burn_ns(2500 * MS);
	sched_yield();
	if (have_credit()) {
		c1 = my_field("interactive.credit");
		snprintf(credit, sizeof(credit), ", credit %lld", c1);
	}
	tap_info("after 2.5 s of CPU: sleep_avg %lld ms, bonus %lld%s",
		 my_field("interactive.sleep_avg") / MS,
		 my_field("interactive.bonus"), credit);

	tap_ok(sa0 >= 500 * MS, "a long sleep earns a bonus (%lld ms)", sa0 / MS);
	tap_ok(my_field("interactive.bonus") == -5 &&
	       my_field("interactive.sleep_avg") == 0,
	       "after 2.5 s of CPU the hog has sleep_avg 0 and bonus -5");
	if (m < M_O12_2)
		tap_skip("no interactive credit before O12.2");
	else if (m < M_O13)
		tap_ok(c1 <= c0 - 20,
		       "O12.2: about one credit lost per 102 ms expiry (%lld -> %lld)",
		       c0, c1);
	else
		tap_ok(c1 == c0, "O13 on: a hog that never sleeps keeps its credit (%lld -> %lld)",
		       c0, c1);
	ia_set(0);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A task that sleeps most of the time (5 ms asleep, 1 ms of CPU) reaches
 * the top of the range: sleep_avg at the maximum and bonus +5, which is
 * given only at exactly the maximum (reference 4.1); a little CPU drops
 * it to +4. From O12.2 on, each wake-up past the maximum earns a credit.
 */
#include "ia.h"

int main(void)
{
	long long sa, max = max_sleep_avg();
	struct sched_snap snap;
	int i, m, bonus;

	tap_plan(4);
	estimator_setup();
	m = milestone_idx();

	for (i = 0; i < 400; i++) {
		sleep_ms(5);
		burn_ns(1 * MS);
	}
	/* A tick's requeue can charge the read itself: take the best of 3. */
	for (i = 0; i < 3; i++) {
		sleep_ms(5);
		snap_take(&snap, getpid());
		sa = snap_get(&snap, "interactive.sleep_avg");
		bonus = snap_get(&snap, "interactive.bonus");
		if (sa == max)
			break;
	}
	if (have_credit())
		tap_info("after 400 cycles: credit %lld",
			 snap_get(&snap, "interactive.credit"));
	tap_info("after 400 cycles: sleep_avg %lld ns, bonus %d, prio %lld",
		 sa, bonus, snap_get(&snap, "interactive.prio"));
	tap_ok(sa == max && bonus == 5 && snap_get(&snap, "interactive.interactive") == 1,
	       "sleep_avg at the maximum (%lld ms), bonus +5, interactive", max / MS);

	/*
	 * At the top, one more wake-up earns a credit (the wait may too).
	 * The read itself is charged when the task sleeps, and on a busy
	 * host that can take it off the top: try a few times.
	 */
	if (m < M_O12_2) {
		tap_skip("no interactive credit before O12.2");
		tap_skip("no interactive credit before O12.2");
	} else {
		long long c = my_field("interactive.credit"), c0 = 0, c1 = 0;
		int ok = 0;

		tap_ok(c > 100, "credit earned past the maximum: %lld", c);
		for (i = 0; i < 5 && !ok; i++) {
			sleep_ms(5);
			snap_take(&snap, getpid());
			c0 = snap_get(&snap, "interactive.credit");
			sleep_ms(5);
			c1 = my_field("interactive.credit");
			ok = c1 >= c0 + 1 && c1 <= c0 + 2;
		}
		tap_ok(ok, "one more wake-up at the maximum: one more credit (%lld -> %lld)",
		       c0, c1);
	}

	burn_ns(3 * MS);
	sched_yield();
	tap_ok(my_field("interactive.bonus") == 4,
	       "3 ms of CPU later the bonus is +4 (sleep_avg %lld ns)",
	       my_field("interactive.sleep_avg"));
	ia_set(0);
	return tap_exit();
}

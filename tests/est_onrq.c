// SPDX-License-Identifier: GPL-2.0
/*
 * Credit for the wait on the runqueue. A task woken by an interrupt (a
 * timer here) that then waits behind a better task is credited the wait
 * when it is picked. A3 credits every woken task; O12.2 only tasks with
 * credit; O13 every task woken with activated > 0 again, multiplied.
 */
#include "ia.h"

int main(void)
{
	long long sa = 0, wait = 0, t0;
	pid_t hog;
	int m, i;

	tap_plan(1);
	estimator_setup();
	m = milestone_idx();
	hog = spawn_hog(1 % nr_cpus(), -10, SCHED_OTHER);
	sleep_ms(300);

	for (i = 0; i < 10 && wait < 20 * MS; i++) {
		make_fresh();
		t0 = now_ns();
		sleep_ms(1);
		wait = now_ns() - t0 - MS;
		sa = my_field("interactive.sleep_avg");
	}
	kill_all(&hog, 1);
	tap_info("woke after 1 ms, waited %lld us behind a nice -10 hog: sleep_avg %lld us",
		 wait / 1000, sa / 1000);
	if (wait < 20 * MS)
		tap_skip("never waited 20 ms behind the hog");
	else if (m < M_O12_2)
		tap_ok(sa >= MS + wait * 9 / 10, "A3: the wait is credited in full");
	else if (m < M_O13)
		tap_ok(sa < 3 * MS, "O12.2: without credit the wait earns nothing");
	else
		tap_ok(sa >= 100 * MS, "O13: the wait is credited (x11, capped at a timeslice)");
	ia_set(0);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The expired array's wait is timed from the first expiry of an epoch,
 * and the time stamp is set even when the task that expires goes back
 * to the active array. 2003 cleared it when the arrays swapped and when
 * the runqueue went idle (reference B16); the class clears it when its
 * last task leaves the CPU. Without that, the stamp that an interactive
 * task leaves when it expires alone ages through an idle spell, and the
 * next expiry finds the expired array starving although nothing waited
 * in it.
 *
 * An interactive task expires alone, and the CPU is idle for 6 s but
 * for the task's short wake-ups: longer than the starvation limit for
 * five tasks (5101 ms). A hog starts beside it, and
 * the task runs until it expires again: it goes back to the active array
 * and runs on. Had the old stamp made the array starve, it would wait in
 * the expired array for the rest of the hog's slice.
 */
#include "ia.h"

#define NICE 5		/* a 78 ms slice, within the fixes' CPU debt rule */
#define IDLE_MS 6000
#define WAIT_MS 25LL	/* what is left of the hog's slice: 55 ms measured */

/* Run until the slice expires, and return how long the task waited, in ns. */
static long long run_to_expiry(void)
{
	long long left = my_field("interactive.time_slice");
	long long delay = run_delay_ns(getpid());

	/* The tick that finds the slice used up comes within 5 ms. */
	burn_ns(left + 5 * MS);
	return run_delay_ns(getpid()) - delay;
}

int main(void)
{
	int cpu = 1 % nr_cpus(), i, st, tries;
	long long waited;
	pid_t hog, self;

	tap_plan(1);
	estimator_setup();
	if (setpriority(PRIO_PROCESS, 0, NICE))
		tap_bail("cannot set nice 5");

	/* The hog waits, stopped, until the idle spell is over. */
	hog = fork();
	if (hog < 0)
		tap_bail("fork");
	if (hog == 0) {
		pin_to(0, cpu);
		setpriority(PRIO_PROCESS, 0, 0);
		raise(SIGSTOP);
		burn();
	}
	if (waitpid(hog, &st, WUNTRACED) != hog || !WIFSTOPPED(st))
		tap_bail("the hog did not stop");

	/*
	 * Expire alone, back into the active array: the stamp is set. From
	 * O12.2 a long sleep of a task without high credit earns only a
	 * just-interactive sleep_avg, which one slice takes below the line;
	 * more sleeps earn the credit that lifts that cap. So sleep until
	 * interactive and expire, until the task is still interactive after
	 * its slice.
	 */
	for (tries = 0; tries < 5; tries++) {
		for (i = 0; i < 20 && my_field("interactive.interactive") != 1; i++)
			sleep_ms(500);
		if (my_field("interactive.interactive") != 1)
			tap_bail("the task did not become interactive in 10 s");
		run_to_expiry();
		if (my_field("interactive.interactive") == 1)
			break;
	}
	if (tries == 5)
		tap_bail("the task was no longer interactive after its slice, 5 times");
	tap_info("interactive after its slice at try %d", tries + 1);

	/*
	 * The idle spell. From O12.2 one long sleep would earn only a
	 * just-interactive sleep_avg, which the next slice uses up, so the
	 * task wakes for a moment every 100 ms and keeps its bonus.
	 */
	for (i = 0; i < IDLE_MS / 100; i++)
		sleep_ms(100);

	/*
	 * The hog starts afresh, with bonus -5, while the test task keeps
	 * what it earned: the class is switched off and on while the hog is
	 * stopped and this task waits the switch out at SCHED_FIFO. The
	 * task's wake-up then preempts the hog.
	 */
	self = getpid();
	if (make_fresh_keep(&self, 1))
		tap_bail("cannot start the hog afresh");
	kill(hog, SIGCONT);
	sleep_ms(20);
	waited = run_to_expiry();
	tap_info("bonus %lld, interactive %lld after the second expiry",
		 my_field("interactive.bonus"),
		 my_field("interactive.interactive"));
	kill_all(&hog, 1);

	tap_ok(waited <= WAIT_MS * MS,
	       "after %d ms idle, an interactive task that expires beside a hog stays in the active array: waited %lld ms (at most %lld)",
	       IDLE_MS, waited / MS, WAIT_MS);
	ia_set(0);
	return tap_exit();
}

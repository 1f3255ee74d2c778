// SPDX-License-Identifier: GPL-2.0
/*
 * A running task that enters the class, here a SCHED_FIFO task that sets
 * itself back to SCHED_OTHER, must let a better task of the class that
 * was waiting for the CPU have it at once, as fair and rt reschedule
 * when the running task enters them. Without that the waiting task
 * waited for the newcomer's next round-robin requeue, up to 25 ms.
 *
 * The test task starts afresh before each try and only runs in the
 * class, so it comes back with bonus -5; the waiting task sleeps first
 * and ranks above it.
 */
#include "ia.h"

#define TRIES 5
#define WAIT_MS 10LL

int main(void)
{
	struct sched_param rt = { .sched_priority = 10 }, no = { 0 };
	int cpu = 1 % nr_cpus(), i, fd[2];
	long long t0, wait, worst = 0;
	volatile long long *ran_at;
	pid_t waiter;
	char c = 'x';

	tap_plan(1);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	pin_to(0, cpu);
	ran_at = shared_alloc(sizeof(*ran_at));

	for (i = 0; i < TRIES; i++) {
		if (pipe(fd))
			tap_bail("pipe");
		waiter = fork();
		if (waiter < 0)
			tap_bail("fork");
		if (waiter == 0) {
			/* Sleep first: a bonus above the newcomer's -5. */
			sleep_ms(200);
			if (read(fd[0], &c, 1) != 1)
				_exit(1);
			*ran_at = now_ns();
			_exit(0);
		}
		/*
		 * This task starts afresh: bonus -5 and a full slice, so
		 * that without a new pick the waiting task would wait for its
		 * first round-robin requeue, 25 ms after it enters the class.
		 */
		if (make_fresh())
			tap_bail("cannot switch the class off and on");
		if (sched_setscheduler(0, SCHED_FIFO, &rt))
			tap_bail("cannot take SCHED_FIFO");
		sleep_ms(300);

		/* The waiter wakes behind us; then we enter the class. */
		*ran_at = 0;
		if (write(fd[1], &c, 1) != 1)
			tap_bail("pipe write");
		t0 = now_ns();
		if (sched_setscheduler(0, SCHED_OTHER, &no))
			tap_bail("cannot go back to SCHED_OTHER");
		burn_ns(60 * MS);
		waitpid(waiter, NULL, 0);
		close(fd[0]);
		close(fd[1]);
		if (!*ran_at)
			tap_bail("the waiting task did not run");

		wait = *ran_at - t0;
		tap_info("try %d: the waiting task ran %lld us after the switch",
			 i, wait / 1000);
		if (wait > worst)
			worst = wait;
	}
	tap_ok(worst <= WAIT_MS * MS,
	       "a better task of the class runs as soon as the running task enters the class: at most %lld ms after it (bound %lld ms)",
	       worst / MS, WAIT_MS);
	ia_set(0);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A sync wake-up does not preempt the waker, as in 2003: a pipe write
 * that wakes a better task lets the writer go on until it sleeps, and
 * the reader runs then. A plain wake-up (a futex) of the same task
 * preempts the waker at once. The reader is at nice -5 and the writer a
 * fresh task at nice 0, so that the reader is the better one with or
 * without the estimator; both are on one CPU.
 */
#include <linux/futex.h>
#include "ia.h"

#define TRIALS 5

struct shared {
	volatile long long ran;	/* when the reader ran after its wake-up */
	volatile int word;	/* the futex the reader waits on */
};

/* The reader: wake, note the time, tell the writer, wait again. */
static void reader(struct shared *sh, int in, int ack)
{
	char c;
	int i;

	for (i = 0; i < TRIALS; i++) {
		if (read(in, &c, 1) != 1)
			_exit(1);
		sh->ran = now_ns();
		if (write(ack, "a", 1) != 1)
			_exit(1);
	}
	for (i = 0; i < TRIALS; i++) {
		while (!sh->word)
			futex(&sh->word, FUTEX_WAIT, 0);
		sh->ran = now_ns();
		sh->word = 0;
		if (write(ack, "a", 1) != 1)
			_exit(1);
	}
	_exit(0);
}

/*
 * One trial as the writer: a fresh estimate (bonus -5 at most), a pause
 * so that the reader is asleep, the wake-up, and the time just after it.
 * Return whether the reader ran before the writer took that time.
 */
static int preempted(struct shared *sh, int sync, int out, int ack)
{
	long long after;
	char c;

	make_fresh();
	sleep_ms(20);
	if (sync) {
		if (write(out, "w", 1) != 1)
			tap_bail("write");
	} else {
		sh->word = 1;
		futex(&sh->word, FUTEX_WAKE, 1);
	}
	after = now_ns();
	if (read(ack, &c, 1) != 1)
		tap_bail("read");
	return sh->ran < after;
}

int main(void)
{
	int cpu = 1 % nr_cpus(), i, to[2], ack[2], n_sync = 0, n_plain = 0;
	struct shared *sh;
	pid_t pid;

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	sh = shared_alloc(sizeof(*sh));
	if (pipe(to) || pipe(ack))
		tap_bail("pipe");
	if (pin_to(0, cpu))
		tap_bail("cannot pin to one CPU");
	pid = fork();
	if (pid < 0)
		tap_bail("fork");
	if (pid == 0) {
		if (setpriority(PRIO_PROCESS, 0, -5))
			_exit(1);
		reader(sh, to[0], ack[1]);
	}

	for (i = 0; i < TRIALS; i++)
		n_sync += preempted(sh, 1, to[1], ack[0]);
	for (i = 0; i < TRIALS; i++)
		n_plain += preempted(sh, 0, to[1], ack[0]);
	kill_all(&pid, 1);

	tap_ok(n_sync == 0,
	       "a pipe write (sync wake-up) never preempted the writer: %d of %d times",
	       n_sync, TRIALS);
	tap_ok(n_plain == TRIALS,
	       "a futex wake-up of the better task preempted the waker: %d of %d times",
	       n_plain, TRIALS);
	ia_set(0);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Where a wake-up comes from. A task woken from a hardirq or softirq
 * (here the timer that ends its sleep) is marked activated = 2 and gets
 * its coming wait on the runqueue credited in full; one woken from a
 * process (here by a signal) is marked 1 and gets 38/128 of it. The mark
 * is read while both tasks still wait, before a pick clears it.
 *
 * One CPU: a SCHED_FIFO spinner holds it from T - 2 ms to T + 20 ms.
 * The timer sleeper wakes at T; at T + 3 ms the test, at a higher RT
 * priority, signals the other sleeper and reads both marks. A try whose
 * reads miss the spinner's window, or find a sleeper not waiting on the
 * runqueue, is made again; five such tries fail.
 *
 * The mark is set in try_to_wake_up(). It was set only on SMP kernels
 * once: on a uniprocessor kernel every wake-up counted as from a process.
 */
#include "ia.h"

#define TRIES 5
#define SPIN_MS 22

static void on_usr1(int sig)
{
	(void)sig;
}

static void set_fifo(int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		_exit(1);
}

/* One try; 1 when both marks were read in the window, with them in @act. */
static int try_once(long long *act)
{
	struct sched_param no = { 0 };
	long long t, end;
	pid_t timer, signalled, spinner;
	char st[2];
	int ok;

	/* The sleepers start from a fresh estimate, the one they fork with. */
	if (make_fresh())
		tap_bail("cannot switch the class off and on");
	t = now_ns() + 50 * MS;
	timer = fork();
	if (timer == 0) {
		sleep_until_ns(t);
		_exit(0);
	}
	signalled = fork();
	if (signalled == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigsuspend(&none);
		_exit(0);
	}
	spinner = fork();
	if (spinner == 0) {
		set_fifo(50);
		sleep_until_ns(t - 2 * MS);
		while (now_ns() < t + SPIN_MS * MS)
			;
		_exit(0);
	}
	if (timer < 0 || signalled < 0 || spinner < 0)
		tap_bail("fork");

	set_fifo(60);
	sleep_until_ns(t + 3 * MS);
	kill(signalled, SIGUSR1);
	act[0] = sched_field(timer, "interactive.activated");
	act[1] = sched_field(signalled, "interactive.activated");
	st[0] = proc_state(timer);
	st[1] = proc_state(signalled);
	end = now_ns();
	sched_setscheduler(0, SCHED_OTHER, &no);

	ok = end < t + (SPIN_MS - 2) * MS && st[0] == 'R' && st[1] == 'R';
	tap_info("read %lld us after T: marks %lld and %lld, states %c %c",
		 (end - t) / 1000, act[0], act[1], st[0] ? st[0] : '?',
		 st[1] ? st[1] : '?');
	waitpid(timer, NULL, 0);
	waitpid(signalled, NULL, 0);
	waitpid(spinner, NULL, 0);
	return ok;
}

int main(void)
{
	long long act[2] = { -9, -9 };
	int i, ok = 0;
	sigset_t usr1;

	tap_plan(2);
	estimator_setup();
	/* Blocked until the sleeper's sigsuspend(), so that it cannot be lost. */
	signal(SIGUSR1, on_usr1);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	for (i = 0; i < TRIES && !ok; i++)
		ok = try_once(act);
	if (!ok)
		tap_bail("no try read both marks while the sleepers waited");
	tap_ok(act[0] == 2, "a wake-up by the timer interrupt is marked 2: %lld",
	       act[0]);
	tap_ok(act[1] == 1, "a wake-up by a signal from a task is marked 1: %lld",
	       act[1]);
	ia_set(0);
	return tap_exit();
}

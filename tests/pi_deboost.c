// SPDX-License-Identifier: GPL-2.0
/*
 * A trip out of the class and back keeps the task's estimate. A task
 * that holds a PI futex wanted by a SCHED_FIFO task is boosted to RT
 * (it leaves the class) and deboosted when it unlocks (it comes back);
 * a task that sets itself to SCHED_IDLE goes to EEVDF, and comes back
 * when it sets SCHED_OTHER again, which any user may do at will.
 * Only switching the class on starts every task afresh; the trip must
 * not wipe the sleep_avg and credit the task earned, nor hand it a new
 * slice: 2003 kept both across a change of policy, and a reset lets a
 * task that lost credit, or used its slice, start clean.
 *
 * The task earns sleep_avg and credit by sleeping, uses 30 ms of its
 * slice, takes the futex, and lets an RT task on its CPU block on it.
 * Its estimate is read before the boost and right after the unlock,
 * with no sleep between, which would change it; then it earns them
 * again, and the same is read around the trip through SCHED_IDLE.
 */
#include "ia.h"
#include <linux/futex.h>
#include <stdatomic.h>
#include <sys/syscall.h>

static long futex_pi(_Atomic int *f, int op)
{
	return syscall(SYS_futex, f, op, 0, NULL, NULL, 0);
}

/* The RT waiter: on a byte from @fd, block on the futex, boosting its owner. */
static void rt_waiter(_Atomic int *f, int fd)
{
	struct sched_param sp = { .sched_priority = 10 };
	char c;

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		_exit(1);
	if (read(fd, &c, 1) != 1)
		_exit(1);
	if (futex_pi(f, FUTEX_LOCK_PI))
		_exit(2);
	futex_pi(f, FUTEX_UNLOCK_PI);
	_exit(0);
}

/*
 * Sleep to the top (sleep_avg at the maximum, and credit), then use 30 ms
 * of the slice. Returns the thread's CPU time at the last wake-up: the
 * class charges a run to sleep_avg when the task is switched out or
 * requeued, so part of those 30 ms may still be due when the estimate is
 * read, and a trip out of the class switches the task out. What is
 * charged from here on is at most the CPU time used since this point.
 */
static long long earn(void)
{
	long long woke;
	int i;

	for (i = 0; i < 40; i++)
		sleep_ms(40);
	woke = thread_cpu_ns();
	burn_ns(30 * MS);
	return woke;
}

/* The estimate a trip must keep: sleep_avg, credit and the slice left. */
struct estimate {
	long long sa, cr, sl;
};

static void read_estimate(struct estimate *e)
{
	e->sa = my_field("interactive.sleep_avg");
	e->cr = my_field("interactive.credit");
	e->sl = my_field("interactive.time_slice");
}

int main(void)
{
	long long boosted, woke, cpu;
	struct estimate e0, e1;
	struct sched_param no = { 0 };
	int tid, expect, st, p[2], away;
	_Atomic int *f;
	pid_t rt;

	tap_plan(7);
	estimator_setup();
	f = shared_alloc(sizeof(*f));

	earn();

	tid = gettid();
	expect = 0;
	if (!atomic_compare_exchange_strong(f, &expect, tid))
		tap_bail("the futex is taken");
	if (pipe(p))
		tap_bail("pipe");
	rt = fork();
	if (rt < 0)
		tap_bail("fork");
	if (rt == 0)
		rt_waiter(f, p[0]);
	sleep_ms(50);	/* the waiter is RT and blocked on the pipe */
	woke = thread_cpu_ns();

	read_estimate(&e0);
	/*
	 * The RT task runs at once, on this CPU, and blocks on the futex:
	 * this task, preempted but not asleep, is boosted out of the class.
	 */
	if (write(p[1], "x", 1) != 1)
		tap_bail("write");
	boosted = my_field("prio");
	/* Back in the class; the RT task takes the futex and exits. */
	if (futex_pi(f, FUTEX_UNLOCK_PI))
		tap_bail("FUTEX_UNLOCK_PI");
	read_estimate(&e1);
	cpu = thread_cpu_ns() - woke;
	if (waitpid(rt, &st, 0) != rt || !WIFEXITED(st) || WEXITSTATUS(st))
		tap_bail("the RT waiter failed");
	tap_info("before: sleep_avg %lld us, credit %lld, slice %lld us; after: %lld us, %lld, %lld us; %lld us of CPU since the wake-up",
		 e0.sa / 1000, e0.cr, e0.sl / 1000, e1.sa / 1000, e1.cr, e1.sl / 1000, cpu / 1000);

	tap_ok(boosted >= 0 && boosted < 100,
	       "the holder was boosted to RT while the RT task waited (prio %lld)",
	       boosted);
	tap_ok(on_interactive(getpid(), tid) == 1,
	       "and is back in the class after it unlocked");
	/* What ran since the wake-up is charged, at most in full. */
	tap_ok(e1.sa >= e0.sa - cpu && e1.cr == e0.cr,
	       "the trip keeps sleep_avg (%lld -> %lld ms) and credit (%lld -> %lld)",
	       e0.sa / MS, e1.sa / MS, e0.cr, e1.cr);
	tap_ok(e1.sl <= e0.sl,
	       "the trip gives no new slice (%lld -> %lld ms)", e0.sl / MS, e1.sl / MS);

	/* The same through SCHED_IDLE and back, from the top again. */
	woke = earn();
	read_estimate(&e0);
	if (sched_setscheduler(0, SCHED_IDLE, &no))
		tap_bail("cannot set SCHED_IDLE");
	away = on_interactive(getpid(), tid);
	if (sched_setscheduler(0, SCHED_OTHER, &no))
		tap_bail("cannot set SCHED_OTHER back");
	read_estimate(&e1);
	cpu = thread_cpu_ns() - woke;
	tap_info("SCHED_IDLE trip, before: sleep_avg %lld us, credit %lld, slice %lld us; after: %lld us, %lld, %lld us; %lld us of CPU since the wake-up",
		 e0.sa / 1000, e0.cr, e0.sl / 1000, e1.sa / 1000, e1.cr, e1.sl / 1000, cpu / 1000);
	tap_ok(away == 0 && on_interactive(getpid(), tid) == 1,
	       "SCHED_IDLE takes the task out of the class and SCHED_OTHER brings it back (in the class: %d, then %d)",
	       away, on_interactive(getpid(), tid));
	tap_ok(e1.sa >= e0.sa - cpu && e1.cr == e0.cr,
	       "the SCHED_IDLE trip keeps sleep_avg (%lld -> %lld ms) and credit (%lld -> %lld)",
	       e0.sa / MS, e1.sa / MS, e0.cr, e1.cr);
	tap_ok(e1.sl <= e0.sl, "the SCHED_IDLE trip gives no new slice (%lld -> %lld ms)",
	       e0.sl / MS, e1.sl / MS);
	ia_set(0);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Switching the class moves every task on the machine, and that must
 * not keep the CPU it runs on from rescheduling until the last task has
 * moved: with thousands of threads that is many milliseconds. NR
 * threads sleep; a SCHED_FIFO thread on CPU 0 wakes every PERIOD_US and
 * notes how late each wake-up came, while this thread, on CPU 0 too,
 * switches the class on and off SWITCHES times. A switch that moves the
 * tasks with preemption off, as one under tasklist_lock does, makes the
 * wake-ups that fall in it wait for all of the moves; one that lets the
 * CPU reschedule every few dozen tasks makes them wait for a few dozen.
 *
 * The check is relative: the median over the switches of each switch's
 * latest wake-up must be at most a third of the median time a switch
 * takes to move the tasks, measured as the time the switch takes with
 * the NR threads less the time it takes without them. make check runs it
 * under QEMU icount, where the guest's clock counts its instructions:
 * without it, a host busy with other guests stalls the vCPU now and
 * then, which adds to the lateness and not to the moves (a fresh machine
 * saw 2593 us late against 6483 us of moves, where a quiet one sees the
 * moves take twice that and the lateness a tenth).
 */
#include <limits.h>
#include <pthread.h>
#include <linux/futex.h>

#include "ia.h"

#define NR		3000
#define SWITCHES	20
#define PERIOD_US	200

static int started;
static volatile int stop_threads;
static volatile int stop_rt, in_switch;
static volatile long long worst;	/* latest wake-up in this switch (ns) */

static void *sleeper(void *arg)
{
	__atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&stop_threads, __ATOMIC_SEQ_CST))
		futex(&stop_threads, FUTEX_WAIT_PRIVATE, 0);
	return NULL;
}

/* At SCHED_FIFO on CPU 0: wake every PERIOD_US, note the latest. */
static void *waker(void *arg)
{
	long long due = now_ns(), late;

	while (!stop_rt) {
		due += PERIOD_US * 1000LL;
		sleep_until_ns(due);
		late = now_ns() - due;
		if (late < 0)
			late = 0;
		if (in_switch && late > worst)
			worst = late;
		/* Fell behind (the host, or a switch): start afresh. */
		if (late > PERIOD_US * 1000LL)
			due = now_ns();
	}
	return NULL;
}

/* Switch the class on and off SWITCHES times: the median time of one. */
static long long switches(long long *worst_median)
{
	long long took[SWITCHES], late[SWITCHES], t;
	int i;

	for (i = 0; i < SWITCHES; i++) {
		worst = 0;
		in_switch = 1;
		t = now_ns();
		if (ia_set(!(i & 1)))
			tap_bail("cannot switch the class");
		took[i] = now_ns() - t;
		in_switch = 0;
		late[i] = worst;
		sleep_ms(20);
	}
	qsort(took, SWITCHES, sizeof(took[0]), cmp_ll);
	qsort(late, SWITCHES, sizeof(late[0]), cmp_ll);
	if (worst_median)
		*worst_median = late[SWITCHES / 2];
	return took[SWITCHES / 2];
}

int main(void)
{
	struct sched_param fifo = { .sched_priority = 50 };
	long long base, full, moves, late;
	pthread_attr_t attr;
	pthread_t th, rt;
	int i;

	tap_plan(1);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(0);
	if (pin_to(0, 0))
		tap_bail("cannot pin to CPU 0");

	/* Without the threads: what a switch costs besides the moves. */
	base = switches(NULL);

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 16 * 1024);
	for (i = 0; i < NR; i++)
		if (pthread_create(&th, &attr, sleeper, NULL))
			tap_bail("pthread_create");
	while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < NR)
		sleep_ms(10);

	pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
	pthread_attr_setschedparam(&attr, &fifo);
	if (pthread_create(&rt, &attr, waker, NULL))
		tap_bail("cannot start a SCHED_FIFO thread");

	full = switches(&late);
	moves = full - base;
	stop_rt = 1;
	pthread_join(rt, NULL);
	ia_set(0);
	__atomic_store_n(&stop_threads, 1, __ATOMIC_SEQ_CST);
	futex(&stop_threads, FUTEX_WAKE_PRIVATE, INT_MAX);

	tap_info("a switch takes %lld us without the threads, %lld us with them",
		 base / 1000, full / 1000);
	tap_ok(moves > 0 && late * 3 <= moves,
	       "a switch of %d threads more lets a SCHED_FIFO task on its CPU run: its latest wake-up %lld us late (median of %d switches), at most a third of the %lld us the moves take",
	       NR, late / 1000, SWITCHES, moves / 1000);
	return tap_exit();
}

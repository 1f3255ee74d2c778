// SPDX-License-Identifier: GPL-2.0
/*
 * The balancer at scale: NR threads of the class burn CPU on CPU 0, then
 * are allowed on every CPU. The balancer must spread them to within
 * SPREAD_PCT of an even share on every CPU within SPREAD_MS, moving at
 * most sched_nr_migrate tasks between two CPUs at a time. This task, at
 * SCHED_FIFO on CPU 1 (the first CPU that CPU 0 pushes to), wakes every
 * POLL_MS to count where the threads are, and reports how late its
 * wake-ups came; it does not check them, since under TCG a vCPU thread
 * also waits for the host's CPUs.
 */
#include <limits.h>
#include <pthread.h>
#include <linux/futex.h>
#include <sys/syscall.h>

#include "ia.h"

#define NR		2000
#define SPREAD_PCT	10
#define SPREAD_MS	1000
#define POLL_MS		50

static pid_t tids[NR];
static int started, go;

static void *hog(void *arg)
{
	tids[(long)arg] = gettid();
	__atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&go, __ATOMIC_SEQ_CST))
		syscall(SYS_futex, &go, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
	burn();
	return NULL;
}

/* The CPU thread @tid is queued on (field 39 of its stat), or -1. */
static int task_cpu_of(pid_t tid)
{
	char path[64], buf[1024], *p;
	int i, n, fd;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strrchr(buf, ')');
	/* Field 3, the state, follows ") "; field 39 is 36 fields on. */
	for (i = 0; p && i < 37; i++)
		p = strchr(p + 1, ' ');
	return p ? atoi(p + 1) : -1;
}

/* Count the threads per CPU; return the largest distance from even, in %. */
static int spread(int ncpu, int *count)
{
	int i, cpu, worst = 0, even = NR / ncpu;

	memset(count, 0, ncpu * sizeof(*count));
	for (i = 0; i < NR; i++) {
		cpu = task_cpu_of(tids[i]);
		if (cpu < 0 || cpu >= ncpu)
			tap_bail("cannot read a thread's CPU");
		count[cpu]++;
	}
	for (i = 0; i < ncpu; i++) {
		int d = abs(count[i] - even) * 100 / even;

		if (d > worst)
			worst = d;
	}
	return worst;
}

int main(void)
{
	struct sched_param fifo = { .sched_priority = 50 };
	int i, ncpu = nr_cpus(), count[CPU_SETSIZE], dev = 100;
	long long t0, t, due, late, worst_late = 0, took = -1;
	pthread_attr_t attr;
	pthread_t th;
	cpu_set_t all;

	tap_plan(1);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (ncpu < 2) {
		tap_skip("needs two CPUs");
		return tap_exit();
	}
	ia_set(1);

	/* The threads start on CPU 0 and wait there for go. */
	if (pin_to(0, 0))
		tap_bail("cannot pin to CPU 0");
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	for (i = 0; i < NR; i++)
		if (pthread_create(&th, &attr, hog, (void *)(long)i))
			tap_bail("pthread_create");
	while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < NR)
		sleep_ms(10);

	/* This thread leaves for CPU 1, at SCHED_FIFO. */
	if (pin_to(0, 1) || sched_setscheduler(0, SCHED_FIFO, &fifo))
		tap_bail("cannot move to CPU 1 at SCHED_FIFO");
	__atomic_store_n(&go, 1, __ATOMIC_SEQ_CST);
	syscall(SYS_futex, &go, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
	sleep_ms(500);
	spread(ncpu, count);
	tap_info("%d threads on CPU 0 of %d", count[0], NR);

	CPU_ZERO(&all);
	for (i = 0; i < ncpu; i++)
		CPU_SET(i, &all);
	for (i = 0; i < NR; i++)
		if (sched_setaffinity(tids[i], sizeof(all), &all))
			tap_bail("cannot allow a thread every CPU");

	t0 = now_ns();
	due = t0;
	while (now_ns() - t0 < SPREAD_MS * MS) {
		due += POLL_MS * MS;
		sleep_until_ns(due);
		t = now_ns();
		late = t - due;
		if (late > worst_late)
			worst_late = late;
		dev = spread(ncpu, count);
		if (dev <= SPREAD_PCT) {
			took = t - t0;
			break;
		}
		/* Reading 2000 files takes a while: start the next poll after it. */
		due = now_ns();
	}
	for (i = 0; i < ncpu; i++)
		tap_info("CPU %d: %d threads", i, count[i]);
	tap_info("a SCHED_FIFO task on CPU 1 woke at most %.1f ms late meanwhile",
		 worst_late / 1e6);
	tap_ok(took >= 0,
	       "%d threads spread to within %d%% of an even share of %d CPUs in %lld ms (bound %d ms, at most %d%% off)",
	       NR, SPREAD_PCT, ncpu, took / MS, SPREAD_MS, dev);
	ia_set(0);
	return tap_exit();
}

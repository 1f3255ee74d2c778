/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for the benchmark workloads: the clock, CPU work measured in
 * loop iterations, a seeded random number generator, and the result line.
 *
 * CPU work is a fixed number of loop iterations, not a time: the guest
 * runs under QEMU icount, where an instruction takes a fixed virtual
 * time, so a workload given the same arguments does the same work in
 * every run. BENCH_LOOPS_PER_MS, measured once on the idle guest by
 * "calibrate", converts the microseconds of the command lines to
 * iterations.
 *
 * Every workload ends with one line of "key=value" pairs on stdout,
 * which the runner prefixes with the scenario and the scheduler.
 */
#ifndef BENCH_H
#define BENCH_H

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NSEC_PER_USEC	1000LL
#define NSEC_PER_MSEC	1000000LL
#define NSEC_PER_SEC	1000000000LL

static inline long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* The CPU time this thread has used, in ns. */
static inline long long thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static inline void sleep_until(long long t)
{
	struct timespec ts = { t / NSEC_PER_SEC, t % NSEC_PER_SEC };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static inline void die(const char *what)
{
	fprintf(stderr, "bench: %s: %s\n", what, strerror(errno));
	exit(2);
}

static inline void usage(const char *text)
{
	fprintf(stderr, "usage: %s\n", text);
	exit(2);
}

/* Iterations of the work loop per millisecond of CPU, from the runner. */
static inline long long loops_per_ms(void)
{
	const char *s = getenv("BENCH_LOOPS_PER_MS");
	long long v = s ? atoll(s) : 0;

	if (v <= 0) {
		fprintf(stderr, "bench: BENCH_LOOPS_PER_MS is not set (run calibrate)\n");
		exit(2);
	}
	return v;
}

/* @n iterations of a loop the compiler cannot remove. */
static inline void work_loops(long long n)
{
	volatile unsigned long long x = 0;

	while (n-- > 0)
		x += n;
}

static inline void work_us(long long us)
{
	work_loops(us * loops_per_ms() / 1000);
}

/*
 * @us of CPU time, by this thread's CPU clock: the work of the desktop
 * tasks, whose demand is a share of their CPU. Under QEMU icount with
 * more than one vCPU, the vCPUs take turns in one host thread and the
 * guest's clock counts the instructions of all of them, so a busy vCPU
 * executes 1/N of what it does alone: work counted in iterations, as
 * calibrated on an idle guest, then takes up to N times the CPU time
 * (make bench's cpu_got_pct read about 230 % at -smp 2, and 130 % even
 * at -smp 1, under every scheduler), and a video frame of 8 ms became
 * 32 ms at -smp 4. Counted in CPU time, the demand is what the scenario
 * says at any CPU count.
 */
static inline void work_cpu_us(long long us)
{
	long long end = thread_cpu_ns() + us * NSEC_PER_USEC;

	while (thread_cpu_ns() < end)
		work_loops(loops_per_ms() / 100);
}

/* A small, seeded generator (xorshift64*): the same seed, the same run. */
static inline uint64_t rnd_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* Uniform in [lo, hi]. */
static inline long long rnd_range(uint64_t *s, long long lo, long long hi)
{
	return lo + (long long)(rnd_next(s) % (uint64_t)(hi - lo + 1));
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* The p-th percentile (0..100) of @n values, which it sorts. */
static inline long long percentile(long long *v, int n, int p)
{
	int i;

	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_ll);
	i = (int)(((long long)n * p + 99) / 100) - 1;
	return v[i < 0 ? 0 : i];
}

#endif /* BENCH_H */

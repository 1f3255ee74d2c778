// SPDX-License-Identifier: GPL-2.0
/*
 * An RT task preempts class tasks at once: a SCHED_FIFO task that wakes
 * every 10 ms beside two class hogs on its CPU is not held up for
 * anything like a class timeslice (102 ms): were it not preempting them,
 * a typical wake-up would wait tens of ms. The bound is on the median:
 * under TCG wake-ups can be late for the host's reasons, which the
 * benchmark, not this test, measures.
 */
#include "ia.h"

int main(void)
{
	struct sched_param rt = { .sched_priority = 50 };
	long long worst = 0, sum = 0, next, lat[200];
	int cpu = 1 % nr_cpus(), i, n = 200;
	pid_t pids[2];

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	pids[0] = spawn_hog(cpu, 0, SCHED_OTHER);
	pids[1] = spawn_hog(cpu, -5, SCHED_OTHER);
	pin_to(0, cpu);
	sleep_ms(200);
	tap_ok(sched_setscheduler(0, SCHED_FIFO, &rt) == 0, "became SCHED_FIFO");

	next = now_ns();
	for (i = 0; i < n; i++) {
		struct timespec ts;
		long long late;

		next += 10000000;
		ts.tv_sec = next / 1000000000;
		ts.tv_nsec = next % 1000000000;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		late = now_ns() - next;
		lat[i] = late;
		sum += late;
		if (late > worst)
			worst = late;
	}
	rt.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &rt);
	kill_all(pids, 2);
	ia_set(0);
	qsort(lat, n, sizeof(lat[0]), cmp_ll);
	tap_ok(lat[n / 2] < 5000000,
	       "RT wake-up latency beside class hogs: median %lld us (want < 5 ms), mean %lld us, p95 %lld us, max %lld us",
	       lat[n / 2] / 1000, sum / n / 1000, lat[n * 95 / 100] / 1000, worst / 1000);
	return tap_exit();
}

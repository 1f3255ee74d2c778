// SPDX-License-Identifier: GPL-2.0
/*
 * A task of the class that waits on a busy CPU while another CPU idles
 * moves there within a few ticks. A 2003 idle CPU pulled at every tick;
 * an idle CPU of a modern kernel stops its tick, so the busy CPU has to
 * push, and a push only at its 200 ms periodic balance leaves the task
 * waiting for 100 ms on average.
 *
 * The test task runs at SCHED_FIFO with SCHED_RESET_ON_FORK, so that its
 * children start in the class. It wakes, keeps its CPU busy for 60 ms,
 * then, pinned to its CPU, forks two hogs, which start there, pinned too,
 * and lets them run anywhere; the pin keeps a new task's placement on an
 * idle CPU out of the test. They cannot run while it spins, and the tick
 * of the class does not run either. One of them must start on another
 * CPU within BOUND_MS (twenty ticks at HZ=1000) of being freed.
 */
#include "ia.h"

#define TRIES		5
#define BOUND_MS	20
#define GIVE_UP_MS	300

/* Where and when a hog first ran; ns is written last. */
struct start {
	volatile int cpu;
	volatile long long ns;
};

static pid_t spawn_reporting_hog(struct start *s)
{
	pid_t pid = fork();

	if (pid < 0)
		tap_bail("fork");
	if (pid == 0) {
		s->cpu = sched_getcpu();
		__sync_synchronize();
		s->ns = now_ns();
		burn();
	}
	return pid;
}

int main(void)
{
	struct sched_param fifo = { .sched_priority = 50 };
	long long t0, first, worst = 0;
	struct start *s;
	pid_t pids[2];
	int i, j, cpu, away = 0;

	tap_plan(1);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (nr_cpus() < 2) {
		tap_skip("needs two CPUs");
		return tap_exit();
	}
	ia_set(1);
	if (allow_all_cpus(0))
		tap_bail("cannot allow every CPU");
	if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &fifo))
		tap_bail("cannot take SCHED_FIFO");
	s = shared_alloc(2 * sizeof(*s));

	for (i = 0; i < TRIES; i++) {
		/* Idle long enough for every other CPU to stop its tick. */
		sleep_ms(200);
		burn_ns(60 * MS);
		for (j = 0; j < 2; j++) {
			s[j].cpu = -1;
			s[j].ns = 0;
		}
		cpu = sched_getcpu();
		if (pin_to(0, cpu))
			tap_bail("cannot pin to its CPU");
		for (j = 0; j < 2; j++)
			pids[j] = spawn_reporting_hog(&s[j]);
		for (j = 0; j < 2; j++) {
			if (allow_all_cpus(pids[j]))
				tap_bail("cannot allow every CPU to a hog");
		}
		/* From the moment both may move: the forks' cost is not timed. */
		t0 = now_ns();

		/* Spin, at SCHED_FIFO, until a hog runs on another CPU. */
		first = -1;
		while (first < 0 && now_ns() - t0 < GIVE_UP_MS * MS) {
			for (j = 0; j < 2; j++) {
				if (s[j].ns && s[j].cpu != cpu &&
				    (first < 0 || s[j].ns - t0 < first))
					first = s[j].ns - t0;
			}
		}
		kill_all(pids, 2);
		if (allow_all_cpus(0))
			tap_bail("cannot allow every CPU");
		if (first < 0) {
			tap_info("try %d: on CPU %d, no hog ran elsewhere within %d ms",
				 i, cpu, GIVE_UP_MS);
			worst = GIVE_UP_MS * MS;
			continue;
		}
		tap_info("try %d: on CPU %d, a hog ran elsewhere %.1f ms after both were freed",
			 i, cpu, first / 1e6);
		away++;
		if (first > worst)
			worst = first;
	}
	tap_ok(away == TRIES && worst <= BOUND_MS * MS,
	       "a task waiting on a busy CPU runs on an idle one within %d ms (%d of %d tries, worst %.1f ms)",
	       BOUND_MS, away, TRIES, worst / 1e6);
	ia_set(0);
	return tap_exit();
}

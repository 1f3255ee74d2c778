// SPDX-License-Identifier: GPL-2.0
/*
 * Within a priority level, the task with the shorter expected burst runs
 * first. Two tasks on one CPU sleep most of the time, so both sit at the
 * top bonus: L runs 6 ms and S 0.3 ms every 30 ms. A SCHED_FIFO gate
 * holds the CPU for 4 ms at the start of each period, and L wakes 1 ms
 * into it, S 2 ms: when the gate sleeps both are queued in one level, L
 * first. First come, first served (2003) runs L first every time; the
 * latency order runs S first, since its deadline (its wake-up plus about
 * 0.3 ms) comes before L's (its wake-up plus about 6 ms).
 *
 * Each period the two note when they first ran after waking; S ran first
 * if its note is the earlier. The check allows a few periods in which a
 * timer fired late and S woke after the gate had let L run. Like the
 * other latency tests, make check runs it in a boot under QEMU icount,
 * where the guest's clock follows its own instructions: a host thread
 * that TCG waits for does not show as guest time.
 */
#include <sys/prctl.h>
#include "ia.h"

#define PERIOD_NS	(30 * MS)
#define GATE_NS		(4 * MS)
#define WARMUP		40
#define PERIODS		50
#define WANT		45

struct shared {
	long long t0;
	long long ran[2][WARMUP + PERIODS];
};

/* Wake @offset into each period, note the time, burn @burst of CPU. */
static void periodic(struct shared *sh, int who, long long offset,
		     long long burst)
{
	int k;

	for (k = 0; k < WARMUP + PERIODS; k++) {
		sleep_until_ns(sh->t0 + k * PERIOD_NS + offset);
		sh->ran[who][k] = now_ns();
		burn_ns(burst);
	}
	_exit(0);
}

static pid_t spawn_periodic(struct shared *sh, int who, long long offset,
			    long long burst)
{
	pid_t pid = fork();

	if (pid < 0)
		tap_bail("fork failed");
	if (pid == 0)
		periodic(sh, who, offset, burst);
	return pid;
}

int main(void)
{
	struct sched_param rt = { .sched_priority = 50 }, no = { 0 };
	long long prio_s, prio_l, burst_s, burst_l;
	int k, first = 0, st;
	struct shared *sh;
	pid_t pids[2];

	tap_plan(3);
	estimator_setup();
	prctl(PR_SET_TIMERSLACK, 1);
	sh = shared_alloc(sizeof(*sh));
	sh->t0 = now_ns() + 50 * MS;
	pids[0] = spawn_periodic(sh, 0, 2 * MS, 300000);	/* S */
	pids[1] = spawn_periodic(sh, 1, 1 * MS, 6 * MS);	/* L */
	if (sched_setscheduler(0, SCHED_FIFO, &rt))
		tap_bail("cannot become SCHED_FIFO");

	/* The gate; read the two tasks' state in the last period. */
	prio_s = prio_l = burst_s = burst_l = -1;
	for (k = 0; k < WARMUP + PERIODS; k++) {
		sleep_until_ns(sh->t0 + k * PERIOD_NS);
		burn_ns(GATE_NS);
		if (k == WARMUP + PERIODS - 1) {
			prio_s = sched_field(pids[0], "interactive.prio");
			prio_l = sched_field(pids[1], "interactive.prio");
			burst_s = sched_field(pids[0], "interactive.avg_burst");
			burst_l = sched_field(pids[1], "interactive.avg_burst");
		}
	}
	sched_setscheduler(0, SCHED_OTHER, &no);
	while (waitpid(-1, &st, 0) > 0)
		;
	ia_set(0);

	for (k = WARMUP; k < WARMUP + PERIODS; k++)
		first += sh->ran[0][k] < sh->ran[1][k];

	tap_ok(prio_s == prio_l && prio_s > 0,
	       "S and L share a priority level: %lld and %lld", prio_s, prio_l);
	tap_ok(burst_s >= 0 && burst_s < 1 * MS && burst_l > 3 * MS,
	       "average bursts: S %lld us (want < 1000), L %lld us (want > 3000)",
	       burst_s / 1000, burst_l / 1000);
	tap_ok(first >= WANT,
	       "S ran before L in %d of %d periods (want >= %d)",
	       first, PERIODS, WANT);
	return tap_exit();
}

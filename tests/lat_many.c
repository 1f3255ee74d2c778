// SPDX-License-Identifier: GPL-2.0
/*
 * Within a priority level, a short task woken among many long ones waits
 * for neither their bursts nor their number. On one CPU, NR_LONG tasks
 * wake together every CYCLE_NS and run LONG_NS each: a backlog of half a
 * second. S runs 0.5 ms and sleeps 9.5 ms, again and again. All of them
 * sleep most of the time (the long tasks' waits after a timer wake-up
 * count as sleep too), so the estimator puts them all at the top bonus,
 * in one level.
 *
 * With deadlines on the wall clock (queue time plus expected burst), a
 * long task queued at t0 is due at t0 + its burst, and S, woken later
 * than that, is due after every long task still queued. With virtual
 * deadlines alone (EEVDF), once the level's virtual time has moved past
 * the queued long tasks' own by more than their request less S's, every
 * one of them is due before S: in the second half of a backlog S waits
 * for them all, first come, first served. The level's order by class of
 * request, then by virtual deadline, runs S first among the eligible
 * tasks: it waits at most for the running task's minimum run, 1 ms, and
 * its own wake-up.
 *
 * The check is on S's wake-ups in the backlogs after the warm-up: how
 * late each ran after its timer, against its expected burst plus the
 * minimum run plus WAKE_NS for the wake-up itself (all but SPARE of
 * them), and none as late as a long task's burst. make check runs it in
 * a boot under QEMU icount, where the guest's clock follows its own
 * instructions.
 */
#include <sys/prctl.h>
#include "ia.h"

#define NR_LONG		50
#define LONG_NS		(10 * MS)
#define CYCLE_NS	(800 * MS)
#define WARMUP		2
#define CYCLES		4
#define SHORT_NS	(500 * 1000LL)
#define SLEEP_NS	(9500 * 1000LL)
#define MIN_RUN_NS	(1 * MS)
#define WAKE_NS		(500 * 1000LL)
/* S's wake-ups, about one every 10 ms, and a margin: */
#define WAKES		((WARMUP + CYCLES) * CYCLE_NS / (10 * MS) + 50)
/* Wake-ups that may run late for another reason (a timer, a switch): */
#define SPARE		3

struct shared {
	long long t0;
	/* S's wake-ups: when each was due, after t0, and how late it ran. */
	int n;
	long long due[WAKES];
	long long late[WAKES];
};

static void long_task(struct shared *sh)
{
	int k;

	for (k = 0; k < WARMUP + CYCLES; k++) {
		sleep_until_ns(sh->t0 + k * CYCLE_NS);
		burn_ns(LONG_NS);
	}
	_exit(0);
}

/*
 * S sleeps SLEEP_NS after each burst, whenever it ran: a sleep cut short
 * by a late wake-up would leave its sleep_avg below the maximum, and the
 * top level takes exactly the maximum (a 2003 rule, not the order's).
 */
static void short_task(struct shared *sh)
{
	long long due, end = sh->t0 + (WARMUP + CYCLES) * CYCLE_NS;

	while (sh->n < WAKES && now_ns() < end) {
		burn_ns(SHORT_NS);
		due = now_ns() + SLEEP_NS;
		sleep_until_ns(due);
		sh->due[sh->n] = due - sh->t0;
		sh->late[sh->n] = now_ns() - due;
		sh->n++;
	}
	_exit(0);
}

static pid_t spawn(struct shared *sh, void (*fn)(struct shared *))
{
	pid_t pid = fork();

	if (pid < 0)
		tap_bail("fork failed");
	if (pid == 0)
		fn(sh);
	return pid;
}

int main(void)
{
	long long prio_s, prio_l, burst_s, burst_l, bound, rel, worst = 0;
	int i, j, st, over = 0, counted = 0;
	pid_t pids[NR_LONG + 1];
	struct shared *sh;

	tap_plan(4);
	estimator_setup();
	prctl(PR_SET_TIMERSLACK, 1);
	sh = shared_alloc(sizeof(*sh));
	sh->t0 = now_ns() + 100 * MS;
	for (i = 0; i < NR_LONG; i++)
		pids[i] = spawn(sh, long_task);
	pids[NR_LONG] = spawn(sh, short_task);
	tap_info("the long tasks are pids %d to %d, S is pid %d", pids[0],
		 pids[NR_LONG - 1], pids[NR_LONG]);

	/* Their state in the last cycle's backlog. */
	sleep_until_ns(sh->t0 + (WARMUP + CYCLES - 1) * CYCLE_NS + 200 * MS);
	prio_l = sched_field(pids[0], "interactive.prio");
	prio_s = sched_field(pids[NR_LONG], "interactive.prio");
	burst_l = sched_field(pids[0], "interactive.avg_burst");
	burst_s = sched_field(pids[NR_LONG], "interactive.avg_burst");
	while (waitpid(-1, &st, 0) > 0)
		;
	ia_set(0);

	/* S's expected burst: its average, at least the shortest told apart. */
	bound = (burst_s > 100000 ? burst_s : 100000) + MIN_RUN_NS + WAKE_NS;
	for (j = 0; j < sh->n; j++) {
		rel = sh->due[j] % CYCLE_NS;
		/* In a backlog after the warm-up, once the long tasks are due. */
		if (sh->due[j] < WARMUP * CYCLE_NS || rel < LONG_NS ||
		    rel > (NR_LONG - 1) * LONG_NS)
			continue;
		counted++;
		if (sh->late[j] > bound)
			tap_info("wake-up %d, %lld ms into cycle %lld: %lld us late",
				 j, rel / MS, sh->due[j] / CYCLE_NS,
				 sh->late[j] / 1000);
		over += sh->late[j] > bound;
		if (sh->late[j] > worst)
			worst = sh->late[j];
	}

	tap_ok(prio_s == prio_l && prio_s > 0,
	       "S and the long tasks share a priority level: %lld and %lld",
	       prio_s, prio_l);
	tap_ok(burst_s >= 0 && burst_s < 1 * MS && burst_l > 5 * MS,
	       "average bursts: S %lld us (want < 1000), a long task %lld us (want > 5000)",
	       burst_s / 1000, burst_l / 1000);
	tap_ok(counted > 100, "%d of S's wake-ups fell in the backlogs", counted);
	tap_ok(counted > 100 && over <= SPARE && worst <= LONG_NS,
	       "S ran within its expected burst, the minimum run and the wake-up (%lld us) of its timer at %d of %d wake-ups in a backlog of %d tasks of its level (want all but %d), and never waited a long task's burst (the latest %lld us, want <= %lld)",
	       bound / 1000, counted - over, counted, NR_LONG, SPARE,
	       worst / 1000, LONG_NS / 1000);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Within a priority level, a woken task due first preempts the running
 * task once that has run its minimum since it was picked (1 ms), and the
 * hrtick, not the next tick, ends that minimum.
 *
 * On one CPU, V runs 8 ms every 40 ms and A 0.3 ms; both sleep most of
 * the time and share the top level. In even periods V itself wakes A
 * (a futex) 0.2 ms into its burst, before it has run its minimum; in odd
 * ones a timer wakes A 3 ms into V's period, when V has. The 2003 rule
 * (preempt with twice the running task's timeslice left) mostly makes A
 * wait out V's burst, 5 to 8 ms. Checks:
 *
 *   - A runs more than 1.5 ms after its wake-up (the minimum, plus 0.5 ms
 *     for the wake-up itself) in at most a tenth of them;
 *   - from the sched_interactive_preempt trace event: V is never
 *     preempted in its level before it has run 1 ms, and when A found V
 *     short of its minimum, the median of what V had run when it was
 *     preempted is at most 1.2 ms. Ticks come every ms (HZ=1000 in these
 *     kernels), so with the tick alone that median would be about 1.5 ms.
 *
 * make check runs it in a boot under QEMU icount (see lat_order).
 */
#include <linux/futex.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include "ia.h"

#define PERIOD_NS	(40 * MS)
#define WARMUP		40
#define PERIODS		60
#define MIN_RUN_NS	(1 * MS)
#define LATE_NS		(1500 * 1000LL)
#define INST		TRACING "/instances/lat_preempt"
#define EVENT		INST "/events/sched/sched_interactive_preempt"

struct shared {
	long long t0;
	long long woken;	/* when V woke A, in an even period */
	volatile int seq;	/* the futex: V sets it to k + 1 in period k */
	long long late[WARMUP + PERIODS];
};

static void video(struct shared *sh)
{
	int k;

	for (k = 0; k < WARMUP + PERIODS; k++) {
		sleep_until_ns(sh->t0 + k * PERIOD_NS);
		if (k % 2 == 0) {
			burn_ns(200000);
			sh->woken = now_ns();
			sh->seq = k + 1;
			futex(&sh->seq, FUTEX_WAKE, 1);
		}
		burn_ns(k % 2 ? 8 * MS : 7800000);
	}
	_exit(0);
}

static void audio(struct shared *sh)
{
	long long t;
	int k, v;

	for (k = 0; k < WARMUP + PERIODS; k++) {
		if (k % 2) {
			t = sh->t0 + k * PERIOD_NS + 3 * MS;
			sleep_until_ns(t);
		} else {
			while ((v = sh->seq) != k + 1)
				futex(&sh->seq, FUTEX_WAIT, v);
			t = sh->woken;
		}
		sh->late[k] = now_ns() - t;
		burn_ns(300000);
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

/*
 * From the trace of V's level: the preemptions (their count, and the
 * least V had run at one), and what V had run at those that ended a wait
 * for its minimum (into @ran, their number returned).
 */
static int parse_trace(const char *trace, long long *ran, int max,
		       int *preempts, long long *least)
{
	const char *l = trace;
	int n = 0, waiting = 0;
	long long r;

	*preempts = 0;
	*least = -1;
	while ((l = strstr(l, "curr_pid="))) {
		const char *a = strstr(l, "action=");
		const char *p = strstr(l, " ran=");

		if (!a || !p)
			break;
		r = atoll(p + 5);
		if (!strncmp(a + 7, "preempt", 7)) {
			(*preempts)++;
			if (*least < 0 || r < *least)
				*least = r;
			if (waiting && n < max)
				ran[n++] = r;
			waiting = 0;
		} else {
			waiting = 1;
		}
		l = a + 7;
	}
	return n;
}

int main(void)
{
	static char trace[1 << 20];
	static long long ran[PERIODS * 4];
	long long prio_v, prio_a, late[PERIODS], least;
	int k, n_late = 0, n_ran, preempts, st;
	struct shared *sh;
	char filter[64];
	pid_t pids[2];

	tap_plan(4);
	estimator_setup();
	if (tracefs_mount())
		tap_bail("no tracefs at " TRACING);
	prctl(PR_SET_TIMERSLACK, 1);
	sh = shared_alloc(sizeof(*sh));
	/*
	 * Periods start half a millisecond after a tick (ticks fall on whole
	 * milliseconds of CLOCK_MONOTONIC), so that the tick ends a minimum
	 * run half a tick late, where the hrtick ends it on time.
	 */
	sh->t0 = (now_ns() / MS + 50) * MS + MS / 2;
	pids[0] = spawn(sh, video);
	pids[1] = spawn(sh, audio);

	rmdir(INST);
	if (mkdir(INST, 0755))
		tap_bail("cannot make a trace instance");
	snprintf(filter, sizeof(filter), "curr_pid == %d", pids[0]);
	if (write_file(EVENT "/filter", filter) ||
	    write_file(EVENT "/enable", "1"))
		tap_info("no sched_interactive_preempt event to enable");

	sleep_until_ns(sh->t0 + (WARMUP + PERIODS - 1) * PERIOD_NS + 20 * MS);
	prio_v = sched_field(pids[0], "interactive.prio");
	prio_a = sched_field(pids[1], "interactive.prio");
	while (waitpid(-1, &st, 0) > 0)
		;
	write_file(EVENT "/enable", "0");
	if (read_str(INST "/trace", trace, sizeof(trace)) < 0)
		trace[0] = 0;
	rmdir(INST);
	ia_set(0);

	for (k = 0; k < PERIODS; k++) {
		late[k] = sh->late[WARMUP + k];
		n_late += late[k] > LATE_NS;
	}
	qsort(late, PERIODS, sizeof(late[0]), cmp_ll);
	n_ran = parse_trace(trace, ran, sizeof(ran) / sizeof(ran[0]),
			    &preempts, &least);
	qsort(ran, n_ran, sizeof(ran[0]), cmp_ll);

	tap_ok(prio_v == prio_a && prio_v > 0,
	       "V and A share a priority level: %lld and %lld", prio_v, prio_a);
	tap_ok(n_late <= PERIODS / 10,
	       "A ran more than %lld us after its wake-up %d times in %d (want <= %d); median %lld us, max %lld us",
	       LATE_NS / 1000, n_late, PERIODS, PERIODS / 10,
	       late[PERIODS / 2] / 1000, late[PERIODS - 1] / 1000);
	tap_ok(preempts > 0 && least >= MIN_RUN_NS,
	       "V preempted in its level %d times, never before its minimum run: least run %lld us (want >= %lld)",
	       preempts, least / 1000, MIN_RUN_NS / 1000);
	tap_ok(n_ran >= PERIODS / 4 && ran[n_ran / 2] <= 1200 * 1000LL,
	       "V preempted at the end of its minimum run %d times (want >= %d), median run then %lld us (want <= 1200)",
	       n_ran, PERIODS / 4, n_ran ? ran[n_ran / 2] / 1000 : -1);
	return tap_exit();
}

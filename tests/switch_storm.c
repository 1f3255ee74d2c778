// SPDX-License-Identifier: GPL-2.0
/*
 * A switch storm: the class is switched on and off many times while
 * hundreds of tasks fork, exit, change nice and policy, change affinity,
 * and sleep and wake. Afterwards every task is in the class its policy
 * and the setting call for, no worker was lost (each is alive and still
 * gets the CPU), and each kept the policy and nice it last set.
 *
 *   switch_storm [TOGGLES [WORKERS]]    (default 100 toggles, 100 workers)
 *
 * or, with no arguments, TOGGLES,WORKERS from $IA_STORM (ia.storm=).
 *
 * make check runs the default; make stress runs 1000 toggles with 100
 * workers on the debug kernel.
 */
#include "ia.h"

#define MAX_WORKERS 1000

struct worker_state {
	volatile int policy, nice;
	volatile unsigned long turns, acks;
};

struct shared {
	volatile int stop;	/* 1: stop churning and wait */
	volatile int ping;	/* each worker acks every change */
	struct worker_state w[MAX_WORKERS];
};

static struct shared *sh;

static unsigned int rnd(unsigned int *s)
{
	*s = *s * 1103515245 + 12345;
	return *s >> 16;
}

/* One worker: a policy that moves it between classes, and churn. */
static void worker(int i, int ncpus)
{
	struct worker_state *me = &sh->w[i];
	unsigned int seed = 7919 * (i + 1);
	static const int policies[] = { SCHED_OTHER, SCHED_OTHER, SCHED_BATCH,
					SCHED_IDLE };
	struct sched_param sp = { 0 };
	int seen_ping = 0;

	for (;;) {
		unsigned int r = rnd(&seed);
		cpu_set_t set;
		int cpu;

		if (sh->stop) {
			if (sh->ping != seen_ping) {
				seen_ping = sh->ping;
				me->acks++;
			}
			sleep_ms(20);
			continue;
		}
		me->turns++;
		switch (r % 7) {
		case 0: {
			pid_t c = fork();

			if (c == 0)
				_exit(0);
			if (c > 0)
				waitpid(c, NULL, 0);
			break;
		}
		case 1:
			me->nice = (int)(rnd(&seed) % 25) - 5;
			setpriority(PRIO_PROCESS, 0, me->nice);
			me->nice = getpriority(PRIO_PROCESS, 0);
			break;
		case 2:
			me->policy = policies[rnd(&seed) % 4];
			if (sched_setscheduler(0, me->policy, &sp))
				me->policy = sched_getscheduler(0);
			/* SCHED_IDLE keeps nice; the others too. */
			break;
		case 3:
			CPU_ZERO(&set);
			cpu = rnd(&seed) % ncpus;
			CPU_SET(cpu, &set);
			if (rnd(&seed) & 1)
				CPU_SET((cpu + 1) % ncpus, &set);
			sched_setaffinity(0, sizeof(set), &set);
			break;
		case 4:
			sleep_ms(rnd(&seed) % 3);
			break;
		case 5:
			sched_yield();
			break;
		default:
			burn_ns((rnd(&seed) % 500) * 1000);
			break;
		}
	}
}

int main(int argc, char **argv)
{
	const char *env = getenv("IA_STORM");
	int toggles = 100, nworkers = 100;
	int i, ok, errors = 0, lost = 0, wrong = 0, idle = 0;
	pid_t *pids;
	struct class_count on, off;
	struct sched_param rt = { 0 };
	long long t0, t;

	if (argc > 1) {
		toggles = atoi(argv[1]);
		nworkers = argc > 2 ? atoi(argv[2]) : nworkers;
	} else if (env && *env && sscanf(env, "%d,%d", &toggles, &nworkers) < 1) {
		toggles = 0;
	}
	if (toggles < 2 || nworkers < 1 || nworkers > MAX_WORKERS) {
		fprintf(stderr, "usage: switch_storm [TOGGLES >= 2 [WORKERS <= %d]]\n",
			MAX_WORKERS);
		return 2;
	}
	tap_plan(6);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(0);
	sh = shared_alloc(sizeof(*sh));
	pids = calloc(nworkers, sizeof(*pids));
	if (!pids)
		tap_bail("out of memory");

	/*
	 * The switcher runs at SCHED_FIFO, so that hundreds of busy workers
	 * on a slow (debug, emulated) kernel do not spread the storm over
	 * hours; they start as SCHED_OTHER (reset on fork).
	 */
	rt.sched_priority = 10;
	if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &rt))
		tap_bail("cannot take SCHED_FIFO");
	for (i = 0; i < nworkers; i++) {
		sh->w[i].policy = SCHED_OTHER;
		pids[i] = fork();
		if (pids[i] < 0)
			tap_bail("fork");
		if (pids[i] == 0)
			worker(i, nr_cpus());
	}
	sleep_ms(100);

	t0 = now_ns();
	for (i = 0; i < toggles; i++) {
		if (ia_set(!(i & 1)))
			errors++;
		if (i % 10 == 9)
			sleep_ms(1);
	}
	t = now_ns() - t0;
	tap_ok(!errors, "%d switches with %d workers churning, in %lld ms",
	       toggles, nworkers, t / MS);

	/* Stop the churn and check that every worker still runs. */
	sh->stop = 1;
	sleep_ms(200);
	sh->ping++;
	for (t0 = now_ns(); now_ns() - t0 < 10000 * MS; sleep_ms(50)) {
		for (ok = 1, i = 0; i < nworkers && ok; i++)
			ok = sh->w[i].acks > 0;
		if (ok)
			break;
	}
	for (i = 0; i < nworkers; i++) {
		if (!alive(pids[i]) || !sh->w[i].acks || !sh->w[i].turns) {
			if (lost++ < 5)
				tap_info("worker %d (pid %d): alive %d, %lu turns, %lu acks",
					 i, pids[i], alive(pids[i]),
					 sh->w[i].turns, sh->w[i].acks);
		}
		if (sched_getscheduler(pids[i]) != sh->w[i].policy ||
		    getpriority(PRIO_PROCESS, pids[i]) != sh->w[i].nice)
			wrong++;
		idle += sh->w[i].policy == SCHED_IDLE;
	}
	tap_ok(!lost, "all %d workers alive and running after the storm", nworkers);
	tap_ok(!wrong, "every worker kept the policy and nice it set (%d idle)",
	       idle);

	ia_set(1);
	count_classes(&on);
	tap_ok(on.owned_off == 0 && on.other_on == 0 && on.owned_on >= nworkers - idle,
	       "class on: %d normal/batch tasks in it, %d out; %d others in it",
	       on.owned_on, on.owned_off, on.other_on);
	ia_set(0);
	count_classes(&off);
	/* A kernel thread may come or go between the two counts. */
	tap_ok(off.owned_on == 0 && off.other_on == 0 &&
	       abs(off.total - on.total) <= 2,
	       "class off: none in it; %d tasks with it on, %d with it off",
	       on.total, off.total);

	/* And once more, with the workers churning, ending with the class on. */
	sh->stop = 0;
	for (i = 0; i < 20; i++)
		ia_set(!(i & 1));
	ia_set(1);
	sh->stop = 1;
	sleep_ms(100);
	count_classes(&on);
	ia_set(0);
	tap_ok(on.owned_off == 0 && on.other_on == 0,
	       "after churn, on: %d normal/batch tasks in the class, %d out",
	       on.owned_on, on.owned_off);
	kill_all(pids, nworkers);
	return tap_exit();
}

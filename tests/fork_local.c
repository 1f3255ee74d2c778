// SPDX-License-Identifier: GPL-2.0
/*
 * Where a new task starts. While another CPU is idle, on that CPU, as
 * fair's fork balance starts it (from the smp milestone on): it runs at
 * once, and its parent goes on. While every other CPU runs tasks of the
 * class, on its parent's CPU, where it runs before its parent goes on,
 * as in 2003: it shares its parent's pages until it execs or writes to
 * them, and the exec places it again (sched_exec()). The parent may use
 * every CPU; for the second case a hog is pinned to each CPU.
 *
 * The child runs first if the parent is switched out as fork() returns:
 * its count of involuntary switches goes up. Where the child started
 * shows only if it reads its CPU before it is first switched out. With
 * the latency order, a child that runs past its expected burst has its
 * parent due first, and the parent takes the CPU back once the child
 * has run its minimum (1 ms, which its return from fork() with its
 * copy-on-write faults can take under TCG); while the child waits there
 * an idle CPU may pull it, as it should. The child counts its own
 * switches after it reads its CPU; a try where that is not 0 tells
 * nothing about where it started and is made again.
 */
#include <sys/resource.h>

#include "ia.h"

#define TRIES 20

/* What the child reports: where it read its CPU, and its switches then. */
struct child_report {
	int cpu;
	long switches;
};

static void thread_rusage(struct rusage *ru)
{
	if (getrusage(RUSAGE_THREAD, ru))
		tap_bail("getrusage");
}

/* This thread's involuntary context switches so far. */
static long nivcsw(void)
{
	struct rusage ru;

	thread_rusage(&ru);
	return ru.ru_nivcsw;
}

/* And all of its context switches, voluntary or not. */
static long nswitches(void)
{
	struct rusage ru;

	thread_rusage(&ru);
	return ru.ru_nvcsw + ru.ru_nivcsw;
}

/*
 * Fork TRIES times from a parent that may use every CPU: how many
 * children started on the parent's CPU (*@same), and how many ran
 * before their parent went on (*@first).
 */
static void forks(int *same, int *first)
{
	volatile struct child_report *child = shared_alloc(sizeof(*child));
	int i, cpu, again;
	long n0, n1;
	pid_t pid;

	*same = *first = 0;
	for (i = 0, again = 0; i < TRIES; i++) {
		sleep_ms(20);
		child->cpu = -1;
		child->switches = -1;
		n0 = nivcsw();
		cpu = sched_getcpu();
		pid = fork();
		if (pid < 0)
			tap_bail("fork");
		if (pid == 0) {
			child->cpu = sched_getcpu();
			/* After the CPU: 0 means it was read before a switch. */
			child->switches = nswitches();
			_exit(0);
		}
		n1 = nivcsw();
		if (waitpid(pid, NULL, 0) != pid)
			tap_bail("waitpid");
		tap_info("try %d: parent on CPU %d, child read CPU %d%s%s%s",
			 i, cpu, child->cpu,
			 n1 > n0 ? ", before its parent went on" : "",
			 n1 - n0 > 1 ? "; the parent was preempted twice, again" : "",
			 child->switches ?
			 "; the child was switched out before it read it, again" : "");
		/*
		 * The child running first switches the parent out once. A
		 * second switch may have come before the fork, and moved the
		 * parent off the CPU it read; a switch of the child before it
		 * read its own may have moved the child: such a try tells
		 * nothing.
		 */
		if ((n1 - n0 > 1 || child->switches) && again++ < TRIES) {
			i--;
			continue;
		}
		*same += child->cpu == cpu;
		*first += n1 > n0;
	}
}

int main(void)
{
	int i, n = nr_cpus(), same, first, nhogs = 0;
	pid_t hogs[CPU_SETSIZE];

	tap_plan(3);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	if (allow_all_cpus(0))
		tap_bail("cannot allow every CPU");

	if (n < 2 || milestone_idx() < M_SMP) {
		tap_skip(n < 2 ? "needs a second CPU" :
			 "a child starts on an idle CPU from the smp milestone");
	} else {
		forks(&same, &first);
		/* A kernel thread may be running on the idle CPU then. */
		tap_ok(same <= TRIES / 10,
		       "with the other CPUs idle, a new task starts on one of them (%d of %d on its parent's CPU, want <= %d)",
		       same, TRIES, TRIES / 10);
	}

	/* Every other CPU busy with a task of the class. */
	for (i = 0; n > 1 && i < n; i++)
		hogs[nhogs++] = spawn_hog(i, 0, SCHED_OTHER);
	if (nhogs)
		sleep_ms(100);
	forks(&same, &first);
	kill_all(hogs, nhogs);
	tap_ok(same == TRIES,
	       "with every CPU busy, a new task starts on its parent's CPU (%d of %d, %d CPUs)",
	       same, TRIES, n);
	tap_ok(first == TRIES,
	       "and runs before its parent goes on (%d of %d)", first, TRIES);
	ia_set(0);
	return tap_exit();
}

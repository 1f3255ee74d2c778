// SPDX-License-Identifier: GPL-2.0
/*
 * A new task starts on its parent's CPU, where it may run there, and
 * runs before its parent goes on, as in 2003: it shares its parent's
 * pages until it execs or writes to them, and the exec is where it is
 * placed on the least busy CPU (sched_exec()). The parent may use every
 * CPU and the others are idle, so a placement that looks for an idle CPU
 * at fork sends the child away.
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

int main(void)
{
	int i, cpu, again, same = 0, first = 0;
	volatile struct child_report *child;
	long n0, n1;
	pid_t pid;

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	if (allow_all_cpus(0))
		tap_bail("cannot allow every CPU");
	child = shared_alloc(sizeof(*child));

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
		same += child->cpu == cpu;
		first += n1 > n0;
	}
	tap_ok(same == TRIES,
	       "a new task starts on its parent's CPU (%d of %d, %d CPUs)",
	       same, TRIES, nr_cpus());
	tap_ok(first == TRIES,
	       "a new task runs before its parent goes on (%d of %d)",
	       first, TRIES);
	ia_set(0);
	return tap_exit();
}

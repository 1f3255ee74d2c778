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
 * its count of involuntary switches goes up. What the child does first
 * cannot tell: a tick may find the child's slice at a round-robin point
 * (one in 25 ms of slices) and requeue it behind the parent before it
 * reads anything, after it did run first.
 */
#include <sys/resource.h>

#include "ia.h"

#define TRIES 20

/* The parent's involuntary context switches so far. */
static long nivcsw(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		tap_bail("getrusage");
	return ru.ru_nivcsw;
}

int main(void)
{
	int i, cpu, again, same = 0, first = 0;
	volatile int *child_cpu;
	long n0, n1;
	pid_t pid;

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	if (allow_all_cpus(0))
		tap_bail("cannot allow every CPU");
	child_cpu = shared_alloc(sizeof(*child_cpu));

	for (i = 0, again = 0; i < TRIES; i++) {
		sleep_ms(20);
		*child_cpu = -1;
		n0 = nivcsw();
		cpu = sched_getcpu();
		pid = fork();
		if (pid < 0)
			tap_bail("fork");
		if (pid == 0) {
			*child_cpu = sched_getcpu();
			_exit(0);
		}
		n1 = nivcsw();
		if (waitpid(pid, NULL, 0) != pid)
			tap_bail("waitpid");
		tap_info("try %d: parent on CPU %d, child started on CPU %d%s%s",
			 i, cpu, *child_cpu,
			 n1 > n0 ? ", before its parent went on" : "",
			 n1 - n0 > 1 ? "; the parent was preempted twice, again" : "");
		/*
		 * The child running first switches the parent out once. A
		 * second switch may have come before the fork, and moved the
		 * parent off the CPU it read: that try tells nothing.
		 */
		if (n1 - n0 > 1 && again++ < TRIES) {
			i--;
			continue;
		}
		same += *child_cpu == cpu;
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

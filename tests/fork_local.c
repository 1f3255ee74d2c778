// SPDX-License-Identifier: GPL-2.0
/*
 * A new task starts on its parent's CPU, where it may run there, and
 * runs before its parent goes on, as in 2003: it shares its parent's
 * pages until it execs or writes to them, and the exec is where it is
 * placed on the least busy CPU (sched_exec()). The parent may use every
 * CPU and the others are idle, so a placement that looks for an idle CPU
 * at fork sends the child away.
 */
#include <sys/mman.h>

#include "ia.h"

#define TRIES 20

struct shared {
	int child_cpu;
	int child_first;
	int parent_back;
};

int main(void)
{
	int i, cpu, same = 0, first = 0;
	volatile struct shared *sh;
	cpu_set_t all;
	pid_t pid;

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	CPU_ZERO(&all);
	for (i = 0; i < nr_cpus(); i++)
		CPU_SET(i, &all);
	if (sched_setaffinity(0, sizeof(all), &all))
		tap_bail("cannot allow every CPU");
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		tap_bail("mmap");

	for (i = 0; i < TRIES; i++) {
		sleep_ms(20);
		sh->child_cpu = -1;
		sh->parent_back = 0;
		cpu = sched_getcpu();
		pid = fork();
		if (pid < 0)
			tap_bail("fork");
		if (pid == 0) {
			sh->child_cpu = sched_getcpu();
			sh->child_first = !sh->parent_back;
			_exit(0);
		}
		sh->parent_back = 1;
		if (waitpid(pid, NULL, 0) != pid)
			tap_bail("waitpid");
		tap_info("try %d: parent on CPU %d, child started on CPU %d%s",
			 i, cpu, sh->child_cpu,
			 sh->child_first ? ", before its parent went on" : "");
		same += sh->child_cpu == cpu;
		first += sh->child_first;
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

// SPDX-License-Identifier: GPL-2.0
/*
 * A CPU that runs out of tasks of the class pulls from a busier one as
 * it goes idle, with interrupts off while the pull looks at the other
 * CPU's tasks. When the CPU's idle spells are shorter than a pull takes,
 * each pull holds off the wake-up that ends the spell, for nothing to run
 * meanwhile. As fair's newidle balance, the class then does not try: a
 * pull is tried only while the CPU's average idle spell is longer than
 * the longest pull took lately.
 *
 * CPU 1 holds NR_HOGS hogs pinned there, and nr_migrate is raised to
 * NR_MIGRATE (debugfs) for the test: each pull from CPU 1 looks at that
 * many tasks and moves none. A task pinned to CPU 0 sleeps 2 us SLEEPS
 * times: each sleep is a short idle spell of CPU 0, with a pull before
 * it. The pulls that looked at tasks, the sched_interactive_balance
 * events with dst_cpu=0 (from a trace instance of the test's own), must
 * be at most a tenth of the sleeps.
 */
#include <sys/prctl.h>
#include <sys/stat.h>

#include "ia.h"

#define NR_HOGS		300
#define NR_MIGRATE	256
#define SLEEPS		1000
#define INST		TRACING "/instances/newidle_cost"
#define EVENT		INST "/events/sched/sched_interactive_balance"
#define NR_MIGRATE_PATH	"/sys/kernel/debug/sched/nr_migrate"

/* Events written to the instance, kept or since overwritten. */
static long events(void)
{
	char path[128], buf[1024], *p, *q;
	long n = 0;
	int cpu;

	for (cpu = 0; cpu < nr_cpus(); cpu++) {
		snprintf(path, sizeof(path), INST "/per_cpu/cpu%d/stats", cpu);
		if (read_str(path, buf, sizeof(buf)) < 0 ||
		    !(p = strstr(buf, "entries: ")) ||
		    !(q = strstr(buf, "overrun: ")))
			tap_bail("cannot read the trace instance's stats");
		n += atol(p + strlen("entries: ")) +
		     atol(q + strlen("overrun: "));
	}
	return n;
}

int main(void)
{
	struct timespec ts = { 0, 2000 };
	char old_migrate[32], migrate[32];
	pid_t hogs[NR_HOGS];
	long pulls;
	int i;

	tap_plan(1);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (nr_cpus() < 2) {
		tap_skip("needs two CPUs");
		return tap_exit();
	}
	if (tracefs_mount())
		tap_bail("no tracefs");
	if (read_str(NR_MIGRATE_PATH, old_migrate, sizeof(old_migrate)) <= 0)
		tap_bail("no " NR_MIGRATE_PATH);
	ia_set(1);
	for (i = 0; i < NR_HOGS; i++)
		hogs[i] = spawn_hog(1, 0, SCHED_OTHER);
	if (pin_to(0, 0))
		tap_bail("cannot pin to CPU 0");
	prctl(PR_SET_TIMERSLACK, 1);
	sleep_ms(500);

	snprintf(migrate, sizeof(migrate), "%d", NR_MIGRATE);
	rmdir(INST);
	if (mkdir(INST, 0755) ||
	    write_file(EVENT "/filter", "dst_cpu == 0 && looked > 0") ||
	    write_file(NR_MIGRATE_PATH, migrate) ||
	    write_file(EVENT "/enable", "1"))
		tap_bail("cannot trace sched_interactive_balance, or set nr_migrate");
	for (i = 0; i < SLEEPS; i++)
		nanosleep(&ts, NULL);
	write_file(EVENT "/enable", "0");
	write_file(NR_MIGRATE_PATH, old_migrate);
	pulls = events();
	rmdir(INST);
	kill_all(hogs, NR_HOGS);
	ia_set(0);

	tap_ok(pulls <= SLEEPS / 10,
	       "%d short idle spells of CPU 0 beside CPU 1's %d pinned hogs: %ld pulls looked at tasks (want <= %d)",
	       SLEEPS, NR_HOGS, pulls, SLEEPS / 10);
	return tap_exit();
}

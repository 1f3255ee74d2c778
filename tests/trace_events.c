// SPDX-License-Identifier: GPL-2.0
/*
 * The estimator's trace events: sched_interactive_recalc fires on each
 * priority recalculation from a sleep, with the sleep and sleep_avg
 * before and after; sched_interactive_expire on each timeslice expiry,
 * with where the task went.
 */
#include "ia.h"


static char buf[1 << 20];

int main(void)
{
	int recalc = 0, rising = 1, expire = 0, i;
	char *line, pat[64], hogpat[64];
	pid_t hog;

	tap_plan(3);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	tracefs_mount();
	if (access(TRACING "/events/sched/sched_interactive_recalc/enable", W_OK))
		tap_bail("no tracefs or no sched_interactive events");
	ia_set(1);
	pin_to(0, 1 % nr_cpus());
	make_fresh();
	write_file(TRACING "/trace", "");
	write_file(TRACING "/events/sched/sched_interactive_recalc/enable", "1");
	write_file(TRACING "/events/sched/sched_interactive_expire/enable", "1");
	write_file(TRACING "/tracing_on", "1");

	for (i = 0; i < 20; i++) {
		sleep_ms(5);
		burn_ns(MS);
	}
	hog = spawn_hog(1 % nr_cpus(), 0, SCHED_OTHER);
	sleep_ms(400);
	kill_all(&hog, 1);

	write_file(TRACING "/tracing_on", "0");
	write_file(TRACING "/events/sched/sched_interactive_recalc/enable", "0");
	write_file(TRACING "/events/sched/sched_interactive_expire/enable", "0");
	if (read_str(TRACING "/trace", buf, sizeof(buf)) < 0)
		buf[0] = 0;

	snprintf(pat, sizeof(pat), "sched_interactive_recalc: pid=%d ", getpid());
	snprintf(hogpat, sizeof(hogpat), "sched_interactive_expire: pid=%d ", hog);
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		char *p = strstr(line, pat);
		unsigned long long sl, old, sa;
		long credit;
		int prio;

		if (p && sscanf(p + strlen(pat),
				"sleep_ns=%llu old_sleep_avg=%llu sleep_avg=%llu credit=%ld prio=%d",
				&sl, &old, &sa, &credit, &prio) == 5) {
			recalc++;
			if (sa < old || prio < 100 || prio > 139)
				rising = 0;
		}
		p = strstr(line, hogpat);
		if (p && strstr(p, "interactive=0 expired=1"))
			expire++;
	}
	tap_ok(recalc >= 20, "%d sched_interactive_recalc events for 20 wake-ups", recalc);
	tap_ok(recalc && rising, "each shows the sleep, sleep_avg before and after, credit and prio");
	tap_ok(expire >= 2, "%d sched_interactive_expire events for a 400 ms hog, to the expired array",
	       expire);
	ia_set(0);
	return tap_exit();
}

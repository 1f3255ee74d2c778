// SPDX-License-Identifier: GPL-2.0
/*
 * Switching the class on sets up its deadline server on every online CPU,
 * which needs 5 % of the CPU's SCHED_DEADLINE bandwidth. When admitted
 * deadline tasks already hold the rest of it (95 % less the fair
 * server's 5 %), the switch is refused with EBUSY, the console says why
 * and the class stays off; once they are gone, it switches on.
 *
 * A server keeps its bandwidth once it has it, so this runs only in a
 * boot where the class has not been on yet.
 */
#include "ia.h"

#define DL_PERIOD	(100 * MS)
#define DL_RUNTIME	(90 * MS)	/* 90 %: with the fair server, all of 95 % */

/* An admitted deadline task that sleeps; -1 if it was not admitted. */
static pid_t spawn_dl(void)
{
	int fd, err = -1;
	pid_t pid = fork_piped(&fd);

	if (pid == 0) {
		struct sched_attr0 a = {
			.size = sizeof(a), .sched_policy = SCHED_DEADLINE,
			.sched_runtime = DL_RUNTIME,
			.sched_deadline = DL_PERIOD,
			.sched_period = DL_PERIOD };

		err = syscall(SYS_sched_setattr, 0, &a, 0) ? errno : 0;
		if (write(fd, &err, sizeof(err)) != sizeof(err) || err)
			_exit(1);
		for (;;)
			pause();
	}
	if (read_report(fd, &err, sizeof(err)))
		err = -1;
	if (err) {
		tap_info("SCHED_DEADLINE 90/100 ms not admitted: %s",
			 err > 0 ? strerror(err) : "no answer");
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

int main(void)
{
	int i, n = nr_cpus(), err;
	pid_t dl[64];

	tap_plan(4);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (ia_get() == 1 || klog_has("sched_interactive: class switched on")) {
		for (i = 0; i < 4; i++)
			tap_skip("the class has been on in this boot: its servers hold their bandwidth");
		return tap_exit();
	}
	if (n > 64)
		n = 64;

	/* One 90 % deadline task per CPU: the root domain is full. */
	for (i = 0; i < n; i++) {
		dl[i] = spawn_dl();
		if (dl[i] < 0) {
			kill_all(dl, i);
			tap_bail("could not admit the deadline tasks");
		}
	}
	err = ia_set(1);
	tap_ok(err == EBUSY && ia_get() == 0,
	       "with %d deadline tasks at 90 %%, switching on fails: %s, class %s",
	       n, strerror(err), ia_get() ? "on" : "off");
	tap_ok(klog_has("no SCHED_DEADLINE bandwidth left"),
	       "the console says the class's server has no bandwidth");

	/* Their bandwidth is given back when they exit. */
	kill_all(dl, n);
	for (i = 0; i < 20 && ia_set(1); i++)
		sleep_ms(50);
	tap_ok(ia_get() == 1, "with them gone, the class switches on");
	ia_set(0);
	tap_ok(ia_get() == 0, "and off again");
	return tap_exit();
}

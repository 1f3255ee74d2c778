// SPDX-License-Identifier: GPL-2.0
/*
 * With the class on and 8 CPU hogs running, the system stays usable: a
 * shell answers a command promptly, every time.
 */
#include "ia.h"

int main(void)
{
	long long worst = 0, t0, d;
	pid_t pids[8];
	int i, st, ok = 1;

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	for (i = 0; i < 8; i++)
		pids[i] = spawn_hog(-1, 0, SCHED_OTHER);
	sleep_ms(500);
	for (i = 0; i < 10; i++) {
		pid_t c;

		t0 = now_ns();
		c = fork();
		if (c == 0) {
			execl("/bin/sh", "sh", "-c", "echo answered >/dev/null", (char *)NULL);
			_exit(127);
		}
		waitpid(c, &st, 0);
		d = now_ns() - t0;
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			ok = 0;
		if (d > worst)
			worst = d;
		sleep_ms(100);
	}
	kill_all(pids, 8);
	ia_set(0);
	tap_ok(ok, "the shell ran its command every time");
	tap_ok(worst < 2000000000LL, "slowest answer %lld ms (want < 2 s)", worst / 1000000);
	return tap_exit();
}

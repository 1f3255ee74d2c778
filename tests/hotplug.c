// SPDX-License-Identifier: GPL-2.0
/*
 * Taking a CPU offline and back online with class tasks pinned to it or
 * runnable on it loses no task: every one keeps running, in the class.
 */
#include "ia.h"

#define ONLINE "/sys/devices/system/cpu/cpu1/online"
#define N 5

static int all_progress(pid_t *pids, int n)
{
	long long r0[N];
	int i, ok = 1;

	for (i = 0; i < n; i++)
		r0[i] = runtime_ns(pids[i]);
	sleep_ms(1500);
	for (i = 0; i < n; i++) {
		if (!alive(pids[i]) || runtime_ns(pids[i]) <= r0[i] ||
		    on_interactive(pids[i], pids[i]) != 1) {
			tap_info("task %d: alive %d, ran %lld ns, in class %d", pids[i],
				 alive(pids[i]), runtime_ns(pids[i]) - r0[i],
				 on_interactive(pids[i], pids[i]));
			ok = 0;
		}
	}
	return ok;
}

int main(void)
{
	pid_t pids[N];
	int i;

	tap_plan(4);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (nr_cpus() < 2) {
		for (i = 0; i < 4; i++)
			tap_skip("needs CPU 1");
		return tap_exit();
	}
	/* The test kernel has CPU hotplug: without it, fail. */
	if (access(ONLINE, W_OK))
		tap_bail("no " ONLINE ": a kernel without CPU hotplug");
	ia_set(1);
	pin_to(0, 0);
	pids[0] = spawn_hog(1, 0, SCHED_OTHER);
	pids[1] = spawn_hog(1, 5, SCHED_BATCH);
	pids[2] = spawn_hog(-1, 0, SCHED_OTHER);
	pids[3] = spawn_hog(-1, 0, SCHED_OTHER);
	pids[4] = spawn_hog(-1, -5, SCHED_OTHER);
	sleep_ms(500);

	tap_ok(write_file(ONLINE, "0") == 0, "CPU 1 taken offline");
	tap_ok(all_progress(pids, N), "offline: all %d tasks alive, running, in the class", N);
	tap_ok(write_file(ONLINE, "1") == 0, "CPU 1 back online");
	tap_ok(all_progress(pids, N), "online: all %d tasks alive, running, in the class", N);

	kill_all(pids, N);
	ia_set(0);
	return tap_exit();
}

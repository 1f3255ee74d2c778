// SPDX-License-Identifier: GPL-2.0
/*
 * Switching the class on and off at run time moves every task: with the
 * class on, every SCHED_NORMAL and SCHED_BATCH task is in it and no other;
 * with it off, none is. No task is lost, and policy and nice are kept.
 */
#include "ia.h"

#define NTASKS 6

struct task {
	pid_t pid;
	int policy, nice, owned;
};

static int check_tasks(struct task *t, int n, int want_on)
{
	int i, ok = 1;

	for (i = 0; i < n; i++) {
		int on = on_interactive(t[i].pid, t[i].pid);
		int policy = sched_getscheduler(t[i].pid);
		int nice;

		errno = 0;
		nice = getpriority(PRIO_PROCESS, t[i].pid);
		if (!alive(t[i].pid) || policy != t[i].policy ||
		    (t[i].policy != SCHED_FIFO && nice != t[i].nice) ||
		    on != (want_on && t[i].owned)) {
			tap_info("task %d: alive %d policy %d (want %d) nice %d (want %d) on %d",
				 t[i].pid, alive(t[i].pid), policy, t[i].policy,
				 nice, t[i].nice, on);
			ok = 0;
		}
	}
	return ok;
}

int main(void)
{
	struct task t[NTASKS] = {
		{ 0, SCHED_OTHER, 0, 1 },
		{ 0, SCHED_OTHER, 7, 1 },
		{ 0, SCHED_BATCH, -3, 1 },
		{ 0, SCHED_IDLE, 0, 0 },
		{ 0, SCHED_FIFO, 0, 0 },
		{ 0, SCHED_OTHER, 3, 1 },	/* the hog */
	};
	pid_t pids[NTASKS];
	struct class_count before, on, off;
	int i, ok;

	tap_plan(9);

	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing: kernel without the class?");
	ia_set(0);

	for (i = 0; i < NTASKS - 1; i++)
		t[i].pid = spawn_sleeper(t[i].nice, t[i].policy,
					 t[i].policy == SCHED_FIFO ? 10 : 0);
	t[i].pid = spawn_hog(-1, t[i].nice, t[i].policy);
	for (i = 0; i < NTASKS; i++)
		pids[i] = t[i].pid;
	sleep_ms(200);

	count_classes(&before);
	tap_info("off: %d tasks, %d normal/batch", before.total,
		 before.owned_off + before.owned_on);
	tap_ok(before.owned_on == 0 && before.other_on == 0,
	       "class off at start: no task in the class");

	tap_ok(ia_set(1) == 0 && ia_get() == 1, "sysctl switches the class on");
	count_classes(&on);
	tap_info("on: %d normal/batch in the class, %d not; %d others in it, %d not",
		 on.owned_on, on.owned_off, on.other_on, on.other_off);
	/*
	 * Kernel threads come and go (a kworker may be forked meanwhile), so
	 * the totals are reported; what must hold exactly is that no task is
	 * on the wrong class, and that the test's own tasks all survive.
	 */
	tap_ok(on.owned_off == 0 && on.other_on == 0 && on.owned_on > 0,
	       "on: all %d normal/batch tasks in the class (%d before), no other task",
	       on.owned_on, before.owned_off);
	tap_ok(check_tasks(t, NTASKS, 1),
	       "on: test tasks alive, policy and nice kept, idle and fifo left out");

	tap_ok(ia_set(0) == 0 && ia_get() == 0, "sysctl switches the class off");
	count_classes(&off);
	tap_ok(off.owned_on == 0 && off.other_on == 0 && off.owned_off > 0,
	       "off: no task in the class; %d normal/batch tasks back on fair (%d before)",
	       off.owned_off, before.owned_off);
	tap_ok(check_tasks(t, NTASKS, 0), "off: test tasks alive, policy and nice kept");

	/* Many switches in a row, with a hog running and tasks forking. */
	ok = 1;
	for (i = 0; i < 100 && ok; i++) {
		pid_t c = fork();

		if (c == 0)
			_exit(0);
		ok = ia_set(i & 1 ? 0 : 1) == 0;
		waitpid(c, NULL, 0);
	}
	ia_set(1);
	count_classes(&on);
	ia_set(0);
	count_classes(&off);
	tap_ok(ok && on.owned_off == 0 && on.other_on == 0 &&
	       off.owned_on == 0 && check_tasks(t, NTASKS, 0),
	       "100 switches with forks: every task ends on the right class");

	tap_ok(klog_has("sched_interactive: class switched on") &&
	       klog_has("sched_interactive: class switched off"),
	       "kernel log says when the class was switched on and off");

	kill_all(pids, NTASKS);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A new task's first slice is half of what its parent had left, which
 * may be next to nothing. Until the task has run a whole slice of its
 * own it has not used one: when that first slice runs out it gets the
 * rest of one and stays in the active array. In 2003 it was expired
 * like any task that used its slice, and unless the estimator found it
 * interactive, it waited in the expired array until every task in the
 * active one had used its own: the first late cycle of cyclictest's
 * measuring thread, and a shell command beside hogs that answers late.
 *
 * On one CPU, beside HOGS CPU hogs with fresh slices, a parent with a
 * fresh estimate (as the hogs, not interactive) halves its slice by
 * forking SPLITS children that sleep, then forks one that needs
 * CHILD_NS of CPU: its first slice, about 0.8 ms, runs out at once. The
 * child must be done within half of one hog's slice; in the expired
 * array it waits for both hogs' slices. make check runs it in a boot
 * under QEMU icount (lat_order).
 */
#include "ia.h"

#define HOGS		2
#define SPLITS		6
#define CHILD_NS	(5 * MS)
#define TRIES		5
/* Half of a nice-0 hog's 102 ms slice: */
#define DONE_MAX_NS	(102 * MS / 2)

int main(void)
{
	long long t0, took[TRIES], *done;
	pid_t hogs[HOGS], sleepers[SPLITS], c;
	int i, j, st, ok = 0;

	tap_plan(1);
	estimator_setup();
	done = shared_alloc(sizeof(*done));
	for (i = 0; i < HOGS; i++)
		hogs[i] = spawn_hog(-1, 0, SCHED_OTHER);

	for (i = 0; i < TRIES; i++) {
		sleep_ms(50);
		if (make_fresh())
			tap_bail("cannot reset the estimate (the class off and on)");
		for (j = 0; j < SPLITS; j++)
			sleepers[j] = spawn_sleeper(0, SCHED_OTHER, 0);
		t0 = now_ns();
		c = fork();
		if (c < 0)
			tap_bail("fork");
		if (!c) {
			burn_ns(CHILD_NS);
			*done = now_ns();
			_exit(0);
		}
		if (waitpid(c, &st, 0) != c || !WIFEXITED(st))
			tap_bail("waitpid");
		kill_all(sleepers, SPLITS);
		took[i] = *done - t0;
		ok += took[i] <= DONE_MAX_NS;
		tap_info("try %d: the child was done %lld us after the fork", i,
			 took[i] / 1000);
	}
	kill_all(hogs, HOGS);
	ia_set(0);
	qsort(took, TRIES, sizeof(took[0]), cmp_ll);
	tap_ok(ok == TRIES,
	       "a child forked with next to no slice ran its %lld ms beside %d hogs within %lld ms each time (%d of %d; the slowest %lld ms)",
	       CHILD_NS / MS, HOGS, DONE_MAX_NS / MS, ok, TRIES,
	       took[TRIES - 1] / MS);
	return tap_exit();
}

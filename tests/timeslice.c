// SPDX-License-Identifier: GPL-2.0
/*
 * The O(1) core: timeslices by nice in nanoseconds, expiry into the
 * expired array, the fork split, and sched_yield() to the expired array.
 */
#include "ia.h"

/*
 * A sleeping task at @nice with a full slice: switching the class off
 * and on starts every task in it afresh, with the slice of its nice.
 */
static pid_t fresh_sleeper(int nice)
{
	pid_t pid = spawn_sleeper(nice, SCHED_OTHER, 0);

	sleep_ms(20);
	if (make_fresh())
		tap_bail("cannot switch the class off and on");
	return pid;
}

/* The longest of @n calls to sched_yield(), in ns. */
static long long longest_yield(int n)
{
	long long worst = 0, t0, d;
	int i;

	for (i = 0; i < n; i++) {
		t0 = now_ns();
		sched_yield();
		d = now_ns() - t0;
		if (d > worst)
			worst = d;
	}
	return worst;
}

int main(void)
{
	static const struct { int nice; long long ms; } slices[] = {
		{ -20, 200 }, { -12, 161 }, { 0, 102 }, { 10, 53 }, { 19, 10 },
	};
	pid_t pids[4];
	unsigned int i;
	int expired, active, ok;
	long long t0, worst, slice;

	tap_plan(10);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);

	for (i = 0; i < sizeof(slices) / sizeof(slices[0]); i++) {
		pid_t p = fresh_sleeper(slices[i].nice);

		slice = sched_field(p, "interactive.time_slice");
		tap_ok(slice == slices[i].ms * MS,
		       "nice %d: timeslice %lld ns (want %lld ms)",
		       slices[i].nice, slice, slices[i].ms);
		kill_all(&p, 1);
	}

	/*
	 * A nice 0 and a nice 19 hog on one CPU. The nice 0 one runs for its
	 * 102 ms and moves to the expired array; the nice 19 one then runs its
	 * 10 ms and expires too; the arrays swap and it starts again. So the
	 * nice 0 hog is seen in the expired array about 10 ms in every 112,
	 * and the nice 19 hog gets about 10/112 of the pair's CPU time.
	 */
	pids[0] = spawn_hog(0, 0, SCHED_OTHER);
	pids[1] = spawn_hog(0, 19, SCHED_OTHER);
	pin_to(0, 1 % nr_cpus());
	sleep_ms(100);
	expired = active = 0;
	ok = 1;
	t0 = runtime_ns(pids[0]) + runtime_ns(pids[1]);
	worst = runtime_ns(pids[1]);
	for (i = 0; i < 300; i++) {
		char a[16];

		if (sched_field_str(pids[0], pids[0], "interactive.array", a, sizeof(a)))
			break;
		expired += !strcmp(a, "expired");
		active += !strcmp(a, "active");
		slice = sched_field(pids[0], "interactive.time_slice");
		if (slice < 0 || slice > 102 * MS)
			ok = 0;
		sleep_ms(7);
	}
	t0 = runtime_ns(pids[0]) + runtime_ns(pids[1]) - t0;
	worst = runtime_ns(pids[1]) - worst;
	tap_info("nice 0 hog seen in the active array %d times, expired %d times; nice 19 hog got %lld of %lld ms",
		 active, expired, worst / MS, t0 / MS);
	tap_ok(expired >= 3 && active >= 3 &&
	       worst * 100 > t0 * 5 && worst * 100 < t0 * 14,
	       "nice 0 beside nice 19: expiry, array swap, and a 10:102 split");
	tap_ok(ok, "the nice 0 hog's slice left stays within [0, 102 ms]");
	kill_all(pids, 2);

	/* Fork split: the child takes half of what the parent has left. */
	{
		int fds[2];
		long long before, parent, child;
		pid_t c;
		char b;

		if (pipe(fds))
			tap_bail("pipe");
		/* Start from a full slice, so that it cannot run out meanwhile. */
		pin_to(0, 0);
		make_fresh();
		before = sched_field(getpid(), "interactive.time_slice");
		c = fork();
		if (c == 0) {
			close(fds[1]);
			if (read(fds[0], &b, 1) < 0)
				_exit(1);
			_exit(0);
		}
		parent = sched_field(getpid(), "interactive.time_slice");
		child = sched_field(c, "interactive.time_slice");
		tap_info("before fork %lld ns; after: parent %lld, child %lld", before, parent, child);
		tap_ok(child > 0 && child <= before / 2 + 1 &&
		       child >= (before - 20 * MS) / 2 &&
		       parent <= before / 2 &&
		       sched_field(c, "interactive.first_time_slice") == 1,
		       "fork gives the child half of the parent's slice");
		close(fds[1]);
		waitpid(c, NULL, 0);
		close(fds[0]);
	}

	/*
	 * sched_yield() with a hog on the same CPU: the yielder goes behind
	 * it, to the expired array, and waits until the hog's slice is over.
	 * Without competition it comes straight back.
	 */
	pids[0] = spawn_hog(0, 0, SCHED_OTHER);
	sleep_ms(50);
	worst = longest_yield(5);
	tap_info("yield beside a hog: longest %lld us", worst / 1000);
	tap_ok(worst > 10 * MS, "yield beside a hog waits for the hog's slice");
	kill_all(pids, 1);
	sleep_ms(20);
	worst = longest_yield(20);
	tap_info("yield alone: longest %lld us", worst / 1000);
	tap_ok(worst < 5 * MS, "yield alone returns at once");

	ia_set(0);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A SCHED_FIFO task that never sleeps does not starve the class: a nice-0
 * task on its CPU still gets about the 50 ms a second of the class's
 * deadline server, as it does on EEVDF from the fair server.
 *
 * The victim reads the clock in a loop over a window of four server
 * periods while the hog spins. It reports the CPU time it got in the
 * window and the longest gap between two reads. A deferred server runs
 * at the end of each period, so the gaps are about 950 ms, and up to
 * two periods at the start of the window; a starved victim does not run
 * at all until the hog exits at the end of the window.
 */
#include "exploit.h"

#define WINDOW_MS	4000LL
#define MIN_SHARE_PCT	2	/* of the window; the server gives 5 */
#define MAX_GAP_MS	2500LL

/* Spin at SCHED_FIFO from @start to @end. */
static void hog(int cpu, long long start, long long end)
{
	struct sched_param rt = { .sched_priority = 50 };

	if (pin_to(0, cpu) || sched_setscheduler(0, SCHED_FIFO, &rt))
		_exit(1);
	sleep_until_ns(start);
	while (now_ns() < end)
		;
	_exit(0);
}

static void run(int on)
{
	const char *name = on ? "interactive" : "EEVDF";
	long long start = now_ns() + 300 * MS, end = start + WINDOW_MS * MS;
	int cpu = 1 % nr_cpus(), st_v = -1, st_h = -1, fd;
	struct ex_result r = { 0 };
	long long share;
	pid_t v, h;

	if (ia_set(on))
		tap_bail("cannot set " SYSCTL_PATH);
	/* The victim is the exploit tests' hog: it times its own gaps. */
	v = fork_piped(&fd);
	if (!v) {
		if (pin_to(0, cpu))
			_exit(1);
		ex_hog(start, end, fd);
	}
	h = fork();
	if (h < 0)
		tap_bail("fork failed");
	if (!h)
		hog(cpu, start, end);
	if (on)
		tap_ok(on_interactive(v, v) == 1,
		       "the victim is in the interactive class");
	waitpid(h, &st_h, 0);
	if (read_report(fd, &r, sizeof(r)))
		tap_bail("the victim did not report");
	waitpid(v, &st_v, 0);
	if (st_h || st_v) {
		tap_info("%s: hog exit status %d, victim %d", name, st_h, st_v);
		tap_bail("a child failed");
	}

	share = r.cpu_ns * 1000 / (WINDOW_MS * MS);
	tap_ok(share >= MIN_SHARE_PCT * 10,
	       "%s: beside a SCHED_FIFO hog, a nice-0 task got %lld ms in %lld ms (%lld.%lld%%, want >= %d%%)",
	       name, r.cpu_ns / MS, WINDOW_MS, share / 10, share % 10,
	       MIN_SHARE_PCT);
	tap_ok(r.wait_ns < MAX_GAP_MS * MS,
	       "%s: its longest wait was %lld ms (want < %lld ms)",
	       name, r.wait_ns / MS, MAX_GAP_MS);
}

int main(void)
{
	tap_plan(5);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	run(0);
	run(1);
	ia_set(0);
	return tap_exit();
}

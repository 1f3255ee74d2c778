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
#include <sys/mman.h>
#include <sys/wait.h>
#include "ia.h"

#define WINDOW_MS	4000LL
#define MIN_SHARE_PCT	2	/* of the window; the server gives 5 */
#define MAX_GAP_MS	2500LL

struct result {
	long long cpu_ns;
	long long worst_gap_ns;
};

/* Read the clock from @start to @end; what this task got in between. */
static void victim(int cpu, long long start, long long end, struct result *r)
{
	long long t, prev = start, c0 = -1;

	if (pin_to(0, cpu))
		_exit(1);
	while (now_ns() < start)
		;
	do {
		t = now_ns();
		if (c0 < 0)
			c0 = thread_cpu_ns();
		if (t - prev > r->worst_gap_ns)
			r->worst_gap_ns = t - prev;
		prev = t;
	} while (t < end);
	r->cpu_ns = thread_cpu_ns() - c0;
	_exit(0);
}

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

static pid_t spawn(void)
{
	pid_t pid = fork();

	if (pid < 0)
		tap_bail("fork failed");
	return pid;
}

static void run(int on, struct result *r)
{
	const char *name = on ? "interactive" : "EEVDF";
	long long start = now_ns() + 300 * MS, end = start + WINDOW_MS * MS;
	int cpu = 1 % nr_cpus(), st_v = -1, st_h = -1;
	long long share;
	pid_t v, h;

	memset(r, 0, sizeof(*r));
	if (ia_set(on))
		tap_bail("cannot set " SYSCTL_PATH);
	v = spawn();
	if (!v)
		victim(cpu, start, end, r);
	h = spawn();
	if (!h)
		hog(cpu, start, end);
	if (on)
		tap_ok(on_interactive(v, v) == 1,
		       "the victim is in the interactive class");
	waitpid(h, &st_h, 0);
	waitpid(v, &st_v, 0);
	if (st_h || st_v) {
		tap_info("%s: hog exit status %d, victim %d", name, st_h, st_v);
		tap_bail("a child failed");
	}

	share = r->cpu_ns * 1000 / (WINDOW_MS * MS);
	tap_ok(share >= MIN_SHARE_PCT * 10,
	       "%s: beside a SCHED_FIFO hog, a nice-0 task got %lld ms in %lld ms (%lld.%lld%%, want >= %d%%)",
	       name, r->cpu_ns / MS, WINDOW_MS, share / 10, share % 10,
	       MIN_SHARE_PCT);
	tap_ok(r->worst_gap_ns < MAX_GAP_MS * MS,
	       "%s: its longest wait was %lld ms (want < %lld ms)",
	       name, r->worst_gap_ns / MS, MAX_GAP_MS);
}

int main(void)
{
	struct result *r;

	tap_plan(5);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	r = mmap(NULL, sizeof(*r), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r == MAP_FAILED)
		tap_bail("mmap failed");
	run(0, r);
	run(1, r);
	ia_set(0);
	return tap_exit();
}

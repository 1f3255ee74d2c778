// SPDX-License-Identifier: GPL-2.0
/*
 * The rest of the kernel sees a CPU that the class keeps busy as busy,
 * and sees the utilisation clamps of the class's tasks.
 *
 * The class's PELT signal (ia_rq[N].util_avg in the scheduler's debugfs
 * file: the figure effective_cpu_util() adds for schedutil, and that
 * fair takes off the capacity it balances on) comes close to the CPU's
 * capacity (1024) while two hogs of the class share the CPU, and decays
 * when they are gone, as the CPU's other signals do while it idles.
 * PELT halves a signal's distance to its target every 32 ms: after
 * 500 ms of hogs the signal is within 0.002 % of 1024, after 1 s idle
 * it is 1024 * 2^-31. The bounds leave three half-lives for a late
 * update each way: at least 1024 * (1 - 2^-3) = 896 busy, at most
 * 1024 / 8 = 128 idle. A signal decays when it is updated: when a
 * task of the class is switched in on its CPU, or when a busy CPU's
 * tick asks for the blocked load of idle CPUs (fair's blocked-load
 * update). So the test, on CPU 0, keeps its CPU busy for 50 ms before
 * it reads the idle figure of the last CPU; on one CPU, the test's own
 * switch-in updates the signal. There the test's own run, from its
 * wake-up to the moment the kernel prints the figure, counts too: in
 * t ms a signal rises by at most 1024 * (1 - 2^(-t/32)) <= 22.2 * t
 * (as 1 - 2^-x <= x ln 2), so the bound grows by 23 for each ms (or
 * part) that the read took.
 *
 * The CPU's clamps (ia_rq[N].uclamp.min and .max: what schedutil clamps
 * the summed utilisation to) are the largest of its runnable tasks'.
 * With the two hogs clamped to [200, 300] and nothing else runnable
 * there, they read 200 and 300; a class that uclamp does not count
 * leaves them at the idle CPU's values (0 and 1024). The test clamps
 * itself to [0, 300], for a single CPU that it shares with the hogs. A
 * kernel thread that runs there for a moment lifts the maximum to 1024
 * (its own), and an RT one the minimum too (RT tasks ask for 1024 by
 * default), but nothing lowers the minimum below the hogs': every read
 * of the minimum must be at least 200, and one read of ten of each must
 * be exactly the hogs'.
 *
 * Two figures put the class's signal beside the ones the kernel had
 * without it. Fair's own signal of that CPU (cfs_rq[N].util_avg) must
 * stay low while the class's hogs run, below the idle bound: it does not
 * count them too, and is all that schedutil summed for such a CPU before
 * the class had a signal. And the same two hogs under EEVDF, after the
 * class is switched off, must bring fair's signal to within 1024 / 16
 * of the figure the class's signal reached.
 */
#include <sys/syscall.h>
#include <sys/utsname.h>

#include "ia.h"

#define UCLAMP_LO	200
#define UCLAMP_HI	300
#define READS		10

#define SCHED_FLAG_KEEP_POLICY		0x08
#define SCHED_FLAG_KEEP_PARAMS		0x10
#define SCHED_FLAG_UTIL_CLAMP_MIN	0x20
#define SCHED_FLAG_UTIL_CLAMP_MAX	0x40

static int clamp_task(pid_t pid, unsigned int lo, unsigned int hi)
{
	struct sched_attr1 a = {
		.v0.size = sizeof(a),
		.v0.sched_flags = SCHED_FLAG_KEEP_POLICY | SCHED_FLAG_KEEP_PARAMS |
				  SCHED_FLAG_UTIL_CLAMP_MIN | SCHED_FLAG_UTIL_CLAMP_MAX,
		.sched_util_min = lo,
		.sched_util_max = hi,
	};

	return syscall(SYS_sched_setattr, pid, &a, 0);
}

int main(void)
{
	long busy, busy_fair, eevdf, idle, lo, hi, lo_bad = -1;
	long long t0, idle_max = 128;
	int cpu, i, hi_ok = 0, lo_ok = 0, lo_below = 0, clamped;
	struct utsname u;
	pid_t hogs[2];

	tap_plan(6);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (uname(&u) || !strstr(u.version, "SMP")) {
		for (i = 0; i < 6; i++)
			tap_skip("no PELT or uclamp without CONFIG_SMP");
		return tap_exit();
	}
	ia_set(1);
	cpu = nr_cpus() - 1;
	if (cpu && pin_to(0, 0))
		tap_bail("cannot pin the test to CPU 0");
	for (i = 0; i < 2; i++)
		hogs[i] = spawn_hog(cpu, 0, SCHED_OTHER);
	sleep_ms(500);
	busy = ia_rq_field(cpu, "util_avg");
	busy_fair = cfs_rq_field(cpu, "util_avg");

	clamped = clamp_task(0, 0, UCLAMP_HI) == 0;
	for (i = 0; i < 2; i++)
		clamped &= clamp_task(hogs[i], UCLAMP_LO, UCLAMP_HI) == 0;
	for (i = 0; i < READS && clamped; i++) {
		sleep_ms(10);
		lo = ia_rq_field(cpu, "uclamp.min");
		hi = ia_rq_field(cpu, "uclamp.max");
		if (lo < UCLAMP_LO) {
			lo_below++;
			lo_bad = lo;
		}
		lo_ok += lo == UCLAMP_LO;
		hi_ok += hi == UCLAMP_HI;
	}
	kill_all(hogs, 2);
	sleep_ms(1000);
	if (cpu) {
		burn_ns(50 * MS);
		sleep_ms(10);
	}
	t0 = now_ns();
	idle = ia_rq_field(cpu, "util_avg");
	if (!cpu)
		idle_max += 23 * ((now_ns() - t0 + MS - 1) / MS);
	ia_set(0);

	for (i = 0; i < 2; i++)
		hogs[i] = spawn_hog(cpu, 0, SCHED_OTHER);
	sleep_ms(500);
	eevdf = cfs_rq_field(cpu, "util_avg");
	kill_all(hogs, 2);

	if (busy == -1)
		tap_info("no ia_rq[%d] section in " DEBUGFS_SCHED, cpu);
	tap_ok(busy >= 896,
	       "two hogs of the class: CPU %d's class utilisation is near its capacity (%ld of 1024, at least 896)",
	       cpu, busy);
	tap_ok(busy_fair >= 0 && busy_fair <= 128,
	       "fair's signal of that CPU does not count them (%ld, at most 128)",
	       busy_fair);
	tap_ok(eevdf >= 0 && busy >= 0 && labs(eevdf - busy) <= 64,
	       "the same hogs under EEVDF: fair's signal %ld, within 64 of the class's",
	       eevdf);
	tap_ok(idle >= 0 && idle <= idle_max,
	       "1 s after they exit it has decayed (%ld, at most %lld)", idle, idle_max);
	if (!clamped)
		tap_info("sched_setattr(SCHED_FLAG_UTIL_CLAMP): %s", strerror(errno));
	tap_ok(clamped && lo_ok > 0 && !lo_below,
	       "hogs clamped to [%d, %d]: the CPU's uclamp.min is theirs (%d of %d reads; %d below, the last %ld)",
	       UCLAMP_LO, UCLAMP_HI, lo_ok, READS, lo_below, lo_bad);
	tap_ok(clamped && hi_ok > 0,
	       "and its uclamp.max is theirs while no other task is runnable there (%d of %d reads)",
	       hi_ok, READS);
	return tap_exit();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * SCHED_IDLE tasks stay on fair, below the class. Beside a class hog on
 * its CPU, a SCHED_IDLE hog gets little CPU: the time the class runs
 * counts against the fair deadline server, as the time of SCHED_NORMAL
 * tasks does on EEVDF. But it must not get nothing, or a lock or an RCU
 * read section it holds is held for good: it must get at least half of
 * what EEVDF's weights give it beside the same hog, measured in the same
 * boot (3 against 1024: 0.3 %). Beside a SCHED_FIFO hog the fair server
 * runs it for the server's bandwidth: 50 ms per second by default.
 */
#include "ia.h"

static double idle_share(int cpu, int policy)
{
	pid_t pids[2];
	long long i0, i1, t0, t1;

	pids[0] = spawn_hog(cpu, 0, policy);
	pids[1] = spawn_hog(cpu, 0, SCHED_IDLE);
	sleep_ms(300);
	i0 = runtime_ns(pids[1]);
	t0 = now_ns();
	sleep_ms(3000);
	i1 = runtime_ns(pids[1]);
	t1 = now_ns();
	kill_all(pids, 2);
	return (double)(i1 - i0) / (double)(t1 - t0);
}

int main(void)
{
	int cpu = 1 % nr_cpus();
	double s, eevdf;

	tap_plan(3);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	pin_to(0, 0);
	ia_set(0);
	eevdf = idle_share(cpu, SCHED_OTHER);
	ia_set(1);

	s = idle_share(cpu, SCHED_OTHER);
	tap_ok(s < 0.01, "beside a class hog: SCHED_IDLE hog got %.4f CPU (want < 0.01)", s);
	tap_ok(eevdf > 0.001 && s >= eevdf / 2,
	       "beside a class hog: SCHED_IDLE hog got at least half of what it gets beside a SCHED_OTHER hog on EEVDF (%.4f of %.4f)",
	       s, eevdf);

	s = idle_share(cpu, SCHED_FIFO);
	tap_ok(s > 0.025 && s < 0.08,
	       "beside a SCHED_FIFO hog: SCHED_IDLE hog got %.3f CPU (the fair server's 0.05)", s);

	ia_set(0);
	return tap_exit();
}

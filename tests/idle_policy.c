// SPDX-License-Identifier: GPL-2.0
/*
 * SCHED_IDLE tasks stay on fair, below the class: beside a class hog on
 * its CPU, a SCHED_IDLE hog gets no CPU. The fair deadline server, which
 * guards fair tasks against starvation by RT, guards them against this
 * class in the same way: with it on, the idle hog gets at most its
 * bandwidth (50 ms per second by default).
 */
#include "ia.h"

#define SERVER "/sys/kernel/debug/sched/fair_server/cpu%d/runtime"

static double idle_share(int cpu)
{
	pid_t pids[2];
	long long i0, i1, t0, t1;

	pids[0] = spawn_hog(cpu, 0, SCHED_OTHER);
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
	char path[128], saved[32] = "";
	int cpu = 1 % nr_cpus(), fd;
	ssize_t n;
	double s;

	tap_plan(3);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	pin_to(0, cpu == 0 ? 0 : 0);
	ia_set(1);

	s = idle_share(cpu);
	tap_ok(s < 0.08, "with the fair server: SCHED_IDLE hog got %.3f CPU (at most 0.05 + slack)", s);

	snprintf(path, sizeof(path), SERVER, cpu);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		tap_skip("no %s", path);
		tap_skip("no %s", path);
		ia_set(0);
		return tap_exit();
	}
	n = read(fd, saved, sizeof(saved) - 1);
	close(fd);
	saved[n > 0 ? n : 0] = 0;
	tap_ok(write_file(path, "0") == 0, "fair server of cpu %d switched off", cpu);
	s = idle_share(cpu);
	tap_ok(s < 0.01, "without the fair server: SCHED_IDLE hog got %.4f CPU (want 0)", s);
	write_file(path, saved);
	ia_set(0);
	return tap_exit();
}

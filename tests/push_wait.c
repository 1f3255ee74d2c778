// SPDX-License-Identifier: GPL-2.0
/*
 * A task that waits on its CPU behind another, while another CPU runs
 * only tasks it would preempt, is pushed there at the next tick. The
 * case here is a sync wake-up, which places the woken
 * task beside its waker (the waker is about to sleep, as a pipe reader's
 * writer usually is), and a waker that does not sleep: W, pinned to
 * CPU 0, writes a byte to a pipe, then computes for 100 ms. The reader R
 * may use every CPU. The last CPU, B, runs a nice 10 hog (dynamic
 * priority 135), every other CPU but 0 a nice -15 hog (110), so B is the
 * one CPU where R (nice 0, 115 at best) runs at once. Without a push R
 * waits on CPU 0, at each of the WAKES writes, until W is requeued at the
 * next 25 ms granule of its slice and R, the better, runs there; with
 * it, R runs on B within a few ticks. (make check runs it under QEMU icount at -smp 4,
 * where the vCPUs take turns in one host thread, and a wake-up on a CPU
 * can wait for the others' turns: a few ms.)
 */
#include "ia.h"

#define WAKES		20
#define BURST_NS	(100 * MS)
#define MAX_CPUS	16
/* Half the 25 ms round-robin granule, at which W lets a better task run: */
#define LATE_MAX_NS	(25 * MS / 2)

struct shared {
	long long written[WAKES];
	long long got[WAKES];
	int cpu[WAKES];
};

int main(void)
{
	int i, n = nr_cpus(), b = n - 1, nhogs = 0, on_b = 0, fd[2], st;
	pid_t hogs[MAX_CPUS], reader;
	long long late[WAKES];
	struct shared *sh;
	char c = 0;

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (n < 2 || n > MAX_CPUS) {
		tap_skip("needs 2 to %d CPUs", MAX_CPUS);
		tap_skip("needs 2 to %d CPUs", MAX_CPUS);
		return tap_exit();
	}
	ia_set(1);
	if (make_fresh())
		tap_bail("cannot reset the estimate (the class off and on)");
	hogs[nhogs++] = spawn_hog(b, 10, SCHED_OTHER);
	for (i = 1; i < b; i++)
		hogs[nhogs++] = spawn_hog(i, -15, SCHED_OTHER);
	sh = shared_alloc(sizeof(*sh));
	if (pipe(fd))
		tap_bail("pipe");
	if (pin_to(0, 0))
		tap_bail("cannot pin to CPU 0");

	reader = fork();
	if (reader < 0)
		tap_bail("fork");
	if (!reader) {
		close(fd[1]);
		allow_all_cpus(0);
		for (i = 0; i < WAKES; i++) {
			if (read(fd[0], &c, 1) != 1)
				_exit(1);
			sh->got[i] = now_ns();
			sh->cpu[i] = sched_getcpu();
		}
		_exit(0);
	}
	close(fd[0]);
	/* Both sleep up to the top bonus first. */
	for (i = 0; i < 10; i++)
		sleep_ms(50);
	for (i = 0; i < WAKES; i++) {
		sleep_ms(20);
		sh->written[i] = now_ns();
		if (write(fd[1], &c, 1) != 1)
			tap_bail("write");
		burn_ns(BURST_NS);
	}
	close(fd[1]);
	waitpid(reader, &st, 0);
	kill_all(hogs, nhogs);
	ia_set(0);

	for (i = 0; i < WAKES; i++) {
		late[i] = sh->got[i] - sh->written[i];
		on_b += sh->cpu[i] == b;
		tap_info("write %d: read on CPU %d, %lld us later", i,
			 sh->cpu[i], late[i] / 1000);
	}
	qsort(late, WAKES, sizeof(late[0]), cmp_ll);
	tap_ok(WIFEXITED(st) && !WEXITSTATUS(st) &&
	       late[WAKES / 2] <= LATE_MAX_NS,
	       "a reader woken beside a writer that computes on runs within %lld us (median of %d, want <= %lld us, half the round-robin granule)",
	       late[WAKES / 2] / 1000, WAKES, LATE_MAX_NS / 1000);
	tap_ok(on_b >= WAKES / 2,
	       "it ran on the CPU with only less important tasks (CPU %d) at %d of %d reads",
	       b, on_b, WAKES);
	return tap_exit();
}

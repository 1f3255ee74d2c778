// SPDX-License-Identifier: GPL-2.0
/*
 * An unprivileged user cannot raise its priority beyond what nice allows
 * while the class is on: not by a lower nice value (setpriority or
 * sched_setattr), not by a real-time policy, not by raising its nice
 * limit; and the class's bonus moves its dynamic priority at most 5
 * levels above its static one.
 */
#include "ia.h"

/* Results of the child, which runs as nobody. */
struct result {
	int lower_err, back_err, setattr_err, fifo_err, rr_err, rlimit_err;
	int nice, static_prio, prio, bonus;
};

static void as_nobody(int fd)
{
	struct result r = { 0 };
	struct sched_param sp = { .sched_priority = 1 };
	struct sched_attr0 a = { .size = sizeof(a), .sched_policy = SCHED_OTHER,
			  .sched_nice = -5 };
	struct rlimit rl;

	if (become_nobody())
		_exit(2);
	r.lower_err = setpriority(PRIO_PROCESS, 0, -1) ? errno : 0;
	if (setpriority(PRIO_PROCESS, 0, 5))
		_exit(2);
	r.back_err = setpriority(PRIO_PROCESS, 0, 0) ? errno : 0;
	r.setattr_err = syscall(SYS_sched_setattr, 0, &a, 0) ? errno : 0;
	r.fifo_err = sched_setscheduler(0, SCHED_FIFO, &sp) ? errno : 0;
	r.rr_err = sched_setscheduler(0, SCHED_RR, &sp) ? errno : 0;
	getrlimit(RLIMIT_NICE, &rl);
	rl.rlim_max = rl.rlim_cur = 40;
	r.rlimit_err = setrlimit(RLIMIT_NICE, &rl) ? errno : 0;

	/* Sleep to the largest bonus there is, then look. */
	sleep_ms(1500);
	errno = 0;
	r.nice = getpriority(PRIO_PROCESS, 0);
	r.static_prio = my_field("interactive.static_prio");
	r.prio = my_field("interactive.prio");
	r.bonus = my_field("interactive.bonus");
	if (write(fd, &r, sizeof(r)) != sizeof(r))
		_exit(2);
	_exit(0);
}

int main(void)
{
	struct result r;
	int fd, st;
	pid_t pid;

	tap_plan(6);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(1);
	pid = fork_piped(&fd);
	if (pid == 0)
		as_nobody(fd);
	if (read_report(fd, &r, sizeof(r)))
		tap_bail("the unprivileged child did not report");
	waitpid(pid, &st, 0);
	ia_set(0);

	tap_ok(r.lower_err == EACCES, "nobody cannot go below nice 0 (%s)",
	       strerror(r.lower_err));
	tap_ok(r.back_err == EACCES, "nor back from nice 5 to 0 (%s)",
	       strerror(r.back_err));
	tap_ok(r.setattr_err == EPERM, "nor to nice -5 with sched_setattr (%s)",
	       strerror(r.setattr_err));
	tap_ok(r.fifo_err == EPERM && r.rr_err == EPERM,
	       "nor take SCHED_FIFO (%s) or SCHED_RR (%s)",
	       strerror(r.fifo_err), strerror(r.rr_err));
	tap_ok(r.rlimit_err == EPERM, "nor raise its RLIMIT_NICE (%s)",
	       strerror(r.rlimit_err));
	/*
	 * In the class, nice 5 is static priority 125; the largest bonus, 5,
	 * takes the dynamic priority to 120 and no further.
	 */
	tap_ok(r.nice == 5 && r.static_prio == 125 && r.bonus <= 5 &&
	       r.prio >= r.static_prio - 5 && r.prio == r.static_prio - r.bonus,
	       "at nice 5, after a long sleep: static %d, bonus %d, dynamic %d (not below 120)",
	       r.static_prio, r.bonus, r.prio);
	return tap_exit();
}

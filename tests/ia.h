/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for the guest tests of the interactive scheduling class: TAP 13
 * output in the kselftest style, the class switch, /proc/<pid>/sched
 * fields, and CPU hogs.
 */
#ifndef IA_TEST_H
#define IA_TEST_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SYSCTL_PATH "/proc/sys/kernel/sched_interactive"


static int tap_n, tap_fail, tap_pass, tap_skipped;

static inline void tap_plan(int n)
{
	printf("TAP version 13\n1..%d\n", n);
	fflush(stdout);
}

static inline void tap_vresult(const char *status, const char *fmt, va_list ap)
{
	printf("%s %d ", status, ++tap_n);
	vprintf(fmt, ap);
	printf("\n");
	fflush(stdout);
}

/* One test result; returns @cond so that callers can chain on it. */
static inline int tap_vok(int cond, const char *fmt, va_list ap)
{
	tap_vresult(cond ? "ok" : "not ok", fmt, ap);
	if (cond)
		tap_pass++;
	else
		tap_fail++;
	return cond;
}

static inline int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cond = tap_vok(cond, fmt, ap);
	va_end(ap);
	return cond;
}

/*
 * A failure that is known and explained by @why: "not ok N ... # TODO
 * why". It does not fail the run (kselftest's XFAIL).
 */
static inline void tap_vtodo(const char *why, const char *fmt, va_list ap)
{
	printf("not ok %d ", ++tap_n);
	vprintf(fmt, ap);
	printf(" # TODO %s\n", why);
	fflush(stdout);
	tap_pass++;
}

static inline void tap_todo(const char *why, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vtodo(why, fmt, ap);
	va_end(ap);
}

static inline void tap_skip(const char *fmt, ...)
{
	va_list ap;
	char buf[512];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printf("ok %d %s # SKIP\n", ++tap_n, buf);
	fflush(stdout);
	tap_skipped++;
}

static inline void tap_info(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

/* kselftest exit codes: 0 pass, 1 fail, 4 skip. */
static inline int tap_exit(void)
{
	if (tap_fail)
		return 1;
	if (!tap_pass && tap_skipped)
		return 4;
	return 0;
}

static inline void tap_bail(const char *why)
{
	printf("Bail out! %s\n", why);
	fflush(stdout);
	exit(1);
}

/*
 * Whether the harness set @what up for this boot (ia.need=a,b on the
 * kernel command line): a test that then finds it missing fails, where
 * it would otherwise skip.
 */
static inline int needed(const char *what)
{
	const char *n = getenv("IA_NEED");
	size_t len = strlen(what);

	while (n && *n) {
		if (!strncmp(n, what, len) && (n[len] == ',' || !n[len]))
			return 1;
		n = strchr(n, ',');
		n = n ? n + 1 : NULL;
	}
	return 0;
}

static inline const char *milestone(void)
{
	const char *m = getenv("IA_MILESTONE");

	return m && *m ? m : "none";
}

/* Write a string to a file; returns 0 or the errno of the failure. */
static inline int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	int err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, s, strlen(s)) < 0)
		err = errno;
	close(fd);
	return err;
}

/* Read up to @len - 1 bytes of a file into @buf; returns the length or -1. */
static inline int read_str(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY), n = 0, r;

	if (fd < 0)
		return -1;
	while (n < (int)len - 1 && (r = read(fd, buf + n, len - 1 - n)) > 0)
		n += r;
	close(fd);
	buf[n] = 0;
	return n;
}

#define TRACING		"/sys/kernel/tracing"

/* Mount tracefs at TRACING unless it is there; 0 once it is. */
static inline int tracefs_mount(void)
{
	if (access(TRACING "/trace", F_OK))
		mount("nodev", TRACING, "tracefs", 0, NULL);
	return access(TRACING "/trace", F_OK);
}

/* Whether the kernel log buffer holds @s. */
static inline int klog_has(const char *s)
{
	static char buf[1 << 18];
	int n = klogctl(3, buf, sizeof(buf) - 1);

	if (n < 0)
		return 0;
	buf[n] = 0;
	return strstr(buf, s) != NULL;
}

static inline long read_long(const char *path)
{
	char buf[64];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	return strtol(buf, NULL, 10);
}

/*
 * Under ia.sched=scx (IA_SCHED=scx) the tests drive scx_interactive, the
 * estimator as a sched_ext scheduler (tools/sched_ext), in place of the
 * class: switching "the class" on starts its loader, off stops it, and
 * the estimator's fields of /proc/<pid>/sched are read from its task
 * map, pinned at IA_SCX_PIN, by pidfd. The tests are built against the
 * tree's scx_interactive.h where the tree has it (tests/Makefile).
 */
#if __has_include("scx_interactive.h")
#include <linux/bpf.h>
#include "scx_interactive.h"
#define HAVE_SCX 1
#else
#define HAVE_SCX 0
#endif
#define IA_SCX_BIN		"/bin/scx_interactive"
#define IA_SCX_PIN		"/sys/fs/bpf/ia_tasks"
#define IA_SCX_PIDFILE	"/run/scx_interactive.pid"
#define IA_SCX_LOG		"/tmp/scx_interactive.log"
#define IA_SCX_STATE	"/sys/kernel/sched_ext/state"

static inline int under_scx(void)
{
	const char *s = getenv("IA_SCHED");

	return s && !strcmp(s, "scx");
}

/* Whether sched_ext runs scx_interactive. */
static inline int ia_scx_on(void)
{
	char state[32], ops[32];

	return read_str(IA_SCX_STATE, state, sizeof(state)) > 0 &&
	       !strncmp(state, "enabled", 7) &&
	       read_str("/sys/kernel/sched_ext/root/ops", ops, sizeof(ops)) > 0 &&
	       !strncmp(ops, "interactive", 11);
}

/* Wait up to @ms for sched_ext to be disabled; 0 once it is. */
static inline int ia_scx_wait_off(int ms)
{
	char state[32];

	for (;; ms -= 10) {
		if (read_str(IA_SCX_STATE, state, sizeof(state)) > 0 &&
		    !strncmp(state, "disabled", 8))
			return 0;
		if (ms <= 0)
			return -1;
		usleep(10000);
	}
}

/*
 * Start the loader, with the class off, and wait until sched_ext runs
 * it and its map is pinned; or stop the one running (its pid is in
 * IA_SCX_PIDFILE, whichever test started it). The loader is not the
 * caller's child, so that a test's wait() for its own children does not
 * wait for it; it stays in the caller's session, which run-tests.sh
 * kills when the test ends. Returns 0 or an errno.
 */
static inline int ia_scx_set(int on)
{
	FILE *pidfile;
	char buf[32];
	pid_t pid = 0;
	int i, fd;

	if (read_str(IA_SCX_PIDFILE, buf, sizeof(buf)) > 0)
		pid = atoi(buf);
	if (!on) {
		if (pid > 0)
			kill(pid, SIGTERM);
		unlink(IA_SCX_PIDFILE);
		return ia_scx_wait_off(10000) ? EBUSY : 0;
	}
	if (ia_scx_on())
		return 0;
	if (!HAVE_SCX || access(IA_SCX_BIN, X_OK))
		return ENOENT;
	write_file(SYSCTL_PATH, "0");
	if (ia_scx_wait_off(10000))
		return EBUSY;
	mkdir("/sys/fs/bpf", 0755);
	mount("bpf", "/sys/fs/bpf", "bpf", 0, NULL);
	unlink(IA_SCX_PIDFILE);
	pid = fork();
	if (pid < 0)
		return errno;
	if (!pid) {
		cpu_set_t all;

		if (fork())
			_exit(0);
		pidfile = fopen(IA_SCX_PIDFILE, "w");
		if (pidfile) {
			fprintf(pidfile, "%d\n", getpid());
			fclose(pidfile);
		}
		/* Not the caller's CPU and nice: the loader is not under test. */
		CPU_ZERO(&all);
		for (i = 0; i < CPU_SETSIZE; i++)
			CPU_SET(i, &all);
		sched_setaffinity(0, sizeof(all), &all);
		setpriority(PRIO_PROCESS, 0, 0);
		fd = open(IA_SCX_LOG, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		/* Nor the caller's pipes: their readers would never see EOF. */
		closefrom(3);
		execl(IA_SCX_BIN, IA_SCX_BIN, "-p", IA_SCX_PIN, (char *)NULL);
		_exit(127);
	}
	waitpid(pid, NULL, 0);
	/*
	 * Sleep while the loader loads, but not once sched_ext is enabling:
	 * the caller's estimate is then fresh, and a sleep before this
	 * returns would be credited to it, as a switch of the class is not.
	 */
	for (i = 0; i < 60000; i++) {
		if (ia_scx_on() && !access(IA_SCX_PIN, F_OK))
			return 0;
		pid = 0;
		if (read_str(IA_SCX_PIDFILE, buf, sizeof(buf)) > 0)
			pid = atoi(buf);
		if (pid > 0 && kill(pid, 0))
			return ECHILD;
		if (!ia_scx_wait_off(0))
			usleep(1000);
	}
	return ETIMEDOUT;
}

static inline int ia_get(void)
{
	if (under_scx())
		return ia_scx_on();
	return (int)read_long(SYSCTL_PATH);
}

static inline int ia_set(int on)
{
	if (under_scx())
		return ia_scx_set(on);
	return write_file(SYSCTL_PATH, on ? "1" : "0");
}

/*
 * The estimator's state of thread @tid of @pid under scx_interactive, as
 * the "interactive.*" lines of /proc/<pid>/sched, into @buf. Fields the
 * BPF scheduler does not keep (the class's fixes and latency order) are
 * missing, as they are at a milestone before them. Returns 0, or -1 if
 * the map has no entry for the task.
 */
static inline int ia_scx_fields(pid_t pid, pid_t tid, char *buf, size_t len)
{
#if HAVE_SCX
	static const char *const arrays[] = { "none", "active", "expired" };
	union bpf_attr a;
	struct ia_task t;
	int map, pidfd, ret, policy;

	memset(&a, 0, sizeof(a));
	a.pathname = (uintptr_t)IA_SCX_PIN;
	map = syscall(SYS_bpf, BPF_OBJ_GET, &a, sizeof(a));
	if (map < 0)
		return -1;
	pidfd = syscall(SYS_pidfd_open, tid, tid == pid ? 0 : O_EXCL);
	if (pidfd < 0) {
		close(map);
		return -1;
	}
	memset(&a, 0, sizeof(a));
	a.map_fd = map;
	a.key = (uintptr_t)&pidfd;
	a.value = (uintptr_t)&t;
	ret = syscall(SYS_bpf, BPF_MAP_LOOKUP_ELEM, &a, sizeof(a));
	close(pidfd);
	close(map);
	policy = sched_getscheduler(tid);
	if (ret || policy < 0)
		return -1;
	snprintf(buf, len,
		 "interactive.on : %d\n"
		 "interactive.static_prio : %d\n"
		 "interactive.prio : %d\n"
		 "interactive.time_slice : %llu\n"
		 "interactive.first_time_slice : %u\n"
		 "interactive.array : %s\n"
		 "interactive.sleep_avg : %llu\n"
		 "interactive.bonus : %d\n"
		 "interactive.activated : %d\n"
		 "interactive.interactive : %d\n"
		 "interactive.credit : %lld\n",
		 policy == SCHED_OTHER || policy == SCHED_BATCH,
		 t.static_prio, t.prio, (unsigned long long)t.time_slice,
		 t.first_time_slice, arrays[t.array < 3 ? t.array : 0],
		 (unsigned long long)t.sleep_avg, ia_bonus(t.sleep_avg),
		 t.activated, ia_interactive(t.prio, t.static_prio),
		 (long long)t.credit);
	return 0;
#else
	return -1;
#endif
}

/*
 * Read a field of /proc/<pid>/task/<tid>/sched ("name : value") into
 * @val. Returns 0, or -1 if the task or the field is not there.
 */
static inline int sched_field_str(pid_t pid, pid_t tid, const char *name,
				  char *val, size_t len)
{
	char path[96], line[256];
	size_t nlen = strlen(name);
	FILE *f;
	int ret = -1;

	if (under_scx() && !strncmp(name, "interactive.", 12)) {
		static char scx_buf[1024];

		if (ia_scx_fields(pid, tid, scx_buf, sizeof(scx_buf)))
			return -1;
		f = fmemopen(scx_buf, strlen(scx_buf), "r");
	} else {
		snprintf(path, sizeof(path), "/proc/%d/task/%d/sched", pid, tid);
		f = fopen(path, "r");
	}
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line, *q;

		if (strncmp(p, name, nlen) || (p[nlen] != ' ' && p[nlen] != ':'))
			continue;
		p = strchr(p, ':');
		if (!p)
			break;
		p++;
		while (*p == ' ')
			p++;
		q = p + strlen(p);
		while (q > p && (q[-1] == '\n' || q[-1] == ' '))
			*--q = 0;
		snprintf(val, len, "%s", p);
		ret = 0;
		break;
	}
	fclose(f);
	return ret;
}

#define DEBUGFS_SCHED	"/sys/kernel/debug/sched/debug"

/*
 * Fields @names[0..@n) of the section of the scheduler's debugfs file
 * whose head line is @head, or else @head2 (may be NULL), from one read,
 * into @vals: -1 if the file or the section is missing, -2 if the
 * section has no such field. Returns @vals[0].
 */
static inline long long sched_debug_fields(const char *head, const char *head2,
					   int n, const char *const *names,
					   long long *vals)
{
	char line[256], key[64];
	long long v;
	int i, in = 0;
	FILE *f;

	for (i = 0; i < n; i++)
		vals[i] = -1;
	f = fopen(DEBUGFS_SCHED, "r");
	if (!f)
		return vals[0];
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (!in && (!strcmp(line, head) || (head2 && !strcmp(line, head2)))) {
			in = 1;
			for (i = 0; i < n; i++)
				vals[i] = -2;
			continue;
		}
		if (in && line[0] != ' ')
			break;
		if (!in || sscanf(line, " .%63[^ :] : %lld", key, &v) != 2)
			continue;
		for (i = 0; i < n; i++)
			if (!strcmp(key, names[i]))
				vals[i] = v;
	}
	fclose(f);
	return vals[0];
}

/* Fields @names[0..@n) of the class's section of @cpu, ia_rq[@cpu]. */
static inline long long ia_rq_fields(int cpu, int n, const char *const *names,
				     long long *vals)
{
	char head[32];

	snprintf(head, sizeof(head), "ia_rq[%d]:", cpu);
	return sched_debug_fields(head, NULL, n, names, vals);
}

static inline long long ia_rq_field(int cpu, const char *name)
{
	long long v;

	return ia_rq_fields(cpu, 1, &name, &v);
}

/* Field @name of @cpu's root cfs_rq, with or without group scheduling. */
static inline long long cfs_rq_field(int cpu, const char *name)
{
	char head[32], head2[32];
	long long v;

	snprintf(head, sizeof(head), "cfs_rq[%d]:", cpu);
	snprintf(head2, sizeof(head2), "cfs_rq[%d]:/", cpu);
	return sched_debug_fields(head, head2, 1, &name, &v);
}

/*
 * One read of /proc/<pid>/sched, so that several fields come from about
 * the same moment (the kernel prints them without the runqueue lock, so
 * two of them may still come from either side of an update).
 */
struct sched_snap {
	pid_t pid;
	char buf[8192];
};

static inline int snap_take(struct sched_snap *s, pid_t pid)
{
	char path[64];
	ssize_t n, len = 0;
	int fd;

	/* A failed read leaves no field: snap_get() then bails out. */
	s->pid = pid;
	s->buf[0] = 0;
	/* scx_interactive's fields first: snap_get() takes the first match. */
	if (under_scx()) {
		if (ia_scx_fields(pid, pid, s->buf, sizeof(s->buf))) {
			s->buf[0] = 0;
			return -1;
		}
		len = strlen(s->buf);
	}
	snprintf(path, sizeof(path), "/proc/%d/sched", pid);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		s->buf[0] = 0;
		return -1;
	}
	while ((n = read(fd, s->buf + len, sizeof(s->buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	s->buf[len] = 0;
	return 0;
}

/*
 * A field that is not there is an error, never a value: -1, say, is a
 * legal credit or activated, and a check of it would pass on nothing.
 * Bail out, naming it. A test that reads a field only some milestones
 * have asks first (have_credit(), have_cpu_debt()).
 */
static inline void no_field(pid_t pid, const char *name)
{
	char why[160];

	snprintf(why, sizeof(why), "/proc/%d/sched has no %s%s", pid, name,
		 under_scx() && !strncmp(name, "interactive.", 12) ?
		 " (nor has scx_interactive's map)" : "");
	tap_bail(why);
}

static inline long long snap_get(const struct sched_snap *s, const char *name)
{
	const char *p = s->buf;
	size_t nlen = strlen(name);

	while ((p = strstr(p, name))) {
		if ((p == s->buf || p[-1] == '\n') &&
		    (p[nlen] == ' ' || p[nlen] == ':')) {
			p = strchr(p, ':');
			if (p)
				return strtoll(p + 1, NULL, 10);
			break;
		}
		p += nlen;
	}
	no_field(s->pid, name);
	return 0;
}

/* Field @name of /proc/<pid>/sched; bails out if the task or field is gone. */
static inline long long sched_field(pid_t pid, const char *name)
{
	char v[64];

	if (sched_field_str(pid, pid, name, v, sizeof(v)))
		no_field(pid, name);
	return strtoll(v, NULL, 10);
}

/* 1 if the task is in the interactive class, 0 if not, -1 if gone. */
static inline int on_interactive(pid_t pid, pid_t tid)
{
	char v[16];

	if (sched_field_str(pid, tid, "interactive.on", v, sizeof(v)))
		return -1;
	return atoi(v);
}

/*
 * /proc/<pid>/schedstat: the CPU time a task has used and the time it has
 * spent runnable on a runqueue without running, in ns, and how many times
 * it was switched in. 0, or -1.
 */
struct schedstat {
	long long run;
	long long delay;
	long long slices;
};

static inline int read_schedstat(pid_t pid, struct schedstat *st)
{
	char path[64];
	int ret = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%lld %lld %lld", &st->run, &st->delay, &st->slices) == 3)
		ret = 0;
	fclose(f);
	return ret;
}

/* CPU time used by a task, in ns, or -1. */
static inline long long runtime_ns(pid_t pid)
{
	struct schedstat st;

	return read_schedstat(pid, &st) ? -1 : st.run;
}

/* The time a task has waited on a runqueue, in ns, or -1. */
static inline long long run_delay_ns(pid_t pid)
{
	struct schedstat st;

	return read_schedstat(pid, &st) ? -1 : st.delay;
}

static inline long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

#define NOBODY 65534

/* struct sched_attr, version 0, for sched_setattr() (glibc has none). */
struct sched_attr0 {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
};

/* Version 1 adds the utilisation clamps (SCHED_FLAG_UTIL_CLAMP_*). */
struct sched_attr1 {
	struct sched_attr0 v0;
	uint32_t sched_util_min, sched_util_max;
};

/*
 * Drop to the user nobody, with no supplementary groups, and check that
 * root cannot be had back. 0 on success.
 */
static inline int become_nobody(void)
{
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		return -1;
	if (getuid() != NOBODY || setuid(0) == 0)
		return -1;
	return 0;
}

/*
 * fork() with a pipe from the child to the parent: *@fd is the write end
 * in the child and the read end in the parent. Bails out on failure.
 */
static inline pid_t fork_piped(int *fd)
{
	int p[2];
	pid_t pid;

	if (pipe(p))
		tap_bail("pipe");
	pid = fork();
	if (pid < 0)
		tap_bail("fork");
	close(p[pid ? 1 : 0]);
	*fd = p[pid ? 0 : 1];
	return pid;
}

/*
 * Zeroed memory that the caller and the children it forks afterwards
 * share (MAP_SHARED): for flags and counters between them. Bails out
 * on failure.
 */
static inline void *shared_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		tap_bail("mmap");
	return p;
}

/* Read a child's report of @size bytes from @fd, and close it. 0 if whole. */
static inline int read_report(int fd, void *buf, size_t size)
{
	ssize_t n = read(fd, buf, size);

	close(fd);
	return n == (ssize_t)size ? 0 : -1;
}

/* futex(2) on a word shared between tasks, with no timeout. */
static inline long futex(volatile int *uaddr, int op, int val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

/* For qsort(): long longs in ascending order. */
static inline int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* Sleep until CLOCK_MONOTONIC reads @t ns. */
static inline void sleep_until_ns(long long t)
{
	struct timespec ts = { t / 1000000000LL, t % 1000000000LL };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static inline int pin_to(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

/*
 * CPUs online, whatever this task's affinity: estimator_setup() pins the
 * caller to one CPU, and a test that then moves its poller off the CPU
 * it tests must still see the others.
 */
static inline int nr_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

/*
 * A sysfs CPU list ("0-3,6\n") as a bit mask of the CPUs below 64.
 * Returns 0 if @path cannot be read.
 */
static inline unsigned long cpulist_mask(const char *path)
{
	unsigned long mask = 0;
	char buf[128], *s;
	FILE *f = fopen(path, "r");
	long a, b;

	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	for (s = buf; *s && *s != '\n'; s++) {
		a = strtol(s, &s, 10);
		b = *s == '-' ? strtol(s + 1, &s, 10) : a;
		while (a <= b && a < (long)(8 * sizeof(mask)))
			mask |= 1UL << a++;
		if (*s != ',')
			break;
	}
	return mask;
}

/*
 * The CPUs that share @cpu's last-level cache, as the kernel's cacheinfo
 * gives them (the highest index under /sys/devices/system/cpu/cpuN/cache),
 * as a bit mask. Returns 0 if there is no cacheinfo.
 */
static inline unsigned long llc_mask(int cpu)
{
	unsigned long mask = 0;
	char path[96];
	int i;

	for (i = 9; i >= 0 && !mask; i--) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cache/index%d/shared_cpu_list",
			 cpu, i);
		mask = cpulist_mask(path);
	}
	return mask;
}

/* Let @pid (0: the caller) run on every online CPU. 0 on success. */
static inline int allow_all_cpus(pid_t pid)
{
	cpu_set_t all;
	int i;

	CPU_ZERO(&all);
	for (i = 0; i < nr_cpus(); i++)
		CPU_SET(i, &all);
	return sched_setaffinity(pid, sizeof(all), &all);
}

/*
 * Run on @cpu, then allow every CPU, sleep 10 ms on a timer (not a sync
 * wake-up) and return the CPU the caller woke on: where the class places
 * a task that wakes after it last ran on @cpu. Bails out if it cannot.
 */
static inline int wake_from(int cpu)
{
	if (pin_to(0, cpu))
		tap_bail("cannot pin to the CPU to wake from");
	if (sched_getcpu() != cpu)
		tap_bail("pinned to the CPU to wake from, yet runs elsewhere");
	if (allow_all_cpus(0))
		tap_bail("cannot allow every CPU");
	sleep_ms(10);
	return sched_getcpu();
}

static inline void burn(void)
{
	volatile unsigned long x = 0;

	for (;;)
		x++;
}

/*
 * Start a task that burns CPU until it is killed: on @cpu (-1 for any),
 * at @nice, with @policy (SCHED_OTHER, SCHED_BATCH, SCHED_IDLE, or
 * SCHED_FIFO at priority 50).
 */
static inline pid_t spawn_hog(int cpu, int nice, int policy)
{
	pid_t pid = fork();

	if (pid < 0)
		tap_bail("fork failed");
	if (pid == 0) {
		struct sched_param sp = {
			.sched_priority = policy == SCHED_FIFO ? 50 : 0 };

		if (cpu >= 0 && pin_to(0, cpu))
			_exit(1);
		if (policy != SCHED_OTHER && sched_setscheduler(0, policy, &sp))
			_exit(1);
		if (setpriority(PRIO_PROCESS, 0, nice))
			_exit(1);
		burn();
	}
	return pid;
}

/* Start a task that sleeps until it is killed. */
static inline pid_t spawn_sleeper(int nice, int policy, int prio)
{
	pid_t pid = fork();

	if (pid < 0)
		tap_bail("fork failed");
	if (pid == 0) {
		struct sched_param sp = { .sched_priority = prio };

		if (sched_setscheduler(0, policy, &sp))
			_exit(1);
		if (policy != SCHED_FIFO && policy != SCHED_RR &&
		    setpriority(PRIO_PROCESS, 0, nice))
			_exit(1);
		for (;;)
			pause();
	}
	return pid;
}

static inline void kill_all(pid_t *pids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			waitpid(pids[i], NULL, 0);
}

/* The state letter of @pid in /proc/<pid>/stat (R, S, D, Z, ...), or 0. */
static inline char proc_state(pid_t pid)
{
	char path[64], state = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
		state = 0;
	fclose(f);
	return state;
}

/* Whether a process still exists (and is not a zombie). */
static inline int alive(pid_t pid)
{
	char state = proc_state(pid);

	return state && state != 'Z' && state != 'X';
}

/*
 * Count every task in the system by class: @on gets those in the
 * interactive class, @off the others, split by whether their policy is
 * one the class owns (SCHED_NORMAL or SCHED_BATCH).
 */
struct class_count {
	int owned_on, owned_off, other_on, other_off, total;
};

static inline void count_classes(struct class_count *c)
{
	DIR *procs = opendir("/proc");
	struct dirent *pe;

	memset(c, 0, sizeof(*c));
	if (!procs)
		return;
	while ((pe = readdir(procs))) {
		char tpath[64];
		DIR *tasks;
		struct dirent *te;
		pid_t pid = atoi(pe->d_name);

		if (pid <= 0)
			continue;
		snprintf(tpath, sizeof(tpath), "/proc/%d/task", pid);
		tasks = opendir(tpath);
		if (!tasks)
			continue;
		while ((te = readdir(tasks))) {
			pid_t tid = atoi(te->d_name);
			char v[16];
			int on, policy, owned;

			if (tid <= 0)
				continue;
			on = on_interactive(pid, tid);
			if (on < 0 || sched_field_str(pid, tid, "policy", v, sizeof(v)))
				continue;
			policy = atoi(v);
			owned = policy == SCHED_OTHER || policy == SCHED_BATCH;
			if (owned && on)
				c->owned_on++;
			else if (owned)
				c->owned_off++;
			else if (on)
				c->other_on++;
			else
				c->other_off++;
			c->total++;
		}
		closedir(tasks);
	}
	closedir(procs);
}

/*
 * The milestone the kernel was built at, from the kernel command line
 * (ia.milestone=, which scripts/run-tests.sh sets from the tree), in
 * series order. M_FIXES is the 2003 design with its fixes, M_LATENCY
 * adds the latency order within a level, and M_SMP placement, order and
 * balance by priority, at the end of the series. A test never guesses:
 * a missing or unknown name bails out.
 */
enum { M_CORE, M_BASELINE, M_O12_2, M_O12_3, M_O13, M_O13_1, M_FIXES,
	M_LATENCY, M_SMP };

static inline int milestone_idx(void)
{
	static const char *const names[] = {
		"core", "baseline", "o12.2", "o12.3", "o13", "o13.1", "fixes",
		"latency", "smp",
	};
	const char *m = milestone();
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(m, names[i]))
			return i;
	printf("Bail out! ia.milestone=%s is not a milestone of the series\n", m);
	exit(1);
}

#define MS 1000000LL

/* The estimator's maximum sleep_avg: 1 s in A3, 1020 ms from O12.2. */
static inline long long max_sleep_avg(void)
{
	return milestone_idx() >= M_O12_2 ? 1020 * MS : 1000 * MS;
}

/*
 * How long the expired array may wait with @nr tasks runnable before
 * interactive tasks stop going back to the active array, in ns: 1 s in
 * A3; from O12.2, STARVATION_LIMIT (the maximum sleep_avg) per task
 * plus 1 ms, counting at most five tasks once the fixes are in.
 */
static inline long long starvation_limit_ns(int nr)
{
	if (milestone_idx() < M_O12_2)
		return 1000 * MS;
	if (milestone_idx() >= M_FIXES && nr > 5)
		nr = 5;
	return max_sleep_avg() * nr + MS;
}

static inline long long my_field(const char *name)
{
	return sched_field(getpid(), name);
}

/* Whether tasks have interactive.credit: from O12.2 (scx_interactive too). */
static inline int have_credit(void)
{
	return milestone_idx() >= M_O12_2;
}

/* Whether they have interactive.cpu_debt: from the fixes, in the class. */
static inline int have_cpu_debt(void)
{
	return milestone_idx() >= M_FIXES && !under_scx();
}

/*
 * Give every task in the class a clean estimate and a new slice, except
 * the @n tasks in @keep. Only switching the class on starts a task
 * afresh; a trip out of the class and back keeps what the task had
 * (tests/pi_deboost), so the tasks to keep wait out the switch as
 * SCHED_FIFO and come back as they were, but for the time stamp. So
 * that they cannot take the CPU meanwhile, keep only the caller or
 * tasks that are stopped (stop_all()) or asleep for the while.
 */
static inline int make_fresh_keep(const pid_t *keep, int n)
{
	struct sched_param rt = { .sched_priority = 1 }, no = { 0 };
	int i, err;

	for (i = 0; i < n; i++)
		if (sched_setscheduler(keep[i], SCHED_FIFO, &rt))
			break;
	/* No switch unless every task is kept; those moved go back. */
	err = i < n || ia_set(0) || ia_set(1);
	while (i--)
		if (sched_setscheduler(keep[i], SCHED_OTHER, &no))
			err = 1;
	return err ? -1 : 0;
}

/* Stop @n tasks with SIGSTOP, and wait until each one is stopped. */
static inline int stop_all(const pid_t *pids, int n)
{
	int i, st;

	for (i = 0; i < n; i++) {
		if (kill(pids[i], SIGSTOP) ||
		    waitpid(pids[i], &st, WUNTRACED) != pids[i] || !WIFSTOPPED(st))
			return -1;
	}
	return 0;
}

/* Let @n stopped tasks go on. */
static inline void cont_all(const pid_t *pids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		kill(pids[i], SIGCONT);
}

/* Start every task in the class afresh, the caller included. */
static inline int make_fresh(void)
{
	return make_fresh_keep(NULL, 0);
}

/* The CPU time this thread has used, in ns. */
static inline long long thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Burn @ns of this thread's CPU time. */
static inline void burn_ns(long long ns)
{
	long long end = thread_cpu_ns() + ns;

	do {
		volatile int i;

		for (i = 0; i < 10000; i++)
			;
	} while (thread_cpu_ns() < end);
}

/*
 * Sleep @ms, then read sleep_avg. A switch-out or a requeue between the
 * wake-up and the read charges what the task ran since it was picked,
 * and the sleep the kernel counts starts when the task is switched out,
 * after the timer is armed. Both are at most *@cpu: the CPU time this
 * thread used from just before the sleep to just after the read (the
 * class charges on the same clock).
 */
static inline long long sleep_then_read(long long ms, long long *cpu)
{
	long long sa, t = thread_cpu_ns();

	sleep_ms(ms);
	sa = my_field("interactive.sleep_avg");
	*cpu = thread_cpu_ns() - t;
	return sa;
}

/* A fresh task at @nice sleeps @ms: its sleep_avg when it wakes. */
static inline long long sleep_avg_after_sleep(int nice, long long ms, long long *cpu)
{
	setpriority(PRIO_PROCESS, 0, nice);
	make_fresh();
	return sleep_then_read(ms, cpu);
}

/* Common start of an estimator test: class on, pinned to a quiet CPU. */
static inline void estimator_setup(void)
{
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (milestone_idx() < M_BASELINE)
		tap_info("milestone %s has no estimator", milestone());
	ia_set(1);
	pin_to(0, 1 % nr_cpus());
	if (make_fresh())
		tap_bail("cannot reset the estimate (the class off and on)");
}

#endif /* IA_TEST_H */

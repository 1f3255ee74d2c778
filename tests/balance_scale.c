// SPDX-License-Identifier: GPL-2.0
/*
 * The balancer at scale: NR threads of the class burn CPU on CPU 0, then
 * are allowed on every CPU. The balancer must spread them to within
 * SPREAD_PCT of an even share on every CPU within SPREAD_MS, moving at
 * most sched_nr_migrate tasks between two CPUs at a time. This task, at
 * SCHED_FIFO on CPU 1 (the first CPU that CPU 0 pushes to), wakes every
 * POLL_MS to count where the threads are, and reports how late its
 * wake-ups came; it does not check them, since under TCG a vCPU thread
 * also waits for the host's CPUs. Where the kernel has the irqsoff
 * tracer (make stress's debug kernel), the check also reports the
 * longest section run with interrupts disabled, anywhere in the kernel,
 * while the threads spread: an upper bound of the balancer's own.
 *
 * The second check bounds the balancer's section itself, in what it does
 * rather than in time: while the threads spread, most of them still
 * pinned to CPU 0 for a while, no balance between two CPUs may look at
 * more than sched_nr_migrate queued tasks (the sched_interactive_balance
 * trace event's looked field), and some must look at that many, or the
 * threads were never in the balancer's way.
 *
 * The threads run at nice 19, below the kernel's own threads of the
 * class. Counting and moving them keeps CPU 1 busy at SCHED_FIFO for
 * seconds (minutes under icount on the debug kernel), and the class has
 * only its deadline server's 5 % there. At nice 0, after their sleep on
 * the futex, the threads would share the top level with rcu_preempt,
 * which would wait its turn behind a thousand of them: RCU stalls, as a
 * level is served in turn (the 2003 design, not the balancer's doing).
 * At nice 19 rcu_preempt runs first, unless the expired array holds it:
 * before the class bounded the wait of that array, that stalled RCU too.
 */
#include <limits.h>
#include <pthread.h>
#include <linux/futex.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "ia.h"

#define NR		2000
#define SPREAD_PCT	10
#define SPREAD_MS	1000
#define POLL_MS		50
#define INSTANCES	TRACING "/instances"
#define EVENT		"events/sched/sched_interactive_balance"
#define NR_MIGRATE	"/sys/kernel/debug/sched/nr_migrate"
#define NICE		19

static pid_t tids[NR];
static int started, go;

static void *hog(void *arg)
{
	tids[(long)arg] = gettid();
	setpriority(PRIO_PROCESS, 0, NICE);
	__atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&go, __ATOMIC_SEQ_CST))
		syscall(SYS_futex, &go, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
	burn();
	return NULL;
}

/* The CPU thread @tid is queued on (field 39 of its stat), or -1. */
static int task_cpu_of(pid_t tid)
{
	char path[64], buf[1024], *p;
	int i, n, fd;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strrchr(buf, ')');
	/* Field 3, the state, follows ") "; field 39 is 36 fields on. */
	for (i = 0; p && i < 37; i++)
		p = strchr(p + 1, ' ');
	return p ? atoi(p + 1) : -1;
}

/* The pid of the kernel thread named @comm, or -1. */
static pid_t kthread_pid(const char *comm)
{
	char path[64], buf[32];
	struct dirent *d;
	pid_t pid = -1;
	DIR *dir = opendir("/proc");

	while (dir && pid < 0 && (d = readdir(dir))) {
		int n = atoi(d->d_name);

		if (n <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/comm", n);
		if (read_str(path, buf, sizeof(buf)) > 0 &&
		    !strncmp(buf, comm, strlen(comm)) && buf[strlen(comm)] == '\n')
			pid = n;
	}
	if (dir)
		closedir(dir);
	return pid;
}

/* Start the irqsoff tracer afresh; returns 0 if the kernel lacks it. */
static int irqsoff_start(void)
{
	char buf[1024];

	if (read_str(TRACING "/available_tracers", buf, sizeof(buf)) < 0 ||
	    !strstr(buf, "irqsoff"))
		return 0;
	if (write_file(TRACING "/current_tracer", "irqsoff") ||
	    write_file(TRACING "/tracing_max_latency", "0") ||
	    write_file(TRACING "/tracing_on", "1"))
		tap_bail("cannot start the irqsoff tracer");
	return 1;
}

/*
 * Two trace instances of their own (the irqsoff tracer has the main
 * buffer) record the balances that look at exactly @bound tasks, and at
 * more. Only the second's records are read: the first may hold tens of
 * thousands, and is only counted.
 */
static const char *const instance[] = { "ia_balance_at", "ia_balance_over" };

/* The path of @leaf in trace instance @i ("" for the instance itself). */
static const char *instance_path(int i, const char *leaf)
{
	static char path[256];

	snprintf(path, sizeof(path), INSTANCES "/%s%s", instance[i], leaf);
	return path;
}

static void balance_trace_start(long bound)
{
	static const char *const op[] = { "==", ">" };
	char filter[64];
	int i;

	for (i = 0; i < 2; i++) {
		rmdir(instance_path(i, ""));
		if (mkdir(instance_path(i, ""), 0755))
			tap_bail("cannot create a trace instance");
		snprintf(filter, sizeof(filter), "looked %s %ld", op[i], bound);
		if (write_file(instance_path(i, "/" EVENT "/filter"), filter))
			tap_bail("cannot filter sched_interactive_balance");
	}
	for (i = 0; i < 2; i++)
		if (write_file(instance_path(i, "/" EVENT "/enable"), "1"))
			tap_bail("cannot trace sched_interactive_balance");
}

/* Events written to instance @i, kept or since overwritten, on all CPUs. */
static long balance_trace_count(int i)
{
	char leaf[64], buf[1024], *p, *q;
	long n = 0;
	int cpu;

	for (cpu = 0; cpu < nr_cpus(); cpu++) {
		snprintf(leaf, sizeof(leaf), "/per_cpu/cpu%d/stats", cpu);
		if (read_str(instance_path(i, leaf), buf, sizeof(buf)) < 0 ||
		    !(p = strstr(buf, "entries: ")) ||
		    !(q = strstr(buf, "overrun: ")))
			tap_bail("cannot read a trace instance's stats");
		n += atol(p + strlen("entries: ")) +
		     atol(q + strlen("overrun: "));
	}
	return n;
}

struct balances {
	long at, over, most;
};

/*
 * Stop both: the balances at @bound and above it, and the most looked at
 * of those kept above it.
 */
static void balance_trace_stop(struct balances *b)
{
	static char trace[1 << 20];
	char *p;
	long n;
	int i;

	for (i = 0; i < 2; i++)
		write_file(instance_path(i, "/" EVENT "/enable"), "0");
	b->at = balance_trace_count(0);
	b->over = balance_trace_count(1);
	b->most = 0;
	if (read_str(instance_path(1, "/trace"), trace, sizeof(trace)) < 0)
		tap_bail("cannot read a trace instance");
	for (p = trace; (p = strstr(p, "looked=")); p++) {
		n = atol(p + strlen("looked="));
		if (n > b->most)
			b->most = n;
	}
	for (i = 0; i < 2; i++)
		rmdir(instance_path(i, ""));
}

/*
 * Stop the tracer. Returns the longest IRQs-off section it saw, in us,
 * and fills @where with the functions it began and ended in.
 */
static long irqsoff_stop(char *where, size_t len)
{
	static char trace[1 << 16];
	char *from, *to, *line, *next;
	long us;

	write_file(TRACING "/tracing_on", "0");
	us = read_long(TRACING "/tracing_max_latency");
	if (us < 0)
		tap_bail("cannot read tracing_max_latency");
	read_str(TRACING "/trace", trace, sizeof(trace));
	write_file(TRACING "/current_tracer", "nop");
	/* Which CPU and task, from the trace's header: */
	for (line = trace; (line = strstr(line, "# ")); line = next) {
		next = line + strcspn(line, "\n");
		if (!strncmp(line, "# latency:", 10) ||
		    !strncmp(line + strspn(line, "# "), "| task:", 7))
			tap_info("irqsoff, %.*s", (int)(next - line - 2), line + 2);
	}
	/* Where the section ended, as the tracer's stack trace has it: */
	line = strstr(trace, "<stack trace>");
	line = line ? strchr(line, '\n') : NULL;
	for (; line && strstr(line, "=> "); line = next) {
		line += strspn(line, "\n ");
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		if (strncmp(line, "=> ", 3))
			break;
		tap_info("irqsoff, ended in: %s", line + 3);
	}
	from = strstr(trace, "=> started at:");
	to = strstr(trace, "=> ended at:");
	if (!from || !to)
		tap_bail("the irqsoff trace has no start and end");
	from += strlen("=> started at:");
	from += strspn(from, " ");
	to += strlen("=> ended at:");
	to += strspn(to, " ");
	snprintf(where, len, "%.*s to %.*s", (int)strcspn(from, "\n"), from,
		 (int)strcspn(to, "\n"), to);
	return us;
}

/* Count the threads per CPU; return the largest distance from even, in %. */
static int spread(int ncpu, int *count)
{
	int i, cpu, worst = 0, even = NR / ncpu;

	memset(count, 0, ncpu * sizeof(*count));
	for (i = 0; i < NR; i++) {
		cpu = task_cpu_of(tids[i]);
		if (cpu < 0 || cpu >= ncpu)
			tap_bail("cannot read a thread's CPU");
		count[cpu]++;
	}
	for (i = 0; i < ncpu; i++) {
		int d = abs(count[i] - even) * 100 / even;

		if (d > worst)
			worst = d;
	}
	return worst;
}

int main(void)
{
	struct sched_param fifo = { .sched_priority = 50 };
	int i, ncpu = nr_cpus(), count[CPU_SETSIZE], dev = 100;
	long long t0, t, due, late, worst_late = 0, took = -1, rcu_wait, rcu_t;
	char irqsoff[256] = "", where[128];
	struct balances b;
	long bound;
	int traced;
	pid_t rcu;
	pthread_attr_t attr;
	pthread_t th;

	tap_plan(2);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (ncpu < 2) {
		tap_skip("spread: needs two CPUs");
		tap_skip("balance bound: needs two CPUs");
		return tap_exit();
	}
	bound = read_long(NR_MIGRATE);
	if (bound <= 0)
		tap_bail("cannot read " NR_MIGRATE);
	ia_set(1);

	/* The threads start on CPU 0 and wait there for go. */
	if (pin_to(0, 0))
		tap_bail("cannot pin to CPU 0");
	t = now_ns();
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	for (i = 0; i < NR; i++)
		if (pthread_create(&th, &attr, hog, (void *)(long)i))
			tap_bail("pthread_create");
	while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < NR)
		sleep_ms(10);
	tap_info("%d threads started in %lld ms", NR, (now_ns() - t) / MS);

	rcu = kthread_pid("rcu_preempt");
	rcu_wait = rcu > 0 ? run_delay_ns(rcu) : -1;
	rcu_t = now_ns();

	/* This thread leaves for CPU 1, at SCHED_FIFO. */
	if (pin_to(0, 1) || sched_setscheduler(0, SCHED_FIFO, &fifo))
		tap_bail("cannot move to CPU 1 at SCHED_FIFO");
	__atomic_store_n(&go, 1, __ATOMIC_SEQ_CST);
	syscall(SYS_futex, &go, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
	sleep_ms(500);
	t = now_ns();
	spread(ncpu, count);
	tap_info("%d threads on CPU 0 of %d (counted in %lld ms)", count[0], NR,
		 (now_ns() - t) / MS);

	if (tracefs_mount())
		tap_bail("no tracefs");
	traced = irqsoff_start();
	balance_trace_start(bound);
	t = now_ns();
	for (i = 0; i < NR; i++)
		if (allow_all_cpus(tids[i]))
			tap_bail("cannot allow a thread every CPU");
	tap_info("allowing them every CPU took %lld ms", (now_ns() - t) / MS);

	t0 = now_ns();
	due = t0;
	while (now_ns() - t0 < SPREAD_MS * MS) {
		due += POLL_MS * MS;
		sleep_until_ns(due);
		t = now_ns();
		late = t - due;
		if (late > worst_late)
			worst_late = late;
		dev = spread(ncpu, count);
		if (dev <= SPREAD_PCT) {
			took = t - t0;
			break;
		}
		/* Reading 2000 files takes a while: start the next poll after it. */
		due = now_ns();
	}
	balance_trace_stop(&b);
	if (traced) {
		long us = irqsoff_stop(where, sizeof(where));

		snprintf(irqsoff, sizeof(irqsoff),
			 "; longest IRQs-off section meanwhile %ld us (%s)",
			 us, where);
	}
	for (i = 0; i < ncpu; i++)
		tap_info("CPU %d: %d threads", i, count[i]);
	tap_info("a SCHED_FIFO task on CPU 1 woke at most %.1f ms late meanwhile",
		 worst_late / 1e6);
	if (rcu_wait >= 0)
		tap_info("rcu_preempt waited %lld ms on a runqueue in the %lld ms since the threads were let go",
			 (run_delay_ns(rcu) - rcu_wait) / MS, (now_ns() - rcu_t) / MS);
	tap_ok(took >= 0,
	       "%d threads spread to within %d%% of an even share of %d CPUs in %lld ms (bound %d ms, at most %d%% off)%s",
	       NR, SPREAD_PCT, ncpu, took / MS, SPREAD_MS, dev, irqsoff);
	tap_ok(!b.over && b.at,
	       "no balance looked at more than sched_nr_migrate (%ld) tasks meanwhile: %ld looked at %ld, %ld at more (at most %ld)",
	       bound, b.at, bound, b.over, b.most);
	ia_set(0);
	return tap_exit();
}

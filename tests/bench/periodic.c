// SPDX-License-Identifier: GPL-2.0
/*
 * periodic: a task that wakes at planned times and has CPU work to do by
 * the next one: audio (small work, short period), video (larger work at
 * a frame rate) and X (bursts at irregular intervals, waiting for input
 * in between).
 *
 *   periodic NAME DURATION_MS PERIOD_US WORK_US [MAX_PERIOD_US MAX_WORK_US SEED]
 *
 * With the last three, each interval is drawn from PERIOD_US..MAX_PERIOD_US
 * and each burst from WORK_US..MAX_WORK_US, from SEED. Each event has a
 * deadline, the next event's time. The wake-up latency is the time from
 * the planned wake-up to the return of the sleep. A task more than a
 * whole interval behind drops the events it missed, as a player skips:
 * they count as missed deadlines, and each counts in the latency figures
 * at the time it had waited when it was dropped (its interval or more),
 * as interbench counts a dropped frame.
 *
 * With BENCH_WARMUP_MS in the environment, the events of that first
 * stretch run but are not counted, so that the figures are those of a
 * task the estimator has had time to learn (the load of a scenario
 * starts after it).
 *
 * Each event's work is CPU time by the task's own clock (work_cpu_us()),
 * so that its demand is the same at any CPU count under QEMU icount.
 *
 * Prints: name, events, deadlines_met (%), lat_mean_us, lat_p99_us,
 * lat_max_us and cpu_wanted_pct (work planned / duration).
 */
#include "bench.h"

int main(int argc, char **argv)
{
	long long dur, per, work, per_hi, work_hi, t, t_next, start, end;
	long long *lat, sum = 0, wanted = 0, w, warm, from;
	int n = 0, met = 0, max_ev;
	const char *warm_s = getenv("BENCH_WARMUP_MS");
	uint64_t seed = 1;
	const char *name;

	if (argc != 5 && argc != 8)
		usage("periodic NAME DURATION_MS PERIOD_US WORK_US [MAX_PERIOD_US MAX_WORK_US SEED]");
	name = argv[1];
	dur = atoll(argv[2]) * NSEC_PER_MSEC;
	per = per_hi = atoll(argv[3]) * NSEC_PER_USEC;
	work = work_hi = atoll(argv[4]);
	if (argc == 8) {
		per_hi = atoll(argv[5]) * NSEC_PER_USEC;
		work_hi = atoll(argv[6]);
		seed = strtoull(argv[7], NULL, 0) ?: 1;
	}
	if (dur <= 0 || per <= 0 || work < 0 || per_hi < per || work_hi < work)
		usage("periodic: bad arguments");
	loops_per_ms();
	warm = warm_s ? atoll(warm_s) * NSEC_PER_MSEC : 0;
	if (warm < 0 || warm >= dur)
		usage("periodic: BENCH_WARMUP_MS must be below DURATION_MS");

	max_ev = dur / per + 2;
	lat = calloc(max_ev, sizeof(*lat));
	if (!lat)
		die("calloc");

	start = now_ns() + 10 * NSEC_PER_MSEC;
	end = start + dur;
	from = start + warm;
	t = start;
	while (t < end && n < max_ev) {
		long long interval = rnd_range(&seed, per, per_hi);
		int counted = t >= from;

		w = rnd_range(&seed, work, work_hi);
		t_next = t + interval;
		sleep_until(t);
		if (counted) {
			lat[n] = now_ns() - t;
			sum += lat[n];
			n++;
			wanted += w;
		}
		work_cpu_us(w);
		if (counted && now_ns() <= t_next)
			met++;
		t = t_next;
		/* More than a whole interval behind: skip what was missed. */
		while (now_ns() > t + interval && t < end && n < max_ev) {
			interval = rnd_range(&seed, per, per_hi);
			w = rnd_range(&seed, work, work_hi);
			if (t >= from) {
				wanted += w;
				lat[n] = now_ns() - t;
				sum += lat[n];
				n++;
			}
			t += interval;
		}
	}
	dur -= warm;
	/* n counts the dropped events too: each has its latency. */
	printf("name=%s events=%d deadlines_met=%.2f lat_mean_us=%.1f lat_p99_us=%.1f lat_max_us=%.1f cpu_wanted_pct=%.1f\n",
	       name, n, 100.0 * met / (n ?: 1),
	       n ? sum / 1000.0 / n : 0, percentile(lat, n, 99) / 1000.0,
	       percentile(lat, n, 100) / 1000.0,
	       100.0 * wanted * NSEC_PER_USEC / dur);
	return 0;
}

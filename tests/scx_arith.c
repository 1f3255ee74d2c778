// SPDX-License-Identifier: GPL-2.0
/*
 * The arithmetic of scx_interactive (tools/sched_ext/scx_interactive.h),
 * compiled for user space, against the numbers of the class's KUnit
 * suite (kernel/sched/interactive_test.c): each case below is one KUnit
 * case, with the same inputs and the same expected values, written out
 * as numbers, but for the checks marked "not in KUnit". The BPF
 * scheduler runs the same header, so a figure that differs here differs
 * there. Runs on the host, with no QEMU.
 *
 *   cc -I$SRC/tools/sched_ext -o scx_arith scx_arith.c && ./scx_arith
 */
#include <stdio.h>
#include <string.h>
#include "scx_interactive.h"

#define MS 1000000ULL

static int n, failed;

static void check(int cond, const char *what, long long got, long long want)
{
	n++;
	if (cond)
		return;
	failed++;
	printf("# %s: got %lld, want %lld\n", what, got, want);
}

#define EQ(what, got, want) \
	check((long long)(got) == (long long)(want), what, (long long)(got), (long long)(want))

static void ok(int cond, const char *name)
{
	static int i;

	printf("%sok %d %s\n", cond ? "" : "not ", ++i, name);
}

static int prio_of(int nice)
{
	return IA_NICE_0_PRIO + nice;
}

/* ia_test_timeslice */
static const unsigned int slices[IA_NICE_WIDTH] = {
	200, 195, 190, 185, 180, 175, 170, 165, 161, 156,
	151, 146, 141, 136, 131, 126, 122, 117, 112, 107,
	102,  97,  92,  87,  83,  78,  73,  68,  63,  58,
	 53,  48,  44,  39,  34,  29,  24,  19,  14,  10,
};

/* ia_test_delta */
static const int deltas[IA_NICE_WIDTH] = {
	-3, -2, -2, -2, -2, -1, -1, -1, -1,  0,
	 0,  0,  0,  1,  1,  1,  1,  2,  2,  2,
	 2,  2,  2,  2,  3,  3,  3,  3,  4,  4,
	 4,  4,  5,  5,  5,  5,  6,  6,  6,  6,
};

/* ia_test_jis */
static const unsigned long long jis_ms[IA_NICE_WIDTH] = {
	1326, 1224, 1224, 1224, 1224, 1122, 1122, 1122, 1122, 1020,
	1020, 1020, 1020,  918,  918,  918,  918,  816,  816,  816,
	 816,  816,  816,  816,  714,  714,  714,  714,  612,  612,
	 612,  612,  510,  510,  510,  510,  408,  408,  408,  408,
};

/* ia_test_sleep(): a nice 0 task of @sleep_avg and @credit sleeps @ns. */
static struct ia_task sleep_task(unsigned long long sleep_avg, long long credit,
				 unsigned long long ns, int kthread)
{
	struct ia_task t;

	memset(&t, 0, sizeof(t));
	t.sleep_avg = sleep_avg;
	t.credit = credit;
	t.timestamp = 5000000000ULL;
	ia_recalc(&t, prio_of(0), kthread, 5000000000ULL + ns);
	return t;
}

static void ia_test_timeslice(void)
{
	int i;

	for (i = 0; i < IA_NICE_WIDTH; i++)
		EQ("timeslice", ia_timeslice(prio_of(i - 20)), slices[i] * MS);
}

static void ia_test_next_requeue(void)
{
	EQ("102", ia_next_requeue(prio_of(0), 102 * MS), 77 * MS);
	EQ("77", ia_next_requeue(prio_of(0), 77 * MS), 52 * MS);
	EQ("60", ia_next_requeue(prio_of(0), 60 * MS), 52 * MS);
	EQ("52", ia_next_requeue(prio_of(0), 52 * MS), 27 * MS);
	EQ("51", ia_next_requeue(prio_of(0), 51 * MS), 27 * MS);
	EQ("27", ia_next_requeue(prio_of(0), 27 * MS), 2 * MS);
	EQ("2", ia_next_requeue(prio_of(0), 2 * MS), 0);
	EQ("150", ia_next_requeue(prio_of(0), 150 * MS), 77 * MS);
	EQ("nice 19", ia_next_requeue(prio_of(19), 10 * MS), 0);
	EQ("nice -20 200", ia_next_requeue(prio_of(-20), 200 * MS), 175 * MS);
	EQ("nice -20 26", ia_next_requeue(prio_of(-20), 26 * MS), 25 * MS);
}

/*
 * Not in KUnit (the class requeues from the tick): a turn lasts to the
 * next round-robin point while more than 10 ms would be left there, for
 * a user task; a kernel thread runs its whole slice.
 */
static void ia_test_piece(void)
{
	EQ("full", ia_piece(prio_of(0), 0, 102 * MS), 25 * MS);
	EQ("after 25 ms", ia_piece(prio_of(0), 0, 77 * MS), 25 * MS);
	EQ("mid-turn", ia_piece(prio_of(0), 0, 60 * MS), 8 * MS);
	EQ("2 ms would be left", ia_piece(prio_of(0), 0, 27 * MS), 27 * MS);
	EQ("10 ms would be left", ia_piece(prio_of(-17), 0, 35 * MS), 35 * MS);
	EQ("kthread", ia_piece(prio_of(0), 1, 102 * MS), 102 * MS);
	EQ("nice 19", ia_piece(prio_of(19), 0, 10 * MS), 10 * MS);
	EQ("nice -20", ia_piece(prio_of(-20), 0, 200 * MS), 25 * MS);
}

static void ia_test_bonus(void)
{
	EQ("0", ia_bonus(0), -5);
	EQ("101999999", ia_bonus(101999999), -5);
	EQ("102000000", ia_bonus(102000000), -4);
	EQ("510000000", ia_bonus(510000000), 0);
	EQ("713999999", ia_bonus(713999999), 1);
	EQ("714000000", ia_bonus(714000000), 2);
	EQ("1019999999", ia_bonus(1019999999), 4);
	EQ("1020000000", ia_bonus(1020000000), 5);
}

static void ia_test_prio(void)
{
	EQ("nice 0, 0", ia_effective_prio(prio_of(0), 0), 125);
	EQ("nice 0, max", ia_effective_prio(prio_of(0), 1020000000), 115);
	EQ("nice -20, max", ia_effective_prio(prio_of(-20), 1020000000), 100);
	EQ("nice 19, 0", ia_effective_prio(prio_of(19), 0), 139);
	EQ("nice 19, max", ia_effective_prio(prio_of(19), 1020000000), 134);
}

static void ia_test_delta(void)
{
	int i;

	for (i = 0; i < IA_NICE_WIDTH; i++)
		EQ("delta", ia_delta(prio_of(i - 20)), deltas[i]);
}

static void ia_test_interactive(void)
{
	int p;

	p = ia_effective_prio(prio_of(0), 713999999);
	EQ("prio 119", p, 119);
	EQ("119 not", ia_interactive(p, prio_of(0)), 0);
	p = ia_effective_prio(prio_of(0), 714000000);
	EQ("prio 118", p, 118);
	EQ("118", ia_interactive(p, prio_of(0)), 1);
	p = ia_effective_prio(prio_of(19), 1020000000);
	EQ("nice 19", ia_interactive(p, prio_of(19)), 0);
	p = ia_effective_prio(prio_of(-20), 203999999);
	EQ("prio 104", p, 104);
	EQ("104 not", ia_interactive(p, prio_of(-20)), 0);
	p = ia_effective_prio(prio_of(-20), 204000000);
	EQ("prio 103", p, 103);
	EQ("103", ia_interactive(p, prio_of(-20)), 1);
}

static void ia_test_jis(void)
{
	int i;

	for (i = 0; i < IA_NICE_WIDTH; i++)
		EQ("jis", ia_jis_ms(prio_of(i - 20)), jis_ms[i]);
}

static void ia_test_recalc(void)
{
	struct ia_task t;

	t = sleep_task(0, 0, 10000000, 0);
	EQ("A sleep_avg", t.sleep_avg, 102000000);
	EQ("A credit", t.credit, -1);
	EQ("A prio", t.prio, 124);
	t = sleep_task(0, -1, 300000000, 0);
	EQ("debt sleep_avg", t.sleep_avg, 102000000);
	EQ("debt credit", t.credit, -2);
	t = sleep_task(0, 1, 10000000, 0);
	EQ("credit 0 sleep_avg", t.sleep_avg, 110000000);
	EQ("credit 0 credit", t.credit, 0);
	EQ("credit 0 prio", t.prio, 124);
	t = sleep_task(204000000, 1, 10000000, 0);
	EQ("x9", t.sleep_avg, 294000000);
	t = sleep_task(500000000, 3, 10000000, 0);
	EQ("x7", t.sleep_avg, 570000000);
	EQ("x7 credit", t.credit, 3);
	t = sleep_task(918000000, 1, 10000000, 0);
	EQ("x2", t.sleep_avg, 938000000);
	EQ("x2 prio", t.prio, 116);
	t = sleep_task(1000000000, 0, 50000000, 0);
	EQ("max sleep_avg", t.sleep_avg, 1020000000);
	EQ("max credit", t.credit, 1);
	EQ("max prio", t.prio, 115);
	t = sleep_task(1020000000, 5, 2000000000, 0);
	EQ("jis sleep_avg", t.sleep_avg, 816000000);
	EQ("jis credit", t.credit, 5);
	EQ("jis prio", t.prio, 117);
	t = sleep_task(500000000, 1, 2000000000, 1);
	EQ("kthread sleep_avg", t.sleep_avg, 1020000000);
	EQ("kthread credit", t.credit, 2);
	t = sleep_task(0, 0, 2000000000, 1);
	EQ("kthread 0 sleep_avg", t.sleep_avg, 102000000);
	EQ("kthread 0 credit", t.credit, -1);
	t = sleep_task(0, 0, 0, 0);
	EQ("no sleep sleep_avg", t.sleep_avg, 0);
	EQ("no sleep credit", t.credit, -1);
	EQ("no sleep prio", t.prio, 125);
}

static void ia_test_charge(void)
{
	struct ia_task t;

	memset(&t, 0, sizeof(t));
	t.sleep_avg = 1020000000;
	t.timestamp = 6000000000ULL;
	ia_charge(&t, 6300000000ULL);
	EQ("300 ms", t.sleep_avg, 720000000);
	EQ("timestamp", t.timestamp, 6300000000ULL);
	ia_charge(&t, 7800000000ULL);
	EQ("1.5 s", t.sleep_avg, 0);
	t.credit = 1;
	t.sleep_avg = 1020000000;
	ia_charge(&t, 7910000000ULL);
	EQ("credit, level 10", t.sleep_avg, 910000000);
	t.sleep_avg = 500000000;
	ia_charge(&t, 7980000000ULL);
	EQ("credit, level 4", t.sleep_avg, 490000000);
	ia_charge(&t, 7000000000ULL);
	EQ("clock back", t.sleep_avg, 490000000);
}

static void ia_test_credit_wait(void)
{
	struct ia_task t;

	memset(&t, 0, sizeof(t));
	t.timestamp = 1000000000;
	t.activated = 1;
	ia_credit_wait(&t, prio_of(0), 0, 1128000000);
	EQ("weighted sleep_avg", t.sleep_avg, 102000000);
	EQ("weighted credit", t.credit, -1);
	EQ("weighted activated", t.activated, 0);
	/*
	 * KUnit's activated == 2 case (woken by an interrupt) has no
	 * counterpart: a BPF scheduler is not told (scx_interactive.bpf.c).
	 */
	/* Not in KUnit: with credit, no cap shows the weight: 38 ms x 11. */
	memset(&t, 0, sizeof(t));
	t.timestamp = 1000000000;
	t.activated = 1;
	t.credit = 1;
	ia_credit_wait(&t, prio_of(0), 0, 1128000000);
	EQ("weighted, no cap", t.sleep_avg, 418000000);
	t.sleep_avg = 0;
	t.activated = -1;
	ia_credit_wait(&t, prio_of(0), 0, 1128000000);
	EQ("D-sleep sleep_avg", t.sleep_avg, 0);
	EQ("D-sleep activated", t.activated, -1);
}

static void ia_test_dsleep(void)
{
	EQ("815999999", ia_dsleep_earns_nothing(prio_of(0), 815999999), 0);
	EQ("816000000", ia_dsleep_earns_nothing(prio_of(0), 816000000), 1);
	EQ("0", ia_dsleep_earns_nothing(prio_of(0), 0), 0);
	EQ("nice 10 611999999", ia_dsleep_earns_nothing(prio_of(10), 611999999), 0);
	EQ("nice 10 612000000", ia_dsleep_earns_nothing(prio_of(10), 612000000), 1);
}

static void ia_test_fork_exit(void)
{
	int i;

	static const struct { unsigned long long before, parent, child; } fork[] = {
		{ 101999999, 0, 0 },
		{ 102000000, 102000000, 0 },
		{ 500000000, 408000000, 306000000 },
		{ 815000000, 714000000, 612000000 },
		{ 1019000000, 918000000, 816000000 },
		{ 1020000000, 1020000000, 918000000 },
	};
	for (i = 0; i < (int)(sizeof(fork) / sizeof(fork[0])); i++) {
		EQ("parent", ia_fork_sleep_avg(fork[i].before, IA_PARENT_PENALTY),
		   fork[i].parent);
		EQ("child", ia_fork_sleep_avg(fork[i].before, IA_CHILD_PENALTY),
		   fork[i].child);
	}
	EQ("exit", ia_exit_sleep_avg(800000000, 400000000), 700000000);
	EQ("exit, child above", ia_exit_sleep_avg(700000000, 900000000), 700000000);
}

static void ia_test_starving(void)
{
	int i;

	static const struct { unsigned int nr; unsigned long long ms; } lim[] = {
		{ 1, 1021 }, { 3, 3061 }, { 5, 5101 }, { 6, 5101 }, { 8, 5101 },
	};
	unsigned long long ts = 5000 * MS, l = 5101 * MS;

	EQ("no expired", ia_expired_starving(0, 3, ts + 10000 * MS), 0);
	for (i = 0; i < (int)(sizeof(lim) / sizeof(lim[0])); i++) {
		EQ("before", ia_expired_starving(ts, lim[i].nr, ts + lim[i].ms * MS - 1), 0);
		EQ("at", ia_expired_starving(ts, lim[i].nr, ts + lim[i].ms * MS), 1);
	}
	EQ("active empty", ia_epoch_over(1, 1, 0, ts), 1);
	EQ("expired empty", ia_epoch_over(0, 1, ts, ts + 10 * l), 0);
	EQ("before 2 limits", ia_epoch_over(0, 0, ts, ts + 2 * l - 1), 0);
	EQ("at 2 limits", ia_epoch_over(0, 0, ts, ts + 2 * l), 1);
	EQ("stale", ia_epoch_over(0, 0, 0, ts + 10 * l), 0);
}

static const struct {
	const char *name;
	void (*run)(void);
} cases[] = {
	{ "timeslice: 200 ms at nice -20 to 10 ms at nice 19", ia_test_timeslice },
	{ "next_requeue: every 25 ms of a full slice", ia_test_next_requeue },
	{ "piece: to the next round-robin point, not below 10 ms left", ia_test_piece },
	{ "bonus: 102 ms steps, +5 only at 1020 ms", ia_test_bonus },
	{ "prio: static_prio - bonus, within 100..139", ia_test_prio },
	{ "delta: -3 at nice -20, 2 at nice 0, 6 at nice 19", ia_test_delta },
	{ "interactive: from bonus +2 at nice 0, -3 at nice -20, never at 19", ia_test_interactive },
	{ "jis: 816 ms at nice 0", ia_test_jis },
	{ "recalc: multiplier, debt cap, credit, JIS", ia_test_recalc },
	{ "charge: 1:1, / (11 - level) with credit, not when the clock goes back", ia_test_charge },
	{ "credit_wait: 38/128 of the wait; nothing after a D-sleep", ia_test_credit_wait },
	{ "dsleep: earns nothing from JIS up", ia_test_dsleep },
	{ "fork and exit: the floor of a level, 3/4 + 1/4", ia_test_fork_exit },
	{ "starvation and epoch: 1020 ms per task up to five, plus 1 ms", ia_test_starving },
};

int main(void)
{
	unsigned int i;

	printf("TAP version 13\n1..%zu\n", sizeof(cases) / sizeof(cases[0]));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int before = failed;

		cases[i].run();
		ok(failed == before, cases[i].name);
	}
	printf("# %d checks, %d failed\n", n, failed);
	return failed ? 1 : 0;
}

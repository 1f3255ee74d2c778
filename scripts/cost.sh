#!/bin/bash
# make cost: what it costs to place a woken task, and to pull or balance,
# in the class against the fair class, at -smp 8 (SMP=) under QEMU icount,
# where a nanosecond of guest time is a fixed number of instructions: on
# a kernel with the function profiler (config/trace.config), the same
# wake-up heavy load (hackbench beside a hog on every CPU) runs under
# fair and under the class in one boot (tests/bench/cost.sh), and the
# mean time of a call of each function, callees included, is written
# to results/cost/cost.md with the command's setup.
#
#   select_task_rq_fair / select_task_rq_interactive   placing a wake-up
#   sched_balance_newidle / balance_interactive        the new-idle pull,
#                                                      at each pick
#   sched_balance_domains / interactive_balance        a CPU's balance in
#                                                      SCHED_SOFTIRQ
#
# The profiler's own cost is in every figure, the same for both classes.
# Under icount the vCPUs take turns on one host thread, so a spin on a
# runqueue lock held by a vCPU that is not running lasts until that one
# runs again: figures that take two runqueue locks (the balances) are
# upper bounds.
set -eu
. "$(dirname "$0")/lib.sh"

smp=${SMP:-8}
icount=${ICOUNT:-2}
case $smp in '' | *[!0-9]* | 0) die "SMP=$smp: want a number of CPUs" ;; esac
"$TOP/scripts/apply-series.sh"
"$TOP/scripts/build-kernel.sh" trace "$TOP/config/trace.config" >/dev/null
stage=$CACHE/bench-root
"$TOP/scripts/bench-image.sh" "$stage"

out=$TOP/results/cost
mkdir -p "$out"
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
start=$(date +%s)
RUN_TAG=cost SMP=$smp ICOUNT=$icount TIMEOUT=${TIMEOUT:-1800} \
	"$TOP/scripts/run-cmd.sh" trace "/bench/cost.sh" "$stage" >"$raw" ||
	die "the guest run failed; see $CACHE/build-trace/console-cmd-cost.log"
grep -q '^COST ' "$raw" || die "the guest printed no figures; see $CACHE/build-trace/console-cmd-cost.log"

{
	echo "\`make cost\` on $(date -u +%F), commit $(tree_commit), -smp $smp under QEMU icount (shift $icount: 4 ns per instruction at 2), $(($(date +%s) - start)) s:"
	echo "hackbench -p -g 4 -l 200 beside $smp hogs, under fair and then the class in one boot;"
	echo "the mean time of a call, what it calls included, from the function profiler."
	echo
	echo "| what | fair: function | calls | mean ns | the class: function | calls | mean ns |"
	echo "|---|---|---:|---:|---|---:|---:|"
	awk '
	$1 == "COST" {
		for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
		calls[f["sched"], f["func"]] = f["calls"]; us[f["sched"], f["func"]] = f["total_us"]
	}
	function cell(s, fn) {
		if (!((s, fn) in calls) || calls[s, fn] == 0) return sprintf("%s | 0 | -", fn)
		return sprintf("%s | %d | %.0f", fn, calls[s, fn], 1000 * us[s, fn] / calls[s, fn])
	}
	END {
		n = split("placing a wake-up|new-idle pull, at each pick|a CPU\x27s balance in SCHED_SOFTIRQ", what, "|")
		split("select_task_rq_fair sched_balance_newidle sched_balance_domains", fair, " ")
		split("select_task_rq_interactive balance_interactive interactive_balance", ia, " ")
		for (i = 1; i <= n; i++)
			printf "| %s | %s | %s |\n", what[i], cell("eevdf", fair[i]), cell("ia", ia[i])
	}' "$raw"
} >"$out/cost.md"
cat "$out/cost.md"

#!/bin/bash
# make stress: build the debug kernel (config/debug.config: lockdep,
# KASAN, DEBUG_LIST, atomic-sleep and preemption checks, every lockup and
# stall detector set to panic) and boot it with the class switched on, at
# -smp 2 and at -smp 4. Each boot runs stress-ng's scheduler stressors
# (tests/stress_ng.sh) for $STRESS_SECONDS (default 152, 8 s each) and a switch
# storm with 100 workers (tests/switch_storm.c): 1000 switches at -smp 2,
# 200 at -smp 4. Then it loads a BPF scheduler beside the class
# (tests/scx_exclusive.c). Two more boots, at -smp 2 and -smp 8, run the
# balancer at scale (tests/balance_scale.c: 2000 tasks queued on one
# CPU, then let go on all), under the irqsoff tracer, whose longest
# IRQs-off section while they spread is in that check's line of the
# summary.
#
# Passes only if every stressor ends normally, the storm's checks pass,
# and the console shows no kernel report (scripts/parse-results.sh).
# Ends with "N passed, N failed" and exits non-zero on any failure.
set -eu
. "$(dirname "$0")/lib.sh"

secs=${STRESS_SECONDS:-152}
case $secs in
'' | *[!0-9]*) die "STRESS_SECONDS=$secs: want a number of seconds" ;;
esac
command -v stress-ng >/dev/null || die "stress-ng not found: apt-get install stress-ng"

start=$(date +%s)
"$TOP/scripts/apply-series.sh"
"$TOP/scripts/build-kernel.sh" stress "$TOP/config/scx.config" "$TOP/config/debug.config" >/dev/null

add=$CACHE/stress-root
rm -rf "$add"
"$TOP/scripts/copy-bins.sh" "$add" stress-ng

results=$(mktemp)
trap 'rm -f "$results"' EXIT
# The 1000-switch storm at -smp 2; at -smp 4, where the same storm takes
# longer than the time make stress has, 200 switches.
for run in 2:1000 4:200; do
	smp=${run%:*} switches=${run#*:}
	# A KASAN and lockdep kernel runs several times slower under TCG:
	# allow a test five times the stressors' run and 2 s a switch before
	# it is killed, and the guest 5 min more before it counts as hung.
	# Each switch of the class waits for an RCU grace period (the fork
	# lock is a percpu rwsem): expedited, they do not wait for the grace
	# period kthread to get the CPU among hundreds of busy workers.
	# The debug kernel has sched_ext (ia.need=): scx_exclusive must not
	# skip.
	limit=$((secs * 5 + switches * 2))
	SMP=$smp MEM=2G ADD=$add TIMEOUT=$((limit + 300)) \
		APPEND="sched_interactive=1 sysctl.kernel.panic_on_rcu_stall=1 rcupdate.rcu_expedited=1 ia.tests=stress_ng,switch_storm,scx_exclusive ia.stress=$secs ia.storm=$switches,100 ia.timeout=$limit ia.need=sched_ext" \
		"$TOP/scripts/run-tests.sh" stress "stress smp$smp: " | tee -a "$results" || true
done

# The balancer at scale, where the lockup detectors and lockdep watch it:
# at -smp 8, and at -smp 2, where half the tasks go to the CPU that the
# test keeps busy at SCHED_FIFO while it counts and moves them, so that
# the class has only its deadline server's 5 % there (this boot found
# rcu_preempt left waiting 65 s in the expired array).
# Its console log gets a name of its own: the -smp 2 boot above keeps
# its log for a look after a failure.
for smp in 2 8; do
	SMP=$smp MEM=2G TIMEOUT=900 CONSOLE_TAG=stress-balance-smp$smp \
		APPEND="sched_interactive=1 ia.tests=balance_scale ia.timeout=600" \
		"$TOP/scripts/run-tests.sh" stress "stress smp$smp: " | tee -a "$results" || true
done

pass=$(grep -c "^PASS " "$results" || true)
fail=$(grep -c "^FAIL " "$results" || true)
took=$(($(date +%s) - start))
echo "make stress took $took s"

# What README.md quotes (scripts/readme-results.sh): the totals, each
# stressor's bogo ops at both CPU counts, and the other checks.
sum=$TOP/results/stress/summary.md
mkdir -p "${sum%/*}"
{
	echo "\`make stress\` on $(date -u +%F), commit $(tree_commit)," \
		"STRESS_SECONDS=$secs: $pass passed, $fail failed, in $took s ($((took / 60)) min)."
	echo
	echo "| stressor | -smp 2 | -smp 4 |"
	echo "|---|---:|---:|"
	awk '/^(PASS|FAIL) stress smp[0-9]+: stress_ng: / {
		smp = $3; sub(/:$/, "", smp); name = $5; sub(/:$/, "", name)
		if (!(name in seen)) { seen[name] = 1; order[++n] = name }
		v = $1 == "FAIL" ? "FAIL" : $6
		cell[name, smp] = v
	}
	END {
		for (i = 1; i <= n; i++)
			printf "| %s | %s | %s |\n", order[i], cell[order[i], "smp2"], cell[order[i], "smp4"]
	}' "$results"
	echo
	echo "Bogo ops in each stressor's part of the run. The KUnit suite passed whole" \
		"at boot: $(grep -c "^PASS stress smp[0-9]*: kunit: " "$results" || true) cases passed," \
		"$(grep -c "^FAIL stress smp[0-9]*: kunit: " "$results" || true) failed. The other checks:"
	echo
	grep -E "^(PASS|FAIL) stress smp[0-9]+: " "$results" | grep -v ": stress_ng: \|: kunit: " | sed "s/^/- /"
} >"$sum"
# Its first line alone, for the documents that quote the run in a line.
head -n 1 "$sum" >"${sum%/*}/headline.md"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ] && [ "$pass" != 0 ]

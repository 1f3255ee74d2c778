#!/bin/bash
# make stress: build the debug kernel (config/debug.config: lockdep,
# KASAN, DEBUG_LIST, atomic-sleep and preemption checks, every lockup and
# stall detector set to panic) and boot it with the class switched on, at
# -smp 2 and at -smp 4. Each boot runs stress-ng's scheduler stressors
# (tests/stress_ng.sh) for $STRESS_SECONDS (default 240) and a switch
# storm of 1000 switches with 300 workers (tests/switch_storm.c), then
# loads a BPF scheduler beside the class (tests/scx_exclusive.c).
#
# Passes only if every stressor ends normally, the storm's checks pass,
# and the console shows no kernel report (scripts/parse-results.sh).
# Ends with "N passed, N failed" and exits non-zero on any failure.
set -eu
. "$(dirname "$0")/lib.sh"

secs=${STRESS_SECONDS:-240}
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
for smp in 2 4; do
	# A KASAN and lockdep kernel runs several times slower under TCG:
	# allow the stressors five times their run, and 10 min for the rest.
	SMP=$smp MEM=2G ADD=$add TIMEOUT=$((secs * 5 + 600)) \
		APPEND="sched_interactive=1 sysctl.kernel.panic_on_rcu_stall=1 ia.tests=stress_ng,switch_storm,scx_exclusive ia.stress=$secs ia.storm=1000,300" \
		"$TOP/scripts/run-tests.sh" stress "stress smp$smp: " | tee -a "$results" || true
done

pass=$(grep -c "^PASS " "$results" || true)
fail=$(grep -c "^FAIL " "$results" || true)
echo "make stress took $(($(date +%s) - start)) s"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ] && [ "$pass" != 0 ]

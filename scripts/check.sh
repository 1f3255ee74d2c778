#!/bin/bash
# Everything that gates a change, in order: the series applies with no
# fuzz, checkpatch --strict is clean on every patch, the kernel builds,
# and the guest tests pass at -smp 1 and -smp 4. Ends with the total
# "N passed, N failed" line and exits non-zero on any failure.
set -u
. "$(dirname "$0")/lib.sh"

results=$(mktemp)
trap 'rm -f "$results"' EXIT
step() {
	# step NAME COMMAND...: run a step and keep its PASS/FAIL lines; a
	# step that prints none counts as one result of its own.
	local name=$1 rc lines
	shift
	say "$name"
	lines=$(grep -c "^\(PASS\|FAIL\) " "$results")
	"$@" 2>&1 | tee -a "$results"
	rc=${PIPESTATUS[0]}
	if [ "$(grep -c "^\(PASS\|FAIL\) " "$results")" = "$lines" ]; then
		if [ "$rc" = 0 ]; then
			echo "PASS $name" | tee -a "$results"
		else
			echo "FAIL $name (exit $rc)" | tee -a "$results"
		fi
	fi
	return "$rc"
}

start=$(date +%s)
ok=1
step series "$TOP/scripts/apply-series.sh" || ok=0
if [ $ok = 1 ]; then
	step checkpatch "$TOP/scripts/checkpatch.sh" || true
	step build "$TOP/scripts/build-kernel.sh" qemu || ok=0
fi
if [ $ok = 1 ]; then
	for smp in 1 4; do
		SMP=$smp step "tests-smp$smp" "$TOP/scripts/run-tests.sh" qemu "smp$smp: " || true
	done
	for v in 1 2; do
		SMP=2 APPEND="sched_interactive=$v ia.tests=boot_param" \
			step "boot-param-$v" "$TOP/scripts/run-tests.sh" qemu "sched_interactive=$v: " || true
	done
fi

pass=$(grep -c "^PASS " "$results")
fail=$(grep -c "^FAIL " "$results")
skip=$(grep -c "^SKIP " "$results")
if [ "$fail" != 0 ]; then
	echo "failures:"
	grep "^FAIL " "$results" | sed 's/^/  /'
fi
echo "make check took $(($(date +%s) - start)) s"
if [ "$skip" != 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" = 0 ]

#!/bin/bash
# Everything that gates a change, in order: the series applies with no
# fuzz, checkpatch --strict is clean on every patch, the estimator tests
# pass at each milestone of the series (baseline, O12.2, O13, ...), and
# the kernel with the whole series passes every guest test at -smp 1 and
# -smp 4 and boots right with a good and a bad sched_interactive=. Ends
# with the total "N passed, N failed" line and exits non-zero on any
# failure.
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

# Milestones are marked in series by "# milestone: NAME" after the last
# patch of each; the tree at a marker is that milestone.
milestones() {
	awk '/^# milestone: / { print prev, $3; next } /^[^#]/ && NF { prev = $1 }' "$TOP/series"
}
last_patch=$(grep -v '^#' "$TOP/series" | grep -v '^$' | tail -n 1)

start=$(date +%s)
ok=1
step series "$TOP/scripts/apply-series.sh" || ok=0
if [ $ok = 1 ]; then
	step checkpatch "$TOP/scripts/checkpatch.sh" || true
fi

# The estimator tests at each milestone below the top of the series, in
# series order so that each build only adds to the one before.
top_milestone=none
est_tests=$(make -s -C "$TOP/tests" print-est-tests)
while [ $ok = 1 ] && read -r patch name; do
	if [ "$patch" = "$last_patch" ]; then
		top_milestone=$name
		continue
	fi
	step "build-$name" "$TOP/scripts/apply-series.sh" "$patch" || { ok=0; break; }
	step "build-$name" "$TOP/scripts/build-kernel.sh" qemu || { ok=0; break; }
	SMP=1 APPEND="ia.milestone=$name ia.tests=$(echo $est_tests | tr ' ' ,)" \
		step "tests-$name" "$TOP/scripts/run-tests.sh" qemu "$name: " || true
done <<EOF_M
$(milestones)
EOF_M

# The whole series: every test, on one and four CPUs, and the boot
# parameter, good and bad.
if [ $ok = 1 ]; then
	step apply-all "$TOP/scripts/apply-series.sh" || ok=0
	[ $ok = 1 ] && { step build "$TOP/scripts/build-kernel.sh" qemu || ok=0; }
fi
if [ $ok = 1 ]; then
	for smp in 1 4; do
		SMP=$smp APPEND="ia.milestone=$top_milestone" \
			step "tests-smp$smp" "$TOP/scripts/run-tests.sh" qemu "smp$smp: " || true
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

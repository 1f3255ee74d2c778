#!/bin/bash
# Fixture tests of the harness, with no QEMU: each console log here must
# get from scripts/parse-results.sh the verdict its .out file holds (the
# parser's output and its exit status, on the last line), kernel reports
# included wherever they land in a line; make check's step() must count
# each kind of step as it should; scripts/check-expected.sh must name
# each XFAIL, XPASS and SKIP of make check's output;
# scripts/check-paths.sh must fail a document that names a missing path,
# make target or variable; scripts/readme-results.sh must refuse a README
# whose figures are not its saved summaries; and the benchmark's reading
# of cyclictest's histogram (tests/bench/cyclictest-summary.awk) must give
# each saved histogram's figures.
#
#   tests/harness/run.sh
#
# Prints a PASS or FAIL line per fixture and exits non-zero on any FAIL.
# To add a case: write NAME.log, add it to the table below with the
# KUnit suites the harness would require, and write NAME.out by hand
# (what the parser must say), never from the parser's own output.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
parser=$here/../../scripts/parse-results.sh

# NAME  KUNIT_SUITES ("-": none, as before the KUnit patch)  what it is
cases="
good        sched_interactive  a whole run: KUnit, a pass, a skip, a TODO
prekunit    -                  a tree before the KUnit patch: none required
panic       sched_interactive  a panic in the middle of a program
no-ia-end   sched_interactive  the console stops before IA-END
short-plan  sched_interactive  plan 1..33, one ok, the runner exits 137
killed      sched_interactive  the runner dies inside a program
no-kunit    sched_interactive  the KUnit suite never ran
kunit-short sched_interactive  the KUnit suite stops after one of its cases
guest-plan  sched_interactive  two of three planned programs report
not-ok      sched_interactive  a program exits 1 with all its results ok
timeout     sched_interactive  the runner kills a hung program
xpass       sched_interactive  a check expected to fail (TODO) that passed
"

fail=0

# fixture LABEL EXPECTED CMD...: CMD's output, then "exit STATUS", must
# be the file EXPECTED; a PASS or FAIL line for LABEL, with the diff.
fixture() {
	local label=$1 expected=$2 got
	shift 2
	got=$(mktemp)
	set +e
	"$@" >"$got" 2>&1
	echo "exit $?" >>"$got"
	set -e
	if diff -u "$expected" "$got" >"$got.diff"; then
		echo "PASS harness: $label"
	else
		echo "FAIL harness: $label: the output differs from $(basename "$expected"):"
		sed 's/^/    /' "$got.diff"
		fail=1
	fi
	rm -f "$got" "$got.diff"
}

while read -r name suites _; do
	[ -n "$name" ] || continue
	[ "$suites" != - ] || suites=
	fixture "$name" "$here/$name.out" \
		env KUNIT_SUITES="$suites" "$parser" "$here/$name.log"
done <<<"$cases"

# Kernel reports, each put into good.log after the line "# ok 2 and off":
# as a kernel line of its own ("start"), and in the middle of that line,
# as a message printed while the test wrote it ("mid"). The parser must
# give good.out's results, with the report as a failure of its own; a
# message that is no report, in the middle of a line, changes nothing.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
reports="
WARNING: CPU: 1 PID: 87 at kernel/sched/interactive.c:412 ia_enqueue+0x1c/0x90
watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [switch_storm:211]
INFO: task kworker/0:1:15 blocked for more than 122 seconds.
rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:
-sched_interactive: class switched on, 129 tasks moved
"
while read -r report; do
	[ -n "$report" ] || continue
	case $report in
	-*)
		report=${report#-}
		what="kernel message, no report"
		cp "$here/good.out" "$tmp/want"
		;;
	*)
		what="kernel report"
		# good.out, the report's failure before the totals, and exit 1.
		sed -e "/^8 passed,/i FAIL kernel: $report" \
			-e 's/^8 passed, 0 failed,/8 passed, 1 failed,/' \
			-e 's/^exit 0$/exit 1/' "$here/good.out" >"$tmp/want"
		;;
	esac
	sed "/^# ok 2 and off$/a [   12.345678] $report" "$here/good.log" >"$tmp/start.log"
	sed "s|^# ok 2 and off$|&[   12.345678] $report|" "$here/good.log" >"$tmp/middle.log"
	for where in start middle; do
		at="at the start of"
		[ $where = start ] || at="in the middle of"
		fixture "$what $at a line: ${report%% [[(0-9]*}" "$tmp/want" \
			env KUNIT_SUITES=sched_interactive "$parser" "$tmp/$where.log"
	done
done <<<"$reports"

# step() (scripts/lib.sh): STEP-COMMAND, then the PASS and FAIL lines the
# step must leave in $results, and its exit status.
. "$here/../../scripts/lib.sh"
steps="
echo 'PASS a'; exit 1                 |PASS a|FAIL s (exit 1)|rc 1
echo 'PASS a'; echo 'FAIL b'; exit 1  |PASS a|FAIL b|rc 1
true                                  |PASS s|rc 0
exit 3                                |FAIL s (exit 3)|rc 3
echo 'PASS a'                         |PASS a|rc 0
"
while IFS='|' read -r cmd want; do
	[ -n "$cmd" ] || continue
	cmd=$(echo "$cmd" | sed 's/ *$//')
	results=$(mktemp)
	set +e
	step s sh -c "$cmd" >/dev/null
	rc=$?
	set -e
	got=$(grep "^\(PASS\|FAIL\) " "$results" | tr '\n' '|')
	rm -f "$results"
	if [ "${got}rc $rc" = "$want" ]; then
		echo "PASS harness: step counts '$cmd' as $want"
	else
		echo "FAIL harness: step counts '$cmd' as ${got}rc $rc, want $want"
		fail=1
	fi
done <<<"$steps"
# With $step_times set, step adds "SECONDS NAME" to it (for times.md).
results=$(mktemp)
step_times=$(mktemp)
set +e
step "build 1/2 x.patch" true >/dev/null
set -e
if grep -qx "[0-9][0-9]* build 1/2 x.patch" "$step_times"; then
	echo "PASS harness: step writes its time and name to \$step_times"
else
	echo "FAIL harness: step did not write '<seconds> build 1/2 x.patch' to \$step_times: $(cat "$step_times")"
	fail=1
fi
rm -f "$results" "$step_times"
step_times=

# scripts/check-expected.sh: make check's output, with XFAIL, XPASS and
# SKIP results from several steps, gives the list of them by name, step,
# milestone, CPUs and reason.
fixture "check-expected names each XFAIL, XPASS and SKIP" "$here/expected-list.out" \
	"$here/../../scripts/check-expected.sh" "$here/expected-list.log"

# scripts/check-paths.sh: in the small repository paths/, a document
# whose every path, make target and variable exists passes; one that
# names a missing path, target or variable, or links to a missing file,
# fails, naming it.
for doc in good missing-path missing-target missing-variable missing-link; do
	fixture "check-paths on $doc.md" "$here/paths-$doc.out" \
		"$here/../../scripts/check-paths.sh" --root "$here/paths" "$doc.md"
done

# scripts/readme-results.sh: a README's block of figures must be its
# saved summary. Each case: what is done to a README whose block is in
# step, and the --check verdict wanted; --check must never change it.
readme=$here/../../scripts/readme-results.sh
mkdir -p "$tmp/results"
printf '| a | 1.5 |\n| b | 7 |\n' >"$tmp/results/fig.md"
printf 'intro\n<!-- from results/fig.md -->\n| a | 1.5 |\n| b | 7 |\n<!-- end -->\noutro\n' >"$tmp/good.md"
readme_cases="
cp good.md R.md                                   @0
sed -i 's/1.5/1.6/' R.md                          @1
sed -i '/^| b /d' R.md                            @1
sed -i 's#results/fig.md#results/none.md#' R.md   @1
sed -i '/<!-- end -->/d' R.md                     @1
"
while IFS='@' read -r edit want_rc; do
	[ -n "$edit" ] || continue
	edit=$(echo "$edit" | sed 's/ *$//')
	cp "$tmp/good.md" "$tmp/R.md"
	(cd "$tmp" && sh -c "$edit")
	cp "$tmp/R.md" "$tmp/before.md"
	set +e
	"$readme" --check "$tmp/R.md" >/dev/null 2>&1
	rc=$?
	set -e
	[ "$rc" = 0 ] || rc=1
	if [ "$rc" = "$want_rc" ] && cmp -s "$tmp/R.md" "$tmp/before.md"; then
		echo "PASS harness: readme --check after '$edit': exit $rc, README unchanged"
	else
		echo "FAIL harness: readme --check after '$edit': exit $rc (want $want_rc), or it changed the README"
		fail=1
	fi
done <<<"$readme_cases"
# Rewriting puts the summary back where a figure was edited by hand.
cp "$tmp/good.md" "$tmp/R.md"
sed -i 's/1.5/1.6/' "$tmp/R.md"
if "$readme" "$tmp/R.md" >/dev/null && cmp -s "$tmp/R.md" "$tmp/good.md"; then
	echo "PASS harness: readme rewrites a figure edited by hand from its summary"
else
	echo "FAIL harness: readme did not rewrite the edited figure from its summary"
	fail=1
fi

# tests/bench/cyclictest-summary.awk: each cyclictest histogram file here
# (cyclictest -h US --histfile=F; -empty is its plain output, with no
# histogram) must give the result line, and exit status, of its .out.
summary=$here/../bench/cyclictest-summary.awk
summary_cases="
cyclictest-over  over_100us  82 past 100 us, the first at cycle 0
cyclictest-one   over_1ms    one past 1 ms, at cycle 83
cyclictest-none  over_1ms    none past 1 ms: no cycle
cyclictest-empty over_1ms    no histogram: an error
"
while read -r name key _; do
	[ -n "$name" ] || continue
	fixture "cyclictest summary of $name" "$here/$name.out" \
		awk -v over="$key" -f "$summary" "$here/$name.hist"
done <<<"$summary_cases"
exit "$fail"

#!/bin/bash
# Read a guest console log, print every test result, and end with the
# line "N passed, N failed[, N skipped][, N known to fail there (TODO)]". Exits non-zero on any failure,
# on a kernel panic or oops, or when the guest did not finish.
#
#   scripts/parse-results.sh LOG [LABEL]
#
# Two formats are read: KUnit's KTAP (printed by the kernel at boot) and
# the kselftest-style TAP 13 of the guest tests, indented with "# ".
set -eu

log=${1:?usage: parse-results.sh LOG [LABEL]}
label=${2:-}
[ -f "$log" ] || { echo "error: no console log at $log" >&2; exit 1; }

tr -d '\r' <"$log" | sed -e 's/^\[ *[0-9]*\.[0-9]*\] //' | awk -v label="$label" '
function result(ok, name, skip) {
	if (skip) { nskip++; printf "SKIP %s%s\n", label, name; return }
	if (ok) { npass++; printf "PASS %s%s\n", label, name }
	else { nfail++; printf "FAIL %s%s\n", label, name }
}
/Kernel panic - not syncing/ { panic = $0 }
# Reports of the kernel checkers: lockdep, KASAN, DEBUG_LIST and the
# atomic-sleep and preemption checks print WARNING or BUG lines; then the
# lockup, hung-task and RCU stall detectors.
/^(BUG|WARNING|Oops|general protection fault|kernel BUG|watchdog: BUG|Watchdog detected hard LOCKUP|INFO: task .* blocked|rcu: INFO|INFO: rcu)/ {
	if (!oops) oops = $0
}
/^IA-BEGIN/ { begun = 1; next }
/^IA-END rc=/ { ended = 1; next }
# KUnit test cases: indented "ok N name" inside a "# Subtest: suite" block.
!begun && /^[ \t]+# Subtest: / { suite = $NF; next }
!begun && /^[ \t]+(not )?ok [0-9]+ / {
	line = $0; sub(/^[ \t]+/, "", line)
	ok = (line !~ /^not /); sub(/^(not )?ok [0-9]+ /, "", line)
	skip = (line ~ /# SKIP/)
	result(ok, "kunit: " suite ": " line, skip); next
}
# Guest tests: "# ok N desc" from a program, "ok N selftests: ..." per program.
# A "not ok ... # TODO" is known not to hold there: XFAIL, not a failure.
begun && /^# not ok [0-9]+ .*# TODO/ {
	line = substr($0, 3); sub(/^not ok [0-9]+ /, "", line)
	nxfail++; printf "XFAIL %s%s: %s\n", label, prog, line; next
}
begun && /^# (not )?ok [0-9]+ / {
	line = substr($0, 3); ok = (line !~ /^not /)
	sub(/^(not )?ok [0-9]+ /, "", line); skip = (line ~ /# SKIP/)
	result(ok, prog ": " line, skip); progfails += !ok && !skip; next
}
begun && /^# selftests: interactive: / { prog = $NF; progfails = 0; next }
begun && /^not ok [0-9]+ selftests: / {
	if (!progfails) result(0, prog ": the program failed (" $0 ")", 0)
	next
}
begun && /^# Bail out!/ { result(0, prog ": bailed out: " substr($0, 3), 0); next }
END {
	if (panic) result(0, "kernel: " panic, 0)
	if (oops) result(0, "kernel: " oops, 0)
	if (!begun) result(0, "guest: init never started (see the log)", 0)
	else if (!ended) result(0, "guest: did not finish (hang, crash or timeout; see the log)", 0)
	printf "%d passed, %d failed", npass, nfail
	if (nskip) printf ", %d skipped", nskip
	if (nxfail) printf ", %d known to fail there (TODO)", nxfail
	printf "\n"
	exit nfail > 0
}'

#!/bin/bash
# Read a guest console log, print every test result, and end with the
# line "N passed, N failed[, N skipped][, N XFAIL][, N XPASS]".
# Exits non-zero on any failure.
#
#   scripts/parse-results.sh LOG [LABEL]
#
# Two formats are read: KUnit's KTAP (printed by the kernel at boot) and
# the kselftest-style TAP 13 of the guest tests, indented with "# ".
# Besides each "not ok", these fail: a kernel panic, oops, BUG, WARNING
# or lockup report; a guest that never started or never printed IA-END;
# a test runner that exited non-zero; a TAP plan (of the guest run, or of
# one program) that the results do not add up to; and a KUnit suite named
# in $KUNIT_SUITES (space-separated) that did not run whole.
#
# As kselftest counts them: a "not ok ... # TODO" is XFAIL (expected to
# fail there, and it did: not a failure), an "ok ... # TODO" is XPASS
# (expected to fail, and it passed: not a failure either, but named, so
# that the expectation can be corrected), an "ok ... # SKIP" is SKIP.
#
# A kernel message can land in the middle of a line that a test was
# writing ("...after the storm[  510.642077] sched_interactive: ..."):
# each timestamp "[ SECONDS.MICROS] " starts a line of its own here, and
# the kernel's reports are matched wherever they start.
set -eu

log=${1:?usage: parse-results.sh LOG [LABEL]}
label=${2:-}
[ -f "$log" ] || { echo "error: no console log at $log" >&2; exit 1; }

tr -d '\r' <"$log" | sed -E 's/(.)(\[ *[0-9]+\.[0-9]+\] )/\1\n\2/g' |
	sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' |
	awk -v label="$label" -v kunit="${KUNIT_SUITES:-}" '
function result(ok, name, skip) {
	if (skip) { nskip++; printf "SKIP %s%s\n", label, name; return }
	if (ok) { npass++; printf "PASS %s%s\n", label, name }
	else { nfail++; printf "FAIL %s%s\n", label, name }
}
function indent(s) { match(s, /^[ \t]*/); return RLENGTH }
# planned(WANT, GOT, WHAT): "" if GOT results fill a plan of WANT, else why not.
function planned(want, got, what) {
	if (want == "") return "no TAP plan"
	if (got != want) return sprintf("%d of %d planned %s", got, want, what)
	return ""
}
# The end of a guest program: its top-level line says how it ended.
function prog_end(ok, line,   why) {
	why = planned(pplan, pcount, "results")
	if (!ok) {
		# Already failed by a result or a bail-out: no second count.
		if (!progfails && !bailed)
			result(0, prog ": the program failed (" line (why ? "; " why : "") ")", 0)
	} else if (why != "" && !bailed) {
		result(0, prog ": " why, 0)
	}
	prog = ""
}
BEGIN { n = split(kunit, want_suites, " ") }
/Kernel panic - not syncing/ { if (!panic) panic = $0 }
# Reports of the kernel checkers: lockdep, KASAN, DEBUG_LIST and the
# atomic-sleep and preemption checks print WARNING or BUG lines; then the
# lockup, hung-task and RCU stall detectors. At the start of a kernel
# line, or, with their own wording, anywhere in a line (a console
# without timestamps).
/^(BUG|WARNING|Oops|general protection fault|kernel BUG|watchdog: BUG|Watchdog detected hard LOCKUP|INFO: task .* blocked|rcu: INFO|INFO: rcu)/ {
	if (!oops) oops = $0
	next
}
match($0, /(WARNING: CPU: [0-9]+ PID: |BUG: (soft lockup|KASAN|kernel NULL pointer|unable to handle|scheduling while atomic|sleeping function|workqueue lockup|spinlock)|watchdog: BUG: |Watchdog detected hard LOCKUP|INFO: task .* blocked for more than|rcu: INFO: |INFO: rcu_[a-z]+ (self-)?detected stall|kernel BUG at |general protection fault|Oops: )/) {
	if (!oops) oops = substr($0, RSTART)
}
/^IA-BEGIN/ { begun = 1; next }
/^IA-END rc=/ { ended = 1; rc = substr($2, 4); next }

# KUnit (KTAP, before the guest starts). A "# Subtest: NAME" opens a
# test at its indent; its plan and its cases are at that indent, and the
# line that ends it (with its own verdict) one level out.
!begun && /^[ \t]*# Subtest: / { d = indent($0); sub_at[d] = $NF; kplan[$NF] = ""; kgot[$NF] = 0; next }
!begun && /^[ \t]*1\.\.[0-9]+/ {
	d = indent($0); if (d in sub_at) { line = $0; sub(/^[ \t]*1\.\./, "", line); kplan[sub_at[d]] = line + 0 }
	next
}
!begun && /^[ \t]+(not )?ok [0-9]+ / {
	d = indent($0); line = $0; sub(/^[ \t]+/, "", line)
	ok = (line !~ /^not /); sub(/^(not )?ok [0-9]+ /, "", line)
	skip = (line ~ /# SKIP/)
	if (d in sub_at) kgot[sub_at[d]]++
	result(ok, "kunit: " sub_at[d] ": " line, skip)
	if (!ok) kfails++
	next
}
# A suite ends at indent 0: its "not ok" fails even when no case did
# (a suite that failed to initialise has none).
!begun && /^not ok [0-9]+ / {
	line = $0; sub(/^not ok [0-9]+ /, "", line)
	if (!kfails) result(0, "kunit: suite " line, 0)
	kfails = 0; next
}
!begun && /^ok [0-9]+ / { line = $0; sub(/^ok [0-9]+ /, "", line); kdone[line] = 1; kfails = 0; next }

# The guest run: a plan over the programs; each program prints its own
# TAP indented with "# ", then the runner prints "ok N selftests: ...".
begun && /^1\.\.[0-9]+/ { gplan = substr($1, 4) + 0; next }
begun && /^# selftests: interactive: / {
	if (prog != "") prog_end(0, "no result line")
	prog = $NF; progfails = 0; bailed = 0; pplan = ""; pcount = 0; next
}
begun && /^# 1\.\.[0-9]+/ { pplan = substr($2, 4) + 0; next }
# A "not ok ... # TODO" is known not to hold there: XFAIL, not a failure.
begun && /^# not ok [0-9]+ .*# TODO/ {
	line = substr($0, 3); sub(/^not ok [0-9]+ /, "", line)
	pcount++; nxfail++; printf "XFAIL %s%s: %s\n", label, prog, line; next
}
# An "ok ... # TODO" was expected to fail and did not: XPASS.
begun && /^# ok [0-9]+ .*# TODO/ {
	line = substr($0, 3); sub(/^ok [0-9]+ /, "", line)
	pcount++; nxpass++; printf "XPASS %s%s: %s\n", label, prog, line; next
}
begun && /^# (not )?ok [0-9]+ / {
	line = substr($0, 3); ok = (line !~ /^not /)
	sub(/^(not )?ok [0-9]+ /, "", line); skip = (line ~ /# SKIP/)
	pcount++
	result(ok, prog ": " line, skip); progfails += !ok && !skip; next
}
begun && /^# Bail out!/ { bailed = 1; result(0, prog ": bailed out: " substr($0, 3), 0); next }
begun && /^(not )?ok [0-9]+ selftests: / {
	gcount++
	if (prog != "") prog_end($1 == "ok", $0)
	next
}
END {
	if (panic) result(0, "kernel: " panic, 0)
	if (oops) result(0, "kernel: " oops, 0)
	for (i = 1; i <= n; i++) {
		s = want_suites[i]
		if (!(s in kplan)) result(0, "kunit: suite " s " did not run", 0)
		else if ((why = planned(kplan[s], kgot[s], "cases")) != "") result(0, "kunit: suite " s ": " why, 0)
		else if (!(s in kdone)) result(0, "kunit: suite " s " did not finish", 0)
	}
	if (!begun) result(0, "guest: init never started (see the log)", 0)
	else {
		if (prog != "") result(0, prog ": no result (the guest stopped in it)", 0)
		if ((why = planned(gplan, gcount, "programs")) != "") result(0, "guest: " why, 0)
		# The runner exits 1 when a program failed; any other code, or 1
		# with no failure seen, is a failure of its own.
		if (!ended) result(0, "guest: did not finish (hang, crash or timeout; see the log)", 0)
		else if (rc != 0 && !(rc == 1 && nfail)) result(0, "guest: the test runner exited " rc, 0)
	}
	printf "%d passed, %d failed", npass, nfail
	if (nskip) printf ", %d skipped", nskip
	if (nxfail) printf ", %d XFAIL", nxfail
	if (nxpass) printf ", %d XPASS", nxpass
	printf "\n"
	exit nfail > 0
}'

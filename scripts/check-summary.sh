#!/bin/bash
# Write what make check measured to results/check/, for README.md
# (scripts/readme-results.sh copies these files into it):
#   summary.md   the date, commit, time taken and totals; and a copy in
#                summary-cold.md or summary-warm.md, by whether the run
#                started from an empty cache, so that the last run of
#                each kind is kept;
#   expected.md  every XFAIL, XPASS and SKIP by name, with its step, boot,
#                milestone and reason (scripts/check-expected.sh);
#   exploits.md  each exploit test's victims at the last 2003 step and
#                with the whole series, at -smp 1 and -smp 4;
#   rt_hog.md    what the class's deadline server leaves a task beside a
#                SCHED_FIFO hog, under EEVDF and the class;
#   latency.md   the latency tests' checks, under icount, at -smp 1 and 4;
#   scx.md       scx_interactive: its arithmetic against the KUnit
#                numbers, and each estimator test's checks against it;
#   matrix.md    the compile matrix's result per config;
#   times.md     the time each kind of step took (when STEP_TIMES is
#                given: lines "SECONDS NAME", from step in lib.sh);
#   tail.md      the last lines make check prints (when SUMMARY, its
#                last line, is given).
# The figures come from the step results and the guests' consoles (whose
# lines end in CR LF: the CRs are dropped).
#
#   scripts/check-summary.sh RESULTS_FILE SECONDS CACHE_STATE [STEP_TIMES [SUMMARY]]
set -eu
. "$(dirname "$0")/lib.sh"

results=${1:?usage: check-summary.sh RESULTS_FILE SECONDS CACHE_STATE}
secs=${2:?usage: check-summary.sh RESULTS_FILE SECONDS CACHE_STATE}
cache_state=${3:?usage: check-summary.sh RESULTS_FILE SECONDS CACHE_STATE}
times=${4:-}
last=${5:-}
[ -f "$results" ] || die "no $results"
out=$TOP/results/check
mkdir -p "$out"
logs=$CACHE/build-qemu
commit=$(tree_commit)
last_2003=$(last_2003)
count() { grep -c "^$1 " "$results" || true; }

{
	echo "\`make check\` on $(date -u +%F), commit $commit, $cache_state:"
	echo "$(count PASS) passed, $(count FAIL) failed, $(count SKIP) skipped," \
		"$(count XFAIL) XFAIL, $(count XPASS) XPASS, in $secs s" \
		"($((secs / 60)) min). Each skip, XFAIL and XPASS is named in" \
		"[results/check/expected.md](results/check/expected.md)."
} >"$out/summary.md"
case $cache_state in
*warm*) cp "$out/summary.md" "$out/summary-warm.md" ;;
*) cp "$out/summary.md" "$out/summary-cold.md" ;;
esac

{
	echo "The XFAIL (expected to fail there, and it did), XPASS (expected to fail," \
		"and it passed) and SKIP checks of \`make check\` on $(date -u +%F)," \
		"commit $commit: each with its step, the milestone its boot was told" \
		"(ia.milestone=) and its CPUs."
	echo
	"$TOP/scripts/check-expected.sh" "$results"
} >"$out/expected.md"

# One exploit test's figures from a console log, as table cells:
#   exploit hog-cell audio-cell
exploit_cells() {
	awk '
	/selftests: interactive: exploit_/ && !/^ok|^not ok/ {
		n = split($0, f, "exploit_"); cur = f[n]; order[++nt] = cur
	}
	cur == "" { next }
	/hog: [0-9.]+ % of the CPU, fair share/ {
		match($0, /hog: [0-9.]+ %/); got[cur] = substr($0, RSTART + 5, RLENGTH - 7)
		match($0, /fair share [0-9.]+ %/); fair[cur] = substr($0, RSTART + 11, RLENGTH - 13)
	}
	/ok [0-9]+ hog victim got/ {
		match($0, /got [0-9]+ %/); share[cur] = substr($0, RSTART + 4, RLENGTH - 6)
		if ($0 ~ /# TODO/) todo[cur] = " (TODO)"
		if ($0 ~ /not ok/ && $0 !~ /# TODO/) bad[cur] = " FAIL"
	}
	/ok [0-9]+ hog victim waited at most/ {
		match($0, /at most [0-9]+ ms/); wait[cur] = substr($0, RSTART + 8, RLENGTH - 8)
		if ($0 ~ /# TODO/) todo[cur] = " (TODO)"
		else if ($0 ~ /not ok/) bad[cur] = " FAIL"
	}
	/ok [0-9]+ audio victim got/ {
		match($0, /got [0-9]+ %/); ashare[cur] = substr($0, RSTART + 4, RLENGTH - 4)
		if ($0 ~ /not ok/ && $0 !~ /# TODO/) abad[cur] = " FAIL"
	}
	/ok [0-9]+ audio victim waited at most/ {
		match($0, /at most [0-9.]+ ms/); await[cur] = substr($0, RSTART + 8, RLENGTH - 8)
		if ($0 ~ /not ok/ && $0 !~ /# TODO/) abad[cur] = " FAIL"
	}
	/the cheat ran [0-9.]+ %/ {
		match($0, /ran [0-9.]+ %/); extra[cur] = "; the cheat " substr($0, RSTART + 4, RLENGTH - 4)
	}
	/the storm used [0-9.]+ %/ {
		match($0, /used [0-9.]+ %/); extra[cur] = "; the storm " substr($0, RSTART + 5, RLENGTH - 5)
	}
	/ok [0-9]+ .*# TODO/ && !/hog victim got/ { todo[cur] = " (TODO)" }
	/^ok [0-9]+ selftests: interactive: exploit_|^not ok [0-9]+ selftests: interactive: exploit_/ { cur = "" }
	END {
		for (i = 1; i <= nt; i++) {
			e = order[i]
			if (got[e] == "")
				continue
			printf "%s\t%s %% of %s %% (%s %%), %s%s%s%s\t%s, %s%s\n", e, got[e], fair[e], share[e],
				wait[e], extra[e], todo[e], bad[e], ashare[e], await[e], abad[e]
		}
	}' "$1" | tr -d '\r'
}

{
	echo "| exploit | victim hog, $last_2003 (2003) | victim hog, whole series | audio, whole series | victim hog, whole series, -smp 4 |"
	echo "|---|---|---|---|---|"
	old=$({ exploit_cells "$logs/console-$last_2003.log"
		exploit_cells "$logs/console-$last_2003-smp2.log"; } 2>/dev/null || true)
	smp1=$(exploit_cells "$logs/console-smp1.log" 2>/dev/null || true)
	smp4=$(exploit_cells "$logs/console-smp4.log" 2>/dev/null || true)
	# cell ROWS COLUMN: exploit $e's cell in one console's rows; a test
	# that did not run there (one that needs two CPUs, at -smp 1) has none.
	cell() {
		c=$(echo "$1" | awk -F'\t' -v e="$e" -v c="$2" '$1 == e { print $c }')
		echo "${c:-not run}"
	}
	for e in $(printf "%s\n%s\n" "$smp1" "$smp4" | cut -f1 | awk 'NF && !seen[$0]++'); do
		echo "| $e | $(cell "$old" 2) | $(cell "$smp1" 2) | $(cell "$smp1" 3) | $(cell "$smp4" 2) |"
	done
	echo
	echo "Each hog cell: the CPU it got, its fair share, the ratio, and its longest wait;"
	echo "each audio cell: the CPU it got of what it asked for, and its longest wait."
	echo "From the consoles of make check's steps tests-$last_2003 (and tests-$last_2003-smp2 for the exploits that need two CPUs), tests-smp1 and tests-smp4 (-smp 1 unless named); an exploit that needs two CPUs is not run at -smp 1."
} >"$out/exploits.md"

{
	awk '/selftests: interactive: rt_hog/ { on = !/^(not )?ok / }
	on && /^# (not )?ok [0-9]+ / { sub(/^# /, "- "); sub(/\r$/, ""); print }' "$logs/console-smp1.log" 2>/dev/null || true
	echo
	echo "(tests/rt_hog, the whole series at -smp 1, step tests-smp1.)"
} >"$out/rt_hog.md"

# checks PREFIX LOG: each check of the guest programs named PREFIX* in
# the console LOG, as "- PROGRAM: ok N what".
checks() {
	awk -v prefix="$1" '{ sub(/\r$/, "") }
	index($0, "selftests: interactive: " prefix) && !/^(not )?ok / { name = $NF; on = 1; next }
	/^(not )?ok [0-9]+ selftests/ { on = 0 }
	on && /^# (not )?ok [0-9]+ / { sub(/^# /, ""); print "- " name ": " $0 }' \
		"$2" 2>/dev/null || true
}

{
	for t in lat_ fork_slice usable switch_preempt; do
		checks "$t" "$logs/console-latencyicount.log"
	done
	echo
	echo "(The whole series at -smp 1 under QEMU icount, step tests-latency.)"
	echo
	for t in wake_prio push_wait usable; do
		checks "$t" "$logs/console-smplatencyicount.log"
	done
	echo
	echo "(The whole series at -smp 4 under QEMU icount, step tests-smp-latency.)"
} >"$out/latency.md"

{
	grep "^\(PASS\|FAIL\) scx-arith: " "$results" | sed 's/^/- /' ||
		echo "- scx-arith did not run"
	echo
	checks est_ "$CACHE/build-scx/console-scx_interactive.log"
	echo
	checks scx_exclusive "$CACHE/build-scx/console-scx_interactive.log"
	echo
	echo "(tests/scx_arith.c on the host, step scx-arith; the estimator tests with ia.sched=scx ia.milestone=$last_2003 at -smp 1, and scx_exclusive in that boot, step tests-scx.)"
} >"$out/scx.md"

{
	grep "^\(PASS\|FAIL\) compile " "$results" | sed 's/^/- /' || echo "- the compile matrix did not run"
} >"$out/matrix.md"
# The steps by kind: "build 4/20 x.patch" is a "build", and so on.
if [ -n "$times" ] && [ -f "$times" ]; then
	{
		echo "Time by kind of step, \`make check\` on $(date -u +%F), commit $commit, $cache_state:"
		echo
		# Three steps to a row, in the order they ran, so that the
		# table fits on a screen; a step that ran more than once says
		# how often ("build x5"). Then the total.
		echo "| step | s | step | s | step | s |"
		echo "|---|---:|---|---:|---|---:|"
		awk '{ k = $2; if (!(k in t)) order[++n] = k; t[k] += $1; c[k]++; all += $1 }
		END {
			for (i = 1; i <= n; i++) {
				k = order[i]
				printf "| %s%s | %d ", k, (c[k] > 1 ? " x" c[k] : ""), t[k]
				if (i % 3 == 0 || i == n) {
					for (j = i % 3; j && j < 3; j++) printf "| | "
					printf "|\n"
				}
			}
			printf "| all, %d steps | %d | | | | |\n", NR, all
		}' "$times"
	} >"$out/times.md"
fi
if [ -n "$last" ]; then
	{
		echo '```'
		echo "make check took $secs s"
		echo ">>> summaries in ${out#"$TOP"/}"
		echo "$last"
		echo '```'
	} >"$out/tail.md"
fi
say "summaries in ${out#"$TOP"/}"

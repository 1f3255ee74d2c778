#!/bin/bash
# Name every check of a make check run that did not simply pass or fail:
# each XFAIL (expected to fail there, and it did), XPASS (expected to
# fail, and it passed) and SKIP, with the step and boot it came from,
# the milestone that boot was told (ia.milestone=), its CPUs, and the
# reason the check gives ("# TODO why", "# SKIP why", or for a skip
# without one, its own words). Identical checks of one step are one row.
#
#   scripts/check-expected.sh OUTPUT      (a Markdown table on stdout)
#
# OUTPUT is what make check printed, or its results file: the ">>> STEP"
# line that step() (scripts/lib.sh) prints at each step, the ">>> booting
# ..." line of scripts/run-tests.sh, and the result lines.
set -eu

out=${1:?usage: check-expected.sh OUTPUT}
[ -f "$out" ] || { echo "error: no $out" >&2; exit 1; }

tr -d '\r' <"$out" | awk '
function cell(s) { gsub(/\|/, "\\|", s); return s }
/^>>> [^ ]+$/ { step = $2; ms = "-"; cpus = "-"; next }
/^>>> booting / {
	ms = "-"; cpus = "-"
	if (match($0, /ia\.milestone=[^ ,)]+/)) ms = substr($0, RSTART + 13, RLENGTH - 13)
	if (match($0, /SMP=[0-9]+/)) cpus = substr($0, RSTART + 4, RLENGTH - 4)
	next
}
/^(XFAIL|XPASS|SKIP) / {
	kind = $1
	line = substr($0, length(kind) + 2)
	# The boot label of scripts/run-tests.sh ("smp1: ") goes: the step
	# says which boot it was.
	sub(/^[^:]*: /, "", line)
	why = ""
	if (match(line, / # (SKIP|TODO)( |$)/)) {
		why = substr(line, RSTART + RLENGTH)
		line = substr(line, 1, RSTART - 1)
	}
	# A skip says why in its own words: "prog: needs two CPUs".
	if (why == "" && match(line, /: /)) {
		why = substr(line, RSTART + 2)
		line = substr(line, 1, RSTART - 1)
	}
	k = kind SUBSEP line SUBSEP step SUBSEP ms SUBSEP cpus SUBSEP why
	if (!(k in n)) order[++rows] = k
	n[k]++
	total[kind]++
}
END {
	printf "%d XFAIL, %d XPASS, %d SKIP.\n\n", total["XFAIL"], total["XPASS"], total["SKIP"]
	if (!rows) exit
	print "| kind | check | step | milestone | CPUs | reason |"
	print "|---|---|---|---|---:|---|"
	for (i = 1; i <= rows; i++) {
		split(order[i], f, SUBSEP)
		c = cell(f[2]) (n[order[i]] > 1 ? " (" n[order[i]] " checks)" : "")
		printf "| %s | %s | %s | %s | %s | %s |\n", f[1], c, f[3], f[4], f[5], cell(f[6])
	}
}'

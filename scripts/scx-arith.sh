#!/bin/bash
# scx_interactive's arithmetic (tools/sched_ext/scx_interactive.h, from
# the last patch of the series) compiled for the host and checked against
# the numbers of the class's KUnit suite: tests/scx_arith.c. No QEMU.
# Prints a PASS or FAIL line per case; exits non-zero on any FAIL.
#
#   scripts/scx-arith.sh
set -eu
. "$(dirname "$0")/lib.sh"

inc=$SRC/tools/sched_ext
[ -f "$inc/scx_interactive.h" ] ||
	die "$inc/scx_interactive.h not found: apply the whole series (scripts/apply-series.sh)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -C "$TOP/tests" OUT="$tmp" SCX_INC="$inc" "$tmp/scx_arith" ||
	die "building tests/scx_arith.c failed"
set +e
"$tmp/scx_arith" >"$tmp/tap"
rc=$?
set -e
sed -n 's/^# /  /p' "$tmp/tap"
awk '/^ok / { $1 = ""; $2 = ""; print "PASS scx-arith:" $0 }
     /^not ok / { $1 = ""; $2 = ""; $3 = ""; print "FAIL scx-arith:" $0 }' "$tmp/tap" |
	sed 's/:  */: /'
exit "$rc"

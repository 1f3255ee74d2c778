#!/bin/bash
# Run the tree's checkpatch.pl --strict on every patch of the series.
set -eu
. "$(dirname "$0")/lib.sh"

[ -x "$SRC/scripts/checkpatch.pl" ] || die "no tree at $SRC: run scripts/apply-series.sh"
allow=$(grep -v '^#' "$TOP/scripts/checkpatch.allow" | grep -v '^$' || true)
fail=0
while read -r p _; do
	case "$p" in ''|'#'*) continue ;; esac
	out=$(cd "$SRC" && perl scripts/checkpatch.pl --strict --terse --showfile --no-summary \
		"$TOP/patches/$p" 2>&1 || true)
	[ -z "$allow" ] || out=$(echo "$out" | grep -Ev -e "$allow" || true)
	if [ -z "$out" ]; then
		echo "PASS checkpatch: $p"
	else
		echo "$out" | sed 's/^/    /'
		echo "FAIL checkpatch: $p"
		fail=1
	fi
done <"$TOP/series"
exit $fail

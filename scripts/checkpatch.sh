#!/bin/bash
# Run the tree's checkpatch.pl --strict on every patch of the series.
set -eu
. "$(dirname "$0")/lib.sh"

[ -x "$SRC/scripts/checkpatch.pl" ] || die "no tree at $SRC: run scripts/apply-series.sh"
fail=0
while read -r p _; do
	case "$p" in ''|'#'*) continue ;; esac
	if out=$(cd "$SRC" && perl scripts/checkpatch.pl --strict --no-signoff -q \
			--ignore FILE_PATH_CHANGES "$TOP/patches/$p" 2>&1) && [ -z "$out" ]; then
		echo "PASS checkpatch: $p"
	else
		echo "$out" | sed 's/^/    /'
		echo "FAIL checkpatch: $p"
		fail=1
	fi
	grep -q "^Signed-off-by: " "$TOP/patches/$p" ||
		{ echo "FAIL signed-off-by: $p has none"; fail=1; }
done <"$TOP/series"
exit $fail

#!/bin/bash
# Regenerate patches/ and series from a git branch of the kernel tree:
# for developers who keep the series as commits on top of the pristine
# tree, one commit per patch.
#
#   scripts/export-series.sh GIT_TREE BASE_COMMIT
set -eu
. "$(dirname "$0")/lib.sh"

tree=${1:?usage: export-series.sh GIT_TREE BASE_COMMIT}
base=${2:?usage: export-series.sh GIT_TREE BASE_COMMIT}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$tree" format-patch -q --no-numbered --zero-commit --no-signature \
	-o "$tmp" "$base" || die "git format-patch failed"
rm -f "$TOP"/patches/*.patch
: >"$tmp/names"
for f in "$tmp"/*.patch; do
	n=$(basename "$f" | sed 's/^[0-9]*-//')
	cp "$f" "$TOP/patches/$n"
	echo "$n" >>"$tmp/names"
done
# Keep the # comments of series: the grouping is written by hand.
awk -v names="$tmp/names" 'BEGIN { while ((getline l < names) > 0) want[l] = 1; close(names) }
	/^#/ || /^$/ { print; next } ($1 in want) { print $1; seen[$1] = 1 }
	END { while ((getline l < names) > 0) if (!(l in seen)) print l }' \
	"$TOP/series" >"$tmp/series" 2>/dev/null || cp "$tmp/names" "$tmp/series"
mv "$tmp/series" "$TOP/series"
say "exported $(wc -l <"$tmp/names") patches"

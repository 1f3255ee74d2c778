#!/bin/bash
# Copy the saved summaries under results/ into README.md, so that every
# measured figure there was written by the script that measured it. A
# block in README.md is
#
#   <!-- from results/check/exploits.md -->
#   ...replaced by that file's text...
#   <!-- end -->
#
# with the file named relative to the README's folder.
#
#   scripts/readme-results.sh [README]          rewrite the README's blocks
#   scripts/readme-results.sh --check [README]  fail if a block differs
#
# README is README.md at the top of the repository unless named.
set -eu
. "$(dirname "$0")/lib.sh"

mode="write"
[ "${1:-}" != --check ] || { mode=--check; shift; }
case ${1:-} in -*) die "usage: readme-results.sh [--check] [README]" ;; esac
readme=${1:-$TOP/README.md}
[ -f "$readme" ] || die "no $readme"
base=$(cd "$(dirname "$readme")" && pwd)
new=$(mktemp)
trap 'rm -f "$new"' EXIT

# Every block's file must exist: a missing summary is an error, not an
# empty block.
sed -n 's/^<!-- from \([^ ]*\) -->$/\1/p' "$readme" | while read -r f; do
	[ -f "$base/$f" ] || die "$(basename "$readme") quotes $f, which does not exist (run the script that writes it)"
done
awk -v top="$base" '
/^<!-- from [^ ]+ -->$/ {
	print
	f = top "/" $3
	while ((getline line < f) > 0) print line
	close(f)
	skip = 1
	next
}
/^<!-- end -->$/ { skip = 0 }
!skip { print }
END { if (skip) { print "readme-results: a block has no <!-- end -->" > "/dev/stderr"; exit 1 } }
' "$readme" >"$new"

if [ "$mode" = --check ]; then
	if ! diff -u "$readme" "$new" >&2; then
		echo "FAIL readme: $(basename "$readme")'s figures differ from the saved summaries under results/ (scripts/readme-results.sh rewrites them)"
		exit 1
	fi
	echo "PASS readme: every block of figures in $(basename "$readme") is its saved summary"
else
	cp "$new" "$readme"
	say "$readme: $(grep -c '^<!-- from ' "$readme") blocks from results/"
fi

#!/bin/bash
# Copy the saved summaries under results/ into README.md and docs/*.md,
# so that every measured figure there was written by the script that
# measured it. A block is
#
#   <!-- from results/check/exploits.md -->
#   ...replaced by that file's text...
#   <!-- end -->
#
# with the file named relative to the README's folder.
#
#   scripts/readme-results.sh [README...]          rewrite the blocks
#   scripts/readme-results.sh --check [README...]  fail if a block differs
#
# README is README.md at the top of the repository and docs/*.md unless
# named.
set -eu
. "$(dirname "$0")/lib.sh"

mode="write"
[ "${1:-}" != --check ] || { mode=--check; shift; }
case ${1:-} in -*) die "usage: readme-results.sh [--check] [README...]" ;; esac
if [ $# = 0 ]; then
	set -- "$TOP/README.md"
	for f in "$TOP"/docs/*.md; do [ -f "$f" ] && set -- "$@" "$f"; done
fi
new=$(mktemp)
trap 'rm -f "$new"' EXIT
rc=0
for readme in "$@"; do
	[ -f "$readme" ] || die "no $readme"
	base=$(cd "$(dirname "$readme")" && pwd)
	# Every block's file must exist: a missing summary is an error, not
	# an empty block.
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

	name=${readme#"$TOP"/}
	if [ "$mode" = --check ]; then
		if ! diff -u "$readme" "$new" >&2; then
			echo "FAIL readme: $name's figures differ from the saved summaries under results/ (scripts/readme-results.sh rewrites them)"
			rc=1
			continue
		fi
		echo "PASS readme: every block of figures in $name is its saved summary"
	else
		cp "$new" "$readme"
		say "$name: $(grep -c '^<!-- from ' "$readme") blocks from results/"
	fi
done
exit "$rc"

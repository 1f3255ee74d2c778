#!/bin/bash
# Each patch's mail form: a summary line of 75 characters or fewer with
# a "subsys/component: " prefix, a changelog wrapped at 75 columns (tags
# and lines with a URL excepted), and a Signed-off-by.
#
#   scripts/check-changelogs.sh
set -eu
. "$(dirname "$0")/lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
while read -r p _; do
	case "$p" in ''|'#'*) continue ;; esac
	git mailinfo -k "$tmp/msg" "$tmp/diff" <"$TOP/patches/$p" >"$tmp/info" ||
		die "git mailinfo cannot read patches/$p"
	subject=$(sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' "$tmp/info")
	why=
	[ "${#subject}" -le 75 ] || why="subject is ${#subject} characters"
	echo "$subject" | grep -Eq '^[a-z0-9_/.-]+: [A-Z]' ||
		why="${why:+$why; }subject is not \"subsys/component: Imperative ...\""
	long=$(awk 'length($0) > 75 && !/^[A-Za-z-]+: / && !/https?:\/\// { n++ }
		END { print n + 0 }' "$tmp/msg")
	[ "$long" = 0 ] || why="${why:+$why; }$long changelog lines longer than 75"
	grep -q '^Signed-off-by: ' "$tmp/msg" || why="${why:+$why; }no Signed-off-by"
	if [ -n "$why" ]; then
		echo "FAIL changelog: $p: $why"
		bad=1
	else
		echo "PASS changelog: $p (subject ${#subject} characters)"
	fi
done <"$TOP/series"
exit "$bad"

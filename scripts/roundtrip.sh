#!/bin/bash
# The git am round trip: the mails that make mail wrote, taken with git
# am on a fresh unpatched tree, must give exactly the tree that quilt
# gives. Compares every file of the two trees.
#
#   scripts/roundtrip.sh     (after scripts/mail.sh and apply-series.sh)
set -eu
. "$(dirname "$0")/lib.sh"

mails=("$TOP"/mail/[0-9][0-9][0-9][0-9]-*.patch)
[ -f "${mails[0]}" ] || die "no mails in $TOP/mail: run make mail first"
[ -f "$SRC/.applied" ] || die "no quilt tree in $SRC: run make series first"
cmp -s <(cut -d' ' -f1 "$SRC/.applied") <(grep -v '^#' "$TOP/series" | grep -v '^$') ||
	die "$SRC does not have the whole series applied: run make series first"

"$TOP/scripts/git-base.sh"
git_identity
n=0
for m in "${mails[@]}"; do
	case "$m" in */0000-cover-letter.patch) continue ;; esac
	git -C "$GIT" am -q "$m" || die "git am $(basename "$m") failed"
	n=$((n + 1))
done

# The quilt tree has quilt's own files on top of the kernel's.
if ! diff -rq -x .git -x .pc -x patches -x .applied -x .tarball-stamp \
	"$SRC" "$GIT" >"$CACHE/roundtrip.diff"; then
	head -n 20 "$CACHE/roundtrip.diff"
	echo "FAIL roundtrip: git am of $n mails differs from the quilt tree (all: $CACHE/roundtrip.diff)"
	exit 1
fi
echo "PASS roundtrip: git am of $n mails gives the quilt tree, file for file"

#!/bin/bash
# Turn the quilt series into a numbered [PATCH n/m] series with a cover
# letter, ready for git send-email, in mail/ (git-ignored). Sends nothing.
#
#   scripts/mail.sh
#
# The patches are applied with git am on the unpatched tree in $GIT and
# formatted again with git format-patch, so that the mails are exactly
# what a reviewer's git am will take. To and Cc come from the tree's
# scripts/get_maintainer.pl.
set -eu
. "$(dirname "$0")/lib.sh"

out=$TOP/mail
"$TOP/scripts/git-base.sh"
git_identity

files=()
while read -r p _; do
	case "$p" in ''|'#'*) continue ;; esac
	files+=("$TOP/patches/$p")
done <"$TOP/series"
git -C "$GIT" am -q --committer-date-is-author-date "${files[@]}" ||
	die "git am of the series failed in $GIT (see git -C $GIT am --show-current-patch)"
n=$(git -C "$GIT" rev-list --count base..HEAD)

# The cover letter is from the series' author, dated now.
export GIT_COMMITTER_NAME=$(git -C "$GIT" log --reverse --format=%an base..HEAD | head -n 1)
export GIT_COMMITTER_EMAIL=$(git -C "$GIT" log --reverse --format=%ae base..HEAD | head -n 1)
unset GIT_COMMITTER_DATE GIT_AUTHOR_DATE

# Maintainers and reviewers go in To, lists in Cc.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$GIT" format-patch -q --stdout base..HEAD >"$tmp/all.mbox"
gm() {
	(cd "$GIT" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
		--no-rolestats "$@" "$tmp/all.mbox")
}
gm --m --r --no-l >"$tmp/to" || die "scripts/get_maintainer.pl failed"
gm --no-m --no-r --l >"$tmp/cc" || die "scripts/get_maintainer.pl failed"
[ -s "$tmp/to" ] || die "get_maintainer.pl found no maintainer for the series"
to=() cc=()
while IFS= read -r a; do to+=(--to="$a"); done <"$tmp/to"
while IFS= read -r a; do cc+=(--cc="$a"); done <"$tmp/cc"

rm -rf "$out"
git -C "$GIT" format-patch -q -n --cover-letter --thread=shallow \
	--subject-prefix=PATCH "${to[@]}" "${cc[@]}" -o "$out" base..HEAD ||
	die "git format-patch failed"

# The cover letter: subject, and the text of scripts/cover-letter.in with
# the claims table, the patches grouped as in series, and the base.
claims=$TOP/results/latest/claims.md
if [ -f "$claims" ]; then
	{
		echo "What make bench measured (results/$(readlink "$TOP/results/latest") in the"
		echo "harness; EEVDF and the class in the same boot, under QEMU icount):"
		echo
		echo
		# The Markdown tables as text wrapped at 72: "- claim: RESULT."
		# and the figures below it.
		awk -F' [|] ' '
			function wrap(text, first, rest,   w, i, n, line) {
				n = split(text, w, " "); line = first
				for (i = 1; i <= n; i++) {
					if (length(line) + length(w[i]) + 1 > 72 && line != first && line != rest) {
						print line; line = rest
					}
					line = line (line == first || line == rest ? "" : " ") w[i]
				}
				print line
			}
			/^[|] / && !/^[|] (claim|target) / {
				sub(/^[|] /, "", $1); sub(/ [|]$/, "", $3)
				wrap($1 ": " toupper($2) ".", "- ", "  ")
				wrap($3, "  ", "  "); print ""; next
			}
			/^### / { sub(/^### /, ""); print; print ""; next }
			/^[|]/ { next }
			{ print }' "$claims"
	} >"$tmp/claims"
else
	echo "No make bench results yet: the claims table is not filled in." >"$tmp/claims"
fi
awk -v n="$n" '
	/^# milestone:/ || /^$/ { next }
	/^# / { sub(/^# /, ""); printf "%s%s:\n", (groups++ ? "\n" : ""), $0; next }
	{ i++; printf "  %0" length(n) "d/%d %s\n", i, n, $1 }' "$TOP/series" >"$tmp/groups.raw"
# Replace each patch file name with its subject.
while IFS= read -r l; do
	case "$l" in
	"  "*)
		f=${l##* }
		s=$(git mailinfo -k /dev/null /dev/null <"$TOP/patches/$f" |
			sed -n 's/^Subject: \(\[PATCH\] \)\{0,1\}//p')
		echo "${l% *} $s"
		;;
	*) echo "$l" ;;
	esac
done <"$tmp/groups.raw" >"$tmp/groups"
ver=$(kernel_version "$GIT")
deb=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
cat >"$tmp/base" <<EOT
The series applies to Linux $ver as Debian's linux-source-6.12
$deb installs it, which is upstream v$ver (6.12.y) with
Debian's patches. It has been built and tested on that tree only.
EOT

cover=$(ls "$out"/0000-cover-letter.patch)
awk -v claims="$tmp/claims" -v groups="$tmp/groups" -v base="$tmp/base" \
    -v text="$TOP/scripts/cover-letter.in" '
	function cat(f,   l) { while ((getline l < f) > 0) print l; close(f) }
	/\*\*\* SUBJECT HERE \*\*\*/ {
		sub(/\*\*\* SUBJECT HERE \*\*\*/,
		    "sched: Add the 2003 O(1) interactivity estimator as a switchable class")
	}
	/^\*\*\* BLURB HERE \*\*\*$/ {
		while ((getline l < text) > 0) {
			if (l == "@CLAIMS@") cat(claims)
			else if (l == "@GROUPS@") cat(groups)
			else if (l == "@BASE@") cat(base)
			else print l
		}
		next
	}
	{ print }' "$cover" >"$tmp/cover" && mv "$tmp/cover" "$cover"
grep -q '\*\*\*' "$cover" && die "the cover letter still has a *** placeholder"

say "$((n + 1)) mails in $out (nothing was sent):"
ls "$out"

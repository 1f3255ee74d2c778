#!/bin/bash
# Make $CACHE/git a git repository of the unpatched Debian tree, with the
# tarball's contents as the commit tagged "base", and check base out
# clean. The import is done once per linux-source-6.12 version; later
# runs only reset. make mail and the git am round trip work in it.
#
#   scripts/git-base.sh
set -eu
. "$(dirname "$0")/lib.sh"

command -v git >/dev/null || die "git not found: apt-get install git"
git_identity
[ -r "$TARBALL" ] || die "$TARBALL not found: apt-get install linux-source-6.12"

want="$(stat -c '%s %Y' "$TARBALL")"
if [ "$(git -C "$GIT" config --get sched-interactive.tarball 2>/dev/null)" != "$want" ]; then
	say "importing $TARBALL into $GIT"
	rm -rf "$GIT"
	mkdir -p "$GIT"
	tar -xJf "$TARBALL" -C "$GIT" --strip-components=1
	ver=$(kernel_version "$GIT")
	deb=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
	git -C "$GIT" init -q
	# -f: the tree's own .gitignore must not hide any file of the tarball.
	git -C "$GIT" add -A -f
	git -C "$GIT" commit -q --no-verify \
		-m "Linux $ver as Debian's linux-source-6.12 $deb ships it"
	git -C "$GIT" tag base
	git -C "$GIT" config sched-interactive.tarball "$want"
fi
git -C "$GIT" am --abort >/dev/null 2>&1 || true
git -C "$GIT" checkout -q -f --detach base
git -C "$GIT" clean -q -f -d -x

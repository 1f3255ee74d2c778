# Shared settings for the scripts; sourced, not run.
# shellcheck shell=bash

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Everything unpacked or built lives outside the repository, so that it
# survives across clones on the same machine and is never committed.
CACHE=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sched-interactive}
TARBALL=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
SRC=$CACHE/linux
export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}

die() {
	echo "error: $*" >&2
	exit 1
}

say() {
	echo ">>> $*"
}

# A git repository of the unpatched tree, for make mail (scripts/git-base.sh).
GIT=$CACHE/git
# git_identity: a fixed identity and date for the commits made in $GIT,
# so that each run gives the same commit ids. (git am keeps each patch's
# own author and date.)
git_identity() {
	export GIT_AUTHOR_NAME=sched-interactive
	export GIT_AUTHOR_EMAIL=sched-interactive@localhost
	export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME
	export GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
	export GIT_AUTHOR_DATE=2003-08-05T10:17:55+1000
	export GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
}

# kernel_version TREE: the VERSION.PATCHLEVEL.SUBLEVEL of a kernel tree.
kernel_version() {
	awk '/^VERSION =/ { v = $3 } /^PATCHLEVEL =/ { p = $3 }
	     /^SUBLEVEL =/ { s = $3; print v "." p "." s; exit }' "$1/Makefile"
}

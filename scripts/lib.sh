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

# milestones: "PATCH NAME" for each "# milestone: NAME" marker of the
# series, PATCH being the last patch before it. The tree with the series
# pushed up to PATCH is that milestone; the last marker is the state of
# the whole series.
milestones() {
	awk '/^# milestone: / { print prev, $3; next } /^[^#]/ && NF { prev = $1 }' "$TOP/series"
}

# last_2003: the milestone of the last 2003 step, the one before the
# fixes; the milestones after it are this series' own.
last_2003() {
	milestones | awk '$2 == "fixes" { print prev; exit } { prev = $2 }'
}

# tree_commit: the short commit of this repository, for the figures a
# run writes, with " plus uncommitted changes to FILE, ..." when its
# inputs (anything tracked but results/ and the README that quotes them)
# differ from it, so that the record says what it ran.
tree_commit() {
	local c files n
	c=$(git -C "$TOP" rev-parse --short HEAD 2>/dev/null) || {
		echo nogit
		return 0
	}
	files=$(git -C "$TOP" diff --name-only HEAD -- . ':(exclude)results' \
		':(exclude)README.md')
	if [ -n "$files" ]; then
		n=$(echo "$files" | wc -l)
		files=$(echo "$files" | head -n 5 | paste -sd, - | sed 's/,/, /g')
		[ "$n" -le 5 ] || files="$files and $((n - 5)) more"
		c="$c plus uncommitted changes to $files"
	fi
	echo "$c"
}

# tree_milestone: the milestone $SRC is at (the top patch of quilt's
# stack), or nothing when it is between milestones. The patch after the
# last marker (tools/sched_ext) changes no kernel code: with the whole
# series applied the tree is at the last milestone.
tree_milestone() {
	local top last
	top=$(tail -n 1 "$SRC/.applied" 2>/dev/null | cut -d' ' -f1)
	[ -n "$top" ] || return 0
	last=$(awk '/^[^#]/ && NF { p = $1 } END { print p }' "$TOP/series")
	if [ "$top" = "$last" ]; then
		milestones | tail -n 1 | cut -d' ' -f2
		return 0
	fi
	milestones | awk -v p="$top" '$1 == p { print $2 }'
}

# step NAME COMMAND...: run a step of make check and add its PASS and
# FAIL lines to the file $results. A step that prints none counts as one
# result of its own; a step that exits non-zero fails, whatever it
# printed before. When $step_times names a file, the step's time in
# seconds and its name are added to it. Returns the step's exit status.
step() {
	local name=$1 rc results0 fails0 t0
	shift
	# The step's name goes to $results too: scripts/check-expected.sh
	# names the step of each result.
	say "$name" | tee -a "$results"
	t0=$(date +%s)
	results0=$(grep -c "^\(PASS\|FAIL\) " "$results")
	fails0=$(grep -c "^FAIL " "$results")
	"$@" 2>&1 | tee -a "$results"
	rc=${PIPESTATUS[0]}
	if [ "$rc" != 0 ]; then
		[ "$(grep -c "^FAIL " "$results")" != "$fails0" ] ||
			echo "FAIL $name (exit $rc)" | tee -a "$results"
	elif [ "$(grep -c "^\(PASS\|FAIL\) " "$results")" = "$results0" ]; then
		echo "PASS $name" | tee -a "$results"
	fi
	[ -z "${step_times:-}" ] || echo "$(($(date +%s) - t0)) $name" >>"$step_times"
	return "$rc"
}

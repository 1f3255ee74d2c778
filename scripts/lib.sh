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

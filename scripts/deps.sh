#!/bin/bash
# Install what the harness needs with apt-get, and say what is missing if
# that cannot be done.
#
#   scripts/deps.sh [PACKAGE...]    (more packages, for make bench)
set -eu

# clang-16, llvm-16 and the static libelf, zlib and zstd: scx_interactive
# (scripts/build-scx.sh).
pkgs="linux-source-6.12 qemu-system-x86 busybox-static quilt ccache gcc make
bc bison flex libelf-dev libssl-dev cpio xz-utils rsync perl python3 kmod
libc6-dev git python3-sphinx sparse dwarves linux-config-6.12
clang-16 llvm-16 zlib1g-dev libzstd-dev $*"

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo ">>> installing:$missing"
if [ "$(id -u)" != 0 ]; then
	echo "error: missing packages:$missing (run as root, or apt-get install them)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; } >/tmp/sched-interactive-apt.log 2>&1; then
	tail -n 20 /tmp/sched-interactive-apt.log >&2
	echo "error: apt-get could not install:$missing (log: /tmp/sched-interactive-apt.log)" >&2
	exit 1
fi

#!/bin/bash
# Configure and build a bzImage from $SRC, out of tree.
#
#   scripts/build-kernel.sh NAME [FRAGMENT...]
#
# The build folder is $CACHE/build-NAME. The config is `make tinyconfig`
# with config/base.config, config/interactive.config and any further
# fragments merged on top (scripts/configure-kernel.sh). Prints the
# bzImage path on the last line.
set -eu
. "$(dirname "$0")/lib.sh"

name=${1:?usage: build-kernel.sh NAME [FRAGMENT...]}
shift
out=$CACHE/build-$name
mkdir -p "$out" "$CCACHE_DIR"

"$TOP/scripts/configure-kernel.sh" "$out" tinyconfig \
	"$TOP/config/base.config" "$TOP/config/interactive.config" "$@"

say "building bzImage in $out"
log=$out/build.log
jobs=$(($(nproc) + 1))
if ! make -C "$SRC" O="$out" CC="ccache gcc" -j"$jobs" bzImage >"$log" 2>&1; then
	grep -E "error|Error" "$log" | head -n 20 >&2
	die "kernel build failed: see $log"
fi
grep -E "warning:" "$log" | grep -v "^make" | head -n 20 >&2 || true
echo "$out/arch/x86/boot/bzImage"

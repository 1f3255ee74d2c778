#!/bin/bash
# Configure and build a bzImage from $SRC, out of tree.
#
#   scripts/build-kernel.sh NAME [FRAGMENT...]
#
# The build folder is $CACHE/build-NAME. The config is `make tinyconfig`
# with config/base.config, config/interactive.config and any further
# fragments merged on top, again whenever a fragment changes or one of
# its options is not in .config (a patch may add it). Prints the bzImage
# path on the last line.
set -eu
. "$(dirname "$0")/lib.sh"

name=${1:?usage: build-kernel.sh NAME [FRAGMENT...]}
shift
out=$CACHE/build-$name
mkdir -p "$out" "$CCACHE_DIR"

frags="$TOP/config/base.config $TOP/config/interactive.config $*"
cfg=$(cat $frags | sha1sum | cut -c1-40)
# missing: the fragment lines that .config does not have. An option that
# a patch adds is missing until the tree that has it is configured again.
missing() {
	# shellcheck disable=SC2086
	grep -h '^CONFIG_.*=[ym]' $frags | while IFS= read -r l; do
		grep -qx "$l" "$out/.config" || echo "$l"
	done
}
if [ ! -f "$out/.config" ] || [ "$(cat "$out/.fragments" 2>/dev/null)" != "$cfg" ] ||
	[ -n "$(missing)" ]; then
	say "configuring $out"
	make -s -C "$SRC" O="$out" tinyconfig >/dev/null
	# shellcheck disable=SC2086
	(cd "$SRC" && scripts/kconfig/merge_config.sh -m -O "$out" "$out/.config" $frags) >"$out/merge.log" 2>&1 ||
		die "merging config fragments failed: see $out/merge.log"
	make -s -C "$SRC" O="$out" olddefconfig >/dev/null
	missing | sed 's/^/warning: not in this tree: /' >&2
	echo "$cfg" >"$out/.fragments"
fi

say "building bzImage in $out"
log=$out/build.log
jobs=$(($(nproc) + 1))
if ! make -C "$SRC" O="$out" CC="ccache gcc" -j"$jobs" bzImage >"$log" 2>&1; then
	grep -E "error|Error" "$log" | head -n 20 >&2
	die "kernel build failed: see $log"
fi
grep -E "warning:" "$log" | grep -v "^make" | head -n 20 >&2 || true
echo "$out/arch/x86/boot/bzImage"

#!/bin/bash
# Configure a build folder of $SRC: a starting config with fragments
# merged on top (scripts/kconfig/merge_config.sh, then olddefconfig).
#
#   scripts/configure-kernel.sh OUT START [FRAGMENT...]
#
# START is tinyconfig, or a whole config file (such as Debian's). It is
# done again only when START or a fragment changes, or when an option a
# fragment sets to y or m is not in .config (a patch may add it).
set -eu
. "$(dirname "$0")/lib.sh"

out=${1:?usage: configure-kernel.sh OUT START [FRAGMENT...]}
start=${2:?usage: configure-kernel.sh OUT START [FRAGMENT...]}
shift 2
frags=
for f in "$@"; do
	[ -f "$f" ] || die "no config fragment $f"
	frags="$frags $(realpath "$f")"
done
if [ "$start" != tinyconfig ]; then
	[ -f "$start" ] || die "no config $start"
	start=$(realpath "$start")
fi
# shellcheck disable=SC2086
stamp=$({ echo "$start"; [ "$start" = tinyconfig ] || cat "$start"; cat $frags; } |
	sha1sum | cut -c1-40)

# missing: the options set to y or m, as the last fragment to name them
# has it, that .config does not have.
missing() {
	[ -n "$frags" ] || return 0
	# shellcheck disable=SC2086
	awk '/^CONFIG_[A-Z0-9_]+=/ { o = $0; sub(/=.*/, "", o); v[o] = $0; next }
	     /^# CONFIG_[A-Z0-9_]+ is not set/ { v[$2] = "" }
	     END { for (o in v) if (v[o] ~ /=[ym]$/) print v[o] }' $frags |
	while IFS= read -r l; do
		grep -qx "$l" "$out/.config" || echo "$l"
	done
}
mkdir -p "$out"
if [ -f "$out/.config" ] && [ "$(cat "$out/.fragments" 2>/dev/null)" = "$stamp" ] &&
	[ -z "$(missing)" ]; then
	exit 0
fi
say "configuring $out"
if [ "$start" = tinyconfig ]; then
	make -s -C "$SRC" O="$out" tinyconfig >/dev/null
else
	cp "$start" "$out/.config"
fi
# shellcheck disable=SC2086
(cd "$SRC" && scripts/kconfig/merge_config.sh -m -O "$out" "$out/.config" $frags) >"$out/merge.log" 2>&1 ||
	die "merging config fragments failed: see $out/merge.log"
make -s -C "$SRC" O="$out" olddefconfig >/dev/null || die "make olddefconfig failed in $out"
missing | sed 's/^/warning: not in this tree: /' >&2
echo "$stamp" >"$out/.fragments"

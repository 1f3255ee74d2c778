#!/bin/bash
# Compile kernel/sched/, all the C code the series touches, with W=1 and
# sparse (C=1), under four configs, and report any warning that the tree
# without the series does not give:
#
#   debian  Debian's own amd64 config, with the class (config/debian.config)
#   nosmp   the test config (base, interactive) with CONFIG_SMP=n
#   off     the test config with the class left out
#   scx     the test config with CONFIG_SCHED_CLASS_EXT=y beside the class
#
#   scripts/compile-matrix.sh [CONFIG...]    (default: all four)
#
# One PASS or FAIL line per config. A warning is the message with its
# file, without line and column, so that a line moved by the series is
# not new. A header's warning counts once: sparse reports it again for
# each caller of an inline function, so a new caller is not a new
# warning. The plain tree's warnings are kept in $CACHE/matrix, per config
# (its fragments as they are) and tree, so they are compiled once per
# machine and again when a fragment changes. Leaves the whole series
# applied.
set -eu
. "$(dirname "$0")/lib.sh"

debian_config=${DEBIAN_CONFIG:-/usr/src/linux-config-6.12/config.amd64_none_amd64.xz}
configs=${*:-debian nosmp off scx}
command -v sparse >/dev/null || die "sparse not found: apt-get install sparse"
command -v pahole >/dev/null || die "pahole not found: apt-get install dwarves"
[ -r "$debian_config" ] ||
	die "$debian_config not found: apt-get install linux-config-6.12"
mkdir -p "$CACHE/matrix"

# configure NAME OUT: the config NAME in the build folder OUT.
configure() {
	local c=$TOP/config
	case $1 in
	debian)
		xz -dc "$debian_config" >"$CACHE/matrix/debian.start"
		"$TOP/scripts/configure-kernel.sh" "$2" "$CACHE/matrix/debian.start" "$c/debian.config" ;;
	nosmp | off | scx)
		"$TOP/scripts/configure-kernel.sh" "$2" tinyconfig \
			"$c/base.config" "$c/interactive.config" "$c/$1.config" ;;
	*) die "unknown config $1 (want debian, nosmp, off or scx)" ;;
	esac
}

# warnings OUT LOG: compile kernel/sched/ afresh in OUT; the warnings,
# normalised and sorted, on stdout; the whole output in LOG.
warnings() {
	rm -f "$1"/kernel/sched/*.o
	if ! make -C "$SRC" O="$1" CC="ccache gcc" W=1 C=1 -j"$(($(nproc) + 1))" \
		kernel/sched/ >"$2" 2>&1; then
		grep -E "error" "$2" | head -n 20 >&2
		return 1
	fi
	grep -E ': (warning|error):' "$2" |
		sed -e "s|^$SRC/||" -e 's|^\(\.\./\)*||' -e 's|:[0-9]*:[0-9]*: |: |' |
		awk '!/^[^:]*\.h: / || !seen[$0]++' | sort
}

# The plain tree's warnings depend on the tree and the config fragments.
key=$({ sha1sum <"$TARBALL"; cat "$TOP"/config/*.config; } | sha1sum | cut -c1-12)
rc=0
for name in $configs; do
	out=$CACHE/build-matrix-$name
	base=$CACHE/matrix/$name-$key.base
	say "compile matrix: $name"
	if [ ! -f "$base" ]; then
		"$TOP/scripts/apply-series.sh" none >/dev/null
		configure "$name" "$out" 2>/dev/null
		warnings "$out" "$out/base.log" >"$base.tmp" ||
			die "the plain tree does not compile with $name: see $out/base.log"
		mv "$base.tmp" "$base"
	fi
	"$TOP/scripts/apply-series.sh" >/dev/null
	configure "$name" "$out"
	if ! warnings "$out" "$out/matrix.log" >"$out/matrix.warnings"; then
		echo "FAIL compile $name: kernel/sched/ does not build (see $out/matrix.log)"
		rc=1
		continue
	fi
	new=$(comm -13 "$base" "$out/matrix.warnings")
	if [ -n "$new" ]; then
		echo "$new" | head -n 20 | sed 's/^/  /'
		echo "FAIL compile $name: $(echo "$new" | wc -l) new W=1/sparse warnings (see $out/matrix.log)"
		rc=1
	else
		echo "PASS compile $name: W=1 and sparse, no new warning ($(wc -l <"$base") in the plain tree)"
	fi
done
exit $rc

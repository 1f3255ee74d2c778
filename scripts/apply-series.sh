#!/bin/bash
# Make $SRC the Debian 6.12 tree with the series pushed up to a patch.
#
#   scripts/apply-series.sh [PATCH]    (default: the whole series;
#                                       "none": no patch, the plain tree)
#
# The tree is unpacked once per linux-source-6.12 version. Between runs
# only the patches that changed are popped and pushed again, so that
# make rebuilds only what they touch. Any hunk that needs fuzz, or does
# not apply, stops the run with the patch's name.
set -eu
. "$(dirname "$0")/lib.sh"

upto=${1:-}

[ -r "$TARBALL" ] || die "$TARBALL not found: apt-get install linux-source-6.12"
command -v quilt >/dev/null || die "quilt not found: apt-get install quilt"

mkdir -p "$CACHE"
want_tar="$(stat -c '%s %Y' "$TARBALL")"
if [ ! -f "$SRC/.tarball-stamp" ] || [ "$(cat "$SRC/.tarball-stamp")" != "$want_tar" ]; then
	say "unpacking $TARBALL into $SRC"
	rm -rf "$SRC.new"
	mkdir -p "$SRC.new"
	tar -xJf "$TARBALL" -C "$SRC.new" --strip-components=1
	v=$(sed -n 's/^VERSION = //p' "$SRC.new/Makefile")
	pl=$(sed -n 's/^PATCHLEVEL = //p' "$SRC.new/Makefile")
	if [ "$v.$pl" != "6.12" ]; then
		rm -rf "$SRC.new"
		die "$TARBALL holds Linux $v.$pl; the series is for 6.12"
	fi
	rm -rf "$SRC"
	mv "$SRC.new" "$SRC"
	echo "$want_tar" >"$SRC/.tarball-stamp"
fi

# The wanted stack: the series up to $upto, each patch with its hash.
want=$(mktemp)
trap 'rm -f "$want"' EXIT
found=
[ "$upto" != none ] || found=1
while [ "$upto" != none ] && read -r p _; do
	case "$p" in ''|'#'*) continue ;; esac
	[ -f "$TOP/patches/$p" ] || die "series names $p, which is not in patches/"
	echo "$p $(sha1sum <"$TOP/patches/$p" | cut -c1-40)" >>"$want"
	if [ "$p" = "$upto" ]; then
		found=1
		break
	fi
done <"$TOP/series"
[ -z "$upto" ] || [ -n "$found" ] || die "no patch named $upto in series"
for f in "$TOP"/patches/*.patch; do
	grep -qx "$(basename "$f")" "$TOP/series" ||
		die "patches/$(basename "$f") is not listed in series"
done

have=$SRC/.applied
touch "$have"
cmp -s "$want" "$have" && exit 0

# Keep the applied patches that are still wanted at the same position.
keep=0
while IFS= read -r w <&3 && IFS= read -r h <&4; do
	[ "$w" = "$h" ] || break
	keep=$((keep + 1))
done 3<"$want" 4<"$have"

cd "$SRC"
export QUILT_PATCHES=patches QUILT_SERIES=patches/series
applied=$(wc -l <"$have")
if [ "$applied" -gt "$keep" ]; then
	if [ "$keep" -eq 0 ]; then
		quilt pop -afq >/dev/null || die "quilt pop failed in $SRC"
	else
		quilt pop -fq "$(sed -n "${keep}p" "$have" | cut -d' ' -f1)" >/dev/null ||
			die "quilt pop failed in $SRC"
	fi
	head -n "$keep" "$have" >"$have.tmp" && mv "$have.tmp" "$have"
fi

# Install the wanted patches (already-applied ones are byte-identical).
rm -rf patches
mkdir patches
cut -d' ' -f1 "$want" >patches/series
while read -r p; do cp "$TOP/patches/$p" patches/; done <patches/series

tail -n +"$((keep + 1))" "$want" | while read -r p _; do
	if ! out=$(quilt push --fuzz=0 "$p" 2>&1); then
		echo "$out" | tail -n 15 >&2
		die "patch $p does not apply cleanly to $TARBALL"
	fi
	if echo "$out" | grep -q "with fuzz"; then
		die "patch $p needs fuzz"
	fi
	grep "^$p " "$want" >>"$have"
done
cmp -s "$want" "$have" || die "series not fully applied in $SRC"
say "series applied: $(wc -l <"$have") patches${upto:+ (up to $upto)}"

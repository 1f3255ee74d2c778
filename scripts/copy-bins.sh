#!/bin/bash
# Copy programs of this machine into a guest image folder, with the
# shared libraries they load and the loader, at the same paths.
#
#   scripts/copy-bins.sh DIR PROGRAM...     (each lands in DIR/usr/bin)
set -eu
. "$(dirname "$0")/lib.sh"

dir=${1:?usage: copy-bins.sh DIR PROGRAM...}
shift
mkdir -p "$dir/usr/bin"
for b in "$@"; do
	path=$(command -v "$b") || die "$b not found on this machine"
	cp "$path" "$dir/usr/bin/"
	# Each "lib => /path" line of ldd, and the loader itself.
	ldd "$path" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' |
	while read -r lib; do
		mkdir -p "$dir$(dirname "$lib")"
		cp -L "$lib" "$dir$lib"
	done
done

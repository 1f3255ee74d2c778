#!/bin/bash
# Stage the files the benchmark adds to the guest image in a folder: the
# workloads of tests/bench/ in /bench, and hackbench and cyclictest from
# Debian's rt-tests with the shared libraries they load.
#
#   scripts/bench-image.sh DIR
set -eu
. "$(dirname "$0")/lib.sh"

dir=${1:?usage: bench-image.sh DIR}
for b in hackbench cyclictest; do
	command -v "$b" >/dev/null || die "$b not found: apt-get install rt-tests"
done
rm -rf "$dir"
mkdir -p "$dir/usr/bin"
make -s -C "$TOP/tests/bench" OUT="$dir/bench" || die "building the workloads failed"
for b in hackbench cyclictest; do
	cp "$(command -v "$b")" "$dir/usr/bin/"
	# Each "lib => /path" line of ldd, and the loader itself.
	ldd "$(command -v "$b")" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' |
	while read -r lib; do
		mkdir -p "$dir$(dirname "$lib")"
		cp -L "$lib" "$dir$lib"
	done
done

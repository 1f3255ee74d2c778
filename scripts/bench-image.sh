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
make -s -C "$TOP/tests/bench" OUT="$dir/bench" || die "building the workloads failed"
"$TOP/scripts/copy-bins.sh" "$dir" hackbench cyclictest

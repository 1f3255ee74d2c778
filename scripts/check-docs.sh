#!/bin/bash
# Build the scheduler documentation of the patched tree with Sphinx
# (make SPHINXDIRS=scheduler htmldocs: the full htmldocs takes too long
# here) and fail on any warning or error in the files the series adds or
# changes. Other warnings of the subtree are the tree's own, and are
# only counted.
#
#   scripts/check-docs.sh
set -eu
. "$(dirname "$0")/lib.sh"

command -v sphinx-build >/dev/null ||
	die "sphinx-build not found: apt-get install python3-sphinx"
[ -f "$SRC/Documentation/scheduler/sched-interactive.rst" ] ||
	die "$SRC has no sched-interactive.rst: run make series first"

out=$CACHE/build-docs
log=$out/htmldocs.log
mkdir -p "$out"
# htmldocs writes the netlink specs' .rst into the source tree, even with
# O=. The tree has none of its own there (only readme.txt): remove every
# one, those a killed run left too, so that the tree stays the quilt
# result (scripts/roundtrip.sh compares it).
ynl=$SRC/Documentation/networking/netlink_spec
cleanup() {
	rm -f "${ynl:?}"/*.rst
}
trap cleanup EXIT
if ! make -s -C "$SRC" O="$out" SPHINXDIRS=scheduler htmldocs >"$log" 2>&1; then
	tail -n 20 "$log"
	echo "FAIL docs: make htmldocs failed (log: $log)"
	exit 1
fi
html=$out/Documentation/output/scheduler/sched-interactive.html
[ -s "$html" ] || { echo "FAIL docs: $html was not written"; exit 1; }
grep -q 'href="sched-interactive.html"' "$out/Documentation/output/scheduler/index.html" ||
	{ echo "FAIL docs: the scheduler index does not link sched-interactive"; exit 1; }

ours=$(grep -E 'sched-interactive\.rst|scheduler/index\.rst' "$log" |
	grep -Ec '(WARNING|ERROR|SEVERE)' || true)
others=$(grep -Ec '(WARNING|ERROR):' "$log" || true)
if [ "$ours" != 0 ]; then
	grep -E 'sched-interactive\.rst|scheduler/index\.rst' "$log"
	echo "FAIL docs: $ours warnings in the series' documentation (log: $log)"
	exit 1
fi
echo "PASS docs: sched-interactive.rst builds with no warning ($((others - ours)) warnings elsewhere in the subtree)"

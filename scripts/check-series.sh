#!/bin/bash
# Bisectability: build the tree after every patch of the series, not only
# at the milestones, and boot each one to the guest shell. Ends with the
# whole series applied again, and writes the outcome to
# results/check-series.md (docs/testing.md).
#
#   scripts/check-series.sh
set -u
. "$(dirname "$0")/lib.sh"

start=$(date +%s)
n=$(grep -v '^#' "$TOP/series" | grep -vc '^$')
i=0 fail=0 passed=0
while read -r p _; do
	case "$p" in ''|'#'*) continue ;; esac
	i=$((i + 1))
	say "$i/$n $p"
	if ! "$TOP/scripts/apply-series.sh" "$p" >/dev/null; then
		echo "FAIL series $i/$n $p: does not apply"
		fail=1
		break
	fi
	if ! "$TOP/scripts/build-kernel.sh" qemu >/dev/null; then
		echo "FAIL build $i/$n $p (log: $CACHE/build-qemu/build.log)"
		fail=1
		continue
	fi
	echo "PASS build $i/$n $p"
	if "$TOP/scripts/boot-check.sh" qemu "$i/$n $p"; then
		passed=$((passed + 1))
	else
		fail=1
	fi
done <"$TOP/series"
"$TOP/scripts/apply-series.sh" >/dev/null || fail=1
took=$(($(date +%s) - start))
echo "check-series took $took s"
commit=$(tree_commit)
echo "\`make check-series\` on $(date -u +%F), commit $commit: the tree builds and boots after $passed of the $n patches, in $took s." \
	>"$TOP/results/check-series.md"
exit "$fail"

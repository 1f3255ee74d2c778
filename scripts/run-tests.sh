#!/bin/bash
# Boot the kernel built as NAME with the guest tests, and report.
#
#   scripts/run-tests.sh NAME [LABEL]
#
# Prints each result and "N passed, N failed"; exits non-zero on any
# failure, panic, hang (after $TIMEOUT s) or missing result. With $ADD,
# a folder, its files are added to the image (scripts/mkinitramfs.sh).
set -eu
. "$(dirname "$0")/lib.sh"

name=${1:?usage: run-tests.sh NAME [LABEL]}
label=${2:-}
kbuild=$CACHE/build-$name
img=$kbuild/tests.cpio.gz
# The console log is named after $CONSOLE_TAG, or else the label.
tag=${CONSOLE_TAG:-$(printf "%s" "$label" | tr -cd "a-zA-Z0-9=._-")}
log=$kbuild/console-${tag:-smp${SMP:-2}}.log

KBUILD=$kbuild "$TOP/scripts/mkinitramfs.sh" "$img" "${ADD:-}"
# The tests learn the milestone from the command line: the one the tree
# is at, unless APPEND names one.
case " ${APPEND:-} " in
*" ia.milestone="*) ;;
*)
	m=$(tree_milestone)
	[ -z "$m" ] || APPEND="ia.milestone=$m ${APPEND:-}"
	;;
esac
# Once the KUnit patch is in, its whole suite must run at boot.
KUNIT_SUITES=
grep -qx "CONFIG_SCHED_INTERACTIVE_KUNIT_TEST=y" "$kbuild/.config" && KUNIT_SUITES=sched_interactive
export KUNIT_SUITES
say "booting $name with SMP=${SMP:-2}${APPEND:+, APPEND=$APPEND} (console: $log)"
set +e
# A deterministic disk for the uninterruptible-sleep tests: null_blk
# completes each request from a timer after 5 ms.
APPEND="null_blk.irqmode=2 null_blk.completion_nsec=5000000 ${APPEND:-}" \
TIMEOUT=${TIMEOUT:-600} "$TOP/scripts/qemu.sh" "$kbuild/arch/x86/boot/bzImage" "$img" test "$log" >/dev/null
rc=$?
set -e
[ "$rc" = 124 ] && echo "error: guest hung: stopped after ${TIMEOUT:-600}s" >&2
"$TOP/scripts/parse-results.sh" "$log" "$label"

#!/bin/bash
# Run one command in the guest and exit with its status (make qemu-run
# says the status, but make itself exits 2 on any failure).
#
#   scripts/run-cmd.sh NAME CMD [ADD_DIR]
#
# With $RUN_TAG, the image and the console log are named after it, so
# that two guests of one kernel can run side by side (make bench).
set -eu
. "$(dirname "$0")/lib.sh"

name=${1:?usage: run-cmd.sh NAME CMD [ADD_DIR]}
cmd=${2:?usage: run-cmd.sh NAME CMD [ADD_DIR]}
add=${3:-}
kbuild=$CACHE/build-$name
img=$kbuild/cmd${RUN_TAG:+-$RUN_TAG}.cpio.gz
log=$kbuild/console-cmd${RUN_TAG:+-$RUN_TAG}.log

KBUILD=$kbuild "$TOP/scripts/mkinitramfs.sh" "$img" "$add" "$cmd"
set +e
# Keep kernel messages off the command's output unless APPEND asks.
APPEND="loglevel=4 ${APPEND:-}" TIMEOUT=${TIMEOUT:-600} "$TOP/scripts/qemu.sh" "$kbuild/arch/x86/boot/bzImage" "$img" cmd "$log" |
	sed -n '/^IA-BEGIN/,/^IA-END/{/^IA-BEGIN/d;/^IA-END/d;p}'
set -e
grep -q "^IA-END rc=" "$log" || die "the guest did not finish; see $log"
rc=$(sed -n 's/^IA-END rc=\([0-9]*\).*/\1/p' "$log" | tail -n 1)
[ "${rc:-1}" = 0 ] || echo "the command exited with status ${rc:-1}" >&2
exit "${rc:-1}"

#!/bin/bash
# Boot the kernel built as NAME to the guest shell and run a few commands
# there: switch the class on and off if the kernel has it. Passes if the
# shell ran them all and the console shows no panic, oops, BUG or
# WARNING.
#
#   scripts/boot-check.sh NAME LABEL
set -eu
. "$(dirname "$0")/lib.sh"

name=${1:?usage: boot-check.sh NAME LABEL}
label=${2:?usage: boot-check.sh NAME LABEL}
log=$CACHE/build-$name/console-cmd.log
knob=/proc/sys/kernel/sched_interactive
cmd="uname -r
if [ -e $knob ]; then
	echo 1 >$knob && grep -q 1 $knob && ls -R / >/dev/null &&
		echo 0 >$knob && grep -q 0 $knob && echo class-switched || exit 1
fi
echo shell-ok"

set +e
out=$(APPEND="loglevel=7 ${APPEND:-}" TIMEOUT=${TIMEOUT:-300} \
	"$TOP/scripts/run-cmd.sh" "$name" "$cmd" 2>&1)
rc=$?
set -e
bad=$(tr -d '\r' <"$log" | sed 's/^\[ *[0-9]*\.[0-9]*\] //' |
	grep -E -m1 '^(Kernel panic|BUG|WARNING|Oops|general protection fault)' || true)
if [ "$rc" != 0 ] || ! echo "$out" | grep -q '^shell-ok'; then
	echo "$out" | tail -n 5
	echo "FAIL boot $label: the guest shell did not finish its commands (console: $log)"
	exit 1
fi
if [ -n "$bad" ]; then
	echo "FAIL boot $label: $bad (console: $log)"
	exit 1
fi
what=shell
echo "$out" | grep -q '^class-switched' && what="shell, class switched on and off"
echo "PASS boot $label: $(echo "$out" | head -n 1), $what"

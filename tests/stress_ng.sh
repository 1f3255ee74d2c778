#!/bin/sh
# stress-ng's scheduler stressors, with the class as the boot left it:
# one after the other, each with one worker per CPU, for an equal part of
# $IA_STRESS seconds (default 60; at least 5 s each). One result per
# stressor: stress-ng ended normally (exit status 0, "successful run
# completed") and the stressor did some work (its metrics line).
#
# All at once, the 19 of them overload a KASAN and lockdep kernel under
# TCG so far that EEVDF itself leaves a shell loop waiting for a minute
# and panics on an RCU stall; one at a time, each gets the machine.
#
# Debian 12's stress-ng (0.15.06) has no prio-inv stressor (it came in
# 0.15.07): mutex, whose workers take priority-inheriting pthread mutexes
# at varied priorities, stands in for it; "sched" is schedpolicy there.
# The exec stressor refuses to run as root and runs as the user nobody;
# cpu-online, which takes CPUs off and on line, needs --pathological.
set -u
stressors="fork clone vfork exec switch yield schedpolicy affinity cpu-online
nice futex pthread pipe sem mq hrtimers sleep get mutex"
dur=${IA_STRESS:-60}
PATH=$PATH:/usr/bin
n=$(echo $stressors | wc -w)
each=$((dur / n))
[ "$each" -ge 5 ] || each=5

echo "TAP version 13"
if ! command -v stress-ng >/dev/null; then
	echo "1..0 # SKIP stress-ng is not in this image (make stress adds it)"
	exit 4
fi
echo "1..$n"
cd /tmp || exit 1
i=0
fail=0
for s in $stressors; do
	i=$((i + 1))
	log=/tmp/stress-ng-$s.log
	args="--$s 0 --timeout ${each}s --metrics-brief"
	case $s in
	exec)
		echo "# as nobody: stress-ng $args"
		su -s /bin/sh nobody -c "stress-ng $args" >"$log" 2>&1
		;;
	cpu-online)
		echo "# stress-ng $args --pathological"
		# shellcheck disable=SC2086
		stress-ng $args --pathological >"$log" 2>&1
		;;
	*)
		echo "# stress-ng $args"
		# shellcheck disable=SC2086
		stress-ng $args >"$log" 2>&1
		;;
	esac
	rc=$?
	grep -E "metrc: \[[0-9]+\] $s |fail|error|successful" "$log" | sed 's/^/# /'
	ops=$(awk -v s="$s" '$2 == "metrc:" && $4 == s { print $5; exit }' "$log")
	if [ "$rc" != 0 ] || ! grep -q "successful run completed" "$log"; then
		echo "not ok $i $s: stress-ng ended with exit status $rc"
		fail=1
	elif [ -z "$ops" ] || [ "$ops" = 0 ]; then
		echo "not ok $i $s: did no work in ${each}s (${ops:-no metrics})"
		fail=1
	else
		echo "ok $i $s: $ops bogo ops in ${each}s"
	fi
done
exit $fail

#!/bin/sh
# stress-ng's scheduler stressors, one worker each, all at once for
# $IA_STRESS seconds (default 60), with the class as the boot left it.
# One result per stressor: it ran (did some work, as its metrics line
# shows) and stress-ng reported no failure for it; one for each run.
# The exec stressor refuses to run as root: it runs beside the others in
# a stress-ng of its own, as the user nobody. cpu-online, which takes
# CPUs off and on line, needs --pathological.
#
# Debian 12's stress-ng (0.15.06) has no prio-inv stressor (it came in
# 0.15.07); mutex, whose workers take priority-inheriting pthread mutexes
# at varied priorities, stands in for it. "sched" is schedpolicy there.
set -u
stressors="fork clone vfork switch yield schedpolicy affinity cpu-online nice
futex pthread pipe sem mq hrtimers sleep get mutex"
dur=${IA_STRESS:-60}
PATH=$PATH:/usr/bin
n=$(echo $stressors | wc -w)

echo "TAP version 13"
if ! command -v stress-ng >/dev/null; then
	echo "1..0 # SKIP stress-ng is not in this image (make stress adds it)"
	exit 4
fi
echo "1..$((n + 3))"
args=
for s in $stressors; do
	args="$args --$s 1"
done
log=/tmp/stress-ng.log
xlog=/tmp/stress-ng-exec.log
cd /tmp || exit 1
echo "# stress-ng$args --pathological --timeout ${dur}s --metrics-brief"
echo "# and as nobody: stress-ng --exec 1 --timeout ${dur}s --metrics-brief"
su -s /bin/sh nobody -c "stress-ng --exec 1 --timeout ${dur}s --metrics-brief" >"$xlog" 2>&1 &
xpid=$!
# shellcheck disable=SC2086
stress-ng $args --pathological --timeout "${dur}s" --metrics-brief >"$log" 2>&1
rc=$?
wait $xpid
xrc=$?
sed 's/^/# /' "$log" "$xlog"

i=0
fail=0
# check NAME LOG: one result for a stressor, from the log of its run.
check() {
	i=$((i + 1))
	ops=$(awk -v s="$1" '$2 == "metrc:" && $4 == s { print $5; exit }' "$2")
	if grep -q "fail: .*\] $1" "$2"; then
		echo "not ok $i $1: stress-ng reported a failure"
		fail=1
	elif [ -z "$ops" ] || [ "$ops" = 0 ]; then
		echo "not ok $i $1: did no work (${ops:-no metrics})"
		fail=1
	else
		echo "ok $i $1: $ops bogo ops"
	fi
}
for s in $stressors; do
	check "$s" "$log"
done
check exec "$xlog"
# run NAME RC LOG: one result for a whole run.
run() {
	i=$((i + 1))
	if [ "$2" = 0 ] && grep -q "successful run completed" "$3"; then
		echo "ok $i $1 ended normally after ${dur}s"
	else
		echo "not ok $i $1 ended with exit status $2"
		fail=1
	fi
}
run stress-ng "$rc" "$log"
run "stress-ng as nobody" "$xrc" "$xlog"
exit $fail

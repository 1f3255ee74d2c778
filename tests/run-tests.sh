#!/bin/sh
# Run the test programs in /tests ($IA_TESTS, or all), kselftest style: a TAP 13 plan over
# the programs, each program's own TAP indented with "# ".
#
# Each program runs in a session of its own and is killed, with every
# task it started, after $IA_TIMEOUT seconds (default 300): a hang then
# costs one test, reported by name, not the whole boot.
cd /tests || exit 1
progs=${IA_TESTS:-$(cat /tests/list)}
limit=${IA_TIMEOUT:-300}
case $limit in
'' | *[!0-9]*)
	echo "Bail out! ia.timeout=$limit: want a number of seconds"
	exit 2
	;;
esac
n=$(echo $progs | wc -w)

# run_one TEST: run it as the leader of a new session, with a watchdog
# that kills the whole session at the limit; its exit status is the
# test's, and /tmp/timeout.TEST exists if the watchdog fired.
run_one() {
	setsid ./"$1" 2>&1 &
	pid=$!
	(sleep "$limit" && : >/tmp/timeout."$1" && kill -s KILL -- -"$pid") >/dev/null 2>&1 &
	dog=$!
	wait "$pid"
	rc=$?
	kill "$dog" 2>/dev/null
	# Whatever the test left behind goes too, so that the next one
	# starts on an idle machine.
	kill -s KILL -- -"$pid" 2>/dev/null
	return "$rc"
}

echo "TAP version 13"
echo "1..$n"
i=0
fail=0
for t in $progs; do
	i=$((i + 1))
	echo "# selftests: interactive: $t"
	t0=$(date +%s)
	{
		run_one "$t"
		echo $? >/tmp/rc.$t
	} | sed 's/^/# /'
	rc=$(cat /tmp/rc.$t 2>/dev/null || echo 1)
	echo "# $t: $(($(date +%s) - t0)) s"
	if [ -e /tmp/timeout.$t ]; then
		echo "not ok $i selftests: interactive: $t # TIMEOUT ${limit}s"
		fail=1
		continue
	fi
	case $rc in
	0) echo "ok $i selftests: interactive: $t" ;;
	4) echo "ok $i selftests: interactive: $t # SKIP" ;;
	*) echo "not ok $i selftests: interactive: $t # exit=$rc"; fail=1 ;;
	esac
done
exit $fail

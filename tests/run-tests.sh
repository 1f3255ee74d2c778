#!/bin/sh
# Run the test programs in /tests ($IA_TESTS, or all), kselftest style: a TAP 13 plan over
# the programs, each program's own TAP indented with "# ".
cd /tests || exit 1
# The boot_param test only makes sense on a boot made for it.
progs=${IA_TESTS:-$(cat /tests/list)}
n=$(echo $progs | wc -w)
echo "TAP version 13"
echo "1..$n"
i=0
fail=0
for t in $progs; do
	i=$((i + 1))
	echo "# selftests: interactive: $t"
	{
		./"$t" 2>&1
		echo $? >/tmp/rc.$t
	} | sed 's/^/# /'
	rc=$(cat /tmp/rc.$t 2>/dev/null || echo 1)
	case $rc in
	0) echo "ok $i selftests: interactive: $t" ;;
	4) echo "ok $i selftests: interactive: $t # SKIP" ;;
	*) echo "not ok $i selftests: interactive: $t # exit=$rc"; fail=1 ;;
	esac
done
exit $fail

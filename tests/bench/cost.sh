#!/bin/sh
# The guest side of make cost: under fair (sysctl 0) and under the class
# (sysctl 1), profile the functions that place a woken task and that
# pull or balance, while a wake-up heavy load runs beside hogs on every
# CPU, and print one line per scheduler and function:
#   COST sched=eevdf|ia func=F calls=N total_us=T
# (trace_stat/function<cpu> summed over the CPUs).
set -eu
PATH=/bench:/bin:/sbin:/usr/bin
knob=/proc/sys/kernel/sched_interactive
tr=/sys/kernel/tracing
funcs="select_task_rq_fair select_task_rq_interactive sched_balance_newidle balance_interactive sched_balance_domains interactive_balance"
mount -t tracefs nodev $tr 2>/dev/null || true
[ -w $tr/function_profile_enabled ] || { echo "cost: no function profiler in this kernel" >&2; exit 2; }
# One at a time: a name the kernel cannot trace (inlined, say) would
# fail the whole write; such a function reports no calls.
for f in $funcs; do
	echo $f >>$tr/set_ftrace_filter 2>/dev/null ||
		echo "cost: $f is not traceable in this kernel" >&2
done
ncpu=$(grep -c ^processor /proc/cpuinfo)
BENCH_LOOPS_PER_MS=$(calibrate | sed 's/^loops_per_ms=//')
export BENCH_LOOPS_PER_MS

for sched in eevdf ia; do
	case $sched in eevdf) echo 0 >$knob ;; ia) echo 1 >$knob ;; esac
	echo 0 >$tr/function_profile_enabled
	echo 1 >$tr/function_profile_enabled
	hog "$ncpu" 3000 >/dev/null &
	hackbench -p -g 4 -l 200 >/dev/null 2>&1
	wait
	echo 0 >$tr/function_profile_enabled
	cat $tr/trace_stat/function* | awk -v s=$sched '
		$2 ~ /^[0-9]+$/ && $4 == "us" { calls[$1] += $2; t[$1] += $3 }
		END { for (f in calls) printf "COST sched=%s func=%s calls=%d total_us=%.1f\n", s, f, calls[f], t[f] }'
done
echo 0 >$knob

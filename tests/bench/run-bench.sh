#!/bin/sh
# The benchmark inside the guest: each scenario under EEVDF (sysctl 0)
# and under the interactive class (sysctl 1), RUNS times, in the order
# EEVDF, class, EEVDF, class, ..., so that drift shows as a spread
# between runs rather than as a difference between the schedulers.
# With BENCH_SCHEDS="eevdf ia scx", on a kernel with sched_ext, each run
# has a third turn under scx_interactive, the estimator as a BPF
# scheduler (/bin/scx_interactive, started and stopped around it).
#
#   [BENCH_SCHEDS="eevdf ia scx"] run-bench.sh RUNS DURATION_MS WARMUP_MS SCENARIO...
#
# In the scenarios with the desktop tasks (audio, X, video), those run
# alone for WARMUP_MS first, uncounted, so that the estimator has learnt
# them when the load starts, as with a player that was running before
# the compile began; the load then runs for DURATION_MS.
#
# Prints one line per workload and run:
#   BENCH scenario=S sched=eevdf|ia|scx run=1..RUNS role=R key=value...
set -eu
PATH=/bench:/bin:/sbin:/usr/bin
knob=/proc/sys/kernel/sched_interactive
runs=$1
dur=$2
warm=$3
shift 3
case $runs in
'' | *[!0-9]* | 0) echo "run-bench: RUNS=$runs: want a number of runs" >&2; exit 2 ;;
esac
secs=$(( (dur + 999) / 1000 ))

[ -w "$knob" ] || { echo "run-bench: no $knob: not an interactive-class kernel" >&2; exit 2; }
echo 0 >"$knob"
scheds=${BENCH_SCHEDS:-eevdf ia}
scx_state=/sys/kernel/sched_ext/state
case " $scheds " in
*" scx "*)
	[ -r "$scx_state" ] || { echo "run-bench: no $scx_state: not a sched_ext kernel" >&2; exit 2; }
	command -v scx_interactive >/dev/null || { echo "run-bench: no scx_interactive in the image" >&2; exit 2; }
	;;
esac

# Wait up to 30 s for sched_ext's state to be $1.
scx_wait() {
	i=0
	until grep -q "^$1" "$scx_state"; do
		i=$((i + 1))
		if [ "$i" -gt 300 ]; then
			echo "run-bench: sched_ext not $1 after 30 s:" >&2
			cat /tmp/scx_interactive.log >&2
			exit 2
		fi
		usleep 100000
	done
}

# Run the scenarios that follow under $1: eevdf, ia or scx.
scx_pid=
use() {
	if [ -n "$scx_pid" ]; then
		# sched_ext ends a BPF scheduler that stalls a task or errs, and
		# EEVDF takes over: figures since then would not be its own.
		if ! grep -q '^enabled' "$scx_state" || ! kill -0 "$scx_pid" 2>/dev/null; then
			echo "run-bench: scx_interactive stopped during the run:" >&2
			cat /tmp/scx_interactive.log >&2
			exit 2
		fi
		kill "$scx_pid"
		wait "$scx_pid" || true
		scx_pid=
		scx_wait disabled
		echo "BENCH-INFO scx_interactive $(grep '^swaps=' /tmp/scx_interactive.log | tail -n 1)"
	fi
	case $1 in
	eevdf) echo 0 >"$knob" ;;
	ia) echo 1 >"$knob" ;;
	scx)
		echo 0 >"$knob"
		scx_interactive >/tmp/scx_interactive.log 2>&1 &
		scx_pid=$!
		scx_wait enabled
		;;
	*) echo "run-bench: unknown scheduler $1 in BENCH_SCHEDS" >&2; exit 2 ;;
	esac
}
BENCH_LOOPS_PER_MS=$(calibrate | sed 's/^loops_per_ms=//')
export BENCH_LOOPS_PER_MS
echo "BENCH-INFO loops_per_ms=$BENCH_LOOPS_PER_MS cpus=$(grep -c ^processor /proc/cpuinfo)"

# The disks: null_blk completes each request from a timer (deterministic),
# the virtio disk is a file on the host (realistic, not repeatable).
nullb=/dev/nullb0
vda=/dev/vda
# cyclictest keeps its figures in POSIX shared memory.
mkdir -p /dev/shm
mount -t tmpfs shm /dev/shm 2>/dev/null || true
[ -b "$nullb" ] || { echo "run-bench: no $nullb (CONFIG_BLK_DEV_NULL_BLK)" >&2; exit 2; }
iosched() {
	echo "$2" >"/sys/block/${1#/dev/}/queue/scheduler"
}
iosched "$nullb" none

# The desktop: audio (1 ms every 10 ms), X (0.5 to 4 ms of work at 10 to
# 60 ms intervals, waiting for input in between) and video (8 ms per
# frame at 25 frames per second).
desktop() {
	export BENCH_WARMUP_MS=$warm
	t=$((warm + dur))
	periodic audio "$t" 10000 1000 | sed 's/^name=audio/role=audio/' &
	periodic x "$t" 10000 500 60000 4000 7 | sed 's/^name=x/role=x/' &
	periodic video "$t" 40000 8000 | sed 's/^name=video/role=video/' &
	unset BENCH_WARMUP_MS
	usleep $((warm * 1000))
}
hogs() {
	hog 4 "$dur" | sed 's/^/role=hogs /' &
}

# cyclictest's wake-up latency, every 1 ms, with a histogram of 1 us
# buckets up to 10 ms: cyclictest-summary.awk reads from it how many
# wake-ups were later than 10 ms, and when the first of them was.
cyclic() {
	h=/tmp/cyclictest.hist
	if ! cyclictest -q -t 1 -i 1000 -D "$secs" -h 10000 --histfile="$h" >/dev/null 2>&1; then
		echo "role=cyclictest error=cyclictest_failed"
		return
	fi
	awk -v over=over_10ms -f /bench/cyclictest-summary.awk "$h"
}

# Context switches so far, all CPUs.
ctxt() {
	awk '$1 == "ctxt" { print $2 }' /proc/stat
}

scenario() {
	case "$1" in
	desktop) desktop ;;
	hogs) desktop; hogs ;;
	makej) desktop; makej 4 "$dur" "$nullb" 20000 64 3 | sed 's/^/role=makej /' & ;;
	# A make -j that waits on the disk more than it computes: 2 ms of
	# CPU per 5 ms read, still more than the CPU can give four jobs.
	makej_io) desktop; makej 4 "$dur" "$nullb" 2000 64 3 | sed 's/^/role=makej /' & ;;
	forkstorm) desktop; forkstorm "$dur" 200 | sed 's/^/role=forkstorm /' & ;;
	reader) reader "$dur" "$nullb" 64 | sed 's/^/role=reader /' & ;;
	reader_hogs) hogs; reader "$dur" "$nullb" 64 | sed 's/^/role=reader /' & ;;
	reader_hogs_bfq)
		iosched "$nullb" bfq
		hogs; reader "$dur" "$nullb" 64 | sed 's/^/role=reader /' &
		wait
		iosched "$nullb" none
		;;
	virtio_bfq)
		[ -b "$vda" ] || { echo "role=reader error=no_virtio_disk"; return; }
		iosched "$vda" bfq
		hogs; reader "$dur" "$vda" 64 | sed 's/^/role=reader /' &
		;;
	hackbench)
		c0=$(ctxt)
		t=$(hackbench -p -g 4 -l 100 2>&1 | sed -n 's/^Time: *\([0-9.]*\).*/\1/p')
		echo "role=hackbench seconds=$t switches=$(($(ctxt) - c0))"
		;;
	cyclictest)
		hogs
		cyclic &
		;;
	# The machine itself: how long a busy vCPU does not run (under
	# icount with several vCPUs, the others' turns).
	gap) gap "$dur" | sed 's/^/role=gap /' ;;
	pingpong)
		c0=$(ctxt)
		r=$(pingpong 20000)
		echo "role=pingpong $r switches=$(($(ctxt) - c0))"
		;;
	*) echo "run-bench: unknown scenario $1" >&2; exit 2 ;;
	esac
	wait
}

for s in "$@"; do
	run=0
	while [ "$run" -lt "$runs" ]; do
		run=$((run + 1))
		for sched in $scheds; do
			use "$sched"
			scenario "$s" | sed "s/^/BENCH scenario=$s sched=$sched run=$run /"
		done
	done
done
use eevdf

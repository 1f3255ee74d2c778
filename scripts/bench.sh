#!/bin/bash
# make bench: build each milestone of the series, boot it under QEMU
# icount at -smp 1 and -smp 2 (the last milestone, the whole series, at
# -smp 4 too), run every scenario RUNS times under EEVDF and under the
# class in that same boot (tests/bench/run-bench.sh), and write the
# results folder: results/DATE-COMMIT/ with bench.csv, the tables, the
# claims and the plots (scripts/bench-report.sh). Every milestone boots
# the same config, the test one. Then a boot of its own, labelled "scx",
# of the whole series on a kernel with sched_ext (config/scx.config)
# runs each scenario under EEVDF, the class and scx_interactive, the
# estimator as a BPF scheduler, at -smp 1 and -smp 2.
#
#   scripts/bench.sh        QUICK=1: fewer milestones, scenarios and CPUs
#
# ICOUNT sets the icount shift (default 2: 4 ns per instruction). RUNS
# (default 4, QUICK 3) is how many times each scenario runs: the report
# gives each figure's median and its range over the runs, and decides
# each claim on the range. The range of N runs holds the median of the
# figure's distribution with confidence 1 - 2/2^N: 75 % for 3 runs,
# 88 % for 4, 94 % for 5. The make bench of 5 runs in
# results/2026-12-04-b3a34e3 got the same verdict on each claim and
# target from its first 3, its first 4 and all 5 runs.
#
# The -smp 1 and -smp 2 boots of a milestone run side by side: under
# icount each QEMU runs its vCPUs in one host thread, and a guest's clock
# counts its instructions, so its figures do not depend on how fast the
# host runs it (but for the virtio disk's, which the host serves in real
# time). setup.txt's "elapsed:" line says how long a run took.
#
# The guests' output, from which bench.csv is made, is kept in
# $CACHE/bench-raw/RUN/ (bench.csv holds all of it that counts).
set -eu
. "$(dirname "$0")/lib.sh"

top=$(milestones | tail -n 1 | cut -d' ' -f2)
if [ "${QUICK:-0}" = 1 ]; then
	dur=2000 warm=2000 smps="1" top_smps="1" scx= runs=${RUNS:-3}
	want="o12.2 o13 o13.1 fixes latency $top"
	scenarios="desktop hogs makej_io reader reader_hogs hackbench pingpong"
else
	dur=3000 warm=2000 smps="1 2" top_smps="1 2 4" scx=1 runs=${RUNS:-4}
	want="baseline o12.2 o13 o13.1 fixes latency $top"
	scenarios="desktop hogs makej makej_io forkstorm reader reader_hogs reader_hogs_bfq virtio_bfq hackbench cyclictest pingpong gap"
fi
icount=${ICOUNT:-2}
case $runs in
'' | *[!0-9]* | 0 | 1) die "RUNS=$runs: want a number of runs, 2 or more" ;;
esac

commit=$(tree_commit)
# The folder is named by the hash alone (tree_commit may add words).
out=$TOP/results/$(date +%F)-${commit%% *}
[ "${QUICK:-0}" = 1 ] && out=$out-quick
rm -rf "$out"
mkdir -p "$out"
csv=$out/bench.csv
echo "milestone,smp,scenario,sched,run,role,metric,value" >"$csv"
cat >"$out/setup.txt" <<EOT
command: make bench${QUICK:+ QUICK=$QUICK}${RUNS:+ RUNS=$RUNS}
date: $(date -u '+%F %T UTC')
commit: $commit
tree: Debian linux-source-6.12 $(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null)
qemu: $(qemu-system-x86_64 --version | head -n 1), TCG, -icount shift=$icount,sleep=off,align=off
report: $(git -C "$TOP" log -1 --format=%h -- scripts/bench-report.sh 2>/dev/null)
runs: $runs of each scenario under each scheduler, interleaved
duration: $dur ms per scenario and run, after $warm ms of warm-up for the desktop tasks
milestones: $want${scx:+, and scx (the whole series on config/scx.config, with scx_interactive)}
smp: $smps, and $top_smps for $top
scenarios: $scenarios
EOT

stage=$CACHE/bench-root
"$TOP/scripts/bench-image.sh" "$stage"
# The realistic disk: a 64 MiB file on the host, as a virtio-blk device,
# read-only, so that the guests side by side may share it.
disk=$CACHE/bench-disk.img
[ -f "$disk" ] || head -c $((64 << 20)) /dev/urandom >"$disk"

# The guests' output, outside the results folder.
raw_dir=$CACHE/bench-raw/$(basename "$out")
rm -rf "$raw_dir"
mkdir -p "$raw_dir"

# Boot milestone $1 at -smp $2 on kernel build $3 with the schedulers
# $4, run the scenarios, and keep the guest's output in raw-$1-smp$2.txt.
# A boot with three schedulers runs half as long again, and one at -smp
# 4 twice as long: under icount all its vCPUs share one host thread.
boot() {
	local scale=$(($(echo $4 | wc -w) * ($2 > 2 ? $2 / 2 : 1)))
	say "$1, -smp $2 ($4): $scenarios"
	RUN_TAG=bench-smp$2 SMP=$2 ICOUNT=$icount MEM=512M \
		TIMEOUT=${TIMEOUT:-$((1500 * scale / 2))} \
		QEMU_ARGS="-drive file=$disk,if=virtio,format=raw,readonly=on" \
		APPEND="null_blk.irqmode=2 null_blk.completion_nsec=5000000 ia.milestone=$1" \
		"$TOP/scripts/run-cmd.sh" "$3" \
		"BENCH_SCHEDS='$4' /bench/run-bench.sh $runs $dur $warm $scenarios" "$stage" \
		>"$raw_dir/raw-$1-smp$2.txt"
}

# boots LABEL KERNEL SCHEDS SMP...: boot kernel build KERNEL at each CPU
# count side by side (under icount each guest's figures count its own
# instructions, whatever the host does beside it), and add the figures
# to bench.csv under LABEL.
boots() {
	local label=$1 kname=$2 scheds=$3 smp raw job jobs=()
	shift 3
	for smp in "$@"; do
		boot "$label" "$smp" "$kname" "$scheds" &
		jobs+=("$!:$smp")
	done
	for job in "${jobs[@]}"; do
		wait "${job%%:*}" && continue
		smp=${job#*:}
		echo "error: the $label boot at -smp $smp failed; see $raw_dir/raw-$label-smp$smp.txt and $CACHE/build-$kname/console-cmd-bench-smp$smp.log" >&2
		failed="$failed $label/smp$smp"
	done
	for smp in "$@"; do
		raw=$raw_dir/raw-$label-smp$smp.txt
		# BENCH scenario=S sched=X run=N role=R k=v ... -> one CSV row per k=v.
		awk -v m="$label" -v smp="$smp" '$1 == "BENCH" {
			delete f
			for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
			for (i = 2; i <= NF; i++) {
				split($i, kv, "=")
				if (kv[1] ~ /^(scenario|sched|run|role|name)$/) continue
				printf "%s,%s,%s,%s,%s,%s,%s,%s\n", m, smp, f["scenario"],
					f["sched"], f["run"], f["role"], kv[1], kv[2]
			}
		}' "$raw" >>"$csv"
	done
}

start=$(date +%s)
failed=
while read -r patch name; do
	case " $want " in *" $name "*) ;; *) continue ;; esac
	"$TOP/scripts/apply-series.sh" "$patch"
	"$TOP/scripts/build-kernel.sh" qemu >/dev/null
	if [ "$name" = "$top" ]; then
		# shellcheck disable=SC2086
		boots "$name" qemu "eevdf ia" $top_smps
	else
		# shellcheck disable=SC2086
		boots "$name" qemu "eevdf ia" $smps
	fi
done <<EOF_M
$(milestones)
EOF_M
# scx_interactive: the whole series, whose last patch (tools/sched_ext)
# changes no kernel code, on a kernel with sched_ext, and the loader in
# its image (scripts/mkinitramfs.sh).
if [ -n "$scx" ]; then
	"$TOP/scripts/apply-series.sh"
	"$TOP/scripts/build-kernel.sh" scx "$TOP/config/scx.config" >/dev/null
	"$TOP/scripts/build-scx.sh" scx >/dev/null
	# shellcheck disable=SC2086
	boots scx scx "eevdf ia scx" $smps
fi
"$TOP/scripts/apply-series.sh" >/dev/null
echo "elapsed: $(($(date +%s) - start)) s" >>"$out/setup.txt"

"$TOP/scripts/bench-report.sh" "$out"
# results/latest names the last full run, which README.md and the cover
# letter of make mail show.
[ "${QUICK:-0}" = 1 ] || ln -sfn "$(basename "$out")" "$TOP/results/latest"
say "results in $out (took $(($(date +%s) - start)) s)"
[ -z "$failed" ] || die "these boots did not finish:$failed"

#!/bin/bash
# Build scx_interactive, the estimator as a sched_ext scheduler
# (tools/sched_ext in the patched tree), against the BTF of kernel build
# NAME, and link it statically for the busybox guest. Prints the
# binary's path on the last line.
#
#   scripts/build-scx.sh NAME     (NAME: $CACHE/build-NAME, with sched_ext)
#
# clang-16 compiles the BPF side (tools/sched_ext wants 16 or later);
# the tree's own libbpf and bpftool are built with it, out of tree.
set -eu
. "$(dirname "$0")/lib.sh"

name=${1:?usage: build-scx.sh NAME}
kbuild=$CACHE/build-$name
[ -f "$SRC/tools/sched_ext/scx_interactive.bpf.c" ] ||
	die "$SRC has no tools/sched_ext/scx_interactive.bpf.c: apply the whole series (scripts/apply-series.sh)"
[ -f "$kbuild/vmlinux" ] || die "$kbuild/vmlinux not found: build the kernel first"
grep -q '^CONFIG_SCHED_CLASS_EXT=y' "$kbuild/.config" ||
	die "$kbuild has no CONFIG_SCHED_CLASS_EXT: build it with config/scx.config"
for tool in clang-16 llvm-strip-16; do
	command -v "$tool" >/dev/null ||
		die "$tool not found: apt-get install clang-16 llvm-16 (make deps installs them)"
done

out=$kbuild/scx-tools
mkdir -p "$out"
log=$out/build.log
say "building scx_interactive in $out"
# The tools Makefile links it against the shared libelf; it is linked
# again, statically, for the guest, which has no shared libraries.
obj=$out/build/obj
bin=$out/build/bin/scx_interactive
if ! { make -C "$SRC/tools/sched_ext" O="$out" CLANG=clang-16 LLVM_STRIP=llvm-strip-16 \
	VMLINUX_BTF="$kbuild/vmlinux" -j"$(($(nproc) + 1))" scx_interactive &&
	gcc -static -o "$bin" "$obj/sched_ext/scx_interactive.o" "$obj/libbpf/libbpf.a" \
		-lelf -lz -lzstd -lpthread; } >"$log" 2>&1; then
	grep -E "error|Error" "$log" | head -n 20 >&2
	die "scx_interactive build failed: see $log"
fi
echo "$bin"

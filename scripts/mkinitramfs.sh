#!/bin/bash
# Build the guest image: busybox, the init script, the test programs
# (statically linked), and optionally the files of a folder and a command.
#
#   scripts/mkinitramfs.sh OUT.cpio.gz [ADD_DIR] [CMD]
#
# ADD_DIR/x lands at /x. CMD is written to /etc/ia-cmd for ia.mode=cmd.
# The archive is made with the kernel's own gen_init_cpio, from the build
# folder named by $KBUILD (default $CACHE/build-qemu), so that device nodes
# need no root.
set -eu
. "$(dirname "$0")/lib.sh"

out=${1:?usage: mkinitramfs.sh OUT.cpio.gz [ADD_DIR] [CMD]}
add=${2:-}
cmd=${3:-}
kbuild=${KBUILD:-$CACHE/build-qemu}
gen=$kbuild/usr/gen_init_cpio
[ -x "$gen" ] || die "$gen not found: build the kernel first"
[ -x /bin/busybox ] || die "/bin/busybox not found: apt-get install busybox-static"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# Against the tree's scx_interactive.h, where the series has added it.
scx_inc=
[ ! -f "$SRC/tools/sched_ext/scx_interactive.h" ] || scx_inc=$SRC/tools/sched_ext
make -s -C "$TOP/tests" OUT="$stage/tests" SCX_INC="$scx_inc" >&2 ||
	die "building the guest tests failed"

list=$stage/list
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "nod /dev/null 0666 0 0 c 1 3"
	for d in /bin /sbin /etc /proc /sys /tmp /root /tests /home /home/nobody /mnt /run; do
		echo "dir $d 0755 0 0"
	done
	echo "file /bin/busybox /bin/busybox 0755 0 0"
	echo "slink /bin/sh /bin/busybox 0777 0 0"
	echo "file /init $TOP/initramfs/init 0755 0 0"
	echo "file /etc/passwd $TOP/initramfs/passwd 0644 0 0"
	echo "file /etc/group $TOP/initramfs/group 0644 0 0"
	for f in "$stage"/tests/*; do
		echo "file /tests/$(basename "$f") $f 0755 0 0"
	done
	# scx_interactive, where scripts/build-scx.sh built it for this kernel.
	scx=$kbuild/scx-tools/build/bin/scx_interactive
	[ ! -x "$scx" ] || echo "file /bin/scx_interactive $scx 0755 0 0"
	if [ -n "$cmd" ]; then
		printf '%s\n' "$cmd" >"$stage/ia-cmd"
		echo "file /etc/ia-cmd $stage/ia-cmd 0644 0 0"
	fi
	if [ -n "$add" ]; then
		[ -d "$add" ] || die "ADD=$add is not a folder"
		(cd "$add" && find . -mindepth 1 | sort) | while IFS= read -r f; do
			f=${f#./}
			if [ -L "$add/$f" ]; then
				echo "slink /$f $(readlink "$add/$f") 0777 0 0"
			elif [ -d "$add/$f" ]; then
				echo "dir /$f 0755 0 0"
			else
				echo "file /$f $add/$f $(stat -c %a "$add/$f") 0 0"
			fi
		done
	fi
} >"$list"

"$gen" "$list" | gzip -1 >"$out"

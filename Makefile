# The user's front door. See README.md.
#
#   make qemu-test   build the patched kernel and run the guest tests (SMP=2)
#   make check       everything that gates a change: series, checkpatch, tests
#   make check-series build and boot the tree after every patch
#   make mail        the series as [PATCH n/m] mails with a cover letter, in mail/
#   make bench       EEVDF and each milestone under icount (QUICK=1: a short set)
#   make cost        what placing a wake-up and a balance cost, against fair, at -smp 8
#   make stress      the debug kernel under stress-ng and a switch storm
#   make readme      copy the saved figures under results/ into README.md
#   make qemu        boot the kernel to a busybox shell
#   make qemu-scx    boot a kernel with sched_ext to a shell, with /bin/scx_interactive
#   make qemu-run CMD='...' [ADD=DIR]   run a command in the guest
#   make clean       remove the build folders (the ccache stays)
#
# Common settings: SMP= MEM= APPEND= ICOUNT= TIMEOUT= CACHE=

SHELL := /bin/bash
SMP ?= 2
MEM ?= 512M
APPEND ?=
ICOUNT ?=
CMD ?=
QUICK ?=
RUNS ?=
ADD ?=
# Where the tree and the builds live (scripts/lib.sh has the same default).
CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/sched-interactive
export SMP MEM APPEND ICOUNT CACHE QUICK RUNS

.PHONY: all deps series kernel initramfs qemu-test check check-series mail bench cost stress readme qemu qemu-scx qemu-run clean

all: qemu-test

deps:
	@scripts/deps.sh

series: deps
	@scripts/apply-series.sh

kernel: series
	@scripts/build-kernel.sh qemu >/dev/null

qemu-test: kernel
	@scripts/run-tests.sh qemu

check: deps
	@scripts/check.sh

check-series: series
	@scripts/check-series.sh

mail: series
	@scripts/mail.sh

bench:
	@scripts/deps.sh rt-tests gnuplot-nox
	@scripts/bench.sh

cost:
	@scripts/deps.sh rt-tests
	@SMP=$(if $(filter command line environment,$(origin SMP)),$(SMP),8) scripts/cost.sh

stress:
	@scripts/deps.sh stress-ng dwarves
	@scripts/stress.sh

readme:
	@scripts/readme-results.sh

qemu: kernel
	@scripts/mkinitramfs.sh "$(CACHE)/shell.cpio.gz" "$(ADD)"
	@scripts/qemu.sh "$(CACHE)/build-qemu/arch/x86/boot/bzImage" "$(CACHE)/shell.cpio.gz" shell

qemu-scx: series
	@scripts/build-kernel.sh scx config/scx.config >/dev/null
	@scripts/build-scx.sh scx >/dev/null
	@KBUILD="$(CACHE)/build-scx" scripts/mkinitramfs.sh "$(CACHE)/shell-scx.cpio.gz" "$(ADD)"
	@scripts/qemu.sh "$(CACHE)/build-scx/arch/x86/boot/bzImage" "$(CACHE)/shell-scx.cpio.gz" shell

qemu-run: kernel
	@[ -n "$(CMD)" ] || { echo "error: give the command to run, CMD='...'" >&2; exit 2; }
	@scripts/run-cmd.sh qemu "$(CMD)" "$(ADD)"

clean:
	rm -rf "$(CACHE)"/build-* tests/out

#!/bin/bash
# Fail when README.md or docs/*.md names a path, a make target or a make
# variable that does not exist, so that the documentation cannot drift
# from the repository unseen. Looked at:
#
#   paths      each word of a `code span` or of a code block whose first
#              part is a top-level entry of the repository (scripts/x.sh,
#              config/, series); a word with * must match something, one
#              with a <placeholder> is checked up to it, and a test named
#              as tests/NAME may be tests/NAME.c or tests/NAME.sh (write
#              a path of the kernel tree as <tree>/scripts/...); and the
#              target of each relative Markdown link [text](path), from
#              the document's own folder
#   targets    the words of a make command (a code span or a code-block
#              line that starts with "make") that are not options or
#              VAR=value: each must be a target of the Makefile, or of
#              tests/Makefile with "-C tests" (a make of another tree,
#              "-C <tree>", is not looked at)
#   variables  VAR in VAR=value of such a command: that Makefile (or, for
#              the top one, a script it runs, which reads it from the
#              environment) must use it
#
#   scripts/check-paths.sh [--root DIR] [DOC...]
#
# DOCs are relative to the root (default: the repository's top) and are
# README.md and docs/*.md unless named. One FAIL line per missing name,
# or one PASS line; exits non-zero on any FAIL.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --root ]; then
	root=$(cd "${2:?usage: check-paths.sh [--root DIR] [DOC...]}" && pwd)
	shift 2
fi
cd "$root"
if [ $# = 0 ]; then
	set -- README.md
	for d in docs/*.md; do [ -f "$d" ] && set -- "$@" "$d"; done
fi

# The top-level entries a repository path starts with.
tops=
for f in * .[!.]*; do
	[ -e "$f" ] && [ "$f" != .git ] && tops="$tops $f"
done
# make's targets of a Makefile, from its database (nothing is run).
targets_of() {
	make -C "$1" -npq .DEFAULT 2>/dev/null |
		awk -F: '/^# Not a target/ { skip = 1; next }
		/^[a-zA-Z0-9][^$#\/\t=]*:([^=]|$)/ && !skip { n = split($1, a, " "); for (i = 1; i <= n; i++) print a[i] }
		{ skip = 0 }' | sort -u
}
top_targets=$(targets_of .)
tests_targets=
[ -f tests/Makefile ] && tests_targets=$(targets_of tests)

# Every name each document gives, as "KIND<TAB>DOC:LINE<TAB>NAME[<TAB>DIR]":
# path, link (relative to the document's folder), target and var (with
# the folder of their Makefile).
names() {
	awk -v tops="$tops" '
	BEGIN { n = split(tops, t, " "); for (i = 1; i <= n; i++) top[t[i]] = 1 }
	FNR == 1 { fence = 0; prev = ""; doc = FILENAME; dir = doc; if (!sub(/\/[^\/]*$/, "", dir)) dir = "." }
	# Split a shell-like line into words, keeping quoted parts whole.
	function words(s, w,   n, c, cur, q, i) {
		n = 0; cur = ""; q = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (q != "") { if (c == q) q = ""; else cur = cur c; continue }
			if (c == "\047" || c == "\"") { q = c; continue }
			if (c == " " || c == "\t") { if (cur != "") w[++n] = cur; cur = ""; continue }
			cur = cur c
		}
		if (cur != "") w[++n] = cur
		return n
	}
	function path(word,   first) {
		sub(/^[(\[]+/, "", word); sub(/[.,;:)\]]+$/, "", word)
		if (word ~ /^(\/|~|\$|-)/ || word == "") return
		first = word; sub(/\/.*/, "", first)
		if (!(first in top)) return
		printf "path\t%s:%d\t%s\n", doc, FNR, word
	}
	function makecmd(s,   w, n, i, mdir) {
		if (quoted) return
		n = words(s, w)
		if (w[1] != "make") return
		mdir = "."
		for (i = 2; i <= n; i++) {
			if (w[i] ~ /^(#|;|&&|\|\||\||>|<)/) break
			if (w[i] == "-C") { mdir = w[++i]; continue }
			if (w[i] ~ /^-/) continue
			if (w[i] ~ /^[A-Za-z_][A-Za-z0-9_]*=/) {
				sub(/=.*/, "", w[i]); printf "var\t%s:%d\t%s\t%s\n", doc, FNR, w[i], mdir
				continue
			}
			printf "target\t%s:%d\t%s\t%s\n", doc, FNR, w[i], mdir
		}
	}
	# A block from results/ quotes the output of a program, which may start
	# with "make" without being a command: its paths are checked, its
	# make commands are not.
	/^<!-- from [^ ]+ -->$/ { quoted = 1 }
	/^<!-- end -->$/ { quoted = 0 }
	/^[ \t]*```/ { fence = !fence; prev = "fence"; next }
	{
		line = $0
		# An indented code block follows a blank line (or is one):
		# an indented line after text continues that text.
		code = fence || (line ~ /^(    |\t)/ && (prev == "blank" || prev == "code"))
		prev = line ~ /^[ \t]*$/ ? "blank" : (code ? "code" : "text")
		if (code) {
			n = split(line, w, /[ \t]+/)
			for (i = 1; i <= n; i++) path(w[i])
			s = line; sub(/^[ \t]+/, "", s)
			makecmd(s)
			next
		}
		# Code spans.
		s = line
		while (match(s, /`[^`]+`/)) {
			span = substr(s, RSTART + 1, RLENGTH - 2)
			s = substr(s, RSTART + RLENGTH)
			m = split(span, w, /[ \t]+/)
			for (i = 1; i <= m; i++) path(w[i])
			makecmd(span)
		}
		# Relative links: [text](target).
		s = line
		while (match(s, /\]\([^) ]+\)/)) {
			l = substr(s, RSTART + 2, RLENGTH - 3)
			s = substr(s, RSTART + RLENGTH)
			if (l ~ /^([a-z]+:|#)/) continue
			sub(/#.*/, "", l)
			printf "link\t%s:%d\t%s\t%s\n", doc, FNR, l, dir
		}
	}' "$@"
}

fail=0 npath=0 ntarget=0 nvar=0
while IFS=$'\t' read -r kind where name dir; do
	case $kind in
	path)
		npath=$((npath + 1))
		p=${name%%<*}
		# shellcheck disable=SC2086
		case $p in
		*'*'*) compgen -G "$p" >/dev/null && continue ;;
		*) [ -e "$p" ] || [ -L "$p" ] || [ -f "$p.c" ] || [ -f "$p.sh" ] && continue ;;
		esac
		echo "FAIL paths: $where names \`$name\`, which is not in the repository"
		fail=1
		;;
	link)
		npath=$((npath + 1))
		[ -e "$dir/$name" ] && continue
		echo "FAIL paths: $where links to $name, which is not in the repository"
		fail=1
		;;
	target)
		case $dir in
		.) have=$top_targets ;;
		tests) have=$tests_targets ;;
		*) continue ;;
		esac
		ntarget=$((ntarget + 1))
		echo "$have" | grep -qxF -- "$name" && continue
		mk=Makefile
		[ "$dir" = . ] || mk=$dir/Makefile
		echo "FAIL paths: $where names the make target $name, which $mk does not have"
		fail=1
		;;
	var)
		case $dir in
		.) files="Makefile scripts/*.sh" ;;
		tests) files=tests/Makefile ;;
		*) continue ;;
		esac
		nvar=$((nvar + 1))
		# shellcheck disable=SC2086
		grep -Eq "(\\\$\\(|\\\$\\{|\\\$)$name([^A-Za-z0-9_]|\$)|^(export )?$name *[?:]?=" $files 2>/dev/null && continue
		mk=Makefile
		[ "$dir" = . ] || mk=$dir/Makefile
		echo "FAIL paths: $where sets $name= on a make command line, which neither $mk nor what it runs reads"
		fail=1
		;;
	esac
done < <(names "$@")

[ "$fail" = 0 ] || exit 1
echo "PASS paths: $*: every path ($npath), make target ($ntarget) and make variable ($nvar) named exists"

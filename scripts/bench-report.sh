#!/bin/bash
# Turn a results folder's bench.csv into the report: summary.md (the
# main figures at -smp 1), table.md (every figure, milestone x scenario x
# EEVDF/class: the median of its runs and their range), three.md (the
# scx boot under EEVDF, the class and scx_interactive),
# repeat.md (how far each kind of figure spreads over its runs),
# claims.md (the 2003 claims and the targets, each decided on the
# ranges: it holds, it does not, or the ranges overlap and it is within
# noise), targets.md (the targets tables alone, without headings, for the
# top README.md), two plots (deadlines.png, p99.png), headline.md (the
# run in one line, for the top README.md) and README.md, which puts them
# together.
#
#   scripts/bench-report.sh RESULTS_DIR
#
# Two files of the folder are written by hand, and read here:
#   marks.txt    a column of summary.md and three.md measured before a
#                later change to what it measures: "COLUMN<TAB>why" per
#                line (# starts a comment). The column's head is marked,
#                and the why printed under each table.
#   analysis.md  what the figures say; README.md links it.
# The line "report:" of setup.txt names the commit of this script that
# wrote the tables (bench.sh writes it; a later run of this script on the
# folder writes it again).
set -eu
. "$(dirname "$0")/lib.sh"

dir=${1:?usage: bench-report.sh RESULTS_DIR}
csv=$dir/bench.csv
[ -f "$csv" ] || die "no $csv"
[ "$(wc -l <"$csv")" -gt 1 ] || die "$csv has no figures"

# The commit of this script, with " plus uncommitted changes" if it
# differs from it.
report=$(git -C "$TOP" log -1 --format=%h -- scripts/bench-report.sh 2>/dev/null || true)
git -C "$TOP" diff --quiet HEAD -- scripts/bench-report.sh 2>/dev/null ||
	report="$report plus uncommitted changes"
if [ -f "$dir/setup.txt" ]; then
	sed -i '/^report: /d' "$dir/setup.txt"
	echo "report: ${report:-unknown}" >>"$dir/setup.txt"
fi

# marks.txt as "COLUMN<TAB>(x) COLUMN: why" lines, x = a, b, ...
marks=$(awk -F'\t' '/^#/ || NF < 2 { next }
	{ printf "%s\t(%c) %s: %s\n", $1, 96 + ++n, $1, $2 }' "$dir/marks.txt" 2>/dev/null || true)
# A column's head, marked if marks.txt names it.
markfn='
function head(c,   i, n, l, f) {
	n = split(marks, l, "\n")
	for (i = 1; i <= n; i++) {
		split(l[i], f, "\t")
		if (f[1] == c) return c " " substr(f[2], 1, 3)
	}
	return c
}
function marknotes(   i, n, l, f) {
	n = split(marks, l, "\n")
	for (i = 1; i <= n; i++) {
		split(l[i], f, "\t")
		if (f[2] != "") printf "\n%s\n", f[2]
	}
}'

# Shared awk: load the CSV. A figure is (smp, milestone, scenario, role,
# metric, sched); v[k, i] holds its n[k] values, w[k, run] the value of
# each run, so that two figures of one run can be added. The milestones
# are the columns, in the order they ran; "scx" is not one of them but
# the boot of the whole series on a kernel with sched_ext, with
# scx_interactive (three.md, and the last column of summary.md).
load='
BEGIN { FS = "," }
NR == 1 { next }
{
	k = $2 SUBSEP $1 SUBSEP $3 SUBSEP $6 SUBSEP $7 SUBSEP $4
	v[k, ++n[k]] = $8 + 0; w[k, $5] = $8 + 0
	if ($5 + 0 > nruns) nruns = $5 + 0
	if ($1 != "scx" && !($1 in ms)) { ms[$1] = ++nms; mlist[nms] = $1 }
	rk = $2 SUBSEP $3 SUBSEP $6 SUBSEP $7
	if (!(rk in rows)) { rows[rk] = ++nrows; rlist[nrows] = rk }
	if (!($2 in smps)) { smps[$2] = ++nsmp; slist[nsmp] = $2 }
}
function key(smp, mi, sc, role, met, sched) {
	return smp SUBSEP mi SUBSEP sc SUBSEP role SUBSEP met SUBSEP sched
}
# Sort a[1..c] in place (insertion sort: a few values at a time).
function isort(a, c,   i, j, t) {
	for (i = 2; i <= c; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
}
# The median of the runs of figure k, and their lowest and highest
# value; "" where the figure was not measured.
function med(k,   a, i, c) {
	if (!(k in n)) return ""
	c = n[k]
	for (i = 1; i <= c; i++) a[i] = v[k, i]
	isort(a, c)
	return c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
}
function lo(k,   i, x) {
	if (!(k in n)) return ""
	x = v[k, 1]
	for (i = 2; i <= n[k]; i++) if (v[k, i] < x) x = v[k, i]
	return x
}
function hi(k,   i, x) {
	if (!(k in n)) return ""
	x = v[k, 1]
	for (i = 2; i <= n[k]; i++) if (v[k, i] > x) x = v[k, i]
	return x
}
# The spread of figure k: its range over its median, 0 .. 1 and more.
function spread(k,   m) {
	m = med(k); m = m < 0 ? -m : m
	if (m == 0) return hi(k) == lo(k) ? 0 : 1
	return (hi(k) - lo(k)) / m
}
function abs(x) { return x < 0 ? -x : x }
function fmt(x) {
	if (x == "") return "-"
	return (x >= 100 || x <= -100) ? sprintf("%.0f", x) : sprintf("%.3g", x)
}
# "median (lowest-highest)", or the median alone when all runs agree.
function cell(k) {
	if (!(k in n)) return "-"
	if (fmt(lo(k)) == fmt(hi(k))) return fmt(med(k))
	return sprintf("%s (%s-%s)", fmt(med(k)), fmt(lo(k)), fmt(hi(k)))
}
'

# The full table, one per CPU count.
awk "$load"'
END {
	printf "Median of %d runs per figure, and in brackets the lowest and the highest run where they differ.\n", nruns
	for (si = 1; si <= nsmp; si++) {
		smp = slist[si]
		printf "\n### -smp %s\n\n| scenario | workload | figure |", smp
		for (i = 1; i <= nms; i++) printf " %s EEVDF | %s class |", mlist[i], mlist[i]
		printf "\n|---|---|---|"
		for (i = 1; i <= nms; i++) printf "---:|---:|"
		printf "\n"
		for (r = 1; r <= nrows; r++) {
			split(rlist[r], p, SUBSEP)
			if (p[1] != smp) continue
			if (p[4] ~ /^(events|hogs|jobs|rounds|lat_min_us)$/) continue
			printf "| %s | %s | %s |", p[2], p[3], p[4]
			for (i = 1; i <= nms; i++) {
				printf " %s |", cell(key(smp, mlist[i], p[2], p[3], p[4], "eevdf"))
				printf " %s |", cell(key(smp, mlist[i], p[2], p[3], p[4], "ia"))
			}
			printf "\n"
		}
	}
}' "$csv" >"$dir/table.md"

# The three schedulers of the scx boot, one table per CPU count: EEVDF,
# the class and scx_interactive (the estimator as a BPF scheduler), where
# the run has it.
awk -v marks="$marks" "$load$markfn"'
END {
	last = "scx"
	for (k in n) { split(k, p, SUBSEP); if (p[6] == "scx") have = 1 }
	if (!have) { print "scx_interactive was not in this run."; exit }
	printf "The whole series on a kernel with sched_ext (config/scx.config), in one boot: median of %d runs per figure, and in brackets the lowest and the highest run where they differ.\n", nruns
	marknotes()
	for (si = 1; si <= nsmp; si++) {
		smp = slist[si]
		printf "\n### -smp %s\n\n| scenario | workload | figure | EEVDF | class | %s |\n|---|---|---|---:|---:|---:|\n", smp, head("scx_interactive")
		for (r = 1; r <= nrows; r++) {
			split(rlist[r], p, SUBSEP)
			if (p[1] != smp) continue
			if (p[4] ~ /^(events|hogs|jobs|rounds|lat_min_us)$/) continue
			if (!(key(smp, last, p[2], p[3], p[4], "scx") in n)) continue
			printf "| %s | %s | %s | %s | %s | %s |\n", p[2], p[3], p[4],
				cell(key(smp, last, p[2], p[3], p[4], "eevdf")),
				cell(key(smp, last, p[2], p[3], p[4], "ia")),
				cell(key(smp, last, p[2], p[3], p[4], "scx"))
		}
	}
}' "$csv" >"$dir/three.md"

# How far each kind of figure spreads over its runs: per metric, how
# many figures there are, the median of their spreads (range over
# median) and how many stay within 5 %, 10 % and 25 %. The virtio-blk
# disk is left out: it is a file on the host, and does not repeat.
awk "$load"'
END {
	for (k in n) {
		split(k, p, SUBSEP)
		if (p[5] ~ /^(events|hogs|jobs|rounds)$/ || p[3] == "virtio_bfq") continue
		met = p[5]
		if (!(met in cnt)) mets[++nmet] = met
		sp[met, ++cnt[met]] = spread(k)
		if (spread(k) <= 0.05) in5[met]++
		if (spread(k) <= 0.10) in10[met]++
		if (spread(k) <= 0.25) in25[met]++
		all++; if (spread(k) <= 0.05) all5++
	}
	isort(mets, nmet)
	printf "Spread of a figure: (highest run - lowest run) / median, over %d runs.\n", nruns
	printf "Over all %d figures (the virtio-blk disk left out), %d are within 5 %%.\n\n", all, all5
	print "| figure | figures | median spread | within 5 % | within 10 % | within 25 % |"
	print "|---|---:|---:|---:|---:|---:|"
	for (i = 1; i <= nmet; i++) {
		met = mets[i]; c = cnt[met]
		for (a = 1; a <= c; a++) x[a] = sp[met, a]
		isort(x, c)
		m = c % 2 ? x[(c + 1) / 2] : (x[c / 2] + x[c / 2 + 1]) / 2
		printf "| %s | %d | %.1f %% | %d | %d | %d |\n", met, c, 100 * m, in5[met], in10[met], in25[met]
	}
}' "$csv" >"$dir/repeat.md"

# The summary for README.md: the main figures at -smp 1, EEVDF from the
# last milestone's boot beside the class at each milestone, each as its
# median and range.
awk -v marks="$marks" "$load$markfn"'
END {
	nw = split("desktop audio deadlines_met|desktop x deadlines_met|desktop video deadlines_met|" \
		"hogs audio deadlines_met|hogs audio lat_p99_us|hogs x deadlines_met|hogs x lat_p99_us|" \
		"hogs video deadlines_met|hogs hogs loops_per_s|" \
		"makej_io audio deadlines_met|makej_io x deadlines_met|makej_io makej mb_per_s|" \
		"makej audio deadlines_met|makej x deadlines_met|makej makej loops_per_s|" \
		"forkstorm audio deadlines_met|forkstorm forkstorm forks_per_s|" \
		"reader reader mb_per_s|reader_hogs reader mb_per_s|reader_hogs_bfq reader mb_per_s|" \
		"hackbench hackbench seconds|hackbench hackbench switches|pingpong pingpong ns_per_switch|" \
		"cyclictest cyclictest lat_avg_us|cyclictest cyclictest lat_max_us|cyclictest cyclictest over_10ms", want, "|")
	last = mlist[nms]
	for (k in n) { split(k, p, SUBSEP); if (p[6] == "scx") scx = 1 }
	printf "| scenario | workload | figure | EEVDF |"
	for (i = 1; i <= nms; i++) printf " %s |", mlist[i]
	if (scx) printf " %s |", head("scx_interactive")
	printf "\n|---|---|---|---:|"
	for (i = 1; i <= nms; i++) printf "---:|"
	if (scx) printf "---:|"
	printf "\n"
	for (r = 1; r <= nw; r++) {
		split(want[r], p, " ")
		e = key(1, last, p[1], p[2], p[3], "eevdf")
		if (!(e in n)) continue
		printf "| %s | %s | %s | %s |", p[1], p[2], p[3], cell(e)
		for (i = 1; i <= nms; i++) printf " %s |", cell(key(1, mlist[i], p[1], p[2], p[3], "ia"))
		if (scx) printf " %s |", cell(key(1, "scx", p[1], p[2], p[3], "scx"))
		printf "\n"
	}
	marknotes()
}' "$csv" >"$dir/summary.md"

# The claims of the 2003 mails, at -smp 1, and the targets, at the top
# milestone and each CPU count, each decided
# on the range of its figures over the runs: it holds when the whole
# range says so, does not hold when the whole range says not, and is
# within noise when the ranges overlap the line.
awk "$load"'
function K(mi, sc, role, met, sched) { return key(1, mi, sc, role, met, sched) }
function have(k) { return k in n }
# Three-valued comparisons of ranges: 1 holds, 0 does not, 2 noise.
# ge: [alo, ahi] >= [blo, bhi]; lt: [alo, ahi] < [blo, bhi].
function ge(alo, ahi, blo, bhi) { return alo >= bhi ? 1 : (ahi < blo ? 0 : 2) }
function lt(alo, ahi, blo, bhi) { return ahi < blo ? 1 : (alo >= bhi ? 0 : 2) }
function and3(a, b) { return (a == 0 || b == 0) ? 0 : ((a == 1 && b == 1) ? 1 : 2) }
function or3(a, b) { return (a == 1 || b == 1) ? 1 : ((a == 0 && b == 0) ? 0 : 2) }
# The range over the runs of the sum of two figures measured together.
function sumlo(ka, kb,   r, x, y) {
	x = ""
	for (r = 1; r <= nruns; r++)
		if (((ka, r) in w) && ((kb, r) in w) && (x == "" || w[ka, r] + w[kb, r] < x))
			x = w[ka, r] + w[kb, r]
	return x
}
function sumhi(ka, kb,   r, x) {
	x = ""
	for (r = 1; r <= nruns; r++)
		if (((ka, r) in w) && ((kb, r) in w) && (x == "" || w[ka, r] + w[kb, r] > x))
			x = w[ka, r] + w[kb, r]
	return x
}
function srange(a, b) { return a == b ? fmt(a) : sprintf("%s-%s", fmt(a), fmt(b)) }
function row(claim, ok, figs) {
	if (ok == "") figs = "not in this run"
	printf "| %s | %s | %s |\n", claim,
		ok == "" ? "not measured" : (ok == 1 ? "holds" : (ok == 0 ? "does not hold" : "within noise")), figs
}
# One figure at -smp s, milestone m, the class or EEVDF.
function T(s, m, sc, role, met, sched) { return key(s, m, sc, role, met, sched) }
# A "meets at least pct %" row for a desktop task in a scenario.
function deadline_row(s, m, sc, role, pct, what,   c, e) {
	c = T(s, m, sc, role, "deadlines_met", "ia"); e = T(s, m, sc, role, "deadlines_met", "eevdf")
	row(what, have(c) ? ge(lo(c), hi(c), pct, pct) : "", sprintf("%s %% (EEVDF %s %%)", cell(c), cell(e)))
}
# A "the class costs at most 1.0x EEVDF" row, lower being better.
function cost_row(s, m, sc, met, unit, what,   c, e) {
	c = T(s, m, sc, sc, met, "ia"); e = T(s, m, sc, sc, met, "eevdf")
	row(what, have(c) && have(e) ? ge(lo(e), hi(e), lo(c), hi(c)) : "",
	    sprintf("%s %s vs %s %s (medians %sx)", cell(c), unit, cell(e), unit, med(e) > 0 ? sprintf("%.2f", med(c) / med(e)) : "-"))
}
# A "the 4 hogs total throughput within 5 % of EEVDF" row, in scenario sc.
function hogs_row(s, m, sc, what,   h, he) {
	h = T(s, m, sc, "hogs", "loops_per_s", "ia"); he = T(s, m, sc, "hogs", "loops_per_s", "eevdf")
	row("the 4 hogs total throughput, " what ", within 5 % of EEVDF",
	    have(h) && have(he) ? and3(ge(lo(h), hi(h), 0.95 * lo(he), 0.95 * hi(he)), ge(1.05 * lo(he), 1.05 * hi(he), lo(h), hi(h))) : "",
	    sprintf("%s vs %s ms of work/s (medians %s)", cell(h), cell(he), med(he) > 0 ? sprintf("%+.1f %%", 100 * (med(h) / med(he) - 1)) : "-"))
}
function targets(s, m,   sc, x, xp, c, e, o, f, g, gp) {
	printf "\n### Targets (%s, -smp %s)\n\n", m, s
	print "| target | result | figures |"
	print "|---|---|---|"
	deadline_row(s, m, "desktop", "audio", 99.5, "audio meets >= 99.5 % of deadlines on the unloaded desktop")
	deadline_row(s, m, "hogs", "audio", 99.5, "audio meets >= 99.5 % of deadlines beside 4 CPU hogs")
	split("desktop hogs", sc, " ")
	for (i = 1; i <= 2; i++) {
		x = T(s, m, sc[i], "x", "deadlines_met", "ia"); xp = T(s, m, sc[i], "x", "lat_p99_us", "ia")
		row(sprintf("X meets >= 95 %% of deadlines, p99 wake-up latency <= 10 ms (%s)", sc[i] == "hogs" ? "beside 4 CPU hogs" : "unloaded desktop"),
		    have(x) && have(xp) ? and3(ge(lo(x), hi(x), 95, 95), ge(10000, 10000, lo(xp), hi(xp))) : "",
		    sprintf("%s %%, p99 %s us (EEVDF %s %%, %s us)", cell(x), cell(xp),
			cell(T(s, m, sc[i], "x", "deadlines_met", "eevdf")), cell(T(s, m, sc[i], "x", "lat_p99_us", "eevdf"))))
	}
	deadline_row(s, m, "makej", "video", 100, "video meets 100 % of deadlines beside a CPU-heavy make -j")
	cost_row(s, m, "hackbench", "seconds", "s", "hackbench time <= 1.0x EEVDF")
	cost_row(s, m, "pingpong", "ns_per_switch", "ns", "pipe ping-pong cost per switch <= 1.0x EEVDF")
	c = T(s, m, "cyclictest", "cyclictest", "lat_max_us", "ia"); e = T(s, m, "cyclictest", "cyclictest", "lat_max_us", "eevdf")
	# How many of its wake-ups were late, and when the first of them was
	# (in the runs that had one), say whether the max is one event.
	o = T(s, m, "cyclictest", "cyclictest", "over_10ms", "ia")
	f = T(s, m, "cyclictest", "cyclictest", "first_over_cycle", "ia")
	row("cyclictest (SCHED_OTHER, beside 4 hogs) max latency <= 10 ms", have(c) ? ge(10000, 10000, lo(c), hi(c)) : "",
	    sprintf("%s us (EEVDF %s us); wake-ups over 10 ms: %s (EEVDF %s)%s", cell(c), cell(e), cell(o),
		cell(T(s, m, "cyclictest", "cyclictest", "over_10ms", "eevdf")),
		have(f) ? sprintf(", the first at cycle %s", cell(f)) : ""))
	hogs_row(s, m, "hogs", "beside the desktop")
	hogs_row(s, m, "cyclictest", "without the desktop")
	# What the emulated machine itself takes from a busy CPU at this
	# count (tests/bench/gap.c), a floor under every latency above.
	g = T(s, m, "gap", "gap", "gap_max_us", "eevdf"); gp = T(s, m, "gap", "gap", "gap_pct", "eevdf")
	if (have(g))
		printf "\nThe machine, with a spinner pinned to each CPU (EEVDF): the longest time a CPU did not run it, %s us; the time lost in gaps of 50 us or more, %s %%.\n", cell(g), cell(gp)
}
END {
	printf "The 2003 claims at -smp 1, the targets at each CPU count; class figures unless EEVDF is named: median of %d runs (lowest-highest).\n", nruns
	print "A claim holds only when every run says so; where the ranges overlap its line, it is within noise.\n"
	print "| claim | result | figures |"
	print "|---|---|---|"

	# O12.2: beside 4 hogs, each desktop task keeps (within 3 points)
	# the deadlines it meets on the unloaded desktop in the same boot.
	ok = ""; figs = ""
	split("audio x video", roles, " ")
	for (i = 1; i <= 3; i++) {
		d0 = K("o12.2", "desktop", roles[i], "deadlines_met", "ia")
		d1 = K("o12.2", "hogs", roles[i], "deadlines_met", "ia")
		e1 = K("o12.2", "hogs", roles[i], "deadlines_met", "eevdf")
		if (!have(d0) || !have(d1)) { ok = ""; break }
		r = ge(lo(d1), hi(d1), lo(d0) - 3, hi(d0) - 3)
		ok = ok == "" ? r : and3(ok, r)
		figs = figs sprintf("%s%s %s %% -> %s %% (EEVDF with hogs %s %%)", i > 1 ? "; " : "", roles[i], cell(d0), cell(d1), cell(e1))
	}
	row("O12.2: interactive tasks stay responsive beside CPU hogs (with 4 hogs, audio, X and video each meet within 3 points as many deadlines as on the unloaded desktop)", ok, "deadlines met, alone -> with hogs: " figs)

	# O13: jerks of audio and X beside a make -j, O12.2 -> O13: the
	# deadlines audio and X missed together in one run, and their p99
	# latencies added.
	split("makej_io makej", mk, " ")
	split("disk-intensive make -j (2 ms of CPU per 5 ms read)|CPU-heavy make -j (20 ms of CPU per 5 ms read)", mkd, "|")
	for (i = 1; i <= 2; i++) {
		a1 = K("o12.2", mk[i], "audio", "deadlines_met", "ia"); x1 = K("o12.2", mk[i], "x", "deadlines_met", "ia")
		a2 = K("o13", mk[i], "audio", "deadlines_met", "ia"); x2 = K("o13", mk[i], "x", "deadlines_met", "ia")
		ok = ""
		if (have(a1) && have(x1) && have(a2) && have(x2)) {
			m1lo = 200 - sumhi(a1, x1); m1hi = 200 - sumlo(a1, x1)
			m2lo = 200 - sumhi(a2, x2); m2hi = 200 - sumlo(a2, x2)
			pa1 = K("o12.2", mk[i], "audio", "lat_p99_us", "ia"); px1 = K("o12.2", mk[i], "x", "lat_p99_us", "ia")
			pa2 = K("o13", mk[i], "audio", "lat_p99_us", "ia"); px2 = K("o13", mk[i], "x", "lat_p99_us", "ia")
			p1lo = sumlo(pa1, px1); p1hi = sumhi(pa1, px1)
			p2lo = sumlo(pa2, px2); p2hi = sumhi(pa2, px2)
			fewer = lt(m2lo, m2hi, m1lo, m1hi)
			asfew = (m1lo == m1hi && m2lo == m2hi && m1lo == m2lo) ? 1 : (m2hi < m1lo || m2lo > m1hi ? 0 : 2)
			ok = or3(fewer, and3(asfew, lt(p2lo, p2hi, 0.95 * p1lo, 0.95 * p1hi)))
		}
		row("O13: beside a " mkd[i] ", audio and X jerk less than at O12.2 (fewer missed deadlines, or as few and a p99 latency lower by 5 %)", ok,
		    sprintf("missed by audio and X together: %s %% -> %s %%; audio p99 + X p99 %s -> %s us", srange(m1lo, m1hi), srange(m2lo, m2hi), srange(p1lo, p1hi), srange(p2lo, p2hi)))
	}

	r1 = K("o12.2", "reader_hogs", "reader", "mb_per_s", "ia")
	r2 = K("o13", "reader_hogs", "reader", "mb_per_s", "ia")
	row("O13: a pure disk reader gets low priority: beside 4 CPU hogs its throughput drops from O12.2 (by more than 5 %)",
	    have(r1) && have(r2) ? lt(lo(r2), hi(r2), 0.95 * lo(r1), 0.95 * hi(r1)) : "",
	    sprintf("reader beside hogs: %s MB/s at O12.2, %s MB/s at O13", cell(r1), cell(r2)))

	i1 = K("o12.2", "reader", "reader", "mb_per_s", "ia")
	i2 = K("o13", "reader", "reader", "mb_per_s", "ia")
	j1 = K("o12.2", "makej", "makej", "mb_per_s", "ia")
	j2 = K("o13", "makej", "makej", "mb_per_s", "ia")
	row("O13: I/O throughput itself is not hurt (the reader alone within 5 % of O12.2)",
	    have(i1) && have(i2) ? ge(lo(i2), hi(i2), 0.95 * lo(i1), 0.95 * hi(i1)) : "",
	    sprintf("reader alone: %s -> %s MB/s; make -j reads: %s -> %s MB/s", cell(i1), cell(i2), cell(j1), cell(j2)))

	r3 = K("o13.1", "reader_hogs", "reader", "mb_per_s", "ia")
	e3 = K("o13.1", "reader_hogs", "reader", "mb_per_s", "eevdf")
	row("O13.1: disk-only tasks are treated much more fairly than at O13 (the reader beside hogs gets more than 10 % more)",
	    have(r2) && have(r3) ? lt(1.10 * lo(r2), 1.10 * hi(r2), lo(r3), hi(r3)) : "",
	    sprintf("reader beside hogs: %s MB/s at O13, %s MB/s at O13.1 (EEVDF: %s MB/s)", cell(r2), cell(r3), cell(e3)))

	# The targets of the series as a whole (issue 13): at the top
	# milestone, at each CPU count measured.
	top = mlist[nms]
	for (si = 1; si <= nsmp; si++) targets(slist[si], top)
}' "$csv" >"$dir/claims.md"

# The targets tables alone, for the top README.md: a line of text where
# claims.md has a heading, so that a README quoting them keeps its own.
awk 'NR == 1 && match($0, /median of [0-9]+ runs/) { runs = substr($0, RSTART, RLENGTH) }
	/^### Targets / {
		if (!on) {
			print "Class figures unless EEVDF is named: " runs " (lowest-highest)."
			print "A target holds only when every run says so; where the ranges overlap its line, it is within noise."
		}
		sub(/^### /, ""); print (on ? "" : "\n") $0 ":"; on = 1; next
	}
	on { print }' "$dir/claims.md" >"$dir/targets.md"

# Plots: deadlines met and p99 wake-up latency of the desktop tasks per
# scenario, at -smp 1: EEVDF (from the last milestone's boot) and the
# class at each milestone.
plots=
if command -v gnuplot >/dev/null; then
	for met in deadlines_met lat_p99_us; do
		awk "$load"'
		END {
			printf "workload EEVDF"
			for (i = 1; i <= nms; i++) printf " %s", mlist[i]
			printf "\n"
			split("desktop hogs makej forkstorm", scs, " ")
			split("audio x video", roles, " ")
			for (a = 1; a <= 4; a++) for (b = 1; b <= 3; b++) {
				e = med(key(1, mlist[nms], scs[a], roles[b], met, "eevdf"))
				if (e == "") continue
				printf "%s/%s %s", scs[a], roles[b], met == "lat_p99_us" ? e / 1000 : e
				for (i = 1; i <= nms; i++) {
					x = med(key(1, mlist[i], scs[a], roles[b], met, "ia"))
					printf " %s", x == "" ? "NaN" : (met == "lat_p99_us" ? x / 1000 : x)
				}
				printf "\n"
			}
		}' met="$met" "$csv" >"$dir/$met.dat"
	done
	ncol=$(head -n 1 "$dir/deadlines_met.dat" | wc -w)
	gnuplot <<EOT || die "gnuplot failed"
set terminal pngcairo size 1000,500 font ",10"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border -1
set key outside right top
set xtics rotate by -30 noenhanced
set grid ytics
set output "$dir/deadlines.png"
set title "Deadlines met, -smp 1 (%)"
set yrange [0:105]
plot for [c=2:$ncol] "$dir/deadlines_met.dat" using c:xtic(1) title columnhead(c)
set output "$dir/p99.png"
set title "p99 wake-up latency, -smp 1 (ms, log scale)"
set logscale y
set yrange [*:*]
plot for [c=2:$ncol] "$dir/lat_p99_us.dat" using c:xtic(1) title columnhead(c)
EOT
	plots=1
fi

# The line README.md quotes above the summary (scripts/readme-results.sh).
rel=${dir#"$TOP"/}
runs=$(awk -F, 'NR > 1 && $5 + 0 > m { m = $5 + 0 } END { print m }' "$csv")
{
	echo "\`$(sed -n 's/^command: //p' "$dir/setup.txt")\` on $(sed -n 's/^date: \([0-9-]*\).*/\1/p' "$dir/setup.txt")," \
		"commit $(sed -n 's/^commit: //p' "$dir/setup.txt"), $runs runs of each scenario," \
		"$(sed -n 's/^elapsed: //p' "$dir/setup.txt" | tail -n 1): [$rel]($rel/README.md), every figure in [table.md]($rel/table.md)."
} >"$dir/headline.md"

{
	echo "# make bench results: $(basename "$dir")"
	echo
	echo '```'
	cat "$dir/setup.txt"
	echo '```'
	echo
	if [ -f "$dir/analysis.md" ]; then
		echo "What these figures say, and why each target that does not hold does not:"
		echo "[analysis.md](analysis.md), written by hand."
		echo
	fi
	if [ -n "$marks" ]; then
		echo "Measured before a later change to what they measure:"
		echo
		echo "$marks" | cut -f2 | sed 's/^/- /'
		echo
	fi
	echo "## Main figures (-smp 1; EEVDF from the $(awk -F, 'NR > 1 && $1 != "scx" { m = $1 } END { print m }' "$csv") boot, then the class at each milestone)"
	echo
	cat "$dir/summary.md"
	echo
	echo "## EEVDF, the class and scx_interactive in one boot"
	echo
	cat "$dir/three.md"
	echo
	echo "## Claims and targets"
	echo
	cat "$dir/claims.md"
	if [ -n "$plots" ]; then
		echo
		echo "## Plots"
		echo
		echo "![deadlines met](deadlines.png)"
		echo "![p99 wake-up latency](p99.png)"
	fi
	echo
	echo "## How the figures repeat"
	echo
	cat "$dir/repeat.md"
	echo
	echo "## Every figure"
	echo
	cat "$dir/table.md"
} >"$dir/README.md"
say "report: $dir/README.md"

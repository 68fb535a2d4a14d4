# ctxswitch/summary.awk - the ctxswitch section of results/summary.md: the
# direct-cost table, the indirect-cost table, findings sentences computed from
# the data, two CSV tables and an SVG plot of the indirect cost over D.
# usage: awk -v csvdir=DIR -f ctxswitch/summary.awk results/ctxswitch-raw.txt
#   writes DIR/ctxswitch-direct.csv, DIR/ctxswitch-indirect.csv and
#   DIR/ctxswitch-indirect.svg (run.sh moves DIR's files into results/).
# Input lines used (everything else is skipped):
#   # ctxswitch_config: cpu=1 pinned=yes sched=fifo quick=0 rounds=10000 reps=11 ... l2_bytes=B llc_bytes=B top_kib=K max_kib=K
#   # ctxswitch_pinning: <text>      # ctxswitch_sched: <text>
#   # ctxswitch_cache_disagree: L2 sysfs_bytes=B sysconf_bytes=B sysctl_bytes=B used=SRC
#   RESULT exp=ctxswitch kind=direct mode=M ... pair_half_rt_ns=X single_rt_ns=Y c1_ns=C cv=V min_ns=N q1_ns=A q3_ns=B nvcsw_per_rt=V nivcsw_per_rt=I single_csw_per_rt=S ... check=ok
#   RESULT exp=ctxswitch kind=total mode=M size_kib=D access=A stride_bytes=S ... c2_ns=X indirect_ns=I significant=yes|no ...
# "for (k in a)" order differs between awks, so every loop whose order shows
# in the output walks lists kept in input order: the output is identical under
# mawk, gawk and original-awk.

BEGIN { if (csvdir == "") csvdir = "." }

function kv(line,   i, n, p, w) {
    for (p in f) delete f[p]
    n = split(line, w, " ")
    for (i = 2; i <= n; i++) {
        p = index(w[i], "=")
        if (p) f[substr(w[i], 1, p - 1)] = substr(w[i], p + 1)
    }
}
function text(line) { sub(/^# [a-z_]+: /, "", line); return line }
function size(kib) { return kib <= 0 ? "unknown" : kib >= 1024 && kib % 1024 == 0 ? (kib / 1024) " MiB" : kib " KiB" }
function ns(x) { return sprintf("%.0f", x) }
function pct(x) { return sprintf("%.1f%%", 100 * x) }
# where D stands against a cache of c KiB: both arrays fit, one fits, none
function regime(d, c, name) {
    if (c <= 0) return ""
    if (2 * d <= c) return "2D ≤ " name
    if (d <= c) return "D ≤ " name " < 2D"
    return name " < D"
}
function mark(d, c, name) {
    if (c <= 0) return ""
    if (2 * d == c) return " (½ " name ")"
    if (4 * d == 3 * c) return " (¾ " name ")"
    if (d == c) return " (= " name ")"
    if (d == 2 * c) return " (2× " name ")"
    return ""
}
function where(d,   r) {
    r = d <= l2 || llc <= 0 ? regime(d, l2, "L2") : regime(d, llc, "LLC")
    return r mark(d, l2, "L2") mark(d, llc, "LLC")
}
function cellkey(m, d, c) { return m SUBSEP d SUBSEP c }

/^# ctxswitch_config: / { kv($0); for (k in f) cfg[k] = f[k] }
/^# ctxswitch_pinning: / { pinning = text($0) }
/^# ctxswitch_sched: / { sched = text($0) }
/^# ctxswitch_cache_disagree: / {
    kv($0)
    disagree = disagree sprintf(" Cache sources disagree on %s: sysfs %s, sysconf %s, sysctl %s bytes (0 = not reported); %s was used.",
        $3, f["sysfs_bytes"], f["sysconf_bytes"], f["sysctl_bytes"], f["used"])
}
$1 == "RESULT" && $2 == "exp=ctxswitch" {
    kv($0)
    m = f["mode"]
    if (!(m in seenm)) { seenm[m] = 1; modes[++nm] = m }
    if (f["kind"] == "direct") {
        c1[m] = f["c1_ns"] + 0; c1cv[m] = f["cv"] + 0; c1min[m] = f["min_ns"] + 0
        c1q1[m] = f["q1_ns"] + 0; c1q3[m] = f["q3_ns"] + 0
        t1[m] = f["pair_half_rt_ns"] + 0; t2[m] = f["single_rt_ns"] + 0
        drounds[m] = f["rounds"]; dreps[m] = f["reps"]; dcheck[m] = f["check"]
        dvcs[m] = sprintf("%.3f (%s + %s)", f["nvcsw_per_rt"] + f["nivcsw_per_rt"], f["nvcsw_per_rt"], f["nivcsw_per_rt"])
        directline[m] = sprintf("%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s", m, f["rounds"], f["reps"], f["pair_half_rt_ns"],
            f["single_rt_ns"], f["c1_ns"], f["cv"], f["min_ns"], f["q1_ns"], f["q3_ns"], f["nvcsw_per_rt"], f["nivcsw_per_rt"], f["single_csw_per_rt"], f["check"])
    } else if (f["kind"] == "total") {
        d = f["size_kib"] + 0; c = f["access"] "/" f["stride_bytes"]
        if (!(d in seend)) { seend[d] = 1; sizes[++nd] = d }
        if (!(c in seenc)) { seenc[c] = 1; combos[++nc] = c }
        k = cellkey(m, d, c)
        have[k] = 1; ind[k] = f["indirect_ns"] + 0; sig[k] = f["significant"]; chk[k] = f["check"]
        ncells++
        if (f["check"] != "ok") { nbad++; bad = bad (bad ? ", " : "") m " " c " at " size(d) " (" f["check"] ")" }
        if (f["significant"] != "yes") nns++
        v = f["nvcsw_per_rt"] + 0; a = v + f["nivcsw_per_rt"]; sa = f["single_csw_per_rt"] + 0
        if (ncells == 1 || a < amin) amin = a
        if (ncells == 1 || a > amax) amax = a
        if (ncells == 1 || v < vmin) vmin = v
        if (ncells == 1 || v > vmax) vmax = v
        if (ncells == 1 || sa > samax) samax = sa
        totalline[++ntl] = sprintf("%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s", m, d, f["access"], f["stride_bytes"],
            f["rounds"], f["c2_ns"], f["cv"], f["c1_ns"], f["indirect_ns"], f["indirect_lo_ns"], f["indirect_hi_ns"],
            f["significant"], f["nvcsw_per_rt"], f["nivcsw_per_rt"], f["single_csw_per_rt"], f["check"])
    }
}

END {
    print "### ctxswitch: the cost of a context switch (Li, Ding and Shen, 2007)"
    print ""
    if (nm == 0) { print "No ctxswitch results in this raw file."; print ""; exit 0 }
    l2 = cfg["l2_bytes"] / 1024; llc = cfg["llc_bytes"] / 1024
    where_run = cfg["pinned"] == "yes" ? "Both sides ran on CPU " cfg["cpu"] "." : "The OS placed the two sides (the method wants them on one CPU)."
    printf "%s Pinning: %s. Scheduling: %s. Caches of CPU %s (%s): L1d %s, L2 %s, LLC (L%s) %s, line %s B.%s\n",
        where_run, pinning, sched, cfg["cpu"], cfg["cache_source"], size(cfg["l1d_bytes"] / 1024), size(l2),
        cfg["llc_level"], size(llc), cfg["line_bytes"], disagree
    print ""
    print "**Direct cost C1** = T1/(2R) − T2/R: ns per switch with no data access (median of the repetitions; cv and min of the per-repetition C1)."
    print ""
    print "| mode | rounds R | reps | T1/(2R) ns | T2/R ns | C1 ns | cv | min ns | switches per round trip (voluntary + involuntary) | check |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    csv = csvdir "/ctxswitch-direct.csv"
    print "mode,rounds,reps,t1_half_rt_ns,t2_rt_ns,c1_ns,cv,min_ns,q1_ns,q3_ns,nvcsw_per_rt,nivcsw_per_rt,single_csw_per_rt,check" > csv
    for (i = 1; i <= nm; i++) {
        m = modes[i]
        if (!(m in c1)) continue
        printf "| %s | %s | %s | %.1f | %.1f | %.1f | %s | %.1f | %s | %s |\n", m, drounds[m], dreps[m], t1[m], t2[m],
            c1[m], pct(c1cv[m]), c1min[m], dvcs[m], dcheck[m]
        print directline[m] > csv
    }
    close(csv)
    print ""
    if (nd > 0) indirect_table()
    findings()
    if (nd > 0) plot()
}

function indirect_table(   i, j, m, d, k, row, csv) {
    print "**Indirect cost** C2 − C1, ns per switch, where C2 = S1/(2R) − S2/R with each side walking its own array of D bytes"
    print "before every write (access/stride in bytes). \"n.s.\": not significant (the spread, C2's quartiles less C1's, reaches zero,"
    print "or the median is negative); \"!\": the cell failed a self-check."
    print ""
    row = "| mode | D | D against the caches |"
    for (j = 1; j <= nc; j++) row = row " " combos[j] " |"
    print row
    row = "|---|---:|---|"
    for (j = 1; j <= nc; j++) row = row "---:|"
    print row
    for (i = 1; i <= nm; i++)
        for (j = 1; j <= nd; j++) {
            m = modes[i]; d = sizes[j]
            row = "| " m " | " size(d) " | " where(d) " |"
            for (k = 1; k <= nc; k++) {
                key = cellkey(m, d, combos[k])
                if (!(key in have)) { row = row " |"; continue }
                row = row " " (sig[key] == "yes" ? ns(ind[key]) : "n.s.") (chk[key] != "ok" ? " !" : "") " |"
            }
            print row
        }
    print ""
    csv = csvdir "/ctxswitch-indirect.csv"
    print "mode,size_kib,access,stride_bytes,rounds,c2_ns,cv,c1_ns,indirect_ns,indirect_lo_ns,indirect_hi_ns,significant,nvcsw_per_rt,nivcsw_per_rt,single_csw_per_rt,check" > csv
    for (i = 1; i <= ntl; i++) print totalline[i] > csv
    close(csv)
    printf "![indirect cost over D](results/%sctxswitch-indirect.svg)\n\n", (cfg["quick"] == 1 ? "quick-" : "")
}

# The knee of one curve: the smallest D from which the indirect cost is
# significant and above C1 at every larger D. 0 if there is none.
function knee(m, c,   j, key, k) {
    k = 0
    for (j = nd; j >= 1; j--) {
        key = cellkey(m, sizes[j], c)
        if (!(key in have)) continue
        if (sig[key] != "yes" || ind[key] <= c1[m]) break
        k = sizes[j]
    }
    return k
}

function findings(   i, m, c, k, top, key, key8, key128, s, t) {
    print "Findings (generated from the raw file):"
    print ""
    if (("process" in c1) && ("thread" in c1)) {
        s = sprintf("- Direct cost: %.0f ns per switch between processes (cv %s), %.0f ns between threads (cv %s); ",
            c1["process"], pct(c1cv["process"]), c1["thread"], pct(c1cv["thread"]))
        if (c1q1["process"] > c1q3["thread"])
            s = s sprintf("switching the address space adds about %.0f ns.", c1["process"] - c1["thread"])
        else
            s = s "the difference, the cost of switching the address space, is not significant here (the quartiles overlap)."
        print s
    }
    s = ""
    for (i = 1; i <= nm; i++)
        if (modes[i] in c1) s = s (s ? ", " : "") sprintf("%.0f ns for %s", t1[modes[i]], modes[i] (modes[i] == "process" ? "es" : "s"))
    print "- T1/(2R), the figure `perf bench sched pipe` reports as usecs/op ÷ 2 (a switch plus one write and one read): " s "."
    if (nd == 0) { print ""; return }
    top = sizes[nd]
    for (i = 1; i <= nm; i++) {
        m = modes[i]; s = ""; t = ""
        for (c = 1; c <= nc; c++) {
            key = cellkey(m, top, combos[c])
            if (!(key in have)) continue
            k = knee(m, combos[c])
            s = s (s ? ", " : "") combos[c] " " (k ? "from " size(k) (l2 > 0 ? sprintf(" (2D = %.2f × L2)", 2 * k / l2) : "") : "nowhere up to " size(top))
            t = t (t ? ", " : "") combos[c] " " (sig[key] == "yes" ? ns(ind[key]) " ns" (c1[m] > 0 ? sprintf(" (%.1f × C1)", ind[key] / c1[m]) : "") : "not significant")
        }
        if (s != "")
            printf "- %s, where the indirect cost rises above C1 and stays there: %s. At D = %s: %s.\n", m, s, size(top), t
    }
    if (l2 > 0 && 2 * top > l2)
        print "  Once 2D passes L2 the two arrays no longer fit in L2 together, and every switch refills it with the other side's data."
    if (llc > 0 && top > llc)
        s = sprintf("- The sweep reaches D = %s, %.2f × the LLC (%s). Beyond the LLC", size(top), top / llc, size(llc))
    else {
        s = "- The sweep stops at D = " size(top) (l2 > 0 ? sprintf(" (%.2f × L2)", top / l2) : "") ", "
        if (l2 > 0 && 2 * top <= l2) s = s "where both arrays still fit in L2: neither the L2 knee nor the LLC knee is measured"
        else s = s (llc > 0 ? "below the LLC (" size(llc) "): the LLC knee is not measured" : "and no LLC size is known")
        printf "%s (SIZES= or MAX_KIB= reach further).\n", s
        s = "- At the largest D"
    }
    key8 = cellkey(modes[1], top, "rmw/8"); key128 = cellkey(modes[1], top, "rmw/128")
    if ((key8 in have) && (key128 in have) && sig[key8] == "yes" && sig[key128] == "yes")
        printf "%s (%s, %s), rmw at stride 128 costs %.1f × stride 8 (%s vs %s ns): stride 128 comes back to each %s-byte line %d times per walk instead of reading it through once.\n",
            s, size(top), modes[1], ind[key128] / ind[key8], ns(ind[key128]), ns(ind[key8]), cfg["line_bytes"], cfg["line_bytes"] / 8
    else if ((key8 in have) && (key128 in have))
        printf "%s (%s, %s), stride 8 and 128 cannot be compared: at least one cost is not significant.\n", s, size(top), modes[1]
    printf "- %d of %d indirect costs are not significant. ", nns, ncells
    if (nbad == 0)
        printf "Every cell passed the self-checks: %.3f to %.3f switches per round trip in pair runs (%.3f to %.3f of them voluntary%s), at most %.3f in single runs, no CPU migrations.\n",
            amin, amax, vmin, vmax, (cfg["sched"] == "fifo" ? "" : "; without SCHED_FIFO the woken side preempts the writer"), samax
    else
        printf "%d cells failed a self-check (marked !): %s.\n", nbad, bad
    print ""
}

# ---- the SVG plot: log2 D across, indirect us on a log scale up ----
function px(d) { return X0 + (log(d) - lx0) / (lx1 - lx0 > 0 ? lx1 - lx0 : 1) * W }
function py(us) { return Y0 + H - (log(us) / LN10 - ly0) / (ly1 - ly0) * H }
function plot(   svg, i, j, c, m, key, n, us, lo, hi, col, dash, path, prev, e, x, lab, first) {
    svg = csvdir "/ctxswitch-indirect.svg"
    X0 = 70; Y0 = 20; W = 560; H = 300; LN10 = log(10)
    lx0 = log(sizes[1]); lx1 = log(sizes[nd])
    split("#1f77b4 #d62728 #2ca02c #9467bd #ff7f0e #8c564b #e377c2 #17becf", pal, " ")
    n = 0
    for (key in have)
        if (sig[key] == "yes" && ind[key] > 0) {
            us = ind[key] / 1000
            if (n == 0 || us < lo) lo = us
            if (n == 0 || us > hi) hi = us
            n++
        }
    ly0 = n ? int(log(lo) / LN10 + 100) - 100 : -2
    ly1 = n ? 100 - int(-log(hi) / LN10 + 100) : 2
    if (ly1 <= ly0) ly1 = ly0 + 1
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"380\" font-family=\"sans-serif\" font-size=\"11\">\n" > svg
    printf "<rect width=\"800\" height=\"380\" fill=\"white\"/>\n" > svg
    printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>\n", X0, Y0, W, H > svg
    for (e = ly0; e <= ly1; e++) {
        printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", X0, X0 + W, py(10 ^ e), py(10 ^ e) > svg
        printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", X0 - 4, py(10 ^ e) + 4, 10 ^ e > svg
    }
    for (j = 1; j <= nd; j++) {
        if (j > 1 && nd > 12 && j % 2 == 0 && j < nd) continue
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", px(sizes[j]), Y0 + H + 14,
            (sizes[j] >= 1024 && sizes[j] % 1024 == 0 ? sizes[j] / 1024 "M" : sizes[j] "K") > svg
    }
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">array size D per side (log scale)</text>\n", X0 + W / 2, Y0 + H + 32 > svg
    printf "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">indirect cost, µs per switch (log scale)</text>\n",
        Y0 + H / 2, Y0 + H / 2 > svg
    lab = "L2"
    for (i = 1; i <= 2; i++) {
        x = i == 1 ? l2 : llc
        if (x >= sizes[1] && x <= sizes[nd] && x > 0)
            printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"2,3\"/><text x=\"%.1f\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">%s</text>\n",
                px(x), px(x), Y0, Y0 + H, px(x) - 3, Y0 + H - 6 - 14 * (i - 1), lab > svg
        else if (x > sizes[nd])
            printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">%s (%s) is beyond the right edge →</text>\n",
                X0 + W - 4, Y0 + H - 6 - 14 * (i - 1), lab, size(x) > svg
        lab = "LLC"
    }
    n = 0
    for (i = 1; i <= nm; i++)
        for (c = 1; c <= nc; c++) {
            m = modes[i]
            if (!(cellkey(m, sizes[nd], combos[c]) in have) && !(cellkey(m, sizes[1], combos[c]) in have)) continue
            col = pal[(c - 1) % 8 + 1]; dash = m == "thread" ? " stroke-dasharray=\"6,3\"" : ""
            path = ""; prev = 0
            for (j = 1; j <= nd; j++) {
                key = cellkey(m, sizes[j], combos[c])
                if ((key in have) && sig[key] == "yes" && ind[key] > 0) {
                    path = path (prev ? " L" : " M") sprintf("%.1f %.1f", px(sizes[j]), py(ind[key] / 1000))
                    printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n", px(sizes[j]), py(ind[key] / 1000), col > svg
                    prev = 1
                } else prev = 0
            }
            if (path != "") printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s/>\n", substr(path, 2), col, dash > svg
            n++
            printf "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/><text x=\"%d\" y=\"%d\">%s %s</text>\n",
                X0 + W + 12, X0 + W + 36, Y0 + 14 * n, Y0 + 14 * n, col, dash, X0 + W + 40, Y0 + 14 * n + 4, m, combos[c] > svg
        }
    printf "<text x=\"%d\" y=\"%d\" fill=\"#555\">not significant: no point</text>\n", X0 + W + 12, Y0 + 14 * (n + 2) > svg
    print "</svg>" > svg
    close(svg)
}

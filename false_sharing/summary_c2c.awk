# false_sharing/summary_c2c.awk - the core-to-core map's part of the false-sharing
# section: the classes table, findings sentences computed from the numbers,
# the matrix as CSV and the heatmap as SVG (CPU x CPU, ordered so that the
# classes show as blocks, colour scale with its legend in ns).
# usage (common/lib.sh loads common/kv.awk and common/svg.awk first):
#   summary_awk awk -v csvdir=DIR [-v prefix=quick-] false_sharing/summary_c2c.awk results/false_sharing-raw.txt
# writes DIR/false_sharing-c2c.csv (the matrix), DIR/false_sharing-c2c-classes.csv
# and DIR/false_sharing-c2c.svg; prints markdown. Input lines used:
#   RESULT exp=false_sharing kind=c2c_plan cpu_count=N pairs_total=M pairs_measured=P sampled=0|1
#          domain_cpus=D min_partners=K round_trips=R batches_min=B passes=P ...
#   RESULT exp=false_sharing kind=c2c cpu_a=A cpu_b=B one_way_ns=X one_way_ns_lo=L one_way_ns_hi=H
#          batches_used=U batches_total=T batches_interfered=I batches_slow=S two_modes=0|1 busy=0|1 os=O ...
#          map_level=K map_canary_ns=C (the map's main speed level; older files lack them)
#   RESULT exp=false_sharing kind=c2c_classes classes=K pairs=N pairs_classed=C pairs_busy=Y gap_pct=G
#   RESULT exp=false_sharing kind=c2c_class class=K pairs=N one_way_ns=X one_way_ns_lo=L one_way_ns_hi=H
#          min_ns= max_ns= typical_pair=A,B matching=0|1 os_smt= os_shared_l2= os_shared_l3_only= os_across_l3=
#          os_unknown= members=A:B,...
#   RESULT exp=false_sharing kind=c2c_os os=O pairs=N one_way_ns=X ... typical_pair=A,B classes=K,...
#   RESULT exp=false_sharing kind=c2c_speed class=K cpus=A,B,... canary_best_ns=X ... ghz=G
#   RESULT exp=false_sharing kind=c2c_order cpus=A,B,...
#   RESULT exp=false_sharing kind=c2c_time elapsed_s=S pairs=N per_pair_ms=M
#   RESULT exp=false_sharing kind=c2c_skip reason=R allowed_cpus=N
# In a run of several invocations (run.sh), a kind=c2c line is build/combine's
# mean over them (invocations=N invocations_total=M) while the other lines
# are the first invocation's: the text says which figure is which. Where that
# invocation's map found no class, the classes (c2c_classes, c2c_class, c2c_os,
# c2c_order) are the first main-placement invocation's whose map found some:
# its own lines (kind=K inv=I), read with the published
#   RESULT exp=false_sharing kind=placement_level main=1 ... invs=I,J,...
# A raw file without c2c lines (C2C=0) gives no section at all.
# Every loop walks arrays by number (never "for (k in a)"), so the output is
# the same under mawk, gawk and original-awk.

BEGIN {
    if (csvdir == "") csvdir = "."
    invocations = 1 # common/kv.awk: keep the invocations' own lines; the rule below sets them apart
    NOS = split("smt shared_l2 shared_l3_only across_l3 unknown", osname, " ")
}

function ns(x) { return x == "NA" ? "NA" : x + 0 < 10 ? sprintf("%.2f", x) : sprintf("%.1f", x) }
function ci(lo, hi) { return lo == "NA" ? "no interval" : ns(lo) "-" ns(hi) }
function times(x) { return sprintf("%.1f", x) }
# "0:4,1:5" -> "0 and 4, 1 and 5" (at most 6 shown)
function pairs_text(m,   n, a, i, s, b) {
    n = split(m, a, ",")
    s = ""
    for (i = 1; i <= n && i <= 6; i++) {
        if (a[i] ~ /^\+/) continue
        split(a[i], b, ":")
        s = s (s == "" ? "" : ", ") b[1] " and " b[2]
    }
    if (n > 6) s = s " and others"
    return s
}
# what the OS calls the pairs of class c: "shared_l3_only" or "smt 4, shared_l2 2"
function os_view(c,   j, s, nonzero, only) {
    s = ""; nonzero = 0
    for (j = 1; j <= NOS; j++) if (osc[c, j] > 0) {
        nonzero++; only = osname[j]
        s = s (s == "" ? "" : ", ") osname[j] " " osc[c, j]
    }
    return nonzero == 1 ? only : s
}
# the colour of t in [0, 1]: light (fast) to dark (slow), five stops
function colour(t,   i, u, r, g, b) {
    if (t < 0) t = 0
    if (t > 1) t = 1
    i = int(t * 4); if (i > 3) i = 3
    u = t * 4 - i
    r = sr[i] + (sr[i + 1] - sr[i]) * u; g = sg[i] + (sg[i + 1] - sg[i]) * u; b = sb[i] + (sb[i + 1] - sb[i]) * u
    return sprintf("#%02x%02x%02x", int(r + 0.5), int(g + 0.5), int(b + 0.5))
}
# position of latency x on the scale (logarithmic: classes are ratios)
function scale(x) { return hi_ns > lo_ns ? log(x / lo_ns) / log(hi_ns / lo_ns) : 0.5 }

# the invocations of the main placement (build/combine)
$1 == "RESULT" && $2 == "exp=false_sharing" && $3 == "kind=placement_level" && $4 !~ /^inv=/ && kv_get($0, "main") == 1 {
    main_invs = "," kv_get($0, "invs") ","
}
# one invocation's class lines, kept for pick_classes(); nothing else of one invocation is read
$1 == "RESULT" && $2 == "exp=false_sharing" && $4 ~ /^inv=[0-9]+$/ {
    if ($3 !~ /^kind=c2c_(classes|class|os|order)$/) next
    i = substr($4, 5) + 0
    invl[i, ++ninvl[i]] = $0
    if (i > maxinv) maxinv = i
    if ($3 == "kind=c2c_classes" && kv_get($0, "classes") + 0 > 0) invfound[i] = 1
    next
}
$1 == "RESULT" && $2 == "exp=false_sharing" && $3 ~ /^kind=c2c/ {
    kv($0, f)
    class_line(f)
}

# a line of the classes (or any c2c line) in f into the arrays
function class_line(f,    k, c, j, i) {
    k = f["kind"]
    if (k == "c2c_plan") {
        plan_cpus = f["cpu_count"]; total = f["pairs_total"]; measured = f["pairs_measured"]; sampled = f["sampled"] + 0
        domain = f["domain_cpus"]; partners = f["min_partners"]; rts = f["round_trips"]; bmin = f["batches_min"]; passes = f["passes"] + 0
    } else if (k == "c2c") {
        np++
        pa[np] = f["cpu_a"]; pb[np] = f["cpu_b"]; pest[np] = f["one_way_ns"]; plo[np] = f["one_way_ns_lo"]
        phi[np] = f["one_way_ns_hi"]; pbusy[np] = f["busy"] + 0; ptwo[np] = f["two_modes"] + 0
        # pooled by build/combine over a run's invocations (invocations=N of
        # invocations_total=M); the classes lines are the first invocation's
        if (f["invocations"] != "") { pooled++; pinv[np] = f["invocations"]; pinvt[np] = f["invocations_total"] }
        if (!pbusy[np] && pest[np] != "NA") nmeasured++
        used += f["batches_used"]; all += f["batches_total"]; intf += f["batches_interfered"]; slow += f["batches_slow"]
        if (f["map_level"] != "") bylevel = 1 # judged by the map's speed levels (older files: by the best canary)
        if (pbusy[np]) { nbusy++; busylist = busylist (busylist == "" ? "" : "; ") pa[np] "," pb[np] }
        if (ptwo[np] && !pbusy[np]) twolist = twolist (twolist == "" ? "" : ", ") pa[np] "," pb[np]
        cell[pa[np], pb[np]] = np; cell[pb[np], pa[np]] = np
    } else if (k == "c2c_classes") {
        K = f["classes"] + 0; gap = f["gap_pct"]
    } else if (k == "c2c_class") {
        c = f["class"] + 0
        cn[c] = f["pairs"]; cest[c] = f["one_way_ns"]; clo[c] = f["one_way_ns_lo"]; chi[c] = f["one_way_ns_hi"]
        cmin[c] = f["min_ns"]; cmax[c] = f["max_ns"]; crep[c] = f["typical_pair"]; cmatch[c] = f["matching"] + 0
        cmem[c] = f["members"]
        for (j = 1; j <= NOS; j++) osc[c, j] = f["os_" osname[j]] + 0
    } else if (k == "c2c_os") {
        no++
        oname[no] = f["os"]; on[no] = f["pairs"]; oest[no] = f["one_way_ns"]; ocls[no] = f["classes"]
    } else if (k == "c2c_speed") {
        ns_++
        scpus[ns_] = f["cpus"]; sghz[ns_] = f["ghz"]
    } else if (k == "c2c_order") {
        ncpu = split(f["cpus"], order, ",")
        for (i = 1; i <= ncpu; i++) posof[order[i]] = i
    } else if (k == "c2c_time") {
        elapsed = f["elapsed_s"]; perpair = f["per_pair_ms"]
    } else if (k == "c2c_skip") {
        skip = f["reason"]
    }
}


# The published classes are the first main-placement invocation's (build/combine
# copies its lines); where its map found none (the machine too busy then), the
# first main-placement invocation's whose map found some: the section said "No
# classes" while 7 of the 9 maps had found the one class
function pick_classes(   i, j, g) {
    for (i = 1; i <= maxinv; i++) {
        if (main_invs != "" && !index(main_invs, "," i ",")) continue
        if (first_main == "") first_main = i
        if (!(i in invfound)) continue
        K = 0; no = 0
        for (j = 1; j <= ninvl[i]; j++) { kv(invl[i, j], g); class_line(g) }
        class_inv = i
        return
    }
}

END {
    if (K == 0 && pooled) pick_classes()
    if (np == 0 && skip == "") exit   # the map did not run (C2C=0): no section
    print "#### Core-to-core map: what handing a cache line between two CPUs costs"
    print ""
    if (skip != "") {
        printf "No map: %s.\n\n", (skip == "no_affinity_api" ? "this OS cannot pin a thread to a CPU" : "fewer than two CPUs may be used")
        exit
    }
    printf "Two threads pinned to a pair of CPUs bounce one cache line (each waits for the other's value and writes its own); "
    printf "one-way latency = round trip / 2"
    if (rts == "") printf ", as read from a matrix file. "
    else printf ", the median of at least %d clean batches of %d round trips with its 95%% interval, every pair visited in %d pass%s of random order. ", bmin, rts, passes, (passes == 1 ? "" : "es")
    if (rts == "") printf "%d pairs", np
    else if (sampled) printf "A sample of %d of %d pairs (all pairs among the first %d CPUs of the first LLC domain, every CPU against at least %d others; grey cells were not measured)", measured, total, domain, partners
    else if (measured == 1) printf "The one pair of the %d CPUs this process may use", plan_cpus
    else printf "All %d pairs of the %d CPUs this process may use", measured, plan_cpus
    if (elapsed != "") printf ", in %s s (%.0f ms per pair)", (elapsed < 1 ? sprintf("%.2f", elapsed) : sprintf("%.1f", elapsed)), perpair
    printf ". Pairs are grouped into classes where their latencies differ by more than %d%% and by more than their intervals.", gap
    # three hand-off figures of one run, each its own moment and method
    if (pooled)
        printf " The classes come from one invocation's map (%s), the matrix and heatmap from each pair's mean over the invocations that measured it (%s of %s for pair %s,%s), and the hand-off probe above from a short reading around every invocation: three moments and methods, so their figures differ.", \
            (class_inv != "" ? "invocation " class_inv ", the first in the main placement whose map found a class; the first, invocation " first_main ", found none" : "the first in the main placement"), pinv[1], pinvt[1], pa[1], pb[1]
    printf "\n\n"

    # the classes table
    csv = csvdir "/false_sharing-c2c-classes.csv"
    print "class,pairs,one_way_ns,one_way_lo_ns,one_way_hi_ns,min_ns,max_ns,typical_pair,os_view" > csv
    if (K > 0) print "| class | pairs | one-way ns (95% CI) | range ns | typical pair | the OS calls them |"
    if (K > 0) print "|---|---:|---|---|---|---|"
    for (c = 1; c <= K; c++) {
        printf "| %d | %d | %s (%s) | %s-%s | %s | %s |\n", c, cn[c], ns(cest[c]), ci(clo[c], chi[c]), ns(cmin[c]), ns(cmax[c]), crep[c], os_view(c)
        printf "%d,%d,%s,%s,%s,%s,%s,\"%s\",\"%s\"\n", c, cn[c], cest[c], clo[c], chi[c], cmin[c], cmax[c], crep[c], os_view(c) > csv
    }
    close(csv)
    if (K > 0) print ""

    findings()
    matrix_csv()
    heatmap()
    print ""
    # the experiment's headline plot; the link is relative to summary.md's
    # directory, results/ (common/headline.awk rewrites it for README.md)
    print "<!-- headline:begin -->"
    printf "![core-to-core hand-off latency, CPU x CPU](%sfalse_sharing-c2c.svg)\n", prefix
    print "<!-- headline:end -->"
    print ""
    printf "The matrix is in `results/%sfalse_sharing-c2c.csv` (ns, empty where not measured), the classes in `results/%sfalse_sharing-c2c-classes.csv`.\n", prefix, prefix
    print ""
}

function findings(   c, j, r, o, nsm, words, any, s) {
    print "Findings (all from the numbers above):"
    print ""
    if (K == 0 && pooled && nmeasured)
        printf "- No classes: the one invocation's map they come from measured no pair cleanly (the machine was too busy then); the matrix and heatmap show the %d pair%s the other invocations measured.\n", nmeasured, (nmeasured == 1 ? "" : "s")
    else if (K == 0) {
        print "- No pair could be measured cleanly: the machine was too busy (every pair had fewer clean batches than wanted, or more than half left out)."
    } else if (K == 1 && cn[1] == 1) {
        printf "- The one pair (%s) hands a line over in %s ns (95%% CI %s); the OS calls it %s. With one pair there are no classes to compare.\n", crep[1], ns(cest[1]), ci(clo[1], chi[1]), os_view(1)
    } else if (K == 1) {
        printf "- Every measured pair hands a line over in about %s ns (95%% CI %s, range %s-%s): one class, no pair apart from the rest by more than %d%% and its interval.\n", ns(cest[1]), ci(clo[1], chi[1]), ns(cmin[1]), ns(cmax[1]), gap
    }
    for (c = 2; c <= K; c++) {
        r = cest[c] / cest[c - 1]
        printf "- A hand-off in class %d (%s) costs %s× one in class %d (%s): %s ns against %s ns, 95%% CIs %s and %s, which do not overlap.\n", c, describe(c), times(r), c - 1, describe(c - 1), ns(cest[c]), ns(cest[c - 1]), ci(clo[c], chi[c]), ci(clo[c - 1], chi[c - 1])
    }
    # single pairs apart from every other: outliers
    for (c = 1; c <= K; c++) if (cn[c] == 1 && K >= 2 && !smtlike(c)) {
        o = c > 1 ? c - 1 : c + 1
        printf "- Pair %s stands alone in class %d at %s ns (95%% CI %s), against %s ns for class %d: one pair unlike the others (a host CPU busy behind it, or a real outlier; a second run tells which).\n", crep[c], c, ns(cest[c]), ci(clo[c], chi[c]), ns(cest[o]), o
    }

    # measurement against the OS topology
    any = 0
    for (c = 1; c <= K; c++) if (smtlike(c) && osc[c, 1] < cn[c]) {
        any = 1
        printf "- The OS reports no SMT siblings among them, but CPUs %s hand a line over in %s ns, %s× faster than the next class: they behave like SMT siblings (two threads of one core).\n", pairs_text(cmem[c]), ns(cest[c]), times(cest[c + 1] / cest[c])
    }
    for (o = 1; o <= no; o++) if (index(ocls[o], ",")) {
        any = 1
        nsm = split(ocls[o], words, ",")
        s = ""
        for (j = 1; j <= nsm; j++) s = s (j == 1 ? "" : j == nsm ? " and " : ", ") words[j] " (" ns(cest[words[j]]) " ns)"
        printf "- The OS puts %d pairs in one class (%s), but they fall into measured classes %s: the OS topology does not tell these pairs apart.\n", on[o], oname[o], s
    }
    for (c = 1; c <= K; c++) {
        nsm = 0
        for (j = 1; j <= NOS - 1; j++) nsm += osc[c, j] > 0
        if (nsm >= 2) {
            any = 1
            printf "- Class %d holds pairs the OS tells apart (%s): they hand a line over alike.\n", c, os_view(c)
        }
    }
    if (!any && K >= 1) {
        if (no == 1 && oname[1] == "unknown") print "- The OS gives no topology for these CPUs: the classes come from measurement alone."
        else if (K >= 2 || no >= 2) print "- Measurement and the OS topology agree: each OS class is one measured class."
        else if (np > 1) printf "- The OS agrees: it puts every pair in one class (%s).\n", oname[1]
    }

    # speeds, what was left out
    if (ns_ >= 2) {
        s = ""
        for (j = 1; j <= ns_; j++) s = s (j == 1 ? "" : j == ns_ ? " and " : ", ") "CPUs " scpus[j] " at " sprintf("%.2f", sghz[j]) " GHz"
        printf "- The speed canary (a one-cycle add chain, best of the run on each CPU) runs on %s: cores of different kinds (performance and efficiency) or held at different clocks.\n", s
    } else if (ns_ == 1) {
        printf "- Every CPU runs the speed canary (a one-cycle add chain, best of the run) at about %.2f GHz: one speed class, no performance/efficiency split.\n", sghz[1]
    }
    if (twolist != "") printf "- The clean batches of pair%s %s fall into two modes: its median sits in one of two states of the machine.\n", (index(twolist, ", ") ? "s" : ""), twolist
    if (all > 0) printf "- Batches left out: %d of %d (%d interfered with, %d %s)", all - used, all, intf, slow, (bylevel ? "in another speed level than the map's main one, or in two" : "in a slow state of the machine")
    if (all > 0) print "."
    if (nbusy > 0) printf "- The machine was too busy to measure %d pair%s (%s): fewer than %s clean batches%s. %s left out of the classes and hatched in the heatmap.\n", nbusy, (nbusy == 1 ? "" : "s"), busylist, (bmin != "" ? bmin : "the wanted"), (bylevel ? " in the map's main speed level" : ", or more than half of them left out"), (nbusy == 1 ? "It is" : "They are")
    print ""
}

# a class whose pairs pair each CPU with one other and that is markedly
# faster than the next class: what SMT siblings look like
function smtlike(c) { return c == 1 && K >= 2 && cmatch[c] && cest[2] / cest[1] >= 1.5 }
function describe(c) {
    if (smtlike(c)) return "SMT-like pairs"
    return "the OS calls them " os_view(c)
}

function matrix_csv(   i, j, a, b, line, csv, ids, n, t) {
    # rows and columns by CPU id
    n = ncpu
    for (i = 1; i <= n; i++) ids[i] = order[i] + 0
    for (i = 2; i <= n; i++) for (j = i; j > 1 && ids[j - 1] > ids[j]; j--) { t = ids[j]; ids[j] = ids[j - 1]; ids[j - 1] = t }
    csv = csvdir "/false_sharing-c2c.csv"
    line = "cpu"
    for (j = 1; j <= n; j++) line = line "," ids[j]
    print line > csv
    for (i = 1; i <= n; i++) {
        line = ids[i]
        for (j = 1; j <= n; j++) {
            a = ids[i]; b = ids[j]
            # a pair too busy to measure is empty, as hatched in the heatmap (a
            # pooled one kept the mean of the few invocations that measured it)
            line = line "," (((a, b) in cell) && pest[cell[a, b]] != "NA" && !pbusy[cell[a, b]] ? pest[cell[a, b]] : "")
        }
        print line > csv
    }
    close(csv)
}

function heatmap(   svg, cs, X0, Y0, W, H, i, j, a, b, p, x, y, t, fill, txt, tc, lx, steps, v, LH) {
    sr[0] = 253; sg[0] = 231; sb[0] = 37     # fast: yellow
    sr[1] = 94;  sg[1] = 201; sb[1] = 98
    sr[2] = 33;  sg[2] = 145; sb[2] = 140
    sr[3] = 59;  sg[3] = 82;  sb[3] = 139
    sr[4] = 68;  sg[4] = 1;   sb[4] = 84     # slow: purple
    lo_ns = hi_ns = ""
    for (p = 1; p <= np; p++) if (!pbusy[p] && pest[p] != "NA") {
        if (lo_ns == "" || pest[p] + 0 < lo_ns) lo_ns = pest[p] + 0
        if (hi_ns == "" || pest[p] + 0 > hi_ns) hi_ns = pest[p] + 0
    }
    # at most 640 px of matrix, so the plot fits GitHub's ~830 px page
    # column unscaled (up to 640 CPUs; a cell is never under a pixel)
    cs = ncpu <= 16 ? 40 : int(640 / ncpu) < 1 ? 1 : int(640 / ncpu)
    X0 = 60; Y0 = 76
    steps = (lo_ns != "" && hi_ns > lo_ns) ? 10 : 1   # one latency: one swatch
    LH = steps > 1 && ncpu * cs < 160 ? 160 : ncpu * cs
    W = X0 + ncpu * cs + 100; H = Y0 + LH + 16
    if (W < 680) W = 680
    svg = csvdir "/false_sharing-c2c.svg"
    svg_start(svg, W, H, 11, "false_sharing: one-way cache-line hand-off between two CPUs (ns)")
    printf "<text x=\"4\" y=\"34\">CPUs ordered by measured class; grey: not measured; hatched: too busy; hover a cell for its 95%% interval</text>\n" > svg
    printf "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">CPU</text>\n", X0 + ncpu * cs / 2, Y0 - 22 > svg
    printf "<text class=\"axis\" x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">CPU</text>\n", Y0 + ncpu * cs / 2, Y0 + ncpu * cs / 2 > svg
    printf "<defs><pattern id=\"busy\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"><rect width=\"6\" height=\"6\" fill=\"#cccccc\"/><path d=\"M0,6 L6,0\" stroke=\"#888888\"/></pattern></defs>\n" > svg
    for (i = 1; i <= ncpu; i++) {
        if (cs >= 12) {
            printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n", X0 - 4, Y0 + (i - 1) * cs + cs / 2 + 4, order[i] > svg
            printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", X0 + (i - 1) * cs + cs / 2, Y0 - 6, order[i] > svg
        }
    }
    for (i = 1; i <= ncpu; i++) for (j = 1; j <= ncpu; j++) {
        a = order[i]; b = order[j]
        x = X0 + (j - 1) * cs; y = Y0 + (i - 1) * cs
        if (i == j) { fill = "#ffffff"; txt = "" }
        else if (!((a, b) in cell)) { fill = "#eeeeee"; txt = "" }
        else {
            p = cell[a, b]
            if (pbusy[p] || pest[p] == "NA") { fill = "url(#busy)"; txt = "" }
            else { t = scale(pest[p]); fill = colour(t); txt = ns(pest[p]) }
        }
        printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"%s\">", x, y, cs, cs, fill, (cs >= 12 ? "1" : "0") > svg
        if (i != j && ((a, b) in cell)) printf "<title>CPUs %s,%s: %s%s ns (95%% CI %s)</title>", a, b, (pbusy[p] ? "too busy to measure: " : ""), ns(pest[p]), ci(plo[p], phi[p]) > svg
        print "</rect>" > svg
        if (txt != "" && cs >= 28) {
            tc = t > 0.5 ? "#ffffff" : "#000000"
            printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\" fill=\"%s\">%s</text>\n", x + cs / 2, y + cs / 2 + 4, tc, txt > svg
        }
    }
    # the legend: ten steps of the scale with five labels in ns
    lx = X0 + ncpu * cs + 20
    printf "<text class=\"axis\" x=\"%d\" y=\"%d\">ns</text>\n", lx, Y0 - 6 > svg
    for (i = 0; i < steps; i++)
        printf "<rect x=\"%d\" y=\"%d\" width=\"16\" height=\"%.2f\" fill=\"%s\"/>\n", lx, Y0 + i * LH / steps, (steps == 1 ? 16 : LH / steps), colour(steps == 1 ? 0.5 : (i + 0.5) / steps) > svg
    if (lo_ns != "") for (i = 0; i <= 4; i++) {
        v = hi_ns > lo_ns ? lo_ns * exp(log(hi_ns / lo_ns) * i / 4) : lo_ns
        printf "<text x=\"%d\" y=\"%d\">%s ns</text>\n", lx + 22, Y0 + i * LH / 4 + (i == 0 ? 10 : i == 4 ? 0 : 4), ns(v) > svg
        if (hi_ns == lo_ns) break
    }
    print "</svg>" > svg
    close(svg)
}

# ctxswitch/summary.awk - the ctxswitch section of results/summary.md: the
# direct-cost table, the indirect-cost table with 95% intervals, what was
# left out, findings that follow the intervals, two CSV tables and an SVG
# plot of the indirect cost over D (drawn in lib_plot.awk). No statistics are
# computed here: every estimate, interval, p and q comes from the RESULT lines.
# usage (common/lib.sh loads common/kv.awk, common/svg.awk and lib_plot.awk first):
#   summary_awk awk -v csvdir=DIR [-v prefix=quick-] ctxswitch/summary.awk results/ctxswitch-raw.txt
#   writes DIR/ctxswitch-direct.csv, DIR/ctxswitch-indirect.csv and
#   DIR/ctxswitch-indirect.svg (run.sh moves DIR's files into results/).
# Input lines used (everything else is skipped):
#   RESULT exp=ctxswitch kind=config cpu=1 pinned=1 pinning=granted|... pin_error=E sched=fifo|default
#          sched_state=granted|... sched_priority=P sched_error=E reps_min=N reps_max=N ... l2_bytes=B llc_bytes=B
#   RESULT exp=ctxswitch kind=interference judged=0|1 why=not_pinned|<reason_with_underscores>|NA interference_share=X
#   RESULT exp=ctxswitch kind=canary canary_best_ns=X levels=N   (before the levels: slow_canary=F)
#   RESULT exp=ctxswitch kind=cache level=L2 sysfs_bytes=B sysconf_bytes=B sysctl_bytes=B used=SRC disagree=0|1
#   RESULT exp=ctxswitch kind=direct mode=M ... pair_half_rt_ns=X(_lo,_hi) single_rt_ns=.. c1_ns=.. rounds_total=.. rounds_used=.. ...
#   RESULT exp=ctxswitch kind=mode_diff what=process_minus_thread c1_diff_ns=X c1_diff_ns_lo=L c1_diff_ns_hi=H p=P ...
#   RESULT exp=ctxswitch kind=total mode=M size_kib=D access=A stride_bytes=S ... indirect_ns=X(_lo,_hi) p= q= significant=yes|no ...
#   RESULT exp=ctxswitch kind=speed_level level=K levels=N canary_ns=X canary_ns_lo= canary_ns_hi= share=S n= main=0|1
#   (or build/combine's kind=speed_level_run level=K levels=N main=0|1 canary_ns= share=: the run's levels)
#   The direct, mode_diff and total lines of raw files since the speed levels carry speed_level=K (once per
#   level), canary_ns=, speed_share=, rounds_mixed=, rounds_other_levels= (and no rounds_slow=): the tables and
#   findings use the main level's lines (main=1, else the level of the largest speed_share), the findings add
#   the fastest level's C1 and say when C1 differs between levels beyond the 20 ns margin.
#   Over several invocations (build/combine) the direct, mode_diff and total lines carry invocations=, too_busy=,
#   between_share=, and the comparisons margin_ns= and claim=beyond|within|unclear instead of p and q.
#   # vulnerabilities...: the provenance lines naming the kernel's mitigations (common/machine.c)
# A cell is "too busy" (no number printed) when it has fewer clean
# repetitions than REPS or more than half of its repetitions were left out
# (in one speed level: too few blocks in it for an interval, 6; the other
# levels' blocks are not left out, they are measured apart).
# "for (k in a)" order differs between awks, so every loop whose order shows
# in the output walks lists kept in input order: the output is identical under
# mawk, gawk and original-awk.

BEGIN { if (csvdir == "") csvdir = "."; LEVEL_COLS = "speed_level,canary_ns,speed_share,rounds_mixed,rounds_other_levels"; LEVEL_MARGIN = 20 }

# a number from a RESULT value (awk compares substr() results as strings), or "NA"
function num(x) { return x == "NA" || x == "" ? "NA" : x + 0 }
function words(token) { gsub(/_/, " ", token); return token }
function size(kib) { return kib <= 0 ? "unknown" : kib >= 1024 && kib % 1024 == 0 ? (kib / 1024) " MiB" : kib " KiB" }
function ns(x) { return x == "NA" ? "NA" : sprintf("%.0f", x) }
function pct(x) { return sprintf("%.1f%%", 100 * x) }
# an interval in prose: "880–930", or "-5 to 21" when a bound is negative
function ci(lo, hi) { return lo == "NA" ? "no interval" : (lo < 0 ? ns(lo) " to " ns(hi) : ns(lo) "–" ns(hi)) }
# "903 ns (95% CI 880–930)", and with a note: "903 ns (95% CI 880–930; note)"
# by speed levels a repetition counts for lying in the level, not for being clean
function est(x, lo, hi) { return ns(x) " ns (" (lo == "NA" ? "no interval: too few " (lvline ? "repetitions in the level" : "clean repetitions") : "95% CI " ci(lo, hi)) ")" }
function est_note(x, lo, hi, note) { return ns(x) " ns (" (lo == "NA" ? "no interval" : "95% CI " ci(lo, hi)) "; " note ")" }
# the fields of the line in f[], joined by commas, for a CSV row
function row(keys,   n, k, i, s) {
    n = split(keys, k, ",")
    s = ""
    for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") (k[i] in f ? f[k[i]] : "")
    return s
}
# too busy: fewer clean repetitions than REPS, or more than half left out;
# over invocations, build/combine says (fewer than half of them measured it)
function busy(used, total) {
    if (f["too_busy"] != "") return f["too_busy"] == 1
    if (f["speed_level"] != "") return used + 0 < 6 # no interval below 6 (common/stats.c)
    return used + 0 < cfg["reps_min"] + 0 || 2 * (total - used) > total + 0
}
# a cost beyond the margin (claim=beyond), or, in a raw file of one
# invocation, significant (q <= 0.05 across the table)
function claimed() { return f["claim"] != "" ? f["claim"] == "beyond" : f["significant"] == "yes" }
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
    r = d <= l1 && l1 > 0 ? regime(d, l1, "L1d") : d <= l2 || llc <= 0 ? regime(d, l2, "L2") : regime(d, llc, "LLC")
    return r mark(d, l2, "L2") mark(d, llc, "LLC")
}
function cellkey(m, d, c) { return m SUBSEP d SUBSEP c }
# the repetitions a RESULT line left out, added to the run's totals
function count_reps() {
    reps_total += f["rounds_total"]; reps_used += f["rounds_used"]
    reps_interfered += f["rounds_interfered"]; reps_slow += f["rounds_slow"]
    reps_mixed += f["rounds_mixed"]; reps_other += f["rounds_other_levels"]
}
# the speed levels: lines of one level are kept until the main level is
# known (END); the others give the C1 of each level for the findings
function level_of_line() { return kv_get($0, "speed_level") }
function keep_level_line(   l, m) {
    l = level_of_line(); kept[++nkept] = $0
    if ($3 == "kind=total") { # measured in some level: never "too busy" in the table
        kv($0, f)
        if (!busy(f["rounds_used"], f["rounds_total"])) okany[cellkey(f["mode"], f["size_kib"] + 0, f["access"] "/" f["stride_bytes"])] = 1
    }
    if ($3 == "kind=direct") {
        kv($0, f); m = f["mode"]
        if (!(l in lvseen)) { lvseen[l] = 1; lvlist[++nlv] = l }
        lvc1[l, m] = num(f["c1_ns"]); lvlo[l, m] = num(f["c1_ns_lo"]); lvhi[l, m] = num(f["c1_ns_hi"])
        lvbusy[l, m] = busy(f["rounds_used"], f["rounds_total"]); lvused[l, m] = f["rounds_used"]
        c1blocks[l] += f["rounds_used"]
        if (f["canary_ns"] != "") lvcanary[l] = f["canary_ns"]
        if (f["speed_share"] != "") lvshare[l] = f["speed_share"]
        if (lvshare[l] + 0 > bestshare + 0 || bestlv == "") { bestshare = lvshare[l]; bestlv = l }
    }
}

# the run's settings, and how pinning and SCHED_FIFO went, in words
$1 == "RESULT" && $2 == "exp=ctxswitch" && $3 == "kind=config" {
    kv($0, f); for (k in f) cfg[k] = f[k]
    unplaced = "the OS places both sides"
    if (f["pinning"] == "granted") pinning = "granted, both sides on CPU " f["cpu"]
    else if (f["pinning"] == "not_granted") pinning = "not granted (" words(f["pin_error"]) "); " unplaced
    else if (f["pinning"] == "not_available") pinning = "not available on this OS (no CPU affinity API); " unplaced
    else pinning = "not requested (PIN=0); " unplaced
    if (f["sched_state"] == "granted") sched = "SCHED_FIFO priority " f["sched_priority"] " granted (inherited by the partner)"
    else if (f["sched_state"] == "refused") sched = "SCHED_FIFO refused (" words(f["sched_error"]) "); default policy"
    else if (f["sched_state"] == "not_available") sched = "SCHED_FIFO not available on this OS; default policy"
    else sched = "not requested (PIN=0); default policy"
}
$1 == "RESULT" && $2 == "exp=ctxswitch" && $3 == "kind=interference" {
    kv($0, f)
    if (f["judged"] == 1)
        interference = sprintf("on (per run, lost = wall - parent CPU - partner CPU time; a repetition with a run above %s of its wall time is left out)", f["interference_share"])
    else if (f["why"] == "not_pinned")
        interference = "off (not pinned: the two sides can run at once on two CPUs or wait for an idle one to wake, so wall minus CPU time is not time taken by others); lost= is recorded"
    else
        interference = "off (" words(f["why"]) "); repetitions are left out only when the canary finds the machine slow"
}
# the hand-off probes around the invocations (build/combine): a move of the
# host's CPUs does not split these figures (both sides run on one CPU)
$1 == "RESULT" && $2 == "exp=ctxswitch" && $3 == "kind=placement_runs" { kv($0, f); nplace = f["levels"] }
$1 == "RESULT" && $2 == "exp=ctxswitch" && $3 == "kind=canary" { canary = kv_get($0, "canary_best_ns") }
$1 == "RESULT" && $2 == "exp=ctxswitch" && $3 == "kind=cache" && kv_get($0, "disagree") == 1 {
    kv($0, f)
    # the sources that reported a size, each with its unit (it said "sysfs
    # 33554432, sysconf 268435456, sysctl NA bytes (NA = not reported)")
    srcs = ""; nosrc = ""
    split("sysfs sysconf sysctl", cache_src, " ")
    for (src_i = 1; src_i <= 3; src_i++) {
        src_b = f[cache_src[src_i] "_bytes"]
        if (src_b == "" || src_b == "NA") nosrc = nosrc (nosrc == "" ? "" : ", ") cache_src[src_i]
        else srcs = srcs (srcs == "" ? "" : ", ") cache_src[src_i] " " (src_b % 1024 == 0 ? size(src_b / 1024) : src_b " bytes")
    }
    disagree = disagree sprintf(" Cache sources disagree on %s: %s%s; %s was used.", f["level"], srcs, (nosrc == "" ? "" : " (" nosrc ": not reported)"), f["used"])
}
$1 == "RESULT" && $2 == "exp=ctxswitch" && ($3 == "kind=speed_level" || $3 == "kind=speed_level_run") {
    kv($0, f); sl_canary[f["level"]] = f["canary_ns"]; sl_share[f["level"]] = f["share"]; sl_levels = f["levels"]
    if (f["main"] == 1) sl_main = f["level"]
}
$1 == "RESULT" && $2 == "exp=ctxswitch" && ($3 == "kind=mode_diff" || $3 == "kind=direct" || $3 == "kind=total") && level_of_line() != "" && !replay {
    keep_level_line(); next
}
$1 == "RESULT" && $2 == "exp=ctxswitch" && $3 == "kind=mode_diff" {
    kv($0, f); diff = num(f["c1_diff_ns"]); diff_lo = num(f["c1_diff_ns_lo"]); diff_hi = num(f["c1_diff_ns_hi"]); diff_sig = claimed() ? "yes" : "no"
}
# the kernel's mitigations (common/machine.c's provenance), for the
# process/thread gap: page-table isolation and branch-predictor barriers
# make system calls and address-space switches dearer
/^# vulnerabilit/ {
    line = $0; sub(/^# [a-z_]+: /, "", line)
    if (line ~ /PTI/) pti = 1
    if (line ~ /IBPB/ && line !~ /IBPB: disabled/) ibpb = 1
    if (line ~ /[Rr]etpoline|IBRS/) spectre2 = 1
    if (line ~ /Mitigation/) mitig = mitig (mitig ? "; " : "") line
    vuln_seen = 1
}
$1 == "RESULT" && $2 == "exp=ctxswitch" && ($3 == "kind=direct" || $3 == "kind=total") { figure() }
# one figure line: a cell of the tables (lines of one speed level: the main one)
function figure(   m, d, c, k, v, a, sa) {
    kv($0, f)
    if (f["invocations_total"] != "") {
        # the most invocations any figure has: a figure of the main level
        # lacks those whose blocks all ran in other levels, and the last
        # line read (a C1 of 1 of 2 invocations) set the wording of all
        if (f["invocations_total"] + 0 > ninv + 0) ninv = f["invocations_total"] + 0
        if (ninv_min == "" || f["invocations_total"] + 0 < ninv_min) ninv_min = f["invocations_total"] + 0
        if (f["kind"] == "direct" && (dinv_min == "" || f["invocations_total"] + 0 < dinv_min)) dinv_min = f["invocations_total"] + 0
        if (f["kind"] == "total" && (tinv_min == "" || f["invocations_total"] + 0 < tinv_min)) tinv_min = f["invocations_total"] + 0
        margin = f["margin_ns"] != "" ? f["margin_ns"] : margin
        nshare++; if (f["between_share"] != "NA" && f["between_share"] + 0 > 0.5) nbetween++
    }
    m = f["mode"]
    if (!(m in seenm)) { seenm[m] = 1; modes[++nm] = m }
    count_reps()
    isbusy = busy(f["rounds_used"], f["rounds_total"])
    if (f["speed_level"] != "") lvline = 1
    if (f["kind"] == "direct") {
        c1[m] = num(f["c1_ns"]); c1lo[m] = num(f["c1_ns_lo"]); c1hi[m] = num(f["c1_ns_hi"]); dbusy[m] = isbusy
        t1[m] = num(f["pair_half_rt_ns"]); t1lo[m] = num(f["pair_half_rt_ns_lo"]); t1hi[m] = num(f["pair_half_rt_ns_hi"])
        t2[m] = num(f["single_rt_ns"]); t2lo[m] = num(f["single_rt_ns_lo"]); t2hi[m] = num(f["single_rt_ns_hi"])
        drow[m] = sprintf("| %s | %s | %s of %s | %s | %s | %s%s | %.3f (%s + %s) | %s |", m, f["round_trips"], f["rounds_used"], f["rounds_total"],
            isbusy ? "too busy" : ns(t1[m]) " [" ns(t1lo[m]) ", " ns(t1hi[m]) "]",
            isbusy ? "too busy" : ns(t2[m]) " [" ns(t2lo[m]) ", " ns(t2hi[m]) "]",
            isbusy ? "too busy" : ns(c1[m]) " [" ns(c1lo[m]) ", " ns(c1hi[m]) "]",
            (f["target_reached"] == 1 ? "" : " \\*") (f["two_modes"] == 1 ? " †" : ""),
            f["nvcsw_per_rt"] + f["nivcsw_per_rt"], f["nvcsw_per_rt"], f["nivcsw_per_rt"], f["check"])
        dtarget[m] = f["target_reached"]
        directline[m] = row("mode,round_trips,rounds_total,rounds_used,rounds_interfered,rounds_slow,slow_share,pair_half_rt_ns,pair_half_rt_ns_lo,pair_half_rt_ns_hi,single_rt_ns,single_rt_ns_lo,single_rt_ns_hi,c1_ns,c1_ns_lo,c1_ns_hi,target_reached,two_modes,lost_share_max,nvcsw_per_rt,nivcsw_per_rt,single_csw_per_rt,check") "," (isbusy ? 0 : 1) "," row(LEVEL_COLS)
        if (f["target_reached"] != 1 || f["two_modes"] == 1) dmarks = 1
    } else {
        d = f["size_kib"] + 0; c = f["access"] "/" f["stride_bytes"]
        if (!(d in seend)) { seend[d] = 1; sizes[++nd] = d }
        if (!(c in seenc)) { seenc[c] = 1; combos[++nc] = c }
        k = cellkey(m, d, c)
        have[k] = 1; ind[k] = num(f["indirect_ns"]); lo[k] = num(f["indirect_ns_lo"]); hi[k] = num(f["indirect_ns_hi"])
        sig[k] = claimed(); inside[k] = f["claim"] == "within"; cbusy[k] = isbusy; chk[k] = f["check"]
        target[k] = f["target_reached"] == 1; two[k] = f["two_modes"] == 1
        ncells++
        if (isbusy) { nbusy++; busylist = busylist (busylist ? ", " : "") m " " c " at " size(d) }
        else {
            nmeasured++
            if (!sig[k]) nns++
            if (inside[k]) nwithin++
            if (!target[k]) nnotarget++
            if (two[k]) ntwo++
            if (sig[k] && ind[k] < 0) { nneg++; neglist = neglist (neglist ? "; " : "") m " " c " at " size(d) ": " est(ind[k], lo[k], hi[k]) }
            if (sig[k] && ind[k] < 0 && nneg <= 6) neglist6 = neglist
        }
        if (f["check"] != "ok") { nbad++; bad = bad (bad ? ", " : "") m " " c " at " size(d) " (" f["check"] ")" }
        v = f["nvcsw_per_rt"] + 0; a = v + f["nivcsw_per_rt"]; sa = f["single_csw_per_rt"] + 0
        if (ncells == 1 || a < amin) amin = a
        if (ncells == 1 || a > amax) amax = a
        if (ncells == 1 || v < vmin) vmin = v
        if (ncells == 1 || v > vmax) vmax = v
        if (ncells == 1 || sa > samax) samax = sa
        totalline[++ntl] = row("mode,size_kib,access,stride_bytes,round_trips,rounds_total,rounds_used,rounds_interfered,rounds_slow,slow_share,c1_ns,c1_ns_lo,c1_ns_hi,c2_ns,c2_ns_lo,c2_ns_hi,indirect_ns,indirect_ns_lo,indirect_ns_hi,p,q,significant,target_reached,two_modes,lost_share_max,nvcsw_per_rt,nivcsw_per_rt,single_csw_per_rt,check") "," (isbusy ? 0 : 1) "," row(LEVEL_COLS)
    }
}

# the main level's lines, through the same rules as lines without levels
function replay_main(   i, m, d, c, l) {
    mainlv = sl_main != "" ? sl_main : bestlv
    # C1 is the headline: where the run's main level has no usable C1 (a
    # host whose direct cells never met it: its tables would be empty), the
    # tables come from the level C1's blocks ran in most
    if (!((mainlv SUBSEP "process") in lvbusy) || lvbusy[mainlv, "process"] || lvbusy[mainlv, "thread"])
        for (i = 1; i <= nlv; i++) { l = lvlist[i]; if (c1blocks[l] + 0 > c1blocks[mainlv] + 0) mainlv = l }
    c1main = mainlv == (sl_main != "" ? sl_main : bestlv)
    if (mainlv == "") return
    if (!(mainlv in lvcanary)) lvcanary[mainlv] = sl_canary[mainlv]
    if (!(mainlv in lvshare)) lvshare[mainlv] = sl_share[mainlv]
    replay = 1
    # every cell in input order, measured in the main level or not, so the
    # table's rows and columns keep the run's order
    for (i = 1; i <= nkept; i++) {
        $0 = kept[i]
        if ($3 == "kind=mode_diff") continue
        kv($0, f); m = f["mode"]
        if (!(m in seenm)) { seenm[m] = 1; modes[++nm] = m }
        if ($3 != "kind=total") continue
        d = f["size_kib"] + 0; c = f["access"] "/" f["stride_bytes"]
        if (!(d in seend)) { seend[d] = 1; sizes[++nd] = d }
        if (!(c in seenc)) { seenc[c] = 1; combos[++nc] = c }
        elsewhere[cellkey(m, d, c)] = 1
    }
    for (i = 1; i <= nkept; i++) {
        $0 = kept[i]
        if (level_of_line() != mainlv) continue
        if ($3 == "kind=mode_diff") { kv($0, f); diff = num(f["c1_diff_ns"]); diff_lo = num(f["c1_diff_ns_lo"]); diff_hi = num(f["c1_diff_ns_hi"]); diff_sig = claimed() ? "yes" : "no" }
        else figure()
    }
}
# "speed level 2 (canary 0.61 ns per add, 84% of the readings)"
function level_words(l) {
    if (sl_canary[l] != "") lvcanary[l] = sl_canary[l] # the level's own median reading, else its blocks'
    if (sl_share[l] != "") lvshare[l] = sl_share[l]
    return "speed level " l " (canary " (lvcanary[l] == "" || lvcanary[l] == "NA" ? "NA" : sprintf("%.2f", lvcanary[l])) " ns per add, " \
        (lvshare[l] == "" || lvshare[l] == "NA" ? "share unknown" : sprintf("%.0f%%", 100 * lvshare[l])) " of the readings)"
}

END {
    if (nkept) replay_main()
    print "### ctxswitch: the cost of a context switch (Li, Ding and Shen, 2007)"
    print ""
    if (nm == 0) { print "No ctxswitch results in this raw file."; print ""; exit 0 }
    l1 = cfg["l1d_bytes"] / 1024; l2 = cfg["l2_bytes"] / 1024; llc = cfg["llc_bytes"] / 1024
    where_run = cfg["pinned"] == 1 ? "Both sides ran on CPU " cfg["cpu"] "." : "The OS placed the two sides (the method wants them on one CPU)."
    printf "%s Pinning: %s. Scheduling: %s. Caches of CPU %s (%s): L1d %s, L2 %s, LLC (L%s) %s, line %s B.%s\n",
        where_run, pinning, sched, cfg["cpu"], cfg["cache_source"], size(cfg["l1d_bytes"] / 1024), size(l2),
        cfg["llc_level"], size(llc), cfg["line_bytes"], disagree
    print ""
    if (lvline) {
        sub(/repetitions are left out only when the canary finds the machine slow/, "blocks are left out only when their canary readings straddle two speed levels", interference)
        sub(/a repetition with a run above/, "a block with a run above", interference)
    }
    # MAX_CELL_S=0 (run.sh's invocations) leaves no time for repetitions
    # beyond those replacing the left-out ones: it said "more until the
    # interval is within ±5% ... (cap 0 s per cell, 20 repetitions)"
    if (cfg["max_cell_s"] != "" && cfg["max_cell_s"] + 0 == 0)
        more = sprintf("and no more for precision (MAX_CELL_S=0%s); at most %s repetitions, to replace those left out",
            ninv > 1 ? sprintf(": the precision comes from the %d invocations", ninv) : "", cfg["reps_max"])
    # an older raw file without max_cell_s: it said "(cap  s per cell"
    else more = sprintf("more until the 95%% interval%s is within ±5%% or ±20 ns (cap %s, %s repetitions)", lvline ? " there" : "", (cfg["max_cell_s"] == "" ? "per cell not recorded" : cfg["max_cell_s"] " s per cell"), cfg["reps_max"])
    if (lvline)
        printf "Each repetition is cut into short blocks, each measuring what is compared back to back between two readings of the speed canary (best of the run: %s ns per add). The run's readings fall into speed levels (the modes of their density); a block counts in the level its readings lie in, and is left out when they straddle two (mixed) or another task took time from the two sides. Interference check: %s. At least %s repetitions' worth of blocks in the main level per cell, %s.\n",
            (canary == "" ? "NA" : canary), (interference == "" ? "not recorded" : interference), cfg["reps_min"], more
    else printf "Each repetition measures what is compared back to back. A repetition is left out when the speed canary ran more than 1.15× slower than its best of the run (%s ns per add) or another task took time from the two sides. Interference check: %s. At least %s clean repetitions per cell, %s.\n",
        (canary == "" ? "NA" : canary), (interference == "" ? "not recorded" : interference), cfg["reps_min"], more
    print ""
    # the headline markers pick what run.sh splices into README.md (common/headline.awk)
    print "<!-- headline:begin -->"
    if (ninv > 1) printf "**Direct cost C1** = T1/2 − T2 per repetition (T1: median pair round trip, two switches; T2: median single round trip, none), ns per switch: the mean of %d independent invocations' medians with its 95%% interval [lo, hi] (Student's, from the invocations, so it holds across runs and not only within one).%s\n", ninv,
        (dinv_min != "" && dinv_min < ninv ? sprintf(" Here C1 comes from %d of them: the %s direct blocks ran in other speed levels.", dinv_min, (ninv - dinv_min == 1 ? "other's" : "others'")) : "")
    else printf "**Direct cost C1** = T1/2 − T2 per repetition (T1: median pair round trip, two switches; T2: median single round trip, none), ns per switch, median with its 95%% interval [lo, hi]%s.\n",
        # the run's other invocations measured C1 only in other speed levels
        (inv_seen + 0 > 1 ? sprintf(", from 1 of the run's %d independent invocations: the %s direct blocks ran in other speed levels", inv_seen, (inv_seen == 2 ? "other's" : "others'")) : "")
    print ""
    if (mainlv != "")
        printf "Figures from %s, the level %s of %s: each block of round trips is compared only with blocks in its own level (%s).\n\n", level_words(mainlv), (c1main ? "with the most readings" : "C1's blocks ran in most"), ((sl_levels != "" ? sl_levels : nlv) > 1 ? "the " (sl_levels != "" ? sl_levels : nlv) " levels found" : "the run"), (cfg["blocks_per_rep"] != "" ? "each run's round trips in " cfg["blocks_per_rep"] " blocks, each between two canary readings" : "re-derived from a raw file before the blocks: each repetition one block, judged by its slowest canary")
    print "| mode | round trips per run | " (lvline ? "blocks in the level" : "clean repetitions") " | T1/2 ns | T2 ns | C1 ns | switches per round trip (voluntary + involuntary) | check |"
    print "|---|---:|---:|---:|---:|---:|---:|---|"
    csv = csvdir "/ctxswitch-direct.csv"
    print "mode,round_trips,rounds_total,rounds_used,rounds_interfered,rounds_slow,slow_share,t1_half_rt_ns,t1_half_rt_ns_lo,t1_half_rt_ns_hi,t2_rt_ns,t2_rt_ns_lo,t2_rt_ns_hi,c1_ns,c1_ns_lo,c1_ns_hi,target_reached,two_modes,lost_share_max,nvcsw_per_rt,nivcsw_per_rt,single_csw_per_rt,check,measured," LEVEL_COLS > csv
    for (i = 1; i <= nm; i++) {
        m = modes[i]
        if (!(m in c1)) continue
        print drow[m]
        print directline[m] > csv
    }
    close(csv)
    if (dmarks) print "\n\\*: the interval did not narrow to ±5% or ±20 ns; †: the repetitions fall into two modes."
    print "<!-- headline:end -->"
    print ""
    if (nd > 0) indirect_table()
    left_out()
    print "<!-- headline:begin -->"
    findings()
    print "<!-- headline:end -->"
    if (nd > 0) plot()
}

function indirect_table(   i, j, m, d, k, r, key, csv) {
    print "**Indirect cost** C2 − C1 per repetition, ns per switch, where C2 = S1/2 − S2 with each side walking its own array of D bytes"
    if (ninv > 1) {
        printf "before every write (access/stride in bytes): the mean of %s invocations' Hodges–Lehmann estimates [95%% interval]%s. \"n.s.\": no cost beyond\n",
            (tinv_min != "" && tinv_min < ninv ? "up to " ninv : ninv), (tinv_min != "" && tinv_min < ninv ? sprintf(" (as few as %d where the others measured the cell in other speed levels)", tinv_min) : "")
        printf "%s can be claimed (the interval reaches into %s); \"too busy\": too few invocations measured it; \\*: the interval did not narrow to ±5%% or ±20 ns;\n", (margin != "" ? margin_s() : "the margin (not recorded in the raw file)"), (margin != "" ? "±" margin " ns" : "it")
    } else {
        print "before every write (access/stride in bytes): Hodges–Lehmann estimate [95% interval]. \"n.s.\": not significant (Benjamini–Hochberg"
        print "q > 0.05 across this table); \"too busy\": too few clean repetitions; \\*: the interval did not narrow to ±5% or ±20 ns;"
    }
    print "†: the repetitions fall into two modes; !: the cell failed a self-check."
    print ""
    r = "| mode | D | D against the caches |"
    for (j = 1; j <= nc; j++) r = r " " combos[j] " |"
    print r
    r = "|---|---:|---|"
    for (j = 1; j <= nc; j++) r = r "---:|"
    print r
    for (i = 1; i <= nm; i++)
        for (j = 1; j <= nd; j++) {
            m = modes[i]; d = sizes[j]
            r = "| " m " | " size(d) " | " where(d) " |"
            for (k = 1; k <= nc; k++) {
                key = cellkey(m, d, combos[k])
                if (!(key in have)) { r = r ((key in elsewhere) ? " other levels only" : "") " |"; continue }
                if (cbusy[key]) r = r ((key in okany) ? " other levels only" : " too busy")
                else r = r " " (sig[key] ? ns(ind[key]) : "n.s.") " [" ns(lo[key]) ", " ns(hi[key]) "]" (target[key] ? "" : " \\*") (two[key] ? " †" : "")
                r = r (chk[key] != "ok" ? " !" : "") " |"
            }
            print r
        }
    print ""
    csv = csvdir "/ctxswitch-indirect.csv"
    print "mode,size_kib,access,stride_bytes,round_trips,rounds_total,rounds_used,rounds_interfered,rounds_slow,slow_share,c1_ns,c1_ns_lo,c1_ns_hi,c2_ns,c2_ns_lo,c2_ns_hi,indirect_ns,indirect_ns_lo,indirect_ns_hi,p,q,significant,target_reached,two_modes,lost_share_max,nvcsw_per_rt,nivcsw_per_rt,single_csw_per_rt,check,measured," LEVEL_COLS > csv
    for (i = 1; i <= ntl; i++) print totalline[i] > csv
    close(csv)
    # the experiment's headline plot; the link is relative to summary.md's
    # directory, results/ (common/headline.awk rewrites it for README.md)
    print "<!-- headline:begin -->"
    printf "![indirect cost over D](%sctxswitch-indirect.svg)\n", prefix
    print "<!-- headline:end -->"
    print ""
}

function left_out() {
    if (lvline) {
        printf "Of %d blocks, %d are in the main speed level; %d interfered with, %d mixed (their canary readings straddle two levels: the host changed speed during them) and %d ran in other levels, measured apart.", reps_total, reps_used, reps_interfered, reps_mixed, reps_other
        if (nbusy) printf " The machine was too busy to measure %d of %d indirect-cost cells in the main level (\"too busy\" in the table).", nbusy, ncells
        print ""; print ""; return
    }
    printf "Left out: %d of %d repetitions (%d interfered with, %d in a slow state of the machine: %s).", reps_total - reps_used,
        reps_total, reps_interfered, reps_slow, pct((reps_total ? reps_slow / reps_total : 0))
    if (nbusy > 8) printf " The machine was too busy to measure %d of %d indirect-cost cells (\"too busy\" in the table).", nbusy, ncells
    else if (nbusy) printf " The machine was too busy to measure %d of %d indirect-cost cell%s: %s.", nbusy, ncells, (ncells > 1 ? "s" : ""), busylist
    print ""
    print ""
}

# One curve (mode, access/stride) over D: from which D on it is significant
# and positive at every measured D, whether it grows from there (some
# later cell's interval wholly above the interval at that first D: the
# cell with the highest lower bound, so one wide interval at the largest D
# does not decide it), and what the cells below that D show.
# the margin of the claims over invocations (build/combine's margin_ns=);
# a hand-made file without one read "the  ns margin" (the table's legend
# says it is not recorded)
function margin_s() { return margin != "" ? "the " margin " ns margin" : "the margin" }
function sigword() { return ninv > 1 ? "beyond the margin" : "significant" }
function curve(m, c,   j, key, from, first, last, peak, n, below, belowsig, blo, bhi, s, nin) {
    from = 0; n = 0; nin = 0
    for (j = nd; j >= 1; j--) {
        key = cellkey(m, sizes[j], c)
        if (!(key in have) || cbusy[key]) continue
        if (!sig[key] || ind[key] <= 0) break
        from = sizes[j]
    }
    below = 0; belowsig = 0; blo = ""; bhi = ""; first = ""; last = ""; peak = ""
    for (j = 1; j <= nd; j++) {
        key = cellkey(m, sizes[j], c)
        if (!(key in have) || cbusy[key]) continue
        n++; last = key
        if (inside[key]) nin++
        if (from && sizes[j] >= from) {
            if (first == "") first = key
            else if (lo[key] != "NA" && (peak == "" || lo[key] + 0 > lo[peak] + 0)) peak = key
            continue
        }
        below++
        if (sig[key]) belowsig++
        if (lo[key] != "NA" && (blo == "" || lo[key] < blo)) blo = lo[key]
        if (hi[key] != "NA" && (bhi == "" || hi[key] > bhi)) bhi = hi[key]
    }
    s = "- " m " " c ": "
    if (n == 0) { print s "not measured (too busy at every D)."; return }
    if (!from) {
        if (belowsig) print s belowsig " of " n " measured cells " (ninv > 1 ? "beyond the margin" : "significant") ", but not at the largest measured D (" size(sizes_of(last)) ")."
        # "no cost beyond the margin" is the claim of an interval within it;
        # one reaching across it shows none (it said the first of all-unclear cells)
        else if (ninv > 1 && nin < n) print s "no cost shown beyond " margin_s() " at any measured D (" n " cell" (n > 1 ? "s" : "") ", " \
            (nin ? (n - nin) " of them unclear" : n > 1 ? "all unclear" : "unclear") ": " (n - nin == 1 ? "its interval reaches" : "their intervals reach") " across the margin)."
        else print s (ninv > 1 ? "no cost beyond " margin_s() : "not significant") " at any measured D (" n " cell" (n > 1 ? "s" : "") ")."
        return
    }
    s = s (ninv > 1 ? "a cost beyond " margin_s() : "significant") " at every measured D from " size(from) " on"
    if (first == last)
        s = s " (" est(ind[first], lo[first], hi[first]) ")"
    else if (peak != "" && hi[first] != "NA" && lo[peak] + 0 > hi[first] + 0)
        s = s ", growing with D: " est(ind[first], lo[first], hi[first]) " at " size(from) ", " est(ind[peak], lo[peak], hi[peak]) \
            " at " size(sizes_of(peak))
    else
        s = s ", not measurably growing (no interval above " size(from) " lies above the one at " size(from) ")"
    if (below)
        s = s "; below " size(from) ": " (below == 1 ? "one cell, " (belowsig ? "" : "not ") sigword() : (belowsig ? belowsig " of " below : "none of " below) " cells " sigword()) \
            (blo != "" ? ", interval" (below > 1 ? "s" : "") " within " ci(blo, bhi) " ns" : "")
    print s "."
}
# While both arrays fit in L1d the switch can only evict a little of them:
# the range of those cells' estimates and intervals, over every curve.
function small_d(   i, j, c, key, n, nsig, elo, ehi, blo, bhi, top1) {
    n = 0; nsig = 0; top1 = 0
    for (i = 1; i <= nm; i++)
        for (j = 1; j <= nd; j++)
            for (c = 1; c <= nc; c++) {
                key = cellkey(modes[i], sizes[j], combos[c])
                if (!(key in have) || cbusy[key] || 2 * sizes[j] > l1 || ind[key] == "NA") continue
                if (sizes[j] > top1) top1 = sizes[j]
                if (n == 0 || ind[key] < elo) elo = ind[key]
                if (n == 0 || ind[key] > ehi) ehi = ind[key]
                if (lo[key] != "NA" && (blo == "" || lo[key] < blo)) blo = lo[key]
                if (hi[key] != "NA" && (bhi == "" || hi[key] > bhi)) bhi = hi[key]
                n++; nsig += sig[key]
            }
    if (n == 0) return
    printf "- While both arrays fit in L1d (2D ≤ %s; measured up to D = %s), the indirect costs' estimates run from %s to %s ns%s; %d of %d such cells %s %s.\n",
        size(l1), size(top1), ns(elo), ns(ehi), (blo == "" ? "" : " and every interval lies within " ci(blo, bhi) " ns"), nsig, n, (nsig == 1 ? "is" : "are"), sigword()
}
function sizes_of(key,   p) { split(key, p, SUBSEP); return p[2] }
# C1 in the other speed levels: the fastest level's when it had enough
# blocks, and where a level's C1 differs from the main level's beyond the
# margin (the nearest ends of the two intervals more than 20 ns apart)
function level_findings(   i, j, l, m, s, d, gap) {
    s = ""
    if (mainlv != 1 && (1 in lvseen))
        for (i = 1; i <= nm; i++) {
            m = modes[i]
            if (((1, m) in lvc1) && !lvbusy[1, m]) s = s (s ? ", " : "") est(lvc1[1, m], lvlo[1, m], lvhi[1, m]) " between " m (m == "process" ? "es" : "s")
        }
    if (s != "") print "- In the fastest level, " level_words(1) ", C1 is " s "."
    else if (mainlv != 1 && (1 in lvseen)) print "- The fastest level, " level_words(1) ", had too few blocks for a C1 of its own."
    d = ""
    for (j = 1; j <= nlv; j++) {
        l = lvlist[j]
        if (l == mainlv) continue
        for (i = 1; i <= nm; i++) {
            m = modes[i]
            if (!((l, m) in lvc1) || !((mainlv, m) in lvc1) || lvbusy[l, m] || lvbusy[mainlv, m] || lvlo[l, m] == "NA" || lvlo[mainlv, m] == "NA") continue
            gap = lvlo[l, m] - lvhi[mainlv, m]
            if (lvlo[mainlv, m] - lvhi[l, m] > gap) gap = lvlo[mainlv, m] - lvhi[l, m]
            if (gap > LEVEL_MARGIN) d = d (d ? "; " : "") m (m == "process" ? "es" : "s") " " est(lvc1[l, m], lvlo[l, m], lvhi[l, m]) " in level " l
            else nsame++
        }
    }
    if (d != "") printf "- C1 differs between speed levels beyond the %d ns margin (the intervals more than that apart), against the main level's above: %s. Each level's figures are its own; none pools two levels.\n", LEVEL_MARGIN, d
    else if (nsame) printf "- C1 in the other speed levels does not differ from the main level's beyond the %d ns margin as far as the intervals show.\n", LEVEL_MARGIN
}
# what the kernel's mitigations add to switches, from the provenance lines;
# gap: process switches were shown dearer (else it spoke of "the gap" where
# the interval showed none)
function mitigations(gap,   s) {
    if (!vuln_seen) return ""
    if (pti) s = " This kernel isolates its page tables from user space (PTI, the Meltdown mitigation): every system call and every return to user space changes page tables, so both modes pay it on each pipe call, and an address-space switch adds its own TLB refill on top."
    if (ibpb) s = s " It can also issue a branch-predictor barrier (IBPB) when it switches to another process, never between threads of one process: " (gap ? "part of the gap." : "it would be part of a gap, and none is shown here.")
    if (spectre2 && !pti && !ibpb) s = s " Its Spectre v2 mitigation (retpolines or IBRS) slows every indirect branch in the kernel, in both modes alike."
    if (!pti && !ibpb) s = s " It reports no page-table isolation (PTI) and no branch-predictor barrier on switches, so " (gap ? "the gap is" : "a gap, where one shows, would be") " the address-space switch itself: page tables, TLB and cache state."
    return s
}

function findings(   i, m, c, s, top, key8, key128) {
    print "Findings (generated from the raw file):"
    print ""
    s = ""
    for (i = 1; i <= nm; i++) {
        m = modes[i]
        if (!(m in c1)) continue
        s = s (s ? "; " : "") (m == "process" ? "between processes " : "between threads ") \
            (dbusy[m] ? "the machine was too busy to measure it" : est(c1[m], c1lo[m], c1hi[m]))
    }
    if (s != "") {
        s = "- Direct cost C1 per switch: " s "."
        if (diff != "" && !dbusy["process"] && !dbusy["thread"]) {
            if (diff_sig == "yes" && diff_lo > 0)
                s = s " Switching the address space adds " est_note(diff, diff_lo, diff_hi, "process − thread, paired per repetition") "."
            else if (diff_sig == "yes")
                s = s " Process switches are cheaper than thread switches here: " est_note(diff, diff_lo, diff_hi, "process − thread, paired per repetition") "."
            else
                s = s (ninv > 1 ? " No difference beyond " margin_s() " can be claimed: " : " The difference is not significant: ") est_note(diff, diff_lo, diff_hi, "process − thread, paired per repetition") "."
            s = s mitigations(diff_sig == "yes" && diff_lo > 0)
        }
        print s
    }
    if (mainlv != "") level_findings()
    s = ""
    for (i = 1; i <= nm; i++)
        if ((modes[i] in c1) && !dbusy[modes[i]]) s = s (s ? ", " : "") est(t1[modes[i]], t1lo[modes[i]], t1hi[modes[i]]) " for " modes[i] (modes[i] == "process" ? "es" : "s")
    if (s != "")
        print "- T1/2, the figure `perf bench sched pipe` reports as usecs/op ÷ 2 (a switch plus one write and one read): " s "."
    if (nd == 0) { print ""; return }
    top = sizes[nd]
    small_d()
    for (i = 1; i <= nm; i++)
        for (c = 1; c <= nc; c++)
            if ((cellkey(modes[i], top, combos[c]) in have) || (cellkey(modes[i], sizes[1], combos[c]) in have)) curve(modes[i], combos[c])
    # the model's expectation, not a reading of this run (it said "the cost is
    # largest where ..." beside curves that rose only beyond L2)
    if (l2 > 0 && 2 * top > l2)
        print "- Once 2D passes a cache (L1d, then L2) the two arrays no longer fit in it together, and every switch refills it with the other side's data; the method expects the cost to rise most where D still fits and 2D does not, since then the single run keeps its array in that cache (the lines above say whether it did here)."
    if (nneg) printf "- %d cell%s show%s a negative indirect cost %s (the pair's walks came out faster than the single run's): %s%s. The method assumes that a side walks its array as fast in the pair as in the single run, apart from what the switch evicts; a negative figure means that assumption fails at this D: the walk itself ran faster between switches than in one process that writes and reads its own pipe, for reasons this method cannot separate (how the other side's walk and the pipe's kernel work leave the caches, the TLB and the prefetchers%s). Read these cells as no indirect cost this method can measure, not as a gain from switching.\n",
        nneg, (nneg > 1 ? "s" : ""), (nneg > 1 ? "" : "s"), (ninv > 1 ? "beyond " margin_s() : "that is significant"), neglist6, (nneg > 6 ? " and " (nneg - 6) " more" : ""), (pti ? "; with page-table isolation every system call also changes page tables" : "")
    if (llc > 0 && top > llc)
        s = sprintf("- The sweep reaches D = %s, %.2f × the LLC (%s). Beyond the LLC", size(top), top / llc, size(llc))
    else {
        s = "- The sweep stops at D = " size(top) (l2 > 0 && 100 * top >= l2 ? sprintf(" (%.2f × L2)", top / l2) : "") ", "
        if (l2 > 0 && 2 * top <= l2) s = s "where both arrays still fit in L2: neither the L2 knee nor the LLC knee is measured"
        else s = s (llc > 0 ? "below the LLC (" size(llc) "): the LLC knee is not measured" : "and no LLC size is known")
        printf "%s (SIZES= or MAX_KIB= reach further).\n", s
        s = "- At the largest D"
    }
    key8 = cellkey(modes[1], top, "rmw/8"); key128 = cellkey(modes[1], top, "rmw/128")
    if ((key8 in have) && (key128 in have) && !cbusy[key8] && !cbusy[key128] && sig[key8] && sig[key128]) {
        printf "%s (%s, %s), rmw at stride 128 costs %s and at stride 8 %s: ", s, size(top), modes[1], est(ind[key128], lo[key128], hi[key128]), est(ind[key8], lo[key8], hi[key8])
        if (lo[key128] + 0 > hi[key8] + 0)
            printf "stride 128 costs more (the intervals do not overlap); it comes back to each %s-byte line %d times per walk instead of reading it through once.\n", cfg["line_bytes"], cfg["line_bytes"] / 8
        else if (lo[key8] + 0 > hi[key128] + 0)
            print "stride 8 costs more (the intervals do not overlap)."
        else
            print "the intervals overlap, so neither is shown to cost more."
    } else if ((key8 in have) && (key128 in have))
        printf "%s (%s, %s), stride 8 and 128 cannot be compared: at least one cost is not %s or not measured.\n", s, size(top), modes[1], sigword()
    if (ncells) {
        if (ninv > 1) printf "- %d of %d measured indirect costs %s beyond %s, %d within it (no cost beyond the margin), and %d %s across it (unclear).", nmeasured - nns, nmeasured, (nmeasured - nns == 1 ? "lies" : "lie"), margin_s(), nwithin, nns - nwithin, (nns - nwithin == 1 ? "reaches" : "reach")
        else printf "- %d of %d measured indirect costs %s not significant (q > 0.05).", nns, nmeasured, (nns == 1 ? "is" : "are")
        if (nnotarget) printf " %d interval%s did not narrow to ±5%% or ±20 ns within the cap (marked \\*).", nnotarget, (nnotarget > 1 ? "s" : "")
        if (ntwo) printf " In %d cell%s the repetitions fall into two modes (marked †): the machine changed state during the cell.", ntwo, (ntwo > 1 ? "s" : "")
        print ""
    }
    if (ninv > 1) {
        printf "- Between runs: %s %d independent invocations spread over the run%s; in %d of %d figures more than half of the invocations' spread lay between them, beyond what their own repetitions explain.", (ninv_min < ninv ? "the figures come from up to" : "every figure comes from"), ninv, (ninv_min < ninv ? sprintf(" (some from as few as %d: the others measured them in other speed levels)", ninv_min) : ""), nbetween, nshare
        if (nplace + 0 > 1) printf " The host moved the CPUs during the run (the hand-off probe around the invocations saw %d placements); both sides of every switch run on one CPU, so these figures pool all invocations.", nplace
        print ""
    }
    if (nbad == 0 && ncells)
        printf "- Every cell passed the self-checks: %.3f to %.3f switches per round trip in pair runs (%.3f to %.3f of them voluntary%s), at most %.3f in single runs, no CPU migrations.\n",
            amin, amax, vmin, vmax, (cfg["sched"] == "fifo" ? "" : "; without SCHED_FIFO the woken side preempts the writer"), samax
    else if (nbad)
        printf "- %d cells failed a self-check (marked !): %s.\n", nbad, bad
    print ""
}

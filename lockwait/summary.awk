# lockwait/summary.awk - the lockwait section of results/summary.md, from the
# raw file lockwait/exp.sh writes; the plots are drawn in lib_plots.awk, the
# verdicts worded in lib_findings.awk. Usage (common/lib.sh loads those first):
#   summary_awk awk -v csvdir=DIR [-v prefix=quick-] lockwait/summary.awk results/lockwait-raw.txt
# Writes DIR/lockwait-overhead.csv, lockwait-profile.csv, lockwait-cache.csv,
# lockwait-critpath.csv, lockwait-whatif.csv, DIR/lockwait-cache-critpath.svg (the cache
# scenario's critical path) and DIR/lockwait-cache-flame.svg (its waits by
# stack, lock and thread; a wait apart from contention ends in lock[idle],
# lock[join] or lock[barrier]).
# POSIX awk; identical output under mawk, gawk and original-awk.
#
# Input lines (see exp.sh): "RESULT exp=lockwait kind=K key=value ...
# scenario=S variant=bare|wrapped|traced rep=N", where kind is
#   workload (lockwait_workload), process/lock/blocker/thread (liblockwait.so),
#   critpath/critpath_thread/critpath_lock/critpath_seg/waitblock/tail
#   (lockwait_report on the traced run), folded (its -f lines: exp.sh),
#   whatif_check (exp.sh: the what-if prediction against the measurement), and
#   the run's settings: "RESULT exp=lockwait kind=config reps_min=N
#   max_cell_s=S target_ratio=X online_cpus=N slow_canary=F canary_best_ns=X
#   preload=0|1".
#
# Every statistic is in the raw file already, computed by `lockwait_pairs
# intervals` (lockwait/pairs_intervals.c; in older raw files by build/stats
# in exp.sh); this script only formats. The pairs used are those of each
# scenario's main speed level (pairs_basis=level; older files: the clean
# ones, pairs_basis=clean|all):
#   kind=pair      per pair: speed_level (0: mixed), slow_share, used
#   kind=speed_level  per scenario and level: canary_ns, pairs (an uncombined file)
#   kind=speed_level_run  per level of the run (build/combine; it drops the
#                  invocations' own speed_level lines): canary_ns
#   kind=speed_level_inv  (build/combine) each invocation's own speed_level
#                  line again, with speed_level= the run's level it belongs
#                  to: the pairs per scenario and level over every
#                  invocation. The kind=pair lines after build/combine are
#                  one invocation's, with that invocation's own level numbers
#                  (found per scenario), so they count the pairs only in an
#                  uncombined file
#   kind=overhead  per scenario: wrapped/bare wall time per used pair, its
#                  Hodges-Lehmann estimate and 95% interval as percent
#                  (overhead_pct, overhead_pct_lo, overhead_pct_hi), p, q
#                  (Benjamini-Hochberg across the scenarios), pairs_used,
#                  pairs_total, pairs_mixed and pairs_other (older:
#                  pairs_slow), pairs_min (REPS), target_reached, two_modes
#   kind=runs      medians over the used pairs' runs with 95% intervals:
#                  bare_ms, wrapped_ms, *_kops_per_s, wait_share (blocked /
#                  (threads x wall)), sleep_share (asleep / blocked),
#                  contended_share (contended / acquisitions), bare_nvcsw
#                  and wrapped_nvcsw (sleeps: voluntary context switches
#                  of the timed region)
#   kind=latency   cache: p50_us, p99_us, max_us per variant, the same way
#   kind=whatif_check  per scenario it applies to: predicted_saving_pct
#                  with _lo/_hi (lockwait_report --what-if at hold_factor:
#                  the median over traces_count traces; the free lock's
#                  at 0: predicted_free_saving_pct; with the lone
#                  stretches gone: predicted_lonefree_saving_pct; in the
#                  trace's order: predicted_ordered_saving_pct; the
#                  traces' span over the bare runs: traced_bare_ratio),
#                  measured_saving_pct with _lo/_hi (the interval of the
#                  half/full wall time of the what-if pairs), their pairs,
#                  full_nvcsw and half_nvcsw (medians with intervals)
#   kind=failed_run  a run that failed and was run again (run_checked in
#                  lockwait/pairs.c): scenario, variant, rep, status
#   top lock    the lock with the most wait in the traced run; top blocker:
#               the thread behind most of that wait (lockwait_report's
#               wait-block view); path share: the lock's share of the
#               critical path (its critical sections + waits left on it)
# A scenario is too busy to measure when fewer than pairs_min pairs lie in
# its main level (older: were clean, or more than half were slow); its
# overhead is not printed.

function val(key) {
    return (key in F) ? F[key] : ""
}

function pct(x) { return sprintf("%.1f%%", 100 * x) }

function add_scenario(s) {
    if (!(s in seen)) { seen[s] = 1; order[++nsc] = s }
}

# keep the figure KEY of the current line, and its interval, as S:KEY
function keep(s, key) {
    fig[s, key] = val(key); fig[s, key "_lo"] = val(key "_lo"); fig[s, key "_hi"] = val(key "_hi")
}

# "12.34 (12.01..12.80)" from a figure and its interval (NA: no interval);
# a share (scale 100, suffix %) or a plain number. Each is 0 or more, and a
# share at most 1: an interval over a few invocations (Student's, two of
# them: 12.7 standard errors) is cut there, not shown as a negative time.
function withci(s, key, scale, fmt, suffix,    v, lo, hi) {
    v = fig[s, key]; lo = fig[s, key "_lo"]; hi = fig[s, key "_hi"]
    if (v == "" || v == "NA") return "-"
    v = sprintf(fmt, scale * v) suffix
    if (lo == "NA" || hi == "NA" || lo == "" || hi == "") return v
    if (lo + 0 < 0) lo = 0
    if (suffix == "%" && hi + 0 > 1) hi = 1
    return v " (" sprintf(fmt, scale * lo) ".." sprintf(fmt, scale * hi) ")"
}

# the same for a CSV: value,lo,hi with empty fields for NA
function csvci(s, key,    i, k, out) {
    out = ""
    for (i = 1; i <= 3; i++) {
        k = i == 1 ? key : i == 2 ? key "_lo" : key "_hi"
        out = out (i > 1 ? "," : "") (fig[s, k] == "NA" ? "" : fig[s, k])
    }
    return out
}

# too busy to measure: fewer clean pairs than REPS, or more than half slow;
# by speed level (pairs_basis=level): fewer than REPS pairs in the level
function too_busy(used, min, slow, total, basis) {
    return used + 0 < min + 0 || (basis != "level" && 2 * slow > total + 0)
}
# (a figure from all the pairs, the fallback of exp.sh before the speed levels, is
# measured: its interval carries the noise)
function busy(s) { return ov_basis[s] != "all" && too_busy(ov_used[s], ov_min[s], ov_slow[s], ov_total[s], ov_basis[s]) }
# why a scenario could not be measured: "15 of 20 pairs in a slow state" or
# "3 of 20 pairs in one speed level"
function busy_why(used, slow, total, basis) {
    if (basis == "level") return sprintf("only %d of %d pairs in one speed level", used, total)
    return sprintf("%d of %d pairs in a slow state", slow, total)
}
# a raw file of pairs by speed level: the pairs not used; before, the slow ones
function left_out(line) {
    if (kv_get(line, "pairs_basis") != "level") return kv_get(line, "pairs_slow")
    return kv_get(line, "pairs_total") - kv_get(line, "pairs_used")
}

function has_ci(s) { return ov_lo[s] != "NA" && ov_hi[s] != "NA" }

# "36 / 9500": the median sleeps per run, bare and wrapped ("-" when missing)
function sleeps(s, a, b,    x, y) {
    x = fig[s, a]; y = fig[s, b]
    return (x == "" || x == "NA" ? "-" : sprintf("%.0f", x)) " / " (y == "" || y == "NA" ? "-" : sprintf("%.0f", y))
}
# 1 when the preloaded program sleeps more than 20% more or less than the
# bare one (and by more than a few sleeps): then it is not the bare program.
# With the paired ratio's interval (kind=overhead sleeps_ratio), only when
# the whole interval lies beyond the fifth; 2 when its estimate does but the
# interval reaches back within it (not shown to differ); 3 when it does and
# too few pairs gave no interval (QUICK's one: sleeps vary several-fold from
# run to run). Without the paired ratio (an older raw file), the medians.
function sleeps_differ(s,    b, w) {
    b = fig[s, "bare_nvcsw"]; w = fig[s, "wrapped_nvcsw"]
    if (b == "" || b == "NA" || w == "" || w == "NA") return 0
    if (!(w - b >= 10 || b - w >= 10)) return 0
    if (sleeps_paired(s) && (sl_lo[s] + 0 > 1.2 || sl_hi[s] + 0 < 0.8)) return 1
    if (sl[s] != "" && sl[s] != "NA") return (sl[s] + 0 > 1.2 || sl[s] + 0 < 0.8) ? (sleeps_paired(s) ? 2 : 3) : 0
    return (w + 0 > 1.2 * b || w + 0 < 0.8 * b)
}
# 1 when s has the paired sleeps ratio with both ends of its interval
function sleeps_paired(s) {
    return sl[s] != "" && sl[s] != "NA" && sl_lo[s] != "" && sl_lo[s] != "NA" && sl_hi[s] != "" && sl_hi[s] != "NA"
}
# 1 when s sleeps more under the preload: by the paired ratio when it
# decides (the medians of two skewed counts can point the other way)
function sleeps_more(s) { return sleeps_paired(s) ? sl[s] + 0 > 1 : fig[s, "wrapped_nvcsw"] + 0 > fig[s, "bare_nvcsw"] + 0 }
# " (x0.71, 0.55..0.90)": the paired sleeps ratio and its interval, when known
function sleeps_ratio(s) {
    if (sl[s] == "" || sl[s] == "NA") return ""
    return sprintf(" (x%.2f%s)", sl[s], sleeps_paired(s) ? sprintf(", %.2f..%.2f", sl_lo[s], sl_hi[s]) : "")
}
function sleeps_mark(s,    d) { d = sleeps_differ(s); return d == 1 ? " !" : d >= 2 ? " ?" : "" }

# "22/22 all" for a figure from every pair, slow ones included
function used_of(used, total, basis) { return sprintf("%d/%d%s", used, total, basis == "all" ? " all" : "") }
# what the pairs of s saw: "of 23 pairs, 15 in level 2 (canary 0.58 ns), 5
# in level 1 (canary 0.33 ns), 3 mixed", the levels by pairs, most first
# (the mixed pairs first when they give the figures: "12 mixed (used)").
# After build/combine: the run's levels, the pairs of every invocation (the
# counts of the table); else the pair lines of the one invocation.
function levels_seen(s,    k, j, best, out, done, c, n, lv, pairs) {
    if (s in inlv_max) {
        n = ov_mixed[s] + 0; lv = inlv_max[s]
        for (k = 1; k <= lv; k++) { pairs[k] = inlv_pairs[s, k] + 0; n += pairs[k] }
        pairs[0] = ov_mixed[s] + 0
    } else {
        n = npair[s]; lv = nlv[s]
        for (k = 0; k <= lv; k++) pairs[k] = lvpairs[s, k] + 0
    }
    out = sprintf("of %d pair%s", n, n == 1 ? "" : "s")
    if (ov_level[s] == "0" && pairs[0] > 0) out = out sprintf(", %d mixed (used)", pairs[0])
    split("", done)
    for (j = 1; j <= lv; j++) {
        best = 0
        for (k = 1; k <= lv; k++)
            if (!(k in done) && pairs[k] > 0 && (best == 0 || pairs[k] > pairs[best])) best = k
        if (best == 0) break
        done[best] = 1
        c = (s in inlv_max) ? "" : lvcanary[s, best]
        if (c == "" && runcanary[best] != "") c = sprintf("%.3f", runcanary[best])
        out = out sprintf(", %d in level %d", pairs[best], best) (c == "" ? "" : sprintf(" (canary %s ns)", c))
    }
    if (ov_level[s] != "0" && pairs[0] > 0) out = out sprintf(", %d mixed", pairs[0])
    return out
}
# the figures of s's runs and latency lines of the overhead line's speed
# level (build/combine prints a line per level; older files have one)
function runs_of(s,    l, v, vs) {
    l = ((s, ov_level[s]) in runs_line) ? runs_line[s, ov_level[s]] : runs_any[s]
    if (l == "") return
    kv(l, F); runs[s] = val("runs")
    keep(s, "bare_ms"); keep(s, "wrapped_ms"); keep(s, "bare_kops_per_s"); keep(s, "wrapped_kops_per_s")
    keep(s, "wait_share"); keep(s, "sleep_share"); keep(s, "contended_share")
    keep(s, "bare_nvcsw"); keep(s, "wrapped_nvcsw")
    split("bare wrapped", vs, " ")
    for (v = 1; v <= 2; v++) {
        l = ((s, vs[v], ov_level[s]) in lat_line) ? lat_line[s, vs[v], ov_level[s]] : lat_any[s, vs[v]]
        if (l == "") continue
        kv(l, F); keep(s SUBSEP vs[v], "p50_us"); keep(s SUBSEP vs[v], "p99_us"); keep(s SUBSEP vs[v], "max_us")
    }
}
# a CSV field: empty for NA
function nacsv(x) { return x == "NA" ? "" : x }

/^RESULT / {
    kv($0, F)
    if (val("exp") != "lockwait") next
    s = val("scenario"); v = val("variant"); k = val("kind")
    if (k == "config") {
        cpus = val("online_cpus"); reps_min = val("reps_min"); slow_factor = val("slow_canary")
        target = val("target_ratio"); cap_s = val("max_cell_s")
    }
    if (k == "process" && val("counter") != "") { # liblockwait's report: what stamped its waits
        nproc++
        if (val("counter") == 1) ncounter++
    }
    if (k == "speed_level_run") { runcanary[val("level")] = val("canary_ns"); if (val("level") + 0 > nrunlv) nrunlv = val("level") + 0 } # build/combine: the run's levels
    if (k == "speed_level_inv" && s != "" && (val("check") == "" || val("check") == "overhead")) {
        inlv_pairs[s, val("speed_level")] += val("pairs")
        if (val("speed_level") + 0 > inlv_max[s] + 0) inlv_max[s] = val("speed_level") + 0
    }
    if (s == "") next
    add_scenario(s)
    if (k == "workload") {
        threads[s] = val("threads")
        if (v == "wrapped") anywrapped = 1
    } else if (k == "overhead") {
        # build/combine pools no two speed levels: where the invocations of a
        # scenario had different main levels, it has a line per level. The
        # tables show the one of the most invocations (ties: the most pairs
        # used); its pairs used/total and the sentence count every pair.
        sc_lines[s]++; sc_total[s] += val("pairs_total"); sc_mixed[s] += val("pairs_mixed")
        sc_inv[s] += val("invocations_total") == "" ? 1 : val("invocations_total")
        if (sc_lines[s] > 1 && (val("invocations") + 0 < ov_inv[s] || (val("invocations") + 0 == ov_inv[s] && val("pairs_used") + 0 <= ov_used[s] + 0))) next
        if (sc_lines[s] == 1) nov++
        ov_level[s] = val("speed_level"); ov_invt[s] = val("invocations_total")
        # build/combine's canary_ns is the run level's; one invocation's line has its own level's only
        ov_canary[s] = val("canary_ns") != "" ? val("canary_ns") : val("speed_canary_ns")
        ov[s] = val("overhead_pct"); ov_lo[s] = val("overhead_pct_lo"); ov_hi[s] = val("overhead_pct_hi")
        ov_p[s] = val("p"); ov_q[s] = val("q"); ov_used[s] = val("pairs_used"); ov_total[s] = val("pairs_total")
        ov_slow[s] = left_out($0); ov_min[s] = val("pairs_min"); ov_reached[s] = val("target_reached")
        ov_mixed[s] = val("pairs_mixed")
        ov_modes[s] = val("two_modes"); ov_basis[s] = val("pairs_basis")
        sl[s] = val("sleeps_ratio"); sl_lo[s] = val("sleeps_ratio_lo"); sl_hi[s] = val("sleeps_ratio_hi")
        # several invocations (build/combine): the mean of theirs, Student's interval across them
        ov_inv[s] = val("invocations") + 0; ov_imin[s] = val("inv_min"); ov_imax[s] = val("inv_max")
        if (ov_inv[s] > 1) ninv = ov_inv[s]
        if (ov_basis[s] == "all") nall++
        if (ov_basis[s] == "level") nlevel++
    } else if (k == "runs") { # kept per speed level: the tables take the overhead line's (END)
        runs_line[s, val("speed_level")] = $0; runs_any[s] = $0
    } else if (k == "whatif_check") {
        wi[s] = 1; wi_fac[s] = val("hold_factor"); wi_cs[s] = val("cs_ns"); wi_half[s] = val("half_cs_ns")
        wi_lock[s] = val("lock"); wi_pred[s] = val("predicted_saving_pct"); wi_free[s] = val("predicted_free_saving_pct")
        wi_lonefree[s] = val("predicted_lonefree_saving_pct"); wi_ordered[s] = val("predicted_ordered_saving_pct"); wi_traced[s] = val("traced_bare_ratio")
        wi_pred_lo[s] = val("predicted_saving_pct_lo"); wi_pred_hi[s] = val("predicted_saving_pct_hi"); wi_traces[s] = val("traces_count")
        wi_used[s] = val("pairs_used"); wi_total[s] = val("pairs_total"); wi_slow[s] = left_out($0); wi_min[s] = val("pairs_min")
        wi_basis[s] = val("pairs_basis"); wi_level[s] = val("speed_level"); wi_canary[s] = val("speed_canary_ns")
        if (wi_basis[s] == "all") nall++
        keep(s, "measured_saving_pct"); keep(s, "full_nvcsw"); keep(s, "half_nvcsw")
    } else if (k == "latency") {
        haslat[s, v] = 1; lat_line[s, v, val("speed_level")] = $0; lat_any[s, v] = $0
    } else if (k == "failed_run") {
        failed_txt = failed_txt (nfailed++ ? "; " : "") s " " v " pair " val("rep") " (" val("status") ")"
    } else if (k == "pair") {
        npair[s]++
        if (val("slow") == 1) nslow[s]++
        if (val("speed_level") != "") { lvpairs[s, val("speed_level")]++; if (val("speed_level") > nlv[s]) nlv[s] = val("speed_level") }
    } else if (k == "speed_level" && val("check") == "overhead") { # lockwait_pairs: the canary's speed in a level
        lvcanary[s, val("level")] = val("canary_ns")
    } else if (k == "thread" && v == "traced") {
        tname[s, val("tid")] = val("name"); tmain[s, val("tid")] = val("main")
    } else if (k == "lock" && v == "traced") {
        if (!((s) in topw) || val("wait_ns") + 0 > topw[s] + 0) {
            topw[s] = val("wait_ns"); toplock[s] = val("lock")
            toplabel[s] = val("type") " " val("site")
        }
    } else if (k == "waitblock" && v == "traced") {
        wb[s, val("lock"), val("blocker")] += val("wait_ns")
        wbtot[s, val("lock")] += val("wait_ns")
        if (!((s SUBSEP val("lock") SUBSEP val("blocker")) in wbseen)) {
            wbseen[s, val("lock"), val("blocker")] = 1
            wbl[s, val("lock"), ++nwb[s, val("lock")]] = val("blocker")
        }
    } else if (k == "critpath" && v == "traced") {
        cp_path[s] = val("path_ns"); cp_work[s] = val("work_ns"); cp_cs[s] = val("cs_ns")
        cp_wait[s] = val("wait_ns"); cp_hand[s] = val("handoff_ns")
    } else if (k == "critpath_thread" && v == "traced") {
        if (val("share") + 0 > cp_topshare[s] + 0) { cp_topshare[s] = val("share"); cp_toptid[s] = val("tid") }
    } else if (k == "critpath_lock" && v == "traced") {
        cp_lock[s, val("lock")] = val("share")
    } else if (k == "critpath_seg" && v == "traced" && s == "cache") {
        nseg++
        seg_tid[nseg] = val("tid"); seg_s[nseg] = val("start_ns"); seg_e[nseg] = val("end_ns")
        seg_state[nseg] = val("state")
        if (val("end_ns") + 0 > seg_span) seg_span = val("end_ns") + 0
        if (!(val("tid") in rowof)) { rowof[val("tid")] = nrow + 0; rowtid[nrow + 0] = val("tid"); nrow++ }
    } else if (k == "folded" && v == "traced" && s == "cache") {
        fold_add(val("folded"), val("wait_ns") + 0)
    } else if (k == "tail" && v == "traced") {
        tail_n[s] = val("requests"); tail_lock[s] = val("lock_share")
        tail_comp[s] = val("compile_share"); tail_lat[s] = val("latency_ns")
    }
    next
}


# a table's start: a blank line, its caption, a blank line, the markdown
# header and rule (head), and the header line of its CSV file csvf
function table_start(caption, head, csvhead, csvf) {
    print ""
    print caption
    print ""
    print head
    print csvhead > csvf
}

function name_of(s, tid) {
    if ((s SUBSEP tid) in tname) return tname[s, tid]
    return "tid " tid
}
function top_blocker(s,    l, i, b, best, bw) {
    l = toplock[s]; best = ""; bw = -1
    for (i = 1; i <= nwb[s, l]; i++) {
        b = wbl[s, l, i]
        if (b == "handoff" || b == "unknown") continue
        if (wb[s, l, b] + 0 > bw) { bw = wb[s, l, b] + 0; best = b }
    }
    if (best == "") return "-"
    # under half a percent: "<1%", not "(0%)" (most of the wait was handoffs)
    return sprintf("%s (%s)", name_of(s, best), 100 * bw / wbtot[s, l] < 0.5 ? "<1%" : sprintf("%.0f%%", 100 * bw / wbtot[s, l]))
}

END {
    csv1 = csvdir "/lockwait-overhead.csv"
    csv4 = csvdir "/lockwait-profile.csv"
    csv2 = csvdir "/lockwait-cache.csv"
    csv3 = csvdir "/lockwait-critpath.csv"
    csvw = csvdir "/lockwait-whatif.csv"
    svg = csvdir "/lockwait-cache-critpath.svg"

    print "### lockwait: lock contention, the profiler's overhead and the critical path"
    print ""
    if (nsc == 0) {
        print "No lockwait results in this raw file."
        exit
    }
    for (i = 1; i <= nsc; i++) { allpairs += npair[order[i]]; allslow += nslow[order[i]]; runs_of(order[i]) }
    for (s in sc_lines)
        if (sc_lines[s] > 1) { ov_total[s] = sc_total[s]; ov_slow[s] = ov_total[s] - ov_used[s]; ov_mixed[s] = sc_mixed[s] }
    cleanw = nlevel ? "used" : "clean" # pairs by speed level (lockwait_pairs) or, before, clean ones
    if (anywrapped) {
        printf "Each scenario ran bare and under `liblockwait.so` in interleaved pairs: at least %s " (nlevel ? "pair%s in one speed level" : "clean pair%s") ", ", reps_min, (reps_min == 1 ? "" : "s")
        if (cap_s + 0 > 0)
            printf "then more until the overhead's 95%% interval was within %.0f point of wall time or the scenario had run %s s (MAX_CELL_S).", 100 * target, cap_s
        else
            printf "and no more (MAX_CELL_S=0: no time for the %.0f-point target).", 100 * target
        print " One more traced run per scenario feeds `lockwait_report`."
    } else
        printf "Each scenario ran bare, at least %s " cleanw " runs; the preload library is Linux-only, so nothing else ran.\n", reps_min
    if (nlevel) { # build/lockwait_pairs: pairs by speed level
        printf "A speed canary (a one-cycle add chain) ran before each run and after each pair. Its readings fall into speed levels (level 1 the fastest; the host changes speed many times a second); a pair whose readings lie in two levels is mixed (the host changed speed during it). Each scenario's figures come from the level most of its pairs lie in, or from its mixed pairs when more are mixed than lie in any one level (each run then averages over the speeds it met, and each pair still compares two adjacent runs in alternating order); the other pairs are left out and replaced, none thrown away for a slow host:"
        for (i = 1; i <= nsc; i++) {
            s = order[i]
            if (!npair[s]) continue
            printf "%s %s %s", (i > 1 ? ";" : ""), s, levels_seen(s)
            if (sc_lines[s] > 1)
                printf " (the invocations' main levels differed, and levels are never pooled: the figures are %s, from %d of the %d invocations)", (ov_level[s] == "0" ? "the mixed pairs'" : "level " ov_level[s] "'s"), ov_invt[s], sc_inv[s]
        }
        print "."
    } else
        printf "A speed canary (a one-cycle add chain, `build/stats canary`) ran before each run and after each pair; %d of %d pairs ran it more than %sx slower than the best seen and %s and replaced.\n", allslow, allpairs, slow_factor, (allslow == 1 ? "was left out as a slow-state pair" : "were left out as slow-state pairs")
    if (nfailed) { # run_checked in lockwait/pairs.c
        gsub(/_/, " ", failed_txt)
        printf "**%d run%s failed and %s run again** (the failed run's figures are not used; the raw file has its exit and the last line of its stderr): %s.\n", nfailed, (nfailed > 1 ? "s" : ""), (nfailed > 1 ? "were" : "was"), failed_txt
    }
    if (nall)
        print "Where too few pairs were clean for that (\"all\" after the pairs used), the host changed speed faster than a pair lasts: the figure then comes from every pair, slow ones included. The alternating order keeps each pair's ratio unbiased; the interval is wider for that noise."
    if (cpus != "")
        printf "This machine has %d online CPUs: workloads with more threads than CPUs are oversubscribed, which lengthens waits (a woken waiter queues for a CPU).\n", cpus
    if (nproc) { # the library's timestamps: a counter only where the machine vouches for one
        if (ncounter == nproc) stamps = "the CPU's cycle counter (`counter=1` in every report"
        else if (ncounter == 0) stamps = "`CLOCK_MONOTONIC` (`counter=0` in every report"
        else stamps = sprintf("the CPU's cycle counter in %d of %d reports and `CLOCK_MONOTONIC` in the rest (", ncounter, nproc)
        printf "liblockwait stamped its waits with %s; each report's `timestamps:` line says why: docs/lockwait-manual.md, Timestamps).\n", stamps
    }

    print ""
    # the headline markers pick what run.sh splices into README.md (common/headline.awk)
    print "<!-- headline:begin -->"
    if (anywrapped)
        print "Overhead: wrapped/bare wall time per " (nlevel ? "pair of the scenario's main speed level (or of its mixed pairs, as above)" : "clean pair") "; the table shows its Hodges-Lehmann estimate with the 95% interval (Wilcoxon signed-rank), p against no overhead and q (Benjamini-Hochberg across the scenarios). Wall times are medians over " (nlevel ? "those" : "the clean") " pairs' runs with 95% intervals (throughput, the same way, in `lockwait-overhead.csv`)." \
            (nall ? " \"all\": too few pairs were clean (the host changed speed during most), so every pair counts; its interval carries that noise." : "") \
            " Sleeps: voluntary context switches per run, medians, and in brackets wrapped/bare per pair (Hodges-Lehmann, +1 each side) with its 95% interval; ! = under the preload the program sleeps over 20% more or less often than bare (the whole interval beyond a fifth; the medians in an older raw file without the paired ratio), so it is not quite the bare program; ? = the estimate is beyond a fifth, the interval is not (or too few pairs gave none)."
    else
        print "Wall times: medians over the " cleanw " runs with 95% intervals (throughput, the same way, in `lockwait-overhead.csv`)."
    print ""
    print "| scenario | threads | bare ms | wrapped ms | overhead | 95% CI | p | q | pairs used/total | " (nlevel ? "left out" : "slow") " | sleeps bare / wrapped |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    print "scenario,threads,bare_ms,bare_ms_lo,bare_ms_hi,wrapped_ms,wrapped_ms_lo,wrapped_ms_hi,bare_kops_per_s,bare_kops_per_s_lo,bare_kops_per_s_hi,wrapped_kops_per_s,wrapped_kops_per_s_lo,wrapped_kops_per_s_hi,overhead_pct,overhead_lo_pct,overhead_hi_pct,p,q,pairs_used,pairs_total,pairs_slow,target_reached,measured,bare_nvcsw,bare_nvcsw_lo,bare_nvcsw_hi,wrapped_nvcsw,wrapped_nvcsw_lo,wrapped_nvcsw_hi,sleeps_ratio,sleeps_ratio_lo,sleeps_ratio_hi,speed_level,canary_ns" > csv1
    for (i = 1; i <= nsc; i++) {
        s = order[i]
        if (!(s in ov)) { # no preload on this OS: bare only
            printf "| %s | %d | %s | - | - | - | - | - | %d/%d | %d | %s |\n", s, threads[s], withci(s, "bare_ms", 1, "%.2f", ""), runs[s], npair[s], nslow[s], sleeps(s, "bare_nvcsw", "wrapped_nvcsw")
            printf "%s,%d,%s,,,,%s,,,,,,,,,%d,%d,%d,,0,%s,,,,,\n", s, threads[s], csvci(s, "bare_ms"), csvci(s, "bare_kops_per_s"), runs[s], npair[s], nslow[s], csvci(s, "bare_nvcsw") ",,," > csv1
            continue
        }
        if (busy(s)) { o = "too busy"; ci = "-"; pq = "- | -" }
        else {
            o = ov[s] == "NA" ? "-" : sprintf("%+.2f%%", ov[s])
            one_run = ov_inv[s] <= 1 # several: the ° rule is each invocation's, not the figure's
            ci = has_ci(s) ? sprintf("%+.2f..%+.2f%%", ov_lo[s], ov_hi[s]) (ov_reached[s] == 1 || !one_run ? "" : " °") : "-"
            pq = (ov_p[s] == "NA" || ov_p[s] == "" ? "-" : ov_p[s]) " | " (ov_q[s] == "NA" || ov_q[s] == "" ? "-" : ov_q[s])
        }
        if (ov_reached[s] != 1 && ov_inv[s] <= 1 && has_ci(s) && !busy(s)) wide = 1
        printf "| %s | %d | %s | %s | %s | %s | %s | %s | %d | %s |\n", s, threads[s], withci(s, "bare_ms", 1, "%.2f", ""), withci(s, "wrapped_ms", 1, "%.2f", ""), o, ci, pq, used_of(ov_used[s], ov_total[s], ov_basis[s]), ov_slow[s], sleeps(s, "bare_nvcsw", "wrapped_nvcsw") sleeps_ratio(s) sleeps_mark(s)
        # CSV: no overhead, interval, p or q for a scenario too busy to measure
        measured = !busy(s)
        c_ov = ""; c_lo = ""; c_hi = ""; c_p = ""; c_q = ""
        if (measured && ov[s] != "NA") c_ov = ov[s]
        if (measured && has_ci(s)) { c_lo = ov_lo[s]; c_hi = ov_hi[s] }
        if (measured && ov_p[s] != "NA") c_p = ov_p[s]
        if (measured && ov_q[s] != "NA") c_q = ov_q[s]
        printf "%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%d,%d,%d,%d,%d,%s,%s,%s,%s,%s,%s,%s\n", s, threads[s], csvci(s, "bare_ms"), csvci(s, "wrapped_ms"), csvci(s, "bare_kops_per_s"), csvci(s, "wrapped_kops_per_s"), c_ov, c_lo, c_hi, c_p, c_q, ov_used[s], ov_total[s], ov_slow[s], ov_reached[s], measured, csvci(s, "bare_nvcsw"), csvci(s, "wrapped_nvcsw"), nacsv(sl[s]), nacsv(sl_lo[s]), nacsv(sl_hi[s]), ov_level[s], nacsv(ov_canary[s]) > csv1
    }
    close(csv1)
    if (wide)
        printf "\n° the interval is wider than ±%.0f point: the scenario's time cap (MAX_CELL_S) or the pair limit stopped it first.\n", 100 * target
    if (ninv) { # the between-run level (docs/method.md)
        printf "\nFrom %d independent invocations: an overhead is the mean of the invocations' own estimates and its interval Student's across them (no p or q; each invocation's are in the raw file). The invocations' own estimates ranged", ninv
        for (i = 1; i <= nsc; i++)
            if (ov_inv[order[i]] > 1 && ov_imin[order[i]] != "")
                printf "%s %s %+.2f..%+.2f%%", (nr++ ? ";" : ":"), order[i], ov_imin[order[i]], ov_imax[order[i]]
        # the rest is copied from one invocation (build/combine), which
        # nothing said: "bare ms" beside an overhead of all of them
        print ". Only the overhead and the sleeps ratio are combined: the wall times and sleeps per run beside them, and the tables below, are one invocation's (build/combine copies them from the first in the main placement of the CPUs)."
    }
    print "<!-- headline:end -->"

    if (anywrapped) {
        table_start("Profile under the preload: shares are medians over the " cleanw " pairs' wrapped runs with 95% intervals; top lock, top blocker and path share come from the traced run.",
            "| scenario | wait share | sleep share | contended | top lock | top blocker | path share of top lock |\n|---|---:|---:|---:|---|---|---:|",
            "scenario,wait_share,wait_share_lo,wait_share_hi,sleep_share,sleep_share_lo,sleep_share_hi,contended_share,contended_share_lo,contended_share_hi,top_lock,top_blocker,path_share_top_lock,speed_level,canary_ns", csv4)
        for (i = 1; i <= nsc; i++) {
            s = order[i]
            if (!(s in ov)) continue
            pshare[s] = ((s SUBSEP toplock[s]) in cp_lock) ? cp_lock[s, toplock[s]] : 0
            tl = (s in toplabel) ? toplabel[s] : "-"
            tb = top_blocker(s)
            printf "| %s | %s | %s | %s | %s | %s | %s |\n", s, withci(s, "wait_share", 100, "%.1f", "%"), withci(s, "sleep_share", 100, "%.1f", "%"), withci(s, "contended_share", 100, "%.1f", "%"), tl, tb, pct(pshare[s])
            printf "%s,%s,%s,%s,%s,%s,%.4f,%s,%s\n", s, csvci(s, "wait_share"), csvci(s, "sleep_share"), csvci(s, "contended_share"), tl, tb, pshare[s], ov_level[s], nacsv(ov_canary[s]) > csv4
        }
        close(csv4)
    }

    # the cache scenario's request latency, bare and wrapped
    if ("cache" in seen) {
        table_start("Cache scenario: request latency (medians over the " cleanw " pairs' runs with 95% intervals), and the requests at or above p99 in the traced run.",
            "| variant | p50 us | p99 us | max us |\n|---|---:|---:|---:|",
            "variant,p50_us,p50_us_lo,p50_us_hi,p99_us,p99_us_lo,p99_us_hi,max_us,max_us_lo,max_us_hi,speed_level,canary_ns", csv2)
        for (vi = 1; vi <= 2; vi++) {
            v = vi == 1 ? "bare" : "wrapped"
            if (!(("cache" SUBSEP v) in haslat)) continue
            k = "cache" SUBSEP v
            printf "| %s | %s | %s | %s |\n", v, withci(k, "p50_us", 1, "%.1f", ""), withci(k, "p99_us", 1, "%.1f", ""), withci(k, "max_us", 1, "%.1f", "")
            printf "%s,%s,%s,%s,%s,%s\n", v, csvci(k, "p50_us"), csvci(k, "p99_us"), csvci(k, "max_us"), ov_level["cache"], nacsv(ov_canary["cache"]) > csv2
        }
        close(csv2)
    }

    if (anywrapped) { # the traced runs exist only with the preload
        table_start("Critical path of each traced run (`lockwait_report`): how its length divides.",
            "| scenario | path ms | plain work | critical sections | waits (no blocker known) | handoffs | thread with most of it |\n|---|---:|---:|---:|---:|---:|---|",
            "scenario,path_ms,work_share,cs_share,wait_share,handoff_share,top_thread,top_thread_share", csv3)
        for (i = 1; i <= nsc; i++) {
            s = order[i]
            if (!(s in cp_path) || cp_path[s] + 0 == 0) continue
            p = cp_path[s]
            printf "| %s | %.2f | %s | %s | %s | %s | %s (%s) |\n", s, p / 1e6, pct(cp_work[s] / p), pct(cp_cs[s] / p), pct(cp_wait[s] / p), pct(cp_hand[s] / p), name_of(s, cp_toptid[s]), pct(cp_topshare[s])
            printf "%s,%.3f,%.4f,%.4f,%.4f,%.4f,%s,%.4f\n", s, p / 1e6, cp_work[s] / p, cp_cs[s] / p, cp_wait[s] / p, cp_hand[s] / p, name_of(s, cp_toptid[s]), cp_topshare[s] > csv3
        }
        close(csv3)
    }

    # the what-if check: the replay's prediction against the runs at the scaled hold
    nwi = 0
    for (i = 1; i <= nsc; i++) if (order[i] in wi) nwi++
    if (nwi > 0) {
        table_start("What-if check: the change of wall time `lockwait_report --what-if` predicted for the lock's holds scaled (the median over the traces with its 95% interval; no interval from fewer than 6), against the change measured in interleaved pairs of bare runs at the full and the scaled hold (Hodges-Lehmann estimate of scaled/full wall time with its 95% interval). Lone stretches gone: the prediction with the stretches where one thread took the lock back while a woken waiter waited replayed at the pace of the other grants (the manual: `predicted_lonefree_wall_ns`). In the trace's order: the prediction with the lock granted in the observed order (the prediction itself lets a thread that comes to a free mutex first take it, held up by the CPU time the threads need: `predicted_ordered_wall_ns`, `cpu_floor_wall_ns`). Sleeps: voluntary context switches per run, medians.",
            "| scenario | hold ns: full → scaled | lock | traces | predicted (95% CI) | lone stretches gone | in the trace's order | measured (95% CI) | predicted, lock free | sleeps full / scaled | pairs used/total |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
            "scenario,hold_factor,cs_ns,half_cs_ns,lock,traces,predicted_saving_pct,predicted_saving_pct_lo,predicted_saving_pct_hi,measured_saving_pct,measured_saving_pct_lo,measured_saving_pct_hi,predicted_free_saving_pct,full_nvcsw,full_nvcsw_lo,full_nvcsw_hi,half_nvcsw,half_nvcsw_lo,half_nvcsw_hi,pairs_used,pairs_total,pairs_slow,measured,speed_level,canary_ns,predicted_lonefree_saving_pct,predicted_ordered_saving_pct", csvw)
        for (i = 1; i <= nsc; i++) {
            s = order[i]
            if (!(s in wi)) continue
            m = wi_busy(s) ? "too busy" : measured_change(s)
            lk = wi_lock[s] == "NA" ? "" : wi_lock[s]
            printf "| %s | %s → %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s, wi_cs[s], wi_half[s], (lk == "" ? "-" : lk), wi_traces[s], predicted_change(s), change(wi_lonefree[s]), change(wi_ordered[s]), m, change(wi_free[s]), sleeps(s, "full_nvcsw", "half_nvcsw"), used_of(wi_used[s], wi_total[s], wi_basis[s])
            c_m = wi_busy(s) ? ",," : csvci(s, "measured_saving_pct")
            printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%d,%d,%d,%d,%s,%s,%s,%s\n", s, wi_fac[s], wi_cs[s], wi_half[s], lk, wi_traces[s], nacsv(wi_pred[s]), nacsv(wi_pred_lo[s]), nacsv(wi_pred_hi[s]), c_m, nacsv(wi_free[s]), csvci(s, "full_nvcsw"), csvci(s, "half_nvcsw"), wi_used[s], wi_total[s], wi_slow[s], !wi_busy(s), wi_run_level(s), nacsv(wi_canary[s]), nacsv(wi_lonefree[s]), nacsv(wi_ordered[s]) > csvw
        }
        close(csvw)
    }

    # findings, every number from the tables above
    print ""
    print "<!-- headline:begin -->"
    print "Findings:"
    if (nov == 0) {
        print "- No run under the preload (it is Linux-only): bare times only."
    } else {
        line = ""
        for (i = 1; i <= nsc; i++) {
            s = order[i]
            if (s in ov) line = line sprintf("%s%s %s", line == "" ? "" : "; ", s, overhead_phrase(s))
        }
        print "- Overhead of the preload (wall time under it against bare, per pair): " line "."
        line = ""
        for (i = 1; i <= nsc; i++) {
            s = order[i]
            if ((s in ov) && ov_modes[s] == 1 && !busy(s)) line = line (line == "" ? "" : ", ") s
        }
        if (line != "")
            print "- The pairs of " line " fall into two groups (two modes): the estimate mixes two states, of the machine or of the workload."
    }
    line = ""
    for (i = 1; i <= nsc; i++) {
        s = order[i]
        if ((s in ov) && (s == "cache" || s == "cond"))
            line = line sprintf("%s%s %s", line == "" ? "" : "; ", s, goal_phrase(s))
    }
    if (line != "") print "- Goal overhead < 0.5% on cache and cond (the paper's figure is for programs with an application's lock rate): " line "."
    line = ""
    for (i = 1; i <= nsc; i++) {
        s = order[i]
        if ((s in ov) && fig[s, "sleep_share"] != "NA" && fig[s, "sleep_share"] != "")
            line = line sprintf("%s%s %s", line == "" ? "" : ", ", s, pct(fig[s, "sleep_share"]))
    }
    if (line != "") print "- Share of the wait spent asleep in the kernel (futex) rather than spinning in user space (medians over the wrapped runs): " line "."
    line = ""; more = ""; fewer = ""; unsure = ""; noci = ""
    for (i = 1; i <= nsc; i++) {
        s = order[i]
        b = fig[s, "bare_nvcsw"]; w = fig[s, "wrapped_nvcsw"]
        if (!(s in ov) || b == "" || b == "NA" || w == "" || w == "NA") continue
        line = line sprintf("%s%s %.0f bare, %.0f under the preload%s", line == "" ? "" : "; ", s, b, w, sleeps_ratio(s))
        d = sleeps_differ(s)
        if (d == 2) unsure = unsure (unsure == "" ? "" : ", ") s
        if (d == 3) noci = noci (noci == "" ? "" : ", ") s
        if (d != 1) continue
        # more sleeps: spinning turned into sleeping; fewer: the library's work before the real call spun
        if (sleeps_more(s)) more = more (more == "" ? "" : ", ") s
        else fewer = fewer (fewer == "" ? "" : ", ") s
    }
    if (line != "") {
        printf "- Sleeps per run (voluntary context switches in the timed region, medians over the " cleanw " pairs): %s.", line
        if (unsure != "") printf " For %s the paired ratio is more than a fifth off 1, but its interval reaches back within it: one run's sleeps vary several-fold with where the host places the threads, so the difference is not shown.", unsure
        if (noci != "") printf " For %s the paired ratio is more than a fifth off 1, from too few pairs for an interval: one run's sleeps vary several-fold with where the host places the threads, so no difference is shown.", noci
        if (more != "") printf " Under the preload %s sleep%s more than a fifth more often than bare: hand-offs the bare program wins by spinning or by arriving at a free lock became futex sleeps.", more, index(more, ",") ? "" : "s"
        if (fewer != "") printf " Under the preload %s sleep%s at least a fifth less than bare: the library's work between a failed try and the real call acts as a short spin, so the holder often releases first (docs/lockwait-manual.md, \"What waiting under the library changes\"); read %s sleep share as a lower bound.", fewer, index(fewer, ",") ? "" : "s", index(fewer, ",") ? "their" : "its"
        printf "\n"
    }
    for (i = 1; i <= nsc; i++)
        if (order[i] in wi)
            printf "- What-if, %s (holds x%s): %s.\n", order[i], wi_fac[order[i]], whatif_phrase(order[i])
    if ("cache" in tail_n)
        printf "- cache: the %d requests at or above p99 spent %s of their latency compiling under the cache lock or waiting for it, and %s compiling or blocked while the lock's holder was compiling.\n", tail_n["cache"], pct(tail_lock["cache"]), pct(tail_comp["cache"])
    if (("cache" in ov) && ("cache" in cp_path))
        printf "- cache: the cache lock accounts for %s of the critical path, plain work (request execution and think time, which are not traced) for %s.\n", pct(pshare["cache"]), pct(cp_path["cache"] > 0 ? cp_work["cache"] / cp_path["cache"] : 0)
    print "<!-- headline:end -->"

    # the plots; links are relative to summary.md's directory, results/
    # (common/headline.awk rewrites them for README.md). The critical path
    # is the experiment's headline plot.
    if (nseg > 0) {
        cp_draw(svg)
        print ""
        print "<!-- headline:begin -->"
        print "The cache scenario's critical path, one row per thread on the path (grey: plain work, red: critical sections, orange: handoffs, blue: waits):"; print ""; printf "![critical path of the cache scenario](%slockwait-cache-critpath.svg)\n", prefix
        print "<!-- headline:end -->"
    }
    if (fl_maxdepth > 0) {
        fl_draw(csvdir "/lockwait-cache-flame.svg")
        print ""
        print "The cache scenario's waits as a flame graph (width: wait time; from the bottom: all waits, call stack, lock, the waiting thread; hover for times):"; print ""; printf "![flame graph of the cache scenario's waits](%slockwait-cache-flame.svg)\n", prefix
    }
}

# false_sharing/summary.awk - the false-sharing section of results/summary.md,
# its CSV tables, and findings sentences that follow the intervals, so that no
# number in the README is written by hand and no claim outruns its interval.
# usage: awk -v csvdir=DIR -f common/kv.awk -f false_sharing/summary.awk results/false_sharing-raw.txt
# Input lines used (everything else is skipped; all statistics were computed
# by the benchmark, this script only formats and words them):
#   RESULT exp=false_sharing kind=cell increment=V layout=L threads=T ns_per_inc=X ns_per_inc_lo= ns_per_inc_hi=
#          cycles_per_inc= cycles_per_inc_lo= cycles_per_inc_hi= min_ns= rounds_total= rounds_used=
#          rounds_interfered= rounds_slow= slow_share= two_modes= two_modes_all= target_reached= too_busy=
#          reps_min= moved_rounds= pinned= oversubscribed=
#   RESULT exp=false_sharing kind=ratio increment=V compare=C threads=T ratio= ratio_lo= ratio_hi= p= q= n=
#          target_reached= too_busy= [invocations= between_share= margin_share= claim=beyond|within|unclear]
#   (cell and ratio lines over several invocations come from build/combine, with invocations=, between_share=,
#   and, for ratios, margin_share= and claim=; a raw file of one invocation has p= and q= instead)
#   RESULT exp=false_sharing kind=placement_level level=L main=0|1 cpus=A,B one_way_ns= ... invocations= invs=
#   RESULT exp=false_sharing kind=placement_runs levels=N main_level=L invocations=N invocations_main=N invocations_moved=N
#   RESULT exp=false_sharing kind=pair class=C pair=A,B increment=V layout=L threads=2 (the cell keys)
#   RESULT exp=false_sharing kind=pair_ratio class=C pair=A,B increment=V compare=C threads=2 (the ratio keys)
#   RESULT exp=false_sharing kind=placement threads=T cpus=A,B pinning=P oversubscribed=O allowed_cpus=N canary_best_ns=
#   RESULT exp=false_sharing kind=line source=S line_bytes=N
#   RESULT exp=false_sharing kind=skip threads=T allowed_cpus=N reason=R   RESULT ... kind=pairs_skip reason=R
#   RESULT exp=false_sharing kind=plan iters_log2=N reps_min=N rounds_max=N ...   RESULT ... kind=unpinned why=W
#   RESULT exp=false_sharing kind=speed_dwell same_next_share= cell_round_ms= round_ms= (one invocation's)
#   RESULT exp=false_sharing kind=speed_level_run level=K main=0|1 canary_ns= share= (build/combine; one
#          invocation's own kind=speed_level level=K main= canary_ns= share= stands in for it)
#   every figure line of a run measured within speed levels carries speed_level=K [speed_main=0|1]: the
#   tables take the main level's; the fastest level's 2-thread layout ratios and any ratio that differs
#   between levels go into sentences. Lines without speed_level (older raw files) are all in one level.
# NA marks a value that could not be computed. Awk's "for (k in a)" order is
# unspecified, so every loop walks lists kept in input order, which keeps the
# output identical under every awk.

BEGIN { if (csvdir == "") csvdir = "." }

function na(x) { return x == "" || x == "NA" }
function fmt(x) { x += 0; return x < 10 ? sprintf("%.3f", x) : x < 100 ? sprintf("%.2f", x) : sprintf("%.1f", x) }
function r2(x) { return sprintf("%.2f", x + 0) }
function r3(x) { return sprintf("%.3f", x + 0) }
function pct(x) { return sprintf("%.0f%%", 100 * x) }
function plural(n, w) { return n " " w (n == 1 ? "" : "s") }
function thr_s(t) { return t " thread" (t == 1 ? "" : "s") }

# keep the keys of a cell or pair line under prefix k in array c
function keep_cell(k, name,   i, n, keys) {
    n = split("ns_per_inc ns_per_inc_lo ns_per_inc_hi cycles_per_inc cycles_per_inc_lo cycles_per_inc_hi min_ns rounds_total rounds_used rounds_interfered rounds_slow rounds_mixed slow_share two_modes two_modes_all target_reached too_busy oversubscribed speed_level canary_ns", keys, " ")
    for (i = 1; i <= n; i++) c[k, keys[i]] = f[keys[i]]
    ncells++
    tot += f["rounds_total"]; used += f["rounds_used"]; interf += f["rounds_interfered"]; slow += f["rounds_slow"]; mixed += f["rounds_mixed"]
    if (f["two_modes"] == 1) { twom = twom (twom ? ", " : "") name; ntwo++ }
    if (f["two_modes_all"] == 1) ntwoall++
    if (f["too_busy"] == 1) nbusy++
    # the invocations the table's figures come from: the most any cell has
    # (a CPU pair's cells exist only in the invocations whose map found it)
    if (f["invocations_total"] != "") {
        if (f["invocations_total"] + 0 > ninv + 0) ninv = f["invocations_total"]
        if (ninv_min == "" || f["invocations_total"] + 0 < ninv_min + 0) ninv_min = f["invocations_total"] + 0
        if (f["between_share"] != "NA" && f["between_share"] + 0 > 0.5) nbetween++
    }
    if (f["target_reached"] == 0) nwide++
    reps_min = f["reps_min"]
}
function keep_ratio(k,   i, n, keys) {
    n = split("ratio ratio_lo ratio_hi p q n target_reached too_busy claim margin_share invocations between_share speed_level canary_ns", keys, " ")
    for (i = 1; i <= n; i++) q[k, keys[i]] = f[keys[i]]
}

$1 == "RESULT" && $2 == "exp=false_sharing" {
    kv($0, f)
    if (f["kind"] == "speed_dwell") { dwell_same = f["same_next_share"]; dwell_round = f["round_ms"]; dwell_cell = f["cell_round_ms"]; next }
    if (f["kind"] == "speed_level_run" || f["kind"] == "speed_level") {
        nsl++; sl_ns[f["level"]] = f["canary_ns"]; sl_share[f["level"]] = f["share"]
        if (f["main"] == 1) sl_main = f["level"]
        next
    }
    # a figure of another speed level than the main one: kept for the sentences
    if (f["speed_level"] != "" && f["kind"] ~ /^(cell|ratio|pair|pair_ratio)$/ &&
        (f["speed_main"] != "" ? f["speed_main"] != 1 : f["speed_level"] != sl_main)) {
        if (f["kind"] == "ratio") {
            k = f["speed_level"] SUBSEP f["increment"] SUBSEP f["compare"] SUBSEP f["threads"]
            for (i = 1; i <= split("ratio ratio_lo ratio_hi too_busy claim", kk, " "); i++) oq[k, kk[i]] = f[kk[i]]
        }
        # the best-measured other level of each figure, for one that is too
        # busy in the main level (stand_in)
        if (f["kind"] == "ratio" || f["kind"] == "pair_ratio") {
            k = (f["kind"] == "pair_ratio" ? "pair" SUBSEP f["class"] SUBSEP f["increment"] : f["increment"] SUBSEP f["compare"] SUBSEP f["threads"])
            if (f["too_busy"] != 1 && f["n"] + 0 > alt_n[k] + 0) { alt_n[k] = f["n"]; alt_line[k] = $0 }
        } else {
            k = (f["kind"] == "pair" ? "pair" SUBSEP f["class"] SUBSEP f["increment"] SUBSEP f["layout"] : f["increment"] SUBSEP f["layout"] SUBSEP f["threads"])
            if (f["too_busy"] != 1 && f["rounds_used"] + 0 > alt_n[k] + 0) { alt_n[k] = f["rounds_used"]; alt_line[k] = $0 }
        }
        next
    }
    if (f["speed_level"] != "") main_canary = f["canary_ns"]
    if (f["kind"] == "cell") {
        v = f["increment"]; l = f["layout"]; t = f["threads"] + 0
        if (!(v in seenv)) { seenv[v] = 1; vars[++nv] = v }
        if (!(l in seenl)) { seenl[l] = 1; lays[++nl] = l }
        if (!(t in seent)) { seent[t] = 1; thr[++nt] = t }
        keep_cell(v SUBSEP l SUBSEP t, v " " l " at " thr_s(t))
        if (f["oversubscribed"] == 1) over[t] = 1
    } else if (f["kind"] == "ratio") {
        keep_ratio(f["increment"] SUBSEP f["compare"] SUBSEP f["threads"])
        if (f["margin_share"] != "") margin = f["margin_share"]
    } else if (f["kind"] == "pair") {
        cl = f["class"]
        if (!(cl in seenc)) { seenc[cl] = 1; cls[++nc] = cl; pairof[cl] = f["pair"] }
        if (!((cl SUBSEP f["increment"]) in seenpv)) { seenpv[cl SUBSEP f["increment"]] = 1; pv[cl, ++npv[cl]] = f["increment"] }
        keep_cell("pair" SUBSEP cl SUBSEP f["increment"] SUBSEP f["layout"], f["increment"] " " f["layout"] " on the " cl " pair")
    } else if (f["kind"] == "pair_ratio") {
        keep_ratio("pair" SUBSEP f["class"] SUBSEP f["increment"])
    } else if (f["kind"] == "placement_level") {
        nlevel++; lvl_ns[f["level"]] = f["one_way_ns"]; lvl_invs[f["level"]] = f["invs"]; lvl_cpus = f["cpus"]
        if (f["main"] == 1) main_lvl = f["level"]
    } else if (f["kind"] == "placement_runs") {
        moved = f["invocations_moved"]; ninv_run = f["invocations"]; ninv_main = f["invocations_main"]
    } else if (f["kind"] == "placement") {
        t = f["threads"]
        place = place (place ? "; " : "") thr_s(t) " on " (f["cpus"] == "none" ? "CPUs the OS chose" : "CPU" (index(f["cpus"], ",") ? "s " : " ") f["cpus"]) (f["pinning"] == "none" ? "" : " (pinning " f["pinning"] ")") (f["oversubscribed"] == 1 ? ", oversubscribed" : "")
        allowed = f["allowed_cpus"]; canary[t] = f["canary_best_ns"]
    } else if (f["kind"] == "line") {
        lines = lines (lines ? ", " : "") f["line_bytes"] " B from " f["source"]
    } else if (f["kind"] == "skip" && f["threads"] != "") {
        skipped = skipped (skipped ? ", " : "") f["threads"]; allowed = f["allowed_cpus"]
    } else if (f["kind"] == "pairs_skip") {
        pairskip = f["reason"]
    } else if (f["kind"] == "plan") {
        for (i in f) plan[i] = f[i]
    } else if (f["kind"] == "unpinned") {
        nopin = "none (" (f["why"] == "pin_0" ? "PIN=0: placement left to the OS" : f["why"] == "no_affinity_api" ? "this OS has no thread affinity API; placement left to the OS" : "no allowed CPU found") ")"
    } else if (f["kind"] ~ /^c2c/) {
        c2c = 1   # the core-to-core map; summary_c2c.awk writes its section
        if (f["kind"] == "c2c_class") handoff[f["class"]] = f["one_way_ns"]
    }
}

# a cell of the ns or cycles table: "7.79 [7.70-7.88]", " !" when the
# interval is wider than the target, or why there is no number
function cellfmt(k, key,   x) {
    if (!((k SUBSEP "rounds_total") in c)) return "-"
    if (c[k, "too_busy"] == 1) return "too busy (" out_of(k) "/" c[k, "rounds_total"] " out)"
    x = c[k, key]
    if (na(x)) return "NA"
    if (na(c[k, key "_lo"])) return fmt(x) " (n=" c[k, "rounds_used"] ")"
    return fmt(x) " [" fmt(c[k, key "_lo"]) "-" fmt(c[k, key "_hi"]) "]" (c[k, "target_reached"] == 1 ? "" : " !") lv_mark(k)
}
# the rounds of cell k left out: interfered and mixed; without levels, every one not used
function out_of(k) { return nsl ? c[k, "rounds_interfered"] + c[k, "rounds_mixed"] : c[k, "rounds_total"] - c[k, "rounds_used"] }
# a cell of the ratio tables: bold when q <= 0.05
function ratiofmt(k,   x) {
    if (!((k SUBSEP "ratio") in q)) return "-"
    if (q[k, "too_busy"] == 1) return "too busy"
    x = q[k, "ratio"]
    if (na(x)) return "NA"
    if (na(q[k, "ratio_lo"])) return r3(x) " (n=" q[k, "n"] ")"
    return (beyond(k) ? "**" r3(x) "**" : r3(x)) " [" r3(q[k, "ratio_lo"]) "-" r3(q[k, "ratio_hi"]) "]" (q[k, "target_reached"] == 1 ? "" : " !") lv_mark(k)
}
# " (L2)" after a figure that comes from another speed level than the main one
function lv_mark(k) { return (k in altlv) ? " (L" altlv[k] ")" : "" }
# the Rounds line's exception: the main-level rounds of the cells the tables
# give from another level (stand_in) are not the tables' (it said all of the
# main level's rounds were "used in the tables", theirs too)
function stood_s(   n, k, l, s, nl) {
    n = 0
    for (k in altlv) if (((k SUBSEP "rounds_total") in c) && !((k SUBSEP "ratio") in q)) n++
    if (n == 0) return ""
    for (l = 1; l <= nsl; l++) if (l in stood_lv) { s = s (s == "" ? "" : " and ") l; nl++ }
    return sprintf(", but for the %d rounds of the %s marked (Ln), which the tables give from %s %d rounds in level%s %s", stood_main, plural(n, "cell"), (n == 1 ? "its" : "their"), stood_alt, (nl == 1 ? "" : "s"), s)
}
# A figure too busy in the main level but measured in another: the level
# where it has the most rounds stands in, marked (Ln) in the tables (on a
# shared host the two CPUs of a 2-thread cell can sit apart from the
# 1-thread cells' state: the AMD guest ran its contended atomic in a level
# of 12% of the readings)
function stand_in(   k, i, n, keys, line, g) {
    for (k in alt_line) {
        if (!((k SUBSEP "rounds_total") in c) && !((k SUBSEP "ratio") in q)) continue
        if ((k SUBSEP "ratio") in q ? q[k, "too_busy"] != 1 : c[k, "too_busy"] != 1) continue
        kv(alt_line[k], g)
        altlv[k] = g["speed_level"]; nalt++
        # a stood-in cell's main-level rounds are not the tables' (Rounds: line)
        if (!((k SUBSEP "ratio") in q)) { stood_main += c[k, "rounds_used"]; stood_alt += g["rounds_used"]; stood_lv[g["speed_level"]] = 1 }
        # the rounds too, all of one level: build/combine sums each level's
        # over the invocations that had it, and "7/6" mixed two levels' counts
        n = split("ratio ratio_lo ratio_hi p q n target_reached too_busy claim margin_share invocations between_share ns_per_inc ns_per_inc_lo ns_per_inc_hi cycles_per_inc cycles_per_inc_lo cycles_per_inc_hi min_ns rounds_used rounds_total rounds_interfered rounds_mixed two_modes speed_level canary_ns", keys, " ")
        for (i = 1; i <= n; i++) if (keys[i] in g) { if ((k SUBSEP "ratio") in q) q[k, keys[i]] = g[keys[i]]; else c[k, keys[i]] = g[keys[i]] }
    }
}
function signif(k) { return !na(q[k, "q"]) && q[k, "q"] + 0 <= 0.05 }
# The claims: over several invocations build/combine says whether the
# interval lies beyond the margin around 1 (a cost, or a gain), within it (no
# cost beyond the margin) or neither; a raw file of one invocation has only
# q, and the old rules stand in (q <= 0.05; within 5% of 1).
function beyond(k) { return q[k, "claim"] != "" ? q[k, "claim"] == "beyond" : signif(k) }
function within(k) { return q[k, "claim"] != "" ? q[k, "claim"] == "within" : near_one(k) }
# "the 2% margin"; over invocations without margin_share= (a hand-made file)
# the claims' margin is unknown: it read "outside 1.000-1.000"
function margin_s() {
    if (margin != "") return sprintf("the %g%% margin", 100 * margin)
    return ninv > 1 ? "the margin (not recorded in the raw file)" : "the 5% margin"
}
# "2%", or as above
function margin_pct() { return margin != "" ? sprintf("%g%%", 100 * margin) : ninv > 1 ? margin_s() : "5%" }
# "1.01, 95% CI 0.99-1.03" and "4.61x (95% CI 4.40-4.90)"
function ci_s(k) { return r2(q[k, "ratio"]) ", 95% CI " r2(q[k, "ratio_lo"]) "-" r2(q[k, "ratio_hi"]) }
function cix(k) { return r2(q[k, "ratio"]) "x (95% CI " r2(q[k, "ratio_lo"]) "-" r2(q[k, "ratio_hi"]) ((k in altlv) ? ", speed level " altlv[k] : "") ")" }
# 1 when ratio k's interval lies within 5% of 1, or holds 1 and reached its target width
function near_one(k,   lo, hi) {
    lo = q[k, "ratio_lo"] + 0; hi = q[k, "ratio_hi"] + 0
    return (lo >= 0.95 && hi <= 1.05) || (lo <= 1 && hi >= 1 && q[k, "target_reached"] == 1)
}
# why ratio k has no usable interval, as "(...)"; "" when it has one
function unusable(k, cellk) {
    if (!((k SUBSEP "ratio") in q)) return "(it was not run)"
    if (q[k, "too_busy"] == 1) return "(the machine was too busy: " (nsl ? out_of(cellk) : c[cellk, "rounds_total"] - q[k, "n"]) " of " c[cellk, "rounds_total"] " rounds left out)"
    # by speed levels a round is used for being in the level, not for being clean
    if (na(q[k, "ratio_lo"])) return "(no interval from " (nsl ? q[k, "n"] " round" (q[k, "n"] == 1 ? "" : "s") " in " ((k in altlv) ? "level " altlv[k] : "the main level") : plural(q[k, "n"], "clean round")) ")"
    return ""
}

END {
    if (nsl) stand_in()
    if (nv == 0 && c2c) { print "### False sharing\n\nOnly the core-to-core map ran (C2C=only); the increments were not measured.\n"; exit }
    if (nv == 0) { print "### False sharing\n\nNo false_sharing results in this raw file."; exit }
    print "### False sharing"
    print ""
    printf "Each thread increments its own 64-bit counter 2^%s times a round; counters sit 8 B apart (adjacent, one line), 64 B apart (pad64) or 128 B apart (pad128). ", plan["iters_log2"]
    printf "For each increment one round runs every layout at every thread count once, in a rotated order, so each ratio below compares cells measured in the same round. "
    if (nsl) printf "Every round belongs to the speed level its canaries (before and after, every worker) lie in; a round in which a worker lost more than %s of its time to another task (interfered), or whose canaries lay in two levels (mixed: the host changed speed during it), is left out and replaced: at least %s rounds in the main level", pct(plan["interference_share"]), plan["reps_min"]
    else printf "A round in which a worker lost more than %s of its time to another task (interfered), or ran its speed canary more than %sx slower than the best canary of its placement (slow), is left out and replaced: at least %s clean rounds", pct(plan["interference_share"]), plan["slow_canary"], plan["reps_min"]
    if (plan["max_cell_s"] + 0 > 0) printf ", more until every interval is within 5%% (up to %s rounds or %s s per increment). ", plan["rounds_max"], plan["max_cell_s"]
    else printf " (up to %s rounds; MAX_CELL_S=0 adds none for precision). ", plan["rounds_max"]
    printf "Figures are medians of the %s rounds, ns per increment per thread, with 95%% intervals in brackets; `!` marks an interval wider than 5%%. A flat row across thread counts is linear scaling.\n\n", nsl ? "main level's" : "clean"
    if (nopin != "") printf "Placement: %s; the cpus lines in the raw file show where threads ran.\n", nopin
    else if (place != "") printf "Placement: %s.\n", place
    if (skipped != "") printf "Skipped: %s threads (this process may run on %s; name them in THREADS= to run them oversubscribed).\n", skipped, plural(allowed, "CPU")
    for (i = 1; i <= nt; i++) if (over[thr[i]]) printf "Oversubscribed: %s on %s: those columns measure the scheduler, not the cache, and no false-sharing finding is drawn from them.\n", thr_s(thr[i]), plural(allowed, "allowed CPU")
    printf "Line sizes: %s.\n", lines
    if (nsl) printf "Rounds: %d timed cell-rounds, %d in the main speed level (used in the tables%s), %d in other levels, %d left out as interfered and %d as mixed (their canaries lay in two speed levels).\n", tot, used, stood_s(), tot - used - interf - mixed, interf, mixed
    else printf "Rounds: %d timed cell-rounds, %d used; %d left out as interfered and %d as slow (slow-state share %s).\n", tot, used, interf, slow, (tot ? pct(slow / tot) : "NA")
    if (nsl) printf "Speed levels (the canary around each round, common/levels.c): %s.\n", levels_s()
    if (nsl && !na(dwell_same) && dwell_same + 0 < 1) printf "The host stayed in one level for about %.0f cell-rounds at a time (%s ms of timed loops; the next cell-round ran in the level of the one before in %s of cases); a round, the window within which the cells are compared, is %s ms of timed loops.\n", 1 / (1 - dwell_same), fmt(dwell_cell / (1 - dwell_same)), pct(dwell_same), fmt(dwell_round)
    print ""

    # table 1: ns per increment
    csv = csvdir "/false_sharing-ns.csv"
    print "variant,layout,threads,ns_per_inc,ns_per_inc_lo,ns_per_inc_hi,cycles_per_inc,cycles_per_inc_lo,cycles_per_inc_hi,min_ns,rounds_total,rounds_used,rounds_interfered,rounds_slow,slow_share,two_modes,target_reached,too_busy,oversubscribed,speed_level,canary_ns" > csv
    layout_table("ns_per_inc", csv)
    close(csv)
    print ""
    print "Rounds used of run per cell (left out: i = interfered, " (nsl ? "m = mixed; the rest ran in other speed levels" : "s = slow") "):"
    print ""
    layout_table("rounds", "")
    print ""

    # table 2: ratios
    csv = csvdir "/false_sharing-ratios.csv"
    print "variant,compare,threads,ratio,ratio_lo,ratio_hi,p,q,n,target_reached,too_busy,speed_level,canary_ns" > csv
    # the headline markers pick what run.sh splices into README.md (common/headline.awk)
    print "<!-- headline:begin -->"
    # the legend says what each mark of the table means, where README.md shows it
    if (ninv > 1) printf "Cost of the layout (adjacent or pad64 over pad128 in the same round) and scaling of pad128 (T threads over 1 thread in the same round), over %s spread over the run: the mean of the invocations' median per-round ratios with its 95%% interval (Student's, from the invocations); **bold** = a cost or gain beyond %s%s; ! = the interval is wider than ±5%% of the ratio (the invocations disagree more than that); too busy = fewer than half of the invocations measured it (one that kept fewer than %s %s measures nothing).%s\n", invocations_s(), margin_s(), (margin != "" ? " (the whole interval lies outside " r3(1 / (1 + margin)) "-" r3(1 + margin) ")" : ""), reps_min, (nsl ? "uninterfered, unmixed rounds in the level" : "clean rounds, or lost more than half,"), placement_s()
    # (with the placement too: QUICK's summary named "the main placement" and
    # "the hand-off probe above" and showed neither)
    else printf "Cost of the layout (adjacent or pad64 over pad128 in the same round) and scaling of pad128 (T threads over 1 thread in the same round)%s: medians of per-round ratios with 95%% intervals; **bold** = significant (the interval excludes 1, false-discovery rate 5%% across this table); ! = the interval did not narrow to its target in the time allowed; too busy = fewer than %s %s.%s\n",
        # a run of several invocations whose figures each came from one
        (ninv + 0 == 1 && ninv_run + 0 > 1 ? ", all from " invocations_s() : ""), reps_min, (nsl ? "uninterfered, unmixed rounds in the level" : "clean rounds, or more than half left out"), placement_s()
    if (nsl) printf "The host ran at %d speed levels (the speed canary around every round; a shared host changes speed many times a second). Each ratio pairs two cells of one round in one level; the table is the main level, the one the machine spent most of its time in (canary %s ns per add, %s of the readings); rounds whose canaries lay in two levels are left out.%s%s\n", nsl, fmt(sl_ns[sl_main]), pct(sl_share[sl_main]), (nalt ? " (Ln) marks a figure too busy in the main level, given from level n, where it had the most rounds." : ""), fastest_s()
    print ""
    header("increment | ratio")
    split("adjacent_over_pad128 pad64_over_pad128 pad128_over_1thread", rk, " ")
    split("adjacent/pad128 pad64/pad128 pad128/1-thread", rn, " ")
    for (a = 1; a <= nv; a++) for (r = 1; r <= 3; r++) {
        printf "| %s | %s |", vars[a], rn[r]
        for (i = 1; i <= nt; i++) {
            k = vars[a] SUBSEP rk[r] SUBSEP thr[i]
            printf " %s |", ratiofmt(k)
            if ((k SUBSEP "ratio") in q) printf "%s,%s,%d,%s\n", vars[a], rk[r], thr[i], csvratio(k) > csv
        }
        print ""
    }
    close(csv)
    print "<!-- headline:end -->"
    print ""

    # table 3: cycles per increment
    print "Cycles per increment (each round's ns over the ns per add of the same round's speed canary):"
    print ""
    layout_table("cycles_per_inc", "")
    print ""

    # table 4: CPU-pair classes at 2 threads
    if (nc > 0) {
        csv = csvdir "/false_sharing-pairs.csv"
        print "class,pair,variant,adjacent_ns,adjacent_ns_lo,adjacent_ns_hi,pad128_ns,pad128_ns_lo,pad128_ns_hi,ratio,ratio_lo,ratio_hi,p,q,n,target_reached,too_busy,speed_level,canary_ns,adjacent_speed_level,pad128_speed_level" > csv
        # over invocations each pinned its pairs by its own map, and the map
        # below is one invocation's: it said "No classes" under a table of
        # "measured class 1"
        if (pairs_measured() && ninv > 1) print "Two threads pinned to the typical pair of each class the invocations' core-to-core maps measured (each invocation by its own map; the classes below are one invocation's), and of each OS class the measurement splits or joins (adjacent and pad128 in the same round):"
        else if (pairs_measured()) print "Two threads pinned to the typical pair of each class the core-to-core map below measured, and of each OS class the measurement splits or joins (adjacent and pad128 in the same round):"
        else print "Two threads pinned to one pair of CPUs of each kind this machine has (adjacent and pad128 in the same round):"
        print ""
        print "| CPU pair | CPUs | increment | adjacent ns | pad128 ns | adjacent/pad128 |"
        print "|---|---|---|---:|---:|---:|"
        for (j = 1; j <= nc; j++) for (m = 1; m <= npv[cls[j]]; m++) {
            v = pv[cls[j], m]; ka = "pair" SUBSEP cls[j] SUBSEP v SUBSEP "adjacent"; kp = "pair" SUBSEP cls[j] SUBSEP v SUBSEP "pad128"; kr = "pair" SUBSEP cls[j] SUBSEP v
            printf "| %s | %s | %s | %s | %s | %s |\n", label(cls[j]), pairof[cls[j]], v, cellfmt(ka, "ns_per_inc"), cellfmt(kp, "ns_per_inc"), ratiofmt(kr)
            printf "%s,\"%s\",%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", cls[j], pairof[cls[j]], v, c[ka, "ns_per_inc"], c[ka, "ns_per_inc_lo"], c[ka, "ns_per_inc_hi"], c[kp, "ns_per_inc"], c[kp, "ns_per_inc_lo"], c[kp, "ns_per_inc_hi"], csvratio(kr), c[ka, "speed_level"], c[kp, "speed_level"] > csv
        }
        close(csv)
        print ""
    } else if (pairskip != "") printf "CPU-pair classes not measured (%s).\n\n", (pairskip == "unpinned" ? "threads were not pinned" : "the topology is unknown")

    print "<!-- headline:begin -->"
    findings()
    print "<!-- headline:end -->"
}

# an increment x layout table, a column per thread count: what is a cell
# key (ns_per_inc, cycles_per_inc) or "rounds"; each measured cell also goes
# to the CSV file csvf when it is not ""
function layout_table(what, csvf,   a, b, i, k) {
    header("increment | layout")
    for (a = 1; a <= nv; a++) for (b = 1; b <= nl; b++) {
        printf "| %s | %s |", vars[a], lays[b]
        for (i = 1; i <= nt; i++) {
            k = vars[a] SUBSEP lays[b] SUBSEP thr[i]
            printf " %s |", (what == "rounds" ? roundsfmt(k) : cellfmt(k, what))
            if (csvf != "" && (k SUBSEP "rounds_total") in c) printf "%s,%s,%d,%s\n", vars[a], lays[b], thr[i], csvcell(k) > csvf
        }
        print ""
    }
}

function header(first,   i) {
    printf "| %s |", first; for (i = 1; i <= nt; i++) printf " %s |", thr_s(thr[i]); print ""
    printf "|---|---|"; for (i = 1; i <= nt; i++) printf "---:|"; print ""
}
function roundsfmt(k) {
    if (!((k SUBSEP "rounds_total") in c)) return "-"
    if (nsl) return c[k, "rounds_used"] "/" c[k, "rounds_total"] (c[k, "rounds_interfered"] + c[k, "rounds_mixed"] ? " (" c[k, "rounds_interfered"] " i, " c[k, "rounds_mixed"] " m)" : "") lv_mark(k)
    return c[k, "rounds_used"] "/" c[k, "rounds_total"] (c[k, "rounds_interfered"] + c[k, "rounds_slow"] ? " (" c[k, "rounds_interfered"] " i, " c[k, "rounds_slow"] " s)" : "")
}
# The CSV rows end in speed_level,canary_ns: the level the row's figure comes
# from (another than the main one for a figure marked (Ln)) and its canary,
# the line's own or else its level's; both empty in a file without levels
function lv_canary(l, own) { return own != "" ? own : (l != "" && (l in sl_ns)) ? sl_ns[l] : "" }
function csvcell(k,   i, n, keys, s) {
    n = split("ns_per_inc ns_per_inc_lo ns_per_inc_hi cycles_per_inc cycles_per_inc_lo cycles_per_inc_hi min_ns rounds_total rounds_used rounds_interfered rounds_slow slow_share two_modes target_reached too_busy oversubscribed speed_level", keys, " ")
    for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") c[k, keys[i]]
    return s "," lv_canary(c[k, "speed_level"], c[k, "canary_ns"])
}
function csvratio(k,   i, n, keys, s) {
    n = split("ratio ratio_lo ratio_hi p q n target_reached too_busy speed_level", keys, " ")
    for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") q[k, keys[i]]
    return s "," lv_canary(q[k, "speed_level"], q[k, "canary_ns"])
}

function findings(   a, i, t, k, ka, kp, kr, s, w, x, bad, wide, n1, nw, cyc1) {
    print "Findings (generated from the numbers and intervals above):"
    print ""
    # the layouts alone, at one thread: free only where every interval lies
    # within the margin (an interval too wide to tell read "free" too)
    if (thr[1] == 1) {
        s = ""; bad = ""; wide = ""; n1 = 0; nw = 0
        for (a = 1; a <= nv; a++) for (r = 1; r <= 2; r++) {
            k = vars[a] SUBSEP rk[r] SUBSEP 1
            if (unusable(k, vars[a] SUBSEP "pad128" SUBSEP 1) != "") continue
            n1++
            if (!within(k) && beyond(k)) bad = bad (bad ? "; " : "") vars[a] " " rn[r] " " cix(k)
            else if (!within(k)) { nw++; wide = wide (wide ? "; " : "") vars[a] " " rn[r] " " cix(k) }
        }
        if (n1 > 0 && bad == "" && nw == 0) printf "- With one thread the layout itself is free: no measured 1-thread layout ratio lies beyond %s, so what follows is the price of a second core touching the line.\n", margin_s()
        else if (n1 > 0 && bad == "") printf "- With one thread no measured layout ratio lies beyond %s, but %d of the %d intervals are too wide to show the layout itself free: %s.\n", margin_s(), nw, n1, wide
        else if (bad != "") printf "- With one thread some layouts already differ, where none should: %s.\n", bad
    }
    # the register loop against the canary: the same add chain
    k = "register" SUBSEP "pad128" SUBSEP 1
    if ((k SUBSEP "cycles_per_inc") in c && !na(c[k, "cycles_per_inc_lo"]) && c[k, "too_busy"] != 1) {
        x = c[k, "cycles_per_inc"] + 0
        if (x >= 0.97 && x <= 1.03) printf "- The register-only loop runs at %s cycles per increment (95%% CI %s-%s) by its own round's canary, the 1-cycle bound: the canary is the same add chain, so this checks the bookkeeping, and every cycles figure is in the clock of its own round.\n", r2(x), r2(c[k, "cycles_per_inc_lo"]), r2(c[k, "cycles_per_inc_hi"])
        else printf "- The register-only loop runs at %s cycles per increment (95%% CI %s-%s) where the canary (the same add chain) says 1.00: the clock changed within rounds, and the cycles figures are that uncertain.\n", r2(x), r2(c[k, "cycles_per_inc_lo"]), r2(c[k, "cycles_per_inc_hi"])
    }
    # what sharing a line costs, per increment and thread count
    for (a = 1; a <= nv; a++) {
        if (vars[a] == "register") continue
        s = ""
        for (i = 1; i <= nt; i++) {
            t = thr[i]; if (t < 2 || over[t]) continue
            k = vars[a] SUBSEP "adjacent_over_pad128" SUBSEP t; ka = vars[a] SUBSEP "adjacent" SUBSEP t; kp = vars[a] SUBSEP "pad128" SUBSEP t
            w = unusable(k, kp)
            s = s (s ? "; at " thr_s(t) " it " : " at " thr_s(t) " ")
            if (w != "") s = s "could not be measured here " w
            else if (beyond(k) && q[k, "ratio"] + 0 > 1) s = s "costs " cix(k) " the padded one (" nsof(ka) " against " nsof(kp) " ns)"
            else if (beyond(k)) s = s "is faster than the padded one: " cix(k) " its time"
            else if (within(k)) s = s "has no cost beyond " margin_s() ": " cix(k) " the padded one"
            else s = s "is " cix(k) " the padded one: the interval is too wide to claim a cost beyond " margin_pct() " or none"
        }
        if (s != "") printf "- The adjacent %s%s.\n", vars[a], s
    }
    rmw_note()
    # padded scaling
    for (a = 1; a <= nv; a++) {
        s = ""
        for (i = 1; i <= nt; i++) {
            t = thr[i]; if (t < 2 || over[t]) continue
            k = vars[a] SUBSEP "pad128_over_1thread" SUBSEP t
            w = unusable(k, vars[a] SUBSEP "pad128" SUBSEP t)
            s = s (s ? "; " : "")
            if (w != "") s = s (s ? "its" : "the " vars[a] "'s") " scaling to " thr_s(t) " could not be measured here " w
            else {
                s = s (s ? "it" : "the " vars[a]) " "
                if (within(k)) s = s "scales linearly to " thr_s(t) (margin != "" ? " within " margin_pct() : "") " (" t "-thread/1-thread " ci_s(k) ")"
                else if (beyond(k)) s = s "does not scale linearly to " thr_s(t) " (" t "-thread/1-thread " ci_s(k) ")"
                else s = s "cannot be said to scale linearly to " thr_s(t) " or not: the interval is too wide (" t "-thread/1-thread " ci_s(k) ")"
            }
        }
        if (s != "") printf "- Padded to 128 B, %s.\n", s
    }
    # pad64 against pad128 for the atomic, the form most sensitive to sharing
    s = ""
    for (i = 1; i <= nt; i++) {
        t = thr[i]; if (t < 2 || over[t]) continue
        k = "atomic" SUBSEP "pad64_over_pad128" SUBSEP t
        w = unusable(k, "atomic" SUBSEP "pad128" SUBSEP t)
        if (w != "") s = s (s ? "; " : "") "at " thr_s(t) " it could not be measured here " w
        else if (within(k)) s = s (s ? "; " : "") "at " thr_s(t) " 64 B apart was enough (pad64/pad128 " ci_s(k) ")"
        else if (beyond(k) && q[k, "ratio"] + 0 > 1) s = s (s ? "; " : "") "at " thr_s(t) " 64 B apart was not enough (pad64/pad128 " ci_s(k) ")"
        else s = s (s ? "; " : "") "at " thr_s(t) " the interval is too wide to tell (pad64/pad128 " ci_s(k) ")"
    }
    if (s != "") printf "- pad64 (two counters per 128 B) against pad128 for the atomic, between the cores used here: %s.\n", s
    # pair classes
    for (j = 1; j <= nc; j++) {
        kr = "pair" SUBSEP cls[j] SUBSEP "atomic"; kp = "pair" SUBSEP cls[j] SUBSEP "atomic" SUBSEP "pad128"; ka = "pair" SUBSEP cls[j] SUBSEP "atomic" SUBSEP "adjacent"
        w = unusable(kr, kp)
        if (w != "") printf "- On %s the adjacent atomic could not be measured here %s.\n", pair_phrase(cls[j]), w
        else printf "- Two threads on %s pay %s for the adjacent atomic against the padded one (%s against %s ns)%s.\n", pair_phrase(cls[j]), cix(kr), nsof(ka), nsof(kp), (beyond(kr) ? "" : within(kr) ? ", no cost beyond " margin_s() : ", too wide an interval to claim a cost beyond " margin_pct())
    }
    # the canary itself under load
    if (nt >= 2 && thr[1] == 1 && !na(canary[1]) && !na(canary[thr[2]]) && canary[thr[2]] / canary[1] > 1.15 && !over[thr[2]])
        printf "- Even the speed canary, a one-cycle add chain, runs at best %s times slower with %s busy than with one: these CPUs share a physical core (SMT siblings, which a virtual machine does not show), so no loop can scale linearly on them.\n", r2(canary[thr[2]] / canary[1]), thr_s(thr[2])
    # the second level
    if (ninv > 1) printf "- Between runs: %s %d independent invocations%s; in %d of %d cells more than half of an invocation's variance lay between invocations, which the rounds of one invocation cannot see.\n",
        (ninv_min < ninv ? "the figures come from up to" : "each figure comes from"), ninv, (ninv_min < ninv ? " (some from as few as " ninv_min ")" : ""), nbetween, ncells
    if (nsl) level_findings()
    # what was left out
    if (nsl) {
        printf "- %d of %d cell-rounds %s left out: %d because a worker lost more than %s of its time to another task, %d because their canaries lay in two speed levels; %d more ran in other levels than the main one. ", interf + mixed, tot, (interf + mixed == 1 ? "was" : "were"), interf, pct(plan["interference_share"]), mixed, tot - used - interf - mixed
        printf "Taking every round, %d of %d cells %s into two speed modes; within the main level, %s.", ntwoall, ncells, (ntwoall == 1 ? "falls" : "fall"), (twom != "" ? ntwo (ntwo == 1 ? " does (" : " do (") twom ")" : "none does")
        # a cell too busy in the main level may stand in from another (stand_in):
        # "2 cells ... in any level, reported as too busy" was said of cells
        # the tables give from level 2, marked (L2)
        nstood = 0
        for (k in altlv) if (((k SUBSEP "rounds_total") in c) && !((k SUBSEP "ratio") in q)) nstood++
        if (nstood > 0) printf " %s had fewer than %s uninterfered, unmixed rounds in the main level and %s given from the level where %s the most (marked (Ln)).", plural(nstood, "cell"), reps_min, (nstood == 1 ? "is" : "are"), (nstood == 1 ? "it had" : "they had")
        if (nbusy > nstood) printf " %s had fewer than %s uninterfered, unmixed rounds in any level, and %s reported as too busy to measure.", plural(nbusy - nstood, "cell"), reps_min, (nbusy - nstood == 1 ? "is" : "are")
        printf "\n\n"
        return
    }
    printf "- %d of %d cell-rounds %s left out: %d because a worker lost more than %s of its time to another task, %d because the canary ran slow (slow-state share %s). ", tot - used, tot, (tot - used == 1 ? "was" : "were"), interf, pct(plan["interference_share"]), slow, (tot ? pct(slow / tot) : "NA")
    printf "Taking every round, %d of %d cells %s into two speed modes; taking the clean rounds only, %s.", ntwoall, ncells, (ntwoall == 1 ? "falls" : "fall"), (twom != "" ? ntwo (ntwo == 1 ? " does (" : " do (") twom ")" : "none does")
    if (nbusy > 0) printf " %s had fewer than %s clean rounds or lost more than half of them, and %s reported as too busy to measure.", plural(nbusy, "cell"), reps_min, (nbusy == 1 ? "is" : "are")
    printf "\n"
    print ""
}

# a pair class as the reader should see it: the core-to-core map's measured
# classes (measured_K, with their hand-off latency) and OS classes (os_X)
# that run.sh names in PAIR_CPUS; the topology's own names as they are
function label(cl,   k) {
    if (cl ~ /^measured_/) { k = substr(cl, 10); return "measured class " k (k in handoff ? " (" fmt(handoff[k]) " ns hand-off)" : "") }
    if (cl ~ /^os_/) return substr(cl, 4) " (OS)"
    return cl
}
function pair_phrase(cl) {
    if (cl ~ /^(measured|os)_/) return "the CPU pair " pairof[cl] " of " (cl ~ /^os_/ ? "OS class " : "") label(cl)
    return "a CPU pair of class " cl " (CPUs " pairof[cl] ")"
}
function pairs_measured(   j) { for (j = 1; j <= nc; j++) if (cls[j] ~ /^measured_/) return 1; return 0 }

# "8 independent invocations", or "5 of the 8 independent invocations
# (those in the main placement)" when the host moved the CPUs; an invocation
# of the main placement whose rounds all ran in other speed levels is
# missing from the table too (older raw files lack invocations_main=)
function invocations_s(   main, k) {
    if (ninv_run + 0 <= ninv + 0) return ninv " independent invocations"
    main = ninv_main != "" ? ninv_main : ninv
    k = ninv_run - ninv
    if (main + 0 == ninv + 0) return ninv " of the " ninv_run " independent invocations (those in the main placement)"
    if (main + 0 >= ninv_run + 0) return ninv " of the " ninv_run " independent invocations (the " (k == 1 ? "other" : "other " k) " measured only in other speed levels)"
    return ninv " of the " ninv_run " independent invocations (" (k == 1 ? "the other" : "the others") " ran in another placement or measured only in other speed levels)"
}

# the placement the figures come from, from the hand-off probes around
# every invocation (build/combine): "" for a raw file without them
function placement_s(   l, s) {
    if (nlevel == 0) return ""
    # no invocation kept one placement throughout (build/combine's
    # main_level=0): the figures pool the moved ones; it said "handed a line
    # over in 0.000 ns" and that they "are left out"
    if (main_lvl == "") {
        s = " The host moved the CPUs while every invocation ran (the hand-off probes before and after each disagreed), so the figures pool the invocations whatever their placement; the probes read"
        for (l = 1; l <= nlevel; l++) s = s sprintf("%s %s ns", l == 1 ? "" : (l == nlevel ? " and" : ","), fmt(lvl_ns[l]))
        return s " on CPUs " lvl_cpus "."
    }
    s = sprintf(" All figures come from invocations in one placement of the CPUs: CPUs %s handed a line over in %s ns (the hand-off probe around every invocation)", lvl_cpus, fmt(lvl_ns[main_lvl]))
    if (nlevel > 1) {
        s = s "; the host moved the CPUs during the run:"
        for (l = 1; l <= nlevel; l++) if (l != main_lvl) {
            if (lvl_invs[l] == "NA") s = s sprintf(" a probe read %s ns between invocations;", fmt(lvl_ns[l]))
            else s = s sprintf(" invocations %s saw %s ns and are kept apart (their lines stay in the raw file);", lvl_invs[l], fmt(lvl_ns[l]))
        }
        sub(/;$/, "", s)
    }
    if (moved + 0 > 0) s = s sprintf("; %s changed placement while %s ran and %s left out", plural(moved, "invocation"), moved == 1 ? "it" : "they", moved == 1 ? "is" : "are")
    return s "."
}

function nsof(k) { return na(c[k, "ns_per_inc"]) ? "NA" : fmt(c[k, "ns_per_inc"]) }

# "level 1: canary 0.335 ns, 14% of the readings; level 2 (main): ..."
function levels_s(   l, s) {
    for (l = 1; l <= nsl; l++) s = s (s ? "; " : "") "level " l (l == sl_main ? " (main)" : "") ": canary " fmt(sl_ns[l]) " ns per add, " pct(sl_share[l]) " of the readings"
    return s
}
# the fastest level's adjacent/pad128 at the most threads, when it is not the main one and has numbers
function fastest_s(   a, t, k, s) {
    if (sl_main == 1 || nsl < 2) return ""
    t = thr[nt]; if (over[t]) t = thr[nt > 1 ? nt - 1 : 1]
    for (a = 1; a <= nv; a++) {
        k = 1 SUBSEP vars[a] SUBSEP "adjacent_over_pad128" SUBSEP t
        if (!((k SUBSEP "ratio") in oq) || oq[k, "too_busy"] == 1 || na(oq[k, "ratio_lo"])) continue
        s = s (s ? ", " : "") vars[a] " " r3(oq[k, "ratio"]) " [" r3(oq[k, "ratio_lo"]) "-" r3(oq[k, "ratio_hi"]) "]"
    }
    return s ? sprintf(" In the fastest level (canary %s ns, %s of the readings) adjacent/pad128 at %s was: %s.", fmt(sl_ns[1]), pct(sl_share[1]), thr_s(t), s) : sprintf(" The fastest level (canary %s ns, %s of the readings) had too few rounds for its own figures.", fmt(sl_ns[1]), pct(sl_share[1]))
}
# a finding for every ratio whose intervals in two levels lie apart by more than the margin
function level_findings(   a, r, i, l, k, km, lo, hi, m) {
    m = margin != "" ? margin : 0.05
    for (a = 1; a <= nv; a++) for (r = 1; r <= 3; r++) for (i = 1; i <= nt; i++) for (l = 1; l <= nsl; l++) {
        if (l == sl_main) continue
        km = vars[a] SUBSEP rk[r] SUBSEP thr[i]; k = l SUBSEP km
        if (!((k SUBSEP "ratio") in oq) || oq[k, "too_busy"] == 1 || na(oq[k, "ratio_lo"]) || unusable(km, vars[a] SUBSEP "pad128" SUBSEP thr[i]) != "") continue
        lo = oq[k, "ratio_lo"] + 0; hi = oq[k, "ratio_hi"] + 0
        if (lo > (q[km, "ratio_hi"] + 0) * (1 + m) || hi * (1 + m) < q[km, "ratio_lo"] + 0)
            printf "- The %s %s at %s depends on the host's speed: %s in the main level (canary %s ns) against %sx (95%% CI %s-%s) in level %d (canary %s ns, %s of the readings).\n", vars[a], rn[r], thr_s(thr[i]), cix(km), fmt(sl_ns[sl_main]), r2(oq[k, "ratio"]), r2(lo), r2(hi), l, fmt(sl_ns[l]), pct(sl_share[l])
    }
}

# 1 when the adjacent store at the first multi-thread count has an interval
# within the margin, or one wholly below the rmw's and the atomic's there:
# the store-buffer sentence explains that, and was printed with no store
# figure at all (QUICK: "no interval")
function store_cheap(   i, t, k, o, a, n) {
    for (i = 1; i <= nt; i++) if (thr[i] >= 2 && !over[thr[i]]) { t = thr[i]; break }
    if (t == "" || !("store" in seenv)) return 0
    k = "store" SUBSEP "adjacent_over_pad128" SUBSEP t
    if (unusable(k, "store" SUBSEP "pad128" SUBSEP t) != "") return 0
    if (within(k)) return 1
    split("rmw atomic", o, " "); n = 0
    for (a = 1; a <= 2; a++) {
        if (unusable(o[a] SUBSEP "adjacent_over_pad128" SUBSEP t, o[a] SUBSEP "pad128" SUBSEP t) != "") continue
        if (q[o[a], "adjacent_over_pad128", t, "ratio_lo"] + 0 <= q[k, "ratio_hi"] + 0) return 0
        n++
    }
    return n > 0
}
# The rmw's adjacent/pad128 at the first multi-thread count against the other loops': "the most
# sensitive" only where its interval lies above every other's (it was said of every run)
function rmw_rank(   i, t, k, ko, a, v, n, top, topv, above, overlap, missing) {
    for (i = 1; i <= nt; i++) if (thr[i] >= 2 && !over[thr[i]]) { t = thr[i]; break }
    if (t == "") return "The volatile load-add-store (rmw) loop cannot be ranked against the others here: no run shared a line between threads."
    k = "rmw" SUBSEP "adjacent_over_pad128" SUBSEP t
    if (unusable(k, "rmw" SUBSEP "pad128" SUBSEP t) != "") return "How the volatile load-add-store (rmw) loop ranks against the others cannot be said here: its adjacent/pad128 ratio at " thr_s(t) " could not be measured."
    n = 0; top = ""; above = ""; overlap = ""; missing = ""
    for (a = 1; a <= nv; a++) {
        v = vars[a]; ko = v SUBSEP "adjacent_over_pad128" SUBSEP t; if (v == "rmw") continue
        if (unusable(ko, v SUBSEP "pad128" SUBSEP t) != "") { missing = missing (missing ? " and " : "") "the " v; continue }
        n++; if (q[ko, "ratio_lo"] + 0 > q[k, "ratio_hi"] + 0) above = above (above ? ", " : "") "the " v "'s " cix(ko)
        else if (q[ko, "ratio_hi"] + 0 >= q[k, "ratio_lo"] + 0) overlap = overlap (overlap ? ", " : "") "the " v "'s " cix(ko)
        else if (top == "" || q[ko, "ratio"] + 0 > q[top, "ratio"] + 0) { top = ko; topv = v }
    }
    if (n == 0) return "The volatile load-add-store (rmw) loop cannot be ranked against the others here: no other loop's adjacent/pad128 ratio at " thr_s(t) " was measured."
    if (above != "") return "The volatile load-add-store (rmw) loop is not the most sensitive one here: at " thr_s(t) " its adjacent/pad128 ratio, " cix(k) ", lies below " above "."
    if (overlap != "") return "At " thr_s(t) " the volatile load-add-store (rmw) loop's adjacent/pad128 ratio, " cix(k) ", overlaps " overlap ": this run cannot tell which loop is the most sensitive to sharing a line."
    return "The volatile load-add-store (rmw) loop is the most sensitive " (missing != "" ? "of the loops measured at " thr_s(t) ": its adjacent/pad128 interval lies above every other's" : "one: at " thr_s(t) " its adjacent/pad128 interval lies above every other loop's") " (the next, the " topv "'s, " cix(top) (missing != "" ? "; " missing " could not be measured" : "") ")."
}
# Why the volatile load-add-store moves so much, with this run's numbers.
# "about as fast as the register loop" only where the interval reaches no
# further than 1.25 cycles (the README's 1.44 [1.38-1.50] was called so too)
function rmw_note(   k1, k2, s1, s2, fast) {
    if (!("rmw" in seenv)) return
    k1 = "rmw" SUBSEP "pad128" SUBSEP 1
    s1 = ""; fast = "runs about as fast as the register loop"
    if (((k1 SUBSEP "cycles_per_inc") in c) && c[k1, "too_busy"] != 1 && !na(c[k1, "cycles_per_inc_lo"])) {
        s1 = sprintf(" (here %s cycles per increment, 95%% CI %s-%s, at one thread)", r2(c[k1, "cycles_per_inc"]), r2(c[k1, "cycles_per_inc_lo"]), r2(c[k1, "cycles_per_inc_hi"]))
        if (c[k1, "cycles_per_inc_hi"] + 0 > 1.25) fast = "can run about as fast as the register loop, but did not in this run"
    }
    s2 = ""
    if (nt >= 2 && !over[thr[2]]) {
        k2 = "rmw" SUBSEP "pad128_over_1thread" SUBSEP thr[2]
        if (unusable(k2, "rmw" SUBSEP "pad128" SUBSEP thr[2]) == "") s2 = sprintf(" Padded to 128 B, where no line is shared, it takes %s as long per increment at %s as at one.", cix(k2), thr_s(thr[2]))
    }
    printf "- %s Its adjacent/pad128 ratio is a false-sharing cost like the others; what is not is how much it moves without any sharing: each increment loads the value the previous one stored, so the increments form a dependent chain through memory. At one thread the core forwards each store to the next load with next to no latency, so the chain %s%s; anything that disturbs the line or the core, a second thread, an SMT sibling busy on the host, an interrupt, breaks that forwarding and shows up in full.%s\n", rmw_rank(), fast, s1, s2
    if (store_cheap()) printf "- The plain store pays little or nothing for sharing the line because it never reads the counter: a core queues its stores in its store buffer and drains them in a burst each time the line comes back, so one hand-off serves many increments. The load-add-store and the atomic must hold the line for every increment, so it moves between the cores far more often; a visit can still serve a few increments before the other core takes it back (compare their ns per increment with the hand-off below).\n"
}

# lockwait/summary.awk - the lockwait section of results/summary.md, from the
# raw file lockwait/exp.sh writes. Usage:
#   awk -v csvdir=DIR -f lockwait/summary.awk results/lockwait-raw.txt
# Writes DIR/lockwait-scenarios.csv, lockwait-cache.csv, lockwait-critpath.csv
# and DIR/lockwait-cache-critpath.svg (the cache scenario's critical path).
# POSIX awk; identical output under mawk, gawk and original-awk.
#
# Input lines (see exp.sh): "RESULT exp=lockwait kind=K key=value ...
# scenario=S variant=bare|wrapped|traced rep=N", where kind is
#   workload (lockwait_workload), process/lock/blocker/thread (liblockwait.so),
#   critpath/critpath_thread/critpath_lock/critpath_seg/waitblock/tail
#   (lockwait_report on the traced run); "# key: value" provenance lines.
#
# Definitions used below:
#   overhead    per pair (same rep): wrapped wall / bare wall - 1; the median
#               over pairs, with the smallest and largest pair
#   wait share  sum of the threads' blocked_ns / (threads x wall_ns of the
#               workload's timed region), median over the wrapped runs
#   sleep share sum of sleep_ns / sum of blocked_ns (time the waiters spent
#               asleep in the kernel), median over the wrapped runs
#   contended   sum of contended / sum of acquisitions, median over wrapped runs
#   top lock    the lock with the most wait in the traced run; top blocker:
#               the thread behind most of that wait (lockwait_report's
#               wait-block view); path share: the lock's share of the
#               critical path (its critical sections + waits left on it)

function val(key) {
    return (key in F) ? F[key] : ""
}

function parse(    i, p) {
    for (i in F) delete F[i]
    for (i = 2; i <= NF; i++) {
        p = index($i, "=")
        if (p > 1) F[substr($i, 1, p - 1)] = substr($i, p + 1)
    }
}

# median of a[1..n] (sorted copy)
function median(a, n,    b, i, j, t) {
    if (n < 1) return 0
    for (i = 1; i <= n; i++) b[i] = a[i]
    for (i = 2; i <= n; i++) {
        t = b[i]
        for (j = i - 1; j >= 1 && b[j] > t; j--) b[j + 1] = b[j]
        b[j + 1] = t
    }
    if (n % 2) return b[(n + 1) / 2]
    return (b[n / 2] + b[n / 2 + 1]) / 2
}

function pct(x) { return sprintf("%.1f%%", 100 * x) }

function add_scenario(s) {
    if (!(s in seen)) { seen[s] = 1; order[++nsc] = s }
}

/^RESULT / {
    parse()
    if (val("exp") != "lockwait") next
    s = val("scenario"); v = val("variant"); r = val("rep"); k = val("kind")
    if (s == "") next
    add_scenario(s)
    key = s SUBSEP v SUBSEP r
    if (k == "workload") {
        wall[key] = val("wall_ns"); threads[s] = val("threads")
        ops[key] = val("ops_per_s")
        p50[key] = val("p50_ns"); p99[key] = val("p99_ns"); pmax[key] = val("max_ns")
        if (v == "wrapped") anywrapped = 1
        if (v == "bare" || v == "wrapped") {
            if (!((s SUBSEP r) in haverep)) { haverep[s SUBSEP r] = 1; reps[s, ++nrep[s]] = r }
        }
    } else if (k == "thread") {
        blocked[key] += val("blocked_ns"); slept[key] += val("sleep_ns")
        if (v == "traced") tname[s, val("tid")] = val("name")
    } else if (k == "lock") {
        acq[key] += val("acquisitions"); cont[key] += val("contended")
        if (v == "traced" && (!((s) in topw) || val("wait_ns") + 0 > topw[s] + 0)) {
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
    } else if (k == "tail" && v == "traced") {
        tail_n[s] = val("requests"); tail_lock[s] = val("lock_share")
        tail_comp[s] = val("compile_share"); tail_lat[s] = val("latency_ns")
    }
    next
}

# "# lockwait_online_cpus: 2"
/^# lockwait_online_cpus:/ { cpus = $3 }

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
    return sprintf("%s (%.0f%%)", name_of(s, best), 100 * bw / wbtot[s, l])
}

END {
    csv1 = csvdir "/lockwait-overhead.csv"
    csv4 = csvdir "/lockwait-profile.csv"
    csv2 = csvdir "/lockwait-cache.csv"
    csv3 = csvdir "/lockwait-critpath.csv"
    svg = csvdir "/lockwait-cache-critpath.svg"

    print "### lockwait: lock contention, the profiler's overhead and the critical path"
    print ""
    if (nsc == 0) {
        print "No lockwait results in this raw file."
        exit
    }
    if (anywrapped) {
        printf "Each scenario ran bare and under `liblockwait.so` in %s interleaved pairs;", nrep[order[1]]
        print " one more traced run per scenario feeds `lockwait_report`."
    } else
        printf "Each scenario ran bare %s times; the preload library is Linux-only, so nothing else ran.\n", nrep[order[1]]
    if (cpus != "")
        printf "This machine has %d online CPUs: workloads with more threads than CPUs are oversubscribed, which lengthens waits (a woken waiter queues for a CPU).\n", cpus

    # per scenario: medians over the runs, overhead over the pairs
    for (i = 1; i <= nsc; i++) {
        s = order[i]; n = 0; nb = 0; nw = 0
        omin = ""; omax = ""
        for (j = 1; j <= nrep[s]; j++) {
            r = reps[s, j]; kb = s SUBSEP "bare" SUBSEP r; kw = s SUBSEP "wrapped" SUBSEP r
            if (kb in wall) { bw_[++nb] = wall[kb] / 1e6; bt_[nb] = ops[kb] / 1e3 }
            if (kw in wall) {
                ww_[++nw] = wall[kw] / 1e6; wt_[nw] = ops[kw] / 1e3
                ws_[nw] = blocked[kw] / (threads[s] * wall[kw])
                ss_[nw] = blocked[kw] > 0 ? slept[kw] / blocked[kw] : 0
                cs_[nw] = acq[kw] > 0 ? cont[kw] / acq[kw] : 0
            }
            if ((kb in wall) && (kw in wall)) {
                o = 100 * (wall[kw] / wall[kb] - 1); ov[++n] = o
                if (omin == "" || o < omin) omin = o
                if (omax == "" || o > omax) omax = o
            }
        }
        npairs[s] = n
        bare_ms[s] = median(bw_, nb); bare_kops[s] = median(bt_, nb)
        wrap_ms[s] = median(ww_, nw); wrap_kops[s] = median(wt_, nw)
        over[s] = median(ov, n); over_min[s] = omin; over_max[s] = omax
        if (n > 0) spread[s] = omax - omin
        wait_of[s] = median(ws_, nw); sleep_of[s] = median(ss_, nw); cont_of[s] = median(cs_, nw)
        pshare[s] = ((s SUBSEP toplock[s]) in cp_lock) ? cp_lock[s, toplock[s]] : 0
    }

    print ""
    print "Overhead: wall time and throughput, medians over the runs; overhead is the median of the per-pair ratios wrapped/bare - 1, with the smallest and largest pair."
    print ""
    print "| scenario | threads | bare ms | wrapped ms | bare kops/s | wrapped kops/s | overhead % | min..max % | pairs |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    print "scenario,threads,bare_ms,wrapped_ms,bare_kops_per_s,wrapped_kops_per_s,overhead_pct,overhead_min_pct,overhead_max_pct,pairs" > csv1
    for (i = 1; i <= nsc; i++) {
        s = order[i]
        if (!npairs[s]) { # no preload on this OS: bare only
            printf "| %s | %d | %.2f | - | %.1f | - | - | - | 0 |\n", s, threads[s], bare_ms[s], bare_kops[s]
            printf "%s,%d,%.3f,,%.3f,,,,,0\n", s, threads[s], bare_ms[s], bare_kops[s] > csv1
            continue
        }
        printf "| %s | %d | %.2f | %.2f | %.1f | %.1f | %+.2f | %+.2f..%+.2f | %d |\n", s, threads[s], bare_ms[s], wrap_ms[s], bare_kops[s], wrap_kops[s], over[s], over_min[s], over_max[s], npairs[s]
        printf "%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%d\n", s, threads[s], bare_ms[s], wrap_ms[s], bare_kops[s], wrap_kops[s], over[s], over_min[s], over_max[s], npairs[s] > csv1
    }
    close(csv1)

    if (anywrapped) {
        print ""
        print "Profile under the preload: shares are medians over the wrapped runs; top lock, top blocker and path share come from the traced run."
        print ""
        print "| scenario | wait share | sleep share | contended | top lock | top blocker | path share of top lock |"
        print "|---|---:|---:|---:|---|---|---:|"
        print "scenario,wait_share,sleep_share,contended_share,top_lock,top_blocker,path_share_top_lock" > csv4
        for (i = 1; i <= nsc; i++) {
            s = order[i]
            if (!npairs[s]) continue
            tl = (s in toplabel) ? toplabel[s] : "-"
            tb = top_blocker(s)
            printf "| %s | %s | %s | %s | %s | %s | %s |\n", s, pct(wait_of[s]), pct(sleep_of[s]), pct(cont_of[s]), tl, tb, pct(pshare[s])
            printf "%s,%.4f,%.4f,%.4f,%s,%s,%.4f\n", s, wait_of[s], sleep_of[s], cont_of[s], tl, tb, pshare[s] > csv4
        }
        close(csv4)
    }

    # the cache scenario's request latency, bare and wrapped (medians over runs)
    if ("cache" in seen) {
        print ""
        print "Cache scenario: request latency (median over runs), and the requests at or above p99 in the traced run."
        print ""
        print "| variant | p50 us | p99 us | max us |"
        print "|---|---:|---:|---:|"
        print "variant,p50_us,p99_us,max_us" > csv2
        for (vi = 1; vi <= 2; vi++) {
            v = vi == 1 ? "bare" : "wrapped"; n = 0
            for (j = 1; j <= nrep["cache"]; j++) {
                kk = "cache" SUBSEP v SUBSEP reps["cache", j]
                if (kk in wall) { a50[++n] = p50[kk] / 1e3; a99[n] = p99[kk] / 1e3; amx[n] = pmax[kk] / 1e3 }
            }
            if (n == 0) continue
            printf "| %s | %.1f | %.1f | %.1f |\n", v, median(a50, n), median(a99, n), median(amx, n)
            printf "%s,%.3f,%.3f,%.3f\n", v, median(a50, n), median(a99, n), median(amx, n) > csv2
        }
        close(csv2)
    }

    if (anywrapped) { # the traced runs exist only with the preload
        print ""
        print "Critical path of each traced run (`lockwait_report`): how its length divides."
        print ""
        print "| scenario | path ms | plain work | critical sections | waits (no blocker known) | handoffs | thread with most of it |"
        print "|---|---:|---:|---:|---:|---:|---|"
        print "scenario,path_ms,work_share,cs_share,wait_share,handoff_share,top_thread,top_thread_share" > csv3
        for (i = 1; i <= nsc; i++) {
            s = order[i]
            if (!(s in cp_path) || cp_path[s] + 0 == 0) continue
            p = cp_path[s]
            printf "| %s | %.2f | %s | %s | %s | %s | %s (%s) |\n", s, p / 1e6, pct(cp_work[s] / p), pct(cp_cs[s] / p), pct(cp_wait[s] / p), pct(cp_hand[s] / p), name_of(s, cp_toptid[s]), pct(cp_topshare[s])
            printf "%s,%.3f,%.4f,%.4f,%.4f,%.4f,%s,%.4f\n", s, p / 1e6, cp_work[s] / p, cp_cs[s] / p, cp_wait[s] / p, cp_hand[s] / p, name_of(s, cp_toptid[s]), cp_topshare[s] > csv3
        }
        close(csv3)
    }

    # findings, every number from the tables above
    print ""
    print "Findings:"
    lo = ""; hi = ""; wide = ""
    for (i = 1; i <= nsc; i++) {
        s = order[i]
        if (!npairs[s]) continue
        if (lo == "" || over[s] < over[lo]) lo = s
        if (hi == "" || over[s] > over[hi]) hi = s
        if ((s in spread) && (wide == "" || spread[s] > spread[wide])) wide = s
    }
    if (lo == "") {
        print "- No run under the preload (it is Linux-only): bare times only."
    } else {
        printf "- Median overhead of the preload ranges from %+.2f%% (%s) to %+.2f%% (%s).", over[lo], lo, over[hi], hi
        if (wide != "")
            printf " The pairs scatter by up to %.2f points (%s, smallest to largest pair): a median smaller than that is not distinguishable from zero here.", spread[wide], wide
        print ""
    }
    line = ""
    for (i = 1; i <= nsc; i++) {
        s = order[i]
        if (!npairs[s]) continue
        if (s == "cache" || s == "cond")
            line = line sprintf("%s%s %+.2f%% (pairs %+.2f..%+.2f: %s)", line == "" ? "" : ", ", s, over[s], over_min[s], over_max[s], over[s] < 0.5 ? "median under the 0.5% goal" : over_min[s] < 0.5 ? "median above the 0.5% goal, within the pairs' spread" : "above the 0.5% goal")
    }
    if (line != "") print "- Goal overhead < 0.5% on cache and cond: " line "."
    line = ""
    for (i = 1; i <= nsc; i++) {
        s = order[i]
        if (npairs[s]) line = line sprintf("%s%s %s", line == "" ? "" : ", ", s, pct(sleep_of[s]))
    }
    if (line != "") print "- Share of the wait spent asleep in the kernel (futex) rather than spinning in user space: " line "."
    if ("cache" in tail_n)
        printf "- cache: the %d requests at or above p99 spent %s of their latency compiling under the cache lock or waiting for it, and %s compiling or blocked while the lock's holder was compiling.\n", tail_n["cache"], pct(tail_lock["cache"]), pct(tail_comp["cache"])
    if (("cache" in pshare) && npairs["cache"])
        printf "- cache: the cache lock accounts for %s of the critical path, plain work (request execution and think time, which are not traced) for %s.\n", pct(pshare["cache"]), pct(cp_path["cache"] > 0 ? cp_work["cache"] / cp_path["cache"] : 0)

    # SVG: the cache critical path, one row per thread, coloured by state
    if (nseg > 0) {
        W = 900; X0 = 110; RH = 22; H = 40 + nrow * RH + 30
        printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H > svg
        printf "<text x=\"4\" y=\"16\">lockwait: critical path of the cache scenario (%.1f ms); grey work, red critical section, orange handoff, blue wait</text>\n", seg_span / 1e6 > svg
        for (i = 0; i < nrow; i++)
            printf "<text x=\"4\" y=\"%d\">%s</text>\n", 40 + i * RH + 14, name_of("cache", rowtid[i]) > svg
        for (i = 1; i <= nseg; i++) {
            x = X0 + (W - X0 - 10) * seg_s[i] / seg_span
            w = (W - X0 - 10) * (seg_e[i] - seg_s[i]) / seg_span
            if (w < 0.5) w = 0.5
            c = seg_state[i] == "cs" ? "#d62728" : seg_state[i] == "handoff" ? "#ff7f0e" : seg_state[i] == "wait" ? "#1f77b4" : "#bbbbbb"
            printf "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\"/>\n", x, 40 + rowof[seg_tid[i]] * RH, w, RH - 4, c > svg
        }
        printf "<text x=\"%d\" y=\"%d\">0 ms</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.1f ms</text>\n", X0, H - 8, W - 10, H - 8, seg_span / 1e6 > svg
        print "</svg>" > svg
        close(svg)
        print ""
        print "The cache scenario's critical path, one row per thread on the path (grey: plain work, red: critical sections, orange: handoffs, blue: waits):"; print ""; print "![critical path of the cache scenario](results/lockwait-cache-critpath.svg)"
    }
}

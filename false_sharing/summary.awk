# false_sharing/summary.awk - the false-sharing section of results/summary.md,
# its CSV tables, and findings sentences computed from the data, so that no
# number in the README is written by hand.
# usage: awk -v csvdir=DIR -f false_sharing/summary.awk results/false_sharing-raw.txt
# Input lines used (everything else is skipped):
#   RESULT exp=false_sharing kind=cell variant=V layout=L threads=T ns_per_inc=X cv=C min_ns=M
#          cycles_per_inc=Y reps=R moved_rounds=K pinned=P oversubscribed=O
#   RESULT exp=false_sharing kind=pair class=C pair=A,B variant=V layout=L threads=2 ns_per_inc=X cv=C ...
#   RESULT exp=false_sharing kind=line source=S line_bytes=N
#   RESULT exp=false_sharing kind=skip threads=T online_cpus=N reason=R
#   # pinned_tT: granted|refused cpus=...      # knobs: ...
# Awk's "for (k in a)" order is unspecified, so every loop below walks lists
# kept in input order, which keeps the output identical under every awk.

BEGIN { CVMAX = 0.03; if (csvdir == "") csvdir = "." }

# kv(): split "key=value" fields of the current line into the array f
function kv(   i, p) {
    delete_f()
    for (i = 2; i <= NF; i++) {
        p = index($i, "=")
        if (p) f[substr($i, 1, p - 1)] = substr($i, p + 1)
    }
}
function delete_f(   k) { for (k in f) delete f[k] }
function fmt(x) { return x < 10 ? sprintf("%.3f", x) : x < 100 ? sprintf("%.2f", x) : sprintf("%.1f", x) }
function pct(x) { return sprintf("%.1f%%", 100 * x) }
function ratio(x) { return sprintf("%.2f", x) }
function cellfmt(k) { return fmt(ns[k]) " (" pct(cv[k]) (cv[k] > CVMAX ? " !" : "") ")" }

$1 == "RESULT" && $2 == "exp=false_sharing" {
    kv()
    if (f["kind"] == "cell") {
        v = f["variant"]; l = f["layout"]; t = f["threads"] + 0
        if (!(v in seenv)) { seenv[v] = 1; vars[++nv] = v }
        if (!(l in seenl)) { seenl[l] = 1; lays[++nl] = l }
        if (!(t in seent)) { seent[t] = 1; thr[++nt] = t }
        k = v SUBSEP l SUBSEP t
        ns[k] = f["ns_per_inc"] + 0; cv[k] = f["cv"] + 0; mn[k] = f["min_ns"] + 0
        cyc[k] = f["cycles_per_inc"]; reps = f["reps"]; moved[k] = f["moved_rounds"] + 0
        over[t] = f["oversubscribed"]; pinned[t] = f["pinned"]
        if (cv[k] > CVMAX && (t == 1 || t == 2)) flagged[++nflag] = v " " l " at " t " thread" (t > 1 ? "s" : "") " (cv " pct(cv[k]) ")"
    } else if (f["kind"] == "pair") {
        c = f["class"]
        if (!(c in seenc)) { seenc[c] = 1; cls[++nc] = c; pairof[c] = f["pair"] }
        k = c SUBSEP f["variant"] SUBSEP f["layout"]
        if (!((c SUBSEP f["variant"]) in seenpv)) { seenpv[c SUBSEP f["variant"]] = 1; pv[c, ++npv[c]] = f["variant"] }
        pns[k] = f["ns_per_inc"] + 0; pcv[k] = f["cv"] + 0
    } else if (f["kind"] == "line") {
        lines = lines (lines ? ", " : "") f["line_bytes"] " B from " f["source"]
    } else if (f["kind"] == "skip" && f["threads"] != "") {
        skipped = skipped (skipped ? ", " : "") f["threads"]
        online = f["online_cpus"]
    } else if (f["kind"] == "skip" && f["pairs"] != "") {
        pairskip = f["reason"]
    }
}
/^# knobs: / { knobs = $0; sub(/^# knobs: /, "", knobs) }
/^# pinning: / { nopin = substr($0, 12) }
/^# pinned_t[0-9]+: / { pinline = pinline (pinline ? "; " : "") substr($2, 9, length($2) - 9) " threads on CPUs " substr($4, 6) " (" $3 ")" }

END {
    if (nv == 0) { print "### False sharing\n\nNo false_sharing results in this raw file."; exit }
    print "### False sharing"
    print ""
    printf "Each thread increments its own 64-bit counter; counters sit 8 B apart (adjacent, one line), 64 B apart (pad64) or 128 B apart (pad128). "
    printf "Median ns per increment per thread over %d rounds, cv in brackets; `!` marks a cv above %d%%. ", reps, 100 * CVMAX
    printf "A flat row across thread counts is linear scaling.\n\n"
    if (pinline != "") printf "Placement: %s.\n", pinline
    else printf "Placement: %s; the cpus lines in the raw file show where threads ran.\n", (nopin != "" ? nopin : "none")
    if (skipped != "") printf "Skipped: %s threads (only %s CPUs online; name them in THREADS= to run them oversubscribed).\n", skipped, online
    for (i = 1; i <= nt; i++) if (over[thr[i]] == 1) printf "Oversubscribed: %d threads on fewer CPUs; those columns measure the scheduler too.\n", thr[i]
    printf "Line sizes: %s.\n\n", lines

    # table 1: ns per increment
    csv = csvdir "/false_sharing-ns.csv"
    print "variant,layout,threads,ns_per_inc,cv,min_ns,cycles_per_inc,reps,moved_rounds" > csv
    printf "| increment | layout |"; for (i = 1; i <= nt; i++) printf " %d thr |", thr[i]; print ""
    printf "|---|---|"; for (i = 1; i <= nt; i++) printf "---:|"; print ""
    for (a = 1; a <= nv; a++) for (b = 1; b <= nl; b++) {
        printf "| %s | %s |", vars[a], lays[b]
        for (i = 1; i <= nt; i++) {
            k = vars[a] SUBSEP lays[b] SUBSEP thr[i]
            printf " %s |", (k in ns) ? cellfmt(k) : "-"
            if (k in ns) printf "%s,%s,%d,%.4f,%.4f,%.4f,%s,%d,%d\n", vars[a], lays[b], thr[i], ns[k], cv[k], mn[k], cyc[k], reps, moved[k] > csv
        }
        print ""
    }
    close(csv)
    print ""

    # table 2: what the layout costs, as ratios to pad128
    csv = csvdir "/false_sharing-ratios.csv"
    print "variant,threads,adjacent_over_pad128,pad64_over_pad128,pad128_over_1thread" > csv
    print "Cost of the layout (ratio to pad128 at the same thread count) and scaling of pad128 (ratio to its 1-thread time):"
    print ""
    printf "| increment | ratio |"; for (i = 1; i <= nt; i++) printf " %d thr |", thr[i]; print ""
    printf "|---|---|"; for (i = 1; i <= nt; i++) printf "---:|"; print ""
    for (a = 1; a <= nv; a++) {
        split("adjacent/pad128 pad64/pad128 pad128/1-thread", rn, " ")
        for (r = 1; r <= 3; r++) {
            printf "| %s | %s |", vars[a], rn[r]
            for (i = 1; i <= nt; i++) printf " %s |", ratiocell(vars[a], r, thr[i])
            print ""
        }
        for (i = 1; i <= nt; i++)
            printf "%s,%d,%s,%s,%s\n", vars[a], thr[i], ratiocell(vars[a], 1, thr[i]), ratiocell(vars[a], 2, thr[i]), ratiocell(vars[a], 3, thr[i]) > csv
    }
    close(csv)
    print ""

    # table 3: cycles per increment
    if (cyc[vars[1] SUBSEP lays[1] SUBSEP thr[1]] != "NA") {
        print "Cycles per increment (median ns x the clock estimate for that many busy cores):"
        print ""
        printf "| increment | layout |"; for (i = 1; i <= nt; i++) printf " %d thr |", thr[i]; print ""
        printf "|---|---|"; for (i = 1; i <= nt; i++) printf "---:|"; print ""
        for (a = 1; a <= nv; a++) for (b = 1; b <= nl; b++) {
            printf "| %s | %s |", vars[a], lays[b]
            for (i = 1; i <= nt; i++) { k = vars[a] SUBSEP lays[b] SUBSEP thr[i]; printf " %s |", (k in cyc) ? cyc[k] : "-" }
            print ""
        }
        print ""
    }

    # table 4: CPU-pair classes at 2 threads
    if (nc > 0) {
        csv = csvdir "/false_sharing-pairs.csv"
        print "class,pair,variant,adjacent_ns,pad128_ns,adjacent_over_pad128,adjacent_cv,pad128_cv" > csv
        print "Two threads pinned to one pair of CPUs of each kind this machine has:"
        print ""
        print "| CPU pair | CPUs | increment | adjacent ns | pad128 ns | adjacent/pad128 |"
        print "|---|---|---|---:|---:|---:|"
        for (c = 1; c <= nc; c++) for (j = 1; j <= npv[cls[c]]; j++) {
            v = pv[cls[c], j]; ka = cls[c] SUBSEP v SUBSEP "adjacent"; kp = cls[c] SUBSEP v SUBSEP "pad128"
            printf "| %s | %s | %s | %s (%s) | %s (%s) | %s |\n", cls[c], pairof[cls[c]], v, fmt(pns[ka]), pct(pcv[ka]), fmt(pns[kp]), pct(pcv[kp]), ratio(pns[ka] / pns[kp])
            printf "%s,\"%s\",%s,%.4f,%.4f,%.3f,%.4f,%.4f\n", cls[c], pairof[cls[c]], v, pns[ka], pns[kp], pns[ka] / pns[kp], pcv[ka], pcv[kp] > csv
        }
        close(csv)
        print ""
    } else if (pairskip != "") printf "CPU-pair classes not measured (%s).\n\n", (pairskip == "unpinned" ? "threads were not pinned" : "the topology is unknown")

    findings()
}

# ratiocell(variant, which, T): 1 adjacent/pad128, 2 pad64/pad128, 3 pad128(T)/pad128(1)
function ratiocell(v, which, t,   kp, kx) {
    kp = v SUBSEP "pad128" SUBSEP t
    kx = which == 1 ? v SUBSEP "adjacent" SUBSEP t : which == 2 ? v SUBSEP "pad64" SUBSEP t : v SUBSEP "pad128" SUBSEP thr[1]
    if (!(kp in ns) || !(kx in ns) || ns[kp] == 0 || ns[kx] == 0) return "-"
    return which == 3 ? ratio(ns[kp] / ns[kx]) : ratio(ns[kx] / ns[kp])
}

function findings(   a, i, t, k1, k2, lo, hi, x, worst, wv, s, s2, mx) {
    print "Findings (generated from the numbers above):"
    print ""
    # the layouts alone, at one thread
    if (thr[1] == 1) {
        worst = 0
        for (a = 1; a <= nv; a++) {
            lo = hi = ns[vars[a] SUBSEP lays[1] SUBSEP 1]
            for (i = 2; i <= nl; i++) { x = ns[vars[a] SUBSEP lays[i] SUBSEP 1]; if (x < lo) lo = x; if (x > hi) hi = x }
            if (lo > 0 && hi / lo - 1 >= worst) { worst = hi / lo - 1; wv = vars[a] }
        }
        if (worst <= 0.05)
            printf "- With one thread the layout itself is free: the three layouts are within %s of each other for every increment, so everything below is the price of a second core touching the line.\n", pct(worst)
        else
            printf "- With one thread the three layouts differ by up to %s (%s), more than the 5%% expected of layouts that cost the same; check that cell's cv before reading the ratios below.\n", pct(worst), wv
    }
    # the register loop against the clock estimate
    k1 = "register" SUBSEP "pad128" SUBSEP 1
    if ((k1 in cyc) && cyc[k1] != "NA") {
        x = cyc[k1] + 0
        if (x >= 0.97 && x <= 1.03)
            printf "- The register-only loop runs at %s cycles per increment on one thread, within 3%% of the 1-cycle bound, which confirms the clock estimate.\n", cyc[k1]
        else
            printf "- The register-only loop runs at %s cycles per increment on one thread where 1.00 is expected: the clock estimate (or the machine's load) is off by %s, and so is every cycles figure.\n", cyc[k1], pct(x > 1 ? x - 1 : 1 - x)
    }
    # what sharing a line costs, per increment and thread count
    for (a = 1; a <= nv; a++) {
        if (vars[a] == "register") continue
        s = ""
        for (i = 1; i <= nt; i++) {
            t = thr[i]; if (t < 2) continue
            k1 = vars[a] SUBSEP "adjacent" SUBSEP t; k2 = vars[a] SUBSEP "pad128" SUBSEP t
            if (!(k1 in ns) || !(k2 in ns)) continue
            s = s (s ? "; " : "") sprintf("%s times the padded one at %d threads (%s against %s ns)", ratio(ns[k1] / ns[k2]), t, fmt(ns[k1]), fmt(ns[k2]))
        }
        if (s != "") printf "- The adjacent %s costs %s.\n", vars[a], s
    }
    # padded scaling: linear when every thread count is within 5% of one thread
    for (a = 1; a <= nv; a++) {
        s = ""; mx = 0
        for (i = 2; i <= nt; i++) {
            x = ratiocell(vars[a], 3, thr[i]); if (x == "-") continue
            s = s (s ? ", " : "") x " at " thr[i]; if (x + 0 > mx) mx = x + 0
        }
        if (s == "") continue
        if (mx <= 1.05) printf "- Padded to 128 B the %s scales linearly: time per increment relative to one thread is %s threads.\n", vars[a], s
        else printf "- Padded to 128 B the %s does not scale linearly: time per increment relative to one thread is %s threads.\n", vars[a], s
    }
    # pad64 against pad128 for the atomic, the form most sensitive to sharing
    s = ""; mx = 0
    for (i = 1; i <= nt; i++) {
        if (thr[i] < 2) continue
        x = ratiocell("atomic", 2, thr[i]); if (x == "-") continue
        s = s (s ? ", " : "") x " at " thr[i]; if (x + 0 > mx) mx = x + 0
    }
    if (s != "") {
        if (mx <= 1.05) printf "- pad64 (two counters per 128 B) costs the same as pad128 for the atomic (%s threads): 64 B apart was enough between the cores used here.\n", s
        else printf "- pad64 (two counters per 128 B) costs more than pad128 for the atomic (%s threads): 64 B apart was not enough between the cores used here.\n", s
    }
    # pair classes
    for (c = 1; c <= nc; c++) {
        k1 = cls[c] SUBSEP "atomic" SUBSEP "adjacent"; k2 = cls[c] SUBSEP "atomic" SUBSEP "pad128"
        if ((k1 in pns) && pns[k2] > 0)
            printf "- Two threads on a CPU pair of class %s (CPUs %s) pay %s times for the adjacent atomic (%s against %s ns).\n", cls[c], pairof[cls[c]], ratio(pns[k1] / pns[k2]), fmt(pns[k1]), fmt(pns[k2])
    }
    if (nflag > 0) {
        s = flagged[1]; for (i = 2; i <= nflag; i++) s = s "; " flagged[i]
        printf "- Cells at 1 or 2 threads with a cv above %d%% (medians less certain; the samples lines in the raw file show each round): %s.\n", 100 * CVMAX, s
    } else if (thr[1] == 1) printf "- Every cell at 1 and 2 threads has a cv at or below %d%%.\n", 100 * CVMAX
    print ""
}

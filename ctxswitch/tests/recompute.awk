# recompute.awk - check every ctxswitch RESULT line against its own samples
# lines: the paper's formula per block (C1 = T1/2 - T2, C2 = S1/2 - S2,
# indirect = C2 - C1, from the runs' median round trips), the counts of
# blocks in the line's speed level, interfered, mixed and in other levels,
# that only the blocks of the line's level enter it (and canary_ns= is the
# median of their readings), and that each published estimate and interval
# is what its statistic must give on those blocks. Raw files from before
# the levels (run=rep, one block per repetition, state c, i or s) are
# checked as they were: the clean repetitions, and rounds_slow=.
# The statistics themselves are not recomputed (they live once, in
# common/stats.c); their defining properties are checked instead:
#   median (C1, C2): at most half the values lie below it and at most half
#     above; its interval's ends are values of the sample;
#   Hodges-Lehmann (indirect, process - thread): the same for the Walsh
#     averages (d[i] + d[j]) / 2, i <= j, and the ends are Walsh averages;
#   q >= p, and significant=yes exactly when q <= 0.05 (p for mode_diff).
# Prints one line per disagreement, then "checked N" (N RESULT lines).
# Input: RESULT exp=ctxswitch kind=direct|total|mode_diff ...
#        RESULT exp=ctxswitch kind=samples mode=M size_kib=D access=A stride_bytes=S round_trips=R run=T1|T2|S1|S2 rt_ns=v,...
#        RESULT exp=ctxswitch kind=samples ... run=block ... state=1,m,i,2,... canary_ns=... canary_end_ns=...
#        RESULT exp=ctxswitch kind=samples ... run=rep state=c,i,s,... canary_ns=...   (before the levels)
# (samples values carry one decimal, so comparisons allow TOL ns.)
BEGIN { TOL = 0.2 }
function val(k) { return kv_get($0, k) }
function key() { return val("mode") " " val("size_kib") " " val("access") " " val("stride_bytes") " " val("round_trips") }
function bad(what) { printf "%s: %s\n", cur, what; nbad++ }

$1 == "RESULT" && $2 == "exp=ctxswitch" && $3 == "kind=samples" {
    r = val("run")
    # a repetition before the levels is one block, its one reading both ends
    if (r == "block" || r == "rep") {
        s[key(), "rep"] = val("state"); s[key(), "c0"] = val("canary_ns")
        s[key(), "c1"] = r == "block" ? val("canary_end_ns") : val("canary_ns")
    } else s[key(), r] = val("rt_ns")
}
$1 == "RESULT" && $2 == "exp=ctxswitch" && ($3 == "kind=direct" || $3 == "kind=total" || $3 == "kind=mode_diff") {
    nr++; line[nr] = $0; k[nr] = key()
}
# the state of the blocks a line of level lv uses ("c" before the levels)
function want(lv) { return lv == "" ? "c" : lv }

# the clean per-repetition costs of cell key ck into x[1..n]: what = c1, c2 or ind
function costs(ck, what, x, lv,   st, t1, t2, s1, s2, n, i, m, c1, c2) {
    n = split(s[ck, "rep"], st, ",")
    split(s[ck, "T1"], t1, ","); split(s[ck, "T2"], t2, ",")
    split(s[ck, "S1"], s1, ","); split(s[ck, "S2"], s2, ",")
    m = 0
    for (i = 1; i <= n; i++) {
        if (st[i] != want(lv)) continue
        c1 = t1[i] / 2 - t2[i]; c2 = s1[i] / 2 - s2[i]
        x[++m] = what == "c1" ? c1 : what == "c2" ? c2 : c2 - c1
    }
    return m
}
# est is the median of x[1..n], lo and hi are values of x, lo <= est <= hi
function check_median(name, x, n, est, lo, hi,   i, below, above, found) {
    if (n < 6) { if (lo != "NA" || hi != "NA") bad(name ": an interval from " n " clean repetitions"); return }
    below = above = 0
    for (i = 1; i <= n; i++) { below += x[i] < est - TOL; above += x[i] > est + TOL }
    if (2 * below > n || 2 * above > n) bad(sprintf("%s=%s is not the median of the %d clean values (%d below, %d above)", name, est, n, below, above))
    check_ends(name, x, n, est, lo, hi)
}
# the same for the Hodges-Lehmann estimate: the median of the Walsh averages
function check_hl(name, d, n, est, lo, hi,   i, j, m, w, below, above) {
    if (n < 6) { if (lo != "NA" || hi != "NA") bad(name ": an interval from " n " clean repetitions"); return }
    m = 0
    for (i = 1; i <= n; i++) for (j = i; j <= n; j++) w[++m] = (d[i] + d[j]) / 2
    below = above = 0
    for (i = 1; i <= m; i++) { below += w[i] < est - TOL; above += w[i] > est + TOL }
    if (2 * below > m || 2 * above > m) bad(sprintf("%s=%s is not the median of the %d Walsh averages (%d below, %d above)", name, est, m, below, above))
    check_ends(name, w, m, est, lo, hi)
}
function check_ends(name, x, n, est, lo, hi,   i, flo, fhi) {
    if (lo == "NA" || hi == "NA") { bad(name ": no interval from " n " values"); return }
    if (!(lo - TOL <= est + 0 && est - TOL <= hi + 0)) bad(name ": " lo " <= " est " <= " hi " does not hold")
    flo = fhi = 0
    for (i = 1; i <= n; i++) { flo = flo || (x[i] - lo < TOL && lo - x[i] < TOL); fhi = fhi || (x[i] - hi < TOL && hi - x[i] < TOL) }
    if (!flo || !fhi) bad(name ": the interval's ends " lo ", " hi " are not values of the sample")
}

END {
    for (i = 1; i <= nr; i++) {
        $0 = line[i]; cur = k[i]; kind = val("kind")
        lv = val("speed_level")
        if (kind == "mode_diff") {
            cur = "mode_diff " lv
            n = costs(pk, "c1", a, lv); split("", b); costs(tk, "c1", b, lv)
            for (j = 1; j <= n; j++) a[j] -= b[j]
            check_hl("c1_diff_ns", a, n, val("c1_diff_ns"), val("c1_diff_ns_lo"), val("c1_diff_ns_hi"))
            if ((val("p") != "NA" && val("p") + 0 <= 0.05) != (val("significant") == "yes")) bad("significant= does not follow p")
            checked++
            continue
        }
        if (!((k[i], "rep") in s)) { bad("no samples"); continue }
        nrep = split(s[k[i], "rep"], st, ",")
        cur = k[i] " level " lv
        ci = cs = cc = cm = 0
        for (j = 1; j <= nrep; j++) { cc += st[j] == want(lv); ci += st[j] == "i"; cs += st[j] == "s"; cm += st[j] == "m" }
        if (lv == "" && (val("rounds_total") + 0 != nrep || val("rounds_used") + 0 != cc || val("rounds_interfered") + 0 != ci || val("rounds_slow") + 0 != cs))
            bad(sprintf("rounds_total/used/interfered/slow %s/%s/%s/%s, the samples say %d/%d/%d/%d", val("rounds_total"),
                val("rounds_used"), val("rounds_interfered"), val("rounds_slow"), nrep, cc, ci, cs))
        if (lv != "" && (val("rounds_total") + 0 != nrep || val("rounds_used") + 0 != cc || val("rounds_interfered") + 0 != ci ||
                         val("rounds_mixed") + 0 != cm || val("rounds_other_levels") + 0 != nrep - cc - ci - cm))
            bad(sprintf("rounds_total/used/interfered/mixed/other_levels %s/%s/%s/%s/%s, the samples say %d/%d/%d/%d/%d", val("rounds_total"),
                val("rounds_used"), val("rounds_interfered"), val("rounds_mixed"), val("rounds_other_levels"), nrep, cc, ci, cm, nrep - cc - ci - cm))
        if (lv != "") { # canary_ns: the median of the readings around the blocks used
            split(s[k[i], "c0"], r0, ","); split(s[k[i], "c1"], r1, ","); m = 0; split("", x)
            for (j = 1; j <= nrep; j++) if (st[j] == lv) { x[++m] = r0[j]; x[++m] = r1[j] }
            below = above = 0
            for (j = 1; j <= m; j++) { below += x[j] < val("canary_ns") - 1e-4; above += x[j] > val("canary_ns") + 1e-4 }
            if (m == 0 || 2 * below > m || 2 * above > m) bad("canary_ns=" val("canary_ns") " is not the median of the level's " m " readings")
        }
        for (j = split(s[k[i], "T1"], t, ","); j >= 1; j--) if (t[j] == "") bad("an empty T1 sample")
        n = costs(k[i], "c1", x, lv)
        check_median("c1_ns", x, n, val("c1_ns"), val("c1_ns_lo"), val("c1_ns_hi"))
        if (kind == "direct") {
            if (val("mode") == "process") pk = k[i]; else tk = k[i]
        } else {
            n = costs(k[i], "c2", x, lv)
            check_median("c2_ns", x, n, val("c2_ns"), val("c2_ns_lo"), val("c2_ns_hi"))
            n = costs(k[i], "ind", x, lv)
            check_hl("indirect_ns", x, n, val("indirect_ns"), val("indirect_ns_lo"), val("indirect_ns_hi"))
            if (val("q") != "NA" && val("q") + 0 < val("p") - 1e-9) bad("q < p")
            if ((val("q") != "NA" && val("q") + 0 <= 0.05) != (val("significant") == "yes")) bad("significant= does not follow q")
        }
        checked++
    }
    printf "checked %d\n", checked
}

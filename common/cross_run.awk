# cross_run.awk - do one run's 95% intervals hold another run's estimates?
# The counting half of common/stability.sh, for one experiment.
# usage: awk -v experiment=E -v figures="LINE;LINE..." -v series=FILE \
#            -f common/kv.awk -f common/cross_run.awk RUN1-RAW RUN2-RAW ...
# figures: the experiment's EXP_figures lines joined by ";", "KIND ID_KEYS VALUE_KEYS SCALE
# CLAIM PLACEMENT" (docs/adding-an-experiment.md); the first of VALUE_KEYS is
# the headline value V, read as V=, V_lo=, V_hi=.
# Input: raw files, one per run. Only untagged RESULT lines of exp=E (experiment) and of a
# kind in figures count: lines with inv= are one invocation's material, and
# raw files older than invocations have no such lines and are read as they
# are. A figure is one identity (the values of ID_KEYS; a missing key reads NA);
# if a run has it twice, its last line holds.
# Figures whose PLACEMENT is "pair" depend on where the host put the CPUs:
# two runs whose main placements differ (their kind=placement_level main=1
# hand-off readings more than 30% apart, build/combine's gap) are not
# compared on them; APART counts those pairs of runs' figures. Figures
# measured within the host's speed levels (speed_level=) count only in the
# run's main level (speed_main=1), and two runs whose main levels' canaries
# lie more than 15% apart (the host ran at another speed) are not compared
# on them either: figures of different levels are never set against each
# other.
# Output, one line per figure kind in figures order:
#   KIND V RUNS FIGURES COMPARED INSIDE CLAIMS CLAIMS_SAME APART
# COMPARED: over every ordered pair of runs (a, b), a != b, the figures present
# in both with a number as b's estimate and numbers as a's interval; INSIDE:
# how many of those have lo_a <= est_b <= hi_a. CLAIMS: the figures with a
# claim= in every run (NA for kinds that make no claim); CLAIMS_SAME: those
# whose claim is the same in all runs. To FILE, one line per kind for
# build/stats median: "E:KIND" then the relative half-widths (hi - lo) / 2 /
# |est| of every figure of every run (the median is computed there, where the
# statistics live).
# POSIX awk only: the same output under mawk, gawk and original-awk.

BEGIN {
    nkinds = split(figures, line, ";")
    for (k = 1; k <= nkinds; k++) {
        split(line[k], w, " ")
        kind[k] = w[1]; kindno[w[1]] = k
        nid_keys[k] = split(w[2], w2, ",")
        for (i = 1; i <= nid_keys[k]; i++) id_key[k, i] = w2[i]
        split(w[3], w3, ","); headline[k] = w3[1]
        claims_made[k] = w[5] != "-"
        placed[k] = w[6] == "pair"
    }
}

function number(v) { return v ~ /^[-+]?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }
function abs(x) { return x < 0 ? -x : x }

FNR == 1 { runs++ }

# "RESULT exp=E kind=K [inv=I] ID=... V=est V_lo=lo V_hi=hi ... [claim=C]"
# "RESULT exp=E kind=placement_level level=L main=1 ... one_way_ns=X ..."
/^RESULT / && $3 == "kind=placement_level" && $2 == "exp=" experiment && / main=1 / { handoff[runs] = kv_get($0, "one_way_ns") }

/^RESULT / {
    kv($0, f)
    if (f["exp"] != experiment || !(f["kind"] in kindno) || ("inv" in f)) next
    if (("speed_level" in f) && f["speed_main"] != 1) next
    k = kindno[f["kind"]]
    if ("speed_level" in f) { leveled[k] = 1; speed[runs] = f["canary_ns"] }
    id = ""
    for (i = 1; i <= nid_keys[k]; i++) id = id SUBSEP (((id_key[k, i]) in f) ? f[id_key[k, i]] : "NA")
    if (!((k, id) in known)) { known[k, id] = 1; ids[k, ++nids[k]] = id }
    v = headline[k]
    here[runs, k, id] = 1
    est[runs, k, id] = f[v]; lo[runs, k, id] = f[v "_lo"]; hi[runs, k, id] = f[v "_hi"]
    if ("claim" in f) claim[runs, k, id] = f["claim"]
    else delete claim[runs, k, id]
}

# has_interval(R, K, ID): run R gives figure ID of kind K a numeric interval
function has_interval(r, k, id) {
    return ((r, k, id) in here) && number(lo[r, k, id]) && number(hi[r, k, id])
}
function has_est(r, k, id) { return ((r, k, id) in here) && number(est[r, k, id]) }
# the main placements of runs a and b differ by more than build/combine's gap
function apart(a, b,   x, y) {
    if (!number(handoff[a]) || !number(handoff[b])) return 0
    x = handoff[a] + 0; y = handoff[b] + 0
    return x > 1.3 * y || y > 1.3 * x
}

# the main speed levels of runs a and b lie more than 15% apart
function other_speed(a, b,   x, y) {
    if (!number(speed[a]) || !number(speed[b])) return 0
    x = speed[a] + 0; y = speed[b] + 0
    return x > 1.15 * y || y > 1.15 * x
}

END {
    for (k = 1; k <= nkinds; k++) {
        compared = 0; inside = 0; claims = 0; same = 0; kept_apart = 0
        out = experiment ":" kind[k]
        for (j = 1; j <= nids[k]; j++) {
            id = ids[k, j]
            for (a = 1; a <= runs; a++) {
                if (has_interval(a, k, id) && has_est(a, k, id) && est[a, k, id] + 0 != 0)
                    out = out sprintf(" %.6g", (hi[a, k, id] - lo[a, k, id]) / 2 / abs(est[a, k, id]))
                if (!has_interval(a, k, id)) continue
                for (b = 1; b <= runs; b++) {
                    if (b == a || !has_est(b, k, id)) continue
                    if ((placed[k] && apart(a, b)) || (leveled[k] && other_speed(a, b))) { kept_apart++; continue }
                    compared++
                    e = est[b, k, id] + 0
                    if (lo[a, k, id] + 0 <= e && e <= hi[a, k, id] + 0) inside++
                }
            }
            if (!claims_made[k]) continue
            all = 1; agree = 1
            for (r = 1; r <= runs; r++) {
                if (!((r, k, id) in claim)) { all = 0; break }
                if (claim[r, k, id] != claim[1, k, id]) agree = 0
            }
            if (all) { claims++; same += agree }
        }
        if (!claims_made[k]) { claims = "NA"; same = "NA" }
        printf "%s %s %d %d %d %d %s %s %d\n", kind[k], headline[k], runs, nids[k], compared, inside, claims, same, kept_apart
        print out > series
    }
}

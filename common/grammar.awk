# grammar.awk - check machine-readable lines against the output grammar of
# docs/output-grammar.md; prints "FILE:LINE: what is wrong: the line" for each
# break and exits 1 if there was any.
# usage: awk -f common/grammar.awk FILE...
# Input: any text. Lines starting "RESULT " are checked; so is any line that
# looks machine-readable but is not a RESULT line (a word followed by exp=).
# "#" lines (provenance for people) and everything else are skipped.
# POSIX awk only: the same verdicts under mawk, gawk and original-awk.

BEGIN {
    # the words that name a unit; a key holding a number must contain one
    # (as a _-separated word: ns_per_inc, ops_per_s, l2_bytes)
    nu = split("ns us ms s bytes kib ghz pct cycles", u, " ")
    for (i = 1; i <= nu; i++) unit[u[i]] = 1
    # dimensionless keys by their form (plain()): *_count, *_share, *_ratio,
    # *_id, rounds_*, batches_*, pairs_*; and these, which hold
    # dimensionless numbers without a telling form (counts, ids, flags,
    # factors), each documented in docs/output-grammar.md
    nl = split("n p q threads waits est series seed seq sched_priority typical_pair reps nvcsw cells rank signal " \
        "cpu cpu_a cpu_b cpus pid tid pair class initiator holder waiter blocker creator last_tid level llc_level map_level " \
        "rep runs round_trips iters_log2 n_log2 tries sweep_rounds_min reps_min reps_max pairs pairs_min " \
        "passes classes min_partners top locks events pieces requests ops acquisitions contended " \
        "trylock_failed timeouts owner_changes relocks held_at_exit holds_timed dropped untracked bypassed " \
        "expected rounds batches_min batches_max allowed_cpus online_cpus domain_cpus cpu_count " \
        "migrations matching moved_rounds nvcsw_per_rt nivcsw_per_rt single_csw_per_rt ratio_2n_n " \
        "slow_canary rel_target interference_share judged pinned oversubscribed busy too_busy slow sampled " \
        "stable quick direct_only preload disagree two_modes two_modes_all target_reached main probe_over " \
        "os_smt os_shared_l2 os_shared_l3_only os_across_l3 os_unknown " \
        "inv invs invocations invocations_total invocations_main invocations_moved levels main_level probes placement batches " \
        "figures compared inside claims claims_same rel_halfwidth apart hold_factor " \
        "nivcsw bare_nvcsw wrapped_nvcsw full_nvcsw half_nvcsw whatif_factor inline_mutex inline_spin counter " \
        "speed_level speed_main blocks_per_rep block_round_trips state used iters " \
        "a a_lo a_hi b b_lo b_hi diff diff_lo diff_hi df speed_level_b values changed up down same unclear none " \
        "claims_changed geomean_n", al, " ")
    for (i = 1; i <= nl; i++) unitless[al[i]] = 1
    bad = 0
}

function report(what) {
    printf "%s:%d: %s: %s\n", FILENAME, FNR, what, substr($0, 1, 160)
    bad = 1
}
# a number, or a comma list of numbers (and NA), as the value of a key
function numeric(v) {
    return v ~ /^(-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?|NA)(,(-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?|NA))*$/ && v != "NA"
}
function has_unit(key,   n, w, i) {
    n = split(key, w, "_")
    for (i = 1; i <= n; i++) if (w[i] in unit) return 1
    return 0
}
function plain(key) {
    return (key in unitless) || key ~ /(^|_)(count|share|ratio|id)$/ || key ~ /^(rounds|batches|pairs)_/ || has_unit(key)
}
# X_lo and X_hi (a 95% interval) and X_min and X_max take X's verdict
function dimensionless(key) {
    if (plain(key)) return 1
    sub(/_(lo|hi|min|max)$/, "", key)
    return plain(key)
}

/^[A-Za-z_]+ exp=/ && $1 != "RESULT" { report("not a RESULT line") }
$1 == "RESULT" {
    if ($2 !~ /^exp=[a-z][a-z0-9_]*$/) report("exp= is not the first key")
    if ($3 !~ /^kind=[a-z][a-z0-9_]*$/) report("kind= is not the second key")
    split("", seen)
    for (i = 2; i <= NF; i++) {
        if ($i !~ /^[a-z][a-z0-9_]*=[^ ]+$/) { report("'" $i "' is not key=value"); continue }
        p = index($i, "="); k = substr($i, 1, p - 1); v = substr($i, p + 1)
        if (k in seen) report("key " k " given twice")
        seen[k] = 1
        if (v ~ /(^|,)-1(,|$)/ || tolower(v) ~ /(^|,)-?(nan|inf)(,|$)/) report("unknown spelled " v ", not NA: " k)
        if (numeric(v) && !dimensionless(k)) report("number without a unit in its key: " k)
    }
}
END { exit bad }

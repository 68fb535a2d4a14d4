# upgrade_raw.awk - rewrite a raw file written before the one output grammar
# (docs/output-grammar.md) into it, so its summary can be made again without
# measuring again. The committed results/*-raw.txt and the tests' fixtures
# were converted with it once; it is kept for raw files of older checkouts.
# usage: awk -f common/kv.awk -f common/upgrade_raw.awk OLD-raw.txt >NEW-raw.txt
# What changes (everything else is copied as it is):
#   samples/cpus lines -> RESULT lines: ctxswitch kind=samples (lost= ->
#     lost_share=), false_sharing kind=<kind>_samples and kind=<kind>_cpus
#   false_sharing: variant= -> increment=; placement pinned= -> pinning=;
#     kind=skip pairs=none -> kind=pairs_skip; c2c one_way_lo_ns/_hi_ns ->
#     one_way_ns_lo/_hi, canary_lo_ns/_hi_ns -> canary_ns_lo/_hi, c2c_plan
#     cpus= -> cpu_count=, roundtrips= -> round_trips=, rep= -> typical_pair=;
#     "# false_sharing_plan:" -> kind=plan, "# pinning: none" -> kind=unpinned
#   ctxswitch: -1 (unknown) -> NA in the four keys that spelled unknown so
#     (migrations=-1, *csw_per_rt=-1.000); a measured -1.0 elsewhere (an
#     interval's bound) is a number and stays; "# ctxswitch_config/_cache/_canary/_plan:"
#     -> kind=config/cache/canary/plan; "# ctxswitch_interference:" gains a
#     kind=interference line (pinning, sched and interference prose stay)
#   lockwait: a key given twice is given once; overhead_lo_pct/_hi_pct ->
#     overhead_pct_lo/_hi; the "# lockwait_*" settings gain a kind=config line
#   clock: kind=estimate
# A file already in the grammar comes out unchanged.
# every line, the invocations' tagged ones too (common/kv.awk skips them otherwise)
BEGIN { invocations = 1 }

lw_config != "" { if ($0 !~ /^RESULT exp=lockwait kind=config /) print lw_config; lw_config = "" }
END { if (lw_config != "") print lw_config }

function tok(s) { gsub(/[ =]/, "_", s); return s }
function na0(v) { return v + 0 > 0 ? v : "NA" }
# the RESULT line from the tokens w[1..n], each key once (first one wins),
# keys renamed by ren[]
function rebuild(n, w,    i, p, k, out, seenk) {
    split("", seenk)
    out = ""
    for (i = 1; i <= n; i++) {
        if (w[i] == "") continue
        p = index(w[i], "=")
        if (p == 0) { out = out (out == "" ? "" : " ") w[i]; continue }
        k = substr(w[i], 1, p - 1)
        if (k in ren) k = ren[k]
        if (k in seenk) continue
        seenk[k] = 1
        out = out " " k "=" substr(w[i], p + 1)
    }
    return out
}

# ---- provenance lines that carried what the summaries read ----
/^# ctxswitch_pinning: / { pin_text = $0 }
/^# ctxswitch_sched: / { sched_text = $0 }
/^# ctxswitch_config: / {
    kv($0, f)
    pinning = "not_requested"; pin_error = "NA"
    if (pin_text ~ /: granted/) pinning = "granted"
    else if (pin_text ~ /: not granted \(/) { pinning = "not_granted"; pin_error = pin_text; sub(/.*not granted \(/, "", pin_error); sub(/\);.*/, "", pin_error); pin_error = tok(pin_error) }
    else if (pin_text ~ /not available/) pinning = "not_available"
    sched_state = "not_requested"; sched_error = "NA"; prio = "NA"
    if (sched_text ~ /granted/) { sched_state = "granted"; prio = sched_text; sub(/.*priority /, "", prio); sub(/ .*/, "", prio) }
    else if (sched_text ~ /refused \(/) { sched_state = "refused"; sched_error = sched_text; sub(/.*refused \(/, "", sched_error); sub(/\);.*/, "", sched_error); sched_error = tok(sched_error) }
    else if (sched_text ~ /not available/) sched_state = "not_available"
    printf "RESULT exp=ctxswitch kind=config cpu=%s pinned=%d pinning=%s pin_error=%s sched=%s sched_state=%s sched_priority=%s sched_error=%s", \
        f["cpu"], f["pinned"] == "yes", pinning, pin_error, f["sched"], sched_state, prio, sched_error
    printf " quick=%s round_trips=%s reps_min=%s reps_max=%s max_cell_s=%s direct_only=%s sweep_rounds_min=%s sweep_walk_bytes=%s ticks=%s canary_start_ns=%s", \
        f["quick"], f["rounds"], f["reps"], f["max_reps"], f["max_cell_s"], f["direct_only"], f["min_sweep_rounds"], f["sweep_walk_bytes"], f["ticks"], f["canary_start_ns"]
    printf " l1d_bytes=%s l2_bytes=%s llc_bytes=%s llc_level=%s line_bytes=%s cache_source=%s top_kib=%s max_kib=%s sizes_from=%s\n", \
        na0(f["l1d_bytes"]), na0(f["l2_bytes"]), na0(f["llc_bytes"]), f["llc_level"], na0(f["line_bytes"]), f["cache_source"], f["top_kib"], f["max_kib"], f["sizes_from"]
    next
}
/^# ctxswitch_cache(_disagree)?: / {
    kv($0, f)
    printf "RESULT exp=ctxswitch kind=cache level=%s sysfs_bytes=%s sysconf_bytes=%s sysctl_bytes=%s used=%s disagree=%d\n", \
        $3, na0(f["sysfs_bytes"]), na0(f["sysconf_bytes"]), na0(f["sysctl_bytes"]), f["used"], $2 ~ /disagree/
    next
}
# a file with invocations (inv=I after the kind; run.sh's hand-off probe
# tags the first line of each) is new: its "#" lines are prose only
/^RESULT exp=[a-z_]+ kind=[a-z_0-9]+ inv=/ { tagged = 1 }
# one interference line per invocation, or per file
/^RESULT exp=ctxswitch kind=interference / { if (said_interference[$4 ~ /^inv=/ ? $4 : ""]++) next }
/^# ctxswitch_interference: / {
    print
    if (tagged || said_interference[""]++) next
    share = "0.02"
    if ($3 == "on") { why = "NA"; share = $0; sub(/.* above /, "", share); sub(/ .*/, "", share) }
    else if ($0 ~ /off \(not pinned/) why = "not_pinned"
    else { why = $0; sub(/^[^(]*\(/, "", why); sub(/\);.*/, "", why); why = tok(why) }
    printf "RESULT exp=ctxswitch kind=interference judged=%d why=%s interference_share=%s\n", $3 == "on", why, share
    next
}
/^# ctxswitch_plan: / {
    kv($0, f)
    printf "RESULT exp=ctxswitch kind=plan cells=%s eta_s=%s sizes_kib=%s\n", f["cells"], f["eta_s"], f["sizes_kib"] == "" ? "NA" : f["sizes_kib"]
    next
}
/^# ctxswitch_canary: / {
    kv($0, f); slow = $0; sub(/.*above /, "", slow); sub(/ .*/, "", slow)
    printf "RESULT exp=ctxswitch kind=canary canary_best_ns=%s slow_canary=%s\n", f["best_ns"], slow
    next
}
/^# false_sharing_plan: / {
    n = split($0, w, " ")
    s = "RESULT exp=false_sharing kind=plan"
    for (i = 3; i <= n; i++) s = s " " w[i]
    n = split(s, w, " ")
    split("", ren); ren["max_rounds"] = "rounds_max"; ren["abs_floor"] = "abs_floor_ns"
    print rebuild(n, w)
    next
}
/^# pinning: none / {
    why = $0 ~ /PIN=0/ ? "pin_0" : $0 ~ /affinity API/ ? "no_affinity_api" : "no_allowed_cpu"
    print "RESULT exp=false_sharing kind=unpinned why=" why
    next
}
/^# lockwait_reps: / { lw_reps = $3 }
/^# lockwait_max_cell_s: / { lw_cap = $3 }
/^# lockwait_target: / { lw_target = $3 }
/^# lockwait_online_cpus: / { lw_cpus = $3 }
/^# lockwait_preload: / { lw_preload = $3 == "none" ? 0 : 1 }
/^# lockwait_slow_canary: / {
    print
    best = $0; sub(/.*first best /, "", best); sub(/ .*/, "", best)
    # written after the next line unless that is the config line already
    lw_config = sprintf("RESULT exp=lockwait kind=config reps_min=%s max_cell_s=%s target_ratio=%s online_cpus=%s slow_canary=%s canary_best_ns=%s preload=%s", \
        lw_reps, lw_cap, lw_target, lw_cpus, $3, best, lw_preload == "" ? 1 : lw_preload)
    next
}
/^#/ { print; next }

# ---- machine-readable lines ----
$1 == "samples" || $1 == "cpus" || $1 == "RESULT" {
    n = split($0, w, " ")
    split("", ren)
    if ($1 == "samples" && $2 == "exp=ctxswitch") {
        s = "RESULT exp=ctxswitch kind=samples"
        for (i = 3; i <= n; i++) s = s " " w[i]
        n = split(s, w, " ")
        ren["lost"] = "lost_share"
    } else if ($1 != "RESULT" && $2 == "exp=false_sharing") {
        w[1] = "RESULT"; w[3] = w[3] "_" $1
    }
    if ($2 == "exp=clock" && $3 !~ /^kind=/) {
        s = "RESULT exp=clock kind=estimate"
        for (i = 3; i <= n; i++) s = s " " w[i]
        n = split(s, w, " ")
    }
    if ($2 == "exp=false_sharing") {
        ren["variant"] = "increment"
        ren["one_way_lo_ns"] = "one_way_ns_lo"; ren["one_way_hi_ns"] = "one_way_ns_hi"
        ren["canary_lo_ns"] = "canary_ns_lo"; ren["canary_hi_ns"] = "canary_ns_hi"
        if ($3 == "kind=placement") ren["pinned"] = "pinning"
        if ($3 == "kind=c2c_plan") { ren["cpus"] = "cpu_count"; ren["roundtrips"] = "round_trips" }
        if ($3 == "kind=c2c_class" || $3 == "kind=c2c_os") ren["rep"] = "typical_pair"
        if ($3 == "kind=skip" && $4 == "pairs=none") { w[3] = "kind=pairs_skip"; w[4] = "" }
    }
    # only the counts that old files set to -1 when unknown (never negative
    # when measured): indirect_ns_lo=-1.0 is a measured bound
    if ($2 == "exp=ctxswitch")
        for (i = 4; i <= n; i++) if (w[i] ~ /^(migrations|nvcsw_per_rt|nivcsw_per_rt|single_csw_per_rt)=-1(\.0+)?$/) sub(/=.*/, "=NA", w[i])
    if ($2 == "exp=lockwait") { ren["overhead_lo_pct"] = "overhead_pct_lo"; ren["overhead_hi_pct"] = "overhead_pct_hi" }
    print rebuild(n, w)
    next
}
{ print }

# lockwait/lib_findings.awk - the verdicts of lockwait/summary.awk in words:
# a scenario's overhead against none and against the paper's 0.5% goal,
# and the what-if check (whether its pairs were too busy, the run's speed
# level of its CSV row, its predicted and measured changes of wall time, and
# whether the prediction holds). Reads what summary.awk keeps of the
# kind=overhead (ov_*) and kind=whatif_check (wi_*, fig[]) lines, and uses
# its rules (busy, has_ci, too_busy, busy_why). A library: functions only,
# loaded before summary.awk (summary_awk in common/lib.sh). POSIX awk.

# the overhead of scenario s as a findings phrase
function overhead_phrase(s,    ci) {
    if (busy(s))
        return sprintf("could not be measured here (%s)", busy_why(ov_used[s], ov_slow[s], ov_total[s], ov_basis[s]))
    if (!has_ci(s))
        return sprintf("%+.1f%% (%d %s pair%s: too few for an interval)", ov[s], ov_used[s], cleanw, ov_used[s] == 1 ? "" : "s")
    ci = sprintf("95%% CI %+.1f..%+.1f%%", ov_lo[s], ov_hi[s])
    # "no overhead" only when the whole interval lies within the 2-point margin
    if (ov_lo[s] + 0 >= -2 && ov_hi[s] + 0 <= 2)
        return "no overhead beyond the 2-point margin (" ci ")"
    if (ov_lo[s] + 0 <= 0 && ov_hi[s] + 0 >= 0)
        return "cannot tell, no overhead shown nor ruled out (" ci ")"
    if (ov_q[s] != "NA" && ov_q[s] + 0 <= 0.05)
        return sprintf("%+.1f%% (%s)", ov[s], ci)
    return sprintf("%+.1f%% (%s; not significant across the %d scenarios, q = %.2f)", ov[s], ci, nov, ov_q[s])
}

# against the 0.5% goal of the paper
function goal_phrase(s) {
    if (busy(s)) return "could not be measured here"
    if (!has_ci(s)) return "too few pairs to tell"
    if (ov_hi[s] + 0 < 0.5) return sprintf("within the goal (95%% CI %+.1f..%+.1f%%)", ov_lo[s], ov_hi[s])
    if (ov_lo[s] + 0 > 0.5) return sprintf("above the goal (95%% CI %+.1f..%+.1f%%)", ov_lo[s], ov_hi[s])
    return sprintf("cannot tell: the interval %+.1f..%+.1f%% spans 0.5%%", ov_lo[s], ov_hi[s])
}

# the what-if check of s: its pairs too busy to measure (the overhead rule)
function wi_busy(s) { return wi_basis[s] != "all" && too_busy(wi_used[s], wi_min[s], wi_slow[s], wi_total[s], wi_basis[s]) }
# The run's speed level of the what-if check of s, for its CSV row. Its
# pairs' levels are found apart from the overhead pairs' (check=whatif) and
# build/combine copies its line from one invocation with that invocation's
# own level number, which is not the run's (level 1 of the what-if pairs can
# be level 2 of the run): after build/combine, the run level whose canary
# lies nearest the check's own canary, within 5% (the run's levels lie 10%
# apart and more), else none; in one invocation's file, its own number.
function wi_run_level(s,    l, r, best, bestr) {
    if (!nrunlv || wi_level[s] == "0") return wi_level[s] # 0: its mixed pairs, in no level
    if (wi_canary[s] == "" || wi_canary[s] == "NA") return ""
    best = ""
    for (l = 1; l <= nrunlv; l++) {
        if (!(l in runcanary) || runcanary[l] + 0 <= 0) continue
        r = wi_canary[s] / runcanary[l]; if (r < 1) r = 1 / r
        if (r <= 1.05 && (best == "" || r < bestr)) { best = l; bestr = r }
    }
    return best
}
# a saving as the change of wall time it is: "-18.0%"
function change(x) { return x == "" || x == "NA" ? "-" : sprintf("%+.1f%%", -x) }
# a saving and its interval as a change with its interval: "-17.0% (-19.2..-15.1%)"
function change_ci(v, lo, hi) {
    if (v == "" || v == "NA") return "-"
    if (lo == "" || hi == "" || lo == "NA" || hi == "NA") return change(v) " (no interval)"
    return sprintf("%s (%+.1f..%+.1f%%)", change(v), -hi, -lo)
}
function measured_change(s) {
    return change_ci(fig[s, "measured_saving_pct"], fig[s, "measured_saving_pct_lo"], fig[s, "measured_saving_pct_hi"])
}
function predicted_change(s) { return change_ci(wi_pred[s], wi_pred_lo[s], wi_pred_hi[s]) }

# where the replay missed: what it predicts with the lone stretches gone
# (nothing when the trace had none, or the report predates them)
function lonefree_note(s, m,    lf, d) {
    lf = wi_lonefree[s]
    if (lf == "" || lf == "NA" || (lf - wi_pred[s] < 0.5 && wi_pred[s] - lf < 0.5)) return ""
    d = lf - m; if (d < 0) d = -d
    return sprintf("; with its lone stretches gone (one thread taking the lock back while a woken waiter had no CPU) the replay predicts %s, %.1f points from the measurement%s", change(lf), d, d <= 5 ? ": the stretches ended at the shorter hold" : "")
}

# where the prediction promised too much: what the replay in the trace's
# order of grants predicts (nothing from a report before it)
function ordered_note(s, m,    od, d) {
    od = wi_ordered[s]
    if (od == "" || od == "NA" || (od - wi_pred[s] < 0.5 && wi_pred[s] - od < 0.5)) return ""
    d = od - m; if (d < 0) d = -d
    return sprintf("; in the trace's order of grants the replay predicts %s, %.1f points from the measurement", change(od), d)
}

# where the prediction failed and the traced runs took much longer than the
# bare ones: the trace is of a program the tracing slowed
function slowed_note(s,    t) {
    t = wi_traced[s]
    if (t == "" || t == "NA" || t + 0 < 1.25) return ""
    return sprintf("; the traced runs took %.2fx the bare runs' time, so the prediction is read from a program the tracing slowed", t)
}

# the finding of the what-if check of s: whether the prediction holds and,
# where it fails, what the numbers say about why
function whatif_phrase(s,    p, m, lo, hi, d, fs, hs, why) {
    p = wi_pred[s]; m = fig[s, "measured_saving_pct"]; lo = fig[s, "measured_saving_pct_lo"]; hi = fig[s, "measured_saving_pct_hi"]
    if (wi_busy(s))
        return sprintf("could not be measured here (%s)%s", busy_why(wi_used[s], wi_slow[s], wi_total[s], wi_basis[s]),
            p == "NA" || p == "" ? "" : "; predicted " predicted_change(s))
    if (p == "NA" || p == "")
        return sprintf("measured %s at x%s the hold; no prediction (%s)", measured_change(s), wi_fac[s],
            wi_traces[s] + 0 == 0 ? "the report has no --what-if" : sprintf("the report replayed no lock in the %d trace%s", wi_traces[s], wi_traces[s] == 1 ? "" : "s"))
    if (m == "NA" || m == "")
        return sprintf("predicted %s; no measurement", predicted_change(s))
    d = p - m
    if (lo == "NA" || hi == "NA")
        return sprintf("predicted %s, measured %s: %.1f points apart, too few pairs to judge", predicted_change(s), measured_change(s), d < 0 ? -d : d)
    # holds only within its tolerance of the measurement (5 points): a wide
    # measured interval that happens to hold the prediction is no agreement
    if (d <= 5 && d >= -5)
        return sprintf("the prediction holds within 5 points: predicted %s, measured %s, %.1f points apart", predicted_change(s), measured_change(s), d < 0 ? -d : d)
    fs = fig[s, "full_nvcsw"]; hs = fig[s, "half_nvcsw"]
    if (d > 0) {
        why = "the lock was less of a bottleneck at the shorter hold than the replay assumes"
        if (threads[s] + 0 > cpus + 0 && cpus != "")
            why = sprintf("with %d threads on %d CPUs a woken waiter also queues for a CPU, which shorter holds do not shorten and the replay does not model", threads[s], cpus)
        else if (fs != "NA" && hs != "NA" && fs != "" && hs + 0 >= fs + 0)
            why = sprintf("the shorter holds slept as often (%.0f sleeps per run, against %.0f at the full hold): each hand-off still costs a wake-up the replay does not count", hs, fs)
        return sprintf("the prediction fails: predicted %s, measured %s, %.1f points too optimistic; %s%s%s%s", predicted_change(s), measured_change(s), d, why, lonefree_note(s, m), ordered_note(s, m), slowed_note(s))
    }
    why = "the replay keeps fixed what the shorter holds changed too (the order of arrivals, the other waits)"
    if (fs != "NA" && hs != "NA" && fs != "" && hs + 0 < 0.8 * fs)
        why = sprintf("the shorter holds also slept less (%.0f sleeps per run, against %.0f at the full hold): fewer waits became futex sleeps, whose wake-ups the replay keeps", hs, fs)
    return sprintf("the prediction fails: predicted %s, measured %s, %.1f points too pessimistic; %s%s%s", predicted_change(s), measured_change(s), -d, why, lonefree_note(s, m), slowed_note(s))
}

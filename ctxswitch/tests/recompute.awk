# recompute.awk - recompute each ctxswitch RESULT's median cost from its raw
# samples with the paper's formula, C = T1/(2R) - T2/R per repetition, and
# the indirect cost as C2 - C1; print one line per disagreement (> 0.15 ns,
# the RESULT lines carry one decimal). Prints "checked N" at the end.
# Input: RESULT exp=ctxswitch kind=direct|total mode=M size_kib=D access=A stride_bytes=S rounds=R ...
#        samples exp=ctxswitch mode=M size_kib=D access=A stride_bytes=S rounds=R run=pair|single ns=v,v,...
function val(k,   i) { for (i = 2; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2); return "" }
function key() { return val("mode") " " val("size_kib") " " val("access") " " val("stride_bytes") " " val("rounds") }
function median(x, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
    return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
}
$1 == "samples" && $2 == "exp=ctxswitch" { s[key(), val("run")] = val("ns") }
$1 == "RESULT" && $2 == "exp=ctxswitch" {
    nr++; k[nr] = key(); r[nr] = val("rounds"); kind[nr] = val("kind"); mode[nr] = val("mode")
    got[nr] = kind[nr] == "direct" ? val("c1_ns") : val("c2_ns"); ind[nr] = val("indirect_ns")
}
END {
    for (i = 1; i <= nr; i++) {
        n = split(s[k[i], "pair"], p, ","); m = split(s[k[i], "single"], q, ",")
        if (n == 0 || n != m) { print "no samples for " k[i]; continue }
        for (j = 1; j <= n; j++) c[j] = p[j] / (2 * r[i]) - q[j] / r[i]
        want = median(c, n)
        if (kind[i] == "direct") c1[mode[i]] = want
        if (want - got[i] > 0.15 || got[i] - want > 0.15) printf "%s: median cost %.2f, RESULT says %s\n", k[i], want, got[i]
        if (kind[i] == "total") {
            d = want - c1[mode[i]]
            if (d - ind[i] > 0.3 || ind[i] - d > 0.3) printf "%s: indirect %.2f, RESULT says %s\n", k[i], d, ind[i]
        }
        checked++
    }
    printf "checked %d\n", checked
}

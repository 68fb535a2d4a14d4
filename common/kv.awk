# kv.awk - reading the key=value tokens of RESULT lines (docs/output-grammar.md),
# shared by every awk program that reads them. Load it before the program:
#   awk -f common/kv.awk -f PROGRAM.awk FILE...
# Only POSIX awk: the same results under mawk, gawk and original-awk.
#
# Lines one invocation printed carry inv=I after their kind (run.sh runs each
# experiment as several invocations); they are the raw material of the
# published, untagged lines build/combine writes after them, and every
# program that loads this file skips them, unless it sets -v invocations=1;
# inv_seen keeps the largest I skipped: how many invocations the run made.
$1 == "RESULT" && $4 ~ /^inv=[0-9]+$/ && !invocations {
    if (substr($4, 5) + 0 > inv_seen + 0) inv_seen = substr($4, 5) + 0
    next
}

# kv(line, f): empties f, then f[key] = value for every key=value token of
# line (tokens are split on blanks; "RESULT" and any other token without
# "=" are skipped); returns how many keys it set
function kv(line, f,    n, i, w, p, got) {
    split("", f)
    n = split(line, w, " ")
    got = 0
    for (i = 1; i <= n; i++) {
        p = index(w[i], "=")
        if (p > 1) { f[substr(w[i], 1, p - 1)] = substr(w[i], p + 1); got++ }
    }
    return got
}

# kv_get(line, key): the value of key in line, "" when line has no such key
function kv_get(line, key,    n, i, w, l) {
    n = split(line, w, " ")
    l = length(key) + 1
    for (i = 1; i <= n; i++)
        if (substr(w[i], 1, l) == key "=") return substr(w[i], l + 1)
    return ""
}

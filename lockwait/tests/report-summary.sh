#!/usr/bin/env bash
# The lockwait summary, from a committed raw file of a real run
# (QUICK=1 REPS=3 ./run.sh lockwait), is the committed golden output under
# mawk, gawk and original-awk alike (markdown, CSVs and the SVG), and its
# numbers are the raw file's numbers.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

T=$ROOT/lockwait/tests
fixture=$T/fixture-raw.txt
summary_goldens lockwait 1 overhead.csv profile.csv cache.csv critpath.csv cache-critpath.svg

# the numbers are the raw file's: recompute the mutex overhead (median of the
# per-pair ratios) and the cache tail share by hand
want=$(awk '/^RESULT .*kind=workload scenario=mutex .*variant=(bare|wrapped)/ {
    for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
    w[f["variant"], f["rep"]] = f["wall_ns"]; if (f["rep"] > n) n = f["rep"] }
  END { for (r = 1; r <= n; r++) o[r] = 100 * (w["wrapped", r] / w["bare", r] - 1)
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (o[j] < o[i]) { t = o[i]; o[i] = o[j]; o[j] = t }
        printf "%+.2f", n % 2 ? o[(n + 1) / 2] : (o[n / 2] + o[n / 2 + 1]) / 2 }' "$fixture")
check "the mutex overhead is the median of the raw pairs ($want)" grep -q "^| mutex | [0-9]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | $want |" "$TMP/mawk/summary.md"
share=$(sed -n 's/.*kind=tail .* lock_share=\([0-9.]*\) .*/\1/p' "$fixture" | awk '{ printf "%.1f%%", 100 * $1 }')
check "the cache tail share is the report's lock_share ($share)" grep -q "spent $share of their latency" "$TMP/mawk/summary.md"
check "the SVG has one row label per thread on the path" \
  awk -v n="$(grep 'kind=critpath_seg' "$fixture" | sed 's/.* tid=\([0-9]*\) .*/\1/' | sort -u | wc -l)" \
    'END { exit !(c == n && n >= 1) } /^<text x="4" y="[0-9]+">/ && NR > 2 { c++ }' "$TMP/mawk/lockwait-cache-critpath.svg"

# without the preload (macOS): bare times, dashes, and a sentence saying why
grep -v -E 'variant=(wrapped|traced)' "$fixture" >"$TMP/bare.txt"
awk -v csvdir="$TMP" -f "$ROOT/lockwait/summary.awk" "$TMP/bare.txt" >"$TMP/bare.md"
check "bare-only raw: rows with bare times and dashes" grep -q '^| mutex | [0-9]* | [0-9.]* | - | [0-9.]* | - |' "$TMP/bare.md"
check "bare-only raw: no profile table" bash -c "! grep -q '^Profile under the preload' '$TMP/bare.md'"
check "bare-only raw: says the preload did not run" grep -q 'No run under the preload' "$TMP/bare.md"

# a raw file with no results gives a clear section, not a broken table
printf '# sharecost raw results: lockwait\n' >"$TMP/empty.txt"
check "an empty raw file says there are no results" \
  bash -c "awk -v csvdir='$TMP' -f '$ROOT/lockwait/summary.awk' '$TMP/empty.txt' | grep -q 'No lockwait results'"
finish

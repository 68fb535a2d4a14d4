#!/usr/bin/env bash
# lockwait's published overhead over several invocations (INVOCATIONS=N):
# build/combine with lockwait_figures (lockwait/exp.sh) combines the sleeps
# ratio as it does the overhead (on logarithms: a ratio), instead of copying
# the first invocation's.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

# shellcheck source=lockwait/exp.sh
(source "$ROOT/lockwait/exp.sh" && lockwait_figures) >"$TMP/spec"
for i in 1 2; do
  if [ "$i" = 1 ]; then o=2 sl=0.5; else o=4 sl=2; fi
  echo "RESULT exp=lockwait kind=overhead inv=$i scenario=mutex overhead_pct=$o overhead_pct_lo=$((o - 1))" \
    "overhead_pct_hi=$((o + 1)) pairs_used=13 pairs_total=13 sleeps_ratio=$sl sleeps_ratio_lo=$sl sleeps_ratio_hi=$sl"
done >"$TMP/raw"
"$ROOT/build/combine" "$TMP/spec" "$TMP/raw" >"$TMP/pub" 2>"$TMP/err" || fail "combine runs" "$(cat "$TMP/err")"
pub=$(grep 'kind=overhead ' "$TMP/pub" || true)
check_eq "the overhead over both invocations: 3%" 3 "$(val "$pub" overhead_pct)"
# on logarithms: x0.5 and x2 are x1.0 (not 1.25), and no bound below 0
check_eq "the sleeps ratio over both invocations: x1.0, not the first's x0.5" 1 "$(val "$pub" sleeps_ratio)"
check_awk "... with an interval around it, above 0" \
  "$(val "$pub" sleeps_ratio_lo) > 0 && $(val "$pub" sleeps_ratio_lo) < 1 && $(val "$pub" sleeps_ratio_hi) > 1"

# The speed levels after build/combine: it renumbers the pairs' levels to the
# run's and drops the invocations' own kind=speed_level lines, so the summary
# names each level's canary from kind=speed_level_run (it printed "canary  ns").
for i in 1 2; do
  c=$([ "$i" = 1 ] && echo 0.33 || echo 0.34)
  for r in 1 2 3; do
    echo "RESULT exp=lockwait kind=pair inv=$i scenario=mutex rep=$r first=bare wall_ratio=1.01" \
      "canary_ns=$c,$c,$c canary_max_ns=$c speed_level=1 slow_share=0.000 used=1"
  done
  echo "RESULT exp=lockwait kind=speed_level inv=$i scenario=mutex check=overhead level=1 canary_ns=$c" \
    "readings_share=1.000 pairs=3 used=1"
  echo "RESULT exp=lockwait kind=overhead inv=$i scenario=mutex overhead_pct=1 overhead_pct_lo=0 overhead_pct_hi=2" \
    "pairs_used=3 pairs_total=3 pairs_basis=level speed_level=1 sleeps_ratio=1 sleeps_ratio_lo=1 sleeps_ratio_hi=1"
done >"$TMP/lvraw"
"$ROOT/build/combine" "$TMP/spec" "$TMP/lvraw" >"$TMP/lvpub" 2>"$TMP/err" || fail "combine runs on levels" "$(cat "$TMP/err")"
cat "$TMP/lvraw" "$TMP/lvpub" | awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/lockwait/summary.awk" >"$TMP/lv.md"
check "levels after combine: the run's level 1 with its canary (the mean of 0.33 and 0.34)" \
  grep -qF 'in level 1 (canary 0.335 ns)' "$TMP/lv.md"
check_eq "levels after combine: no level without its canary" 0 "$(grep -c 'canary  ns' "$TMP/lv.md" || true)"
finish

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
finish

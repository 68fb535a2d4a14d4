#!/usr/bin/env bash
# blame.sh - the holder's side of contention, known answer: in lw_blame three
# threads take a mutex briefly in fast_take() while the main thread keeps it
# 30 ms five times in slow_hold(), each time with all three blocked on it.
# lockwait_report's kind=blame must charge at least 90% of the lock's waits
# to slow_hold's site (the slow holds are not timed by the library: their
# site comes from the HOLD_SITE record the trace writes for every hold that
# made others wait), name fast_take as a second site, and say so in text.
# The same trace replayed at factor 1 (--what-if) gives its wall time back.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

R=$BUILD/lockwait_report
tr=$TMP/blame.trace
LOCKWAIT_TRACE=$tr check_exit "lw_blame runs under the preload, traced" 0 preload "$TMP/rep.txt" "$BUILD/lw_blame"
"$R" --what-if 1 "$tr" >"$TMP/report.out" 2>"$TMP/report.err"
slow=$(grep '^RESULT exp=lockwait kind=blame .* site=slow_hold+0x' "$TMP/report.out" || true)
check "a blame line for slow_hold's site" test -n "$slow"
within "slow_hold's share of the waits >= 0.9" "$(val "$slow" share)" 0.9 1
check_eq "all five slow holds charged" 5 "$(val "$slow" hold_count)"
check "fast_take is named as a site too" grep -q '^RESULT exp=lockwait kind=blame .* site=fast_take+0x' "$TMP/report.out"
check "the text names the slow holder's site first" \
  awk '/^holders that kept others waiting/ { getline; exit !/% of the waits on mtx\): held from slow_hold\+0x/ }' "$TMP/report.err"
one=$(grep '^RESULT exp=lockwait kind=whatif ' "$TMP/report.out" || true)
within "the replay at factor 1 is within 2% of the wall time" "$(val "$one" replay_base_ns)" \
  "$(awk -v w="$(val "$one" wall_ns)" 'BEGIN { printf "%.0f", 0.98 * w }')" \
  "$(awk -v w="$(val "$one" wall_ns)" 'BEGIN { printf "%.0f", 1.02 * w }')"
check_eq "RESULT lines follow the grammar" "" "$(result_grammar "$TMP/report.out")"
finish

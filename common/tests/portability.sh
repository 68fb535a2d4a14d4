#!/usr/bin/env bash
# The code paths for systems other than Linux: every program compiles with
# __linux__ undefined (the fallback branches, warning-free), and the
# fallback builds run, saying that nothing was pinned rather than pretending.
# (The __APPLE__ branches need macOS headers and are not compiled here.)
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

# every recipe of every experiment, through build.sh, as for another OS
B=$TMP/nolinux
check "build.sh --no-linux builds every program without __linux__ (-Werror)" env BUILD_DIR="$B" "$ROOT/build.sh" --no-linux
for p in clock_estimate machine stats false_sharing false_sharing_c2c ctxswitch lockwait_workload lockwait_report; do
  check "$p is among them" test -x "$B/$p"
done
check_eq "no preload library without Linux" "" "$(ls "$B"/*.so 2>/dev/null || true)"
check_exit "build.sh --no-linux without BUILD_DIR: exit 2 (build/ is left alone)" 2 "$ROOT/build.sh" --no-linux

env ITERS_LOG2=12 REPS=1 MAX_CELL_S=0 THREADS=1,2 PAIRS=1 PIN=1 "$B/false_sharing" >"$TMP/fs.txt" 2>/dev/null
check "false_sharing without an affinity API says so in the raw output" \
  grep -q '^RESULT exp=false_sharing kind=unpinned why=no_affinity_api' "$TMP/fs.txt"
check_eq "false_sharing without an affinity API: every cell pinned=0" "0" "$(grep -c 'kind=cell .*pinned=1' "$TMP/fs.txt" || true)"
check_eq "false_sharing without an affinity API: checksums ok" "" "$(grep kind=checksum "$TMP/fs.txt" | grep -v 'status=ok$' || true)"
check "the summary says why nothing was pinned" \
  bash -c "awk -v csvdir='$TMP' -f '$ROOT/common/kv.awk' -f '$ROOT/false_sharing/summary.awk' '$TMP/fs.txt' | grep -q 'Placement: none (this OS has no thread affinity API'"
env REPS=2 MAX_CELL_S=0 ROUNDS=200 SIZES=4 "$B/ctxswitch" >"$TMP/cx.txt" 2>/dev/null
check "ctxswitch without an affinity API says it could not pin" grep -q '^# ctxswitch_pinning: not available on this OS' "$TMP/cx.txt"
check_eq "ctxswitch without an affinity API: checksums ok" "" "$(grep '^RESULT exp=ctxswitch kind=\(direct\|total\) ' "$TMP/cx.txt" | grep -v 'status=ok' || true)"
check "ctxswitch without __linux__ says why it cannot judge interference" \
  grep -q '^# ctxswitch_interference: off (this OS gives no CPU-time clock' "$TMP/cx.txt"
# shellcheck source=lockwait/exp.sh
source "$ROOT/lockwait/exp.sh" # LOCKWAIT_ALL_SCENARIOS
for s in "${LOCKWAIT_ALL_SCENARIOS[@]}"; do
  check "lockwait_workload $s without __linux__ passes its own check" \
    bash -c "'$B/lockwait_workload' -n 200 $s 2>/dev/null | grep -q 'check=ok'"
done
finish

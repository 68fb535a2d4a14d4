#!/usr/bin/env bash
# The code paths for systems other than Linux: every program compiles with
# __linux__ undefined (the fallback branches, warning-free), and the
# fallback builds run, saying that nothing was pinned rather than pretending.
# (The __APPLE__ branches need macOS headers and are not compiled here.)
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

read -r -a flags <<<"$("$ROOT/build.sh" --flags)"
cc=${flags[0]}
cflags=("${flags[@]:1}")
# shellcheck disable=SC2317 # called through check
nolinux() { # nolinux OUT SRC...: build SRC... with common/*.c (but the tools) and no __linux__
  local out=$1; shift
  "$cc" "${cflags[@]}" -U__linux__ -I"$ROOT/common" "$@" "$ROOT"/common/{common,stats,probe,cycles}.c -o "$TMP/$out" -lm
}
for p in "clock_estimate common/clock_estimate.c" "machine common/machine.c" "stats common/stats_cli.c" \
         "false_sharing false_sharing/bench.c false_sharing/rounds.c" "ctxswitch ctxswitch/ctxswitch.c ctxswitch/pingpong.c ctxswitch/report.c" \
         "lockwait_workload lockwait/workload.c lockwait/workload_scenarios.c" \
         "lockwait_report lockwait/tool/report/report.c lockwait/tool/report/report_load.c lockwait/tool/report/report_model.c lockwait/tool/report/report_pieces.c lockwait/tool/report/report_util.c lockwait/tool/report/report_meta.c lockwait/tool/lw_symbols.c"; do
  read -r out srcs <<<"$p"
  read -r -a src <<<"$srcs"
  check "$srcs compiles without __linux__ (-Werror)" nolinux "$out" "${src[@]/#/$ROOT/}"
done

env ITERS_LOG2=12 REPS=1 MAX_CELL_S=0 THREADS=1,2 PAIRS=1 PIN=1 "$TMP/false_sharing" >"$TMP/fs.txt" 2>/dev/null
check "false_sharing without an affinity API says so in the raw output" \
  grep -q '^RESULT exp=false_sharing kind=unpinned why=no_affinity_api' "$TMP/fs.txt"
check_eq "false_sharing without an affinity API: every cell pinned=0" "0" "$(grep -c 'kind=cell .*pinned=1' "$TMP/fs.txt" || true)"
check_eq "false_sharing without an affinity API: checksums ok" "" "$(grep kind=checksum "$TMP/fs.txt" | grep -v 'status=ok$' || true)"
check "the summary says why nothing was pinned" \
  bash -c "awk -v csvdir='$TMP' -f '$ROOT/common/kv.awk' -f '$ROOT/false_sharing/summary.awk' '$TMP/fs.txt' | grep -q 'Placement: none (this OS has no thread affinity API'"
env QUICK=1 REPS=2 MAX_CELL_S=0 ROUNDS=200 SIZES=4 "$TMP/ctxswitch" >"$TMP/cx.txt" 2>/dev/null
check "ctxswitch without an affinity API says it could not pin" grep -q '^# ctxswitch_pinning: not available on this OS' "$TMP/cx.txt"
check_eq "ctxswitch without an affinity API: checksums ok" "" "$(grep '^RESULT exp=ctxswitch kind=\(direct\|total\) ' "$TMP/cx.txt" | grep -v 'status=ok' || true)"
check "ctxswitch without __linux__ says why it cannot judge interference" \
  grep -q '^# ctxswitch_interference: off (this OS gives no CPU-time clock' "$TMP/cx.txt"
for s in mutex spin sem rwlock cond cache; do
  check "lockwait_workload $s without __linux__ passes its own check" \
    bash -c "'$TMP/lockwait_workload' -n 200 $s 2>/dev/null | grep -q 'check=ok'"
done
finish

#!/usr/bin/env bash
# wakeprobe.sh - the trace's WAKEUP records (trace.h; lib/lw_wakeprobe.c):
# with 2 CPUs or more, a traced run's trace has one per sleep length, 1 to
# 50 us in increasing order, each with its percentiles in order, and the
# probe's two threads are not the program's (as many THREAD_INFO records as
# without it); none with LOCKWAIT_WAKEUP_PROBE=0, on one CPU (taskset -c 0),
# nor in a trace written at a signal that ends the program (no probe in a
# handler); lockwait_report reads such a trace. Only orderings are
# asserted, never times.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"
ulimit -c 0 # no core file from the SIGSEGV run
unset LOCKWAIT_WAKEUP_PROBE # the caller's must not turn the probe off

C=$BUILD/lw_counts
# traced TRACE CMD...: CMD under the preload, its trace to TRACE (removed first)
traced() {
  local tr=$1; shift
  rm -f "$tr"
  LOCKWAIT_OUT=$TMP/rep.txt LOCKWAIT_TRACE=$tr LD_PRELOAD=$LIB "$@" >/dev/null 2>&1
}
# wakeups TRACE: lw_tracecheck's WAKEUP lines (it checks each has its DATA record)
wakeups() { "$BUILD/lw_tracecheck" "$1" | grep '^lw_tracecheck wakeup ' || true; }
first_line() { "$BUILD/lw_tracecheck" "$1" | head -n 1; }

cpus=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
if [ "$cpus" -lt 2 ]; then
  traced "$TMP/one.tr" "$C" handoff 10
  check_eq "one CPU: no WAKEUP record" "" "$(wakeups "$TMP/one.tr")"
  finish
fi

# a probe that gives up (a wait over 50 ms on a busy host) writes none:
# up to 3 runs for one that measured
for _ in 1 2 3; do
  traced "$TMP/on.tr" "$C" handoff 10
  [ -z "$(wakeups "$TMP/on.tr")" ] || break
done
check_exit "the trace with WAKEUP records is valid (lw_tracecheck)" 0 "$BUILD/lw_tracecheck" "$TMP/on.tr"
lines=$(wakeups "$TMP/on.tr")
check_eq "7 WAKEUP records, sleeps 1 to 50 us in increasing order" "1000 2000 3000 5000 10000 20000 50000" \
  "$(awk '{ for (i = 3; i <= NF; i++) if ($i ~ /^sleep_ns=/) printf "%s%s", (NR > 1 ? " " : ""), substr($i, 10) }' \
    <<<"$lines")"
# each: wake-ups measured, a median above 0, p10 <= p25 <= median <= p75 <= p90
bad=$(awk '{
    for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] + 0 }
    if (!(v["samples"] > 0 && v["median_ns"] > 0 && v["p10_ns"] <= v["p25_ns"] && v["p25_ns"] <= v["median_ns"] &&
          v["median_ns"] <= v["p75_ns"] && v["p75_ns"] <= v["p90_ns"])) print
  } END { if (NR == 0) print "no WAKEUP record" }' <<<"$lines")
check_eq "each WAKEUP: wake-ups measured, median > 0, p10 <= p25 <= median <= p75 <= p90" "" "$bad"
check_exit "lockwait_report reads a trace with WAKEUP records" 0 "$BUILD/lockwait_report" "$TMP/on.tr"

traced "$TMP/off.tr" env LOCKWAIT_WAKEUP_PROBE=0 "$C" handoff 10
check_eq "LOCKWAIT_WAKEUP_PROBE=0: no WAKEUP record" "" "$(wakeups "$TMP/off.tr")"
check "LOCKWAIT_WAKEUP_PROBE=0: the trace has its other records" grep -q 'thread_infos=[1-9]' <(first_line "$TMP/off.tr")
check_eq "the probe's threads are not the program's: as many THREAD_INFO records as without it" \
  "$(val "$(first_line "$TMP/off.tr")" thread_infos)" "$(val "$(first_line "$TMP/on.tr")" thread_infos)"

if command -v taskset >/dev/null; then
  traced "$TMP/one.tr" taskset -c 0 "$C" handoff 10
  check "taskset -c 0: a trace with records" grep -q 'thread_infos=[1-9]' <(first_line "$TMP/one.tr")
  check_eq "taskset -c 0 (one CPU): no WAKEUP record" "" "$(wakeups "$TMP/one.tr")"
else
  skip "taskset -c 0 (one CPU): no WAKEUP record" "no taskset"
fi

# lw_sig segv: one contended wait, then killed by SIGSEGV; its trace is
# written from the signal handler
(traced "$TMP/sig.tr" "$BUILD/lw_sig" segv) 2>/dev/null || true # (bash's "Segmentation fault" line)
check "at a fatal signal: a trace with records" grep -q 'thread_infos=[1-9]' <(first_line "$TMP/sig.tr")
check_eq "at a fatal signal: no WAKEUP record (no probe in a handler)" "" "$(wakeups "$TMP/sig.tr")"
finish

#!/usr/bin/env bash
# tracemem.sh - tracing many threads costs memory as they write, not a fixed
# run-up each: lw_tracemem's 100 threads write about 60 records each (2.4
# KiB); the trace's pages made present ahead of them (lw_trace_ahead,
# lib/lw_core.c) may add at most 32 KiB a thread to the untraced run's
# resident size. A fixed run-up of 2,048 records (80 KiB) added 17 MB to
# 200 such threads.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

if [ "$(uname -s)" != Linux ]; then
  skip "trace memory per thread" "no /proc/self/status"
  finish
fi
preload "$TMP/bare.txt" "$BUILD/lw_tracemem"
bare=$(cat "$TMP/stdout")
LOCKWAIT_TRACE=$TMP/t.trace preload "$TMP/traced.txt" "$BUILD/lw_tracemem"
traced=$(cat "$TMP/stdout")
check "both runs give their size" test -n "$(val "$bare" rss_kb)" -a -n "$(val "$traced" rss_kb)"
# about 1,900 of the 2,000 takes wait (a busy host may let some run alone),
# and so may the 101 threads at each of the 3 barriers (2012 waits in one run)
waits=$("$BUILD/lockwait_report" "$TMP/t.trace" 2>&1 | sed -n 's/.*model: [0-9]* records, \([0-9]*\) waits.*/\1/p')
within "the trace holds the threads' waits (${waits:-no}: of 2,000 takes and 303 barrier waits)" "${waits:-0}" 100 2303
grew=$(( $(val "$traced" rss_kb) - $(val "$bare" rss_kb) ))
within "traced, 100 threads of a few waits each add at most 32 KiB each ($grew KiB in all)" "$grew" -100000 3200
finish

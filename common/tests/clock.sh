#!/usr/bin/env bash
# clock.sh - one clock: common/clock.c is the only source that chooses what
# ticks are read from (the kernel's clocksource, CPUID's invariant-TSC
# leaf), it uses neither stdio nor malloc nor common.c's helpers (liblockwait
# compiles it in and calls it from signal handlers), and the library takes
# it and nothing else of common/. The choice itself, and that the library
# and the experiments agree on it: lockwait/tool/tests/timestamps.sh.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

cd "$ROOT"
find . -path ./.git -prune -o -path './build*' -prune -o -name '*.[ch]' -print | sed 's|^\./||' | sort >"$TMP/src"
choosers=$(xargs grep -l -e current_clocksource -e 0x80000007 <"$TMP/src" | grep -v '/tests/' || true)
check_eq "one clock chooser: common/clock.c" "common/clock.c" "$choosers"

# clock.c's code (comments and strings left out, as the lockwait tests read C)
awk -v mode=code -f lockwait/tool/tests/comments.awk common/clock.c | cut -d: -f3- >"$TMP/code"
check_eq "clock.c calls no stdio, malloc or common.c helper" "" \
  "$(grep -oE '\<(s?n?printf|fprintf|fopen|puts|malloc|calloc|realloc|free|die|die_errno|clock_ns|xmalloc)\(' "$TMP/code" || true)"
check_eq "clock.c includes no stdio and no other common/ header" "" \
  "$(grep -E '^#include' common/clock.c | grep -E 'stdio|common\.h|stats\.h' || true)"

if [ ! -e "$BUILD/liblockwait.so" ]; then
  skip "liblockwait links the clock and nothing else of common/" "no build/liblockwait.so (not Linux?)"
elif need_tool nm binutils "liblockwait's symbols"; then
  nm "$BUILD/liblockwait.so" | awk '{ print $NF }' | sort -u >"$TMP/syms"
  check "liblockwait links the clock" grep -qx ticks_init "$TMP/syms"
  check_eq "liblockwait links nothing else of common/" "" "$(grep -xE 'die|clock_ns|stat_median|reps_more' "$TMP/syms" || true)"
  check_eq "liblockwait exports no clock symbol" "" "$(nm -D --defined-only "$BUILD/liblockwait.so" | grep -E ' (ticks_|now_ns)' || true)"
fi
finish

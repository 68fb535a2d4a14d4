#!/usr/bin/env bash
# lone.sh - every release while a thread waits is in the trace, also in a
# lone stretch (lw_lone): A wakes the sleeping B with a release, then takes
# the mutex back and releases it 200 times before B gets A's CPU. glibc's
# lock word says nobody waits there (0, then A's 1), and a library that
# trusted it traced one RELEASE of the 201. Where the scheduler lets the
# woken B in at once there is no stretch (lone_takes 0): three tries, then
# a named skip. The what-if counts it as a lone stretch.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

lone=0
for _ in 1 2 3; do
  rm -f "$TMP/lone.trace"
  LOCKWAIT_TRACE=$TMP/lone.trace preload "$TMP/lone.txt" "$BUILD/lw_lone"
  lone=$(val "$(cat "$TMP/stdout")" lone_takes)
  [ "$lone" -lt 50 ] || break
done
if [ "$lone" -lt 50 ]; then
  skip "the releases of a lone stretch" "no lone stretch in 3 runs (lone_takes=$lone): the woken thread ran at once"
else
  "$BUILD/lw_tracecheck" "$TMP/lone.trace" >"$TMP/tc.txt"
  released=$(awk '/ lock=/ { for (i = 1; i <= NF; i++) if (index($i, "release=") == 1) print substr($i, 9) }' "$TMP/tc.txt")
  within "the $lone releases while B waited, and the one that woke it, all traced" "$released" $((lone + 1)) $((lone + 1))
  "$BUILD/lockwait_report" -s "$TMP/lone.trace" >"$TMP/report.out" 2>/dev/null
  check "the wait-block view charges B's wait to A's holds" \
    grep -q "kind=waitblock .*waiter=$(val "$(cat "$TMP/stdout")" b) .*blocker=$(val "$(cat "$TMP/stdout")" a) " "$TMP/report.out"
  # the what-if names it: one lone stretch, from A's first release in B's wait to its last
  "$BUILD/lockwait_report" --what-if 0.5 "$TMP/lone.trace" >"$TMP/whatif.out" 2>/dev/null
  line=$(grep 'kind=whatif ' "$TMP/whatif.out" || true)
  check_eq "the what-if counts one lone stretch" 1 "$(val "$line" lone_stretch_count)"
  within "... of the lone takes' time (200 takes of 1 us or more)" "$(val "$line" lone_stretch_ns)" 200000 1000000000
fi
finish

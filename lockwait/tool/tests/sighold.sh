#!/usr/bin/env bash
# sighold.sh - holds interrupted by a signal handler that locks a mutex of
# its own, known answer: lw_sighold's worker locks and unlocks mutex A and
# spinlock S while SIGUSR2 (20 000 at least, counted, not timed) runs a
# handler that locks and unlocks mutex B. A and S: one acquisition per
# round and no relock; B: one per handled signal; mutexes C and D, D locked
# inside C, as A. A handler that moved the
# thread's plain hold onto held[] (lw_plain_to_held) between a release's
# read of it and its clear left a stale hold: every later acquisition of
# that lock was counted as a relock. One that moved C's plain hold while
# D's lock was moving it too left an empty entry on held[]: a crash.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

rep=$TMP/sighold.txt
check_exit "lw_sighold runs under the preload" 0 \
  preload "$rep" env LOCKWAIT_FULL_REPORTS=1 "$BUILD/lw_sighold" 200000 20000
info=$(cat "$TMP/stdout")
rounds=$(val "$info" rounds); handled=$(val "$info" handled)
check_awk "20000 signals handled or more ($handled)" "\"$handled\" != \"\" && $handled >= 20000" "$handled"
for name in a s c d; do
  line=$(result_line "$rep" lock "lock=$(val "$info" "$name")")
  check "lock $name reported" test -n "$line"
  check_eq "lock $name: one acquisition per round" "$rounds" "$(val "$line" acquisitions)"
  check_eq "lock $name: no relock (a stale hold makes every later one a relock)" 0 "$(val "$line" relocks)"
done
line=$(result_line "$rep" lock "lock=$(val "$info" b)")
check_eq "lock b: one acquisition per handled signal" "$handled" "$(val "$line" acquisitions)"
check_eq "lock b: no relock" 0 "$(val "$line" relocks)"
check "no hold lost" test -z "$(grep 'holds not followed' "$rep")"
check_eq "RESULT lines follow the grammar" "" "$(result_grammar "$rep")"
finish

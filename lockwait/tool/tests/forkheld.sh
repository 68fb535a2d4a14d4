#!/usr/bin/env bash
# forkheld.sh - a fork while a wait is kept for its lock's release
# (lw_wait_defer): lw_forkheld's main thread waits for lock L (a mutex, a
# spinlock; or condvar C with mutex L), holds L after the wait, and forks;
# the child unlocks L and locks it 20 times alone. The child reports from
# zero: the parent's wait is not in its report (no contended acquisition,
# no time blocked), and nobody waits on L or C there (no blocking hold).
# A child that accounted the kept wait counted the parent's wait as its
# own, and took it out of the count of waiters the fork had already
# zeroed: the count wrapped, and every later hold of a spinlock was a
# blocking one.
# waiter: the other way round, main holds mutex L while the helper waits for
# it, and forks. The child, which has no helper, must not find a waiter at
# its release of L; the parent must (one blocking hold); and once the helper
# has had L, L's __list is all zeros, as glibc left it (list_clear=1).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

for mode in mutex spin cond waiter; do
  check_exit "$mode: lw_forkheld runs under the preload" 0 \
    preload "$TMP/$mode.%p" env LOCKWAIT_FULL_REPORTS=1 "$BUILD/lw_forkheld" "$mode"
  info=$(cat "$TMP/stdout")
  child=$(val "$info" child)
  parent=$TMP/$mode.$(sed -n 's/.*pid=\([0-9]*\).*/\1/p' <<<"$(grep -h 'kind=process' "$TMP/$mode".* | grep -v "pid=$child ")" | head -n1)
  rep=$TMP/$mode.$child
  check "$mode: the child wrote its report" test -s "$rep"
  lock=$(val "$info" lock)
  [ "$mode" = cond ] && waited=$(val "$info" cv) || waited=$lock
  check_eq "$mode: the parent's report has its wait" 1 "$(val "$(result_line "$parent" lock "lock=$waited")" contended)"
  w=$(val "$(result_line "$rep" lock "lock=$waited")" contended)
  check_eq "$mode: the child's report has no wait" 0 "${w:-0}" # C: not in it at all
  thr=$(result_line "$rep" thread "pid=$child")
  check_eq "$mode: the child's thread blocked on no lock" 0 "$(val "$thr" blocked_ns)"
  check_eq "$mode: the child's L: no blocking hold" 0 "$(val "$(result_line "$rep" lock "lock=$lock")" blocking_hold_count)"
  check_eq "$mode: RESULT lines follow the grammar" "" "$(result_grammar "$rep")"
  if [ "$mode" = waiter ]; then
    check_eq "waiter: the parent's L: one blocking hold" 1 \
      "$(val "$(result_line "$parent" lock "lock=$lock")" blocking_hold_count)"
    case $info in
      *list_clear=*) check_eq "waiter: L's __list all zeros once nobody waits" 1 "$(val "$info" list_clear)" ;;
      *) skip "waiter: L's __list all zeros once nobody waits" "not 64-bit glibc" ;;
    esac
  fi
done
finish

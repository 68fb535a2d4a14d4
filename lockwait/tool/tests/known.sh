#!/usr/bin/env bash
# known.sh - liblockwait's known answers: thread A holds a mutex, spinlock,
# rwlock (write), or keeps a semaphore/condvar unsignalled, for 100 ms after
# thread B is confirmed waiting (asleep in the kernel per /proc; for the
# spinlock, burning CPU time). The report must show B waited 100-110 ms
# behind A, one contended acquisition, A's hold >= 100 ms, and whether B
# slept (sleep_share 1) or spun (0). A run on a loaded machine can overshoot
# 110 ms (A's confirmation polls and wake-ups run late), and the host can
# stop B between the library's clock read and its own, so a scenario is run
# up to three times until the wait is in range and agrees with B's own
# stopwatch around its blocking call (from 10 ms under it to 2 ms over it);
# the checks are on the last run. On a host busy all along (two CPU hogs
# beside: the spinlock's wait came out 113-140 ms in all three runs, as B's
# stopwatch did), the 110 ms bound gives way to B's stopwatch: the wait must
# be >= 100 ms and at most 110 ms or 2 ms over B's stopwatch, whichever is
# more. A condvar's re-acquisition of its mutex (a wake-up: microseconds on
# an idle host, 16 ms in all three runs beside the hogs) must stay under
# 50 ms, well apart from the 100 ms wait for the signal it must not include.
# condexit is cond with B's thread ending while it holds the mutex: the
# condvar wait, kept for the mutex's release, is accounted at the thread's end.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

MS=1000000
# reported_wait FILE LOCK KIND: B's wait as the report gives it (a condvar's:
# the wait for the signal and the re-acquisition of the mutex after it)
reported_wait() {
  local line w
  line=$(result_line "$1" lock "lock=$2")
  w=$(val "$line" wait_ns)
  [[ $3 == cond* ]] && [ -n "$w" ] && w=$((w + $(val "$line" reacquire_ns)))
  echo "$w"
}
# as_planned FILE LOCK KIND OWN: B's wait in [100, 110] ms, and within 10 ms
# under to 2 ms over B's own stopwatch OWN (the checks below)
as_planned() {
  local w
  w=$(reported_wait "$1" "$2" "$3")
  [ -n "$w" ] && [ "$w" -ge $((100 * MS)) ] && [ "$w" -le $((110 * MS)) ] &&
    [ "$w" -ge $(($4 - 10 * MS)) ] && [ "$w" -le $(($4 + 2 * MS)) ]
}

for kind in mutex spin sem rwlock cond condexit; do
  rep=$TMP/$kind.txt
  for attempt in 1 2 3; do
    rm -f "$rep"
    check_exit "$kind: runs under the preload (attempt $attempt)" 0 preload "$rep" "$BUILD/lw_known" "$kind"
    info=$(cat "$TMP/stdout")
    lock=$(val "$info" lock); a=$(val "$info" a); b=$(val "$info" b); own=$(val "$info" b_wait_ns)
    as_planned "$rep" "$lock" "$kind" "$own" && break
  done
  line=$(result_line "$rep" lock "lock=$lock")
  check "$kind: lock reported" test -n "$line"
  # 110 ms, or B's own stopwatch when a busy host stretched all three runs
  within "$kind: B waited 100-110 ms (or up to 2 ms over B's stopwatch, $own ns)" "$(val "$line" wait_ns)" \
    $((100 * MS)) "$(most_of $((110 * MS)) $((own + 2 * MS)))"
  rw=$(reported_wait "$rep" "$lock" "$kind")
  # at most 2 ms over (the two clocks), up to 10 ms under: B may be stopped
  # between the library's clock read and its own (seen: 6.6 ms on a busy VM)
  within "$kind: report agrees with B's stopwatch ($own ns), 10 ms under to 2 ms over" "$rw" \
    $((own - 10 * MS)) $((own + 2 * MS))
  check_eq "$kind: one contended acquisition" 1 "$(val "$line" contended)"
  check_eq "$kind: no timeouts" 0 "$(val "$line" timeouts)"
  blk=$(result_line "$rep" blocker "waiter=$b")
  check_eq "$kind: the wait is B's" "$lock" "$(val "$blk" lock)"
  case $kind in
    sem) check_eq "sem: B's wait was ended by A's post" "$a poster" "$(val "$blk" holder) $(val "$blk" relation)" ;;
    *) check_eq "$kind: B waited behind A" "$a" "$(val "$blk" holder)" ;;
  esac
  case $kind in
    mutex|spin|rwlock)
      within "$kind: A held it >= 100 ms" "$(val "$line" max_hold_ns)" $((100 * MS)) $((10000 * MS)) ;;
  esac
  case $kind in
    spin) check_eq "spin: B spun (sleep_share 0)" 0.000 "$(val "$line" sleep_share)" ;;
    *) check_eq "$kind: B slept in the kernel (sleep_share 1)" 1.000 "$(val "$line" sleep_share)" ;;
  esac
  thr=$(result_line "$rep" thread "tid=$b")
  if [[ $kind == cond* ]]; then # waiting for a signal is not blocking on a lock
    within "cond: B's thread line counts only the re-acquire" "$(val "$thr" blocked_ns)" 0 $((50 * MS))
  else
    within "$kind: B's thread line shows the wait" "$(val "$thr" blocked_ns)" $((100 * MS)) $((10000 * MS))
  fi
  [ "$kind" = mutex ] && mutex_a=$a && mutex_wait_ns=$(val "$line" wait_ns)
  if [[ $kind == cond* ]]; then
    within "$kind: re-acquiring the mutex took < 50 ms" "$(val "$line" reacquire_ns)" 0 $((50 * MS))
    mline=$(result_line "$rep" lock "lock=$(val "$info" mutex)")
    check_eq "$kind: its mutex was never contended" 0 "$(val "$mline" contended)"
  fi
  # the wait waited for the mutex's release, which never came: accounted at the thread's end
  [ "$kind" != condexit ] || check_eq "condexit: the mutex held when B's thread ended" 1 \
    "$(val "$(result_line "$rep" lock "lock=$(val "$info" mutex)")" held_at_exit)"
done

# the human report names the lock and the wait
# its total is the RESULT line's wait_ns in ms (checked against 100-110 ms
# above); '1[01][0-9]' here failed on a busy host's 120 ms
mutex_wait_ms=$(awk -v ns="${mutex_wait_ns:-}" 'BEGIN { if (ns != "") printf "%.3f", ns / 1e6 }')
check "mutex: human report has the lock's wait line (wait total ${mutex_wait_ms:-?} ms)" \
  grep -qF "   wait total ${mutex_wait_ms:-?} ms," "$TMP/mutex.txt"
check "mutex: human report has the holder -> waiter line" grep -q "holder $mutex_a -> waiter" "$TMP/mutex.txt"
finish

#!/usr/bin/env bash
# c11.sh - C11 threads (thrd_create, mtx_t, cnd_t), which glibc implements
# past the pthread symbols, are seen and reported as their pthread twins:
# lw_c11 does the same exact-count work through either API (5 handoffs of a
# mutex, one condvar wait), and the two reports must say the same.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

# summary API: what a report says of the run, without addresses and times
summary() {
  local rep=$TMP/$1.txt info lock cond
  info=$(cat "$TMP/$1.stdout")
  lock=$(result_line "$rep" lock "lock=$(val "$info" lock)")
  cond=$(result_line "$rep" lock "lock=$(val "$info" cond)")
  local proc; proc=$(grep ' kind=process ' "$rep")
  echo "threads=$(val "$proc" threads)"
  for k in type acquisitions contended timeouts trylock_failed contention_wait_ns; do
    [ "$k" = contention_wait_ns ] && { echo "lock_waited=$(( $(val "$lock" "$k") > 0 ))"; continue; }
    echo "lock_$k=$(val "$lock" "$k") cond_$k=$(val "$cond" "$k")"
  done
  grep -c 'started in helper' "$rep" | sed 's/^/threads_named_by_start=/'
}
for api in c11 pthread; do
  check_exit "lw_c11 $api runs under the preload" 0 preload "$TMP/$api.txt" "$BUILD/lw_c11" "$api"
  cp "$TMP/stdout" "$TMP/$api.stdout"
done
c11=$(summary c11)
twin=$(summary pthread)
check_eq "the C11 run's report says what its pthread twin's says" "$twin" "$c11"
check_eq "... and sees the contention (5 handoffs, a condvar wait, 2 threads)" \
  "threads=2 lock_type=mutex cond_type=cond lock_contended=5 cond_contended=1" \
  "$(printf '%s\n' "$c11" | tr '\n' ' ' | grep -o 'threads=[0-9]*\|lock_type=[a-z]*\|cond_type=[a-z]*\|lock_contended=[0-9]*\|cond_contended=[0-9]*' | tr '\n' ' ' | sed 's/ $//')"
finish

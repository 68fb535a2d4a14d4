#!/usr/bin/env bash
# glibcmutex.sh - glibc's default mutexes, which the library locks and
# unlocks in the wrappers themselves (lib/lw_mutex.c), stay glibc's
# mutexes: lw_glibcmutex mixes lock, trylock, timedlock and condvar waits
# (glibc unlocking and relocking inside) on 4 threads and in a process of one
# thread, and checks the counter, the owner field and the user count; the
# report says the inline path ran and counts every acquisition. A process
# whose main thread cancelled itself (glibc then locks with atomics, but
# __libc_single_threaded stays 1 when threads start) must not lose a
# wake-up or let two threads in. Edge calls (a clocklock on a clock glibc
# refuses, a bad deadline, an unlock of a free mutex, errorcheck misuse)
# answer as in the bare run and leave the same fields. A fork child's
# handler that runs before the preload's own writes the child's tid as owner.
# The path is off, and the report says why, under valgrind (helgrind must see
# the locks: no race on the guarded counter), with LOCKWAIT_INLINE_MUTEX=0, or
# when the mutex calls found are another library's.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

glibc_or_skip "glibc's default mutex in the wrappers" "the library calls the C library's mutex functions"
ROUNDS=20000
CV_STEPS=$(((ROUNDS + 63) / 64)) # the condvar steps per thread

check_exit "bare: the program's own checks hold" 0 "${HANG_LIMIT[@]}" "$BUILD/lw_glibcmutex" mixed "$ROUNDS"
check_exit "bare, cancelled: the program's own checks hold" 0 "${HANG_LIMIT[@]}" "$BUILD/lw_glibcmutex" cancelled "$ROUNDS"

# run NAME MODE [ENV=V...]: lw_glibcmutex MODE under the preload, report $TMP/NAME.txt
run() {
  local name=$1 mode=$2; shift 2
  check_exit "$name: lw_glibcmutex $mode runs to its end, every check held" 0 \
    env "$@" LOCKWAIT_OUT="$TMP/$name.txt" LD_PRELOAD="$LIB" "${HANG_LIMIT[@]}" "$BUILD/lw_glibcmutex" "$mode" "$ROUNDS"
  cp "$TMP/out" "$TMP/$name.out"
}
# acquisitions NAME: the mutex's acquisitions, less glibc's relocks after
# a condvar wait (the condvar's acquisitions and timeouts)
acquisitions() {
  local rep=$TMP/$1.txt mx cv
  mx=$(grep '^RESULT exp=lockwait kind=lock .* type=mutex ' "$rep" || true)
  cv=$(grep '^RESULT exp=lockwait kind=lock .* type=cond ' "$rep" || true)
  local a b c
  a=$(val "$mx" acquisitions) b=$(val "$cv" acquisitions) c=$(val "$cv" timeouts)
  if [ -n "$a" ] && [ -n "$b" ] && [ -n "$c" ]; then echo $((a - b - c)); else echo "no report lines"; fi
}
inline_flag() { val "$(grep '^RESULT exp=lockwait kind=process ' "$TMP/$1.txt")" inline_mutex; }
# shellcheck disable=SC2317 # called through check
lacks() { ! grep -q "$@"; } # lacks GREP-ARGS...

run mixed mixed
check_eq "mixed: the report says the wrappers took the mutex" 1 "$(inline_flag mixed)"
check_eq "mixed: every lock, trylock and timedlock counted" $((4 * 3 * ROUNDS)) "$(acquisitions mixed)"
check "mixed: the text report says so" grep -q "^lockwait: default mutexes locked in the wrapper" "$TMP/mixed.txt"

run alone alone
check_eq "alone (one thread): the report says the wrappers took the mutex" 1 "$(inline_flag alone)"
check_eq "alone: every lock, trylock and timedlock counted" $((3 * ROUNDS)) "$(acquisitions alone)"
check_eq "alone: each condvar wait timed out (glibc relocked inside)" "$CV_STEPS" \
  "$(val "$(grep '^RESULT exp=lockwait kind=lock .* type=cond ' "$TMP/alone.txt" || true)" timeouts)"

# pthread_cancel of itself, then threads: a hand-over to a sleeping thread
# (3 rounds, 2 acquisitions each) and the mixed rounds
run cancelled cancelled
check_eq "cancelled: every lock, trylock and timedlock counted" $((4 * 3 * ROUNDS + 6)) "$(acquisitions cancelled)"

check_exit "answers: the bare run" 0 "$BUILD/lw_glibcmutex" answers
cp "$TMP/out" "$TMP/answers.bare"
run answers answers
check "answers: each edge call's return code and the fields it left are the bare run's" \
  diff -u "$TMP/answers.bare" "$TMP/answers.out"

check_exit "forkowner: the bare child's lock names the child as owner" 0 "$BUILD/lw_glibcmutex" forkowner
run forkowner forkowner

run off mixed LOCKWAIT_INLINE_MUTEX=0
check_eq "LOCKWAIT_INLINE_MUTEX=0: the report says glibc's calls took it" 0 "$(inline_flag off)"
check "... and why" grep -q "^lockwait: every mutex through the C library's calls: LOCKWAIT_INLINE_MUTEX=0" "$TMP/off.txt"
check_eq "LOCKWAIT_INLINE_MUTEX=0: the same counts" $((4 * 3 * ROUNDS)) "$(acquisitions off)"

# another library preloaded after this one wraps the mutex calls
# (liblw_floor.so wraps pthread_mutex_lock): its wrappers must still run
FLOOR=$(preload_lib "$BUILD/liblw_floor.so")
check_exit "another library's mutex wrapper after ours: the program runs" 0 \
  env LOCKWAIT_OUT="$TMP/other.txt" LD_PRELOAD="$LIB:$FLOOR" "${HANG_LIMIT[@]}" "$BUILD/lw_glibcmutex" mixed 200
check_eq "... and the report says glibc's calls, not the wrappers, took the mutex" 0 "$(inline_flag other)"
check "... and why" grep -q "^lockwait: every mutex through the C library's calls: the mutex calls found are not" \
  "$TMP/other.txt"
# valgrind's tools see a lock in glibc's mutex calls: a mutex the wrapper
# took would leave the counter it guards unguarded to helgrind
if need_tool valgrind valgrind "under valgrind: glibc's calls take the mutex"; then
  LOCKWAIT_FULL_REPORTS=1 LOCKWAIT_OUT="$TMP/vg.txt" "${HANG_LIMIT[@]}" valgrind --tool=helgrind -q --trace-children=yes \
    env LD_PRELOAD="$LIB" "$BUILD/lw_glibcmutex" mixed 64 >"$TMP/vg.out" 2>&1 || true
  check_eq "under valgrind: the report says glibc's calls took the mutex" 0 "$(inline_flag vg)"
  check "... and why" grep -q "^lockwait: every mutex through the C library's calls: under valgrind" "$TMP/vg.txt"
  check "... and helgrind sees the counter the mutex guards as guarded" lacks 'data symbol "counter"' "$TMP/vg.out"
fi
finish

#!/usr/bin/env bash
# glibcspin.sh - glibc's spinlocks, which the library locks and unlocks in
# the wrappers themselves (lib/lw_spin.c), stay glibc's spinlocks:
# lw_glibcspin runs lock, trylock and glibc's own lock/unlock (past the
# preload) on one spinlock from 4 threads and checks the counter it guards
# and the word it leaves; the report says the wrappers took it and counts
# every acquisition through them. The path is off, and the report says why,
# with LOCKWAIT_INLINE_MUTEX=0 and under valgrind (helgrind must see the
# lock: no race on the guarded counter).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

glibc_or_skip "glibc's spinlock in the wrappers" "the library calls the C library's spinlock functions"
ROUNDS=20000

check_exit "bare: the program's own checks hold" 0 "${HANG_LIMIT[@]}" "$BUILD/lw_glibcspin" "$ROUNDS"

# run NAME ROUNDS [ENV=V...]: lw_glibcspin under the preload, report $TMP/NAME.txt
# (the whole report: on a busy machine the threads may never meet, and a
# process that waited for no lock reports one line)
run() {
  local name=$1 rounds=$2; shift 2
  check_exit "$name: lw_glibcspin runs to its end, every check held" 0 \
    env "$@" LOCKWAIT_FULL_REPORTS=1 LOCKWAIT_OUT="$TMP/$name.txt" LD_PRELOAD="$LIB" "${HANG_LIMIT[@]}" \
    "$BUILD/lw_glibcspin" "$rounds"
}
spin_lock_line() { grep '^RESULT exp=lockwait kind=lock .* type=spin ' "$TMP/$1.txt" || true; }
inline_flag() { val "$(grep '^RESULT exp=lockwait kind=process ' "$TMP/$1.txt" || true)" inline_spin; }

run mixed "$ROUNDS"
check_eq "mixed: the report says the wrappers took the spinlock" 1 "$(inline_flag mixed)"
check "mixed: the text report says so" grep -q "^lockwait: spinlocks locked in the wrapper" "$TMP/mixed.txt"
check_eq "mixed: every lock and trylock through the wrappers counted (glibc's own calls not)" \
  $((4 * 2 * ROUNDS)) "$(val "$(spin_lock_line mixed)" acquisitions)"

run off "$ROUNDS" LOCKWAIT_INLINE_MUTEX=0
check_eq "LOCKWAIT_INLINE_MUTEX=0: the report says glibc's calls took it" 0 "$(inline_flag off)"
check "... and why" grep -q "^lockwait: every spinlock through the C library's calls: LOCKWAIT_INLINE_MUTEX=0" \
  "$TMP/off.txt"
check_eq "LOCKWAIT_INLINE_MUTEX=0: the same counts" $((4 * 2 * ROUNDS)) "$(val "$(spin_lock_line off)" acquisitions)"

# valgrind's tools see a lock in glibc's spinlock calls: a spinlock the
# wrapper took would leave the counter it guards unguarded to helgrind
if need_tool valgrind valgrind "under valgrind: glibc's calls take the spinlock"; then
  LOCKWAIT_FULL_REPORTS=1 LOCKWAIT_OUT="$TMP/vg.txt" "${HANG_LIMIT[@]}" valgrind --tool=helgrind -q --trace-children=yes \
    env LD_PRELOAD="$LIB" "$BUILD/lw_glibcspin" 64 >"$TMP/vg.out" 2>&1 || true
  check_eq "under valgrind: the report says glibc's calls took the spinlock" 0 "$(inline_flag vg)"
  check "... and why" grep -q "^lockwait: every spinlock through the C library's calls: under valgrind" "$TMP/vg.txt"
  # shellcheck disable=SC2016 # $1 is bash -c's own argument
  check "... and helgrind sees the counter the spinlock guards as guarded" \
    bash -c '! grep -q "data symbol \"counter\"" "$1"' _ "$TMP/vg.out"
fi
finish

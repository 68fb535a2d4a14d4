#!/usr/bin/env bash
# sigleaf.sh - a wait in a signal handler that interrupted a lock or unlock
# call keeps that call's frames (build/lw_sigleaf, built with frame
# pointers: its lock, then its unlock, of a mutex on a PROT_NONE page
# faults inside the wrapper, and the SIGSEGV handler on_fault waits for
# g_fault_lock). On x86-64 the wrappers are leaves without a frame record
# (lw_mutex.c), so the walk reads the interrupted call's return address from
# the signal frame (lw_stacks.h); each stack must read outer_call,
# lazy_lock, the signal return, on_fault. x86-64 only (arm64's leaves keep
# their record, and its kernel adds one to the signal frame).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

if [ "$(uname -m)" != x86_64 ]; then
  skip "the stacks of waits in a signal handler inside a lock call" "this is $(uname -m)"
  finish
fi

HEX='0x[0-9a-f]+'
# shellcheck disable=SC2317 # called through check
matches() { [[ $2 =~ $1 ]]; } # matches REGEX STRING

rep=$TMP/sigleaf.txt
check "lw_sigleaf runs under the preload" preload "$rep" "$BUILD/lw_sigleaf"
lock=$(val "$(cat "$TMP/stdout")" lock)
line=$(result_line "$rep" lock "lock=$lock")
check_eq "the handler's lock is named by its symbol" g_fault_lock "$(val "$line" lock_name)"
check_eq "the handler waited for it twice (inside the lock call, then the unlock)" 2 "$(val "$line" contended)"
# the two waits' stacks (they differ in lazy_lock's offset: lock, unlock)
ids=$(kv_awk -v lock="$lock" '/ kind=lockstack / && kv_get($0, "lock") == lock { print "stack_id=" kv_get($0, "stack_id") }' "$rep")
check_eq "two wait stacks" 2 "$(grep -c . <<<"$ids" || true)"
for id in $ids; do
  frames=$(val "$(result_line "$rep" stack "$id")" frames)
  check "stack ${id#stack_id=}, outermost first: outer_call, lazy_lock, the signal return, on_fault" \
    matches "(^|;)outer_call\\+$HEX;lazy_lock\\+$HEX;[^;]+;on_fault\\+$HEX\$" "$frames"
done
finish

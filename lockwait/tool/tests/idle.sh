#!/usr/bin/env bash
# idle.sh - waits for work or results told apart from contention: lw_idle
# waits 5 x 20 ms on a condvar nobody signals and 50 ms for a one-shot
# semaphore a worker posts, and makes thread B wait 30 ms on a mutex. The
# contention ranking must start with the mutex and leave the condvar and the
# semaphore to their own section; the semaphore's poster is named.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

MS=1000000
rep=$TMP/idle.txt
check_exit "lw_idle runs under the preload" 0 preload "$rep" "$BUILD/lw_idle"
info=$(cat "$TMP/stdout")
cond=$(val "$info" cond); sem=$(val "$info" sem); mutex=$(val "$info" mutex); worker=$(val "$info" worker)
check "the mutex is #1 of the contention ranking" grep -q "^#1 mutex ${mutex}[ ,]" "$rep"
check "the condvar is not in the ranking" bash -c "! grep -q '^#[0-9]* cond ' '$rep'"
check "the semaphore is not in the ranking" bash -c "! grep -q '^#[0-9]* sem ' '$rep'"
check "an idle section" grep -q '^waiting for work or results, not contention' "$rep"
check "the condvar listed there" grep -q "^   cond $cond, .*: 5 waits, .*timed out" "$rep"
check "the semaphore listed there, one-shot" grep -q "^   sem $sem, .*: 1 waits, .*one-shot" "$rep"
cl=$(result_line "$rep" lock "lock=$cond")
check_eq "condvar: every wait idle, none contention" "5 0" "$(val "$cl" idle_wait_count) $(val "$cl" contention_wait_ns)"
sl=$(result_line "$rep" lock "lock=$sem")
within "semaphore: its 50 ms wait is idle" "$(val "$sl" idle_wait_ns)" $((50 * MS)) $((5000 * MS))
ml=$(result_line "$rep" lock "lock=$mutex")
within "mutex: its wait is contention" "$(val "$ml" contention_wait_ns)" $((30 * MS)) $((5000 * MS))
blk=$(result_line "$rep" blocker "lock=$sem")
check_eq "the semaphore was posted by the worker" "$worker poster" "$(val "$blk" holder) $(val "$blk" relation)"
check "... and the text says so" grep -q "^      posted by $worker -> waiter" "$rep"
check_eq "RESULT lines follow the grammar" "" "$(result_grammar "$rep")"
finish

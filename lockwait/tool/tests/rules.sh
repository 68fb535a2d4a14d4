#!/usr/bin/env bash
# rules.sh - the rules both reports share (lw_rules.h) and the table of lock
# kinds (lw_kinds.h), on their own: each rule's cases, the order in which
# they apply, the labels, and that every trace type has its kind. And the
# shared sort (lw_array.h: liblockwait's, which must not call qsort) against
# sort -n.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

rc=$BUILD/lw_rules_check
GAP=10000000 # LW_JOIN_GAP_NS

# cls KIND GOT ENDER_KNOWN ENDER_EXITED ENDER_ONCE END EXIT LOCK_WAITS
cls() { "$rc" class "$@"; }

check_eq "a mutex wait its holder ended: contention" contended "$(cls mutex 1 1 0 1 100 0 5)"
check_eq "a timed-out mutex wait: still contention (no idle rule for mutexes)" contended "$(cls mutex 0 0 0 1 100 0 5)"
check_eq "a semaphore wait that timed out: idle" idle "$(cls sem 0 0 0 1 100 0 5)"
check_eq "a semaphore wait no post ended: idle" idle "$(cls sem 1 0 0 1 100 0 5)"
check_eq "a semaphore wait a post ended: contention" contended "$(cls sem 1 1 0 1 100 0 5)"
check_eq "a condvar wait no signal ended: idle" idle "$(cls cond 1 0 0 1 100 0 5)"
check_eq "a condvar wait signalled: contention" contended "$(cls cond 1 1 0 1 100 0 5)"
check_eq "join: the holder exited right after the wait ended" join "$(cls mutex 1 1 1 1 100 $((100 + GAP)) 5)"
check_eq "join: the holder exited before the waiter woke" join "$(cls mutex 1 1 1 1 100 50 5)"
check_eq "no join: the holder exited later than the gap" contended "$(cls mutex 1 1 1 1 100 $((101 + GAP)) 5)"
check_eq "no join: the holder took the lock more than once (contended with, then exited)" contended \
  "$(cls mutex 1 1 1 0 100 200 5)"
check_eq "no join: the holder did not exit" contended "$(cls mutex 1 1 0 1 100 100 5)"
check_eq "join: a semaphore posted by a thread as it exits (Python's join)" join "$(cls sem 1 1 1 1 100 200 7)"
check_eq "no join for condvars (a signal, not a lock held for life)" contended "$(cls cond 1 1 1 1 100 200 5)"
check_eq "one-shot: a semaphore's only wait, posted" idle "$(cls sem 1 1 0 1 100 0 1)"
check_eq "one-shot does not apply to mutexes" contended "$(cls mutex 1 1 0 1 100 0 1)"
check_eq "order: join before one-shot" join "$(cls sem 1 1 1 1 100 100 1)"
# the ender's life and its one hold (issue 41): START_NS HOLD_NS LOCK_TAKES after the rest
MS=1000000
check_eq "join: the hold spans the holder's life (started at 0, held 39.9 of 40 ms)" join \
  "$(cls mutex 1 1 1 1 $((40 * MS)) $((40 * MS)) 5 1 $((39900 * 1000)) 0)"
check_eq "no join: a 2 ms hold on the way out of a 3 ms life (merge a result, then exit)" contended \
  "$(cls mutex 1 1 1 1 $((3 * MS)) $((3 * MS)) 5 1 $((2 * MS)) 0)"
check_eq "join: a short life, held but for the start-up slack (150 us of 400)" join \
  "$(cls mutex 1 1 1 1 $((400 * 1000)) $((400 * 1000)) 5 1 $((250 * 1000)) 0)"
check_eq "join: the hold or the start unknown, as before" join "$(cls mutex 1 1 1 1 100 200 5 0 50 0)"
check_eq "no one-shot: a semaphore taken 8000 times, waited on once" contended "$(cls sem 1 1 0 1 100 0 1 0 0 8000)"
check_eq "one-shot: a semaphore taken 64 times, waited on once (hand-over locks at one address)" idle \
  "$(cls sem 1 1 0 1 100 0 1 0 0 64)"
check_eq "no one-shot: a semaphore taken 65 times, waited on once" contended "$(cls sem 1 1 0 1 100 0 1 0 0 65)"
check_eq "every barrier wait is a barrier wait" barrier "$(cls barrier 1 1 1 1 100 100 1)"
check_eq "order: barrier first" barrier "$(cls barrier 0 0 0 0 100 0 5)"
check_eq "order: unended before join" idle "$(cls sem 0 1 1 1 100 100 1)"

check_eq "a named thread's label" "worker_1-42" "$("$rc" thread "worker 1" 42)"
check_eq "a label holds no ';'" "a_b-7" "$("$rc" thread "a;b" 7)"
check_eq "an unnamed thread's label" "tid-42" "$("$rc" thread - 42)"
check_eq "a '?' name is no name" "tid-9" "$("$rc" thread "?" 9)"
check_eq "a lock's label" "sem@0x1000" "$("$rc" lock sem 4096 -)"
check_eq "a lock's label with its site" "mutex@0x10(f+0x4)" "$("$rc" lock mutex 16 f+0x4)"

kinds=$("$rc" kinds)
check_eq "every trace type has its kind and name" "0 0 none ?
1 1 mutex holder
2 2 spin holder
3 3 sem poster
4 4 rwlock holder
5 4 rwlock holder
6 5 cond signaller
7 6 barrier last_arrival" "$kinds"
check_exit "an unknown kind is refused" 2 "$rc" class barrel 1 1 1 1 0 0 0

check_eq "sort: nothing" "" "$("$rc" sort)"
check_eq "sort: one" "7" "$("$rc" sort 7)"
check_eq "sort: reversed, with equals" "1 2 2 3 9" "$("$rc" sort 9 3 2 2 1)"
# 1000 numbers with many equals (an LCG: the same every run), as sort -n orders them
nums=$(awk 'BEGIN { x = 12345; for (i = 0; i < 1000; i++) { x = (x * 1103515245 + 12345) % 2147483648; printf "%d\n", x % 300 } }')
# shellcheck disable=SC2086 # one argument per number
check_eq "sort: 1000 numbers as sort -n" "$(sort -n <<<"$nums" | tr '\n' ' ' | sed 's/ $//')" "$("$rc" sort $nums)"
finish

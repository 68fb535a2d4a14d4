#!/usr/bin/env bash
# liblockwait under a program that forks, execs, signals threads whose
# handler takes a lock, and exits a thread holding a lock (lw_mixed): no
# crash, no deadlock (a time limit), the same stdout and exit status as
# without the library, a report from every process, the orphan flagged.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

prog=$BUILD/lw_mixed
for i in 1 2 3; do
  rc_bare=0; timeout 60 "$prog" >"$TMP/bare.$i" 2>"$TMP/bare.err" || rc_bare=$?
  rc_lw=0; timeout 60 "$ROOT/lockwait/tool/lockwait" -o "$TMP/rep.$i.%p" -- "$prog" >"$TMP/lw.$i" 2>"$TMP/lw.err" || rc_lw=$?
  check_eq "run $i: exit status 0 bare and under lockwait (124 = deadlock)" "0 0" "$rc_bare $rc_lw"
  check_eq "run $i: stdout identical with and without lockwait" "" "$(diff "$TMP/bare.$i" "$TMP/lw.$i")"
done
check_eq "the transcript is the expected one" \
  "counter=80000 expected=80000|signals handled: some|orphaned lock: still held|child 0 counter=80001|child 0 status=0|child 1 counter=80001|exec ok|child 1 status=0" \
  "$(paste -sd'|' "$TMP/lw.3")"
parent=$(grep -l 'held_at_exit=1' "$TMP"/rep.3.* || true)
check "the parent's report flags the lock its thread exited holding" test -n "$parent"
child0=$(sed -n 's/^lw_mixed: child 0 pid=//p' "$TMP/lw.err")
check "the forked child that exits wrote its own report (pid $child0)" test -s "$TMP/rep.3.$child0"
check "the forked child counted its own single acquisition, not the parent's" \
  grep -q "^RESULT exp=lockwait kind=lock pid=$child0 .*type=mutex acquisitions=1 " "$TMP/rep.3.$child0"
finish

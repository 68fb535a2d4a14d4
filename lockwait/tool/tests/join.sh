#!/usr/bin/env bash
# join.sh - waiting for a thread to end is not contention (lw_rules.h, the
# join rule): lw_join joins three threads through a semaphore at one address
# (as CPython's Thread.join() does) and two through a mutex, then makes
# thread B wait 30 ms on a mutex whose holder lives on. Both reports, the
# library's and lockwait_report's on the run's trace, must keep the joins
# apart and the last wait as contention. With python3, a real Thread.join()
# too.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

MS=1000000
rep=$TMP/join.txt
st=0
LOCKWAIT_OUT=$rep LOCKWAIT_TRACE=$TMP/join.trace LD_PRELOAD=$LIB "$BUILD/lw_join" >"$TMP/stdout" || st=$?
check_eq "lw_join runs under the preload" 0 "$st"
info=$(cat "$TMP/stdout")
sem=$(val "$info" sem); mutex=$(val "$info" mutex); contended=$(val "$info" contended)
check "the contended mutex is #1 of the ranking" grep -q "^#1 mutex ${contended}[ ,]" "$rep"
check "the join semaphore is not in the ranking" bash -c "! grep -q '^#[0-9]* sem $sem' '$rep'"
check "the join mutex is not in the ranking" bash -c "! grep -q '^#[0-9]* mutex $mutex' '$rep'"
check "the semaphore listed apart as a join" grep -q "^   sem $sem, .*: 3 waits, .*a thread to end" "$rep"
check "the mutex listed apart as a join" grep -q "^   mutex $mutex, .*: 2 waits, .*a thread to end" "$rep"
sl=$(result_line "$rep" lock "lock=$sem")
check_eq "semaphore: 3 join waits, no contention" "3 3 0" \
  "$(val "$sl" join_wait_count) $(val "$sl" idle_wait_count) $(val "$sl" contention_wait_ns)"
within "semaphore: the joins' time (3 x 40 ms)" "$(val "$sl" join_wait_ns)" $((100 * MS)) $((5000 * MS))
ml=$(result_line "$rep" lock "lock=$mutex")
check_eq "mutex: 2 join waits, no contention" "2 0" "$(val "$ml" join_wait_count) $(val "$ml" contention_wait_ns)"
cl=$(result_line "$rep" lock "lock=$contended")
check_eq "the contended mutex: no join" "0" "$(val "$cl" join_wait_count)"
within "the contended mutex: its wait is contention" "$(val "$cl" contention_wait_ns)" $((20 * MS)) $((5000 * MS))

# the same run's trace, read by lockwait_report
csv=$TMP/join.csv
check_exit "lockwait_report reads the trace" 0 "$BUILD/lockwait_report" -c "$csv" "$TMP/join.trace"
cp "$TMP/out" "$TMP/report.out"
# record,pid,lock,type,name,stack_id,frames,waits,...: the join columns by name
joins() {
  awk -F, -v lock="$1" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $1 == "lock" && $3 == lock { print $col["waits"], $col["join_waits"], $col["idle_waits"] }' "$csv"
}
check_eq "trace: the semaphore's 3 waits are joins" "3 3 3" "$(joins "$sem")"
check_eq "trace: the mutex's 2 waits are joins" "2 2 2" "$(joins "$mutex")"
check_eq "trace: the contended mutex's wait is not" "1 0 0" "$(joins "$contended")"
check_eq "trace: the joins' wait blocks say so" "class=join" \
  "$(grep -E "kind=waitblock .*lock=($sem|$mutex) " "$TMP/report.out" | awk '{ print $NF }' | sort -u)"
check "trace: the contended wait's block is contention" grep -qE "kind=waitblock .*lock=$contended .* class=contended$" "$TMP/report.out"

PY=$(command -v python3 || true)
if [ -z "$PY" ] || ! "$PY" -c 'import sys; sys.exit(sys.version_info >= (3, 13))' 2>/dev/null; then
  skip "python3 Thread.join() is a join" "no python3 before 3.13 (3.13 joins without a lock lockwait sees)"
else
  cat >"$TMP/join.py" <<'PY'
import threading, time
ts = [threading.Thread(target=time.sleep, args=(0.03 * i,)) for i in range(1, 5)]
for t in ts: t.start()
for t in ts: t.join()
PY
  prep=$TMP/py.txt
  check_exit "python3 runs under the preload" 0 preload "$prep" "$PY" "$TMP/join.py"
  check_eq "python3: no semaphore wait is contention" "" \
    "$(awk '$1 == "RESULT" && $3 == "kind=lock" && / type=sem / && !/ contention_wait_ns=0 /' "$prep")"
  check "python3: the joins listed apart" grep -q "a thread to end" "$prep"
fi
check_eq "RESULT lines follow the grammar" "" "$(result_grammar "$rep")"

# Known answers that are contention though they look like a join or a
# one-shot lock (issue 41), in both reports: eight workers that hold one
# mutex 2 ms once on their way out (7 waits), and a 2-permit semaphore taken
# 8001 times, waited on once for 5 ms
for mode in merge semlock; do
  st=0
  LOCKWAIT_OUT=$TMP/$mode.txt LOCKWAIT_TRACE=$TMP/$mode.trace LD_PRELOAD=$LIB "$BUILD/lw_join" "$mode" >"$TMP/stdout" || st=$?
  check_eq "$mode: runs under the preload" 0 "$st"
  lock=$(val "$(cat "$TMP/stdout")" lock)
  l=$(result_line "$TMP/$mode.txt" lock "lock=$lock")
  check_eq "$mode: no join, nothing idle" "0 0" "$(val "$l" join_wait_count) $(val "$l" idle_wait_count)"
  within "$mode: its waits are contention" "$(val "$l" contention_wait_ns)" $((4 * MS)) $((60000 * MS))
  check "$mode: ranked as #1" grep -q "^#1 [a-z]* ${lock}[ ,]" "$TMP/$mode.txt"
  "$BUILD/lockwait_report" -c "$TMP/$mode.csv" "$TMP/$mode.trace" >/dev/null 2>&1 || true
  csv=$TMP/$mode.csv
  want=$([ "$mode" = merge ] && echo 7 || echo 1)
  check_eq "$mode, trace: $want waits, none a join or idle" "$want 0 0" "$(joins "$lock")"
done
"$BUILD/lockwait_report" --what-if 0.5 "$TMP/merge.trace" >/dev/null 2>"$TMP/merge.err" || true
check "merge, trace: a what-if for the mutex" grep -q "halving the holds of merged would finish" "$TMP/merge.err"
finish

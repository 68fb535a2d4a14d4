#!/usr/bin/env bash
# barrier.sh - the known answer for barriers (lw_barrier): 4 threads meet 5
# times, one arriving 20 ms late each time, so the barrier's wait is what
# the threads' own clock says (about 3 x 5 x 20 ms), blamed on the late
# thread, and none of it is contention:
# RESULT kind=lock type=barrier with wait_ns=, its own section in the text.
# lockwait_report reads the same run's trace the same way.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

rep=$TMP/barrier.txt
st=0
LOCKWAIT_OUT=$rep LOCKWAIT_TRACE=$TMP/barrier.trace LD_PRELOAD=$LIB "$BUILD/lw_barrier" >"$TMP/stdout" || st=$?
check_eq "lw_barrier runs under the preload" 0 "$st"
info=$(cat "$TMP/stdout")
bar=$(val "$info" barrier); late=$(val "$info" late); want=$(val "$info" expected_ns); waits=$(val "$info" waits)
wlo=$(val "$info" wait_lo_ns); whi=$(val "$info" wait_hi_ns); late_lo=$(val "$info" late_lo_ns)
bl=$(result_line "$rep" lock "lock=$bar")
check_eq "a RESULT line of type barrier" "type=barrier" "$(printf '%s\n' "$bl" | grep -o 'type=barrier')"
check_eq "one wait per thread but the last arrival, per round" "$waits" "$(val "$bl" contended)"
# the known answer, from the threads' own clock (lw_barrier.c): at most the
# calls' time, at least the time from each call to the round's last call,
# less 5% + 2 ms (a thread stopped between its call and the library's clock
# read); the plan, (threads - 1) x rounds x lateness, loosely: on a busy host
# a waiter may itself arrive late, or run late after the release
within "barrier wait = what the threads' own clock allows" "$(val "$bl" wait_ns)" \
  $((wlo * 95 / 100 - 2000000)) "$whi"
within "barrier wait = (threads - 1) x rounds x lateness, roughly" "$(val "$bl" wait_ns)" $((want / 2)) $((want * 3))
check_eq "none of it is contention" 0 "$(val "$bl" contention_wait_ns)"
check_eq "all of it is apart (waits)" "$waits" "$(val "$bl" idle_wait_count)"
blamed=$(awk -v lock="lock=$bar" -v h="holder=$late" '$1 == "RESULT" && $3 == "kind=blocker" && $5 == lock && $6 == h {
  for (i = 7; i <= NF; i++) if ($i ~ /^wait_ns=/) { sub(/^wait_ns=/, "", $i); s += $i } } END { print s + 0 }' "$rep")
within "blamed on the late thread" "$blamed" $((late_lo * 95 / 100 - 2000000)) "$whi"
check "the relation is the last arrival" grep -q "kind=blocker .*lock=$bar holder=$late .*relation=last_arrival" "$rep"
check "not in the contention ranking" bash -c "! grep -q '^#[0-9]* barrier ' '$rep'"
check "its own line in the section apart" grep -q "^   barrier $bar, .*: $waits waits, .*last thread to arrive" "$rep"
check "the late thread named there" grep -q "^      last arrival $late -> waiter" "$rep"

csv=$TMP/barrier.csv
check_exit "lockwait_report reads the trace" 0 "$BUILD/lockwait_report" -n 0 -c "$csv" "$TMP/barrier.trace"
cp "$TMP/out" "$TMP/report.out"
check_eq "trace: the barrier's waits, all apart" "barrier $waits $waits" \
  "$(awk -F, -v lock="$bar" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
     $1 == "lock" && $3 == lock { print $4, $c["waits"], $c["idle_waits"] }' "$csv")"
check_eq "trace: its wait blocks are barrier waits, most of their time behind the late thread" \
  "class=barrier blocker=$late" \
  "$(awk -v lock="lock=$bar" '$3 == "kind=waitblock" && $6 == lock {
       classes[$NF] = 1; sub(/^wait_ns=/, "", $9); t[$8] += $9 }
     END { for (c in classes) n++; for (b in t) if (t[b] > best) { best = t[b]; who = b }
           for (c in classes) if (n == 1) printf "%s %s\n", c, who }' "$TMP/report.out")"
finish

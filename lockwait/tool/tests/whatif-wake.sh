#!/usr/bin/env bash
# whatif-wake.sh - the what-if's wake-ups scaled by the machine's (trace.h:
# WAKEUP; report_handoff.c, handoff_wake). A generated program
# (whatif-gen.awk) of 2 threads that work 23 us and hold one mutex 30 us: a
# waiter sleeps about 17 us before each release and runs 10 us after it. At
# the half hold it would sleep about 2 us, and on a machine whose threads
# wake in 1 us after a sleep of 4 us or less (a VM's vCPU that has not halted
# yet) the two threads stop waiting for each other: the program's answer
# (whatif-gen.awk with SPIN=4000 DS=1000) is 1.568 ms, not the 2.036 ms of
# wake-ups as slow as before. The trace carries the machine's wake-ups in
# its WAKEUP records, which the library writes from a real run too.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

GEN=$ROOT/lockwait/tool/tests/whatif-gen.awk
# gen NAME HOLD [SPIN DS [TYPE]]: the program's records as NAME.txt, its wall time in NAME.wall
gen() {
  LC_ALL=C awk -v T=2 -v R=40 -v W=23000 -v H="$2" -v D=10000 -v SPIN="${3:-}" -v DS="${4:-}" -v TYPE="${5:-}" \
    -v TIMED=1 -v WALL="$TMP/$1.wall" -f "$GEN" >"$TMP/$1.txt"
}
# level SLEEP_NS WAKE_NS: a WAKEUP record and its DATA (p10, p25 in hex, p75, p90), every quantile WAKE_NS
level() { printf '%s 14 100 1f %s 0 0\n%s 8 %s %x %s 0 0\n' "$1" "$2" "$2" "$2" "$2" "$2"; }
# trace NAME TEXT...: the records of TEXT files as NAME.trace
trace() {
  local name=$1
  shift
  cat "$@" >"$TMP/$name.in"
  "$BUILD/lockwait_tracegen" text "$TMP/$name.in" "$TMP/$name.trace"
}
# whatif NAME: its kind=whatif line at the half hold (people's text in NAME.err)
whatif() {
  "$BUILD/lockwait_report" --what-if 0.5 "$TMP/$1.trace" >"$TMP/$1.out" 2>"$TMP/$1.err"
  grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/$1.out" || true
}
# within PCT A B: |A - B| <= PCT% of B
# shellcheck disable=SC2317 # called through check
within() { awk -v p="$1" -v a="$2" -v b="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= p / 100 * b) }'; }

gen full 30000
gen half 15000 4000 1000 # the answer: sleeps of 4 us or less wake in 1 us
gen slow 15000           # wake-ups as slow as in the trace
{ level 1000 1000; level 4000 1000; level 4001 10000; level 1000000 10000; } >"$TMP/curve.txt"
trace curve "$TMP/full.txt" "$TMP/curve.txt"
trace plain "$TMP/full.txt"
curve=$(whatif curve) plain=$(whatif plain)
answer=$(cat "$TMP/half.wall") slow=$(cat "$TMP/slow.wall")
check_eq "the generated program: 2.036 ms at the half hold with slow wake-ups, 1.568 ms with fast ones" \
  "2036000 1568000" "$slow $answer"
check "with the machine's wake-ups, the prediction is the program's answer within 1% ($(val "$curve" predicted_wall_ns) ns)" \
  within 1 "$(val "$curve" predicted_wall_ns)" "$answer"
check "without them, each waiter keeps its own wake-up: the slow program's time within 1%, 30% above the answer" \
  within 1 "$(val "$plain" predicted_wall_ns)" "$slow"
check_eq "the whatif line says how many sleep lengths the machine's wake-ups came in (0: none)" "4 0" \
  "$(val "$curve" wakeup_level_count) $(val "$plain" wakeup_level_count)"
check "the range runs from the prediction to every waiter waking as it did in the trace" test \
  "$(val "$curve" predicted_wall_lo_ns)" -eq "$(val "$curve" predicted_wall_ns)" -a \
  "$(val "$curve" predicted_wall_hi_ns)" -eq "$(val "$plain" predicted_wall_ns)"
check "... and people read both, and the machine's wake-ups" grep -q \
  "wakes as this machine wakes a shorter sleep, or as it woke in the trace" "$TMP/curve.err"
check "... (wake-ups on this machine: 1.0 us after a 1 us sleep)" grep -q \
  "wake-ups on this machine, measured as the trace was written: 1.0 us after a 1 us sleep, 10.0 us after 1000 us" \
  "$TMP/curve.err"
check "never a larger saving for halving the holds than for removing them" awk -v h="$(val "$curve" predicted_wall_ns)" \
  '/kind=whatif .*hold_factor=0 / { for (i = 1; i <= NF; i++) if (index($i, "predicted_wall_ns=") == 1) { n++; ok = substr($i, 19) + 0 <= h + 0 } }
   END { exit !(n == 1 && ok) }' \
  <("$BUILD/lockwait_report" --what-if 0.5 --what-if 0 "$TMP/curve.trace" 2>/dev/null)

{ level 1000 30000; level 50000 20000; } >"$TMP/falls.txt"
trace falls "$TMP/full.txt" "$TMP/falls.txt"
whatif falls >/dev/null
check "a curve that falls: a waiter that sleeps less wakes later, people read" grep -q \
  "30.0 us after a 1 us sleep, 20.0 us after 50 us; a waiter that sleeps less in the replay wakes that much later" \
  "$TMP/falls.err"

# a spin lock's waiters never sleep: the machine's wake-ups leave its replay alone
gen spin 30000 "" "" 2
trace spincurve "$TMP/spin.txt" "$TMP/curve.txt"
trace spinplain "$TMP/spin.txt"
spincurve=$(whatif spincurve) spinplain=$(whatif spinplain)
check_eq "a spin lock: no wake-up scaled (wakeup_level_count=0, the prediction without them)" \
  "0 $(val "$spinplain" predicted_wall_ns)" "$(val "$spincurve" wakeup_level_count) $(val "$spincurve" predicted_wall_ns)"

# a forged curve: 1 s wake-ups after up to 60 s of sleep, 1 ns after more. A waiter that slept 100 s
# and woke in 10 s would at the half hold wake in 10^19 ns, more than llround can give (the replay
# took 2^63 ns, and halving the 100 s holds saved as much as scaling them by 0.75): it grows by 1 s
LC_ALL=C awk -v T=2 -v R=3 -v W=1000 -v H=100000000000 -v D=10000000000 -v TIMED=1 -v WALL="$TMP/huge.wall" \
  -f "$GEN" >"$TMP/huge.txt"
{ level 1000 999999999; level 60000000000 999999999; level 60000000001 1; } >"$TMP/step.txt"
trace hugestep "$TMP/huge.txt" "$TMP/step.txt"
trace hugeplain "$TMP/huge.txt"
check "a forged curve: halving 100 s holds saves as much as without it, within 1% (1 s more per wake-up)" \
  within 1 "$(val "$(whatif hugestep)" predicted_wall_ns)" "$(val "$(whatif hugeplain)" predicted_wall_ns)"

# forged WAKEUP records are refused (exit 2), not replayed
{ level 4000 1000; level 1000 1000; } >"$TMP/back.txt"
trace back "$TMP/full.txt" "$TMP/back.txt"
check_exit "sleep lengths out of order: refused" 2 "$BUILD/lockwait_report" --what-if 0.5 "$TMP/back.trace"
printf '1000 14 100 1f 5000 0 0\n9000 8 1000 %x 2000 0 0\n' 1000 >"$TMP/quant.txt"
trace quant "$TMP/full.txt" "$TMP/quant.txt"
check_exit "a median below the tenth percentile: refused" 2 "$BUILD/lockwait_report" --what-if 0.5 "$TMP/quant.trace"
printf '1000 14 100 0 1000 0 0\n1000 8 1000 %x 1000 0 0\n' 1000 >"$TMP/none.txt"
trace none "$TMP/full.txt" "$TMP/none.txt"
check_exit "no wake-ups measured: refused" 2 "$BUILD/lockwait_report" --what-if 0.5 "$TMP/none.trace"
check "... saying which record" grep -q "WAKEUP after 1000 ns of sleep" <("$BUILD/lockwait_report" "$TMP/none.trace" 2>&1 || true)
for k in $(seq 1 17); do level "$((k * 1000))" 1000; done >"$TMP/many.txt"
trace many "$TMP/full.txt" "$TMP/many.txt"
check_exit "17 sleep lengths: refused" 2 "$BUILD/lockwait_report" --what-if 0.5 "$TMP/many.trace"
check "... saying why" grep -q "WAKEUP after 17000 ns of sleep .* is impossible (more than 16 sleep lengths)" \
  <("$BUILD/lockwait_report" "$TMP/many.trace" 2>&1 || true)
check "sleep lengths out of order: saying why" grep -q "impossible (no longer than the one before)" \
  <("$BUILD/lockwait_report" "$TMP/back.trace" 2>&1 || true)
finish

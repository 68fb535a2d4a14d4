#!/usr/bin/env bash
# whatif.sh - lockwait_report --what-if on traces whose answer is known:
# whatif-gen.awk writes the trace of a program of T threads taking one mutex
# (work W, hold H) and its exact wall time, so the prediction from the
# long-hold trace is checked against the half-hold program's wall time, with
# no timing in the test. Also: the replay at factor 1 gives the observed wall
# time back, the critical-path bound (subtract the saved hold time) misses
# where the replay does not, and bad options are refused with exit 2.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

GEN=$ROOT/lockwait/tool/tests/whatif-gen.awk
G=$BUILD/lockwait_tracegen
R=$BUILD/lockwait_report
# field KEY LINE: KEY's value in a RESULT line
field() { printf '%s\n' "$2" | awk -v key="$1" '{ for (i = 1; i <= NF; i++) if (index($i, key "=") == 1) print substr($i, length(key) + 2) }'; }
# trace NAME T W H TIMED [HOLDSUM]: the program's trace as NAME.trace, its wall time in NAME.wall
trace() {
  LC_ALL=C awk -v T="$2" -v R=40 -v W="$3" -v H="$4" -v D=1000 -v TIMED="$5" -v HOLDSUM="${6:-0}" \
    -v WALL="$TMP/$1.wall" -f "$GEN" >"$TMP/$1.txt"
  "$G" text "$TMP/$1.txt" "$TMP/$1.trace"
}
# predicted FILE: the predicted_wall_ns of its kind=whatif lines, in order, space-separated
predicted() { awk '/kind=whatif / { for (i = 1; i <= NF; i++) if (index($i, "predicted_wall_ns=") == 1) v = v (v == "" ? "" : " ") substr($i, 19) } END { print v }' "$1"; }
# off PCT A B: |A - B| <= PCT% of B
# shellcheck disable=SC2317 # called through check
off() { awk -v p="$1" -v a="$2" -v b="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= p / 100 * b) }'; }

# Programs whose lock stops being the bottleneck when its holds are halved
# (T holds of H take longer than one thread's W + H; T holds of H/2 do not).
for case in "3 2200000" "5 4200000" "8 8000000"; do
  read -r t w <<<"$case"
  for timed in 1 0; do
    name="T=$t W=${w}ns timed=$timed"
    trace long "$t" "$w" 2000000 "$timed"
    trace half "$t" "$w" 1000000 "$timed"
    "$R" --what-if 1 --what-if 0.5 "$TMP/long.trace" >"$TMP/report.out" 2>"$TMP/report.err"
    one=$(grep 'kind=whatif .*hold_factor=1 ' "$TMP/report.out" || true)
    half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/report.out" || true)
    wall=$(cat "$TMP/long.wall") measured=$(cat "$TMP/half.wall")
    check_eq "$name: wall_ns is the program's" "$wall" "$(field wall_ns "$half")"
    check "$name: the replay at factor 1 gives the wall time back (within 1%)" \
      off 1 "$(field replay_base_ns "$one")" "$wall"
    check_eq "$name: the replay lets nothing through out of order" 0 "$(field forced_count "$half")"
    p=$(field predicted_wall_ns "$half")
    check "$name: predicted $p ns within 10% of the half-hold run's $measured ns" off 10 "$p" "$measured"
    c=$(field critpath_predicted_wall_ns "$half")
    check "$name: the critical path less the saved holds ($c ns) misses it by over 20%" \
      awk -v c="$c" -v m="$measured" 'BEGIN { exit !(c - m > 0.2 * m) }'
  done
done

# Holds nobody waited for: 3 threads take the mutex 40 times each, working
# 12 ms before each 2 ms hold, so only the first round waits (2 holds
# traced, 118 not). The HOLD_SUM records give each thread's exact hold time
# (40 x 2 ms): the untraced 236 ms (3 x 80 ms less the 2 traced holds) are
# scaled with the rest, and the prediction is the half-hold run's wall time
# (timed=0: the traced holds' starts inferred, within 0.5%).
for timed in 1 0; do
  trace long 3 12000000 2000000 "$timed" 1
  trace half 3 12000000 1000000 "$timed" 1
  "$R" --what-if 0.5 "$TMP/long.trace" >"$TMP/report.out" 2>"$TMP/report.err" || true
  half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/report.out" || true)
  measured=$(cat "$TMP/half.wall") p=$(field predicted_wall_ns "$half")
  check "hold sums, timed=$timed: predicted $p ns within 0.5% of the half-hold run's $measured ns" \
    off 0.5 "$p" "$measured"
  if [ "$timed" = 1 ]; then
    check_eq "hold sums: untraced_hold_ns is the 118 untraced holds' time" 236000000 \
      "$(field untraced_hold_ns "$half")"
  fi
done
check_eq "hold sums: the whatif lines follow the grammar" "" "$(result_grammar "$TMP/report.out")"
# the same program's trace without HOLD_SUM (a writer before it): today's
# prediction, which keeps the untraced holds, and untraced_hold_ns=NA
trace old 3 12000000 2000000 1
"$R" --what-if 0.5 "$TMP/old.trace" >"$TMP/report.out" 2>"$TMP/report.err"
half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/report.out" || true)
check_eq "no hold sums: the prediction keeps untraced holds (574.002 ms)" 574002000 "$(field predicted_wall_ns "$half")"
check_eq "no hold sums: untraced_hold_ns=NA" NA "$(field untraced_hold_ns "$half")"
check "no hold sums: the report says the untraced holds' time is unknown" \
  grep -q "holds nobody waited for is unknown" "$TMP/report.err"
# HOLD_SUM records that say no hold was timed: known to be unknown, scaled as without them
trace none 3 12000000 2000000 1 2
"$R" --what-if 0.5 "$TMP/none.trace" >"$TMP/report.out" 2>/dev/null || true
half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/report.out" || true)
check_eq "hold sums with no hold timed: no scaling (574.002 ms), untraced_hold_ns=0" "574002000 0" \
  "$(field predicted_wall_ns "$half") $(field untraced_hold_ns "$half")"

# forged or corrupt HOLD_SUM records (issue 41): one whose sum is past the
# 2^62 ns every timestamp stays under is refused (it wrapped the total past
# 2^64 and printed "49% sooner"); three that each claim ~146 years
# saturate nothing and are said, as they move the prediction to its limit
trace forged 3 12000000 2000000 1 1
awk '$2 == 17 && $3 == 101 { $5 = "18446744073709551000" } { print }' "$TMP/forged.txt" >"$TMP/forged2.txt"
"$G" text "$TMP/forged2.txt" "$TMP/forged.trace"
check_exit "a HOLD_SUM past 2^62 ns: refused (exit 2)" 2 "$R" --what-if 0.5 "$TMP/forged.trace"
cp "$TMP/out" "$TMP/forged.err"
check "... with a line naming the record" grep -q "record 9: HOLD_SUM of tid 101 .* is impossible: corrupt trace" "$TMP/forged.err"
awk '$2 == 17 { $6 = 41 } { print }' "$TMP/forged.txt" >"$TMP/forged2.txt"
"$G" text "$TMP/forged2.txt" "$TMP/forged.trace"
check_exit "a HOLD_SUM with more holds timed than acquisitions: refused" 2 "$R" --what-if 0.5 "$TMP/forged.trace"
awk '$2 == 17 { $5 = "4611686018427387000" } { print }' "$TMP/forged.txt" >"$TMP/forged2.txt"
"$G" text "$TMP/forged2.txt" "$TMP/forged.trace"
"$R" --what-if 0.5 "$TMP/forged.trace" >"$TMP/report.out" 2>"$TMP/report.err"
check "hold sums longer than the trace: said" grep -q "hold sums (HOLD_SUM) of 3 threads say they held mutex@0x1000 longer than the whole trace" "$TMP/report.err"
check "... and untraced_hold_ns does not wrap" awk '/kind=whatif / { for (i = 1; i <= NF; i++) if ($i ~ /^untraced_hold_ns=/) v = substr($i, 18) } END { exit !(length(v) == 20 && v >= "13835058055278161000") }' "$TMP/report.out"

# The hand-off model (issue 38): 2 threads work 10 us (50 us every other
# take) and hold the mutex 60 us; a waiter that waited up to 40 us before
# the release spun and runs 2 us after it, a longer one slept and runs 30
# us after it: 40 spins and 39 wake-ups. At 30 us holds every wait is
# under 40 us, so every waiter spins: the half-hold program runs 2.898 ms.
# The replay learns the window (40 us) and the two kinds of hand-off and
# predicts that run plus 30 us: the last hold, which nobody waited for, is
# not in the trace and stays whole. The replay before the model kept each
# waiter's wake-up and predicted 4.020 ms.
# handoff_trace NAME H: that program's trace with holds of H ns
handoff_trace() { # NAME HOLD_NS [SPIN_NS, default 40000]
  LC_ALL=C awk -v T=2 -v R=40 -v W=10000 -v J=40000 -v H="$2" -v D=30000 -v SPIN="${3:-40000}" -v DS=2000 -v TIMED=1 \
    -v WALL="$TMP/$1.wall" -f "$GEN" >"$TMP/$1.txt"
  "$G" text "$TMP/$1.txt" "$TMP/$1.trace"
}
handoff_trace hlong 60000
handoff_trace hhalf 30000
"$R" --what-if 0.5 --what-if 0 "$TMP/hlong.trace" >"$TMP/report.out" 2>"$TMP/report.err"
half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/report.out" || true)
check_eq "hand-offs: the half-hold program's run (2.898 ms) + 30 us (the last hold, untraced)" \
  "$(($(cat "$TMP/hhalf.wall") + 30000))" "$(field predicted_wall_ns "$half")"
check_eq "... which is 2.928 ms" 2928000 "$(field predicted_wall_ns "$half")"
check_eq "hand-offs: the spin window learned" 40000 "$(field spin_window_ns "$half")"
check "hand-offs: the model said" grep -q '^  (hand-offs of mutex@0x1000: 40 spins of up to 2.0 us, 39 wake-ups; a waiter spins when it waits up to 40.0 us before the release)$' "$TMP/report.err"
# the same program with waiters that "spin" up to 400 us (holds of 420 us:
# some waits fall under it, some over; the old model learned a 400 us
# window): no spin is that
# long (glibc's default mutex does not spin; a window of ms parted fast and
# slow wake-ups), so no window fits and each waiter keeps its own hand-off
handoff_trace hwide 420000 400000
"$R" --what-if 0.5 "$TMP/hwide.trace" >"$TMP/wide.out" 2>"$TMP/wide.err"
check_eq "hand-offs: a window longer than a spin can be (400 us) does not fit" NA \
  "$(field spin_window_ns "$(grep 'kind=whatif ' "$TMP/wide.out" || true)")"
check "... and the report says why" grep -q 'no wait before the release short enough to be a spin parts them' "$TMP/wide.err"
# every kind=whatif line: the range present, lo <= predicted <= hi; 0 saves no less than 0.5
# ranged FILE: "ok", or what is wrong with its lines
ranged() {
  awk '/kind=whatif / { lo = hi = p = ""; for (i = 1; i <= NF; i++) { split($i, kv, "=")
         if (kv[1] == "predicted_wall_lo_ns") lo = kv[2]; if (kv[1] == "predicted_wall_hi_ns") hi = kv[2]
         if (kv[1] == "predicted_wall_ns") p = kv[2]; if (kv[1] == "hold_factor") f = kv[2] }
       if (lo == "" || hi == "" || !(lo + 0 <= p + 0 && p + 0 <= hi + 0)) bad = bad " " f ":" lo "/" p "/" hi
       pred[f] = p }
       END { if ((0 in pred) && (0.5 in pred) && pred[0] + 0 > pred[0.5] + 0) bad = bad " 0>0.5"
             print bad == "" ? "ok" : bad }' "$1"
}
check_eq "hand-offs: each line's range is ordered, and 0 saves no less than 0.5" ok "$(ranged "$TMP/report.out")"
check "hand-offs: the range (all spin to all sleep) is wide, and said" \
  grep -q '^  finding: the prediction for halving the holds of mutex@0x1000 is unsure: .* sooner as every waiter spins or every waiter sleeps' "$TMP/report.err"
check_eq "hand-offs: the whatif lines follow the grammar" "" "$(result_grammar "$TMP/report.out")"
# two kinds of hand-off that no wait length tells apart: B waits 10 us
# before A's release and spins (1 us), 10 us and sleeps (50 us), 50 us and
# spins, 50 us and sleeps; every window misplaces 2 of the 4, so the
# learned replay keeps each waiter's own hand-off, and the range is not
# a point (all spin to all sleep)
# (text mode: T_NS EVENT TID LOCK AUX HOLDER TYPE; 1 REQUEST 2 ACQUIRE 4 RELEASE 5 START 6 EXIT)
cat >"$TMP/nofit.txt" <<'TXT'
1000000000 5 101 0 0 0 0
1000100000 4 101 1000 1000000000 0 1
1000300000 4 101 1000 1000200000 0 1
1000500000 4 101 1000 1000400000 0 1
1000700000 4 101 1000 1000600000 0 1
1000700000 6 101 0 0 0 0
1000000000 5 102 0 0 0 0
1000090000 1 102 1000 0 101 1
1000101000 2 102 1000 1000090000 0 1
1000290000 1 102 1000 0 101 1
1000350000 2 102 1000 1000290000 0 1
1000450000 1 102 1000 0 101 1
1000501000 2 102 1000 1000450000 0 1
1000650000 1 102 1000 0 101 1
1000750000 2 102 1000 1000650000 0 1
1000800000 6 102 0 0 0 0
TXT
"$G" text "$TMP/nofit.txt" "$TMP/nofit.trace"
"$R" --what-if 0.5 --what-if 0 "$TMP/nofit.trace" >"$TMP/report.out" 2>"$TMP/report.err"
half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/report.out" || true)
check "no window fits: said" grep -q '^  (hand-offs of mutex@0x1000: 2 spins of up to 1.0 us, 2 wake-ups, and no wait before the release tells them apart: each waiter keeps its own)$' "$TMP/report.err"
check_eq "no window fits: spin_window_ns=NA, a range below to above the prediction" "NA 1" \
  "$(field spin_window_ns "$half") $(awk -v a="$(field predicted_wall_lo_ns "$half")" -v b="$(field predicted_wall_hi_ns "$half")" 'BEGIN { print (a < b) }')"
check_eq "no window fits: ordered, 0 saves no less than 0.5" ok "$(ranged "$TMP/report.out")"
# a window that fits but misplaces one wait: B spins twice after waiting
# 10 us, sleeps twice after 50 us, and once after 10 us (window 10 us, 1
# wait in 5 on its wrong side). A wait changes kind only when it crosses
# the window, so at factor 1 the misplaced sleep keeps its 50 us and the
# replay gives the trace back (1 ms; picking the kind by the window alone
# made it spin: 0.951 ms)
cat >"$TMP/misplaced.txt" <<'TXT'
1000000000 5 101 0 0 0 0
1000100000 4 101 1000 1000000000 0 1
1000300000 4 101 1000 1000200000 0 1
1000500000 4 101 1000 1000400000 0 1
1000700000 4 101 1000 1000600000 0 1
1000900000 4 101 1000 1000800000 0 1
1000900000 6 101 0 0 0 0
1000000000 5 102 0 0 0 0
1000090000 1 102 1000 0 101 1
1000101000 2 102 1000 1000090000 0 1
1000290000 1 102 1000 0 101 1
1000301000 2 102 1000 1000290000 0 1
1000450000 1 102 1000 0 101 1
1000550000 2 102 1000 1000450000 0 1
1000650000 1 102 1000 0 101 1
1000750000 2 102 1000 1000650000 0 1
1000890000 1 102 1000 0 101 1
1000950000 2 102 1000 1000890000 0 1
1001000000 6 102 0 0 0 0
TXT
"$G" text "$TMP/misplaced.txt" "$TMP/misplaced.trace"
"$R" --what-if 1 --lock 0x1000 "$TMP/misplaced.trace" >"$TMP/report.out" 2>/dev/null
one=$(grep 'kind=whatif ' "$TMP/report.out" || true)
check_eq "misplaced wait: window 10 us, the replay at 1 gives the trace's 1 ms back" "10000 1000000 1000000" \
  "$(field spin_window_ns "$one") $(field wall_ns "$one") $(field replay_base_ns "$one")"
# one kind of hand-off (the 3-thread program above, every waiter 1 us
# after the release): no window, no finding, and the range is the two
# orders' (the prediction lets a newcomer take the free mutex first)
trace one 3 12000000 2000000 1 1
"$R" --what-if 0.5 --what-if 0 "$TMP/one.trace" >"$TMP/report.out" 2>"$TMP/report.err"
half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/report.out" || true)
check_eq "one kind of hand-off: spin_window_ns=NA, lo = the prediction, hi = the ordered one" "NA 1 1" \
  "$(field spin_window_ns "$half") $(awk -v a="$(field predicted_wall_lo_ns "$half")" -v b="$(field predicted_wall_hi_ns "$half")" -v p="$(field predicted_wall_ns "$half")" -v o="$(field predicted_ordered_wall_ns "$half")" 'BEGIN { print (a == p), (b == o) }')"
check_eq "one kind of hand-off: ordered, 0 saves no less than 0.5" ok "$(ranged "$TMP/report.out")"
check "one kind of hand-off: no finding" test "$(grep -c 'finding:' "$TMP/report.err")" = 0

# known: A holds L 0..30 ms while B waits, then B works 20 ms: halving A's
# hold ends the program at 35 ms, removing it at 20 ms
"$G" known "$TMP/known.trace"
"$R" --what-if 0.5 --what-if 0 "$TMP/known.trace" >"$TMP/report.out" 2>"$TMP/report.err"
grep 'kind=whatif ' "$TMP/report.out" >"$TMP/report.wi" || true
check_eq "known: 50 ms, 35 ms halved, 20 ms removed" "50000000 35000000 20000000" \
  "$(field wall_ns "$(head -n 1 "$TMP/report.wi")") $(predicted "$TMP/report.out")"
check "known: the sentence for people" grep -q \
  '^  halving the holds of mutex@0x1000 would finish the program about 30% sooner; removing them entirely, 60%$' "$TMP/report.err"
check_eq "known: --lock by address picks the lock" 1 "$("$R" --what-if 0 --lock 0x1000 "$TMP/known.trace" 2>/dev/null | grep -c 'kind=whatif .*lock=mutex@0x1000 ')"
check_eq "known: --lock by label picks the lock" 1 "$("$R" --what-if 0 --lock mutex@0x1000 "$TMP/known.trace" 2>/dev/null | grep -c 'kind=whatif ')"
check_eq "RESULT lines follow the grammar" "" "$(result_grammar "$TMP/report.out")"

# a wait on another lock is a dependency: A holds L 0..30 ms while B waits;
# B then works 5 ms and posts a semaphore C has waited on since 0; C wakes
# 0.5 ms later and works 24.5 ms (to 60 ms). Halving A's hold moves B's post
# to 20 ms and C's end to 45 ms; removing it, to 5 and 30 ms.
# (text mode: T_NS EVENT TID LOCK AUX HOLDER TYPE; 1 REQUEST 2 ACQUIRE 4 RELEASE 6 EXIT; type 1 mutex 3 sem)
cat >"$TMP/chain.txt" <<'TXT'
1030000000 4 501 1000 1000000000 0 1
1030000000 6 501 0 0 0 0
1000000000 1 502 1000 0 501 1
1030000000 2 502 1000 1000000000 0 1
1035000000 4 502 2000 0 0 3
1040000000 6 502 0 0 0 0
1000000000 1 503 2000 0 0 3
1035500000 2 503 2000 1000000000 0 3
1060000000 6 503 0 0 0 0
TXT
"$G" text "$TMP/chain.txt" "$TMP/chain.trace"
"$R" --what-if 0.5 --what-if 0 "$TMP/chain.trace" >"$TMP/report.out" 2>/dev/null
check_eq "chain: the semaphore wait follows the post: 45 ms halved, 30 ms removed" "45000000 30000000" \
  "$(predicted "$TMP/report.out")"

check_exit "--what-if 1.5 is refused" 2 "$R" --what-if 1.5 "$TMP/known.trace"
check_exit "--what-if -0.5 is refused" 2 "$R" --what-if -0.5 "$TMP/known.trace"
check_exit "--what-if 0,5 is refused" 2 "$R" --what-if 0,5 "$TMP/known.trace"
check_exit "--what-if . is refused" 2 "$R" --what-if . "$TMP/known.trace"
check_exit "--lock without --what-if is refused" 2 "$R" --lock 0x1000 "$TMP/known.trace"
check_exit "--lock naming no lock is refused" 2 "$R" --what-if 0.5 --lock 0x2000 "$TMP/known.trace"
check_eq "... before any line of the report" "" "$("$R" --what-if 0.5 --lock 0x2000 "$TMP/known.trace" 2>/dev/null)"
check_exit "-f takes no --what-if" 2 "$R" -f --what-if 0.5 "$TMP/known.trace"
check_exit "nine factors are refused" 2 "$R" --what-if 0 --what-if 0.1 --what-if 0.2 --what-if 0.3 --what-if 0.4 \
  --what-if 0.5 --what-if 0.6 --what-if 0.7 --what-if 0.8 "$TMP/known.trace"
# a factor given twice (0.5 and .50) is replayed once: it printed every
# kind=whatif line and the sentence's phrase twice ("halving ...; halving them")
"$R" --what-if 0.5 --what-if .50 "$TMP/known.trace" >"$TMP/twice.out" 2>"$TMP/twice.err" || true
"$R" --what-if 0.5 "$TMP/known.trace" >"$TMP/once.out" 2>/dev/null || true
check_eq "a factor given twice: the lines of it given once, and one phrase" "0 0" \
  "$(diff "$TMP/once.out" "$TMP/twice.out" | grep -c . || true) $(grep -c 'halving them' "$TMP/twice.err" || true)"
check_exit "nine factors, one of them twice: not refused" 0 "$R" --what-if 0 --what-if 0.1 --what-if 0.2 --what-if 0.3 \
  --what-if 0.4 --what-if 0.5 --what-if 0.6 --what-if 0.7 --what-if 0.7 "$TMP/known.trace"
# An untimed hold whose start is inferred from a stale holder hint (102's,
# seen by 100's request at 1000 while waiters never ran out) began, so
# inferred, before 100's and 103's exact holds ended; a mutex has one
# holder, so its start moves to 4000 and the lock is replayed (before: the
# mutex was refused as one "whose holds overlap", as the suite's mutex
# scenario was)
"$G" text "$ROOT/lockwait/tool/tests/whatif-overlap.txt" "$TMP/overlap.trace"
"$R" --what-if 0.5 --lock 0x1000 "$TMP/overlap.trace" >"$TMP/overlap.out" 2>"$TMP/overlap.err" || true
check "a mutex with an overlapping inferred hold start is replayed" \
  grep -q '^RESULT exp=lockwait kind=whatif .* hold_factor=0.5 ' "$TMP/overlap.out"
check "... and the report says one hold start was moved" \
  grep -q '^lockwait_report: model: 1 holds of exclusive locks began before another hold.s end' "$TMP/overlap.err"
# A hold whose timed start (20 us) comes after the REQUEST that named its
# thread the holder (15 us: clocks of two CPUs apart, or a start read late):
# the holder had the lock by then, so the replay at factor 1 keeps 102
# waiting until the release and gives the wall time back
cat >"$TMP/early.txt" <<'TXT'
1000000000 5 101 0 0 0 0
1000050000 4 101 1000 1000020000 0 1
1000900000 6 101 0 0 0 0
1000000000 5 102 0 0 0 0
1000015000 1 102 1000 0 101 1
1000051000 2 102 1000 1000015000 0 1
1002000000 6 102 0 0 0 0
TXT
"$G" text "$TMP/early.txt" "$TMP/early.trace"
"$R" --what-if 1 --what-if 0.5 "$TMP/early.trace" >"$TMP/early.out" 2>/dev/null
one=$(grep 'kind=whatif .*hold_factor=1 ' "$TMP/early.out" || true)
half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/early.out" || true)
check_eq "a timed hold start after its waiter's REQUEST: the replay at 1 gives the 2 ms back" "2000000 2000000" \
  "$(field wall_ns "$one") $(field replay_base_ns "$one")"
check "... and halving the hold saves time" awk -v p="$(field predicted_wall_ns "$half")" 'BEGIN { exit !(p + 0 < 2000000) }'
# Barging (a mutex: a newcomer takes a free lock): 101 holds 0-100 us, 103
# waits from 10 and holds 101-201, 102 waits from 180 and holds 202-302, 101
# comes back at 210 (after 110 us of work) and holds 303-403; every release
# traced, hand-offs 1 us. Halved: 101's hold ends at 50, 103 holds 51-101,
# and 101 comes back at 160 to a free lock, before 102 (180): 101 holds
# 160-210, 102 waits and holds 211-261, the exact wall time: the barging
# prediction. The prediction keeps the observed order (102 first): 281 us.
cat >"$TMP/barge.txt" <<'TXT'
1000000000 5 101 0 0 0 0
1000100000 4 101 1000 1000000000 0 1
1000210000 1 101 1000 0 102 1
1000303000 2 101 1000 1000210000 0 1
1000403000 4 101 1000 1000303000 0 1
1000403000 6 101 0 0 0 0
1000000000 5 102 0 0 0 0
1000180000 1 102 1000 0 103 1
1000202000 2 102 1000 1000180000 0 1
1000302000 4 102 1000 1000202000 0 1
1000302000 6 102 0 0 0 0
1000000000 5 103 0 0 0 0
1000010000 1 103 1000 0 101 1
1000101000 2 103 1000 1000010000 0 1
1000201000 4 103 1000 1000101000 0 1
1000201000 6 103 0 0 0 0
TXT
"$G" text "$TMP/barge.txt" "$TMP/barge.trace"
"$R" --what-if 1 --what-if 0.5 "$TMP/barge.trace" >"$TMP/barge.out" 2>"$TMP/barge.err"
one=$(grep 'kind=whatif .*hold_factor=1 ' "$TMP/barge.out" || true)
half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/barge.out" || true)
check_eq "barging: at factor 1 the observed order, the 403 us given back, no grant out of turn" "403000 403000 0" \
  "$(field wall_ns "$one") $(field predicted_wall_ns "$one") $(field barged_count "$one")"
check_eq "barging: halved, 101 arriving first at the free lock takes it before 102's turn: 261 us, one grant out of turn" \
  "261000 1" "$(field predicted_barging_wall_ns "$half") $(field barged_count "$half")"
check_eq "barging: the prediction lets it in (261 us); kept in the observed order, 281 us" "261000 281000" \
  "$(field predicted_wall_ns "$half") $(field predicted_ordered_wall_ns "$half")"
check "barging: a finding gives both" \
  grep -qE 'finding: the prediction lets a thread that now comes to the free .* first take it .* kept in the trace.s order, .* halving the holds of mutex@0x1000 saves about [0-9]+% \(the prediction: [0-9]+%\)' "$TMP/barge.err"
# Stretches: the replay's saving read in stretches of the run. A program of
# 3 threads whose takes 50-54 work 30 ms more (a phase that leaves the lock
# idle) saves less there: those stretches are odd. The prediction stays the
# whole replay's (the half-hold program, phase and all, is the answer), and
# the steady one, with the odd stretches at the typical saving, is said
# beside it with a finding; a program without the phase has no odd stretch.
phase_trace() { # NAME HOLD_NS [PHASE_WORK_NS]
  LC_ALL=C awk -v T=3 -v R=100 -v W=2200000 -v H="$2" -v D=1000 -v TIMED=1 -v P=50 -v PW="${3:-0}" \
    -v WALL="$TMP/$1.wall" -f "$GEN" >"$TMP/$1.txt"
  "$G" text "$TMP/$1.txt" "$TMP/$1.trace"
}
phase_trace plong 2000000 30000000
phase_trace phalf 1000000 30000000
"$R" --what-if 0.5 "$TMP/plong.trace" >"$TMP/phase.out" 2>"$TMP/phase.err"
half=$(grep 'kind=whatif ' "$TMP/phase.out" || true)
check "a phase: the prediction ($(field predicted_wall_ns "$half") ns) is the half-hold program's ($(cat "$TMP/phalf.wall") ns) within 10%" \
  off 10 "$(field predicted_wall_ns "$half")" "$(cat "$TMP/phalf.wall")"
check_awk "a phase: some of the $(field stretch_count "$half") stretches are odd ($(field odd_stretch_count "$half")), at least 8 read" \
  "$(field stretch_count "$half") >= 8 && $(field odd_stretch_count "$half") >= 1"
check_awk "a phase: the steady prediction saves more than the whole replay" \
  "$(field predicted_steady_wall_ns "$half") < $(field predicted_wall_ns "$half")"
check "a phase: the finding says where and gives both" \
  grep -qE 'finding: halving the holds of .* saves less in [0-9]+ of the run.s [0-9]+ stretches .*starting at [0-9.]+ ms.*typical stretch it saves [0-9]+%, over the whole replay [0-9]+%' "$TMP/phase.err"
phase_trace pflat 2000000
"$R" --what-if 0.5 "$TMP/pflat.trace" >"$TMP/flat.out" 2>"$TMP/flat.err"
flat=$(grep 'kind=whatif ' "$TMP/flat.out" || true)
check_eq "no phase: no odd stretch, the steady prediction is the prediction, no finding" \
  "0 $(field predicted_wall_ns "$flat") 0" \
  "$(field odd_stretch_count "$flat") $(field predicted_steady_wall_ns "$flat") $(grep -c 'stretches' "$TMP/flat.err" || true)"
# Lone stretches: 4 threads work 20 us and hold the mutex 30 us; every
# 30th release a waiter waited for leaves it without a CPU for 0.5 ms while
# the releaser takes the lock back unseen by the order (its releases
# traced). The replay keeps the stretches: it predicts the half-hold program
# that has them too; the lone-free prediction replays their takes at the
# pace of the other grants: the half-hold program without them (a convoy).
# A program without stretches has none, and the two predictions agree.
lone_trace() { # NAME HOLD_NS [LONE [CPUS]]
  LC_ALL=C awk -v T=4 -v R=300 -v W=20000 -v H="$2" -v D=6000 -v TIMED=1 -v HOLDSUM=1 -v LONE="${3:-0}" -v CPUS="${4:-}" \
    -v LT=500000 -v WALL="$TMP/$1.wall" -f "$GEN" >"$TMP/$1.txt"
  "$G" text "$TMP/$1.txt" "$TMP/$1.trace"
}
lone_trace llong 30000 30
lone_trace lhalf 15000 30
lone_trace lconvoy 15000
"$R" --what-if 0.5 --what-if 0 "$TMP/llong.trace" >"$TMP/lone.out" 2>"$TMP/lone.err"
half=$(grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/lone.out" || true)
zero=$(grep 'kind=whatif .*hold_factor=0 ' "$TMP/lone.out" || true)
check_awk "lone: the stretches are counted ($(field lone_stretch_count "$half"), $(field lone_stretch_ns "$half") ns)" \
  "$(field lone_stretch_count "$half") >= 10 && $(field lone_stretch_ns "$half") > 0.2 * $(field wall_ns "$half")"
check "lone: the replay ($(field predicted_wall_ns "$half") ns) is the half-hold program with the stretches ($(cat "$TMP/lhalf.wall") ns) within 10%" \
  off 10 "$(field predicted_wall_ns "$half")" "$(cat "$TMP/lhalf.wall")"
check "lone: the lone-free prediction ($(field predicted_lonefree_wall_ns "$half") ns) is the convoy's ($(cat "$TMP/lconvoy.wall") ns) within 10%" \
  off 10 "$(field predicted_lonefree_wall_ns "$half")" "$(cat "$TMP/lconvoy.wall")"
check_awk "lone: removing the holds saves no less without the stretches than halving them" \
  "$(field predicted_lonefree_wall_ns "$zero") <= $(field predicted_lonefree_wall_ns "$half")"
check "lone: the finding gives both savings" \
  grep -qE 'finding: in [0-9]+ stretches .* if the stretches end, halving the holds of mutex@0x1000 saves about [0-9]+% \(the replay in that order: [0-9]+%\)' \
  "$TMP/lone.err"
check_eq "lone: a trace without CPU times gives no CPU floor to the finding" "" \
  "$(grep 'the CPU floor)' "$TMP/lone.err" || true)"
# with the threads' CPU times (8 CPUs: a floor below the lone-free
# prediction) the finding also gives the saving where the threads stop
# waiting for each other: 2-thread convoys that leave the convoy at the half
# hold ran near it (docs/lockwait-manual.md, "Hand-off cost")
lone_trace lcpu 30000 30 8
"$R" --what-if 0.5 "$TMP/lcpu.trace" >"$TMP/lcpu.out" 2>"$TMP/lcpu.err"
lcpu=$(grep 'kind=whatif ' "$TMP/lcpu.out" || true)
floor_pct=$(awk -v f="$(field cpu_floor_wall_ns "$lcpu")" -v w="$(field wall_ns "$lcpu")" 'BEGIN { printf "%.0f", 100 * (1 - f / w) }')
check "lone, with CPU times: the finding gives the CPU floor's saving too ($floor_pct%)" \
  grep -qE "if the stretches end, .*, or about $floor_pct% if the threads stop waiting for each other \(the CPU floor\)\$" "$TMP/lcpu.err"
"$R" --what-if 0.5 "$TMP/lconvoy.trace" >"$TMP/convoy.out" 2>"$TMP/convoy.err"
convoy=$(grep 'kind=whatif ' "$TMP/convoy.out" || true)
check_eq "no lone stretch: none counted, the lone-free prediction is the prediction, no finding" \
  "0 $(field predicted_wall_ns "$convoy") 0" \
  "$(field lone_stretch_count "$convoy") $(field predicted_lonefree_wall_ns "$convoy") $(grep -c 'if the stretches end' "$TMP/convoy.err" || true)"
# A stretch's thread works between its takes too: 3 threads work 4 ms and
# hold 2 ms, 30 times each, every 2nd hand-off leaving a waiter without a
# CPU for 50 ms. Replayed at a convoy's pace alone, the lone-free prediction
# for removing the holds was 74 ms, below the 120 ms each thread works.
LC_ALL=C awk -v T=3 -v R=30 -v W=4000000 -v H=2000000 -v D=1000 -v TIMED=1 -v LONE=2 -v LT=50000000 \
  -v WALL="$TMP/lwork.wall" -f "$GEN" >"$TMP/lwork.txt"
"$G" text "$TMP/lwork.txt" "$TMP/lwork.trace"
"$R" --what-if 0 "$TMP/lwork.trace" >"$TMP/lwork.out" 2>/dev/null
zero=$(grep 'kind=whatif ' "$TMP/lwork.out" || true)
check_awk "lone: removing the holds, lone-free ($(field predicted_lonefree_wall_ns "$zero") ns) no less than a thread's 120 ms of work" \
  "$(field predicted_lonefree_wall_ns "$zero") >= 120000000 && $(field lone_stretch_count "$zero") >= 1"
# the family benchmark checks every case before it runs any (a bad one last
# used to stop it only after the first cases' runs)
FAM=$ROOT/lockwait/tool/bench/whatif_family.sh
for bad in mutex:1:1:1 mutex:2000:1:1 mutex:2:99999999999999999:1 foo:2:1:1; do
  rc=0; out=$("$FAM" -n 200 -r 1 mutex:2:30:20 "$bad" 2>/dev/null) || rc=$?
  check_eq "whatif_family.sh: case $bad refused (exit 2) before any run" "2:" "$rc:$out"
done
# -k: the kept report output names the kept trace, not the run's temporary
# one (removed at exit)
mkdir -p "$TMP/keep"
"$FAM" -n 400 -r 1 -t 2 -k "$TMP/keep" mutex:2:30:20 >"$TMP/fam.out" 2>"$TMP/fam.err" || true
check "whatif_family.sh: the machine's wake-up latency before its table" \
  grep -q '^# whatif_family: wakeup: \(idle_us=20 .*samples=31\|NA reason=\)' "$TMP/fam.err"
if [ -s "$TMP/keep/mutex:2:30:20.trace" ]; then
  check_eq "whatif_family.sh -k: the kept .err names the kept trace, no temporary one" "1 0" \
    "$(grep -c "^critical path of $TMP/keep/mutex:2:30:20.trace: " "$TMP/keep/mutex:2:30:20.err") $(grep -c 'whatif-family\.' "$TMP/keep/mutex:2:30:20.err")"
else
  skip "whatif_family.sh -k: the kept .err names the kept trace" "the traced run had no contended wait (no trace)"
fi
# -k: a symbolic link planted at a name to keep (CASE.out) is not written
# through (cp followed it, writing the report output into the file it
# names): refused, exit 2, before any run
mkdir -p "$TMP/keep-link"
printf 'precious\n' >"$TMP/victim"
ln -s "$TMP/victim" "$TMP/keep-link/mutex:2:30:20.out"
rc=0; "$FAM" -n 200 -r 1 -t 1 -k "$TMP/keep-link" mutex:2:30:20 >/dev/null 2>"$TMP/fam-link.err" || rc=$?
check_eq "whatif_family.sh -k with a link planted at CASE.out: exit 2, the file it names untouched" "2 precious" \
  "$rc $(cat "$TMP/victim")"
check "... says which link" grep -qF "$TMP/keep-link/mutex:2:30:20.out is a symbolic link" "$TMP/fam-link.err"
# -t 2: two traced runs, each kept under its own name, and the line says how
# many gave a prediction and lists each one's ratio
check "whatif_family.sh -t 2: the second traced run's output is kept as CASE.2.out" \
  test -e "$TMP/keep/mutex:2:30:20.2.out"
fam=$(grep 'kind=whatif_family ' "$TMP/fam.out" || true)
n=$(val "$fam" traces)
check_eq "whatif_family.sh -t 2: predicted_ratios lists one ratio per trace that gave one (traces=$n)" "$n" \
  "$(val "$fam" predicted_ratios | awk -F, '$0 == "NA" { print 0; exit } { print NF }')"
finish

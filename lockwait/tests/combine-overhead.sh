#!/usr/bin/env bash
# lockwait's published overhead over several invocations (INVOCATIONS=N):
# build/combine with lockwait_figures (lockwait/exp.sh) combines the sleeps
# ratio as it does the overhead (on logarithms: a ratio), instead of copying
# the first invocation's.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

# shellcheck source=lockwait/exp.sh
(source "$ROOT/lockwait/exp.sh" && lockwait_figures) >"$TMP/spec"
for i in 1 2; do
  if [ "$i" = 1 ]; then o=2 sl=0.5; else o=4 sl=2; fi
  echo "RESULT exp=lockwait kind=overhead inv=$i scenario=mutex overhead_pct=$o overhead_pct_lo=$((o - 1))" \
    "overhead_pct_hi=$((o + 1)) pairs_used=13 pairs_total=13 sleeps_ratio=$sl sleeps_ratio_lo=$sl sleeps_ratio_hi=$sl"
done >"$TMP/raw"
"$ROOT/build/combine" "$TMP/spec" "$TMP/raw" >"$TMP/pub" 2>"$TMP/err" || fail "combine runs" "$(cat "$TMP/err")"
pub=$(grep 'kind=overhead ' "$TMP/pub" || true)
check_eq "the overhead over both invocations: 3%" 3 "$(val "$pub" overhead_pct)"
# on logarithms: x0.5 and x2 are x1.0 (not 1.25), and no bound below 0
check_eq "the sleeps ratio over both invocations: x1.0, not the first's x0.5" 1 "$(val "$pub" sleeps_ratio)"
check_awk "... with an interval around it, above 0" \
  "$(val "$pub" sleeps_ratio_lo) > 0 && $(val "$pub" sleeps_ratio_lo) < 1 && $(val "$pub" sleeps_ratio_hi) > 1"

# The speed levels after build/combine: it drops the invocations' own
# kind=speed_level lines (and prints them again as kind=speed_level_inv, with
# the run's level), so the summary names each level's canary from
# kind=speed_level_run (it printed "canary  ns").
# summarize NAME WHAT: build/combine on $TMP/NAME.raw, then the summary of the
# raw and published lines into $TMP/NAME.md
summarize() {
  "$ROOT/build/combine" "$TMP/spec" "$TMP/$1.raw" >"$TMP/$1.pub" 2>"$TMP/err" || fail "combine runs on $2" "$(cat "$TMP/err")"
  cat "$TMP/$1.raw" "$TMP/$1.pub" | summary_awk awk -v csvdir="$TMP" "$ROOT/lockwait/summary.awk" >"$TMP/$1.md"
}
# pair INV SCENARIO REP CANARY LEVEL USED: one invocation's pair line
pair() {
  echo "RESULT exp=lockwait kind=pair inv=$1 scenario=$2 rep=$3 first=bare wall_ratio=1.01" \
    "canary_ns=$4,$4,$4 canary_max_ns=$4 speed_level=$5 slow_share=0.000 used=$6"
}
for i in 1 2; do
  c=$([ "$i" = 1 ] && echo 0.33 || echo 0.34)
  for r in 1 2 3; do pair "$i" mutex "$r" "$c" 1 1; done
  echo "RESULT exp=lockwait kind=speed_level inv=$i scenario=mutex check=overhead level=1 canary_ns=$c" \
    "readings_share=1.000 pairs=3 used=1"
  echo "RESULT exp=lockwait kind=overhead inv=$i scenario=mutex overhead_pct=1 overhead_pct_lo=0 overhead_pct_hi=2" \
    "pairs_used=3 pairs_total=3 pairs_basis=level speed_level=1 sleeps_ratio=1 sleeps_ratio_lo=1 sleeps_ratio_hi=1"
done >"$TMP/lv.raw"
summarize lv "levels"
check "levels after combine: the run's level 1 with its canary (the mean of 0.33 and 0.34)" \
  grep -qF 'in level 1 (canary 0.335 ns)' "$TMP/lv.md"
check_eq "levels after combine: no level without its canary" 0 "$(grep -c 'canary  ns' "$TMP/lv.md" || true)"
# the sentence counts the pairs of both invocations, as the table does (it
# said "of 3 pairs", the copied invocation's, beside "6/6")
check "levels after combine: the sentence counts both invocations' pairs" \
  grep -qF 'mutex of 6 pairs, 6 in level 1 (canary 0.335 ns)' "$TMP/lv.md"
check "levels after combine: the table the same 6 pairs" grep -qF '| 6/6 |' "$TMP/lv.md"
check "several invocations: the summary says what is one invocation's" \
  grep -qF "Only the overhead and the sleeps ratio are combined: the wall times and sleeps per run beside them, and the tables below, are one invocation's" "$TMP/lv.md"

# Levels are found per scenario: spin's only level (its level 1) is the run's
# level 2 when mutex also ran faster. The copied pair lines keep the
# invocation's own numbers, so spin's pairs were said to be "4 in level 1
# (canary 0.330 ns)", mutex's fast level.
{
  for r in 1 2 3 4 5 6 7 8; do
    if [ "$r" -le 5 ]; then c=0.33 k=1; else c=0.55 k=2; fi
    pair 1 mutex "$r" "$c" "$k" $((k == 1))
  done
  echo "RESULT exp=lockwait kind=speed_level inv=1 scenario=mutex check=overhead level=1 canary_ns=0.33 pairs=5 used=1"
  echo "RESULT exp=lockwait kind=speed_level inv=1 scenario=mutex check=overhead level=2 canary_ns=0.55 pairs=3 used=0"
  echo "RESULT exp=lockwait kind=overhead inv=1 scenario=mutex overhead_pct=1 overhead_pct_lo=0 overhead_pct_hi=2" \
    "pairs_used=5 pairs_total=8 pairs_mixed=0 pairs_other=3 pairs_basis=level speed_level=1"
  for r in 1 2 3 4; do pair 1 spin "$r" 0.55 1 1; done
  echo "RESULT exp=lockwait kind=speed_level inv=1 scenario=spin check=overhead level=1 canary_ns=0.55 pairs=4 used=1"
  echo "RESULT exp=lockwait kind=overhead inv=1 scenario=spin overhead_pct=1 overhead_pct_lo=0 overhead_pct_hi=2" \
    "pairs_used=4 pairs_total=4 pairs_mixed=0 pairs_other=0 pairs_basis=level speed_level=1"
} >"$TMP/sc.raw"
summarize sc "two scenarios"
check "levels per scenario: mutex's two levels with their canaries" \
  grep -qF 'mutex of 8 pairs, 5 in level 1 (canary 0.330 ns), 3 in level 2 (canary 0.550 ns)' "$TMP/sc.md"
check "levels per scenario: spin's pairs in the run's level 2 (canary 0.550 ns), not level 1" \
  grep -qF 'spin of 4 pairs, 4 in level 2 (canary 0.550 ns)' "$TMP/sc.md"
# The CSVs had no level column; the what-if check's line keeps its own level
# number (its pairs' levels are found apart, check=whatif, and build/combine
# copies the line): spin's what-if level 1 at 0.55 ns is the run's level 2
{
  cat "$TMP/sc.raw"
  echo "RESULT exp=lockwait kind=speed_level inv=1 scenario=spin check=whatif level=1 canary_ns=0.55 pairs=8 used=1"
  echo "RESULT exp=lockwait kind=whatif_check inv=1 scenario=spin hold_factor=0.5 cs_ns=1000 half_cs_ns=500 lock=mtx" \
    "traces_count=6 predicted_saving_pct=10 predicted_saving_pct_lo=9 predicted_saving_pct_hi=11 predicted_free_saving_pct=20" \
    "measured_saving_pct=12 measured_saving_pct_lo=11 measured_saving_pct_hi=13 pairs_used=8 pairs_total=8 pairs_mixed=0" \
    "pairs_other=0 pairs_basis=level speed_level=1 speed_canary_ns=0.55 pairs_min=8 full_nvcsw=10 half_nvcsw=10"
} >"$TMP/wi.raw"
summarize wi "a what-if check"
check_eq "overhead CSV: each scenario's run level and its canary" "speed_level,canary_ns mutex:1,0.33 spin:2,0.55" \
  "$(awk -F, 'NR == 1 { printf "%s,%s", $(NF - 1), $NF; next } { printf " %s:%s,%s", $1, $(NF - 1), $NF }' "$TMP/lockwait-overhead.csv")"
check_eq "what-if CSV: spin's check in the run's level 2 (its own level 1), at its canary" "speed_level,canary_ns spin:2,0.55" \
  "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "speed_level") c = i; printf "%s,%s", $c, $(c + 1); next }
      { printf " %s:%s,%s", $1, $c, $(c + 1) }' "$TMP/lockwait-whatif.csv")"
check_eq "the summary names no level for the what-if check" "" "$(grep -i 'what-if.*level [0-9]' "$TMP/wi.md" || true)"

# Two invocations whose main levels differ (5 pairs at 0.33 ns, 2 at 0.55 and
# 1 mixed; then the other way round): build/combine pools no two levels and
# prints an overhead line per level. The table showed the last one's 5/8 and
# the sentence "of 15 pairs" (one invocation's mixed pair).
for i in 1 2; do
  if [ "$i" = 1 ]; then a=0.33 b=0.55 o=1; else a=0.55 b=0.33 o=2; fi
  for r in 1 2 3 4 5 6 7; do
    if [ "$r" -le 5 ]; then c=$a k=1; else c=$b k=2; fi
    pair "$i" mutex "$r" "$c" "$k" $((k == 1))
  done
  echo "RESULT exp=lockwait kind=speed_level inv=$i scenario=mutex check=overhead level=1 canary_ns=$a pairs=5 used=1"
  echo "RESULT exp=lockwait kind=speed_level inv=$i scenario=mutex check=overhead level=2 canary_ns=$b pairs=2 used=0"
  echo "RESULT exp=lockwait kind=overhead inv=$i scenario=mutex overhead_pct=$o overhead_pct_lo=0 overhead_pct_hi=3" \
    "pairs_used=5 pairs_total=8 pairs_mixed=1 pairs_other=2 pairs_basis=level speed_level=1"
done >"$TMP/sp.raw"
summarize sp "split levels"
check "split levels: the sentence counts all 16 pairs and says whose figures these are" \
  grep -qF "mutex of 16 pairs, 7 in level 1 (canary 0.330 ns), 7 in level 2 (canary 0.550 ns), 2 mixed (the invocations' main levels differed, and levels are never pooled: the figures are level 1's, from 1 of the 2 invocations)" "$TMP/sp.md"
check "split levels: the table shows the first level's figure (+1.00%) of all 16 pairs" grep -qF '| +1.00% | +0.00..+3.00% ° | - | - | 5/16 | 11 |' "$TMP/sp.md"
check_eq "split levels: one table row for mutex" 1 "$(grep -c '^| mutex |' "$TMP/sp.md")"
# Two invocations on a host that changed speed within most pairs: each used
# its mixed pairs (speed_level=0); build/combine keeps them together, apart
# from any level, and the summary says the mixed pairs give the figure
for i in 1 2; do
  for r in 1 2 3 4; do
    if [ "$r" -le 3 ]; then k=0; else k=1; fi
    echo "RESULT exp=lockwait kind=pair inv=$i scenario=mutex rep=$r first=bare wall_ratio=1.01" \
      "canary_ns=0.33,0.55,0.33 canary_max_ns=0.55 speed_level=$k slow_share=0.333 used=$((k == 0))"
  done
  echo "RESULT exp=lockwait kind=speed_level inv=$i scenario=mutex check=overhead level=0 pairs=3 used=1"
  echo "RESULT exp=lockwait kind=speed_level inv=$i scenario=mutex check=overhead level=1 canary_ns=0.33 pairs=1 used=0"
  echo "RESULT exp=lockwait kind=overhead inv=$i scenario=mutex overhead_pct=$i overhead_pct_lo=0 overhead_pct_hi=3" \
    "pairs_used=3 pairs_total=4 pairs_mixed=3 pairs_other=1 pairs_basis=level speed_level=0 speed_canary_ns=NA pairs_min=3"
done >"$TMP/mx.raw"
summarize mx "mixed pairs used"
mx=$(grep 'kind=overhead ' "$TMP/mx.pub" || true)
check_eq "mixed pairs used in both invocations: one overhead line, level 0, over both (1.5%, 6 pairs)" "1 0 1.5 6" \
  "$(grep -c 'kind=overhead ' "$TMP/mx.pub") $(val "$mx" speed_level) $(val "$mx" overhead_pct) $(val "$mx" pairs_used)"
check "mixed pairs used in both invocations: the summary says so" grep -qF 'mutex of 8 pairs, 6 mixed (used), 2 in level 1' "$TMP/mx.md"
check_eq "mixed pairs used in both invocations: the table has a figure" 0 "$(grep -c 'mutex could not be measured' "$TMP/mx.md")"
# The wall times beside the overhead: two invocations in one level, bare 100
# and 110 ms, wrapped 95 and 125 (overhead -5% and +13.6%): the table showed
# the first's 100 / 95 beside the mean overhead; now the mean of both. Then a
# third in another level: the table keeps the level of two invocations, and
# its walls beside it (the last runs line, level 2's, had replaced them).
runs_line() { # INV LEVEL BARE WRAPPED
  echo "RESULT exp=lockwait kind=runs inv=$1 scenario=mutex runs=4 speed_level=$2 bare_ms=$3 bare_ms_lo=$3 bare_ms_hi=$3" \
    "wrapped_ms=$4 wrapped_ms_lo=$4 wrapped_ms_hi=$4 bare_nvcsw=10 wrapped_nvcsw=10"
}
ov_line() { # INV LEVEL OVERHEAD USED
  echo "RESULT exp=lockwait kind=speed_level inv=$1 scenario=mutex check=overhead level=$2 canary_ns=0.$((2 + $2))3 pairs=$4 used=1"
  echo "RESULT exp=lockwait kind=overhead inv=$1 scenario=mutex overhead_pct=$3 overhead_pct_lo=$3 overhead_pct_hi=$3" \
    "pairs_used=$4 pairs_total=$4 pairs_mixed=0 pairs_other=0 pairs_basis=level speed_level=$2 pairs_min=4"
}
{ ov_line 1 1 -5 4; runs_line 1 1 100 95; ov_line 2 1 13.6 4; runs_line 2 1 110 125; } >"$TMP/rw.raw"
summarize rw "two invocations' wall times"
check_eq "wall times over two invocations: one runs line, the mean of theirs (105, 110), 8 runs" "1 105 110 8" \
  "$(grep -c 'kind=runs ' "$TMP/rw.pub") $(val "$(grep 'kind=runs ' "$TMP/rw.pub")" bare_ms) $(val "$(grep 'kind=runs ' "$TMP/rw.pub")" wrapped_ms) $(val "$(grep 'kind=runs ' "$TMP/rw.pub")" runs)"
check "... and the table shows them beside the mean overhead" grep -Eq '^\| mutex \| [0-9]* \| 105\.00 .*\| 110\.00 .*\| \+4\.30%' "$TMP/rw.md"
check "... its interval over two invocations (Student's, to -80.59) cut at 0: no negative time" grep -qF '| 110.00 (0.00..300.59) |' "$TMP/rw.md"
{ cat "$TMP/rw.raw"; ov_line 3 2 50 9; runs_line 3 2 200 300; } >"$TMP/rw2.raw"
summarize rw2 "wall times in two levels"
check "wall times in two levels: the table's walls are the shown overhead's level's (105 / 110 beside +4.30%)" \
  grep -Eq '^\| mutex \| [0-9]* \| 105\.00 .*\| 110\.00 .*\| \+4\.30%' "$TMP/rw2.md"
# A QUICK run (REPS=1): "at least 1 pairs", "mutex of 1 pairs", and a top
# blocker behind 0.1% of the wait (the rest handoffs) shown as "(0%)"
{
  echo "RESULT exp=lockwait kind=config reps_min=1 max_cell_s=0 target_ratio=0.01 online_cpus=2"
  echo "RESULT exp=lockwait kind=workload threads=4 scenario=mutex variant=wrapped rep=1"
  echo "RESULT exp=lockwait kind=pair inv=1 scenario=mutex rep=1 first=bare wall_ratio=1.01 canary_ns=0.33,0.33,0.33" \
    "canary_max_ns=0.33 speed_level=1 slow_share=0.000 used=1"
  echo "RESULT exp=lockwait kind=speed_level inv=1 scenario=mutex check=overhead level=1 canary_ns=0.33 pairs=1 used=1"
  echo "RESULT exp=lockwait kind=overhead inv=1 scenario=mutex overhead_pct=1 overhead_pct_lo=NA overhead_pct_hi=NA" \
    "pairs_used=1 pairs_total=1 pairs_mixed=0 pairs_other=0 pairs_basis=level speed_level=1 pairs_min=1"
  echo "RESULT exp=lockwait kind=thread tid=11 name=mutex-0 scenario=mutex variant=traced rep=0"
  echo "RESULT exp=lockwait kind=lock lock=0x1 type=mutex site=run_locked wait_ns=1000000 scenario=mutex variant=traced rep=0"
  echo "RESULT exp=lockwait kind=waitblock lock=0x1 blocker=handoff wait_ns=999000 scenario=mutex variant=traced rep=0"
  echo "RESULT exp=lockwait kind=waitblock lock=0x1 blocker=11 wait_ns=1000 scenario=mutex variant=traced rep=0"
} >"$TMP/oneraw"
"$ROOT/build/combine" "$TMP/spec" "$TMP/oneraw" >"$TMP/onepub" 2>"$TMP/err" || fail "combine runs on one pair" "$(cat "$TMP/err")"
cat "$TMP/oneraw" "$TMP/onepub" | summary_awk awk -v csvdir="$TMP" "$ROOT/lockwait/summary.awk" >"$TMP/one.md"
check "one pair: 'at least 1 pair'" grep -qF 'at least 1 pair in one speed level' "$TMP/one.md"
check "one pair: 'mutex of 1 pair'" grep -qF 'mutex of 1 pair, 1 in level 1' "$TMP/one.md"
check "a top blocker behind under half a percent: '<1%', not '(0%)'" grep -qF '| mutex-0 (<1%) |' "$TMP/one.md"
finish

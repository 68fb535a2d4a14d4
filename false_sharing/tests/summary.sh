#!/usr/bin/env bash
# The false-sharing summary, from a committed raw file of a real run, is the
# committed golden output under mawk, gawk and original-awk alike (tables,
# CSVs and findings), its numbers are the raw file's numbers, and each
# findings sentence claims only what its interval supports.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

fixture=$ROOT/false_sharing/tests/fixture-raw.txt
summary_goldens false_sharing 1 ns.csv ratios.csv pairs.csv

# the numbers in the tables are the raw file's: one ratio and one cell, by hand
line=$(grep 'kind=ratio increment=atomic compare=adjacent_over_pad128 threads=2 ' "$fixture")
if [ "$(val "$line" too_busy)" = 0 ]; then
  want=$(awk -v r="$(val "$line" ratio)" -v lo="$(val "$line" ratio_lo)" -v hi="$(val "$line" ratio_hi)" \
    'BEGIN { printf "%.3f.* \\[%.3f-%.3f\\]", r, lo, hi }')
  check "the atomic adjacent/pad128 ratio at 2 threads is the raw file's, with its interval" \
    grep -qE "^\| atomic \| adjacent/pad128 \| [^|]* \| \**$want" "$TMP/mawk/summary.md"
else
  check "the atomic adjacent/pad128 ratio at 2 threads is reported as too busy, as in the raw file" \
    grep -qE '^\| atomic \| adjacent/pad128 \| [^|]* \| too busy' "$TMP/mawk/summary.md"
fi
line=$(grep 'kind=cell increment=register layout=pad128 threads=1 ' "$fixture")
check "the register pad128 1-thread rounds in the table are the raw file's" \
  grep -qE "^\| register \| pad128 \| $(val "$line" rounds_used)/$(val "$line" rounds_total)[ |]" "$TMP/mawk/summary.md"

# wording: one cell pair and two ratios, with the verdicts under test
synth() { # synth SCALING-RATIO LO HI Q REACHED TOO_BUSY: a raw file for the atomic at 1 and 2 threads
  local t l
  for t in 1 2; do
    for l in adjacent pad64 pad128; do
      echo "RESULT exp=false_sharing kind=cell increment=atomic layout=$l threads=$t ns_per_inc=7.0000 ns_per_inc_lo=6.9000 ns_per_inc_hi=7.1000 cycles_per_inc=20.000 cycles_per_inc_lo=19.800 cycles_per_inc_hi=20.200 min_ns=6.8000 rounds_total=20 rounds_used=18 rounds_interfered=1 rounds_slow=1 slow_share=0.050 two_modes=0 two_modes_all=1 target_reached=1 too_busy=0 reps_min=11 moved_rounds=0 pinned=1 oversubscribed=0"
    done
  done
  echo "RESULT exp=false_sharing kind=ratio increment=atomic compare=adjacent_over_pad128 threads=2 ratio=4.6100 ratio_lo=4.4000 ratio_hi=4.9000 p=0.0001 q=0.0002 n=18 target_reached=1 too_busy=0"
  echo "RESULT exp=false_sharing kind=ratio increment=atomic compare=pad128_over_1thread threads=2 ratio=$1 ratio_lo=$2 ratio_hi=$3 p=$4 q=$4 n=18 target_reached=$5 too_busy=$6"
}
verdict() { synth "$@" | awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" | grep '^- Padded to 128 B, the atomic' || true; }
check "a significant 4.61x is worded as a cost with its interval" \
  bash -c "$(declare -f synth); synth 1 1 1 1 1 0 | awk -v csvdir='$TMP' -f '$ROOT/common/kv.awk' -f '$ROOT/false_sharing/summary.awk' | grep -q 'The adjacent atomic at 2 threads costs 4.61x (95% CI 4.40-4.90) the padded one (7.000 against 7.000 ns)'"
case "$(verdict 1.0100 0.9900 1.0300 0.5000 1 0)" in
  *"scales linearly to 2 threads (2-thread/1-thread 1.01, 95% CI 0.99-1.03)"*) pass "1.01 [0.99-1.03] reads as linear scaling" ;;
  *) fail "1.01 [0.99-1.03] reads as linear scaling" "$(verdict 1.0100 0.9900 1.0300 0.5000 1 0)" ;;
esac
case "$(verdict 1.2000 1.1500 1.2500 0.0010 1 0)" in
  *"does not scale linearly to 2 threads"*) pass "1.20 [1.15-1.25], significant, reads as not linear" ;;
  *) fail "1.20 [1.15-1.25], significant, reads as not linear" "$(verdict 1.2000 1.1500 1.2500 0.0010 1 0)" ;;
esac
case "$(verdict 1.0200 0.9000 1.3000 0.5000 0 0)" in
  *"cannot be said to scale linearly"*) pass "1.02 [0.90-1.30] is too wide to call either way" ;;
  *) fail "1.02 [0.90-1.30] is too wide to call either way" "$(verdict 1.0200 0.9000 1.3000 0.5000 0 0)" ;;
esac
case "$(verdict 1.0100 0.9900 1.0300 0.5000 1 1)" in
  *"the atomic's scaling to 2 threads could not be measured here (the machine was too busy: 2 of 20 rounds left out)"*) pass "too few clean rounds read as too busy, with the count" ;;
  *) fail "too few clean rounds read as too busy, with the count" "$(verdict 1.0100 0.9900 1.0300 0.5000 1 1)" ;;
esac
check "the rmw loop's sensitivity is explained as forwarding, and its adjacent ratio as false sharing" \
  grep -q 'rmw) loop is the most sensitive of the loops measured at 2 threads: .* Its adjacent/pad128 ratio is a false-sharing cost like the others' "$TMP/mawk/summary.md"
check "the plain store's near-1x is explained (the store buffer drains in bursts)" \
  grep -q 'The plain store pays little or nothing for sharing the line because it never reads the counter' "$TMP/mawk/summary.md"

# findings from figures only: the store-buffer sentence explains a store
# ratio near 1 or well below the atomic's (it was printed with no store
# interval at all), and one thread's layouts are "free" only where every
# interval lies within the margin (one too wide to tell read "free" too)
synth_store() { # synth_store RATIO LO HI Q: the adjacent store at 2 threads (at 1 thread 1.02 [0.90-1.30]), with rmw cells
  local v t l
  for v in store rmw; do
    for t in 1 2; do
      for l in adjacent pad128; do
        echo "RESULT exp=false_sharing kind=cell increment=$v layout=$l threads=$t ns_per_inc=7.0000 ns_per_inc_lo=6.9000 ns_per_inc_hi=7.1000 cycles_per_inc=20.000 cycles_per_inc_lo=19.800 cycles_per_inc_hi=20.200 min_ns=6.8000 rounds_total=20 rounds_used=18 rounds_interfered=1 rounds_slow=1 slow_share=0.050 two_modes=0 two_modes_all=1 target_reached=1 too_busy=0 reps_min=11 moved_rounds=0 pinned=1 oversubscribed=0"
      done
    done
  done
  synth 1 1 1 1 1 0 | grep -v pad128_over_1thread
  echo "RESULT exp=false_sharing kind=ratio increment=store compare=adjacent_over_pad128 threads=1 ratio=1.0200 ratio_lo=0.9000 ratio_hi=1.3000 p=0.5 q=0.5 n=18 target_reached=0 too_busy=0"
  echo "RESULT exp=false_sharing kind=ratio increment=store compare=adjacent_over_pad128 threads=2 ratio=$1 ratio_lo=$2 ratio_hi=$3 p=$4 q=$4 n=18 target_reached=0 too_busy=0"
}
store_findings() { synth_store "$@" | awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" | grep -E '^- (The plain store|With one thread)' || true; }
for c in "1.0100 0.9900 1.0300 0.5|1" "2.0000 1.8000 2.2000 0.001|1" "1.0600 NA NA NA|0" "5.0000 4.8000 5.2000 0.001|0"; do
  read -r -a a <<<"${c%|*}"
  check_eq "the store-buffer sentence for a 2-thread store of ${a[0]} [${a[1]}-${a[2]}] against the atomic's 4.61 [4.40-4.90]: ${c#*|}" \
    "${c#*|}" "$(store_findings "${a[@]}" | grep -c 'The plain store pays little or nothing' || true)"
done
check_eq "one thread, a layout ratio of 1.02 [0.90-1.30]: not called free, said too wide, with its interval" "0 1" \
  "$(store_findings 1.0100 0.9900 1.0300 0.5 | grep -c 'layout itself is free' || true) $(store_findings 1.0100 0.9900 1.0300 0.5 |
     grep -c '1 of the 1 intervals are too wide to show the layout itself free: store adjacent/pad128 1.02x (95% CI 0.90-1.30)' || true)"
# the rmw chain "about as fast as the register loop" only where its cycles
# show it: here 20 cycles per increment at one thread
check_eq "an rmw loop of 20 cycles per increment is not called about as fast as the register loop" "0 1" \
  "$(synth_store 1.0100 0.9900 1.0300 0.5 | awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" |
     grep -c 'runs about as fast as the register loop' || true) $(synth_store 1.0100 0.9900 1.0300 0.5 |
     awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" |
     grep -c 'but did not in this run (here 20.00 cycles per increment, 95% CI 19.80-20.20, at one thread)' || true)"

# "the most sensitive one" only where the rmw's adjacent/pad128 interval at 2
# threads lies above every other loop's (here the atomic's 4.61 [4.40-4.90]
# and the store's 1.00 [0.99-1.01]); it was said of every run
rmw_opening() { # rmw_opening [RATIO LO HI]: the rmw sentence, with that rmw adjacent/pad128 ratio at 2 threads
  { synth_store 1.0000 0.9900 1.0100 0.5
    [ $# = 0 ] || echo "RESULT exp=false_sharing kind=ratio increment=rmw compare=adjacent_over_pad128 threads=2 ratio=$1 ratio_lo=$2 ratio_hi=$3 p=0.0001 q=0.0002 n=18 target_reached=1 too_busy=0"
  } | awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" | grep '^- .*volatile load-add-store (rmw)' || true
}
for c in "23.300 15.600 34.800|- The volatile load-add-store (rmw) loop is the most sensitive one: at 2 threads its adjacent/pad128 interval lies above every other loop's (the next, the atomic's, 4.61x (95% CI 4.40-4.90))." \
  "1.1300 1.1200 1.2500|- The volatile load-add-store (rmw) loop is not the most sensitive one here: at 2 threads its adjacent/pad128 ratio, 1.13x (95% CI 1.12-1.25), lies below the atomic's 4.61x (95% CI 4.40-4.90)." \
  "4.5000 4.0000 5.0000|- At 2 threads the volatile load-add-store (rmw) loop's adjacent/pad128 ratio, 4.50x (95% CI 4.00-5.00), overlaps the atomic's 4.61x (95% CI 4.40-4.90): this run cannot tell which loop is the most sensitive to sharing a line." \
  "|- How the volatile load-add-store (rmw) loop ranks against the others cannot be said here: its adjacent/pad128 ratio at 2 threads could not be measured."; do
  read -r -a a <<<"${c%%|*}"
  got=$(rmw_opening "${a[@]}")
  check_eq "the rmw sentence for an rmw adjacent/pad128 of ${a[0]:-none} [${a[1]:-}-${a[2]:-}] opens with what the ratios show" "${c#*|}" "${got%% Its adjacent/pad128 ratio is a false-sharing cost*}"
done

# figures of one invocation out of a run of two (QUICK): the legend names the
# placement and its hand-off, which the core-to-core map calls "the hand-off
# probe above" (it said "those in the main placement" and gave neither)
placed=$( { synth 1 1 1 1 1 0 | sed '/kind=cell /s/$/ invocations=1 invocations_total=1/'
  echo "RESULT exp=false_sharing kind=placement_level level=1 main=1 cpus=0,1 one_way_ns=48.96 one_way_ns_lo=46.69 one_way_ns_hi=51.19 probes=3 invocations=1 invs=2"
  echo "RESULT exp=false_sharing kind=placement_runs levels=1 main_level=1 invocations=2 invocations_main=1 invocations_moved=1"; } |
  awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" | grep '^Cost of the layout' || true)
check_eq "one invocation of two: the legend gives the placement's hand-off" 1 \
  "$(grep -c 'all from 1 of the 2 independent invocations.*CPUs 0,1 handed a line over in 48.96 ns' <<<"$placed" || true)"

# over invocations (build/combine) the claims follow the margin, not q
claimed() { # claimed CLAIM LO HI: the adjacent atomic's sentence for a combined ratio line
  synth 1 1 1 1 1 0 | sed "s/kind=ratio increment=atomic compare=adjacent_over_pad128 threads=2 ratio=4.6100 ratio_lo=4.4000 ratio_hi=4.9000 p=0.0001 q=0.0002/kind=ratio increment=atomic compare=adjacent_over_pad128 threads=2 ratio=1.0100 ratio_lo=$2 ratio_hi=$3 invocations=8 invocations_total=8 between_share=0.7 margin_share=0.02 claim=$1/" |
    awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" | grep '^- The adjacent atomic' || true
}
case "$(claimed within 0.9900 1.0150)" in
  *"has no cost beyond the 2% margin: 1.01x (95% CI 0.99-1.01)"*) pass "claim=within reads as no cost beyond the 2% margin" ;;
  *) fail "claim=within reads as no cost beyond the 2% margin" "$(claimed within 0.9900 1.0150)" ;;
esac
case "$(claimed unclear 0.9900 1.0400)" in
  *"the interval is too wide to claim a cost beyond 2% or none"*) pass "claim=unclear says what the interval is, and claims nothing" ;;
  *) fail "claim=unclear says what the interval is, and claims nothing" "$(claimed unclear 0.9900 1.0400)" ;;
esac
case "$(claimed beyond 1.0050 1.0150)" in
  *"costs 1.01x"*) pass "the claim decides, not the numbers: a claim=beyond line is worded as a cost" "$(claimed beyond 1.0050 1.0150)" ;;
  *) fail "the claim decides, not the numbers: a claim=beyond line is worded as a cost" "$(claimed beyond 1.0050 1.0150)" ;;
esac

# speed levels: a cell too busy in the main level that the tables give from
# another level, marked (L2), is not "reported as too busy" (the findings said
# "1 cell had fewer than 11 uninterfered, unmixed rounds in any level, and are
# reported as too busy to measure"); one cell in two modes "does", not "do"
for lv in 1 2; do
  for t in 1 2; do
    for l in adjacent pad128; do
      busy=0 used=40 modes=0
      if [ "$lv" = 1 ] && [ "$t" = 2 ] && [ "$l" = adjacent ]; then busy=1 used=5; fi
      if [ "$lv" = 1 ] && [ "$t" = 1 ] && [ "$l" = pad128 ]; then modes=1; fi
      echo "RESULT exp=false_sharing kind=cell increment=store layout=$l threads=$t speed_level=$lv canary_ns=0.$((lv + 3))" \
        "speed_share=0.5 speed_main=$((lv == 1)) min_ns=0.5 rounds_total=$((110 - 10 * lv)) rounds_used=$used rounds_interfered=5" \
        "rounds_mixed=5 two_modes=$modes two_modes_all=0 target_reached=1 too_busy=$busy reps_min=11" \
        "ns_per_inc=0.5 ns_per_inc_lo=0.49 ns_per_inc_hi=0.51 cycles_per_inc=1 cycles_per_inc_lo=1 cycles_per_inc_hi=1"
    done
  done
  echo "RESULT exp=false_sharing kind=speed_level_run level=$lv levels=2 main=$((lv == 1)) canary_ns=0.$((lv + 3)) share=0.5"
done >"$TMP/standin.txt"
echo "RESULT exp=false_sharing kind=ratio increment=store compare=pad128_over_1thread threads=2 speed_level=1 speed_main=1" \
  "ratio=1.0 ratio_lo=NA ratio_hi=NA n=3 target_reached=0 too_busy=0" >>"$TMP/standin.txt"
for lv in 1 2; do
  echo "RESULT exp=false_sharing kind=ratio increment=store compare=adjacent_over_pad128 threads=2 speed_level=$lv" \
    "speed_main=$((lv == 1)) ratio=$lv.0 ratio_lo=$lv.0 ratio_hi=$lv.02 n=30 target_reached=1 too_busy=0"
done >>"$TMP/standin.txt"
awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/standin.txt" >"$TMP/standin.md"
check "a stood-in cell: the table gives it from level 2" grep -qF '| store | adjacent | 0.500 [0.490-0.510] | 0.500 [0.490-0.510] (L2) |' "$TMP/standin.md"
check "a stood-in cell: the findings say it is given from another level" \
  grep -qF '1 cell had fewer than 11 uninterfered, unmixed rounds in the main level and is given from the level where it had the most (marked (Ln)).' "$TMP/standin.md"
check_eq "a stood-in cell: not said to be too busy" 0 "$(grep -c 'too busy to measure' "$TMP/standin.md" || true)"
# its rounds are the same level's (build/combine sums each level's rounds
# over the invocations that had it: the table said "7/6", L3's used over the
# main level's total)
check "a stood-in cell: its rounds are level 2's, marked" grep -qF '| store | adjacent | 40/100 (5 i, 5 m) | 40/90 (5 i, 5 m) (L2) |' "$TMP/standin.md"
# a round is used for its level, not for being clean (it said "no interval
# from 3 clean rounds")
check "no interval: the rounds in the main level" \
  grep -qF "the store's scaling to 2 threads could not be measured here (no interval from 3 rounds in the main level)" "$TMP/standin.md"
check "a ratio of another level: with its x, as the main level's" \
  grep -qF -- '- The store adjacent/pad128 at 2 threads depends on the host'"'"'s speed: 1.00x (95% CI 1.00-1.02) in the main level (canary 0.400 ns) against 2.00x (95% CI 2.00-2.02) in level 2' "$TMP/standin.md"
check "one cell in two modes: '1 does'" grep -qF 'within the main level, 1 does (store pad128 at 1 thread)' "$TMP/standin.md"
# the Rounds line counted the stood-in cell's 5 main-level rounds as "used
# in the tables", which give its 40 in level 2
check "a stood-in cell: the Rounds line says its main-level rounds are not the tables'" \
  grep -qF '125 in the main speed level (used in the tables, but for the 5 rounds of the 1 cell marked (Ln), which the tables give from its 40 rounds in level 2), 235 in other levels' "$TMP/standin.md"
# the CSVs had no level: the (L2) row read like a main-level one
check_eq "a stood-in cell: its ns CSV row says level 2 and its canary, the others level 1" \
  "speed_level,canary_ns 1,0.4 2,0.5 1,0.4 1,0.4" \
  "$(awk -F, '{ printf "%s%s,%s", (NR > 1 ? " " : ""), $(NF - 1), $NF }' "$TMP/false_sharing-ns.csv")"
check_eq "the ratios CSV ends in the ratio's level and canary" "speed_level,canary_ns 1,0.4 1,0.4" \
  "$(awk -F, '{ printf "%s%s,%s", (NR > 1 ? " " : ""), $(NF - 1), $NF }' "$TMP/false_sharing-ratios.csv")"

# one cell-round left out and one cell in two modes: it read "1 of 400
# cell-rounds were left out" and "1 of 4 cells fall"
sed 's/rounds_interfered=5 rounds_mixed=5/rounds_interfered=0 rounds_mixed=0/' "$TMP/standin.txt" |
  sed '0,/rounds_interfered=0 rounds_mixed=0 two_modes=\([01]\) two_modes_all=0/s//rounds_interfered=1 rounds_mixed=0 two_modes=\1 two_modes_all=1/' >"$TMP/one.txt"
awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/one.txt" >"$TMP/one.md"
check "one cell-round left out, one cell in two modes: 'was', 'falls'" \
  grep -qE -- '^- 1 of [0-9]+ cell-rounds was left out: 1 because .* Taking every round, 1 of 4 cells falls into two speed modes;' "$TMP/one.md"

# several invocations: each pinned its pairs by its own core-to-core map, the
# classes below are one invocation's (whose map may have found none)
sed 's/$/ invocations=2 invocations_total=2/' "$TMP/standin.txt" >"$TMP/pairinv.txt"
echo "RESULT exp=false_sharing kind=pair class=measured_1 pair=0,1 increment=atomic layout=adjacent threads=2 ns_per_inc=30" \
  "ns_per_inc_lo=29 ns_per_inc_hi=31 rounds_total=20 rounds_used=18 too_busy=0 invocations=2 invocations_total=2" >>"$TMP/pairinv.txt"
awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/pairinv.txt" >"$TMP/pairinv.md"
check "several invocations: the pair table says each pinned its pairs by its own map" \
  grep -qF "the typical pair of each class the invocations' core-to-core maps measured (each invocation by its own map; the classes below are one invocation's)" "$TMP/pairinv.md"

# every invocation moved (build/combine: main_level=0, no level main=1): the
# figures pool them all. It said "CPUs 0,1 handed a line over in 0.000 ns"
# and "2 invocations changed placement while they ran and are left out".
{
  cat "$TMP/pairinv.txt"
  echo "RESULT exp=false_sharing kind=placement_level level=1 main=0 cpus=0,1 one_way_ns=50 one_way_ns_lo=49 one_way_ns_hi=51 probes=2 invocations=0 invs=NA"
  echo "RESULT exp=false_sharing kind=placement_level level=2 main=0 cpus=0,1 one_way_ns=200 one_way_ns_lo=190 one_way_ns_hi=210 probes=2 invocations=0 invs=NA"
  echo "RESULT exp=false_sharing kind=placement_runs levels=2 main_level=0 invocations=2 invocations_main=0 invocations_moved=2"
} >"$TMP/moved.txt"
awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/moved.txt" >"$TMP/moved.md"
check "every invocation moved: the figures pool them, and the probes are given" \
  grep -qF "The host moved the CPUs while every invocation ran (the hand-off probes before and after each disagreed), so the figures pool the invocations whatever their placement; the probes read 50.00 ns and 200.0 ns on CPUs 0,1." "$TMP/moved.md"
check_eq "every invocation moved: no '0.000 ns' hand-off, none said to have changed placement and been left out" 0 "$(grep -c 'over in 0.000 ns\|changed placement while' "$TMP/moved.md" || true)"
# invocations of the main placement that measured only in other speed levels
# (a short run, each invocation in one level): the table said "2 of the 3
# independent invocations (those in the main placement)" of a run none of
# whose invocations moved, and a table from 1 of 3 named no invocation
runs3="RESULT exp=false_sharing kind=placement_runs levels=1 main_level=1 invocations=3 invocations_main=3 invocations_moved=0"
for n in 2 1; do
  { sed "s/ invocations=2 invocations_total=2\$/ invocations=$n invocations_total=$n/" "$TMP/pairinv.txt"; echo "$runs3"; } >"$TMP/lv$n.txt"
  awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/lv$n.txt" >"$TMP/lv$n.md"
done
check "2 of 3 invocations in the main level: the table says the other measured in other levels" \
  grep -qF "over 2 of the 3 independent invocations (the other measured only in other speed levels) spread over the run" "$TMP/lv2.md"
check_eq "... not that it was in another placement" 0 "$(grep -c 'those in the main placement' "$TMP/lv2.md" || true)"
check "1 of 3 invocations in the main level: the table says its figures come from that one" \
  grep -qF "in the same round), all from 1 of the 3 independent invocations (the other 2 measured only in other speed levels): medians of per-round ratios" "$TMP/lv1.md"
{ sed '$d' "$TMP/lv2.txt"; echo "${runs3/invocations_main=3 invocations_moved=0/invocations_main=2 invocations_moved=1}"; } >"$TMP/lvmoved.txt"
awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/lvmoved.txt" >"$TMP/lvmoved.md"
check "2 of 3 in the main placement: the table still says so" \
  grep -qF "over 2 of the 3 independent invocations (those in the main placement)" "$TMP/lvmoved.md"
# one cell from fewer invocations than the others: not "each figure comes from"
sed '0,/ invocations=2 invocations_total=2$/s// invocations=1 invocations_total=1/' "$TMP/pairinv.txt" >"$TMP/fewer.txt"
awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/fewer.txt" >"$TMP/fewer.md"
check "a figure from fewer invocations: the between-runs finding says up to, and as few as" \
  grep -qF -- "- Between runs: the figures come from up to 2 independent invocations (some from as few as 1);" "$TMP/fewer.md"

# invocations without margin_share= (a hand-made file): the margin is not
# known; it read "beyond the 5% margin (the whole interval lies outside 1.000-1.000)"
check "no margin_share: the ratios' margin is said not to be recorded" \
  grep -qF '**bold** = a cost or gain beyond the margin (not recorded in the raw file); ! =' "$TMP/moved.md"
check_eq "no margin_share: no made-up margin or bounds" 0 "$(grep -c 'outside 1\.000-1\.000\|5% margin' "$TMP/moved.md" || true)"

# a raw file with no results gives a clear section, not a broken table
printf '# sharecost raw results: false_sharing\n' >"$TMP/empty.txt"
check "an empty raw file says there are no results" \
  bash -c "awk -v csvdir='$TMP' -f '$ROOT/common/kv.awk' -f '$ROOT/false_sharing/summary.awk' '$TMP/empty.txt' | grep -q 'No false_sharing results'"
finish

#!/usr/bin/env bash
# The ctxswitch summary, from a committed raw file of a real full run
# (./run.sh ctxswitch on the 2-CPU development VM), is the committed golden
# output under mawk, gawk and original-awk alike: markdown, both CSVs and the
# SVG. Its RESULT lines follow from the raw samples; the table shows their
# estimates and intervals, "too busy" and "n.s." where they apply; the
# findings claim only what the intervals support; and unpinned runs, failed
# self-checks and disagreeing cache sources show.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

T=$ROOT/ctxswitch/tests
fixture=$T/fixture-raw.txt
summary_goldens ctxswitch 0 direct.csv indirect.csv indirect.svg

# every RESULT is what its samples give: the formula per repetition, the
# counts, and the defining properties of each estimate and interval
cells=$(grep -cE '^RESULT exp=ctxswitch kind=(direct|total|mode_diff) ' "$fixture")
check_eq "the fixture's RESULT lines follow from its samples ($cells lines)" "checked $cells" \
  "$(awk -f "$ROOT/common/kv.awk" -f "$T/recompute.awk" "$fixture")"
# and the check can fail: one changed C1, one changed interval end
check "a C1 that is not the median of its repetitions is reported" \
  bash -c "sed '0,/ c1_ns=/s/ c1_ns=[0-9.]*/ c1_ns=1.0/' '$fixture' | awk -f '$ROOT/common/kv.awk' -f '$T/recompute.awk' | grep -q 'c1_ns=1.0 is not the median'"
check "an indirect interval end that is no Walsh average is reported" \
  bash -c "sed '0,/ indirect_ns_hi=/s/ indirect_ns_hi=\([0-9]*\)\.[0-9]/ indirect_ns_hi=\1.77/' '$fixture' | awk -f '$ROOT/common/kv.awk' -f '$T/recompute.awk' | grep -q 'are not values of the sample'"

# the table shows the raw file's numbers: one significant cell by hand
line=$(grep '^RESULT exp=ctxswitch kind=total mode=process size_kib=2048 access=rmw stride_bytes=8 ' "$fixture")
want=$(awk -v x="$(val "$line" indirect_ns)" -v l="$(val "$line" indirect_ns_lo)" -v h="$(val "$line" indirect_ns_hi)" \
  'BEGIN { printf "%.0f [%.0f, %.0f]", x, l, h }')
check_eq "the fixture's process rmw/8 at 2 MiB is significant and measured" "yes" "$(val "$line" significant)"
check "process rmw/8 at 2 MiB shows the raw estimate and interval ($want)" \
  grep -qF "| process | 2 MiB | D ≤ L2 < 2D (= L2) | $want" "$TMP/mawk/summary.md"
# too busy: fewer clean repetitions than REPS, or more than half left out
reps=$(val "$(grep '^RESULT exp=ctxswitch kind=config ' "$fixture")" reps_min)
busy=$(grep '^RESULT exp=ctxswitch kind=total ' "$fixture" | while read -r l; do
  u=$(val "$l" rounds_used); t=$(val "$l" rounds_total)
  if [ "$u" -lt "$reps" ] || [ $((2 * (t - u))) -gt "$t" ]; then echo busy; fi
done | grep -c . || true)
check_awk "the fixture has cells the machine was too busy to measure ($busy)" "$busy > 0"
check_eq "one 'too busy' per such cell in the table" "$busy" "$(grep '^| ' "$TMP/mawk/summary.md" | grep -o 'too busy' | grep -c . || true)"
ns_cells=$(grep '^RESULT exp=ctxswitch kind=total .* significant=no ' "$fixture" | while read -r l; do
  u=$(val "$l" rounds_used); t=$(val "$l" rounds_total)
  if [ "$u" -ge "$reps" ] && [ $((2 * (t - u))) -le "$t" ]; then echo ns; fi
done | grep -c . || true)
check_eq "one n.s. per measured non-significant cell in the table" "$ns_cells" "$(grep '^| ' "$TMP/mawk/summary.md" | grep -o 'n\.s\.' | grep -c . || true)"
# the left-out statement adds up the RESULT lines
sums=$(grep '^RESULT exp=ctxswitch kind=\(direct\|total\) ' "$fixture" | kv_awk '{ kv($0, v)
  t += v["rounds_total"]; u += v["rounds_used"]; it += v["rounds_interfered"]; s += v["rounds_slow"] } END { printf "%d of %d repetitions (%d interfered with, %d in a slow", t - u, t, it, s }')
check "the summary says how many repetitions were left out and why ($sums)" grep -qF "Left out: $sums" "$TMP/mawk/summary.md"
# findings follow the intervals: C1 with its interval, process - thread paired
c1=$(grep '^RESULT exp=ctxswitch kind=direct mode=process ' "$fixture")
check "the findings give C1 between processes with its interval" grep -qF \
  "between processes $(awk -v x="$(val "$c1" c1_ns)" -v l="$(val "$c1" c1_ns_lo)" -v h="$(val "$c1" c1_ns_hi)" 'BEGIN { printf "%.0f ns (95% CI %.0f–%.0f)", x, l, h }')" \
  "$TMP/mawk/summary.md"
check "the findings say whether process - thread is significant" grep -q 'Switching the address space adds [0-9]* ns (95% CI [0-9]*–[0-9]*; process − thread, paired per repetition)' "$TMP/mawk/summary.md"
# growth is claimed only when some later interval lies wholly above the one
# at the start: with every thread rmw/8 interval overlapping the first, none
check "a curve whose intervals overlap is not called growing" bash -c "
  sed 's/^\(RESULT exp=ctxswitch kind=total mode=thread size_kib=[0-9]* access=rmw stride_bytes=8 .*\) indirect_ns=[0-9.]* indirect_ns_lo=[0-9.]* indirect_ns_hi=[0-9.]*/\1 indirect_ns=16.0 indirect_ns_lo=11.0 indirect_ns_hi=30.0/' '$fixture' |
  summary_awk awk -v csvdir='$TMP' '$ROOT/ctxswitch/summary.awk' | grep -q '^- thread rmw/8: significant at every measured D from 1 KiB on, not measurably growing'"
# and one wide interval at the largest D does not undo growth the cells
# below it show
check "a wide interval at the largest D does not hide growth below it" bash -c "
  sed 's/^\(RESULT exp=ctxswitch kind=total mode=thread size_kib=2048 access=rmw stride_bytes=8 .*\) indirect_ns=[0-9.]* indirect_ns_lo=[0-9.]* indirect_ns_hi=[0-9.]*/\1 indirect_ns=16.0 indirect_ns_lo=11.0 indirect_ns_hi=5000.0/' '$fixture' |
  summary_awk awk -v csvdir='$TMP' '$ROOT/ctxswitch/summary.awk' | grep -q '^- thread rmw/8: significant at every measured D from 1 KiB on, growing with D: .* at 1536 KiB'"
check "the findings say where the sweep stopped against L2 and the LLC" \
  grep -q '^- The sweep stops at D = 2 MiB (1.00 × L2), below the LLC (260 MiB): the LLC knee is not measured' "$TMP/mawk/summary.md"
check "the summary links the plot beside it in results/ (summary.md is read there)" grep -qF '](ctxswitch-indirect.svg)' "$TMP/mawk/summary.md"
check "the SVG marks L2 and says where the LLC is" \
  bash -c "grep -q '>L2</text>' '$TMP/mawk/ctxswitch-indirect.svg' && grep -q 'LLC (260 MiB) is beyond the right edge' '$TMP/mawk/ctxswitch-indirect.svg'"
check "the SVG draws the intervals" grep -q '95% intervals' "$TMP/mawk/ctxswitch-indirect.svg"
# the log scale draws significant positive costs only: it says what it leaves out
neg=$(awk -F, 'NR > 1 && $30 == 1 && $22 == "yes" && $17 < 0' "$TMP/mawk/ctxswitch-indirect.csv" | wc -l)
check_awk "the fixture has significantly negative cells ($neg)" "$neg > 0"
check "the SVG says it leaves out the $neg below zero beyond the margin cells" \
  grep -q "below zero beyond the margin ($neg): " "$TMP/mawk/ctxswitch-indirect.svg"
# the plot in the tables' unit (ns, not µs), saying which cells it draws of
# how many and naming each one it leaves out (issue 41)
check "the SVG's axis is in ns, the tables' unit" grep -q '>indirect cost, ns per switch' "$TMP/mawk/ctxswitch-indirect.svg"
svg_text=$(sed 's/<[^>]*>/ /g' "$TMP/mawk/ctxswitch-indirect.svg" | tr -s ' \n' ' ')
ncells=$(awk -F, 'NR > 1' "$TMP/mawk/ctxswitch-indirect.csv" | wc -l | tr -d ' ')
circles=$(grep -c '<circle ' "$TMP/mawk/ctxswitch-indirect.svg")
check "the SVG says it draws $circles of the $ncells cells" grep -q "Drawn: $circles of $ncells cells" "$TMP/mawk/ctxswitch-indirect.svg"
named=0 want=0
while IFS=, read -r mode kib access stride; do # each cell not drawn (not beyond the margin above 0): named with its D
  want=$((want + 1))
  d=${kib}K; [ $((kib % 1024)) != 0 ] || d=$((kib / 1024))M
  [[ $svg_text =~ $mode\ $access/$stride\ at( [0-9]+[KM])*\ $d([ ;]|$) ]] && named=$((named + 1))
done < <(mawk -F, -v T="$TMP/mawk/ctxswitch-indirect.csv" 'NR > 1 && !($22 == "yes" && $17 > 0 && $18 != "NA" && $18 > 0) { print $1 "," $2 "," $3 "," $4 }' \
  "$TMP/mawk/ctxswitch-indirect.csv")
check_eq "the SVG names each of the $want cells not beyond the margin above 0" "$want" "$named"
check_eq "... and names as many cells as it leaves out ($((ncells - circles)), the too busy ones too)" "$((ncells - circles))" \
  "$(grep -o 'xml:space="preserve">  *[a-z ]*([0-9]*):[^<]*\|xml:space="preserve">    [^<]*' "$TMP/mawk/ctxswitch-indirect.svg" |
    sed 's/^[^>]*>//; s/^ *[a-z ]*([0-9]*)://' | grep -oE ' [0-9]+[KM]' | wc -l | tr -d ' ')"
check "the SVG has a title" grep -q '<text id="title"[^>]*>ctxswitch: indirect cost' "$TMP/mawk/ctxswitch-indirect.svg"

# an unpinned QUICK run (PIN=0, a real run): placement said, failed checks marked
u=$TMP/unpinned
mkdir -p "$u"
summary_awk awk -v csvdir="$u" -v prefix=quick- "$ROOT/ctxswitch/summary.awk" "$T/fixture-unpinned-raw.txt" >"$u/summary.md"
check "unpinned: the summary says the OS placed the sides" grep -q '^The OS placed the two sides' "$u/summary.md"
flagged=$(grep -c '^RESULT exp=ctxswitch kind=total .* check=[a-z,]*' "$T/fixture-unpinned-raw.txt" || true)
notok=$(grep -c '^RESULT exp=ctxswitch kind=total .* check=\(csw\|migrated\)' "$T/fixture-unpinned-raw.txt" || true)
check_awk "unpinned: the fixture has cells that failed a self-check ($notok of $flagged)" "$notok > 0"
check_eq "unpinned: each failed cell is marked ! in the table" "$notok" "$(grep -o ' ! |' "$u/summary.md" | grep -c . || true)"
check "unpinned: the findings list the failed cells" grep -q "cells failed a self-check (marked !)" "$u/summary.md"
check "unpinned QUICK: the plot link names the quick file" grep -qF '](quick-ctxswitch-indirect.svg)' "$u/summary.md"

# cache sources that disagree are reported with the one used
{ cat "$fixture"; echo 'RESULT exp=ctxswitch kind=cache level=L2 sysfs_bytes=2097152 sysconf_bytes=1048576 sysctl_bytes=NA used=sysfs disagree=1'; } >"$TMP/disagree.txt"
check "disagreeing cache sources are named in the summary" \
  bash -c "summary_awk awk -v csvdir='$TMP' '$ROOT/ctxswitch/summary.awk' '$TMP/disagree.txt' | grep -qF 'Cache sources disagree on L2: sysfs 2 MiB, sysconf 1 MiB (sysctl: not reported); sysfs was used.'"

# no cache sizes known (some VMs, some OSes): no division by zero, said plainly
sed 's/l2_bytes=[0-9]*/l2_bytes=NA/; s/llc_bytes=[0-9]*/llc_bytes=NA/' "$fixture" >"$TMP/nocache.txt"
check "unknown L2 and LLC: the summary says unknown and stops cleanly" \
  bash -c "summary_awk awk -v csvdir='$TMP' '$ROOT/ctxswitch/summary.awk' '$TMP/nocache.txt' | grep -q 'L2 unknown, LLC (L3) unknown'"

# MAX_CELL_S=0 (run.sh's invocations): no repetitions for precision, so the
# summary does not promise them (it said "more until the 95% interval is
# within ±5% or ±20 ns (cap 0 s per cell, 54 repetitions)")
sed 's/ max_cell_s=[0-9]*/ max_cell_s=0/' "$fixture" >"$TMP/nocap.txt"
summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$TMP/nocap.txt" >"$TMP/nocap.md"
check "MAX_CELL_S=0: the summary says no repetitions were added for precision" \
  grep -qF 'clean repetitions per cell, and no more for precision (MAX_CELL_S=0); at most 54 repetitions, to replace those left out.' "$TMP/nocap.md"
check_eq "MAX_CELL_S=0: no 'more until ... (cap 0 s' promise" 0 "$(grep -c 'cap 0 s' "$TMP/nocap.md" || true)"

# several invocations (build/combine): a figure of the main level lacks the
# invocations whose blocks ran in other levels. The wording took the last
# line's count: a QUICK run (2 invocations) whose last line had 1 was
# published as one invocation's medians, q and "significant".
awk '/kind=direct /{ sub(/$/, " invocations=1 invocations_total=1") } /kind=total /{ sub(/$/, " invocations=2 invocations_total=2 margin_ns=20") }
  /kind=total .*mode=thread .*access=rmw stride_bytes=8 / { sub(/$/, " claim=unclear") } { print }' \
  "$fixture" >"$TMP/fewer.txt"
last=$(grep -n 'kind=total ' "$TMP/fewer.txt" | tail -n 1 | cut -d: -f1)
sed -i "${last}s/invocations=2 invocations_total=2/invocations=1 invocations_total=1/" "$TMP/fewer.txt"
summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$TMP/fewer.txt" >"$TMP/fewer.md"
check "invocations: the indirect table says up to the most any figure has, and as few as the least" \
  grep -qF "the mean of up to 2 invocations' Hodges–Lehmann estimates [95% interval] (as few as 1 where the others measured the cell in other speed levels)." "$TMP/fewer.md"
# a curve none of whose cells is beyond the margin, and not all within it,
# shows no cost; it does not have "no cost beyond the margin" (the claim of
# an interval within it)
check "invocations: a curve of unclear cells shows no cost, not 'no cost beyond'" \
  grep -qE '^- [a-z]+ [a-z]+/[0-9]+: no cost shown beyond the 20 ns margin at any measured D \([0-9]+ cells, all unclear: their intervals reach across the margin\)\.$' "$TMP/fewer.md"
check_eq "invocations: no curve of unclear cells said to have no cost beyond the margin" 0 \
  "$(grep -c '^- [a-z]* [a-z]*/[0-9]*: no cost beyond the' "$TMP/fewer.md" || true)"
check "invocations: strides that cannot be compared: a cost 'not beyond the margin', not 'not significant'" \
  grep -qF 'stride 8 and 128 cannot be compared: at least one cost is not beyond the margin or not measured.' "$TMP/fewer.md"
check "invocations: C1 says it comes from fewer" grep -qF "Here C1 comes from 1 of them: the other's direct blocks ran in other speed levels." "$TMP/fewer.md"
check "invocations: the between-runs finding says some figures come from fewer" \
  grep -qF -- "- Between runs: the figures come from up to 2 independent invocations spread over the run (some from as few as 1:" "$TMP/fewer.md"
# every figure from 1 invocation, the run's 3 tagged ones seen: each level
# got one of them, and the headline names the 3 (CI's run of 2026-12-07)
awk '/^RESULT exp=ctxswitch kind=(direct|total) / { sub(/$/, " invocations=1 invocations_total=1") } { print }
  END { print "RESULT exp=ctxswitch kind=direct inv=3 mode=process round_trips=1" }' "$fixture" >"$TMP/one.txt"
summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$TMP/one.txt" >"$TMP/one.md"
check "invocations: C1 of 1 of the run's 3 invocations says so" \
  grep -qF "median with its 95% interval [lo, hi], from 1 of the run's 3 independent invocations: the others' direct blocks ran in other speed levels." "$TMP/one.md"
# QUICK's 2 invocations, one in each level: "the other's", not "the others'"
sed 's/inv=3 /inv=2 /' "$TMP/one.txt" >"$TMP/one2.txt"
summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$TMP/one2.txt" >"$TMP/one2.md"
check "invocations: C1 of 1 of the run's 2 invocations names the other" \
  grep -qF "from 1 of the run's 2 independent invocations: the other's direct blocks ran in other speed levels." "$TMP/one2.md"
summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$fixture" >"$TMP/plain.md"
check_eq "invocations: a run of one invocation names none" 0 "$(grep -c 'independent invocations' "$TMP/plain.md" || true)"

# number and unrecorded keys: one cell of the L1 ones beyond the margin read
# "1 of 30 such cells are"; a hand-made file of invocations without
# margin_ns= read "the  ns margin", one without max_cell_s= "(cap  s per cell"
awk '/kind=direct /{ sub(/$/, " invocations=2 invocations_total=2") }
  /kind=total / { sub(/ significant=[a-z]*/, ""); sub(/$/, " invocations=2 invocations_total=2 claim=" \
    (/mode=process size_kib=1 access=rmw stride_bytes=8 / ? "beyond" : /mode=thread size_kib=1 access=rmw stride_bytes=8 / ? "unclear" : "within")) }
  { sub(/ max_cell_s=[0-9]*/, ""); print }' "$fixture" >"$TMP/onecell.txt"
summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$TMP/onecell.txt" >"$TMP/onecell.md"
check "one cell of those in L1 beyond the margin: 'is', not 'are'" grep -qF '; 1 of 30 such cells is beyond the margin.' "$TMP/onecell.md"
check "one cost beyond and one across: 'lies' and 'reaches'" grep -qE \
  '^- 1 of [0-9]+ measured indirect costs lies beyond the margin, [0-9]+ within it \(no cost beyond the margin\), and 1 reaches across it \(unclear\)\.' "$TMP/onecell.md"
check "no margin_ns: the table's legend says the margin is not recorded" \
  grep -qF 'the margin (not recorded in the raw file) can be claimed (the interval reaches into it);' "$TMP/onecell.md"
check "no max_cell_s: the cap is said to be unrecorded" grep -qF '(cap per cell not recorded, 54 repetitions)' "$TMP/onecell.md"
check_eq "no empty margin or cap" 0 "$(grep -c 'the  ns margin\|± ns\|cap  s' "$TMP/onecell.md" || true)"
sed '/kind=total /s/ significant=no/ significant=yes/' "$fixture" | sed '0,/kind=total .* significant=yes/s/ significant=yes/ significant=no/' >"$TMP/onens.txt"
check "one invocation, one cost not significant: 'is'" \
  bash -c "summary_awk awk -v csvdir='$TMP' '$ROOT/ctxswitch/summary.awk' '$TMP/onens.txt' | grep -qF -- '- 1 of 75 measured indirect costs is not significant (q > 0.05).'"

# speed levels: a C1 without an interval in another level had "too few clean
# repetitions"; a repetition counts there for lying in the level
{
  grep -m 1 'kind=config' "$fixture"
  for lv in 1 2; do
    echo "RESULT exp=ctxswitch kind=speed_level_run level=$lv levels=2 main=$((lv == 2)) canary_ns=0.$((lv + 2)) share=0.5"
    for m in process thread; do
      if [ "$lv" = 1 ]; then c1="c1_ns=1000 c1_ns_lo=NA c1_ns_hi=NA"; else c1="c1_ns=1500 c1_ns_lo=1400 c1_ns_hi=1600"; fi
      echo "RESULT exp=ctxswitch kind=direct mode=$m size_kib=0 access=none stride_bytes=0 round_trips=1000 speed_level=$lv" \
        "canary_ns=0.$((lv + 2)) speed_share=0.5 speed_main=$((lv == 2)) rounds_total=40 rounds_used=$((lv == 1 ? 7 : 20))" \
        "rounds_interfered=0 rounds_mixed=0 rounds_other_levels=0 two_modes=0 target_reached=1 $c1 pair_half_rt_ns=2000" \
        "pair_half_rt_ns_lo=1900 pair_half_rt_ns_hi=2100 single_rt_ns=500 single_rt_ns_lo=490 single_rt_ns_hi=510" \
        "nvcsw_per_rt=2 nivcsw_per_rt=0 single_csw_per_rt=0 migrations=0 check=ok"
    done
  done
} >"$TMP/levels.txt"
summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$TMP/levels.txt" >"$TMP/levels.md"
check "levels: another level's C1 without an interval had too few repetitions in the level" \
  grep -qF 'C1 is 1000 ns (no interval: too few repetitions in the level) between processes' "$TMP/levels.md"

# the mitigations' sentence speaks of "the gap" only where process switches
# were shown dearer: with the difference unclear it read "part of the gap" and
# "so the gap is the address-space switch itself" all the same
for v in "spectre_v2=Mitigation: Retpolines; IBPB: conditional|IBPB" "spectre_v2=Mitigation: Retpolines; STIBP: disabled|none"; do
  { printf '# vulnerability: %s\n' "${v%|*}"; cat "$fixture"; } >"$TMP/gap.txt"
  sed 's/c1_diff_ns_lo=[0-9.]*/c1_diff_ns_lo=-50.0/; s/ significant=yes$/ significant=no/' "$TMP/gap.txt" >"$TMP/nogap.txt"
  summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$TMP/gap.txt" >"$TMP/gap.md"
  summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$TMP/nogap.txt" >"$TMP/nogap.md"
  check "mitigations (${v#*|}): a difference shown is called the gap" grep -qE 'part of the gap\.|so the gap is the address-space' "$TMP/gap.md"
  check_eq "mitigations (${v#*|}): a difference not shown is no gap" "1 0" \
    "$(grep -c 'The difference is not significant' "$TMP/nogap.md") $(grep -cE 'part of the gap|the gap is' "$TMP/nogap.md")"
done

# the caches' sentence is the method's expectation, not a finding of the run
check_eq "the cost's peak between D and 2D is worded as what the method expects" "0 1" \
  "$(grep -c 'the cost is largest where D still fits' "$TMP/mawk/summary.md" || true) $(grep -c 'the method expects the cost to rise most where D still fits and 2D does not' "$TMP/mawk/summary.md" || true)"

# a raw file with no results gives a clear section, not a broken table
printf '# sharecost raw results: ctxswitch\n' >"$TMP/empty.txt"
check "an empty raw file says there are no results" \
  bash -c "summary_awk awk -v csvdir='$TMP' '$ROOT/ctxswitch/summary.awk' '$TMP/empty.txt' | grep -q 'No ctxswitch results'"
finish

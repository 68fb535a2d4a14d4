#!/usr/bin/env bash
# The core-to-core map's summary (false_sharing/summary_c2c.awk): from a real run on
# the 2-CPU development VM (c2c/fixture-raw.txt) and from synthetic matrices
# with their analyses, the markdown, the CSV matrix, the classes CSV and the
# SVG heatmap are the committed goldens under mawk, gawk and original-awk,
# and what they say follows from the numbers.
# Regenerate after a deliberate change: common/regen_goldens.sh
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

D=$ROOT/false_sharing/tests/c2c
AWKF=$ROOT/false_sharing/summary_c2c.awk

# input SCENARIO: the raw-file lines summary_c2c.awk reads for it
input() {
  if [ "$1" = raw ]; then cat "$D/fixture-raw.txt"; else cat "$D/fixture-$1.txt" "$D/golden-$1.txt"; fi
}

# run_awk AWK SCENARIO: outputs into $TMP/AWK-SCENARIO/
run_awk() {
  local out=$TMP/$1-$2
  mkdir -p "$out"
  input "$2" >"$out/in.txt"
  summary_awk "$1" -v csvdir="$out" "$AWKF" "$out/in.txt" >"$out/summary.md" 2>"$out/err"
}

for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "the core-to-core summary under $a" || continue
  for s in raw sockets; do
    run_awk "$a" "$s"
    out=$TMP/$a-$s
    check_eq "$a $s: the markdown is golden-$s.md" "" "$(diff "$D/golden-$s.md" "$out/summary.md" | head -n 5)"
    check_eq "$a $s: the heatmap is golden-$s.svg" "" "$(diff "$D/golden-$s.svg" "$out/false_sharing-c2c.svg" | head -n 5)"
    check_eq "$a $s: the matrix is golden-$s.csv" "" "$(diff "$D/golden-$s.csv" "$out/false_sharing-c2c.csv" | head -n 5)"
    check_eq "$a $s: the classes CSV is golden-$s-classes.csv" "" \
      "$(diff "$D/golden-$s-classes.csv" "$out/false_sharing-c2c-classes.csv" | head -n 5)"
    check_eq "$a $s: nothing on stderr" "" "$(cat "$out/err")"
  done
  run_awk "$a" smt
  check_eq "$a smt: the markdown is golden-smt.md" "" "$(diff "$D/golden-smt.md" "$TMP/$a-smt/summary.md" | head -n 5)"
done

# the numbers are the raw file's
raw=$TMP/mawk-raw
pair=$(grep 'kind=c2c ' "$D/fixture-raw.txt")
want="| 1 | 1 | $(awk -v x="$(val "$pair" one_way_ns)" 'BEGIN { printf "%.1f", x }') ("
check "raw: the class row carries the pair's median ($want...)" grep -qF "$want" "$raw/summary.md"
check_eq "raw: the matrix holds the pair's median both ways" "$(val "$pair" one_way_ns) $(val "$pair" one_way_ns)" \
  "$(awk -F, 'NR == 2 { a = $3 } NR == 3 { b = $2 } END { print a, b }' "$raw/false_sharing-c2c.csv")"
left=$(( $(val "$pair" batches_total) - $(val "$pair" batches_used) ))
check "raw: the left-out batches are counted ($left of $(val "$pair" batches_total))" \
  grep -q "Batches left out: $left of $(val "$pair" batches_total) " "$raw/summary.md"

# a run of several invocations (fixture-pooled.txt: the untagged c2c lines of
# a real 10-invocation run): the pair's figure is the mean of the 8
# invocations that measured it, the classes the first invocation's map,
# which measured nothing. The text may not say no pair was measured while the
# heatmap draws one, and it says why the hand-off figures differ (issue 41)
pooled=$TMP/pooled
mkdir -p "$pooled"
summary_awk mawk -v csvdir="$pooled" "$AWKF" "$D/fixture-pooled.txt" >"$pooled/summary.md"
drawn=$(grep -c '<text [^>]*font-size="10"[^>]*>[0-9.]*</text>' "$pooled/false_sharing-c2c.svg" || true)
check_awk "pooled: the heatmap draws the measured pair ($drawn cells with a figure)" "$drawn > 0"
check_eq "pooled: ... so the findings do not say no pair could be measured" "" \
  "$(grep 'No pair could be measured' "$pooled/summary.md" || true)"
check "pooled: the findings say the classes' map measured nothing, the others did" \
  grep -q '^- No classes: the one invocation.s map they come from measured no pair cleanly' "$pooled/summary.md"
check "pooled: one sentence says why the classes, the matrix and the probe differ" \
  grep -q 'The classes come from one invocation.s map .* (8 of 10 for pair 0,1), and the hand-off probe .*: three moments and methods, so their figures differ\.' \
  "$pooled/summary.md"
# ... with the invocations' own lines: the classes are those of the first
# main-placement invocation whose map found some (they came from the first,
# whose map found none, while 7 of the 9 maps had found the one class).
# Invocation 2 (another placement) found one at 200 ns, invocation 3 at 51 ns.
own() { # own INV CLASSES NS: one invocation's class lines
  echo "RESULT exp=false_sharing kind=c2c_classes inv=$1 classes=$2 pairs=1 pairs_classed=$2 pairs_busy=$((1 - $2)) gap_pct=15"
  [ "$2" = 0 ] || echo "RESULT exp=false_sharing kind=c2c_class inv=$1 class=1 pairs=1 one_way_ns=$3 one_way_ns_lo=$3" \
    "one_way_ns_hi=$3 min_ns=$3 max_ns=$3 typical_pair=0,1 matching=1 os_smt=0 os_shared_l2=0 os_shared_l3_only=1 os_across_l3=0 os_unknown=0 members=0:1"
}
{
  own 1 0; own 2 1 200; own 3 1 51; own 4 1 52
  echo "RESULT exp=false_sharing kind=placement_level level=1 main=1 cpus=0,1 one_way_ns=50 invocations=3 invs=1,3,4"
  echo "RESULT exp=false_sharing kind=placement_level level=2 main=0 cpus=0,1 one_way_ns=200 invocations=1 invs=2"
  cat "$D/fixture-pooled.txt"
} >"$TMP/own.txt"
mkdir -p "$TMP/own"
summary_awk mawk -v csvdir="$TMP/own" "$AWKF" "$TMP/own.txt" >"$TMP/own.md"
check "pooled, the first map found none: the classes are invocation 3's, the first of the main placement with one" \
  grep -qF '| 1 | 1 | 51.0 (51.0-51.0) | 51.0-51.0 | 0,1 | shared_l3_only |' "$TMP/own.md"
check_eq "... in the classes CSV too" '1,1,51,51,51,51,51,"0,1","shared_l3_only"' "$(sed -n 2p "$TMP/own/false_sharing-c2c-classes.csv")"
check "... and the text says whose they are" \
  grep -qF "The classes come from one invocation's map (invocation 3, the first in the main placement whose map found a class; the first, invocation 1, found none)" "$TMP/own.md"
check_eq "... no 'No classes' beside them" "" "$(grep 'No classes' "$TMP/own.md" || true)"

# the heatmap of 16 CPUs: one cell per CPU pair and one legend step per tenth
svg=$TMP/mawk-sockets/false_sharing-c2c.svg
check_eq "sockets: 256 cells and 10 legend steps in the SVG" "266" \
  "$(grep -c '^<rect x=' "$svg")"
check "sockets: the SVG is closed" bash -c "tail -n 1 '$svg' | grep -qx '</svg>'"
check "sockets: the legend runs from the fastest to the slowest pair" \
  bash -c "grep -q '>13.9 ns<' '$svg' && grep -q '>133.9 ns<' '$svg'"
check_eq "sockets: the matrix is symmetric with an empty diagonal" "ok" \
  "$(awk -F, 'NR > 1 { for (j = 2; j <= NF; j++) m[NR - 1, j - 1] = $j; n = NR - 1 }
     END { for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) if (m[i, j] != m[j, i] || (i == j && m[i, j] != "")) { print "bad", i, j; exit }
           print "ok" }' "$TMP/mawk-sockets/false_sharing-c2c.csv")"
check "sockets: the crossing costs 2.7x a same-socket hand-off" \
  grep -q 'class 3 (the OS calls them across_l3) costs 2.7× one in class 2' "$TMP/mawk-sockets/summary.md"

# what the findings say about the other scenarios
findings() { # findings SCENARIO: the markdown under mawk
  mkdir -p "$TMP/f-$1"
  input "$1" | summary_awk mawk -v csvdir="$TMP/f-$1" "$AWKF"
}
check "smt: says the OS misses SMT siblings" bash -c "grep -q 'CPUs 0 and 4, 1 and 5, 2 and 6, 3 and 7 .*behave like SMT siblings' '$TMP/mawk-smt/summary.md'"
findings clusters >"$TMP/clusters.md"
check "clusters: tells the two kinds of cores apart by the canary" grep -q 'CPUs 0,1,2,3 at 5.00 GHz and CPUs 4,5,6,7 at 3.33 GHz' "$TMP/clusters.md"
check "clusters: measurement and the OS agree" grep -q 'Measurement and the OS topology agree' "$TMP/clusters.md"
findings outlier >"$TMP/outlier.md"
check "outlier: the lone pair is named" grep -q 'Pair 2,5 stands alone' "$TMP/outlier.md"
findings noise >"$TMP/noise.md"
check "noise: one class" grep -q 'one class, no pair apart from the rest' "$TMP/noise.md"

# a busy pair is hatched and named; pairs left out of a sample are grey
sed 's/cpu_a=2 cpu_b=9 \(.*\)busy=0/cpu_a=2 cpu_b=9 \1busy=1/; /kind=c2c cpu_a=0 cpu_b=5 /d' \
  "$D/fixture-sockets.txt" "$D/golden-sockets.txt" >"$TMP/holes.txt"
mkdir -p "$TMP/holes"
summary_awk mawk -v csvdir="$TMP/holes" "$AWKF" "$TMP/holes.txt" >"$TMP/holes.md"
check_eq "a busy pair: two hatched cells" 2 "$(grep -c 'fill="url(#busy)"' "$TMP/holes/false_sharing-c2c.svg")"
check_eq "a pair not measured: two grey cells" 2 "$(grep -c 'fill="#eeeeee"' "$TMP/holes/false_sharing-c2c.svg")"
check "a busy pair: the summary says the machine was too busy for it" grep -q 'too busy to measure 1 pair (2,9)' "$TMP/holes.md"
# a map judged by its speed levels (map_level= on the pair lines): the words
# say so; an older file's (no map_level) keep 'in a slow state'
batches='s/\(kind=c2c cpu_a=[0-9]* cpu_b=[0-9]* .*\)$/\1 batches_used=9 batches_total=12 batches_interfered=1 batches_slow=2/'
sed "$batches" "$TMP/holes.txt" >"$TMP/older.txt"
sed "$batches; s/\$/ map_level=2 map_canary_ns=0.61/" "$TMP/holes.txt" >"$TMP/bylevel.txt"
summary_awk mawk -v csvdir="$TMP/holes" "$AWKF" "$TMP/bylevel.txt" >"$TMP/bylevel.md"
summary_awk mawk -v csvdir="$TMP/holes" "$AWKF" "$TMP/older.txt" >"$TMP/older.md"
check "by speed levels: batches left out are said to lie in another level, not a slow state" \
  sh -c "grep -q 'in another speed level than the map.s main one, or in two)' '$TMP/bylevel.md' && ! grep -q 'slow state' '$TMP/bylevel.md'"
check "by speed levels: a busy pair had too few batches in the main level" grep -q "too busy to measure 1 pair (2,9): fewer than .* clean batches in the map's main speed level" "$TMP/bylevel.md"
check "an older file: 'in a slow state of the machine'" grep -q 'in a slow state of the machine' "$TMP/older.md"
# the CSV as the heatmap: it gave the busy pair's number (the slow-host
# fixture's pair 0,1: 72.16 ns in the CSV, hatched and "too busy" beside it)
check_eq "a busy pair: its matrix cells are empty, as hatched" "," \
  "$(awk -F, 'NR == 1 { for (i = 2; i <= NF; i++) if ($i == "9") c = i } $1 == "2" { print $c "," }' "$TMP/holes/false_sharing-c2c.csv")"
check "a busy pair: its cell's hover says too busy" grep -q '<title>CPUs 2,9: too busy to measure: ' "$TMP/holes/false_sharing-c2c.svg"
check_eq "a pair not measured: its matrix cells are empty" "," \
  "$(awk -F, '$1 == "0" { print $7 "," }' "$TMP/holes/false_sharing-c2c.csv")"

# no results, no map
printf '# nothing\n' >"$TMP/empty.txt"
check_eq "a raw file without the map (C2C=0): no section" "" "$(summary_awk mawk -v csvdir="$TMP" "$AWKF" "$TMP/empty.txt")"
printf 'RESULT exp=false_sharing kind=c2c_skip reason=no_affinity_api allowed_cpus=0\n' >"$TMP/skip.txt"
check "a skipped map says why" \
  bash -c "summary_awk mawk -v csvdir='$TMP' '$AWKF' '$TMP/skip.txt' | grep -q 'No map: this OS cannot pin a thread'"
finish

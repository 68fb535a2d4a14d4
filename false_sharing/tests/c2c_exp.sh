#!/usr/bin/env bash
# The core-to-core map inside ./run.sh false_sharing: C2C=only runs the map
# alone and the summary says so, C2C=0 leaves it out (no section, no c2c
# lines); the classes of the map choose the pairs of the two-thread table
# (PAIR_CPUS: the typical pair of each measured class, then OS classes the
# measurement splits or joins); bad knobs, CPUs the process may not use
# among them, are refused before anything runs; a map that fails at run
# time fails the run; the benchmark checks PAIR_CPUS itself too.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

D=$ROOT/false_sharing/tests/c2c
# shellcheck source=false_sharing/exp.sh
source "$ROOT/false_sharing/exp.sh"

# PAIR_CPUS from the map's class lines
check_eq "PAIR_CPUS for two sockets with SMT: one pair per measured class" \
  "0,8:measured_1;6,12:measured_2;8,14:measured_3" "$(false_sharing_pair_cpus "$D/golden-sockets.txt")"
check_eq "PAIR_CPUS for hidden SMT: the OS class measurement splits comes too" \
  "1,5:measured_1;1,2:measured_2;1,7:os_shared_l3_only" "$(false_sharing_pair_cpus "$D/golden-smt.txt")"
check_eq "PAIR_CPUS for two clusters the OS agrees on: one pair per measured class" \
  "0,2:measured_1;3,7:measured_2" "$(false_sharing_pair_cpus "$D/golden-clusters.txt")"
cat >"$TMP/joined.txt" <<'TXT'
RESULT exp=false_sharing kind=c2c_class class=1 pairs=6 typical_pair=0,2 os_smt=0 os_shared_l2=3 os_shared_l3_only=3 os_across_l3=0 os_unknown=0
RESULT exp=false_sharing kind=c2c_class class=2 pairs=4 typical_pair=3,7 os_smt=0 os_shared_l2=0 os_shared_l3_only=0 os_across_l3=4 os_unknown=0
RESULT exp=false_sharing kind=c2c_os os=shared_l2 pairs=3 typical_pair=0,1 classes=1
RESULT exp=false_sharing kind=c2c_os os=shared_l3_only pairs=3 typical_pair=0,2 classes=1
RESULT exp=false_sharing kind=c2c_os os=across_l3 pairs=4 typical_pair=3,7 classes=2
TXT
check_eq "PAIR_CPUS where one measured class joins two OS classes: their pairs too, none twice" \
  "0,2:measured_1;3,7:measured_2;0,1:os_shared_l2" "$(false_sharing_pair_cpus "$TMP/joined.txt")"
printf 'RESULT exp=false_sharing kind=c2c_classes classes=0 pairs=1 pairs_classed=0 pairs_busy=1 gap_pct=15\n' >"$TMP/busy.txt"
check_eq "no classes (every pair too busy): no PAIR_CPUS, the OS topology decides" "" "$(false_sharing_pair_cpus "$TMP/busy.txt")"

# the pair table names the measured classes with their hand-off latency
{ sed 's/class=shared_l3_only/class=measured_1/' "$ROOT/false_sharing/tests/fixture-raw.txt"
  grep 'kind=c2c_class ' "$D/fixture-raw.txt"; } >"$TMP/labelled.txt"
mkdir -p "$TMP/labelled"
awk -v csvdir="$TMP/labelled" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/labelled.txt" >"$TMP/labelled.md"
handoff=$(val "$(grep 'kind=c2c_class ' "$D/fixture-raw.txt")" one_way_ns)
check "the pair table says which measured class, with its hand-off ($handoff ns)" \
  grep -q "^| measured class 1 ($handoff ns hand-off) | " "$TMP/labelled.md"
check "the findings name the pair and its measured class" grep -q "the CPU pair [0-9]*,[0-9]* of measured class 1 ($handoff ns hand-off)" "$TMP/labelled.md"
check "the table says its pairs come from the map" grep -q "each class the core-to-core map below measured" "$TMP/labelled.md"

R=$TMP/repo
scratch_repo "$R"
(cd "$R" && ./build.sh false_sharing >/dev/null 2>&1)

# C2C=only: the map alone
check "C2C=only QUICK=1 ./run.sh false_sharing succeeds" env C2C=only QUICK=1 "$R/run.sh" false_sharing
raw=$R/results/quick-false_sharing-raw.txt
check "C2C=only: the raw file has the map" grep -q '^RESULT exp=false_sharing kind=c2c_plan ' "$raw"
check_eq "C2C=only: no increment was measured" "0" "$(grep -c 'kind=cell ' "$raw" || true)"
check "C2C=only: the summary says only the map ran" grep -q 'Only the core-to-core map ran (C2C=only)' "$R/results/quick-summary.md"
check "C2C=only: the summary has the map's section and heatmap, linked from results/ where it is" \
  bash -c "grep -q '^#### Core-to-core map' '$R/results/quick-summary.md' && grep -qF '](quick-false_sharing-c2c.svg)' '$R/results/quick-summary.md'"
check "C2C=only: the heatmap and the matrix are written" \
  bash -c "test -s '$R/results/quick-false_sharing-c2c.svg' && test -s '$R/results/quick-false_sharing-c2c.csv'"
check_awk "QUICK measures a handful of pairs (at most 6)" \
  "$(val "$(grep kind=c2c_plan "$raw")" pairs_measured) <= 6"

# C2C=0: no map
rm -f "$R"/results/quick-*
check "C2C=0 QUICK=1 ./run.sh false_sharing succeeds" env C2C=0 QUICK=1 ITERS_LOG2=12 "$R/run.sh" false_sharing
check_eq "C2C=0: no c2c line in the raw file" "0" "$(grep -c 'kind=c2c' "$R/results/quick-false_sharing-raw.txt" || true)"
check_eq "C2C=0: no map section" "0" "$(grep -c 'Core-to-core map' "$R/results/quick-summary.md" || true)"
check "C2C=0: the pairs come from the OS topology" \
  bash -c "! grep -q 'kind=pair class=measured_' '$R/results/quick-false_sharing-raw.txt'"

# bad knobs: exit 2, one line naming the knob, nothing written
before=$(tree_sum "$R/results" "$R/README.md")
bad() { # bad WORD ENV...: ./run.sh false_sharing with ENV must refuse, naming WORD
  local word=$1 rc=0; shift
  (cd "$R" && env "$@" ./run.sh false_sharing >"$TMP/out" 2>"$TMP/err" </dev/null) || rc=$?
  if [ "$rc" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -qF -- "$word" "$TMP/err" && [ ! -s "$TMP/out" ]; then
    pass "bad input refused: $*"
  else
    fail "bad input refused: $*" "exit $rc, stderr: $(head -c 200 "$TMP/err")"
  fi
}
bad C2C C2C=2
bad PAIR_CPUS 'PAIR_CPUS=0,1'
bad PAIR_CPUS 'PAIR_CPUS=0,1:Big'
bad C2C_BATCHES C2C_BATCHES=3
bad C2C_CPUS C2C_CPUS=a
# a CPU this process may not use (1023: beyond any allowed set here), alone
# or with allowed ones, and the pair table's CPUs likewise
bad "C2C_CPUS=0,1023: CPU 1023 is not one this process may run on" C2C_CPUS=0,1023
bad "CPU 1023 is not one" C2C_CPUS=1023
bad "PAIR_CPUS=0,1023:x: CPU 1023 is not one" PAIR_CPUS=0,1023:x
check_eq "bad knobs wrote nothing" "$before" "$(tree_sum "$R/results" "$R/README.md")"

# the map failing at run time (a stub in its place) fails the run: exit
# non-zero, nothing written, instead of results without the map's section
cp "$R/build/false_sharing_c2c" "$TMP/c2c.real"
printf '#!/bin/sh\necho "error: stub map failed" >&2\nexit 2\n' >"$R/build/false_sharing_c2c"
touch "$R/build/false_sharing_c2c" # newer than its sources: build.sh keeps it
rm -f "$R"/results/quick-*
rc=0; env QUICK=1 ITERS_LOG2=12 THREADS=1 "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
check_awk "a map that fails at run time: run.sh exits non-zero" "$rc != 0" "exit $rc"
check "... and says false_sharing failed" grep -q 'false_sharing failed' "$TMP/err"
check_eq "... and writes no results" "" "$(cd "$R/results" && ls quick-* 2>/dev/null)"
check_eq "... nor a results/failed-* directory (only the hand-off probe ran)" "" "$(cd "$R/results" && ls -d failed-* 2>/dev/null)"
cp -p "$TMP/c2c.real" "$R/build/false_sharing_c2c"

# the benchmark's own check of PAIR_CPUS
fs=$BUILD/false_sharing
check_exit "false_sharing PAIR_CPUS with a CPU not allowed: exit 2" 2 env PAIR_CPUS=0,1023:x "$fs"
check_exit "false_sharing PAIR_CPUS with a name used twice: exit 2" 2 env 'PAIR_CPUS=0,1:x;1,0:x' "$fs"
check_exit "false_sharing PAIR_CPUS with 9 pairs: exit 2" 2 env 'PAIR_CPUS=0,1:a;0,1:b;0,1:c;0,1:d;0,1:e;0,1:f;0,1:g;0,1:h;0,1:i' "$fs"
if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]; then
  first2=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status | awk -F'[-,]' '{ print $1 "," ($2 != "" ? $2 : $1 + 1) }')
  env PAIR_CPUS="$first2:measured_1" ITERS_LOG2=10 REPS=1 THREADS=1 MAX_CELL_S=0 "$fs" >"$TMP/pc.txt" 2>/dev/null
  # a ratio prints one line per host speed level its rounds saw: count increments, not lines
  check_eq "false_sharing PAIR_CPUS=$first2:measured_1: that pair, under that name, for each increment" "3" \
    "$(grep "kind=pair_ratio class=measured_1 pair=$first2 " "$TMP/pc.txt" | grep -o ' increment=[a-z_]*' | sort -u | wc -l | tr -d ' ')"
  check_eq "false_sharing PAIR_CPUS=$first2:measured_1: no pair_ratio line of another pair or name" "" \
    "$(grep 'kind=pair_ratio ' "$TMP/pc.txt" | grep -v "kind=pair_ratio class=measured_1 pair=$first2 " || true)"
fi
finish

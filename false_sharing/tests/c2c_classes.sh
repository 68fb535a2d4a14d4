#!/usr/bin/env bash
# The core-to-core map's classes from measurement, on synthetic matrices
# with known classes (false_sharing_c2c -f: no special hardware needed):
# SMT pairs the OS does not report, two clusters (with a hybrid CPU's two
# speeds), two sockets with SMT, one outlier pair, and a matrix with no
# structure. Each fixture is what c2c/synth.awk writes (under every awk);
# each analysis is the committed golden and holds the classes built in.
# Bad input, and -f (or false_sharing --rederive) of no regular file or an
# empty word, exit 2.
# Regenerate after a deliberate change: common/regen_goldens.sh
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

D=$ROOT/false_sharing/tests/c2c
C2C=$BUILD/false_sharing_c2c
SCENARIOS=(smt clusters sockets outlier noise)

# the line of KIND (and class N) in an analysis
line_of() { grep "kind=$2 ${3:+class=$3 }" "$1" | head -n 1; }

for s in "${SCENARIOS[@]}"; do
  for a in mawk gawk original-awk; do
    need_tool "$a" "$a" "c2c/synth.awk $s under $a" || continue
    check_eq "$a: c2c/synth.awk $s gives the committed fixture" "" \
      "$("$a" -v scenario="$s" -f "$D/synth.awk" | diff "$D/fixture-$s.txt" - | head -n 3)"
  done
  "$C2C" -f "$D/fixture-$s.txt" >"$TMP/$s.txt" 2>"$TMP/$s.err"
  check_eq "$s: the analysis is the golden" "" "$(diff "$D/golden-$s.txt" "$TMP/$s.txt" | head -n 5)"
  check_eq "$s: every RESULT line follows the grammar" "" "$(result_grammar "$TMP/$s.txt")"
done

# what each scenario was built to contain
t=$TMP/smt.txt
check_eq "smt: two classes" 2 "$(val "$(line_of "$t" c2c_classes)" classes)"
check_eq "smt: class 1 is exactly the four sibling pairs" "0:4,1:5,2:6,3:7" "$(val "$(line_of "$t" c2c_class 1)" members)"
check_eq "smt: class 1 pairs each CPU with one other" 1 "$(val "$(line_of "$t" c2c_class 1)" matching)"
check_eq "smt: the OS's one class spans measured classes 1 and 2" "1,2" "$(val "$(line_of "$t" c2c_os)" classes)"
check_eq "smt: siblings sit next to each other in the order" "0,4,1,5,2,6,3,7" "$(val "$(line_of "$t" c2c_order)" cpus)"

t=$TMP/clusters.txt
check_eq "clusters: two classes" 2 "$(val "$(line_of "$t" c2c_classes)" classes)"
check_eq "clusters: class 1 is the 12 pairs inside the clusters, all shared_l2" "12 12" \
  "$(val "$(line_of "$t" c2c_class 1)" pairs) $(val "$(line_of "$t" c2c_class 1)" os_shared_l2)"
check_eq "clusters: class 2 is the 16 pairs across" 16 "$(val "$(line_of "$t" c2c_class 2)" pairs)"
check_eq "clusters: two speed classes, CPUs 0-3 the fast one" "0,1,2,3 4,5,6,7" \
  "$(val "$(line_of "$t" c2c_speed 1)" cpus) $(val "$(line_of "$t" c2c_speed 2)" cpus)"
check_awk "clusters: crossing costs about 2.4x (95/40 built in)" \
  "$(val "$(line_of "$t" c2c_class 2)" one_way_ns) / $(val "$(line_of "$t" c2c_class 1)" one_way_ns) > 2.2 && $(val "$(line_of "$t" c2c_class 2)" one_way_ns) / $(val "$(line_of "$t" c2c_class 1)" one_way_ns) < 2.6"

t=$TMP/sockets.txt
check_eq "sockets: three classes" 3 "$(val "$(line_of "$t" c2c_classes)" classes)"
check_eq "sockets: 8 SMT, 48 same-socket, 64 cross-socket pairs" "8 48 64" \
  "$(for c in 1 2 3; do val "$(line_of "$t" c2c_class $c)" pairs; done | paste -sd' ' -)"
check_eq "sockets: each OS class is one measured class" "1 2 3" \
  "$(grep kind=c2c_os "$t" | kv_awk '{ print kv_get($0, "classes") }' | paste -sd' ' -)"
check_eq "sockets: the order shows sockets and cores as blocks" "0,8,1,9,2,10,3,11,4,12,5,13,6,14,7,15" \
  "$(val "$(line_of "$t" c2c_order)" cpus)"

t=$TMP/outlier.txt
check_eq "outlier: two classes" 2 "$(val "$(line_of "$t" c2c_classes)" classes)"
check_eq "outlier: class 2 is the one pair 2,5" "1 2:5" \
  "$(val "$(line_of "$t" c2c_class 2)" pairs) $(val "$(line_of "$t" c2c_class 2)" members)"

t=$TMP/noise.txt
check_eq "noise: one class (no structure; the far pair's interval reaches the rest)" 1 \
  "$(val "$(line_of "$t" c2c_classes)" classes)"

# the classes do not depend on the order of the input lines
tac "$D/fixture-sockets.txt" >"$TMP/rev.txt"
"$C2C" -f "$TMP/rev.txt" >"$TMP/rev.out" 2>/dev/null
check_eq "sockets reversed: the same classes and latencies" \
  "$(grep 'kind=c2c_class ' "$TMP/sockets.txt" | sed 's/ typical_pair=.*//')" "$(grep 'kind=c2c_class ' "$TMP/rev.out" | sed 's/ typical_pair=.*//')"

# a pair too busy to measure is left out of the classes
sed 's/cpu_a=0 cpu_b=4 \(.*\) busy=0/cpu_a=0 cpu_b=4 \1 busy=1/' "$D/fixture-smt.txt" >"$TMP/busy.txt"
"$C2C" -f "$TMP/busy.txt" >"$TMP/busy.out" 2>/dev/null
check_eq "a busy pair is left out: class 1 keeps three sibling pairs" "3 1:5,2:6,3:7" \
  "$(val "$(line_of "$TMP/busy.out" c2c_class 1)" pairs) $(val "$(line_of "$TMP/busy.out" c2c_class 1)" members)"
check_eq "a busy pair is counted" 1 "$(val "$(line_of "$TMP/busy.out" c2c_classes)" pairs_busy)"

# the gap knob: levels 3.4x and 2.7x apart merge when the gap must exceed 300%
check_eq "C2C_GAP_PCT=300: the sockets become one class" 1 \
  "$(C2C_GAP_PCT=300 "$C2C" -f "$D/fixture-sockets.txt" 2>/dev/null | grep kind=c2c_classes | sed 's/.*classes=\([0-9]*\).*/\1/')"

# overlapping intervals keep levels together even when the estimates differ
printf 'RESULT exp=false_sharing kind=c2c cpu_a=0 cpu_b=1 one_way_ns=40 one_way_ns_lo=30 one_way_ns_hi=70 os=unknown\n' >"$TMP/ov.txt"
printf 'RESULT exp=false_sharing kind=c2c cpu_a=0 cpu_b=2 one_way_ns=60 one_way_ns_lo=50 one_way_ns_hi=65 os=unknown\n' >>"$TMP/ov.txt"
printf 'RESULT exp=false_sharing kind=c2c cpu_a=1 cpu_b=2 one_way_ns=100 one_way_ns_lo=90 one_way_ns_hi=110 os=unknown\n' >>"$TMP/ov.txt"
"$C2C" -f "$TMP/ov.txt" >"$TMP/ov.out" 2>/dev/null
check_eq "40 and 60 ns with overlapping intervals: one class; 100 ns apart: another" "2 2 1" \
  "$(val "$(line_of "$TMP/ov.out" c2c_classes)" classes) $(val "$(line_of "$TMP/ov.out" c2c_class 1)" pairs) $(val "$(line_of "$TMP/ov.out" c2c_class 2)" pairs)"

# bad input: exit 2 with one line
check_exit "-f of a missing file: exit 2" 2 "$C2C" -f "$TMP/nosuch"
printf 'hello\n' >"$TMP/empty.txt"
check_exit "-f of a file without c2c lines: exit 2" 2 "$C2C" -f "$TMP/empty.txt"
sed '1s/os=shared_l3_only/os=martian/' "$D/fixture-smt.txt" >"$TMP/bados.txt"
check_exit "-f with an unknown os= name: exit 2" 2 "$C2C" -f "$TMP/bados.txt"
sed '1s/one_way_ns=[0-9.]*/one_way_ns=fast/' "$D/fixture-smt.txt" >"$TMP/badnum.txt"
check_exit "-f with a non-number: exit 2" 2 "$C2C" -f "$TMP/badnum.txt"
check_exit "an unknown argument: exit 2" 2 "$C2C" --bogus
check_exit "C2C_GAP_PCT=0: exit 2" 2 env C2C_GAP_PCT=0 "$C2C" -f "$D/fixture-smt.txt"
# -f of no regular file (a FIFO nobody writes to, /dev/zero): refused with
# exit 2 before reading (it waited, or read, for ever); the timeout is a
# guard only
mkfifo "$TMP/fifo"
for f in "$TMP/fifo" /dev/zero; do
  check_exit "-f ${f##*/}: refused, exit 2" 2 timeout -s KILL 30 "$C2C" -f "$f"
  cp "$TMP/out" "$TMP/refused.out"
  check "-f ${f##*/}: says it is not a regular file" grep -qF "$f: not a regular file" "$TMP/refused.out"
done
# the same for false_sharing --rederive RAW
for f in "$TMP/fifo" /dev/zero; do
  check_exit "false_sharing --rederive ${f##*/}: refused, exit 2" 2 timeout -s KILL 30 "$BUILD/false_sharing" --rederive "$f"
done
# an empty word (an unset variable) said ": No such file or directory", exit 1
check_exit "-f '': refused, exit 2" 2 "$C2C" -f ''
cp "$TMP/out" "$TMP/refused.out"
check "-f '': says it needs a file" grep -qF -- "-f needs a file, not an empty word" "$TMP/refused.out"
check_exit "false_sharing --rederive '': refused, exit 2" 2 "$BUILD/false_sharing" --rederive ''
cp "$TMP/out" "$TMP/refused.out"
check "false_sharing --rederive '': says it needs a file" grep -qF -- "--rederive needs a file, not an empty word" "$TMP/refused.out"
finish

#!/usr/bin/env bash
# build/combine: the published lines of a run from its invocations. Known
# answers for the interval over invocations, the counters, the claims, the
# placements (hand-off probes in two levels keep figures apart), the lines
# passed through once, and old raw files without tags.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"
C=$ROOT/build/combine

cat >"$TMP/spec" <<'TXT'
cell layout,threads ns_per_inc lin - pair
ratio compare ratio log 1:0.02 pair
total size_kib indirect_ns lin 0:20 -
TXT
# three invocations; the probes around the third say the host moved the CPUs
raw() {
  local i ns lo hi
  for i in 1 2 3; do
    if [ "$i" = 3 ]; then ns=210; lo=205; hi=215; else ns=64; lo=63; hi=65; fi
    echo "RESULT exp=x kind=handoff inv=$i cpus=0,1 one_way_ns=$ns one_way_ns_lo=$lo one_way_ns_hi=$hi batches=15"
    echo "RESULT exp=x kind=plan inv=$i reps_min=11"
    echo "RESULT exp=x kind=cell inv=$i layout=adjacent threads=2 ns_per_inc=$((i + 1)).0 ns_per_inc_lo=$((i + 1)).0 ns_per_inc_hi=$((i + 1)).0 rounds_total=20 rounds_used=15 reps_min=11 too_busy=0 target_reached=1 p=0.1 q=0.2"
    echo "RESULT exp=x kind=ratio inv=$i compare=adj ratio=1.30 ratio_lo=1.25 ratio_hi=1.35 n=15"
    echo "RESULT exp=x kind=total inv=$i size_kib=64 indirect_ns=$((i * 10)) indirect_ns_lo=$((i * 10)) indirect_ns_hi=$((i * 10)) rounds_total=12 rounds_used=11"
    echo "RESULT exp=x kind=handoff inv=$i cpus=0,1 one_way_ns=$ns one_way_ns_lo=$lo one_way_ns_hi=$hi batches=15"
  done
}
raw >"$TMP/raw"
"$C" "$TMP/spec" "$TMP/raw" >"$TMP/pub" 2>"$TMP/err" || fail "combine runs on three invocations" "$(cat "$TMP/err")"
line() { grep "kind=$1 " "$TMP/pub" || true; }

check_eq "one plan line, untagged, from the first invocation of the main placement" \
  "RESULT exp=x kind=plan reps_min=11" "$(line plan)"
check_eq "two placements: 64 ns for invocations 1 and 2 (main), 210 ns for 3" \
  "level=1 main=1 64.00 invs=1,2|level=2 main=0 210.00 invs=3" \
  "$(line placement_level | kv_awk '{ printf "%slevel=%s main=%s %s invs=%s", (NR > 1 ? "|" : ""), kv_get($0, "level"), kv_get($0, "main"), kv_get($0, "one_way_ns"), kv_get($0, "invs") }')"
check_eq "the run line counts them" "levels=2 main=1 moved=0" \
  "$(line placement_runs | kv_awk '{ print "levels=" kv_get($0, "levels"), "main=" kv_get($0, "main_level"), "moved=" kv_get($0, "invocations_moved") }')"
# one invocation whose probes before and after disagree: no main placement,
# so none ran in one (it said invocations_main=1 beside invocations_moved=1)
{ raw | grep ' inv=1 ' | sed '0,/one_way_ns=64 one_way_ns_lo=63 one_way_ns_hi=65/s//one_way_ns=210 one_way_ns_lo=205 one_way_ns_hi=215/'; } >"$TMP/moved"
check_eq "every invocation moved: main level 0, none in it, one moved" "main=0 in_main=0 moved=1" \
  "$("$C" "$TMP/spec" "$TMP/moved" | grep 'kind=placement_runs ' | kv_awk '{ print "main=" kv_get($0, "main_level"), "in_main=" kv_get($0, "invocations_main"), "moved=" kv_get($0, "invocations_moved") }')"
# a placement-dependent cell: invocations 1 and 2 only: 2 and 3 ns, mean 2.5,
# s = 0.7071, t(1) = 12.706: 2.5 -+ 6.353
check_eq "a cell over the main placement's invocations: mean and Student's interval" \
  "2.5 -3.853 8.853 2 2" \
  "$(line cell | kv_awk '{ print kv_get($0, "ns_per_inc"), kv_get($0, "ns_per_inc_lo"), kv_get($0, "ns_per_inc_hi"), kv_get($0, "invocations"), kv_get($0, "invocations_total") }')"
check_eq "counters add up over the main placement's invocations; the minimum wanted does not" "rounds_total=40 rounds_used=30 reps_min=11" \
  "$(line cell | kv_awk '{ print "rounds_total=" kv_get($0, "rounds_total"), "rounds_used=" kv_get($0, "rounds_used"), "reps_min=" kv_get($0, "reps_min") }')"
check_eq "one invocation's p and q are not carried over" "" "$(line cell | grep -o ' [pq]=' || true)"
check_eq "a placement-independent figure uses all three: 10, 20, 30 ns" "20 invocations=3 between_share=1" \
  "$(line total | kv_awk '{ print kv_get($0, "indirect_ns"), "invocations=" kv_get($0, "invocations"), "between_share=" kv_get($0, "between_share") }')"
check_eq "20 ns [-4.8, 44.8] against a 20 ns margin: unclear" "claim=unclear margin_ns=20" \
  "$(line total | kv_awk '{ print "claim=" kv_get($0, "claim"), "margin_ns=" kv_get($0, "margin_ns") }')"
check_eq "a ratio of 1.30 [1.25, 1.35] in both invocations against a 2% margin: beyond" "claim=beyond significant=yes" \
  "$(line ratio | kv_awk '{ print "claim=" kv_get($0, "claim"), "significant=" kv_get($0, "significant") }')"
check_eq "the probes themselves are not published" "" "$(line handoff)"
check_eq "nothing published is tagged" "" "$(grep ' inv=' "$TMP/pub" || true)"

# within: a difference of 1 ns [-2, 4] in one invocation against 20 ns
printf 'RESULT exp=x kind=total inv=1 size_kib=8 indirect_ns=1 indirect_ns_lo=-2 indirect_ns_hi=4 p=0.3 q=0.4\n' >"$TMP/one"
check_eq "a run of one invocation keeps its p and q" "p=0.3 q=0.4" \
  "$("$C" "$TMP/spec" "$TMP/one" | kv_awk '{ print "p=" kv_get($0, "p"), "q=" kv_get($0, "q") }')"
check_eq "one invocation: its own interval, no between share, claim within the margin" \
  "1 -2 4 between_share=NA claim=within" \
  "$("$C" "$TMP/spec" "$TMP/one" | kv_awk '{ print kv_get($0, "indirect_ns"), kv_get($0, "indirect_ns_lo"), kv_get($0, "indirect_ns_hi"), "between_share=" kv_get($0, "between_share"), "claim=" kv_get($0, "claim") }')"
# an invocation without an estimate does not count; one its program called
# too busy, or that has no interval of its own (too few clean rounds), does
{ raw | sed 's/ns_per_inc=2.0 /ns_per_inc=NA /; s/ns_per_inc_lo=3.0/ns_per_inc_lo=NA/; s/inv=2 layout=adjacent threads=2 \(.*\)too_busy=0/inv=2 layout=adjacent threads=2 \1too_busy=1/'; } >"$TMP/busy"
check_eq "an invocation without an estimate is left out; a 'too busy' one or one without an interval is not" "invocations=1 too_busy=0" \
  "$("$C" "$TMP/spec" "$TMP/busy" | grep 'kind=cell ' | kv_awk '{ print "invocations=" kv_get($0, "invocations"), "too_busy=" kv_get($0, "too_busy") }')"
# an older raw file: nothing tagged, nothing added
grep -v ' inv=' "$TMP/raw" >"$TMP/old" || true
echo "RESULT exp=x kind=cell layout=a threads=1 ns_per_inc=1" >>"$TMP/old"
check_eq "an untagged (older) raw file gets no published lines" "" "$("$C" "$TMP/spec" "$TMP/old")"
# summaries skip the tagged lines, and see them with -v invocations=1
echo '/^RESULT/ { n++ } END { print n + 0 }' >"$TMP/count.awk"
check_eq "kv.awk skips invocation lines" "0" "$(awk -f "$ROOT/common/kv.awk" -f "$TMP/count.awk" "$TMP/raw")"
check_eq "kv.awk keeps them with -v invocations=1" "18" \
  "$(awk -v invocations=1 -f "$ROOT/common/kv.awk" -f "$TMP/count.awk" "$TMP/raw")"
echo "cell onlytwo" >"$TMP/badspec"
check_exit "a bad spec line exits 2" 2 "$C" "$TMP/badspec" "$TMP/raw"
echo "cell layout ns_per_inc,rounds:sqrt lin - -" >"$TMP/badspec"
check_exit "a value key's scale other than :log exits 2" 2 "$C" "$TMP/badspec" "$TMP/raw"
echo "cell layout ns_per_inc:log lin - -" >"$TMP/badspec"
check_exit "the headline with :log exits 2 (the kind's scale says it)" 2 "$C" "$TMP/badspec" "$TMP/raw"
check_exit "-h exits 0" 0 "$C" -h
# input that is no raw file: refused at once, not read forever
check_exit "a device as RAW (/dev/zero) exits 2 at once" 2 timeout 10 "$C" "$TMP/spec" /dev/zero
cp "$TMP/out" "$TMP/zero.err"
check "... naming it" grep -q '/dev/zero is not a regular file or a pipe' "$TMP/zero.err"
printf 'RESULT exp=x kind=plan inv=1 a=1\nRESULT\0binary\n' >"$TMP/nul"
check_exit "a RAW with a NUL byte exits 2" 2 "$C" "$TMP/spec" "$TMP/nul"
cp "$TMP/out" "$TMP/nul.err"
check "... naming the line" grep -q 'line 2 holds a NUL byte' "$TMP/nul.err"
finish

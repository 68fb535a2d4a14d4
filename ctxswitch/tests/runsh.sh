#!/usr/bin/env bash
# ctxswitch through run.sh, in a scratch copy of the checkout: bad knobs stop
# run.sh with exit 2 before anything is written; QUICK=1 ./run.sh ctxswitch
# writes its raw file, CSVs, SVG and summary section and leaves README.md alone.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

R=$TMP/repo
scratch_repo "$R"
before=$(tree_sum "$R/results" "$R/README.md")
for knob in ROUNDS=0 SIZES=abc STRIDES=3 CPU=999 ACCESS=bogus MODE=fiber MAX_KIB=0 ACCESS=rmw,rmw STRIDES=128,128 \
            DIRECT_ONLY=2 MAX_CELL_S=x; do
  rc=0
  env "$knob" "$R/run.sh" ctxswitch >"$TMP/out" 2>"$TMP/err" || rc=$?
  if [ "$rc" = 2 ] && grep -q "${knob%%=*}" "$TMP/err" && [ "$(wc -l <"$TMP/err")" = 1 ]; then
    pass "run.sh with $knob: exit 2, one line naming ${knob%%=*}"
  else
    fail "run.sh with $knob: exit 2, one line naming ${knob%%=*}" "exit $rc: $(head -c 200 "$TMP/err")"
  fi
done
check_eq "bad knobs wrote nothing to results/ or README.md" "$before" "$(tree_sum "$R/results" "$R/README.md")"

readme=$(cksum <"$R/README.md")
check "QUICK=1 ./run.sh ctxswitch succeeds" env QUICK=1 "$R/run.sh" ctxswitch
for f in quick-ctxswitch-raw.txt quick-ctxswitch-direct.csv quick-ctxswitch-indirect.csv quick-ctxswitch-indirect.svg quick-summary.md; do
  check "QUICK wrote results/$f" test -s "$R/results/$f"
done
raw=$R/results/quick-ctxswitch-raw.txt
check_eq "QUICK left README.md alone" "$readme" "$(cksum <"$R/README.md")"
check "the raw file opens with run.sh's provenance and has ctxswitch's own" \
  bash -c "head -n 1 '$raw' | grep -q '^# sharecost raw results: ctxswitch' && grep -q '^RESULT exp=ctxswitch kind=config ' '$raw'"
check_eq "every RESULT line follows the grammar" "" "$(result_grammar "$raw")"
# the binary's own lines are tagged inv=I (2 invocations under QUICK); the
# published ones after them are build/combine's
n=$(grep -c '^RESULT exp=ctxswitch kind=\(direct\|total\) inv=' "$raw" || true)
check_awk "QUICK ran both modes' C1 and some sweep cells in 2 invocations ($n)" "$n >= 12"
check_eq "every checksum ok" "$n" "$(grep -c '^RESULT exp=ctxswitch kind=[a-z]* inv=.* status=ok$' "$raw" || true)"
# one published line per cell and speed level (levels are never pooled)
# (build/combine maps each invocation's levels to the run's by their canary)
check_eq "one published line per cell and run level" "" \
  "$(grep '^RESULT exp=ctxswitch kind=\(direct\|total\) mode=' "$raw" | kv_awk '{ print kv_get($0, "kind"), kv_get($0, "mode"), kv_get($0, "size_kib"), kv_get($0, "access"), kv_get($0, "stride_bytes"), kv_get($0, "speed_level") }' | sort | uniq -d)"
check_eq "every published level is one of the run's levels" "" \
  "$(kv_awk '$3 == "kind=speed_level_run" { run[kv_get($0, "level")] = 1 }
    $3 ~ /^kind=(direct|total)$/ && !(kv_get($0, "speed_level") in run) { print }' "$raw")"
check "the summary has the ctxswitch section and its findings" \
  bash -c "grep -q '^### ctxswitch' '$R/results/quick-summary.md' && grep -q '^- The sweep stops at D = ' '$R/results/quick-summary.md'"
check "the SVG is a complete document" bash -c "head -n 1 '$R/results/quick-ctxswitch-indirect.svg' | grep -q '^<svg ' && tail -n 1 '$R/results/quick-ctxswitch-indirect.svg' | grep -q '^</svg>$'"
finish

#!/usr/bin/env bash
# A live run's figures come back exactly from its own raw file: the samples
# lines keep each round's values to SAMPLE_FMT's precision (fs.h), and the
# live run computes its figures from those same kept values, so
# `build/false_sharing --rederive` (what ./run.sh --summarize runs) prints
# the same cell, ratio and speed level lines. Before, the live run used the
# unrounded values: a lost share of 0.02004 was interference live and
# 0.0200 (not) re-derived, and cycles figures differed in the last digit.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

# figures FILE: its cell, pair, ratio and speed lines, sorted
figures() { grep -E '^RESULT exp=false_sharing kind=(cell|pair|ratio|pair_ratio|speed_level|speed_dwell) ' "$1" | sort; }
for pairs in 0 1; do
  ITERS_LOG2=12 REPS=6 THREADS=1,2 PAIRS=$pairs MAX_CELL_S=1 "$BUILD/false_sharing" >"$TMP/live.txt" 2>"$TMP/live.err" ||
    fail "PAIRS=$pairs: the live run" "$(tail -n 3 "$TMP/live.err")"
  # run.sh tags each invocation's lines so
  sed 's/^\(RESULT exp=[^ ]* kind=[^ ]*\)/\1 inv=1/' "$TMP/live.txt" >"$TMP/raw.txt"
  "$BUILD/false_sharing" --rederive "$TMP/raw.txt" >"$TMP/again.txt" 2>"$TMP/again.err" ||
    fail "PAIRS=$pairs: --rederive" "$(tail -n 3 "$TMP/again.err")"
  check_awk "PAIRS=$pairs: the live run has figure lines ($(figures "$TMP/raw.txt" | wc -l))" "$(figures "$TMP/raw.txt" | wc -l) >= 40"
  check_eq "PAIRS=$pairs: --rederive gives every figure line back, byte for byte" "$(figures "$TMP/raw.txt")" "$(figures "$TMP/again.txt")"
done
finish

#!/usr/bin/env bash
# The partner's teardown stays out of the timed runs. Before the fix the
# partner, after its last byte, read /proc, checked its array, freed it and
# exited while the parent (woken at the same priority) waited, so all that
# landed inside the last repetition's pair run: the last repetition was the
# slowest of its cell far more often than chance. Here, across a short sweep,
# we count the pair runs (T1 and S1 of every cell) whose last repetition took
# the longest (whole-run wall_ns), and compare with what chance gives when
# every repetition is equally likely to be the slowest: 1/n for a cell of n
# repetitions. The bound is generous (the expectation + 4 standard
# deviations + 2), so machine noise does not trip it; the binary with the bug
# exceeds it by far (CTXSWITCH_BIN=path runs this against another binary;
# raw files of the old format, "run=pair ns=...", are read too).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

bin=${CTXSWITCH_BIN:-$BUILD/ctxswitch}
raw=$TMP/teardown.txt
check "a short sweep runs" bash -c \
  "env ROUNDS=100 REPS=6 MAX_CELL_S=0 SIZES=1,2,4,8,16 MODE=process,thread '$bin' >'$raw' 2>/dev/null"
# shellcheck disable=SC2016 # an awk program
read -r runs last expected bound < <(awk '
  # RESULT ... kind=samples ... run=T1|S1 ... wall_ns=w1,w2,...   (old format: run=pair ns=t1,t2,...)
  $1 == "samples" || $3 == "kind=samples" {
    list = ""
    for (i = 2; i <= NF; i++) {
      if ($i == "run=T1" || $i == "run=S1" || $i == "run=pair") pair = 1
      if (index($i, "wall_ns=") == 1) list = substr($i, 9)
      if (index($i, "ns=") == 1) old = substr($i, 4)
    }
    if ($0 ~ / run=pair /) list = old
    if (!pair || list == "") { pair = 0; next }
    pair = 0
    n = split(list, w, ",")
    if (n < 2) next
    runs++
    slowest = 1
    for (i = 1; i < n; i++) if (w[i] + 0 >= w[n] + 0) slowest = 0
    last += slowest
    e += 1 / n; v += (1 / n) * (1 - 1 / n)
  }
  END { printf "%d %d %.2f %.2f\n", runs, last, e, e + 4 * sqrt(v) + 2 }' "$raw")
check_awk "the sweep gave pair runs to count ($runs)" "$runs >= 20"
check_awk "the last repetition is the slowest pair run no more often than chance ($last of $runs runs; chance: $expected, bound $bound)" \
  "$last <= $bound"
finish

#!/usr/bin/env bash
# regen_goldens.sh - regenerate every golden file from the committed
# fixtures, after a deliberate change to a summary or to a program whose
# output the goldens hold. The tests then diff against what this wrote; read
# `git diff` before committing it: every change there is a change people see.
set -euo pipefail
export LC_ALL=C # the goldens are compared byte for byte

usage() {
  cat <<'TXT'
usage: common/regen_goldens.sh [-h]
  Rewrites, from the committed fixtures and with mawk (the tests check that
  gawk and original-awk give the same bytes):
    <exp>/tests/golden-*        each listed experiment's summary section and
                                the tables it has goldens of (common/
                                summary_head.awk first where the golden
                                starts with its "## "), from
                                <exp>/tests/fixture-raw.txt
    false_sharing/tests/c2c/    the synthetic matrices (synth.awk), their
                                analyses (build/false_sharing_c2c -f) and the
                                map's summaries
    lockwait/tool/tests/report-golden*.txt   build/lockwait_report on the
                                committed trace
  Builds first (./build.sh). Needs mawk. Changes nothing else.
TXT
}

# no argument at all: an empty word (an unset variable) rewrote every golden
if [ $# -gt 0 ]; then
  case "$1" in
    -h|--help) usage; exit 0 ;;
    *) echo "regen_goldens.sh: unexpected argument '$1' (see -h)" >&2; exit 2 ;;
  esac
fi
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # read_experiments, summary_awk
BUILD=$ROOT/build
command -v mawk >/dev/null 2>&1 || { echo "regen_goldens.sh: needs mawk (Debian package mawk)" >&2; exit 1; }
"$ROOT/build.sh" >/dev/null || { echo "regen_goldens.sh: ./build.sh failed" >&2; exit 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/goldens.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# summary EXP HEAD NAME...: EXP's summary of its fixture into
# EXP/tests/golden-summary.md and the tables it writes, EXP-NAME, into
# EXP/tests/golden-NAME (the same run as testlib.sh's summary_goldens)
summary() {
  local exp=$1 head=$2 name t=$ROOT/$1/tests out=$TMP/$1; shift 2
  mkdir -p "$out"
  {
    [ "$head" = 1 ] && mawk -f "$ROOT/common/summary_head.awk" "$t/fixture-raw.txt"
    summary_awk mawk -v csvdir="$out" "$ROOT/$exp/summary.awk" "$t/fixture-raw.txt"
  } >"$t/golden-summary.md"
  for name in "$@"; do cp "$out/$exp-$name" "$t/golden-$name"; done
}
# every listed experiment with a committed fixture: its summary and each
# table it has a golden of; common/summary_head.awk first where its golden
# starts with the head's "## " heading (an experiment's own starts "### ")
read_experiments "$ROOT"
for e in "${EXPERIMENTS[@]}"; do
  t=$ROOT/$e/tests
  if [ ! -f "$t/fixture-raw.txt" ] || [ ! -f "$t/golden-summary.md" ]; then continue; fi
  head=0
  [ "$(head -c 3 "$t/golden-summary.md")" = "## " ] && head=1
  tables=()
  for g in "$t"/golden-*; do
    [ "$g" = "$t/golden-summary.md" ] || tables+=("${g#"$t"/golden-}")
  done
  summary "$e" "$head" ${tables[@]+"${tables[@]}"}
done

# the core-to-core map: synthetic matrices, their analyses, the summaries
C=$ROOT/false_sharing/tests/c2c
for s in smt clusters sockets outlier noise; do
  mawk -v scenario="$s" -f "$C/synth.awk" >"$C/fixture-$s.txt"
  "$BUILD/false_sharing_c2c" -f "$C/fixture-$s.txt" >"$C/golden-$s.txt" 2>/dev/null
done
for s in raw sockets smt; do
  mkdir -p "$TMP/c2c-$s"
  if [ "$s" = raw ]; then cat "$C/fixture-raw.txt"; else cat "$C/fixture-$s.txt" "$C/golden-$s.txt"; fi >"$TMP/c2c-$s/in.txt"
  summary_awk mawk -v csvdir="$TMP/c2c-$s" "$ROOT/false_sharing/summary_c2c.awk" "$TMP/c2c-$s/in.txt" >"$C/golden-$s.md"
  [ "$s" != smt ] || continue
  cp "$TMP/c2c-$s/false_sharing-c2c.svg" "$C/golden-$s.svg"
  cp "$TMP/c2c-$s/false_sharing-c2c.csv" "$C/golden-$s.csv"
  cp "$TMP/c2c-$s/false_sharing-c2c-classes.csv" "$C/golden-$s-classes.csv"
done

# lockwait_report on the committed trace of a real cache run
L=$ROOT/lockwait/tool/tests
"$BUILD/lockwait_report" -s -n 0 -W "$L/report-fixture.win" "$L/report-fixture.trace" >"$L/report-golden.txt" 2>/dev/null
"$BUILD/lockwait_report" -f "$L/report-fixture.trace" >"$L/report-golden-folded.txt"

echo "regen_goldens.sh: goldens rewritten; see git diff --stat" >&2

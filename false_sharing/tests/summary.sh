#!/usr/bin/env bash
# The false-sharing summary, from a committed raw file of a real run, is the
# committed golden output under mawk, gawk and original-awk alike (tables,
# CSVs and findings), and its numbers are the raw file's numbers.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

T=$ROOT/false_sharing/tests
fixture=$T/fixture-raw.txt
for awk_bin in mawk gawk original-awk; do
  if ! command -v "$awk_bin" >/dev/null 2>&1; then
    fail "$awk_bin installed" "needed to check the summary under every awk (.ci/run installs it)"
    continue
  fi
  out=$TMP/$awk_bin
  mkdir -p "$out"
  { "$awk_bin" -f "$ROOT/common/summary_head.awk" "$fixture"
    "$awk_bin" -v csvdir="$out" -f "$ROOT/false_sharing/summary.awk" "$fixture"; } >"$out/summary.md" 2>"$out/err"
  check_eq "$awk_bin: summary matches golden-summary.md" "" "$(diff "$T/golden-summary.md" "$out/summary.md" | head -n 5)"
  for csv in ns ratios pairs; do
    check_eq "$awk_bin: false_sharing-$csv.csv matches its golden" "" "$(diff "$T/golden-$csv.csv" "$out/false_sharing-$csv.csv" 2>&1 | head -n 5)"
  done
  check_eq "$awk_bin: nothing on stderr" "" "$(cat "$out/err")"
done

# the numbers in the table are the raw file's: recompute one ratio by hand
field() { grep "kind=cell variant=$1 layout=$2 threads=$3 " "$fixture" | tr ' ' '\n' | sed -n "s/^$4=//p"; }
adj=$(field atomic adjacent 2 ns_per_inc)
pad=$(field atomic pad128 2 ns_per_inc)
want=$(awk -v a="$adj" -v p="$pad" 'BEGIN { printf "%.2f", a / p }')
check "the atomic adjacent/pad128 ratio at 2 threads is the raw medians' ratio ($want)" \
  grep -q "| atomic | adjacent/pad128 | [^|]* | $want |" "$TMP/mawk/summary.md"
check "a cell with cv above 3% is flagged" grep -q ' !)' "$TMP/mawk/summary.md"

# a raw file with no results gives a clear section, not a broken table
printf '# sharecost raw results: false_sharing\n' >"$TMP/empty.txt"
check "an empty raw file says there are no results" \
  bash -c "awk -v csvdir='$TMP' -f '$ROOT/false_sharing/summary.awk' '$TMP/empty.txt' | grep -q 'No false_sharing results'"
finish

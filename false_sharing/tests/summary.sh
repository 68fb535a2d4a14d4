#!/usr/bin/env bash
# The false-sharing summary, from a committed raw file of a real run, is the
# committed golden output under mawk, gawk and original-awk alike (tables,
# CSVs and findings), and its numbers are the raw file's numbers.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

fixture=$ROOT/false_sharing/tests/fixture-raw.txt
summary_goldens false_sharing 1 ns.csv ratios.csv pairs.csv

# the numbers in the table are the raw file's: recompute one ratio by hand
field() { val "$(grep "kind=cell variant=$1 layout=$2 threads=$3 " "$fixture")" "$4"; }
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

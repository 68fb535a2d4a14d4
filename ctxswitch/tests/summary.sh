#!/usr/bin/env bash
# The ctxswitch summary, from a committed raw file of a real full run
# (./run.sh ctxswitch on the 2-CPU development VM), is the committed golden
# output under mawk, gawk and original-awk alike: markdown, both CSVs and the
# SVG. Its numbers are the paper's formula applied to the raw samples, and
# unpinned runs, failed self-checks and disagreeing cache sources show.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

T=$ROOT/ctxswitch/tests
fixture=$T/fixture-raw.txt
summary_goldens ctxswitch 0 direct.csv indirect.csv indirect.svg

# the formula: every C1, C2 and indirect cost in the fixture is the median of
# T1/(2R) - T2/R over its own samples (and C2 - C1)
cells=$(grep -c '^RESULT exp=ctxswitch ' "$fixture")
check_eq "the fixture's costs are the formula applied to its samples ($cells cells)" "checked $cells" \
  "$(awk -f "$T/recompute.awk" "$fixture")"
# and the check can fail: one changed C1 is caught
check "a C1 that does not match its samples is reported" \
  bash -c "sed '0,/ c1_ns=/s/ c1_ns=[0-9.]*/ c1_ns=1.0/' '$fixture' | awk -f '$T/recompute.awk' | grep -q 'RESULT says 1.0'"

# the table shows the raw file's numbers: one cell by hand
line=$(grep '^RESULT exp=ctxswitch kind=total mode=process size_kib=2048 access=rmw stride_bytes=128 ' "$fixture")
ind=$(val "$line" indirect_ns)
sig=$(val "$line" significant)
if [ "$sig" = yes ]; then want=$(awk -v x="$ind" 'BEGIN { printf "%.0f", x }'); else want=n.s.; fi
check "process rmw/128 at 2 MiB shows the raw indirect_ns ($want)" \
  grep -q "^| process | 2 MiB | [^|]* | [^|]* | $want |" "$TMP/mawk/summary.md"
ns_cells=$(grep -c '^RESULT exp=ctxswitch kind=total .* significant=no ' "$fixture" || true)
check_eq "one n.s. per non-significant cell in the table" "$ns_cells" "$(grep '^| ' "$TMP/mawk/summary.md" | grep -o 'n\.s\.' | grep -c . || true)"
check "the findings say where the sweep stopped against L2 and the LLC" \
  grep -q '^- The sweep stops at D = 2 MiB (1.00 × L2), below the LLC (300 MiB): the LLC knee is not measured' "$TMP/mawk/summary.md"
check "the summary links the plot under results/" grep -qF '](results/ctxswitch-indirect.svg)' "$TMP/mawk/summary.md"
check "the SVG marks L2 and says where the LLC is" \
  bash -c "grep -q '>L2</text>' '$TMP/mawk/ctxswitch-indirect.svg' && grep -q 'LLC (300 MiB) is beyond the right edge' '$TMP/mawk/ctxswitch-indirect.svg'"

# an unpinned QUICK run (PIN=0, a real run): placement said, failed checks marked
u=$TMP/unpinned
mkdir -p "$u"
awk -v csvdir="$u" -f "$ROOT/ctxswitch/summary.awk" "$T/fixture-unpinned-raw.txt" >"$u/summary.md"
check "unpinned: the summary says the OS placed the sides" grep -q '^The OS placed the two sides' "$u/summary.md"
flagged=$(grep -c '^RESULT exp=ctxswitch kind=total .* check=[a-z,]*' "$T/fixture-unpinned-raw.txt" || true)
notok=$(grep -c '^RESULT exp=ctxswitch kind=total .* check=\(csw\|migrated\)' "$T/fixture-unpinned-raw.txt" || true)
check_awk "unpinned: the fixture has cells that failed a self-check ($notok of $flagged)" "$notok > 0"
check_eq "unpinned: each failed cell is marked ! in the table" "$notok" "$(grep -o ' ! |' "$u/summary.md" | grep -c . || true)"
check "unpinned: the findings list the failed cells" grep -q "cells failed a self-check (marked !)" "$u/summary.md"
check "unpinned QUICK: the plot link names the quick file" grep -qF '](results/quick-ctxswitch-indirect.svg)' "$u/summary.md"

# cache sources that disagree are reported with the one used
{ cat "$fixture"; echo '# ctxswitch_cache_disagree: L2 sysfs_bytes=2097152 sysconf_bytes=1048576 sysctl_bytes=0 used=sysfs'; } >"$TMP/disagree.txt"
check "disagreeing cache sources are named in the summary" \
  bash -c "awk -v csvdir='$TMP' -f '$ROOT/ctxswitch/summary.awk' '$TMP/disagree.txt' | grep -q 'Cache sources disagree on L2: sysfs 2097152, sysconf 1048576.*sysfs was used'"

# no cache sizes known (some VMs, some OSes): no division by zero, said plainly
sed 's/l2_bytes=[0-9]*/l2_bytes=0/; s/llc_bytes=[0-9]*/llc_bytes=0/' "$fixture" >"$TMP/nocache.txt"
check "unknown L2 and LLC: the summary says unknown and stops cleanly" \
  bash -c "awk -v csvdir='$TMP' -f '$ROOT/ctxswitch/summary.awk' '$TMP/nocache.txt' | grep -q 'L2 unknown, LLC (L3) unknown'"

# a raw file with no results gives a clear section, not a broken table
printf '# sharecost raw results: ctxswitch\n' >"$TMP/empty.txt"
check "an empty raw file says there are no results" \
  bash -c "awk -v csvdir='$TMP' -f '$ROOT/ctxswitch/summary.awk' '$TMP/empty.txt' | grep -q 'No ctxswitch results'"
finish

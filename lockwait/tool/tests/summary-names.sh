#!/usr/bin/env bash
# summary-names.sh - the run's summary with a backslash in the names it
# carries: awk took its -v values' backslashes as escapes, so "-o 'r\new'"
# was said as "r", newline, "ew", and a TMPDIR holding "\t" made the
# summary write the name of the report shown below into a directory that
# does not exist (the report was then not shown). Both launchers. And
# where a report is when -o's file refused it (/dev/full): on stderr, said
# so (the summary said "report: in /dev/full").
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

L=$ROOT/lockwait/tool/lockwait
C=$BUILD/lw_counts
export TMPDIR="$TMP/a\\tb"
mkdir "$TMPDIR"
cd "$TMP"
"$L" -o 'r\new.txt' -- sh -c "'$C' handoff 5 >/dev/null; '$C' handoff 5 >/dev/null" 2>"$TMP/err"
check "-o 'r\\new.txt': the summary names the file as it is" grep -q 'report: in r\\new\.txt$' "$TMP/err"
for l in "$L" "$BUILD/lockwait"; do
  [ -x "$l" ] || continue
  "$l" sh -c "'$C' handoff 5 >/dev/null; true" 2>"$TMP/err"
  check "TMPDIR with a backslash, ${l#"$ROOT"/}: the one report is shown below the summary" \
    awk '/report: below/ { s = 1 } s && /^RESULT exp=lockwait kind=process/ { ok = 1 } END { exit !ok }' "$TMP/err"
done
# -o FILE that refuses the report: the library writes it to stderr, and
# the summary says so instead of naming FILE as where it is
if [ -w /dev/full ]; then
  "$L" -o /dev/full -- sh -c "'$C' handoff 5 >/dev/null; '$C' handoff 5 >/dev/null" 2>"$TMP/full.err"
  check_eq "-o /dev/full: both reports on stderr" 2 "$(grep -c '^RESULT exp=lockwait kind=process ' "$TMP/full.err")"
  check_eq "... the summary says each is on stderr, not in /dev/full" "2 0" \
    "$(grep -c '^  pid [0-9]* (lw_counts): .* report: on stderr, above (/dev/full could not be written)$' "$TMP/full.err") $(grep -c 'report: in /dev/full' "$TMP/full.err")"
else
  skip "-o /dev/full: the summary says where the reports are" "no writable /dev/full"
fi
finish

#!/usr/bin/env bash
# summary-names.sh - the run's summary with a backslash in the names it
# carries: awk took its -v values' backslashes as escapes, so "-o 'r\new'"
# was said as "r", newline, "ew", and a TMPDIR holding "\t" made the
# summary write the name of the report shown below into a directory that
# does not exist (the report was then not shown). Both launchers.
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
finish

#!/usr/bin/env bash
# Nothing is written through or over a symbolic link: a README.md or a
# results file that is a link stops run.sh before anything runs (exit 1,
# naming it, the link and its target as they were), and replace_file
# (common/lib.sh) refuses a link it meets at the end. It used to replace
# the link with a regular file of mode 0777. Nor is a file moved into a
# directory that stands where replace_file would put it.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_repo "$R"
echo "someone else's file" >"$TMP/target.md"
chmod 640 "$TMP/target.md"
target_sum=$(cksum <"$TMP/target.md")

# run_refuses NAME LINK ENV...: with LINK a link to target.md, run.sh (with
# ENV) exits 1 before it builds, naming LINK; the link and target stay
run_refuses() {
  local name=$1 link=$2 rc=0; shift 2
  rm -f "$link"; ln -s "$TMP/target.md" "$link"
  (cd "$R" && env "$@" ./run.sh ctxswitch >"$TMP/out" 2>"$TMP/err" </dev/null) || rc=$?
  check_eq "$name: run.sh exits 1" "1" "$rc"
  check "$name: it names the link and its target" grep -qF "${link#"$R"/} is a symbolic link (to $TMP/target.md)" "$TMP/err"
  check "$name: before it builds anything" bash -c "! grep -q building '$TMP/err' && [ ! -e '$R/build' ]"
  check "$name: the link is still a link to the target" test "$(readlink "$link")" = "$TMP/target.md"
  check_eq "$name: the target is unchanged, mode included" "$target_sum 640" "$(cksum <"$TMP/target.md") $(file_mode "$TMP/target.md")"
  rm -f "$link"
}
cp "$R/README.md" "$TMP/readme.keep"
run_refuses "README.md a link" "$R/README.md"
cp "$TMP/readme.keep" "$R/README.md"
run_refuses "results/summary.md a link" "$R/results/summary.md"
run_refuses "QUICK=1, results/quick-summary.md a link" "$R/results/quick-summary.md" QUICK=1

# replace_file itself, for a link that appears during the run
echo new >"$TMP/new"
ln -s "$TMP/target.md" "$TMP/dest"
rc=0; (PROG=t; replace_file "$TMP/new" "$TMP/dest") 2>"$TMP/err" || rc=$?
check_eq "replace_file onto a link: fails" "1" "$rc"
check "replace_file onto a link: says so" grep -q "dest is a symbolic link" "$TMP/err"
check "replace_file onto a link: the link stays a link" test -L "$TMP/dest"
check_eq "replace_file onto a link: the target is unchanged, mode included" "$target_sum 640" "$(cksum <"$TMP/target.md") $(file_mode "$TMP/target.md")"
# onto a directory: refused, nothing moved into it (mv would have)
mkdir "$TMP/adir"; echo new >"$TMP/new"
rc=0; (PROG=t; replace_file "$TMP/new" "$TMP/adir") 2>"$TMP/err" || rc=$?
check_eq "replace_file onto a directory: fails, saying so, the directory left empty" "1 1 0" \
  "$rc $(grep -c "adir is not a regular file" "$TMP/err") $(find "$TMP/adir" -mindepth 1 | wc -l)"
# and onto a regular file: the file's mode is kept
echo old >"$TMP/plain"; chmod 604 "$TMP/plain"; echo new >"$TMP/new"
check "replace_file onto a file: succeeds" replace_file "$TMP/new" "$TMP/plain"
check_eq "replace_file onto a file: new content, the old mode" "new 604" "$(cat "$TMP/plain") $(file_mode "$TMP/plain")"
finish

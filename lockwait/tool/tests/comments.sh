#!/usr/bin/env bash
# comments.sh - the comments of lockwait/tool cannot drift: every file a
# comment names (lw_mutex.c, report_model.c, tests/leaf.sh: a name with a
# .c, .h, .sh, .bash, .awk or .md ending, not a <system.h>) exists in the tree,
# every function a comment writes as name() is defined or called somewhere
# in the code (comments and strings left out), and every lw_ name a C
# comment gives (lw_stat_slow, lw_tls) is one the code uses or a part's
# file stem (lw_life); every other snake_case name a C comment gives is a
# word of the code, a script or a file name; and a C comment that places an
# lw_ name or a function in a file, as "lw_settle (lw_account" does, is
# right about it.
# Comments: tests/comments.awk splits C source; shell files' own comment
# lines are read as they are.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

TOOL=$ROOT/lockwait/tool
AWK_SPLIT=$TOOL/tests/comments.awk
# functions comments may name though the code never calls them: the C
# library's and the kernel's, for what the library does instead
OUTSIDE="closefrom sigset sigvec gettimeofday vfork"

cd "$ROOT"
# every file of the tree, and the sources whose comments are read
find . -path ./.git -prune -o -path './build*' -prune -o -type f -print | sed 's|^\./||' | sort >"$TMP/files"
grep -E '^lockwait/tool/.*\.[ch]$' "$TMP/files" >"$TMP/csrc"
grep -E '^lockwait/tool/.*\.(sh|bash)$' "$TMP/files" >"$TMP/shsrc"
grep -E '\.[ch]$' "$TMP/files" | grep -v '^lockwait/tool/tests/comments' >"$TMP/allc"

# the comments: FILE:LINE:TEXT
xargs awk -v mode=comments -f "$AWK_SPLIT" <"$TMP/csrc" >"$TMP/ccom"
# input: shell lines; a comment line is one whose first non-blank is '#' (not #!)
xargs awk '/^[ \t]*#/ && !/^#!/ && !/shellcheck/ { print FILENAME ":" FNR ":" $0 }' <"$TMP/shsrc" >"$TMP/shcom"
cat "$TMP/ccom" "$TMP/shcom" >"$TMP/com"
# the identifiers the code uses: C without comments and strings, and shell
xargs awk -v mode=code -f "$AWK_SPLIT" <"$TMP/allc" | cut -d: -f3- |
  grep -oE '[A-Za-z_][A-Za-z0-9_]*' | sort -u >"$TMP/ids"
grep -E '\.(sh|bash)$' "$TMP/files" | xargs grep -hoE '^[ \t]*[A-Za-z_][A-Za-z0-9_]*\(\)' |
  tr -d ' \t()' | sort -u >>"$TMP/ids"
for f in $OUTSIDE; do echo "$f"; done >>"$TMP/ids"
sort -u -o "$TMP/ids" "$TMP/ids"

# exists FILE-NAME: some file of the tree is it (a bare name: by its last
# component; a path: by its tail, whatever the directory the comment is in)
exists() {
  local t=$1
  while [[ "$t" == ../* || "$t" == ./* ]]; do t=${t#../}; t=${t#./}; done
  grep -qE "(^|/)${t//./\\.}\$" "$TMP/files"
}

bad_files=""
while IFS= read -r ref; do
  where=${ref%%|*} name=${ref#*|}
  exists "$name" || bad_files+=" $where names $name;"
done < <(
  # input: FILE:LINE:TEXT; output: FILE:LINE|NAME for each file name in TEXT
  awk -F: '{ t = $0; sub(/^[^:]*:[^:]*:/, "", t)
    while (match(t, /[A-Za-z0-9_.\/-]*[A-Za-z0-9_]\.(c|h|sh|bash|awk|md)([^A-Za-z0-9_]|$)/)) {
      s = substr(t, RSTART, RLENGTH); sub(/[^A-Za-z0-9_]$/, "", s)
      sys = RSTART > 1 && substr(t, RSTART - 1, 1) == "<"
      if (!sys && s !~ /^https?:/ && s !~ /%/) print $1 ":" $2 "|" s
      t = substr(t, RSTART + RLENGTH) } }' "$TMP/com" | sort -u)
if [ -z "$bad_files" ]; then pass "every file a comment names exists"; else fail "every file a comment names exists" "${bad_files%;}"; fi

bad_fns=""
while IFS= read -r ref; do
  where=${ref%%|*} name=${ref#*|}
  grep -qx "$name" "$TMP/ids" || bad_fns+=" $where names $name();"
done < <(
  # input: FILE:LINE:TEXT; output: FILE:LINE|NAME for each name written
  # with () in TEXT (not a method of another language's, as Thread.join)
  awk -F: '{ t = $0; sub(/^[^:]*:[^:]*:/, "", t)
    while (match(t, /(^|[^A-Za-z0-9_.])[A-Za-z_][A-Za-z0-9_]*\(\)/)) {
      s = substr(t, RSTART, RLENGTH - 2); sub(/^[^A-Za-z_]/, "", s)
      print $1 ":" $2 "|" s; t = substr(t, RSTART + RLENGTH) } }' "$TMP/com" | sort -u)
if [ -z "$bad_fns" ]; then pass "every function a comment names as name() is in the code"; else fail "every function a comment names as name() is in the code" "${bad_fns%;}"; fi

bad_lw=""
while IFS= read -r ref; do
  where=${ref%%|*} name=${ref#*|}
  grep -qx "$name" "$TMP/ids" || exists "$name.c" || exists "$name.h" || bad_lw+=" $where names $name;"
done < <(
  # input: FILE:LINE:TEXT of C comments; output: FILE:LINE|NAME for each lw_ name
  # that is not a file name's stem (lw_mutex.c is checked above)
  awk -F: '{ t = $0; sub(/^[^:]*:[^:]*:/, "", t)
    while (match(t, /(^|[^A-Za-z0-9_.\/])lw_[a-z0-9_]*[a-z0-9]/)) {
      s = substr(t, RSTART, RLENGTH); sub(/^[^l]*/, "", s); rest = substr(t, RSTART + RLENGTH)
      if (rest !~ /^\.(c|h)/) print $1 ":" $2 "|" s
      t = rest } }' "$TMP/ccom" | sort -u)
if [ -z "$bad_lw" ]; then pass "every lw_ name a C comment gives is in the code"; else fail "every lw_ name a C comment gives is in the code" "${bad_lw%;}"; fi

bad_at=""
while IFS= read -r ref; do
  IFS='|' read -r where name file <<<"$ref"
  path=$(grep -E "^lockwait/tool/(.*/)?${file//./\\.}\$" "$TMP/files" | head -n 1)
  [ -z "$path" ] || grep -qw "$name" "$path" || bad_at+=" $where says $name is in $file;"
done < <(
  # input: FILE:LINE:TEXT of C comments; output: FILE:LINE|NAME|FILE2 for each
  # name followed by a file in parentheses: lw_settle (lw_account.c, or
  # owner_note() (lw_fastpath.h
  awk -F: '{ t = $0; sub(/^[^:]*:[^:]*:/, "", t)
    while (match(t, /(lw_[A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*\(\)) \([a-z_0-9]+\.[ch][^A-Za-z0-9_]/)) {
      s = substr(t, RSTART, RLENGTH - 1); n = s; sub(/[( ].*/, "", n); f = s; sub(/.*\(/, "", f)
      print $1 ":" $2 "|" n "|" f; t = substr(t, RSTART + RLENGTH) } }' "$TMP/ccom" | sort -u)
if [ -z "$bad_at" ]; then pass "every name a comment places in a file is there"; else fail "every name a comment places in a file is there" "${bad_at%;}"; fi

# every other snake_case name a C comment gives (a function or field written
# without "()", as "see mutex_slow" once was) is a word of the code, of a
# script or of a file's name; NAMED lists the outside world's, that the
# code reads only as strings or offsets
NAMED="cntvct_el0 current_round pthread_barrier shared_ptr vgpreload_core vgpreload_helgrind"
grep -E '\.(sh|bash|awk)$' "$TMP/files" | grep -v '^lockwait/tool/tests/comments' | xargs cat |
  grep -oE '[A-Za-z_][A-Za-z0-9_]*' |
  cat - "$TMP/ids" <(sed 's|.*/||; s|\.[^.]*$||' "$TMP/files") <(tr ' ' '\n' <<<"$NAMED") | sort -u >"$TMP/words"
# known NAME...: each NAME that is not a known word, once
known() { printf '%s\n' "$@" | sort -u | comm -23 - "$TMP/words"; }
bad_names=""
while IFS= read -r ref; do
  where=${ref%%|*} name=${ref#*|}
  [ -z "$(known "$name")" ] || bad_names+=" $where names $name;"
done < <(
  # input: FILE:LINE:TEXT of C comments; output: FILE:LINE|NAME for each
  # snake_case name that is not a file's (lw_mutex.c) or a key's (wait_ns=)
  awk -F: '{ t = $0; sub(/^[^:]*:[^:]*:/, "", t)
    while (match(t, /(^|[^A-Za-z0-9_.\/-])[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]/)) {
      s = substr(t, RSTART, RLENGTH); sub(/^[^a-z]/, "", s); rest = substr(t, RSTART + RLENGTH)
      if (rest !~ /^(\.[a-z]|=)/) print $1 ":" $2 "|" s
      t = rest } }' "$TMP/ccom" | sort -u)
if [ -z "$bad_names" ]; then pass "every snake_case name a C comment gives is a word of the code"; else fail "every snake_case name a C comment gives is a word of the code" "${bad_names%;}"; fi

# the checks find what they look for: a comment naming a missing file and function
printf '/* see lw_gone.c and lw_gone_fn() */\nint x;\n' >"$TMP/probe.c"
got=$(awk -v mode=comments -f "$AWK_SPLIT" "$TMP/probe.c")
check_eq "comments.awk reads a comment, not the code" "$TMP/probe.c:1:  see lw_gone.c and lw_gone_fn() " "$got"
if exists lw_gone.c || grep -qx lw_gone_fn "$TMP/ids"; then
  fail "a missing file and function are found missing" "lw_gone.c or lw_gone_fn found"
else
  pass "a missing file and function are found missing"
fi
check_eq "a bare name no code has is found missing, a known one is not" "mutex_slow_gone" "$(known mutex_slow_gone lw_mutex_wait)"
finish

#!/usr/bin/env bash
# manual-kind.sh - the manual's "Adding a lock type" (docs/lockwait-manual.md)
# stays true of the code: every file it names exists, and every name it
# gives is defined or used in a file the section names beside it (the one
# just before or just after it), or, with no file near, in lockwait/tool's C.
# shellcheck disable=SC2016 # backticks in single quotes are the manual's
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

TOOL=$ROOT/lockwait/tool
MANUAL=$ROOT/docs/lockwait-manual.md

# section FILE: the lines of its "## Adding a lock type", up to the next "## "
section() { awk '/^## / { on = ($0 == "## Adding a lock type") ; next } on' "$1"; }
# names FILE: its section's backticked words, one per line in order, with
# "NEED(NAME)" read as NEED and "lw_real.NAME" as lw_real
names() {
  section "$1" | tr '\n' ' ' | grep -oE '`[^`]+`' | tr -d '`' |
    sed -E 's/\(NAME\)$//; s/\.NAME$//'
}
# file_of NAME: the path of a file the section names (lib/lw_real.h,
# lw_kinds.h, tests/agree.sh: under lockwait/tool), or nothing
file_of() {
  local f
  for f in "$ROOT/$1" "$TOOL/$1" "$TOOL/lib/$1" "$TOOL/report/$1" "$TOOL/tests/$1"; do
    [ -f "$f" ] && { echo "$f"; return; }
  done
  return 0
}
is_file() { [[ $1 =~ \.(c|h|sh|bash|awk|md)$ ]]; }

# check_section FILE: "" when every name holds, else what does not
check_section() {
  local words bad="" i j w before after
  mapfile -t words < <(names "$1")
  [ "${#words[@]}" -gt 0 ] || { echo "no section"; return; }
  for ((i = 0; i < ${#words[@]}; i++)); do
    w=${words[i]}
    [[ $w != *'*'* ]] || continue # tests/lw_*.c: a pattern
    if is_file "$w"; then
      [ -n "$(file_of "$w")" ] || bad+=" $w: no such file;"
      continue
    fi
    [[ $w =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue # "SANITIZE=1 ./build.sh" and the like
    before="" after=""
    for ((j = i - 1; j >= 0; j--)); do
      if is_file "${words[j]}"; then before=$(file_of "${words[j]}"); break; fi
    done
    for ((j = i + 1; j < ${#words[@]}; j++)); do
      if is_file "${words[j]}"; then after=$(file_of "${words[j]}"); break; fi
    done
    if [ -n "$before$after" ]; then
      { [ -n "$after" ] && grep -qw -- "$w" "$after"; } || { [ -n "$before" ] && grep -qw -- "$w" "$before"; } ||
        bad+=" $w: not in ${after#"$TOOL"/}${before:+ nor ${before#"$TOOL"/}};"
    else
      grep -rqw --include='*.[ch]' -- "$w" "$TOOL" || bad+=" $w: not in the code;"
    fi
  done
  echo "${bad%;}"
}

got=$(check_section "$MANUAL")
check_eq "every file and name the manual's 'Adding a lock type' gives is where it says" "" "$got"
check "... which names the kinds' table and the wait's three calls" \
  grep -qE 'lw_kinds\.h.*lw_wait_begin.*lw_wait_measure.*lw_wait_account' <(section "$MANUAL" | tr '\n' ' ')

# the check finds what it looks for: a name moved out of the file the
# section places it in, and a file that is gone
section "$MANUAL" | sed 's/`stat_of`/`stat_of_gone`/; s/`lw_barrier.c`/`lw_gone.c`/' |
  { echo "## Adding a lock type"; cat; } >"$TMP/manual.md"
got=$(check_section "$TMP/manual.md")
check "a name its file does not have is found" grep -q 'stat_of_gone: not in lib/lw_fastpath.h nor lib/lw_wrap.h' <<<"$got"
check "a file that does not exist is found" grep -q 'lw_gone.c: no such file' <<<"$got"
finish

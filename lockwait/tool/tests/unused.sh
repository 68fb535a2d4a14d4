#!/usr/bin/env bash
# unused.sh - no function of lockwait/tool is defined and never called:
# each function defined at the start of a line of a .c file outside the
# tests, not static, must be named in the tree's C code (comments and
# strings left out, tests/comments.awk) somewhere besides its definition
# and its declarations. Entry points are exempt: the wrappers the library
# exports (LW_API), constructors and destructors, and main. (Static ones
# are the compiler's: -Wunused-function.)
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

cd "$ROOT"
find lockwait/tool -name '*.c' -not -path '*/tests/*' | sort >"$TMP/src"
find . -path ./.git -prune -o -path './build*' -prune -o -name '*.[ch]' -print | sed 's|^\./||' | sort >"$TMP/all"
xargs awk -v mode=code -f lockwait/tool/tests/comments.awk <"$TMP/all" >"$TMP/code"
# input: FILE:LINE:CODE lines, two passes. First: the definitions, lines at
# column 0 of a source in SRC, not static, not an entry point, with a NAME(
# and no ';' (a prototype ends in one). Second: every identifier on a line
# that is neither a definition nor a declaration (column 0, ending in ';').
# Output: FILE:LINE NAME of each definition whose NAME no such line uses.
awk -F: -v SRC="$TMP/src" '
  BEGIN { while ((getline f < SRC) > 0) want[f] = 1 }
  function text() { t = $0; sub(/^[^:]*:[^:]*:/, "", t); return t }
  NR == FNR { t = text()
    if (!($1 in want) || t !~ /^[A-Za-z_]/ || t ~ /;/) next
    if (t ~ /^(static|typedef|struct [A-Za-z_0-9]+ \{|enum|LW_API|extern|_Static_assert)/) next
    if (t ~ /__attribute__\(\((constructor|destructor)\)\)/) next
    s = t; name = ""
    gsub(/__attribute__\(\([^()]*(\([^()]*\))?[^()]*\)\)/, "", s) # its attributes, one nesting deep
    if (match(s, /[A-Za-z_][A-Za-z0-9_]*\(/)) name = substr(s, RSTART, RLENGTH - 1)
    if (name != "" && name != "main") { def[$1 ":" $2] = name; defined[name] = $1 ":" $2 }
    next }
  { t = text()
    if (($1 ":" $2) in def) next
    if (t ~ /^[A-Za-z_]/ && t ~ /;[ \t]*$/ && t ~ /\(/) next
    while (match(t, /[A-Za-z_][A-Za-z0-9_]*/)) { used[substr(t, RSTART, RLENGTH)] = 1; t = substr(t, RSTART + RLENGTH) } }
  END { for (n in defined) if (!(n in used)) print defined[n], n }' "$TMP/code" "$TMP/code" | sort >"$TMP/unused"
if [ ! -s "$TMP/unused" ]; then
  pass "every function defined in lockwait/tool is called"
else
  fail "every function defined in lockwait/tool is called" "$(tr '\n' ';' <"$TMP/unused")"
fi
# the check finds what it looks for: a function nothing calls, in a copy
mkdir -p "$TMP/probe"
printf 'int lw_probe_unused(int x)\n{\n    return x;\n}\n' >"$TMP/probe/p.c"
got=$(awk -v mode=code -f lockwait/tool/tests/comments.awk "$TMP/probe/p.c" |
  awk '{ sub(/^[^:]*:[^:]*:/, "") } /^[A-Za-z_]/ && !/;/ { print }')
check_eq "a definition's first line is found" "int lw_probe_unused(int x)" "$got"
finish

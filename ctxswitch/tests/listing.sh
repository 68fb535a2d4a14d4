#!/usr/bin/env bash
# The array walk survives -O2 under gcc and clang (x86-64 listings): walk()
# is its own function, called from the timed loops; it reads memory (read,
# rmw) and writes memory (write, rmw) element by element; and it is not
# vectorised, so one loop iteration is one element; and each of its three
# element loops starts a 64-byte line (-falign-loops=64: a loop straddling a
# 32-byte boundary made the 1 MiB walk's indirect cost 17-30 us, not 3-5).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

[ "$(uname -m)" = x86_64 ] || { skip "walk() listing checks" "x86-64 only, this is $(uname -m)"; finish; }
flags=$("$ROOT/build.sh" --flags | tr " " "\n" | grep -v "^-l" | tail -n +2 | tr "\n" " ")
for cc in gcc clang; do
  need_tool "$cc" "$cc" "$cc listing checks of walk()" || continue
  s=$TMP/$cc.s
  # shellcheck disable=SC2086 # the flags are words
  if ! "$cc" $flags -I"$ROOT/common" -S "$ROOT/ctxswitch/pingpong.c" -o "$s" 2>"$TMP/cc.err"; then
    fail "$cc: compiles to a listing" "$(head -n 3 "$TMP/cc.err")"; continue
  fi
  # the body of walk: from its label to the next function's end marker
  awk '/^walk:/ { on = 1 } on { print } on && /^(\.Lfunc_end|\t\.size\twalk)/ { exit }' "$s" >"$TMP/walk.s"
  grep -v '^\s*\.\|^\s*#' "$TMP/walk.s" >"$TMP/walk"
  check "$cc: walk() is its own function" test -s "$TMP/walk"
  check "$cc: walk() is called, not inlined" grep -q 'call.*walk' "$s"
  check_eq "$cc: walk() uses no vector registers" "" "$(grep -E '%[xyz]mm' "$TMP/walk" || true)"
  check "$cc: walk() loads array elements ((base,index,8) source)" \
    grep -qE '^\s+(mov|add)q\s+\(%[a-z0-9]+,%[a-z0-9]+,8\), %' "$TMP/walk"
  check "$cc: walk() stores array elements ((base,index,8) destination)" \
    grep -qE '^\s+movq\s+%[a-z0-9]+, \(%[a-z0-9]+,%[a-z0-9]+,8\)' "$TMP/walk"
  stores=$(grep -cE '^\s+movq\s+%[a-z0-9]+, \(%[a-z0-9]+,%[a-z0-9]+,8\)' "$TMP/walk" || true)
  check_eq "$cc: exactly two element stores (write, rmw)" 2 "$stores"
  aligned=$(grep -cE '^\s+\.p2align\s+6(,|$)' "$TMP/walk.s" || true)
  check "$cc: walk()'s loops start on 64-byte lines (>= 3 .p2align 6, saw $aligned)" test "$aligned" -ge 3
done
finish

#!/usr/bin/env bash
# common/stats.c, runs.c and levels.c against known answers (common/tests/stats_check.c
# and runs_check.c, built
# here into a temp dir with build.sh's flags, so user builds do not build
# test programs), under gcc and, when installed, clang.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

read -r -a flags <<<"$("$ROOT/build.sh" --flags)"
cflags=("${flags[@]:1}")

# check_program CC NAME: build common/tests/NAME.c with CC and pass its checks through
check_program() {
  local cc=$1 name=$2 out
  if ! "$cc" "${cflags[@]}" -I"$ROOT/common" "$ROOT/common/tests/$name.c" \
      "$ROOT"/common/{common,stats,runs,levels,probe,clock}.c -o "$TMP/${name}_$cc" -lm 2>"$TMP/cc.err"; then
    fail "$name.c builds warning-free with $cc" "$(head -n 5 "$TMP/cc.err" | tr '\n' ' ')"
    return
  fi
  pass "$name.c builds warning-free with $cc"
  out=$("$TMP/${name}_$cc" 2>&1) || true
  # its own ok/not ok lines count as checks; name the compiler in them
  sed -n "s/^\(ok\|not ok\) - /\1 - [$cc] /p; /^# /p" <<<"$out"
  check_eq "[$cc] $name ran to the end" "# done" "$(tail -n 1 <<<"$out")"
}

for name in stats_check runs_check; do
  check_program "${flags[0]}" "$name"
  if command -v clang >/dev/null 2>&1 && [ "${flags[0]}" != clang ]; then check_program clang "$name"; fi
done
finish

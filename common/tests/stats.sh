#!/usr/bin/env bash
# common/stats.c against known answers (common/tests/stats_check.c, built
# here into a temp dir with build.sh's flags, so user builds do not build
# test programs), under gcc and, when installed, clang.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

read -r -a flags <<<"$("$ROOT/build.sh" --flags)"
cflags=("${flags[@]:1}")

# check_program CC: build stats_check with CC and pass its checks through
check_program() {
  local cc=$1 out
  if ! "$cc" "${cflags[@]}" -I"$ROOT/common" "$ROOT/common/tests/stats_check.c" \
      "$ROOT"/common/{common,stats,probe,cycles}.c -o "$TMP/stats_check_$cc" -lm 2>"$TMP/cc.err"; then
    fail "stats_check.c builds warning-free with $cc" "$(head -n 5 "$TMP/cc.err" | tr '\n' ' ')"
    return
  fi
  pass "stats_check.c builds warning-free with $cc"
  out=$("$TMP/stats_check_$cc" 2>&1) || true
  # its own ok/not ok lines count as checks; name the compiler in them
  sed -n "s/^\(ok\|not ok\) - /\1 - [$cc] /p; /^# /p" <<<"$out"
  check_eq "[$cc] stats_check ran to the end" "# done" "$(tail -n 1 <<<"$out")"
}

check_program "${flags[0]}"
if command -v clang >/dev/null 2>&1 && [ "${flags[0]}" != clang ]; then check_program clang; fi
finish

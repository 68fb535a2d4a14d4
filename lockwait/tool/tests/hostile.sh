#!/usr/bin/env bash
# hostile.sh - liblockwait under programs that pull the ground from under
# its report: the executable deleted before exit (its file:line must still
# come from the running file). The program (hostile-prog.c) is compiled
# here with -g, in a directory whose name has a space; its output and exit
# status must be the bare run's.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

SRC=$(dirname "$0")
D="$TMP/a dir"
mkdir -p "$D"
if ! cc -g -O0 -fno-omit-frame-pointer -pthread -o "$D/prog.bin" "$SRC/hostile-prog.c" -ldl 2>"$TMP/cc.err"; then
  skip "hostile programs" "cc failed: $(head -n 1 "$TMP/cc.err")"
  finish
fi
if ! command -v addr2line >/dev/null 2>&1; then
  skip "file:line of a deleted executable" "addr2line (binutils) is not installed"
else
  cp "$D/prog.bin" "$D/prog"
  bare=$("$D/prog" unlink; echo "status $?")
  cp "$D/prog.bin" "$D/prog"
  st=0
  preload "$TMP/unlink.txt" "$D/prog" unlink || st=$?
  check_eq "executable deleted: the bare run's output and status" "$bare" "$(cat "$TMP/stdout"; echo "status $st")"
  check "executable deleted: the wait still has its file:line" \
    grep -Eq '^       (at|by) wait_for_holder\+0x[0-9a-f]+ \(hostile-prog\.c:[0-9]+\)' "$TMP/unlink.txt"
fi
finish

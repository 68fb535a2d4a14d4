#!/usr/bin/env bash
# hostile.sh - liblockwait under programs that pull the ground from under
# its report: the executable deleted before exit (its file:line must still
# come from the running file), a loaded library replaced on disk by another
# build (its frames must not take the other file's names), a setting whose
# value holds a newline, no /proc, exit() on a tiny thread or coroutine stack,
# a contended lock in a signal handler on a small signal stack.
# The program (hostile-prog.c) is compiled here with -g, in a directory
# whose name has a space; its output and exit status must be the bare run's.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

# shellcheck disable=SC2317 # called through check
lacks() { ! grep -q "$@"; } # lacks GREP-ARGS...

SRC=$(dirname "$0")
D="$TMP/a dir"
mkdir -p "$D"
# a setting's bad value is quoted in the report, on one line
LOCKWAIT_STACK_DEPTH=$'8\nRESULT exp=lockwait kind=forged' preload "$TMP/forged.txt" "$BUILD/lw_calls"
check "a bad LOCKWAIT_STACK_DEPTH with a newline is said on one line" \
  grep -q "^lockwait: settings ignored: LOCKWAIT_STACK_DEPTH='8?RESULT exp=lockwait kind=forged' ignored" "$TMP/forged.txt"
check "... and forges no RESULT line" lacks -q '^RESULT exp=lockwait kind=forged' "$TMP/forged.txt"

if ! cc -g -O0 -fno-omit-frame-pointer -pthread -o "$D/prog.bin" "$SRC/hostile-prog.c" -ldl 2>"$TMP/cc.err"; then
  skip "hostile programs" "cc failed: $(head -n 1 "$TMP/cc.err")"
  finish
fi
# a heap lock never initialised: named once by its first use's stack
preload "$TMP/heap.txt" "$D/prog.bin" heapwait || true # exits 3
check "a heap lock without init: its first use said once" \
  grep -Eq '^#1 mutex 0x[0-9a-f]+ \(first used at holder\+0x[0-9a-f]+\)$' "$TMP/heap.txt"

# exit() on a thread with a 16 KiB stack: the report needs more than that
bare=$("$D/prog.bin" smallexit; echo "status $?")
st=0
preload "$TMP/small.txt" "$D/prog.bin" smallexit || st=$?
check_eq "exit on a 16 KiB thread stack: the bare run's output and status" "$bare" "$(cat "$TMP/stdout"; echo "status $st")"
check "... and the report is whole" grep -q '^RESULT exp=lockwait kind=lockstack ' "$TMP/small.txt"
# ... and in a coroutine on an 8 KiB stack
bare=$("$D/prog.bin" coexit; echo "status $?")
st=0
preload "$TMP/co.txt" "$D/prog.bin" coexit || st=$?
check_eq "exit in a coroutine on 8 KiB: the bare run's output and status" "$bare" "$(cat "$TMP/stdout"; echo "status $st")"
check "... and the report is whole" grep -q '^RESULT exp=lockwait kind=lockstack ' "$TMP/co.txt"
# a signal handler on a 5632-byte signal stack waits for a contended lock:
# the wrapper's slow path must fit beside the kernel's signal frame
bare=$("$D/prog.bin" altstack; echo "status $?")
st=0
preload "$TMP/alt.txt" "$D/prog.bin" altstack || st=$?
check_eq "a contended lock in a handler on a 5632-byte signal stack: the bare run's output and status" \
  "$bare" "$(cat "$TMP/stdout"; echo "status $st")"
check "... and its wait is reported, at the handler's call" \
  grep -Eq '^RESULT exp=lockwait kind=lock .* contended=1 .* site=lock_in_handler\+0x[0-9a-f]+ ' "$TMP/alt.txt"

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

# no /proc (a mount namespace without it): the executable is found by the
# path it was started by, relative here, for its names and file:line
if ! command -v unshare >/dev/null 2>&1 || ! unshare -m sh -c 'umount -l /proc' 2>/dev/null; then
  skip "no /proc" "cannot unmount /proc in a new mount namespace (needs root and unshare)"
else
  bare=$(cd "$D" && ./prog.bin wait; echo "status $?")
  got=$(cd "$D" && LOCKWAIT_OUT=$TMP/noproc.txt LD_PRELOAD=$LIB unshare -m sh -c 'umount -l /proc && exec ./prog.bin wait'
    echo "status $?")
  check_eq "no /proc: the bare run's output and status" "$bare" "$got"
  check "no /proc: the executable's functions named, with file:line" \
    grep -Eq '^       (at|by) wait_for_holder\+0x[0-9a-f]+( \(hostile-prog\.c:[0-9]+\))?$' "$TMP/noproc.txt"
  if command -v addr2line >/dev/null 2>&1; then
    check "no /proc: file:line from the executable started by a relative path" \
      grep -Eq '^       (at|by) wait_for_holder\+0x[0-9a-f]+ \(hostile-prog\.c:[0-9]+\)$' "$TMP/noproc.txt"
  fi
fi

if ! cc -g -O0 -fno-omit-frame-pointer -fPIC -shared -o "$D/lib one.so" "$SRC/hostile-lib.c" 2>"$TMP/cc.err" ||
  ! cc -g -O0 -fno-omit-frame-pointer -fPIC -shared -DREPLACEMENT -o "$D/lib two.so" "$SRC/hostile-lib.c" 2>>"$TMP/cc.err"; then
  skip "a library replaced on disk" "cc -shared failed: $(head -n 1 "$TMP/cc.err")"
else
  cp "$D/lib one.so" "$D/lib.so" && cp "$D/lib two.so" "$D/new.so"
  bare=$("$D/prog.bin" dlswap "$D/lib.so" "$D/new.so"; echo "status $?")
  cp "$D/lib one.so" "$D/lib.so" && cp "$D/lib two.so" "$D/new.so"
  st=0
  preload "$TMP/swap.txt" "$D/prog.bin" dlswap "$D/lib.so" "$D/new.so" || st=$?
  check_eq "library replaced: the bare run's output and status" "$bare" "$(cat "$TMP/stdout"; echo "status $st")"
  check "library replaced: no frame named from the other build" lacks -E 'wrong_(function|holder)' "$TMP/swap.txt"
  check "library replaced: its wait is at an offset in the loaded library" \
    grep -Eq '^       at (lib_wait|lib\.so)\+0x[0-9a-f]+' "$TMP/swap.txt"
fi
finish

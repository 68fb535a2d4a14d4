#!/usr/bin/env bash
# owner-retry.sh - a glibc mutex held with its owner field empty (as for an
# instant while its holder releases it) gets one more trylock before the
# library measures a wait: the real trylock calls, counted by a library
# preloaded after liblockwait, are one more than with the owner in place,
# and the wait is still measured when that try fails.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

SRC=$(dirname "$0")
# (getconf, not ldd --version | grep -q: ldd writes on after the line grep
# stops at, and pipefail then saw SIGPIPE and skipped now and then)
glibc_or_skip "owner retry" "no owner field to read"
if ! cc -O1 -pthread -rdynamic -o "$TMP/prog" "$SRC/owner-retry-prog.c" 2>"$TMP/cc.err" ||
  ! cc -O1 -fPIC -shared -o "$TMP/count.so" "$SRC/owner-retry-count.c" -ldl -pthread 2>>"$TMP/cc.err"; then
  skip "owner retry" "cc failed: $(head -n 1 "$TMP/cc.err")"
  finish
fi

# calls MODE: the count of real trylock calls in one run (its report: $TMP/MODE.txt)
calls() {
  LOCKWAIT_OUT="$TMP/$1.txt" LD_PRELOAD="$LIB:$TMP/count.so" "$TMP/prog" "$1" >"$TMP/$1.out" 2>"$TMP/$1.err"
  sed -n 's/^trylock_calls=\([0-9]*\)$/\1/p' "$TMP/$1.err"
}
kept=$(calls kept)
cleared=$(calls cleared)
check "the counting library saw the library's trylocks" test -n "$kept" -a -n "$cleared"
check_awk "an empty owner field: one trylock more ($kept, then $cleared)" "${cleared:-0} == ${kept:-0} + 1" \
  "kept $kept, cleared $cleared"
for mode in kept cleared; do
  check "$mode: the program ran to its end" grep -qx "done" "$TMP/$mode.out"
  check "$mode: the wait was measured" grep -Eq '^RESULT exp=lockwait kind=lock .* contended=1 ' "$TMP/$mode.txt"
done
# the owner retry finds a robust mutex's owner died: the lock is the caller's
if command -v timeout >/dev/null; then
  st=0
  LOCKWAIT_OUT="$TMP/dead.txt" LD_PRELOAD="$LIB:$TMP/count.so" timeout 20 "$TMP/prog" ownerdead >"$TMP/dead.out" 2>&1 ||
    st=$?
  check_eq "an EOWNERDEAD at the owner retry reaches the caller (no second lock)" "0 rc=EOWNERDEAD" \
    "$st $(grep '^rc=' "$TMP/dead.out")"
else
  skip "EOWNERDEAD at the owner retry" "no timeout(1) to end a deadlock"
fi
finish

# testlib.sh - sourced by every test file (common/tests/*.sh, <exp>/tests/*.sh).
# A test file is a bash script; each check prints "ok - NAME" or
# "not ok - NAME: why". test.sh counts those lines. Checks never exit early,
# so one failure does not hide the rest.
# shellcheck shell=bash

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
BUILD_ASAN=${BUILD_ASAN:-$ROOT/build-asan}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sharecost-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
_failed=0

pass() { echo "ok - $1"; }
fail() { echo "not ok - $1: $2"; _failed=1; }

# check NAME CMD...: passes when CMD exits 0
check() {
  local name=$1; shift
  if "$@" >"$TMP/out" 2>&1; then pass "$name"; else fail "$name" "'$*' exited $? ($(tail -n 3 "$TMP/out" | tr '\n' ' '))"; fi
}

# check_eq NAME EXPECTED ACTUAL
check_eq() {
  if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected '$2', got '$3'"; fi
}

# check_exit NAME CODE CMD...: passes when CMD exits with CODE
check_exit() {
  local name=$1 want=$2 got=0; shift 2
  "$@" >"$TMP/out" 2>&1 || got=$?
  if [ "$got" = "$want" ]; then pass "$name"; else fail "$name" "'$*' exited $got, expected $want ($(tail -n 2 "$TMP/out" | tr '\n' ' '))"; fi
}

# check_awk NAME 'awk condition on $0' STRING: passes when the condition is true
check_awk() {
  if awk "BEGIN { exit !($2) }" </dev/null; then pass "$1"; else fail "$1" "${3:-condition '$2' false}"; fi
}

# tree_sum DIR...: a fingerprint of files, to show that nothing was written
tree_sum() {
  find "$@" -type f ! -path '*/.git/*' -print0 2>/dev/null | sort -z | xargs -0 cksum 2>/dev/null | cksum
}

finish() { exit "$_failed"; }

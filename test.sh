#!/usr/bin/env bash
# test.sh - run every test file (common/tests/*.sh and <experiment>/tests/*.sh)
# against a fresh build, and end with "N passed, N failed".
set -euo pipefail

usage() {
  cat <<'TXT'
usage: ./test.sh [-h] [FILTER...]
  Builds (normal and ASan+UBSan), then runs every tests/*.sh file whose path
  contains one of the FILTER words (default: all). Each check prints
  "ok - NAME" or "not ok - NAME: why"; the last line is "N passed, N failed".
  Exit status 0 only when nothing failed.
TXT
}

ROOT=$(cd "$(dirname "$0")" && pwd)
filters=()
for a in "$@"; do
  case "$a" in
    -h|--help) usage; exit 0 ;;
    -*) echo "test.sh: unknown option '$a' (see -h)" >&2; exit 2 ;;
    *) filters+=("$a") ;;
  esac
done

selected() {
  local f=$1 w
  [ "${#filters[@]}" -eq 0 ] && return 0
  for w in "${filters[@]}"; do case "$f" in *"$w"*) return 0 ;; esac; done
  return 1
}

passed=0 failed=0
count() { # count FILE-OUTPUT EXIT-CODE NAME
  local p f
  p=$(grep -c '^ok - ' <<<"$1" || true)
  f=$(grep -c '^not ok - ' <<<"$1" || true)
  if [ "$2" != 0 ] && [ "$f" = 0 ]; then
    echo "not ok - $3: exited $2 without a failed check"; f=1
  fi
  passed=$((passed + p)); failed=$((failed + f))
}

cd "$ROOT"
if out=$(./build.sh 2>&1) && out2=$(SANITIZE=1 ./build.sh 2>&1); then
  echo "ok - build (normal and ASan+UBSan)"; passed=$((passed + 1))
else
  printf '%s\n%s\n' "$out" "${out2:-}" | tail -n 20
  echo "not ok - build failed"; echo "$passed passed, $((failed + 1)) failed"; exit 1
fi

for t in common/tests/*.sh false_sharing/tests/*.sh ctxswitch/tests/*.sh lockwait/tests/*.sh; do
  [ -f "$t" ] || continue
  selected "$t" || continue
  echo "# $t"
  rc=0
  out=$(bash "$t" 2>&1) || rc=$?
  printf '%s\n' "$out" | grep -E '^(ok|not ok) - |^#' || true
  count "$out" "$rc" "$t"
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

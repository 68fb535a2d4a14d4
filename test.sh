#!/usr/bin/env bash
# test.sh - run every test file (common/tests/*.sh, then the tests/*.sh of
# each experiment in common/experiments, nested tests/ directories included)
# against a fresh build, and end with "N passed, N failed, K skipped".
set -euo pipefail
export LC_ALL=C # tests compare numbers and bytes: the same in every locale

usage() {
  cat <<'TXT'
usage: ./test.sh [-h] [FILTER...]
  Builds (normal and ASan+UBSan, with the test programs), then runs every
  tests/*.sh file of common/ and of each experiment in common/experiments
  (any tests/ directory below it) whose path contains one of the FILTER
  words (default: all; a word that matches no file is a failed check). A
  directory with an exp.sh that common/experiments does not name is a failed
  check: its tests would not run. Each check prints
  "ok - NAME", "not ok - NAME: why", or "ok - NAME # SKIP why" when a tool it
  needs is missing (a failure instead under CI=true, where .ci/run installs
  every tool); the last line is "N passed, N failed, K skipped".
  Exit status 0 only when nothing failed. Ctrl-C (SIGINT) stops the run
  with the counts so far and exit status 130; SIGTERM likewise, with 143.
TXT
}

ROOT=$(cd "$(dirname "$0")" && pwd)
PROG=test.sh
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # read_experiments
read_experiments "$ROOT"
filters=()
for a in "$@"; do
  case "$a" in
    -h|--help) usage; exit 0 ;;
    -*) echo "test.sh: unknown option '$a' (see -h)" >&2; exit 2 ;;
    # an empty word is in every path: it would run every test
    '') echo "test.sh: an empty FILTER word (an unset variable?) would select every test file" >&2; exit 2 ;;
    *) filters+=("$a") ;;
  esac
done

selected() {
  local f=$1 w
  [ "${#filters[@]}" -eq 0 ] && return 0
  for w in "${filters[@]}"; do case "$f" in *"$w"*) return 0 ;; esac; done
  return 1
}

passed=0 failed=0 skipped=0
count() { # count FILE-OUTPUT EXIT-CODE NAME
  local p f s
  p=$(grep -c '^ok - ' <<<"$1" || true)
  s=$(grep -c '^ok - .* # SKIP ' <<<"$1" || true)
  f=$(grep -c '^not ok - ' <<<"$1" || true)
  if [ "$2" != 0 ] && [ "$f" = 0 ]; then
    echo "not ok - $3: exited $2 without a failed check"; f=1
  fi
  passed=$((passed + p - s)); failed=$((failed + f)); skipped=$((skipped + s))
}
summary() { echo "$passed passed, $failed failed, $skipped skipped"; }

# registered: every directory with an exp.sh is in common/experiments (or
# its tests never run), and every name there has its exp.sh
registered() {
  local f e bad=""
  for f in */exp.sh; do
    [ -f "$f" ] || continue
    e=${f%/exp.sh}
    [[ " ${EXPERIMENTS[*]} " == *" $e "* ]] || bad="$bad $e/ has an exp.sh but is not in common/experiments;"
  done
  for e in "${EXPERIMENTS[@]}"; do
    [ -f "$e/exp.sh" ] || bad="$bad common/experiments names $e but there is no $e/exp.sh;"
  done
  if [ -z "$bad" ]; then
    echo "ok - every experiment directory is registered in common/experiments"; passed=$((passed + 1))
  else
    echo "not ok - experiment registration:${bad%;}"; failed=$((failed + 1))
  fi
}

# test_files: common/tests/*.sh, then each experiment's tests/*.sh (its own
# and nested ones such as lockwait/tool/tests), in list order
test_files() {
  local e d
  printf '%s\n' common/tests/*.sh
  for e in "${EXPERIMENTS[@]}"; do
    [ -d "$e" ] || continue
    find "$e" -type d -name tests | LC_ALL=C sort | while IFS= read -r d; do
      printf '%s\n' "$d"/*.sh
    done
  done
}

# unmatched: each FILTER word must select a test file; a typo ("lockwiat")
# would otherwise run nothing and pass
unmatched() {
  local w t hit
  for w in "${filters[@]}"; do
    hit=0
    for t in "${files[@]}"; do
      [ -f "$t" ] && [[ $t == *"$w"* ]] && { hit=1; break; }
    done
    [ "$hit" = 1 ] || { echo "not ok - FILTER '$w' matches no test file"; failed=$((failed + 1)); }
  done
}

# the log every test file's lines go to, made before the build: a TMPDIR
# that cannot take it was found only after minutes of building
log=$(mktemp "${TMPDIR:-/tmp}/sharecost-test.log.XXXXXX" 2>/dev/null) ||
  die "cannot create a temp file in ${TMPDIR:-/tmp} (TMPDIR): nothing was built or run"
trap 'rm -f "$log"' EXIT
cd "$ROOT"
registered
mapfile -t files < <(test_files)
[ "${#filters[@]}" -eq 0 ] || unmatched
if out=$(./build.sh --tests 2>&1) && out2=$(SANITIZE=1 ./build.sh --tests 2>&1); then
  echo "ok - build (normal and ASan+UBSan)"; passed=$((passed + 1))
else
  printf '%s\n%s\n' "$out" "${out2:-}" | tail -n 20
  echo "not ok - build failed"; failed=$((failed + 1)); summary; exit 1
fi

# each file's check lines as they come (a file can take minutes), kept in a
# log that count() reads when the file ends
# show_checks: the check lines (ok, not ok, # comments) of stdin, each at once
show_checks() {
  local line
  while IFS= read -r line || [ -n "$line" ]; do
    case $line in "ok - "* | "not ok - "* | "#"*) printf '%s\n' "$line" ;; esac
  done
}
# Ctrl-C stops the whole run, not only the test file it interrupts: bash
# went on with a file whose command caught SIGINT (run.sh does, to clean
# up), and then with the next file. Each file runs as a job of its own
# (set -m: a process group, where SIGINT is not ignored as it is for a plain
# background job); test.sh waits for it, so a Ctrl-C reaches test.sh at
# once; on_interrupt stops the file's whole group with SIGTERM (run.sh
# cleans up on it too), counts what it had printed, and stops.
t='' job=''
# on_interrupt SIG CODE: stop the test file that runs (in a process group of
# its own: a SIGTERM to test.sh alone left it running as an orphan), the
# counts so far, exit CODE
on_interrupt() {
  trap - INT TERM
  if [ -n "$job" ]; then
    kill -TERM -- "-$job" 2>/dev/null || true
    wait "$job" 2>/dev/null || true
  fi
  [ -z "$t" ] || count "$(cat "$log")" 0 "$t"
  echo "test.sh: interrupted (SIG$1)${t:+ in $t}; the counts so far:"
  summary
  exit "$2"
}
trap 'on_interrupt INT 130' INT
trap 'on_interrupt TERM 143' TERM
for t in "${files[@]}"; do
  [ -f "$t" ] || continue
  selected "$t" || continue
  echo "# $t"
  # input: the file's stdout and stderr, each check line shown when it
  # comes (read by bash a line at a time: mawk reads a pipe in blocks and
  # held the lines back until the file ended); stdin /dev/null, as a job
  # not in the terminal's foreground must not read it
  set -m
  (set +e; bash "$t" 2>&1 </dev/null | tee "$log" | show_checks; exit "${PIPESTATUS[0]}") &
  job=$!
  set +m
  rc=0
  wait "$job" || rc=$?
  job=''
  count "$(cat "$log")" "$rc" "$t"
done
t=''

summary
[ "$failed" = 0 ]

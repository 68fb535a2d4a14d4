#!/usr/bin/env bash
# A run that is interrupted, or cannot write, changes nothing: SIGINT and
# SIGTERM at random moments of a QUICK run (10 times) leave README.md and
# results/ byte-identical with no stray process or temp file; a read-only
# results/ and a disk that fills up mid-run give a clear error and leave
# README.md untouched.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # read_experiments
read_experiments "$ROOT"

R=$TMP/repo
scratch_repo "$R"
EXPS=${INTERRUPT_EXPS:-${EXPERIMENTS[*]}}
# a finished QUICK run first, so there are quick-* files that must survive;
# its length (built beforehand, as later runs are) sets the range of the
# random moments
(cd "$R" && ./build.sh >/dev/null 2>&1)
t0=$(date +%s%N)
# shellcheck disable=SC2086
QUICK=1 "$R/run.sh" $EXPS >/dev/null 2>&1
span_ms=$((($(date +%s%N) - t0) / 1000000))
before=$(tree_sum "$R/results" "$R/README.md")

set -m # own process group per run, SIGINT not ignored (see run_sh.sh)
RANDOM=7 # the same moments on every run of this test
if ! signal_usable INT; then skip "interrupts with SIGINT" "SIGINT is ignored in this test (started in the background) and env --default-signal cannot undo it: SIGTERM only"; fi
for i in $(seq 10); do
  sig=INT; { [ $((i % 2)) = 0 ] || ! signal_usable INT; } && sig=TERM
  delay=$(awk -v r="$RANDOM" -v s="$span_ms" 'BEGIN { printf "%.2f", 0.1 + (r % 1000) / 1000 * 0.9 * s / 1000 }')
  # shellcheck disable=SC2086
  QUICK=1 ${SIGNALS_DEFAULT[@]+"${SIGNALS_DEFAULT[@]}"} "$R/run.sh" $EXPS >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -"$sig" -- -"$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  state=$(tree_sum "$R/results" "$R/README.md")
  left=$(find "$R/results" -maxdepth 1 \( -name '.tmp*' -o -name .lock -o -name '.README*' \))
  procs=$(running "$R/build/")
  # a run that finished before the signal rewrote the quick files: new baseline
  if [ "$state" != "$before" ] && grep -q . "$R/results/quick-summary.md" && [ -z "$left" ]; then
    before=$state; note=" (run had finished)"
  else note=""; fi
  check_eq "interrupt $i: SIG$sig after ${delay}s leaves results/ and README.md as they were$note" "$before" "$state"
  check_eq "interrupt $i: no temp file or lock left" "" "$left"
  check_eq "interrupt $i: no benchmark process left" "" "$procs"
done
set +m

# read-only results/ and a full disk: needs root and mount (CI has both)
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
  readme=$(cksum <"$R/README.md")
  rc=0
  unshare -m bash -c "mount -t tmpfs -o ro tmpfs '$R/results' && '$R/run.sh' false_sharing" >/dev/null 2>"$TMP/ro.err" || rc=$?
  check_eq "read-only results/: exit 1" "1" "$rc"
  check "read-only results/: the error names results/" grep -q 'results is not writable' "$TMP/ro.err"
  check_eq "read-only results/: README.md untouched" "$readme" "$(cksum <"$R/README.md")"
  rc=0
  unshare -m bash -c "mount -t tmpfs -o size=12k tmpfs '$R/results' && ITERS_LOG2=12 REPS=1 '$R/run.sh' false_sharing" >/dev/null 2>"$TMP/full.err" || rc=$?
  check_eq "disk full mid-run: exit 1" "1" "$rc"
  check "disk full mid-run: a clear error" grep -qi 'no space left\|cannot write\|failed' "$TMP/full.err"
  check_eq "disk full mid-run: README.md untouched" "$readme" "$(cksum <"$R/README.md")"
else
  skip "read-only results/ and full disk" "need root and mount namespaces (unshare -m)"
fi
finish

#!/usr/bin/env bash
# run.sh - run sharecost's experiments, keep their raw output with its
# provenance, summarise it with awk into results/summary.md, and splice its
# headline (common/headline.awk) into README.md between the results markers.
# Everything is written to a temp directory first and moved into place at the
# end, so an interrupted or failed run leaves results/ and README.md as they were.
# Its parts, in common/: run_args.sh (usage, arguments, the checks before
# anything runs), run_lock.sh (one run at a time), run_machine.sh (the clock
# estimate and provenance), run_invocations.sh (the measuring loop),
# run_summary.sh (the summary, publishing, --summarize); this file holds the
# traps that keep results/ whole and the order of the steps (main).
set -euo pipefail
# awk, printf and sort -n read and write numbers per LC_NUMERIC: a decimal
# comma locale would corrupt every table. Same bytes in every locale.
export LC_ALL=C

PROG=run.sh
ROOT=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh"
# shellcheck source=common/previous.sh
source "$ROOT/common/previous.sh" # keep_previous, compare_previous
# the clock figures are measured below; CLOCK_GHZ* inherited from the caller
# are not measurements and must not reach the raw files
for v in $(compgen -v CLOCK_GHZ); do unset "$v"; done
# the benchmarks die with this run (common.c; Linux), not linger as orphans
export SHARECOST_RUN_PID=$$
read_experiments "$ROOT"
BUILD=$ROOT/build
RESULTS=$ROOT/results
README=$ROOT/README.md

# what every experiment reads; the rest is each experiment's (its exp.sh)
QUICK=${QUICK:-0}
REPS=${REPS:-}
PIN=${PIN:-}
INVOCATIONS=${INVOCATIONS:-}

# shellcheck source=common/run_args.sh
source "$ROOT/common/run_args.sh" # usage, parse_args, check_knobs, check_spelling, refuse_symlinks
# shellcheck source=common/run_lock.sh
source "$ROOT/common/run_lock.sh" # take_lock, release_lock, clean_leftovers
# shellcheck source=common/run_machine.sh
source "$ROOT/common/run_machine.sh" # measure_clocks, provenance, cpu_ticks, steal_line
# shellcheck source=common/run_invocations.sh
source "$ROOT/common/run_invocations.sh" # run_invocations, tag_lines, combine_invocations
# shellcheck source=common/run_summary.sh
source "$ROOT/common/run_summary.sh" # write_summary, summarize_dir, publish_run

# ---- exit and signals: results/ and README.md all or nothing ----
TMPD='' README_NEW=''
cleanup() {
  kill_child
  # background jobs (the clock_estimate copies) ignore SIGINT: stop them too
  local j
  for j in $(jobs -p); do kill -TERM "$j" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "$TMPD" ] && rm -rf "$TMPD"
  [ -n "$README_NEW" ] && rm -f "$README_NEW"
  release_lock
  return 0
}
# an experiment that stopped run.sh (a failed step under set -e, or die),
# and which of its invocations
RUNNING='' RUNNING_INV=''
on_exit() {
  local rc=$?
  if [ -n "$PUBLISH_FAILED" ]; then
    echo "$PROG: writing the results failed part-way (above): results/ may hold some files of this run beside older ones; run it again" >&"$ERR_FD" || true
  elif [ -n "$RUNNING" ]; then
    echo "$PROG: $RUNNING failed; see the messages above. README.md and the files in results/ were left as they were." >&"$ERR_FD" || true
    # called with ||, so that a write it cannot make (a full disk) does not
    # stop this trap under set -e before cleanup: that left the lock and the
    # temp directory behind, and exit status 4 (sed's)
    keep_unfinished || echo "$PROG: could not keep what it measured" >&"$ERR_FD" || true
  elif [ "$rc" != 0 ] && [ -z "$PUBLISHED" ]; then
    # a failed step of run.sh's own (a full disk) said only what the
    # command said, not that the run stopped and wrote nothing
    echo "$PROG: stopped by the failure above (exit status $rc); README.md and the files in results/ were left as they were" >&"$ERR_FD" || true
  fi
  cleanup
}
# keep_unfinished: what a failed run measured, in a directory of its own
# (results/failed-STAMP/, never a name in use): the raw files so far, the
# failed experiment's with the lines its unfinished invocation had printed.
# A 20-minute run that fails in its last minute keeps its 19 minutes.
keep_unfinished() {
  [ -n "$TMPD" ] && [ -d "$TMPD/out" ] || return 0
  local f kept=() dir
  if [ -s "$TMPD/inv.out" ]; then
    for f in "$TMPD/out/$RUNNING-raw.txt" "$TMPD/out/quick-$RUNNING-raw.txt"; do
      [ -f "$f" ] && tag_lines "$RUNNING_INV" <"$TMPD/inv.out" >>"$f"
    done
  fi
  # the hand-off probe alone is no measurement: a run stopped by a setting
  # its first invocation refused keeps nothing
  for f in "$TMPD"/out/*-raw.txt; do
    awk '/^RESULT / && !/^RESULT exp=[a-z0-9_]+ kind=handoff / { found = 1; exit } END { exit !found }' "$f" 2>/dev/null && kept+=("$f")
  done
  [ "${#kept[@]}" -gt 0 ] || return 0
  dir=$RESULTS/failed-$(date -u +%Y%m%dT%H%M%SZ)
  [ ! -e "$dir" ] || dir=$dir-$$
  if mkdir "$dir" 2>/dev/null && mv -f "${kept[@]}" "$dir/"; then
    echo "$PROG: what it measured before the failure (raw lines only, not summarised) is in ${dir#"$ROOT"/}/" >&"$ERR_FD"
  else
    echo "$PROG: could not keep what it measured in $dir" >&"$ERR_FD"
  fi
}
ERR_FD=2 PUBLISHED='' LEFT_AS_IS='results/ and README.md left as they were'
on_signal() {
  # to run.sh's own stderr: the signal may come while a command's stderr is
  # redirected to a temp file (run_child ... 2>FILE) that cleanup removes
  if [ -n "$PUBLISHED" ]; then
    echo "$PROG: interrupted after it wrote $PUBLISHED in full$([ "$QUICK" = 1 ] || echo "; results/compare.md may be the one of the run before")" >&"$ERR_FD"
  else
    echo "$PROG: interrupted; $LEFT_AS_IS" >&"$ERR_FD"
  fi
  RUNNING=
  cleanup
  trap - EXIT
  exit "$1"
}

# ---- steps main and --summarize share ----
# catch_signals: SIGINT, SIGTERM and SIGHUP (a closed terminal) stop the run
# through on_signal, whose message goes to run.sh's own stderr (ERR_FD)
catch_signals() {
  exec {ERR_FD}>&2
  trap 'on_signal 130' INT
  trap 'on_signal 143' TERM
  trap 'on_signal 129' HUP
}

# build_quietly [EXPERIMENT...]: ./build.sh, its messages shown only if it fails
build_quietly() {
  echo "$PROG: building" >&2
  run_child "$ROOT/build.sh" "$@" >/dev/null 2>"$TMPD/build.log" || { cat "$TMPD/build.log" >&2; die "build failed"; }
}

# ---- main ----
main() {
  parse_args "$@"
  if [ -n "${SUMMARIZE:-}" ]; then summarize_dir "$SUMMARIZE"; return 0; fi
  check_knobs
  check_spelling
  # everything that can fail the end of the run is checked before it starts
  [ -L "$RESULTS" ] || [ -e "$RESULTS" ] || mkdir "$RESULTS" || die "cannot create $RESULTS"
  refuse_symlinks
  [ -w "$RESULTS" ] || die "$RESULTS is not writable; nothing was run"
  if [ "$QUICK" != 1 ]; then
    [ -e "$README" ] || die "$README is missing, and a full run splices its results into it; nothing was run (git checkout README.md, or QUICK=1)"
    [ -w "$README" ] || die "$README is not writable; nothing was run"
  fi
  [ "$QUICK" = 1 ] || readme_markers "$README" || exit 1
  take_lock
  trap on_exit EXIT
  catch_signals
  # test hook (common/tests/lock.sh): hold the lock until a file appears, run nothing
  if [ -n "${SHARECOST_TEST_HOLD:-}" ]; then
    echo $$ >>"$SHARECOST_TEST_HOLD.got"
    until [ -e "$SHARECOST_TEST_HOLD.release" ]; do sleep 0.02; done
    exit 0
  fi
  clean_leftovers
  TMPD=$(mktemp -d "$RESULTS/.tmp.XXXXXX") || die "cannot create a temp directory in $RESULTS"
  mkdir "$TMPD/out"

  local prefix=""
  [ "$QUICK" = 1 ] && prefix=quick-
  build_quietly "${selected[@]}"
  measure_clocks
  run_invocations "$prefix"
  publish_run "$prefix"
  echo "$PROG: done in $(($(date +%s) - T0)) s (estimated $TOTAL s)" >&2
  [ "$QUICK" = 1 ] || compare_previous
}

main "$@"

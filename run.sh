#!/usr/bin/env bash
# run.sh - run sharecost's experiments, keep their raw output with its
# provenance, summarise it with awk into results/summary.md, and splice that
# into README.md between the results markers. Everything is written to a
# temp directory first and moved into place at the end, so an interrupted or
# failed run leaves results/ and README.md as they were.
set -euo pipefail

usage() {
  cat <<'TXT'
usage: ./run.sh [-h] [EXPERIMENT...]
  Runs the named experiments (default: all) and updates results/ and README.md.
  EXPERIMENT: false_sharing ctxswitch lockwait
environment (validated before anything runs; a bad value exits 2):
  QUICK=1         smoke test in seconds: writes results/quick-*, leaves README.md alone
  REPS=N          timed repetitions per cell (1..1001; default per experiment, 11)
  ITERS_LOG2=N    false_sharing: 2^N increments per thread (10..34; default 24, QUICK 20)
  THREADS=1,2,4   false_sharing: thread counts (1..64); named counts above the CPU
                  count run oversubscribed, default ones are skipped with a note
  PIN=0|1         pin threads (Linux; default 1)
  CC=...          compiler for ./build.sh
  Each experiment's own knobs are listed in README.md.
outputs: results/<exp>-raw.txt, results/<exp>-*.csv, results/summary.md, README.md
         (with QUICK=1: results/quick-* only)
TXT
}

PROG=run.sh
ROOT=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh"
EXPERIMENTS=(false_sharing ctxswitch lockwait)
BUILD=$ROOT/build
RESULTS=$ROOT/results
README=$ROOT/README.md

QUICK=${QUICK:-0}
REPS=${REPS:-}
ITERS_LOG2=${ITERS_LOG2:-}
THREADS=${THREADS:-}
PIN=${PIN:-}

# ---- arguments and knobs: all checked before anything is written ----
selected=()
parse_args() {
  local a e known
  for a in "$@"; do
    case "$a" in
      -h|--help) usage; exit 0 ;;
      -*) bad_usage "unknown option '$a' (see ./run.sh -h)" ;;
    esac
    known=0
    for e in "${EXPERIMENTS[@]}"; do [ "$a" = "$e" ] && known=1; done
    [ "$known" = 1 ] || bad_usage "unknown experiment '$a'; expected one of: ${EXPERIMENTS[*]}"
    selected+=("$a")
  done
  [ "${#selected[@]}" -gt 0 ] || selected=("${EXPERIMENTS[@]}")
}

check_knobs() {
  [[ $QUICK =~ ^[01]$ ]] || bad_usage "QUICK=$QUICK: expected 0 or 1"
  [ -z "$PIN" ] || [[ $PIN =~ ^[01]$ ]] || bad_usage "PIN=$PIN: expected 0 or 1"
  knob_int REPS 1 1001
  knob_int ITERS_LOG2 10 34
  knob_int_list THREADS 1 64
  local e
  for e in "${selected[@]}"; do
    [ -f "$ROOT/$e/exp.sh" ] || die "$e/exp.sh is missing: this checkout cannot run $e"
    # shellcheck source=/dev/null
    source "$ROOT/$e/exp.sh"
    "${e}_check"
  done
}

# ---- one run at a time: a directory lock (mkdir is atomic; no flock needed) ----
LOCK=$RESULTS/.lock
have_lock=0
take_lock() {
  if ! mkdir "$LOCK" 2>/dev/null; then
    local pid
    pid=$(cat "$LOCK/pid" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      die "another run.sh (pid $pid) is running in this checkout; wait for it or stop it"
    fi
    # the holder died without cleaning up: take the lock over
    rm -rf "$LOCK"
    mkdir "$LOCK" 2>/dev/null || die "cannot create $LOCK"
  fi
  have_lock=1
  echo $$ >"$LOCK/pid" || die "cannot write $LOCK/pid"
}

TMPD=
cleanup() {
  kill_child
  # background jobs (the clock_estimate copies) ignore SIGINT: stop them too
  local j
  for j in $(jobs -p); do kill -TERM "$j" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "$TMPD" ] && rm -rf "$TMPD"
  [ "$have_lock" = 1 ] && rm -rf "$LOCK"
  return 0
}
on_signal() {
  echo "$PROG: interrupted; results/ and README.md left as they were" >&2
  cleanup
  trap - EXIT
  exit "$1"
}

# ---- provenance ----
measure_clocks() {
  local ncpu k n log2 tries out
  ncpu=$(getconf _NPROCESSORS_ONLN)
  if [ "$QUICK" = 1 ]; then log2=24 tries=3; else log2=26 tries=5; fi
  echo "$PROG: estimating the clock (1 copy, then 2, 4, 8 at once up to $ncpu CPUs)" >&2
  run_child "$BUILD/clock_estimate" -n "$log2" -r "$tries" >"$TMPD/clock.1" 2>/dev/null ||
    die "clock_estimate failed"
  CLOCK_GHZ=$(sed 's/.*ghz=//; s/ .*//' "$TMPD/clock.1")
  export CLOCK_GHZ
  for k in 2 4 8; do
    [ "$k" -le "$ncpu" ] || continue
    out=$TMPD/clock.$k
    : >"$out"
    for ((n = 0; n < k; n++)); do "$BUILD/clock_estimate" -n "$log2" -r "$tries" >>"$out" 2>/dev/null & done
    wait
    # median across the copies
    export "CLOCK_GHZ_T$k=$(sed 's/.*ghz=//; s/ .*//' "$out" | sort -n | awk '{ v[NR] = $1 } END { printf "%.4f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
  done
}

provenance() { # provenance EXP
  local desc
  # "-dirty" only for changes to the code: README.md and results/ are what
  # run.sh itself rewrites, so they would mark every second run dirty
  if desc=$(git -C "$ROOT" describe --always 2>/dev/null); then
    git -C "$ROOT" diff --quiet HEAD -- . ':!README.md' ':!results' 2>/dev/null || desc=$desc-dirty
  else
    desc="not a git checkout"
  fi
  echo "# sharecost raw results: $1"
  echo "# date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git: $desc (git describe; -dirty = uncommitted code changes, README.md and results/ not counted)"
  echo "# compiler: $("${CC:-cc}" --version 2>/dev/null | head -n 1)"
  echo "# build: $(CC="${CC:-cc}" "$ROOT/build.sh" --flags)"
  echo "# knobs: QUICK=$QUICK REPS=${REPS:-default} ITERS_LOG2=${ITERS_LOG2:-default} THREADS=${THREADS:-default} PIN=${PIN:-default}"
  "$BUILD/machine"
  echo "# clock_ghz_t1: $CLOCK_GHZ"
  # an estimate whose 2N timing was not twice its N timing: the machine
  # changed speed meanwhile, and the cycles figures inherit the doubt
  if grep -qh 'stable=0' "$TMPD"/clock.*; then
    echo "# clock_unstable: $(grep -lh 'stable=0' "$TMPD"/clock.* | sed 's/.*clock\./copies=/' | paste -sd' ' -)"
  fi
  local k v
  for k in 2 4 8; do
    v=CLOCK_GHZ_T$k
    [ -n "${!v:-}" ] && echo "# clock_ghz_t$k: ${!v}"
  done
  return 0
}

# cpu_ticks: "STEAL TOTAL" summed over CPUs from /proc/stat's first line
# (fields: user nice system idle iowait irq softirq steal ...); nothing where
# there is no /proc/stat. Steal is time the hypervisor ran something else
# while this guest had work: the one cause of slow rounds a guest can count.
cpu_ticks() {
  [ -r /proc/stat ] || return 0
  awk '$1 == "cpu" { t = 0; for (i = 2; i <= 9 && i <= NF; i++) t += $i; print $9 + 0, t; exit }' /proc/stat
}
# steal_line BEFORE AFTER: the share of CPU time stolen between two cpu_ticks
steal_line() {
  if [ -z "$1" ] || [ -z "$2" ]; then echo "# host_steal: not available (no /proc/stat)"; return 0; fi
  awk -v b="$1" -v a="$2" 'BEGIN { split(b, x, " "); split(a, y, " "); d = y[2] - x[2]
    if (d <= 0) { print "# host_steal: not available (no ticks elapsed)"; exit }
    printf "# host_steal: %.2f%% of CPU time during the run (%d of %d ticks)\n", 100 * (y[1] - x[1]) / d, y[1] - x[1], d }'
}

# ---- main ----
main() {
  parse_args "$@"
  check_knobs
  [ -d "$RESULTS" ] || mkdir "$RESULTS" 2>/dev/null || die "cannot create $RESULTS"
  [ -w "$RESULTS" ] || die "$RESULTS is not writable; nothing was run"
  [ "$QUICK" = 1 ] || [ -w "$README" ] || die "$README is not writable; nothing was run"
  take_lock
  trap cleanup EXIT
  trap 'on_signal 130' INT
  trap 'on_signal 143' TERM
  TMPD=$(mktemp -d "$RESULTS/.tmp.XXXXXX") || die "cannot create a temp directory in $RESULTS"
  mkdir "$TMPD/out"

  local prefix="" e total=0 t0 raw ticks0
  [ "$QUICK" = 1 ] && prefix=quick-
  echo "$PROG: building" >&2
  run_child "$ROOT/build.sh" "${selected[@]}" >/dev/null 2>"$TMPD/build.log" ||
    { cat "$TMPD/build.log" >&2; die "build failed"; }
  measure_clocks
  for e in "${selected[@]}"; do total=$((total + $("${e}_eta"))); done
  echo "$PROG: running ${selected[*]}, about $total s" >&2
  t0=$(date +%s)
  for e in "${selected[@]}"; do
    raw=$TMPD/out/$prefix$e-raw.txt
    provenance "$e" >"$raw"
    echo "$PROG: $e (about $("${e}_eta") s; $(($(date +%s) - t0)) s of ~$total s so far)" >&2
    ticks0=$(cpu_ticks)
    "${e}_run" "$raw" || die "$e failed; see the messages above. Nothing was written."
    steal_line "$ticks0" "$(cpu_ticks)" >>"$raw"
    grep -q '^RESULT ' "$raw" || die "$e printed no RESULT line. Nothing was written."
    ! grep -q '^RESULT .*status=mismatch' "$raw" || die "$e: checksum mismatch. Nothing was written."
  done

  # the summary covers every experiment with a raw file: new ones from this
  # run, older ones from results/
  local sum=$TMPD/out/${prefix}summary.md raws=()
  for e in "${EXPERIMENTS[@]}"; do
    if [ -f "$TMPD/out/$prefix$e-raw.txt" ]; then raws+=("$TMPD/out/$prefix$e-raw.txt")
    elif [ -f "$RESULTS/$prefix$e-raw.txt" ]; then raws+=("$RESULTS/$prefix$e-raw.txt")
    fi
  done
  awk -f "$ROOT/common/summary_head.awk" "${raws[@]}" >"$sum" || die "summary header failed"
  for raw in "${raws[@]}"; do
    e=$(basename "$raw" -raw.txt); e=${e#quick-}
    mkdir -p "$TMPD/files"
    awk -v csvdir="$TMPD/files" -f "$ROOT/$e/summary.awk" "$raw" >>"$sum" || die "$e/summary.awk failed"
  done

  # move into place: raw files and tables, then the summary, then README
  local f
  for f in "$TMPD"/out/*-raw.txt; do mv -f "$f" "$RESULTS/" || die "cannot write $RESULTS"; done
  for f in "$TMPD"/files/*; do
    [ -e "$f" ] || continue
    mv -f "$f" "$RESULTS/$prefix$(basename "$f")" || die "cannot write $RESULTS"
  done
  mv -f "$sum" "$RESULTS/${prefix}summary.md" || die "cannot write $RESULTS/${prefix}summary.md"
  if [ "$QUICK" = 1 ]; then
    echo "$PROG: QUICK run: wrote results/quick-*; README.md left alone" >&2
  else
    splice_readme "$README" "$RESULTS/summary.md"
    echo "$PROG: wrote results/ and updated README.md" >&2
  fi
  echo "$PROG: done in $(($(date +%s) - t0)) s" >&2
}

main "$@"

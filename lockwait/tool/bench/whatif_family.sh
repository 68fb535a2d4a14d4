#!/usr/bin/env bash
# whatif_family.sh - how close lockwait_report --what-if comes to real runs
# (issue 38's family): for each case SCENARIO:THREADS:HOLD_US:WORK_US it runs
# the bare lockwait_workload RUNS times at the hold and RUNS times at the
# hold scaled by FACTOR, traces TRACES more runs at the hold (lockwait
# --trace), and prints the median of their predictions for FACTOR against
# the median of the scaled runs, with the error and the range the report
# gives. Several traces, because one traced run is one draw of where the
# host placed the threads: a start with both on one CPU, time-sliced, is
# kept by the replay as work and took a 2-thread prediction from +1% to +21%
# (docs/lockwait-manual.md, "Time off the CPU"). The default cases:
# 2 threads at (H, W) = (30,20), (40,30), (60,20), (8,20) us (holds 0.4x to
# 3x the work: both sides of the point where the mutex stops being the
# bottleneck), 4 and 8 threads, and the condvar producer/consumer (cond:
# half produce, half consume, one mutex; with 2 threads the mutex is never
# contended, so not traced, and the report has no prediction: NA). Each
# case takes about
# (2 RUNS + 1) x THREADS x OPS x (HOLD + WORK) of CPU.
# Requires ./build.sh. A benchmark, not a test: timings depend on the
# machine and its load (say so when you quote them).
set -euo pipefail
export LC_ALL=C

usage() {
  cat <<'TXT'
usage: lockwait/tool/bench/whatif_family.sh [-h] [-r RUNS] [-t TRACES] [-f FACTOR] [-n TAKES] [-k DIR] [CASE...]
  CASE       SCENARIO:THREADS:HOLD_US:WORK_US, SCENARIO mutex or cond (default:
             mutex:2:30:20 mutex:2:40:30 mutex:2:60:20 mutex:2:8:20
             mutex:4:30:20 mutex:4:10:30 mutex:8:30:20 cond:4:20:20)
  -r RUNS    bare runs at the hold and at the scaled hold (default 5)
  -t TRACES  traced runs at the hold; the prediction is the median of theirs
             (default 5)
  -f FACTOR  the hold factor predicted and measured (default 0.5)
  -n TAKES   lock takes over all threads per run (default 4000: each thread
             takes TAKES / THREADS; cond: items per producer)
  -k DIR     keep each case's traces and report outputs in DIR (CASE.trace,
             CASE.out, CASE.err for the first, CASE.2.trace ... for the
             others; DIR must exist); each is written to a file beside it
             and renamed over it: a symbolic link or anything but a regular
             file at one of those names is refused before any run
  Prints per case, on stdout:
    RESULT exp=lockwait kind=whatif_family scenario= threads= hold_ns= work_ns=
      hold_factor= runs= full_wall_ns= scaled_wall_ns= predicted_wall_ns=
      predicted_wall_lo_ns= predicted_wall_hi_ns= predicted_free_wall_ns=
      error_pct= measured_saving_pct= predicted_saving_pct= traces=
      predicted_ratios= predicted_steady_wall_ns= steady_error_pct=
      predicted_lonefree_wall_ns= lonefree_error_pct=
      predicted_barging_wall_ns= barging_error_pct=
      predicted_ordered_wall_ns= ordered_error_pct=
  (full_wall_ns, scaled_wall_ns: medians of RUNS bare runs; predicted_*: the
  median over the traces of the report's predicted_wall_ns / wall_ns for
  the traced run, which tracing slows, times full_wall_ns; error_pct = 100 x
  (predicted / scaled - 1); traces: the traces that gave a prediction;
  predicted_ratios: each one's predicted_wall_ns / wall_ns, comma-separated;
  predicted_steady_wall_ns: the same median for the report's steady
  prediction (its odd stretches at the typical one's saving), and its error;
  predicted_lonefree_wall_ns: the same for the lone-free prediction (the
  stretches where one thread took the lock back while others waited gone);
  predicted_barging_wall_ns: the same for the barging prediction (a thread
  that comes to the free lock first taking it: the prediction for a mutex
  or spin lock); predicted_ordered_wall_ns: the same for the prediction in
  the trace's order of grants;
  NA where no trace gave a prediction) and a table for people on stderr,
  after build/wakeup's reading of the machine's wake-up latency.
environment: BUILD=DIR (default build), TMPDIR for the traces
TXT
}

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
PROG=whatif_family.sh
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # write_file, symlink_words
die() { echo "$PROG: $*" >&2; exit 2; }
die_run() { echo "$PROG: $*" >&2; exit 1; } # after the runs began: a failure, not a usage error
BUILD=${BUILD:-$ROOT/build}
runs=5 traces=5 factor=0.5 takes=4000 keep=''
default_cases=(mutex:2:30:20 mutex:2:40:30 mutex:2:60:20 mutex:2:8:20
               mutex:4:30:20 mutex:4:10:30 mutex:8:30:20 cond:4:20:20)

while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage; exit 0 ;;
    -r) if [ $# -lt 2 ] || ! [[ $2 =~ ^[1-9][0-9]?$ ]]; then die "-r needs RUNS, 1 to 99"; fi
        runs=$2; shift 2 ;;
    -t) if [ $# -lt 2 ] || ! [[ $2 =~ ^[1-9][0-9]?$ ]]; then die "-t needs TRACES, 1 to 99"; fi
        traces=$2; shift 2 ;;
    -f) if [ $# -lt 2 ] || ! [[ $2 =~ ^(0(\.[0-9]+)?|1)$ ]]; then die "-f needs FACTOR, a decimal from 0 to 1"; fi
        factor=$2; shift 2 ;;
    -n) if [ $# -lt 2 ] || ! [[ $2 =~ ^[1-9][0-9]{0,6}$ ]]; then die "-n needs TAKES, 1 to 9999999"; fi
        takes=$2; shift 2 ;;
    -k) if [ $# -lt 2 ] || ! [ -d "$2" ]; then die "-k needs DIR, an existing directory"; fi
        keep=$2; shift 2 ;;
    -*) die "unknown option $1 (see -h)" ;;
    *) break ;;
  esac
done
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=("${default_cases[@]}")
for c in "${cases[@]}"; do # all checked before the first runs
  [[ $c =~ ^(mutex|cond):([0-9]{1,4}):([0-9]{1,7}):([0-9]{1,7})$ ]] ||
    die "case $c: expected SCENARIO:THREADS:HOLD_US:WORK_US (mutex or cond; up to 7 digits of us)"
  t=$((10#${BASH_REMATCH[2]}))
  if [ "$t" -lt 2 ] || [ "$t" -gt 1024 ]; then die "case $c: THREADS from 2 to 1024 (lockwait_workload's range)"; fi
  [ "$((takes / t))" -ge 1 ] || die "case $c: -n $takes gives no lock take per thread"
  # -k: the names kept, checked now (cp wrote through a link planted there)
  for ((k = 1; k <= traces; k++)); do
    kept=$keep/$c
    [ "$k" = 1 ] || kept=$keep/$c.$k
    for x in trace out err; do
      [ -z "$keep" ] || ! why=$(symlink_words "$kept.$x") || die "-k: $why; not written through, nothing was run"
      [ -z "$keep" ] || [ ! -e "$kept.$x" ] || [ -f "$kept.$x" ] || die "-k: $kept.$x is not a regular file; nothing was run"
    done
  done
done
for b in lockwait_workload lockwait_report liblockwait.so stats; do
  [ -e "$BUILD/$b" ] || die "$BUILD/$b missing; run ./build.sh"
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/whatif-family.XXXXXX")
trap 'rm -rf "$dir"; [ -z "$WRITE_TMP" ] || rm -f "$WRITE_TMP"' EXIT

# wall_ns LINE: the wall_ns of a kind=workload line
wall_ns() { awk '/kind=workload / { for (i = 1; i <= NF; i++) if (index($i, "wall_ns=") == 1) print substr($i, 9) }'; }
# median FILE: the median of its numbers (one line), by common/stats
median() { "$BUILD/stats" median "$1" | awk '{ for (i = 1; i <= NF; i++) if (index($i, "est=") == 1) printf "%.0f\n", substr($i, 5) }'; }
# ratios FILE F: "pred lo hi free steady lonefree barging ordered" over wall_ns, from the report output FILE's
# kind=whatif lines for hold_factor F and 0 (nothing when it has none)
ratios() { awk -v f="$2" '/kind=whatif / { split("", v)
    for (i = 1; i <= NF; i++) { p = index($i, "="); if (p) v[substr($i, 1, p - 1)] = substr($i, p + 1) }
    if (v["wall_ns"] + 0 <= 0) next
    if (v["hold_factor"] == f) { pr = v["predicted_wall_ns"] / v["wall_ns"]; lo = v["predicted_wall_lo_ns"] / v["wall_ns"]
                                 hi = v["predicted_wall_hi_ns"] / v["wall_ns"]; got = 1
                                 st = v["predicted_steady_wall_ns"] / v["wall_ns"]
                                 lf = ("predicted_lonefree_wall_ns" in v) ? v["predicted_lonefree_wall_ns"] / v["wall_ns"] : pr
                                 bg = ("predicted_barging_wall_ns" in v) ? v["predicted_barging_wall_ns"] / v["wall_ns"] : pr
                                 od = ("predicted_ordered_wall_ns" in v) ? v["predicted_ordered_wall_ns"] / v["wall_ns"] : pr }
    if (v["hold_factor"] == "0") free = v["predicted_wall_ns"] / v["wall_ns"] }
  END { if (got) printf "%.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n", pr, lo, hi, free == "" ? -1 : free, st, lf, bg, od }' "$1"; }

# workload SCEN THREADS HOLD_NS WORK_NS: one bare run's wall_ns
workload() {
  local ops=$(( $5 > 0 ? $5 : 1 ))
  "$BUILD/lockwait_workload" -t "$2" -n "$ops" -c "$3" -w "$4" "$1" 2>/dev/null | wall_ns
}

# the machine's wake-up latency beside the errors: a 2-thread convoy's outcome
# turns on whether a woken waiter runs before its rival's work ends (WORK_US)
"$BUILD/wakeup" -n 31 | sed 's/^# /# whatif_family: /' >&2 || echo "# whatif_family: wakeup: not measured" >&2
printf '%-16s %9s %9s %9s %8s %19s %9s %10s %12s %11s %s\n' case full_ms scaled_ms pred_ms err_pct range_ms \
  free_ms steady_err lonefree_err barging_err 'predicted/traced, per trace' >&2
for c in "${cases[@]}"; do
  IFS=: read -r scen t h w <<<"$c"
  t=$((10#$t)) h=$((10#$h)) w=$((10#$w))
  hold=$((h * 1000)) work=$((w * 1000))
  scaled=$(awk -v h="$hold" -v f="$factor" 'BEGIN { printf "%.0f\n", h * f }')
  ops=$((takes / t))
  [ "$scen" = cond ] && ops=$((takes / 2))
  : >"$dir/full" ; : >"$dir/scaled"
  for ((i = 0; i < runs; i++)); do # alternated, so a change of load hits both
    printf '%s ' "$(workload "$scen" "$t" "$hold" "$work" "$ops")" >>"$dir/full"
    printf '%s ' "$(workload "$scen" "$t" "$scaled" "$work" "$ops")" >>"$dir/scaled"
  done
  echo >>"$dir/full"; echo >>"$dir/scaled"
  full=$(median "$dir/full") meas=$(median "$dir/scaled")
  fkey=$(awk -v f="$factor" 'BEGIN { printf "%g\n", f }') # as the report prints it
  : >"$dir/ratios"
  for ((k = 1; k <= traces; k++)); do
    rm -f "$dir/trace"
    "$ROOT/lockwait/tool/lockwait" -o "$dir/lw.txt" --trace "$dir/trace" \
      "$BUILD/lockwait_workload" -t "$t" -n "$ops" -c "$hold" -w "$work" "$scen" >/dev/null 2>&1 || true
    : >"$dir/report.out"; : >"$dir/report.err" # a trace that is missing keeps no earlier one's output
    # -k: the report reads the kept copy, so the trace its output names is
    # one that stays (the run's own directory is removed at exit)
    trace=$dir/trace kept=$keep/$c
    [ "$k" = 1 ] || kept=$keep/$c.$k
    # (write_file: renamed over the name, a link planted since refused)
    if [ -n "$keep" ] && [ -e "$trace" ]; then
      write_file "$kept.trace" <"$trace" || die_run "-k: cannot keep $kept.trace"
      trace=$kept.trace
    fi
    if [ -s "$trace" ]; then
      "$BUILD/lockwait_report" --what-if "$factor" --what-if 0 --lock mtx "$trace" >"$dir/report.out" \
        2>"$dir/report.err" ||
        "$BUILD/lockwait_report" --what-if "$factor" --what-if 0 -n 1 "$trace" >"$dir/report.out" \
          2>"$dir/report.err" || true
    fi
    if [ -n "$keep" ]; then
      for x in out err; do write_file "$kept.$x" <"$dir/report.$x" || die_run "-k: cannot keep $kept.$x"; done
    fi
    ratios "$dir/report.out" "$fkey" >>"$dir/ratios"
  done
  n=$(grep -c . "$dir/ratios" || true)
  list=$(awk '{ printf "%s%.4f", (NR > 1 ? "," : ""), $1 }' "$dir/ratios")
  for k in 1 2 3 4 5 6 7 8; do # the median over the traces of each ratio, applied to the bare runs at the hold
    awk -v k="$k" -v full="$full" '$k >= 0 { printf "%.0f ", full * $k } END { print "" }' "$dir/ratios" >"$dir/col"
    if grep -q '[0-9]' "$dir/col"; then col[k]=$(median "$dir/col"); else col[k]=NA; fi
  done
  awk -v c="$c" -v s="$scen" -v t="$t" -v h="$hold" -v w="$work" -v f="$factor" -v r="$runs" -v full="$full" \
      -v meas="$meas" -v pred="${col[1]}" -v lo="${col[2]}" -v hi="${col[3]}" -v free="${col[4]}" -v n="$n" \
      -v steady="${col[5]}" -v lonefree="${col[6]}" -v barging="${col[7]}" -v ordered="${col[8]}" \
      -v list="${list:-NA}" 'BEGIN {
    err = pred == "NA" ? "NA" : sprintf("%.1f", 100 * (pred / meas - 1))
    serr = steady == "NA" ? "NA" : sprintf("%.1f", 100 * (steady / meas - 1))
    lerr = lonefree == "NA" ? "NA" : sprintf("%.1f", 100 * (lonefree / meas - 1))
    berr = barging == "NA" ? "NA" : sprintf("%.1f", 100 * (barging / meas - 1))
    oerr = ordered == "NA" ? "NA" : sprintf("%.1f", 100 * (ordered / meas - 1))
    ms = sprintf("%.1f", 100 * (1 - meas / full)); ps = pred == "NA" ? "NA" : sprintf("%.1f", 100 * (1 - pred / full))
    printf "RESULT exp=lockwait kind=whatif_family scenario=%s threads=%s hold_ns=%s work_ns=%s hold_factor=%s " \
           "runs=%s full_wall_ns=%s scaled_wall_ns=%s predicted_wall_ns=%s predicted_wall_lo_ns=%s " \
           "predicted_wall_hi_ns=%s predicted_free_wall_ns=%s error_pct=%s measured_saving_pct=%s " \
           "predicted_saving_pct=%s traces=%d predicted_ratios=%s predicted_steady_wall_ns=%s steady_error_pct=%s " \
           "predicted_lonefree_wall_ns=%s lonefree_error_pct=%s predicted_barging_wall_ns=%s barging_error_pct=%s " \
           "predicted_ordered_wall_ns=%s ordered_error_pct=%s\n",
           s, t, h, w, f, r, full, meas, pred, lo, hi, free, err, ms, ps, n, list, steady, serr, lonefree, lerr, barging, berr,
           ordered, oerr
    range = lo == "NA" ? "NA" : sprintf("%.1f-%.1f", lo / 1e6, hi / 1e6)
    printf "%-16s %9.1f %9.1f %9s %8s %19s %9s %10s %12s %11s %s\n", c, full / 1e6, meas / 1e6,
           pred == "NA" ? "NA" : sprintf("%.1f", pred / 1e6), err, range,
           free == "NA" ? "NA" : sprintf("%.1f", free / 1e6), serr, lerr, berr, list > "/dev/stderr"
  }'
done

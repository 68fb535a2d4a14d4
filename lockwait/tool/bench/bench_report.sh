#!/usr/bin/env bash
# bench_report.sh - how fast lockwait_report reads a big trace: builds a
# synthetic trace of N events (default 10 million: 400 MB, in a temp
# directory, deleted afterwards) with lockwait_tracegen and times the report
# on it. Target: <= 5 s for 10M events, so a real trace reads in seconds. With
# -c THREADS the trace is a convoy (every wait spans a hold of every other
# thread), the case a real many-thread mutex trace is; its time must grow
# linearly with the events, not with events x threads. With -j the report
# also writes the Chrome trace-event JSON (target: <= 2 s for a 64-thread
# trace: -j -c 64 200000), timed in a second run.
# Requires ./build.sh --tests lockwait. Not a test: timings depend on the machine.
set -euo pipefail
export LC_ALL=C # numbers with a decimal point whatever the locale

usage() {
  cat <<'TXT'
usage: lockwait/tool/bench/bench_report.sh [-h] [-j] [-c THREADS] [EVENTS]
  EVENTS      records in the synthetic trace (3..1000000000, default 10000000;
              40 bytes each in TMPDIR)
  -c THREADS  a convoy of THREADS threads (2..100000) taking one mutex in turn
  -j          also time the report writing the trace as Chrome JSON (-j FILE)
  Prints: RESULT exp=lockwait kind=report_bench events=N trace_bytes=N
          wall_s=F max_rss_kib=N export=none   (max_rss from /usr/bin/time if
          present); with -j a second line export=json with json_bytes=N
environment: BUILD=DIR (default build), TMPDIR for the trace
TXT
}

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
events=10000000 convoy='' json=0
# options in any order ("-c 4 -j" read -j as EVENTS), and an empty word
# refused (it ran the 10-million-event default)
seen_events=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -j) json=1; shift ;;
    -c) if [ $# -lt 2 ] || ! [[ $2 =~ ^[0-9]{1,6}$ ]] || [ "$((10#$2))" -lt 2 ] || [ "$((10#$2))" -gt 100000 ]; then
          echo "bench_report.sh: -c needs THREADS, a whole number from 2 to 100000" >&2; exit 2
        fi
        convoy=$((10#$2)); shift 2 ;;
    -*) echo "bench_report.sh: unknown option '$1' (see -h)" >&2; exit 2 ;;
    *) if [ "$seen_events" = 1 ]; then echo "bench_report.sh: expected at most one EVENTS (see -h)" >&2; exit 2; fi
       if ! [[ $1 =~ ^[0-9]{1,10}$ ]] || [ "$((10#$1))" -lt 3 ] || [ "$((10#$1))" -gt 1000000000 ]; then
         echo "bench_report.sh: EVENTS '$1': expected a whole number from 3 to 1000000000" >&2; exit 2
       fi
       events=$((10#$1)) seen_events=1; shift ;;
  esac
done
for b in lockwait_tracegen lockwait_report; do
  [ -x "$BUILD/$b" ] || { echo "bench_report.sh: $BUILD/$b missing; run ./build.sh --tests lockwait" >&2; exit 1; }
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/lockwait-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT
if [ -n "$convoy" ]; then
  rounds=$(( events / (3 * convoy) > 0 ? events / (3 * convoy) : 1 ))
  echo "bench_report.sh: writing a convoy of $convoy threads, $rounds rounds (~$events events)" >&2
  "$BUILD/lockwait_tracegen" convoy "$convoy" "$rounds" "$dir/trace"
else
  echo "bench_report.sh: writing a trace of $events events" >&2
  "$BUILD/lockwait_tracegen" bench "$events" "$dir/trace"
fi
bytes=$(wc -c <"$dir/trace")
# warm the page cache once, so the timing is the report, not the disk
cat "$dir/trace" >/dev/null
rss=
t0=$(date +%s%N)
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f '%M' -o "$dir/rss" "$BUILD/lockwait_report" "$dir/trace" >"$dir/out" 2>"$dir/err"
  rss=$(tail -n 1 "$dir/rss")
else
  "$BUILD/lockwait_report" "$dir/trace" >"$dir/out" 2>"$dir/err"
fi
t1=$(date +%s%N)
grep -q '^RESULT exp=lockwait kind=critpath ' "$dir/out" || { cat "$dir/err" >&2; exit 1; }
awk -v n="$(( (bytes - 32) / 40 ))" -v b="$bytes" -v ns=$((t1 - t0)) -v rss="${rss:-0}" \
  'BEGIN { printf "RESULT exp=lockwait kind=report_bench events=%d trace_bytes=%d wall_s=%.3f max_rss_kib=%d export=none\n", n, b, ns / 1e9, rss }'
if [ "$json" = 1 ]; then
  t0=$(date +%s%N)
  "$BUILD/lockwait_report" -j "$dir/trace.json" "$dir/trace" >"$dir/out" 2>"$dir/err" || { cat "$dir/err" >&2; exit 1; }
  t1=$(date +%s%N)
  awk -v n="$(( (bytes - 32) / 40 ))" -v b="$bytes" -v ns=$((t1 - t0)) -v j="$(wc -c <"$dir/trace.json")" \
    'BEGIN { printf "RESULT exp=lockwait kind=report_bench events=%d trace_bytes=%d wall_s=%.3f max_rss_kib=NA export=json json_bytes=%d\n", n, b, ns / 1e9, j }'
fi

#!/usr/bin/env bash
# bench_overhead.sh - what liblockwait costs the program it watches: the same
# binary (build/lw_bench) timed bare and with the library preloaded, in
# alternating runs, reporting medians with min/max and the ratio of medians;
# and how long the report at exit takes for 100 000 locks. The speed targets
# (what the library may cost before it changes what it watches) are printed
# next to the numbers; nothing here fails on them, timings being noisy.
# Beside the time, each loop reports the voluntary context switches (sleeps)
# of the bare and the preloaded runs: a profiler that lengthens critical
# sections turns hand-overs into futex sleeps, a change the time may hide.
# Requires: Linux, ./build.sh --tests lockwait, flock (util-linux).
set -euo pipefail
export LC_ALL=C # numbers with a decimal point whatever the locale

PROG=bench_overhead.sh
usage() {
  cat <<'TXT'
usage: lockwait/tool/bench/bench_overhead.sh [-h] [-r REPS] [-p PAIRS]
  -r REPS   runs of each variant per loop, alternating bare/preloaded
            (1..99, default 11)
  -p PAIRS  lock/unlock pairs per thread in the uncontended loop (default
            5000000); the contended loop uses PAIRS/5
Loops (build/lw_bench, 2 threads each):
  uncontended  each thread locks/unlocks its own mutex    target <= 1.20x
  trylock      the same bare loop locking with trylock: the floor of a
               trylock-first wrapper (glibc's trylock is slower than lock)
  contended    both share one mutex, 64 LCG steps between  target <= 1.10x,
               and preloaded sleeps <= 2x the bare run's
  stacks       the contended loop preloaded with LOCKWAIT_STACK_DEPTH=0
               and =8 (the default) alternately: what wait stacks cost
               (their walk runs on contended waits only)
  report       build/lw_life many (100 000 locks, 1000 threads): the time
               the library's report took at exit (its own stopwatch, from
               the destructor's start to the text ready; not the write)
                                                           target <= 50 ms
  probe        ns per clock_gettime, per cycle-counter read (the
               library's timestamps where it has one; NA: none) and per
               getrusage(RUSAGE_THREAD) (the sleep probe)
Every run holds /tmp/sharecost-measure.lock (flock), so only one
measurement runs at a time on a shared machine.
Every loop line gives the median sleeps (voluntary context switches per
run) of both variants and their ratio (bare_nvcsw_count, wrapped_nvcsw_count,
nvcsw_ratio, target_nvcsw_ratio: NA where the issue sets none).
stdout: RESULT exp=lockwait_overhead kind=loop|samples|report|probe loop=L ...
(docs/output-grammar.md); the human summary goes to stderr.
TXT
}
bad_usage() { echo "$PROG: $*" >&2; exit 2; }

REPS=11
PAIRS=5000000
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -r) if [ $# -lt 2 ] || ! [[ $2 =~ ^[0-9]{1,2}$ ]] || [ "$((10#$2))" -lt 1 ]; then
          bad_usage "-r: expected a whole number from 1 to 99"; fi
        REPS=$((10#$2)); shift 2 ;;
    -p) if [ $# -lt 2 ] || ! [[ $2 =~ ^[0-9]{1,9}$ ]] || [ "$((10#$2))" -lt 1000 ]; then
          bad_usage "-p: expected a whole number from 1000 to 999999999"; fi
        PAIRS=$((10#$2)); shift 2 ;;
    *) bad_usage "unknown argument '$1' (see -h)" ;;
  esac
done

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # kv_awk
BUILD=${BUILD:-$ROOT/build}
# as LD_PRELOAD can carry it (a checkout path may hold spaces)
LIB=$(LOCKWAIT_LIB=$BUILD/liblockwait.so "$ROOT/lockwait/tool/lockwait" --preload-path)
LOCK=/tmp/sharecost-measure.lock
for f in "$LIB" "$BUILD/lw_bench" "$BUILD/lw_life"; do
  [ -e "$f" ] || { echo "$PROG: $f missing: run ./build.sh --tests lockwait" >&2; exit 1; }
done
command -v flock >/dev/null || { echo "$PROG: flock not found (util-linux)" >&2; exit 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/lw-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# ns_per_pair VARIANT MODE PAIRS: one run's "ns-per-pair nvcsw" (nvcsw: the
# voluntary context switches of the run, i.e. how often a thread slept on the
# lock: on a busy 2-CPU machine the two threads sometimes take turns on one
# CPU and hardly ever meet at the lock, which makes the contended loop cheap)
# (VARIANT: bare, wrapped (preloaded), or depthN: preloaded with stacks of N frames)
ns_per_pair() {
  local out
  if [ "$1" = bare ]; then
    out=$(flock "$LOCK" "$BUILD/lw_bench" "$2" "$3")
  elif [[ $1 == depth* ]]; then
    out=$(flock "$LOCK" env LOCKWAIT_STACK_DEPTH="${1#depth}" LOCKWAIT_OUT="$TMP/report.txt" LD_PRELOAD="$LIB" \
      "$BUILD/lw_bench" "$2" "$3")
  else
    out=$(flock "$LOCK" env LOCKWAIT_OUT="$TMP/report.txt" LD_PRELOAD="$LIB" "$BUILD/lw_bench" "$2" "$3")
  fi
  kv_awk '{ print kv_get($0, "ns_per_pair"), kv_get($0, "nvcsw") }' <<<"$out"
}

# stats V1,V2,...: "median min max" (%.3f); the median from build/stats
stats() {
  local med
  med=$(tr ',' ' ' <<<"$1" | "$BUILD/stats" median | kv_awk '{ print kv_get($0, "est") }')
  tr ',' '\n' <<<"$1" | sort -n | awk -v m="$med" 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.3f %.3f %.3f\n", m, lo, hi }'
}

# ratio A B: A / B (%.3f), NA when B is 0
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "NA"; else printf "%.3f\n", a / b }'; }

# loop NAME PAIRS TARGET SLEEP_TARGET [BASE_VARIANT WRAPPED_VARIANT MODE]
# (TARGET: the time ratio, SLEEP_TARGET: the sleeps' ratio; NA: none)
loop() {
  local name=$1 pairs=$2 target=$3 sleep_target=$4 base=${5:-bare} with=${6:-wrapped} mode=${7:-$1}
  local bare='' wrapped='' bsw='' wsw='' i b w bs ws
  for ((i = 1; i <= REPS; i++)); do
    read -r b bs <<<"$(ns_per_pair "$base" "$mode" "$pairs")"
    read -r w ws <<<"$(ns_per_pair "$with" "$mode" "$pairs")"
    bare+=${bare:+,}$b; wrapped+=${wrapped:+,}$w; bsw+=${bsw:+,}$bs; wsw+=${wsw:+,}$ws
    echo "$PROG: $name run $i/$REPS: $base $b ns/pair ($bs sleeps), $with $w ns/pair ($ws sleeps)" >&2
  done
  read -r bm bmin bmax <<<"$(stats "$bare")"
  read -r wm wmin wmax <<<"$(stats "$wrapped")"
  read -r bsm bsmin bsmax <<<"$(stats "$bsw")"
  read -r wsm wsmin wsmax <<<"$(stats "$wsw")"
  local time_ratio sleep_ratio
  time_ratio=$(ratio "$wm" "$bm")
  sleep_ratio=$(ratio "$wsm" "$bsm")
  echo "RESULT exp=lockwait_overhead kind=samples loop=$name variant=$base ns_per_pair=$bare nvcsw=$bsw"
  echo "RESULT exp=lockwait_overhead kind=samples loop=$name variant=$with ns_per_pair=$wrapped nvcsw=$wsw"
  echo "RESULT exp=lockwait_overhead kind=loop loop=$name reps=$REPS pairs_per_thread=$pairs ${base}_ns_per_pair=$bm" \
    "${base}_ns_per_pair_min=$bmin ${base}_ns_per_pair_max=$bmax ${with}_ns_per_pair=$wm ${with}_ns_per_pair_min=$wmin" \
    "${with}_ns_per_pair_max=$wmax ratio=$time_ratio target_ratio=$target" \
    "${base}_nvcsw_count=$bsm ${base}_nvcsw_count_min=$bsmin ${base}_nvcsw_count_max=$bsmax" \
    "${with}_nvcsw_count=$wsm ${with}_nvcsw_count_min=$wsmin ${with}_nvcsw_count_max=$wsmax" \
    "nvcsw_ratio=$sleep_ratio target_nvcsw_ratio=$sleep_target"
  printf '%s: %-11s %s %s ns/pair [%s..%s], %s %s [%s..%s]: %sx (target <= %s)\n' \
    "$PROG" "$name" "$base" "$bm" "$bmin" "$bmax" "$with" "$wm" "$wmin" "$wmax" "$time_ratio" "$target" >&2
  printf '%s: %-11s sleeps per run: %s %s [%s..%s], %s %s [%s..%s]: %sx (target <= %s)\n' \
    "$PROG" "$name" "$base" "$bsm" "$bsmin" "$bsmax" "$with" "$wsm" "$wsmin" "$wsmax" "$sleep_ratio" \
    "$sleep_target" >&2
}

loop uncontended "$PAIRS" 1.20 NA
# the same loop written with trylock, bare: what a trylock-first wrapper
# cannot go below (only its bare column is meaningful)
tries=''
for ((i = 1; i <= REPS; i++)); do
  read -r t _ <<<"$(ns_per_pair bare trylock "$PAIRS")"
  tries+=${tries:+,}$t
done
read -r trm trmin trmax <<<"$(stats "$tries")"
echo "RESULT exp=lockwait_overhead kind=samples loop=trylock_floor variant=bare ns_per_pair=$tries"
echo "RESULT exp=lockwait_overhead kind=loop loop=trylock_floor reps=$REPS pairs_per_thread=$PAIRS bare_ns_per_pair=$trm" \
  "bare_ns_per_pair_min=$trmin bare_ns_per_pair_max=$trmax"
printf '%s: %-11s the bare loop with trylock instead of lock: %s ns/pair [%s..%s]\n' \
  "$PROG" trylock "$trm" "$trmin" "$trmax" >&2
loop contended $((PAIRS / 5)) 1.10 2
# both preloaded: stacks off (depth0_*) and of 8 frames (depth8_*); no target, a number to report
loop stacks $((PAIRS / 5)) NA NA depth0 depth8 contended

took=''
for ((i = 1; i <= REPS; i++)); do
  rm -f "$TMP/report.txt"
  flock "$LOCK" env LOCKWAIT_FULL_REPORTS=1 LOCKWAIT_OUT="$TMP/report.txt" LD_PRELOAD="$LIB" "$BUILD/lw_life" many >/dev/null
  t=$(sed -n 's/^lockwait: report took \([0-9.]*\) ms$/\1/p' "$TMP/report.txt")
  locks=$(grep '^RESULT exp=lockwait kind=process ' "$TMP/report.txt" | kv_awk '{ print kv_get($0, "locks") }')
  took+=${took:+,}$t
done
read -r tm tmin tmax <<<"$(stats "$took")"
echo "RESULT exp=lockwait_overhead kind=samples loop=report report_ms=$took"
echo "RESULT exp=lockwait_overhead kind=report loop=report reps=$REPS locks=$locks report_ms=$tm report_ms_min=$tmin report_ms_max=$tmax target_ms=50"
printf '%s: report      %s locks: %s ms [%s..%s] (target <= 50 ms)\n' "$PROG" "$locks" "$tm" "$tmin" "$tmax" >&2

probe=$(flock "$LOCK" "$BUILD/lw_bench" probe)
echo "$probe"
echo "$PROG: probe: ${probe#*loop=probe }" >&2

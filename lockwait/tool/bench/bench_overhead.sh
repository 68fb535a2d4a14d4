#!/usr/bin/env bash
# bench_overhead.sh - what liblockwait costs the program it watches: the same
# binary (build/lw_bench) timed bare and with the library preloaded (and, in
# the contended loop, with lw_floor.c's minimal wrapper) in rotating rounds,
# reporting medians with min/max, the ratio of medians and the per-round
# ratio's median with its 95% interval; and how long the report at exit takes for 100 000 locks. The speed targets
# (what the library may cost before it changes what it watches) are printed
# next to the numbers; nothing here fails on them, timings being noisy.
# Beside the time, each loop reports the voluntary context switches (sleeps)
# of the bare and the preloaded runs: a profiler that lengthens critical
# sections turns hand-overs into futex sleeps, a change the time may hide.
# The contended loops also take build/handoff's reading of where the host
# put the two CPUs before each round: it moves them within seconds, and the
# contended loop's bare speed and sleeps change with it.
# Requires: Linux, ./build.sh --tests lockwait, flock (util-linux).
set -euo pipefail
export LC_ALL=C # numbers with a decimal point whatever the locale

PROG=bench_overhead.sh
usage() {
  cat <<'TXT'
usage: lockwait/tool/bench/bench_overhead.sh [-h] [-r REPS] [-p PAIRS] [-a DIR]
  -r REPS   rounds per loop: each runs every variant once, in an order
            that rotates from round to round (1..99, default 11; the
            per-round ratio's 95% interval needs 6)
  -p PAIRS  lock/unlock pairs per thread in the uncontended loop (default
            5000000); the contended loop uses PAIRS/5
  -a DIR    A/B instead: DIR/liblockwait.so (another version's build, the
            "before") against this build's, preloaded in turn in the
            uncontended, single and contended loops (loop=NAME_ab,
            variants before and wrapped; ratio = wrapped / before)
Loops (build/lw_bench, 2 threads each unless said):
  uncontended  each thread locks/unlocks its own mutex    target <= 1.20x
  single       the same in a process of one thread, where glibc locks
               without an atomic: the wrapper's own work shows whole
                                                           target <= 1.20x
  trylock      the same bare loop locking with trylock: the floor of a
               trylock-first wrapper (glibc's trylock is slower than lock)
  signal       the uncontended loop with a condition variable signalled
               (nobody waiting) inside each critical section: a producer's
               or consumer's pattern, two objects in turn   no target
  spin         the uncontended loop with a spinlock           no target
  post         the uncontended loop with sem_wait/sem_post on a semaphore
               of count 1 (a semaphore used as a lock)        no target
  contended    both share one mutex, 64 LCG steps between  target <= 1.10x,
               and preloaded sleeps <= 2x the bare run's; beside bare and
               preloaded, the floor: build/liblw_floor.so preloaded, a
               wrapper that only times its waits (lw_floor.c), the part
               of the cost no profiler timing every wait avoids
  stacks       the contended loop preloaded with LOCKWAIT_STACK_DEPTH=0
               and =8 (the default) alternately: what wait stacks cost
               (their walk runs on contended waits only)
  fork         one thread forks children one after the other, each of
               which locks a mutex once and exits (PAIRS/25000 of them,
               20 to 200): ns per child, with the library copied into
               each and its report written at each exit     no target
  report       build/lw_life many (100 000 locks, 1000 threads): the time
               the library's report took at exit (its own stopwatch, from
               the destructor's start to the text ready; not the write)
                                                           target <= 50 ms
  probe        ns per clock_gettime, per cycle-counter read (the
               library's timestamps where it has one; NA: none) and per
               getrusage(RUSAGE_THREAD) (the sleep probe)
Every run holds /tmp/sharecost-measure.lock (flock), so only one
measurement runs at a time on a shared machine.
Every loop line gives the ratio of the medians (ratio) and the median of
the per-round ratios with its 95% interval (paired_ratio, _lo, _hi).
Every loop line gives the median sleeps (voluntary context switches per
run) of both variants and their ratio (bare_nvcsw_count, wrapped_nvcsw_count,
nvcsw_ratio, target_nvcsw_ratio: NA where the issue sets none).
The contended loops' lines give the CPUs' hand-off latency read before each
round (build/handoff: handoff_ns median, _min, _max; NA where it cannot be
read): the host moves a guest's CPUs between SMT siblings and cores within
seconds, and runs in different placements are not comparable.
stdout: RESULT exp=lockwait_overhead kind=loop|samples|report|probe loop=L ...
(docs/output-grammar.md); the human summary goes to stderr.
TXT
}
bad_usage() { echo "$PROG: $*" >&2; exit 2; }
# shellcheck disable=SC2317 # called from one_run and the report loop (shellcheck loses track)
die() { echo "$PROG: $*" >&2; exit 1; }

REPS=11
PAIRS=5000000
AGAINST=''
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -r) if [ $# -lt 2 ] || ! [[ $2 =~ ^[0-9]{1,2}$ ]] || [ "$((10#$2))" -lt 1 ]; then
          bad_usage "-r: expected a whole number from 1 to 99"; fi
        REPS=$((10#$2)); shift 2 ;;
    -p) if [ $# -lt 2 ] || ! [[ $2 =~ ^[0-9]{1,9}$ ]] || [ "$((10#$2))" -lt 1000 ]; then
          bad_usage "-p: expected a whole number from 1000 to 999999999"; fi
        PAIRS=$((10#$2)); shift 2 ;;
    -a) if [ $# -lt 2 ] || ! [ -f "$2/liblockwait.so" ]; then bad_usage "-a: '${2:-}' is not a build directory with liblockwait.so"; fi
        [ -z "$AGAINST" ] || bad_usage "-a given twice"
        AGAINST=$(CDPATH='' cd -P -- "$2" && pwd)/liblockwait.so; shift 2 ;;
    *) bad_usage "unknown argument '$1' (see -h)" ;;
  esac
done

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # kv_awk
BUILD=${BUILD:-$ROOT/build}
for f in "$BUILD/liblockwait.so" "$BUILD/liblw_floor.so" "$BUILD/lw_bench" "$BUILD/lw_life" "$BUILD/stats" "$BUILD/handoff"; do
  [ -e "$f" ] || { echo "$PROG: $f missing: run ./build.sh --tests lockwait" >&2; exit 1; }
done
# as LD_PRELOAD can carry them (a checkout path may hold spaces)
LIB=$(LOCKWAIT_LIB=$BUILD/liblockwait.so "$ROOT/lockwait/tool/lockwait" --preload-path)
FLOOR=$(LOCKWAIT_LIB=$BUILD/liblw_floor.so "$ROOT/lockwait/tool/lockwait" --preload-path)
[ -z "$AGAINST" ] || AGAINST=$(LOCKWAIT_LIB=$AGAINST "$ROOT/lockwait/tool/lockwait" --preload-path)
LOCK=/tmp/sharecost-measure.lock
command -v flock >/dev/null || { echo "$PROG: flock not found (util-linux)" >&2; exit 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/lw-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# ns_per_pair VARIANT MODE PAIRS: one run's "ns-per-pair nvcsw" (nvcsw: the
# voluntary context switches of the run, i.e. how often a thread slept on the
# lock: on a busy 2-CPU machine the two threads sometimes take turns on one
# CPU and hardly ever meet at the lock, which makes the contended loop cheap)
# (VARIANT: bare, wrapped (preloaded), floor (build/liblw_floor.so preloaded:
# only a timed wait, lw_floor.c), before (-a's library preloaded), or depthN:
# preloaded with stacks of N frames)
ns_per_pair() {
  local out
  case $1 in
    bare) out=$(flock "$LOCK" "$BUILD/lw_bench" "$2" "$3") ;;
    floor) out=$(flock "$LOCK" env LD_PRELOAD="$FLOOR" "$BUILD/lw_bench" "$2" "$3") ;;
    before) rm -f "$TMP/before.txt"
      out=$(flock "$LOCK" env LOCKWAIT_OUT="$TMP/before.txt" LD_PRELOAD="$AGAINST" "$BUILD/lw_bench" "$2" "$3")
      # a library the loader refused (not an ELF file, the wrong machine) leaves a bare run
      [ -s "$TMP/before.txt" ] || die "-a: $AGAINST wrote no report: the loader did not preload it" ;;
    depth*) out=$(flock "$LOCK" env LOCKWAIT_STACK_DEPTH="${1#depth}" LOCKWAIT_OUT="$TMP/report.txt" LD_PRELOAD="$LIB" \
      "$BUILD/lw_bench" "$2" "$3") ;;
    *) out=$(flock "$LOCK" env LOCKWAIT_OUT="$TMP/report.txt" LD_PRELOAD="$LIB" "$BUILD/lw_bench" "$2" "$3") ;;
  esac
  kv_awk '{ print kv_get($0, "ns_per_pair"), kv_get($0, "nvcsw") }' <<<"$out"
}

# one_run VARIANT MODE PAIRS: sets t and s (ns per pair, sleeps) or ends the
# bench: a failed run inside $(...) would otherwise leave an empty sample
one_run() {
  read -r t s <<<"$(ns_per_pair "$@")"
  [[ $t =~ ^[0-9]+(\.[0-9]+)?$ && $s =~ ^[0-9]+$ ]] || die "a $1 run of lw_bench $2 failed (no ns_per_pair)"
}

# handoff_ns: the one-way latency of handing a line between the two CPUs
# now, or NA (build/handoff: one CPU, or the partner never ran)
handoff_ns() {
  local v
  v=$(flock "$LOCK" "$BUILD/handoff" lockwait_overhead | kv_awk '{ print kv_get($0, "one_way_ns") }') || v=NA
  [[ $v =~ ^[0-9]+(\.[0-9]+)?$ ]] || v=NA
  echo "$v"
}

# placement_note MIN MAX: what the hand-off readings of a loop say (1.5x
# apart: SMT siblings against cores, or cores of different caches)
placement_note() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a == "NA") print " not read (build/handoff needs two CPUs this process may use)"
    else if (b + 0 > 1.5 * a) print " the host moved them during the loop, so its runs differ more than its interval says"
    else print " one placement" }'
}

# stats V1,V2,...: "median min max" (%.3f); the median from build/stats
stats() {
  local med
  med=$(tr ',' ' ' <<<"$1" | "$BUILD/stats" median | kv_awk '{ print kv_get($0, "est") }')
  tr ',' '\n' <<<"$1" | sort -n | awk -v m="$med" 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.3f %.3f %.3f\n", m, lo, hi }'
}

# paired A1,A2,... B1,B2,...: "est lo hi" of the per-round ratios A/B
# (build/stats ratio: the median ratio and its 95% interval; NA below 6 rounds)
paired() {
  awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x, ","); split(b, y, ","); printf "r"
    for (i = 1; i <= n; i++) printf " %.6f", x[i] / y[i]; printf "\n" }' | "$BUILD/stats" ratio |
    kv_awk '{ e = kv_get($0, "est"); l = kv_get($0, "est_lo"); h = kv_get($0, "est_hi")
      if (e != "NA") e = sprintf("%.3f", e); if (l != "NA") l = sprintf("%.3f", l); if (h != "NA") h = sprintf("%.3f", h)
      print e, l, h }'
}

# interval LO HI: "[LO, HI]" for the summary, or why there is none
interval() { if [ "$1" = NA ]; then echo "(no interval below 6 rounds)"; else echo "[$1, $2]"; fi; }

# ratio A B: A / B (%.3f), NA when B is 0
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "NA"; else printf "%.3f\n", a / b }'; }

# loop NAME PAIRS TARGET SLEEP_TARGET [BASE_VARIANT WRAPPED_VARIANT MODE [FLOOR_VARIANT]]
# (TARGET: the time ratio, SLEEP_TARGET: the sleeps' ratio; NA: none). The
# variants run in turn, the order rotating each round; the ratio of medians
# and the median per-round ratio with its 95% interval are both printed.
loop() {
  local name=$1 pairs=$2 target=$3 sleep_target=$4 base=${5:-bare} with=${6:-wrapped} mode=${7:-$1} flo=${8:-}
  local variants=("$base" "$with") i k v t s hands='' h unit=ns/pair
  [ "$name" != fork ] || unit=ns/child
  [ -z "$flo" ] || variants+=("$flo")
  local -A ns=() sw=()
  for ((i = 1; i <= REPS; i++)); do
    local said=''
    if [ "$mode" = contended ]; then
      h=$(handoff_ns)
      hands+=${hands:+,}$h
      said="hand-off $h ns"
    fi
    for ((k = 0; k < ${#variants[@]}; k++)); do
      v=${variants[$(((k + i - 1) % ${#variants[@]}))]}
      one_run "$v" "$mode" "$pairs"
      ns[$v]+=${ns[$v]:+,}$t; sw[$v]+=${sw[$v]:+,}$s
      said+="${said:+, }$v $t $unit ($s sleeps)"
    done
    echo "$PROG: $name run $i/$REPS: $said" >&2
  done
  read -r bm bmin bmax <<<"$(stats "${ns[$base]}")"
  read -r wm wmin wmax <<<"$(stats "${ns[$with]}")"
  read -r bsm bsmin bsmax <<<"$(stats "${sw[$base]}")"
  read -r wsm wsmin wsmax <<<"$(stats "${sw[$with]}")"
  local time_ratio sleep_ratio pe plo phi extra='' flo_text=''
  time_ratio=$(ratio "$wm" "$bm")
  sleep_ratio=$(ratio "$wsm" "$bsm")
  read -r pe plo phi <<<"$(paired "${ns[$with]}" "${ns[$base]}")"
  for v in "${variants[@]}"; do
    echo "RESULT exp=lockwait_overhead kind=samples loop=$name variant=$v ns_per_pair=${ns[$v]} nvcsw=${sw[$v]}"
  done
  if [ -n "$hands" ]; then
    echo "RESULT exp=lockwait_overhead kind=samples loop=$name variant=placement handoff_ns=$hands"
    local hm hmin hmax
    if [[ $hands == *NA* ]]; then hm=NA hmin=NA hmax=NA; else read -r hm hmin hmax <<<"$(stats "$hands")"; fi
    extra+=" handoff_ns=$hm handoff_ns_min=$hmin handoff_ns_max=$hmax"
  fi
  if [ -n "$flo" ]; then
    local fm fmin fmax fsm fe flo_lo fhi
    read -r fm fmin fmax <<<"$(stats "${ns[$flo]}")"
    read -r fsm _ _ <<<"$(stats "${sw[$flo]}")"
    read -r fe flo_lo fhi <<<"$(paired "${ns[$flo]}" "${ns[$base]}")"
    extra+=" ${flo}_ns_per_pair=$fm ${flo}_ns_per_pair_min=$fmin ${flo}_ns_per_pair_max=$fmax ${flo}_nvcsw_count=$fsm"
    extra+=" ${flo}_paired_ratio=$fe ${flo}_paired_ratio_lo=$flo_lo ${flo}_paired_ratio_hi=$fhi"
    flo_text="; $flo (a wrapper that only times its waits) ${fe}x $(interval "$flo_lo" "$fhi"), $fsm sleeps"
  fi
  echo "RESULT exp=lockwait_overhead kind=loop loop=$name reps=$REPS pairs_per_thread=$pairs ${base}_ns_per_pair=$bm" \
    "${base}_ns_per_pair_min=$bmin ${base}_ns_per_pair_max=$bmax ${with}_ns_per_pair=$wm ${with}_ns_per_pair_min=$wmin" \
    "${with}_ns_per_pair_max=$wmax ratio=$time_ratio target_ratio=$target" \
    "paired_ratio=$pe paired_ratio_lo=$plo paired_ratio_hi=$phi" \
    "${base}_nvcsw_count=$bsm ${base}_nvcsw_count_min=$bsmin ${base}_nvcsw_count_max=$bsmax" \
    "${with}_nvcsw_count=$wsm ${with}_nvcsw_count_min=$wsmin ${with}_nvcsw_count_max=$wsmax" \
    "nvcsw_ratio=$sleep_ratio target_nvcsw_ratio=$sleep_target$extra"
  # a loop the issue sets no target for (NA; all of -a's) says so, not "target <= NA"
  local target_text="target <= $target" sleep_target_text="target <= $sleep_target"
  [ "$target" != NA ] || target_text='no target'
  [ "$sleep_target" != NA ] || sleep_target_text='no target'
  printf '%s: %-11s %s %s %s [%s..%s], %s %s [%s..%s]: %sx (%s); per round %sx %s%s\n' \
    "$PROG" "$name" "$base" "$bm" "$unit" "$bmin" "$bmax" "$with" "$wm" "$wmin" "$wmax" "$time_ratio" "$target_text" \
    "$pe" "$(interval "$plo" "$phi")" "$flo_text" >&2
  printf '%s: %-11s sleeps per run: %s %s [%s..%s], %s %s [%s..%s]: %sx (%s)\n' \
    "$PROG" "$name" "$base" "$bsm" "$bsmin" "$bsmax" "$with" "$wsm" "$wsmin" "$wsmax" "$sleep_ratio" \
    "$sleep_target_text" >&2
  [ -z "$hands" ] || printf '%s: %-11s the CPUs hand a line over in %s ns (median; %s..%s over the rounds):%s\n' \
    "$PROG" "$name" "$hm" "$hmin" "$hmax" \
    "$(placement_note "$hmin" "$hmax")" >&2
}

if [ -n "$AGAINST" ]; then
  loop uncontended_ab "$PAIRS" NA NA before wrapped uncontended
  loop single_ab "$PAIRS" NA NA before wrapped single
  loop contended_ab $((PAIRS / 5)) NA NA before wrapped contended
  exit 0
fi
loop uncontended "$PAIRS" 1.20 NA
loop single "$PAIRS" 1.20 NA
loop signal "$PAIRS" NA NA
loop spin "$PAIRS" NA NA
loop post "$PAIRS" NA NA
# the same loop written with trylock, bare: what a trylock-first wrapper
# cannot go below (only its bare column is meaningful)
tries=''
for ((i = 1; i <= REPS; i++)); do
  one_run bare trylock "$PAIRS"
  tries+=${tries:+,}$t
done
read -r trm trmin trmax <<<"$(stats "$tries")"
echo "RESULT exp=lockwait_overhead kind=samples loop=trylock_floor variant=bare ns_per_pair=$tries"
echo "RESULT exp=lockwait_overhead kind=loop loop=trylock_floor reps=$REPS pairs_per_thread=$PAIRS bare_ns_per_pair=$trm" \
  "bare_ns_per_pair_min=$trmin bare_ns_per_pair_max=$trmax"
printf '%s: %-11s the bare loop with trylock instead of lock: %s ns/pair [%s..%s]\n' \
  "$PROG" trylock "$trm" "$trmin" "$trmax" >&2
loop contended $((PAIRS / 5)) 1.10 2 bare wrapped contended floor
# both preloaded: stacks off (depth0_*) and of 8 frames (depth8_*); no target, a number to report
loop stacks $((PAIRS / 5)) NA NA depth0 depth8 contended
# what each child of a forking program pays (its ns per pair: per child)
forks=$((PAIRS / 25000))
[ "$forks" -ge 20 ] || forks=20
[ "$forks" -le 200 ] || forks=200
loop fork "$forks" NA NA

took=''
for ((i = 1; i <= REPS; i++)); do
  rm -f "$TMP/report.txt"
  flock "$LOCK" env LOCKWAIT_FULL_REPORTS=1 LOCKWAIT_OUT="$TMP/report.txt" LD_PRELOAD="$LIB" "$BUILD/lw_life" many >/dev/null
  t=$(sed -n 's/^lockwait: report took \([0-9.]*\) ms$/\1/p' "$TMP/report.txt")
  [ -n "$t" ] || die "lw_life many: no 'report took' line in its report"
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

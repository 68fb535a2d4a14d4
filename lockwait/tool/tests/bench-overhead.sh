#!/usr/bin/env bash
# bench-overhead.sh - tool/bench/bench_overhead.sh runs (tiny loops: its
# numbers are not looked at, only its lines) and states what it measured:
# a loop line per loop with the ratio of medians and the per-round ratio's
# interval, the contended loop with its floor (build/liblw_floor.so, a
# wrapper that only times its waits) beside it, the CPUs' hand-off latency
# read before each round of the contended loops, and the floor's assembly
# reading the cycle counter twice around the real lock on x86-64.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

BENCH=$ROOT/lockwait/tool/bench/bench_overhead.sh
SRC=$(dirname "$0")
FLOOR=$(LOCKWAIT_LIB=$BUILD/liblw_floor.so "$ROOT/lockwait/tool/lockwait" --preload-path)
if ! command -v flock >/dev/null; then
  skip "bench_overhead.sh" "flock (util-linux) not found"
  finish
fi
check_exit "-r 0 is refused" 2 "$BENCH" -r 0
check_exit "-a without a library is refused" 2 "$BENCH" -a "$TMP"
mkdir -p "$TMP/bogus"
: >"$TMP/bogus/liblockwait.so"
check_exit "-a: a library the loader cannot preload stops the bench (no bare run passed off as 'before')" 1 \
  "$BENCH" -r 1 -p 1000 -a "$TMP/bogus"
mkdir -p "$TMP/a dir"
cp "$BUILD/liblockwait.so" "$TMP/a dir/"
check_exit "-a: a directory with a space in its name is preloaded" 0 "$BENCH" -r 1 -p 1000 -a "$TMP/a dir"
# -a: A/B of another build's library against this one's, nothing else
"$BENCH" -r 6 -p 20000 -a "$BUILD" >"$TMP/ab.out" 2>"$TMP/ab.err" || true
check_eq "-a: the three A/B loops only" "uncontended_ab single_ab contended_ab" \
  "$(sed -n 's/^RESULT exp=lockwait_overhead kind=loop loop=\([a-z_]*\) .*/\1/p' "$TMP/ab.out" | paste -sd' ')"
line=$(grep '^RESULT exp=lockwait_overhead kind=loop loop=uncontended_ab ' "$TMP/ab.out" || true)
check_awk "-a: before and wrapped times with the per-round ratio" \
  "\"$(val "$line" before_ns_per_pair)\" + 0 > 0 && \"$(val "$line" wrapped_ns_per_pair)\" + 0 > 0 && \"$(val "$line" paired_ratio)\" + 0 > 0" \
  "line: $line"
check_eq "-a: the summary gives no target (the issue sets none for an A/B), not 'target <= NA'" \
  "3 0" "$(grep -c '_ab .*(no target); per round' "$TMP/ab.err") $(grep -c 'target <= NA' "$TMP/ab.err")"
check_exit "the floor library is built" 0 test -f "$BUILD/liblw_floor.so"
st=0
"$BENCH" -r 6 -p 20000 >"$TMP/bench.out" 2>"$TMP/bench.err" || st=$?
check_eq "a tiny run completes" 0 "$st"
for loop in uncontended single signal spin post contended stacks fork; do
  line=$(grep "^RESULT exp=lockwait_overhead kind=loop loop=$loop " "$TMP/bench.out" || true)
  check_awk "$loop: a loop line with the per-round ratio and its interval" \
    "\"$(val "$line" paired_ratio)\" + 0 > 0 && \"$(val "$line" paired_ratio_lo)\" + 0 > 0 && \"$(val "$line" paired_ratio_hi)\" + 0 >= \"$(val "$line" paired_ratio_lo)\" + 0" \
    "line: $line"
done
line=$(grep '^RESULT exp=lockwait_overhead kind=loop loop=contended ' "$TMP/bench.out" || true)
check_awk "contended: the floor's time and ratio beside the library's" \
  "\"$(val "$line" floor_ns_per_pair)\" + 0 > 0 && \"$(val "$line" floor_paired_ratio)\" + 0 > 0" "line: $line"
check_eq "contended: six samples of each of the three variants" 3 \
  "$(grep -c '^RESULT exp=lockwait_overhead kind=samples loop=contended variant=[a-z]* ns_per_pair=[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]* ' "$TMP/bench.out")"
check "the human summary names the floor" grep -q 'floor (a wrapper that only times its waits)' "$TMP/bench.err"
check_eq "the human summary: the issue's targets where it sets one, 'no target' elsewhere, never 'target <= NA'" \
  "1 1 1 0" "$(for w in 'uncontended .*(target <= 1.20); per round' 'contended .*(target <= 1.10); per round' \
    'spin .*(no target); per round' 'target <= NA'; do grep -c "$w" "$TMP/bench.err"; done | paste -sd' ')"
# where the host put the CPUs, read before each round of the contended loops
for loop in contended stacks; do
  line=$(grep "^RESULT exp=lockwait_overhead kind=loop loop=$loop " "$TMP/bench.out" || true)
  check_awk "$loop: the hand-off latency's median and range (or NA)" \
    "\"$(val "$line" handoff_ns)\" ~ /^([0-9.]+|NA)\$/ && \"$(val "$line" handoff_ns_max)\" ~ /^([0-9.]+|NA)\$/" "line: $line"
  check "$loop: one hand-off reading per round" \
    grep -Eq "^RESULT exp=lockwait_overhead kind=samples loop=$loop variant=placement handoff_ns=([0-9.]+|NA)(,([0-9.]+|NA)){5}\$" "$TMP/bench.out"
done
check "the human summary says where the CPUs were" grep -q 'the CPUs hand a line over in' "$TMP/bench.err"

# the fork loop: one child per pair, each a process of its own under the
# preload (its report at exit), and per child in the summary
check "fork: 20 children per run at -p 20000" grep -q '^RESULT exp=lockwait_overhead kind=loop loop=fork reps=6 pairs_per_thread=20 ' "$TMP/bench.out"
check "fork: the summary counts per child" grep -q 'fork .* ns/child' "$TMP/bench.err"
LOCKWAIT_OUT=$TMP/fork.txt LD_PRELOAD=$LIB "$BUILD/lw_bench" fork 3 >/dev/null
check_eq "lw_bench fork 3, preloaded: a report from the parent and from each child" 4 \
  "$(grep -c '^lockwait: pid [0-9]* (lw_bench) ' "$TMP/fork.txt")"

# the single loop's premise: no thread is ever started, bare or preloaded
# (glibc's lock skips its atomic only then)
check "lw_bench single: one thread" grep -q ' loop=single threads=1 ' <("$BUILD/lw_bench" single 1000)
LOCKWAIT_FULL_REPORTS=1 preload "$TMP/single.txt" "$BUILD/lw_bench" single 1000
check "lw_bench single, preloaded: the report counts one thread" \
  grep -q '^RESULT exp=lockwait kind=process .* threads=1 ' "$TMP/single.txt"

# below 6 rounds the per-round ratio has no interval: NA, and the summary says why
st=0
"$BENCH" -r 2 -p 1000 >"$TMP/short.out" 2>"$TMP/short.err" || st=$?
check_eq "-r 2: completes" 0 "$st"
check_eq "-r 2: every loop line has NA for the interval, a number for the ratio" 8 \
  "$(grep -c '^RESULT exp=lockwait_overhead kind=loop .* paired_ratio=[0-9.]* paired_ratio_lo=NA paired_ratio_hi=NA ' "$TMP/short.out")"
check_eq "-r 2: the summary says the interval needs 6 rounds, for each ratio" 9 \
  "$(grep -o 'no interval below 6 rounds' "$TMP/short.err" | wc -l | tr -d ' ')"

# a missing build/stats or a failed run ends the bench: no loop line of zeros
mkdir -p "$TMP/nostats" "$TMP/failing"
for f in liblockwait.so liblw_floor.so lw_bench lw_life; do ln -s "$BUILD/$f" "$TMP/nostats/$f"; done
st=0
BUILD=$TMP/nostats "$BENCH" -r 1 -p 1000 >"$TMP/nostats.out" 2>&1 || st=$?
check_awk "no build/stats: the bench fails ($st) and names it" \
  "$st != 0 && $(grep -c 'stats missing' "$TMP/nostats.out") == 1 && $(grep -c 'kind=loop' "$TMP/nostats.out") == 0" \
  "$(tail -n 1 "$TMP/nostats.out")"
for f in liblockwait.so liblw_floor.so lw_life stats; do ln -s "$BUILD/$f" "$TMP/failing/$f"; done
printf '#!/bin/sh\nexit 3\n' >"$TMP/failing/lw_bench"
chmod +x "$TMP/failing/lw_bench"
st=0
BUILD=$TMP/failing "$BENCH" -r 1 -p 1000 >"$TMP/failing.out" 2>&1 || st=$?
check_awk "a failing lw_bench: the bench fails ($st) with no loop line" \
  "$st != 0 && $(grep -c 'kind=loop' "$TMP/failing.out") == 0" "$(tail -n 1 "$TMP/failing.out")"

# a library constructor that locks before the floor's constructor has run
cc -O1 -fPIC -shared -DEARLY_LIB -pthread -o "$TMP/libearly.so" "$SRC/floor-early.c"
cc -O1 -pthread -o "$TMP/early" "$SRC/floor-early.c" -L"$TMP" -learly -Wl,-rpath,"$TMP"
st=0
env LD_PRELOAD="$FLOOR" "$TMP/early" >"$TMP/early.out" 2>&1 || st=$?
check_eq "lw_floor: a lock in another library's constructor, before the floor's own" "0 done 1" \
  "$st $(cat "$TMP/early.out")"

if [ "$(uname -m)" = x86_64 ]; then
  cc -O2 -std=gnu11 -S -fPIC -fvisibility=hidden -o "$TMP/floor.s" "$ROOT/lockwait/tool/bench/lw_floor.c"
  n=$(awk '/^pthread_mutex_lock:/ { on = 1 } on && /rdtsc/ { n++ } on && /\.cfi_endproc/ { on = 0 } END { print n + 0 }' \
    "$TMP/floor.s")
  check_eq "lw_floor: pthread_mutex_lock reads the counter twice" 2 "$n"
else
  skip "lw_floor's counter reads" "not x86-64"
fi
finish

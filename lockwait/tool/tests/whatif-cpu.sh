#!/usr/bin/env bash
# whatif-cpu.sh - the what-if's CPU floor (report_whatif.c, cpu_floor): a
# program cannot finish before its threads' CPU time is spent on its CPUs.
# A generated program (whatif-gen.awk) of 4 threads that work 2 ms and hold
# one mutex 1 ms, 30 times each, on 3 CPUs: at the half hold each thread
# needs 30 x 2.5 ms of CPU, so 4 x 75 ms / 3 = 100 ms at least, though the
# lock alone would let it finish in about 75 ms. The trace's THREAD_INFO
# records carry the CPU times and the CPUs (trace.h), which the library
# writes from a real run too.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

GEN=$ROOT/lockwait/tool/tests/whatif-gen.awk
# trace NAME [CPUS [TYPE]]: the program's trace as NAME.trace
trace() {
  LC_ALL=C awk -v T=4 -v R=30 -v W=2000000 -v H=1000000 -v D=1000 -v TIMED=1 -v HOLDSUM=1 -v CPUS="${2:-}" -v TYPE="${3:-1}" \
    -v WALL="$TMP/$1.wall" -f "$GEN" >"$TMP/$1.txt"
  "$BUILD/lockwait_tracegen" text "$TMP/$1.txt" "$TMP/$1.trace"
}
# whatif NAME: its kind=whatif line at the half hold
whatif() {
  "$BUILD/lockwait_report" --what-if 0.5 "$TMP/$1.trace" >"$TMP/$1.out" 2>"$TMP/$1.err"
  grep 'kind=whatif .*hold_factor=0.5 ' "$TMP/$1.out" || true
}

trace three 3
trace none
trace eight 8
trace spin 3 2
three=$(whatif three) none=$(whatif none) eight=$(whatif eight) spin=$(whatif spin)
check_eq "3 CPUs: the floor is 4 x 30 x 2.5 ms / 3, and the CPUs are the trace's" "100000000 3" \
  "$(val "$three" cpu_floor_wall_ns) $(val "$three" cpus)"
check_eq "... and it is the prediction, where the lock alone would allow less" 100000000 \
  "$(val "$three" predicted_wall_ns)"
check "... (the lock alone: below 90 ms)" test "$(val "$none" predicted_wall_ns)" -lt 90000000
check "... the lone-free and barging predictions are held up by it too" test \
  "$(val "$three" predicted_lonefree_wall_ns)" -ge 100000000 -a "$(val "$three" predicted_barging_wall_ns)" -ge 100000000
check_eq "... and the saving said is the floor's (1 - 100 ms / the traced wall)" \
  "$(awk -v w="$(val "$three" wall_ns)" 'BEGIN { printf "%.2f", 100 * (1 - 100000000 / w) }')" \
  "$(val "$three" predicted_saving_pct)"
check "... and people read it" grep -q "CPU" "$TMP/three.err"
check_eq "a trace without CPU times: no floor (0 CPUs)" "0 0" \
  "$(val "$none" cpu_floor_wall_ns) $(val "$none" cpus)"
check_eq "a spin lock, whose threads' CPU time holds their spinning too: the same floor (its waits left out)" \
  "100000000 spin" "$(val "$spin" cpu_floor_wall_ns) $(val "$spin" type)"
check_eq "8 CPUs: the floor (37.5 ms) is below the replay, which stays the prediction" \
  "37500000 $(val "$none" predicted_wall_ns)" "$(val "$eight" cpu_floor_wall_ns) $(val "$eight" predicted_wall_ns)"
# A trace whose CPUs cannot have run its threads' CPU time in the traced
# span (4 x 90 ms on 1 CPU in 124 ms: a writer pinned to one CPU while the
# workers ran on others, or forged times): the floor would put the run at
# factor 1 above the traced one. No floor then, and people are told.
trace one 1
one=$("$BUILD/lockwait_report" --what-if 1 --what-if 0.5 "$TMP/one.trace" 2>"$TMP/one.err" | grep 'kind=whatif' || true)
one1=$(grep 'hold_factor=1 ' <<<"$one" || true)
check_eq "1 CPU for 360 ms of CPU time in 124 ms: no floor, and the prediction at 1 is the traced run" \
  "0 $(val "$one1" wall_ns)" "$(val "$one1" cpu_floor_wall_ns) $(val "$one1" predicted_wall_ns)"
check_eq "... nor at 0.5 (the replay's own, as without CPU times)" \
  "0 $(val "$none" predicted_wall_ns)" \
  "$(val "$(grep 'hold_factor=0.5 ' <<<"$one" || true)" cpu_floor_wall_ns) $(val "$(grep 'hold_factor=0.5 ' <<<"$one" || true)" predicted_wall_ns)"
check "... and people read why" grep -q "CPU count or CPU times are wrong; no CPU floor" "$TMP/one.err"
# a CPU time of 2^64 - 1 ns per thread: no overflow into a small floor
awk '$2 == 8 { $5 = "18446744073709551615" } 1' "$TMP/three.txt" >"$TMP/huge.txt"
"$BUILD/lockwait_tracegen" text "$TMP/huge.txt" "$TMP/huge.trace"
huge=$("$BUILD/lockwait_report" --what-if 0.5 "$TMP/huge.trace" 2>/dev/null | grep 'kind=whatif' || true)
check_eq "CPU times of 2^64 - 1 ns: no floor, the replay's prediction" "0 $(val "$none" predicted_wall_ns)" \
  "$(val "$huge" cpu_floor_wall_ns) $(val "$huge" predicted_wall_ns)"
# one thread's CPU time forged to 300 ms, more than its lifetime, the others'
# 0: the total (300 ms on 3 CPUs) fits the span, but one thread cannot run
# on two CPUs at once, so it counts as its lifetime at most
awk '$2 == 8 { $5 = (++k == 1 ? 300000000 : 0) } 1' "$TMP/three.txt" >"$TMP/long.txt"
"$BUILD/lockwait_tracegen" text "$TMP/long.txt" "$TMP/long.trace"
long=$("$BUILD/lockwait_report" --what-if 0.5 "$TMP/long.trace" 2>/dev/null | grep 'kind=whatif' || true)
check "one thread's CPU time above its lifetime: a floor of its lifetime at most, below the forged 95 ms" \
  test "$(val "$long" cpu_floor_wall_ns)" -gt 0 -a "$(val "$long" cpu_floor_wall_ns)" -le "$(( $(val "$long" wall_ns) / 3 ))"
sed 's/^0 8 3 /0 8 2097152 /' "$TMP/three.txt" >"$TMP/many.txt"
"$BUILD/lockwait_tracegen" text "$TMP/many.txt" "$TMP/many.trace"
check_exit "a THREAD_INFO that says 2^21 CPUs is refused" 2 "$BUILD/lockwait_report" --what-if 0.5 "$TMP/many.trace"

# A real run: the library writes each worker's CPU time and the CPUs it may
# use (the workload's threads burn CPU in their work and holds).
cpus=$(getconf _NPROCESSORS_ONLN)
command -v nproc >/dev/null && cpus=$(nproc)
LOCKWAIT_TRACE=$TMP/real.trace preload "$TMP/real.txt" "$BUILD/lockwait_workload" -n 2000 mutex
real=$("$BUILD/lockwait_report" --what-if 0.5 "$TMP/real.trace" 2>/dev/null | grep 'kind=whatif .*hold_factor=0.5 ' || true)
check_eq "a traced run: THREAD_INFO says the CPUs the process may use" "$cpus" "$(val "$real" cpus)"
check "... and the threads' CPU time (a floor above 0)" test "$(val "$real" cpu_floor_wall_ns)" -gt 0
check "... never above the traced wall time" test "$(val "$real" cpu_floor_wall_ns)" -le "$(val "$real" wall_ns)"

# Workers pinned one to each of two CPUs, and main pinned to the first once
# they ended (lw_pinned.c): the CPUs are all the threads', not the 1 of the
# writer's mask at the end, whose floor put the run above the traced one.
LOCKWAIT_TRACE=$TMP/pinned.trace preload "$TMP/pinned.txt" "$BUILD/lw_pinned"
if [ "$(cat "$TMP/stdout")" = cpus=1 ]; then
  skip "the CPUs of threads pinned elsewhere than the writer" "one CPU to run on"
else
  pinned=$("$BUILD/lockwait_report" --what-if 1 "$TMP/pinned.trace" 2>/dev/null | grep 'kind=whatif' || true)
  check_eq "threads pinned to 2 CPUs, the writer to 1 at the end: the trace says 2" 2 "$(val "$pinned" cpus)"
  check "... and a floor above 0, never above the traced wall time" test "$(val "$pinned" cpu_floor_wall_ns)" -gt 0 \
    -a "$(val "$pinned" cpu_floor_wall_ns)" -le "$(val "$pinned" wall_ns)"
  # the same, then main, pinned to the first CPU, forks a child whose two
  # workers may use that CPU only: its trace says 1, not its parent's 2
  LOCKWAIT_TRACE=$TMP/fork.%p.trace preload "$TMP/fork.txt" "$BUILD/lw_pinned" fork
  child=""
  for t in "$TMP"/fork.*.trace; do
    line=$("$BUILD/lockwait_report" --what-if 1 "$t" 2>/dev/null | grep 'kind=whatif' || true)
    [ "$(val "$line" cpus)" = 2 ] || child=$line
  done
  check_eq "a fork child of a parent pinned to 1 CPU, whose workers had 2: the child's trace says 1" 1 "$(val "$child" cpus)"
fi
finish

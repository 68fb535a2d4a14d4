#!/usr/bin/env bash
# The CPUs the process may run on, not the CPUs online, decide what runs (a
# container or taskset often allows fewer than are online): under a one-CPU
# affinity mask (taskset -c 0, as in a container with a CPU set) 2 threads are skipped by default, run as
# oversubscribed when THREADS names them, and no false-sharing finding is
# drawn from them; under a mask without CPU 0 the threads are pinned to the
# CPU the mask allows.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

need_tool taskset util-linux "runs under a one-CPU affinity mask" || finish
fs=$BUILD/false_sharing
quick=(ITERS_LOG2=12 REPS=2 MAX_CELL_S=0)

# default thread counts under one allowed CPU: only 1 thread runs
env "${quick[@]}" taskset -c 0 "$fs" >"$TMP/one.txt" 2>"$TMP/one.err"
check "taskset -c 0: 2 threads skipped, naming the allowed CPUs" \
  grep -q '^RESULT exp=false_sharing kind=skip threads=2 allowed_cpus=1 reason=above_allowed_cpus' "$TMP/one.txt"
check_eq "taskset -c 0: no 2-thread cell measured" "0" "$(grep -c 'kind=cell .*threads=2 ' "$TMP/one.txt" || true)"
check "taskset -c 0: the message says how many CPUs the process may use" grep -q 'may run on 1 CPU' "$TMP/one.err"
check "taskset -c 0: no CPU-pair classes (they need two CPUs)" grep -q 'kind=pairs_skip reason=' "$TMP/one.txt"

# named, they run oversubscribed and say so
env "${quick[@]}" THREADS=1,2 taskset -c 0 "$fs" >"$TMP/forced.txt" 2>/dev/null
# a cell prints one line per host speed level it saw, so count cells, not lines
check_eq "taskset -c 0, THREADS=1,2: all 12 two-thread cells marked oversubscribed=1" "12" \
  "$(grep 'kind=cell .*threads=2 .*oversubscribed=1' "$TMP/forced.txt" | grep -o 'increment=[a-z_]* layout=[a-z0-9_]*' | sort -u | wc -l | tr -d ' ')"
check_eq "taskset -c 0, THREADS=1,2: no two-thread line marked oversubscribed=0" "0" \
  "$(grep -c 'kind=cell .*threads=2 .*oversubscribed=0' "$TMP/forced.txt" || true)"
check "taskset -c 0, THREADS=1,2: the placement line says oversubscribed on 1 allowed CPU" \
  grep -q 'kind=placement threads=2 cpus=0,0 pinning=granted oversubscribed=1 allowed_cpus=1' "$TMP/forced.txt"
check_eq "taskset -c 0, THREADS=1,2: checksums ok" "" "$(grep kind=checksum "$TMP/forced.txt" | grep -v 'status=ok$' || true)"
awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/forced.txt" >"$TMP/forced.md"
check "the summary calls 2 threads on one CPU oversubscribed" grep -q '^Oversubscribed: 2 threads on 1 allowed CPU' "$TMP/forced.md"
check_eq "the summary draws no false-sharing or scaling finding from them" "" \
  "$(grep -E '^- (The adjacent|Padded to 128 B|pad64 )' "$TMP/forced.md" || true)"

# a mask without CPU 0: the allowed CPU is used, not CPU 0
last=$(($(getconf _NPROCESSORS_ONLN) - 1))
if [ "$last" -ge 1 ]; then
  env "${quick[@]}" THREADS=1 PAIRS=0 taskset -c "$last" "$fs" >"$TMP/last.txt" 2>/dev/null
  check "taskset -c $last: the thread is pinned to CPU $last" \
    grep -q "kind=placement threads=1 cpus=$last pinning=granted oversubscribed=0 allowed_cpus=1" "$TMP/last.txt"
  check_eq "taskset -c $last: every round ended on CPU $last" "" \
    "$(grep '^RESULT exp=false_sharing kind=cell_cpus .*threads=1 ' "$TMP/last.txt" | kv_awk '{ print kv_get($0, "cpus") }' | sed 's/\]\[/,/g' | tr -d '[]*' | tr ',' '\n' | grep -vx "$last" | sort -u || true)"
else
  echo "# skipped: one CPU online, so no mask without CPU 0 can be tried"
fi
finish

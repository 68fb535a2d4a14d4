#!/usr/bin/env bash
# The interference detector fires: with a busy loop pinned to the measured
# CPU and SCHED_FIFO withheld (so the loop gets its share of the CPU), the
# runs lose wall time to it, and their blocks are marked interfered
# (rounds_interfered > 0, state "i" in the samples). Linux with taskset; as
# root, SCHED_FIFO is withheld with setpriv and prlimit.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

cs=$BUILD/ctxswitch
if [ "$(uname -s)" != Linux ] || ! command -v taskset >/dev/null 2>&1; then
  skip "interference test" "needs Linux and taskset (Debian package util-linux)"; finish
fi
nofifo=()
if [ "$(id -u)" = 0 ]; then
  if ! command -v setpriv >/dev/null 2>&1 || ! command -v prlimit >/dev/null 2>&1; then
    skip "interference test" "as root it needs setpriv and prlimit to withhold SCHED_FIFO (Debian package util-linux)"; finish
  fi
  nofifo=(setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice prlimit --rtprio=0)
fi
cpu=$(awk '/^Cpus_allowed_list:/ { n = split($2, r, "[-,]"); print r[n] }' /proc/self/status)

taskset -c "$cpu" sh -c 'while :; do :; done' &
hog=$!
raw=$TMP/hog.txt
rc=0
"${nofifo[@]}" env CPU="$cpu" DIRECT_ONLY=1 ROUNDS=300 REPS=6 MAX_CELL_S=0 "$cs" >"$raw" 2>/dev/null || rc=$?
kill "$hog" 2>/dev/null || true
wait "$hog" 2>/dev/null || true
check_eq "a run beside a busy loop on its CPU succeeds" 0 "$rc"
check "... without SCHED_FIFO" grep -q '^# ctxswitch_sched: SCHED_FIFO refused' "$raw"
check "... with the interference check on" grep -q '^# ctxswitch_interference: on' "$raw"
n=$(val "$(grep '^RESULT exp=ctxswitch kind=direct mode=process ' "$raw" | head -n 1)" rounds_interfered)
check_awk "repetitions beside the busy loop are marked interfered (${n:-none})" "${n:-0} > 0"
check "the samples mark them: state i, a lost share above 0.02" bash -c \
  "grep -q '^RESULT exp=ctxswitch kind=samples mode=process .* run=block .*state=[1-9m,]*i' '$raw' &&
   grep '^RESULT exp=ctxswitch kind=samples mode=process .* run=T1 ' '$raw' | sed 's/.* lost_share=//' | tr , '\n' | awk '\$1 > 0.02 { f = 1 } END { exit !f }'"
finish

#!/usr/bin/env bash
# The interference detector fires: with a busy loop pinned to the very CPU
# the benchmark's thread is pinned to, rounds get marked (interfered when
# the worker lost time to it, mixed when its canaries lay in two speed
# levels), the marks agree
# with the per-round numbers kept in the samples lines, and the summary says
# how many rounds were left out. Only "at least one round marked" is
# asserted: how many depends on the scheduler and on the machine. Even that
# is not certain in one run (0 marked in 2 of 31 runs on a shared 2-CPU VM:
# the run is short, about 150 ms), so the benchmark runs up to three times
# until a round is marked, and the checks are on the last run: a detector
# that never fires fails all three.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

need_tool taskset util-linux "the interference detector beside a pinned busy loop" || finish
fs=$BUILD/false_sharing
cpu=$(awk '{ print $NF }' <<<"$(taskset -pc $$)" | cut -d, -f1 | cut -d- -f1)

hog=
stop_hog() { if [ -n "$hog" ]; then kill "$hog" 2>/dev/null || true; wait "$hog" 2>/dev/null || true; hog=; fi; }
trap 'stop_hog; rm -rf "$TMP"' EXIT
taskset -c "$cpu" bash -c 'while :; do :; done' &
hog=$!
# marked_rounds: the rounds of $TMP/raw.txt marked interfered or mixed
marked_rounds() {
  grep -E '^RESULT exp=false_sharing kind=cell_samples ' "$TMP/raw.txt" |
    kv_awk '{ s = kv_get($0, "state"); n += gsub(/[im]/, "", s) } END { print n + 0 }'
}
for attempt in 1 2 3; do
  # rounds of 1-7 ms, longer than a scheduler slice for the atomic
  env ITERS_LOG2=20 REPS=6 MAX_CELL_S=0 THREADS=1 PAIRS=0 taskset -c "$cpu" "$fs" >"$TMP/raw.txt" 2>/dev/null
  marked=$(marked_rounds)
  [ "$marked" -eq 0 ] || break
done
stop_hog

check_awk "a busy loop on the measured CPU gets rounds marked interfered or mixed ($marked marked, run $attempt)" "$marked >= 1"
check_eq "checksums ok under the busy loop" "" "$(grep kind=checksum "$TMP/raw.txt" | grep -v 'status=ok$' || true)"
# every round marked i lost more than 2% of its time; every round marked c lost no more
check_eq "state letters agree with the lost shares kept per round" "" \
  "$(grep -E '^RESULT exp=false_sharing kind=(cell|pair)_samples ' "$TMP/raw.txt" | kv_awk '{ kv($0, v)
      n = split(v["lost_share"], lost, ",")
      for (r = 1; r <= n; r++) { s = substr(v["state"], r, 1)
        d = lost[r] - 0.02; if (d < 0.0001 && d > -0.0001) continue  # printed to 4 decimals
        if ((s == "i") != (lost[r] + 0 > 0.02)) { print $4, "round", r, s, lost[r]; exit } } }')"
awk -v csvdir="$TMP" -f "$ROOT/common/kv.awk" -f "$ROOT/false_sharing/summary.awk" "$TMP/raw.txt" >"$TMP/summary.md"
check "the summary reports the rounds left out" grep -qE '^- [1-9][0-9]* of [0-9]+ cell-rounds (was|were) left out' "$TMP/summary.md"
# a cell given from another speed level ends in its mark, "(L2)"
check "the summary's rounds table shows them" grep -qE '\| [0-9]+/[0-9]+ \([0-9]+ i, [0-9]+ m\)( \(L[0-9]+\))? \|' "$TMP/summary.md"
finish

# false_sharing/exp.sh - how run.sh runs the false-sharing experiment
# (sourced by run.sh; see the plugin contract in run.sh's README section).
# shellcheck shell=bash

false_sharing_check() {
  [ -z "${PAIRS:-}" ] || [[ $PAIRS =~ ^[01]$ ]] || bad_usage "PAIRS=$PAIRS: expected 0 or 1"
  knob_int MAX_CELL_S 0 3600
  # run.sh has checked that THREADS is a list of numbers; a count named twice
  # would be measured twice and one of its results dropped
  local seen=, x xs
  if [ -n "${THREADS:-}" ]; then
    IFS=, read -r -a xs <<<"$THREADS"
    for x in "${xs[@]}"; do
      x=$((10#$x))
      [[ $seen == *",$x,"* ]] && bad_usage "THREADS=$THREADS: $x is named twice; name each thread count once"
      seen=$seen$x,
    done
  fi
  return 0
}

# Rounds are short (2^18 increments, 0.1-10 ms) so that the probes and the
# canaries around each one see the bursts of a shared machine, which last
# milliseconds to seconds; precision comes from many rounds, not long ones.
# QUICK: 4x fewer increments, 6 clean rounds, and no rounds beyond those.
false_sharing_iters() { if [ -n "$ITERS_LOG2" ]; then echo "$ITERS_LOG2"; elif [ "$QUICK" = 1 ]; then echo 16; else echo 18; fi; }
false_sharing_reps() { if [ -n "$REPS" ]; then echo "$REPS"; elif [ "$QUICK" = 1 ]; then echo 6; else echo 11; fi; }
false_sharing_cap() { if [ -n "${MAX_CELL_S:-}" ]; then echo "$MAX_CELL_S"; elif [ "$QUICK" = 1 ]; then echo 0; else echo 10; fi; }

# rough: a round of every cell costs ~140 ns x 2^ITERS_LOG2 for the loops
# (the contended atomic dominates) plus ~0.3 ms per cell-round for threads,
# canaries and probes; a quiet machine needs about REPS + 1 rounds, a busy
# one up to 4 x REPS + 11
false_sharing_eta() {
  local il reps ncpu
  il=$(false_sharing_iters); reps=$(false_sharing_reps); ncpu=$(getconf _NPROCESSORS_ONLN)
  awk -v il="$il" -v r="$reps" -v c="$ncpu" 'BEGIN {
    t = (c >= 8 ? 4 : c >= 4 ? 3 : c >= 2 ? 2 : 1); cells = 12 * t + (c >= 2 ? 6 : 0)
    printf "%d\n", 1 + 2 * (r + 1) * (140e-9 * t / 2 * 2 ^ il + cells * 0.3e-3) }'
}

false_sharing_run() {
  ITERS_LOG2=$(false_sharing_iters) REPS=$(false_sharing_reps) MAX_CELL_S=$(false_sharing_cap) PIN=${PIN:-1} \
    run_child "$BUILD/false_sharing" >>"$1"
}

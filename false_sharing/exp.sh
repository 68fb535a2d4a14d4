# false_sharing/exp.sh - how run.sh runs the false-sharing experiment
# (sourced by run.sh; see the plugin contract in run.sh's README section).
# shellcheck shell=bash

false_sharing_check() {
  [ -z "${PAIRS:-}" ] || [[ $PAIRS =~ ^[01]$ ]] || bad_usage "PAIRS=$PAIRS: expected 0 or 1"
}

# QUICK keeps the shape of the full run with 16x fewer increments and 3 rounds
false_sharing_iters() { if [ -n "$ITERS_LOG2" ]; then echo "$ITERS_LOG2"; elif [ "$QUICK" = 1 ]; then echo 20; else echo 24; fi; }
false_sharing_reps() { if [ -n "$REPS" ]; then echo "$REPS"; elif [ "$QUICK" = 1 ]; then echo 3; else echo 11; fi; }

# rough: ~0.35 s per round at one thread and ~1 s per round for each thread
# count >= 2 (the contended atomic dominates), at 2^24 increments
false_sharing_eta() {
  local il reps ncpu
  il=$(false_sharing_iters); reps=$(false_sharing_reps); ncpu=$(getconf _NPROCESSORS_ONLN)
  awk -v il="$il" -v r="$reps" -v c="$ncpu" 'BEGIN {
    t = (c >= 8 ? 4 : c >= 4 ? 3 : c >= 2 ? 2 : 1)
    printf "%d\n", 1 + (r + 1) * 2 ^ (il - 24) * (0.35 + 1.0 * (t - 1) + (c >= 2 ? 1.0 : 0)) }'
}

false_sharing_run() {
  ITERS_LOG2=$(false_sharing_iters) REPS=$(false_sharing_reps) PIN=${PIN:-1} \
    run_child "$BUILD/false_sharing" >>"$1"
}

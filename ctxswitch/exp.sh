# ctxswitch/exp.sh - how run.sh runs the context-switch experiment (sourced
# by run.sh with common/lib.sh loaded; ROOT, BUILD, QUICK, REPS, PIN set).
# The binary validates the same knobs again; this check runs before anything
# is built or written, so a bad knob stops run.sh with nothing changed.
# Knobs (environment): ROUNDS MAX_CELL_S DIRECT_ONLY SIZES MAX_KIB STRIDES
# ACCESS MODE CPU; see `build/ctxswitch -h` and the ctxswitch section of
# README.md.
# shellcheck shell=bash

# ctxswitch_allowed_cpu N: is CPU N one this shell may run on? (Linux:
# Cpus_allowed_list; elsewhere any CPU below the online count)
ctxswitch_allowed_cpu() {
  local n=$1 list
  if [ -r /proc/self/status ]; then
    list=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status)
    # "0-3,8" -> is n in one of the ranges?
    awk -v n="$n" -v l="$list" 'BEGIN { k = split(l, r, ","); for (i = 1; i <= k; i++) {
      if (split(r[i], b, "-") == 1) b[2] = b[1]; if (n >= b[1] + 0 && n <= b[2] + 0) exit 0 }; exit 1 }'
  else
    [ "$n" -lt "$(getconf _NPROCESSORS_ONLN)" ]
  fi
}

ctxswitch_check() {
  local s xs
  knob_int ROUNDS 1 100000000
  knob_int MAX_CELL_S 0 3600
  [[ ${DIRECT_ONLY:-0} =~ ^[01]$ ]] || bad_usage "DIRECT_ONLY=$DIRECT_ONLY: expected 0 or 1"
  knob_int_list SIZES 1 4194304
  knob_int MAX_KIB 1 4194304
  knob_int_list STRIDES 8 4096
  IFS=, read -r -a xs <<<"${STRIDES:-}"
  for s in ${xs[@]+"${xs[@]}"}; do
    [ $((10#$s % 8)) = 0 ] || bad_usage "STRIDES=$STRIDES: $s is not a multiple of 8 (the element size)"
  done
  knob_enum_list ACCESS read write rmw
  knob_enum_list MODE process thread
  knob_int CPU 0 1023
  if [ -n "${CPU:-}" ] && ! ctxswitch_allowed_cpu "$((10#$CPU))"; then
    bad_usage "CPU=$CPU: not a CPU this process may run on (0..$(($(getconf _NPROCESSORS_ONLN) - 1)), allowed set)"
  fi
}

# The binary's own plan (-n) knows the sizes and rounds; before the first
# build there is none, so fall back to the default run's measured length.
ctxswitch_eta() {
  local eta=""
  if [ -x "$BUILD/ctxswitch" ]; then
    eta=$(QUICK=$QUICK REPS=$REPS PIN=$PIN "$BUILD/ctxswitch" -n 2>/dev/null |
      kv_awk '/^RESULT exp=ctxswitch kind=plan / { print kv_get($0, "eta_s") + 0 }') || eta=""
  fi
  if [ -z "$eta" ]; then
    if [ "$QUICK" = 1 ]; then eta=2; else eta=60; fi
  fi
  echo "$eta"
}

ctxswitch_run() {
  QUICK=$QUICK REPS=$REPS PIN=$PIN run_child "$BUILD/ctxswitch" >>"$1"
}

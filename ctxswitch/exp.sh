# ctxswitch/exp.sh - how run.sh runs the context-switch experiment (sourced
# by run.sh with common/lib.sh loaded; ROOT, BUILD, QUICK, REPS, PIN set; the
# contract is docs/adding-an-experiment.md). The binary validates the same
# knobs again, as every program checks its input; this check runs before
# anything is built or written, so a bad knob stops run.sh with nothing
# changed.
# Knobs (environment): ROUNDS MAX_CELL_S DIRECT_ONLY SIZES MAX_KIB STRIDES
# ACCESS MODE CPU; see `build/ctxswitch -h`, docs/knobs.md and
# docs/ctxswitch.md.
# shellcheck shell=bash

ctxswitch_check() {
  local s xs
  knob_int ROUNDS 1 100000000
  knob_int MAX_CELL_S 0 3600
  knob_int MAX_ROUNDS 1 100000
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
  knob_cpus CPU
}

# QUICK: fewer rounds and repetitions, no extra ones, and two sizes (4 KiB
# and the cap) instead of the sweep; the full run's defaults are the
# binary's (build/ctxswitch -h)
ctxswitch_max_kib() { knob_value MAX_KIB "" 256; }
ctxswitch_sizes() {
  local top
  top=$(ctxswitch_max_kib)
  top=${top:-2048}
  if [ "$((10#$top))" -le 4 ]; then knob_value SIZES "" "$((10#$top))"; else knob_value SIZES "" "4,$((10#$top))"; fi
}
# ctxswitch_env CMD...: CMD with the knobs of this run in its environment
# (an empty one: the binary's default)
ctxswitch_env() {
  ROUNDS=$(knob_value ROUNDS "" 1000) REPS=$(knob_value REPS 8 6) MAX_CELL_S=$(knob_value MAX_CELL_S 0 0) MAX_ROUNDS=$(knob_value MAX_ROUNDS 20 "") \
    MAX_KIB=$(ctxswitch_max_kib) SIZES=$(ctxswitch_sizes) PIN=$PIN "$@"
}

# the settings of this run for the raw file's "# knobs:" line: rounds and
# sizes always ("default": the binary's plan, in its kind=plan line),
# the other knobs when set
ctxswitch_knobs() {
  local words rounds sizes
  words=$(knob_words MAX_CELL_S MAX_ROUNDS DIRECT_ONLY MAX_KIB STRIDES ACCESS MODE CPU)
  rounds=$(knob_value ROUNDS "" 1000)
  sizes=$(ctxswitch_sizes)
  echo "ROUNDS=${rounds:-default} SIZES=${sizes:-default}${words:+ $words}"
}

# The binary's own plan (-n) knows the sizes and rounds; before the first
# build there is none, so fall back to the default run's measured length.
ctxswitch_eta() {
  local eta=""
  if [ -x "$BUILD/ctxswitch" ]; then
    eta=$(ctxswitch_env "$BUILD/ctxswitch" -n 2>/dev/null |
      kv_awk '/^RESULT exp=ctxswitch kind=plan / { print kv_get($0, "eta_s") + 0 }') || eta=""
  fi
  if [ -z "$eta" ]; then
    if [ "$QUICK" = 1 ]; then eta=2; else eta=60; fi
  fi
  echo "$eta"
}

ctxswitch_run() {
  ctxswitch_env run_child "$BUILD/ctxswitch" >>"$1"
}

# Two levels (run.sh): 5 invocations spread over the run, fewer rounds
# each (REPS 8 instead of the binary's 11, and no extra ones for precision,
# MAX_CELL_S 0 instead of 1, and at most 20 repetitions where 42 would
# replace the slow ones on a busy host: the precision comes from the
# invocations): C1 and the large arrays' indirect
# costs move between runs by more than within one (where the arrays land in
# physical memory and in the caches' sets). QUICK: 2. The figures over the
# invocations (build/combine): a switch pinned to one CPU does not depend on
# where the host put the others. The indirect cost claims a cost only beyond
# 20 ns, the floor of the binary's own target.
ctxswitch_invocations() { if [ "$QUICK" = 1 ]; then echo 2; else echo 5; fi; }
# Figures of different speed levels are never pooled: build/combine matches
# each invocation's levels to the run's by their canary speed and makes the
# run's level part of every figure's identity.
ctxswitch_figures() {
  cat <<'TXT'
direct mode c1_ns,pair_half_rt_ns,single_rt_ns lin - -
mode_diff what c1_diff_ns lin 0:20 -
total mode,size_kib,access,stride_bytes indirect_ns,c1_ns,c2_ns lin 0:20 -
TXT
}

# ctxswitch_rederive RAW: every invocation's figure and speed_level lines
# (tagged inv=I) computed again from the samples lines of RAW (old raw files
# too: each repetition one block), for run.sh --summarize
ctxswitch_rederive() {
  [ -x "$BUILD/ctxswitch" ] || die "ctxswitch_rederive: $BUILD/ctxswitch is not built (./build.sh ctxswitch)"
  "$BUILD/ctxswitch" --rederive "$1"
}

# lockwait/exp.sh - how run.sh runs the lockwait experiment (sourced by
# run.sh with common/lib.sh loaded; ROOT, BUILD, QUICK, REPS, PIN set; the
# contract is docs/adding-an-experiment.md, the method
# docs/lockwait-method.md). Per scenario: build/lockwait_pairs
# (lockwait/pairs.c) runs the workload bare and preloaded in pairs; a traced
# run feeds build/lockwait_report; the what-if check compares the report's
# prediction with lockwait_pairs -w's pairs at the scaled hold. `lockwait_pairs
# intervals` then gives the overhead, runs, latency and whatif_check lines.
# shellcheck shell=bash

# the scenarios in run order, build/lockwait_workload's (its -h; the tests
# check that the two agree); their sizes are the workload's defaults
LOCKWAIT_ALL_SCENARIOS=(mutex spin sem rwlock cond cache)
# the overhead target: interval half-width within 0.01 of the ratio (1 point)
LOCKWAIT_TARGET=0.01
# The scenarios whose what-if prediction is checked: their -c is the hold of
# one mutex, which lockwait_report's replay scales (docs/lockwait-method.md)
LOCKWAIT_WHATIF_SCENARIOS=(mutex cache)

lockwait_check() {
  knob_enum_list LOCKWAIT_SCENARIOS "${LOCKWAIT_ALL_SCENARIOS[@]}"
  knob_int LOCKWAIT_THREADS 2 1024
  knob_int MAX_CELL_S 0 3600
  [[ ${LOCKWAIT_WHATIF:-0.5} =~ ^(off|0|0?\.[0-9]+)$ ]] ||
    bad_usage "LOCKWAIT_WHATIF=$LOCKWAIT_WHATIF: expected a hold factor from 0 to below 1 (0.5: half the hold) or off"
}

# the library's settings in the user's environment (every LOCKWAIT_* but the
# three knobs above): the runs go without them, and the knobs name them
lockwait_lib_vars() { compgen -e | grep '^LOCKWAIT_' | grep -vxE 'LOCKWAIT_(SCENARIOS|THREADS|WHATIF)' | paste -sd, - || true; }

# the raw file's "# knobs:" words: scenarios and threads, the cap and
# factor when set, and the library's settings that were cleared
lockwait_knobs() {
  local words lib
  words=$(knob_words MAX_CELL_S LOCKWAIT_WHATIF)
  lib=$(lockwait_lib_vars)
  echo "LOCKWAIT_SCENARIOS=$(lockwait_scenarios | tr ' ' ,) LOCKWAIT_THREADS=${LOCKWAIT_THREADS:-default}${words:+ $words}${lib:+ LOCKWAIT_CLEARED=$lib}"
}

# The preload library is Linux-only: elsewhere the workloads run bare.
lockwait_have_preload() { [ "$(uname -s)" = Linux ]; }

# 8 pairs: a Wilcoxon interval of the 4th smallest to the 4th largest of 36
# Walsh averages (96%); more for the target while the cap (MAX_CELL_S) allows
lockwait_reps() { local r; r=$(knob_value REPS 8 1); echo "$((10#$r))"; }
lockwait_cap_s() { local c; c=$(knob_value MAX_CELL_S 4 0); echo "$((10#$c))"; }
lockwait_factor() { knob_value LOCKWAIT_WHATIF 0.5; }
# lockwait_whatif_applies SCENARIO: is its prediction checked in this run?
lockwait_whatif_applies() {
  [ "$(lockwait_factor)" != off ] || return 1
  [[ " ${LOCKWAIT_WHATIF_SCENARIOS[*]} " == *" $1 "* ]]
}
lockwait_scenarios() { local all="${LOCKWAIT_ALL_SCENARIOS[*]}"; knob_value LOCKWAIT_SCENARIOS "$all" | tr ',' ' '; }

# lockwait_args SCENARIO: the workload's flags beyond the threads. A full
# run takes the workload's default operations; QUICK a tenth of them (see
# lockwait_workload -h), and cache a quarter of its requests with a miss 4x
# as often, so that a smoke test still sees requests stall behind a compile.
lockwait_args() {
  [ "$QUICK" = 1 ] || return 0
  case "$1" in mutex|spin|rwlock) echo "-n 2000" ;; sem) echo "-n 1000" ;; cond) echo "-n 500" ;; cache) echo "-m 32 -n 100" ;; esac
}

# rough: a pair ~0.34 s (QUICK ~0.08 s) at 4 threads plus ~0.1 s around it,
# growing with the threads; REPS pairs or the cap, whichever is longer;
# the traced run; where the what-if check applies, REPS pairs of bare runs
# and min(REPS, 6) - 1 more traced runs with two replays each
lockwait_eta() {
  local n=0 w=0 s
  for s in $(lockwait_scenarios); do n=$((n + 1)); if lockwait_whatif_applies "$s"; then w=$((w + 1)); fi; done
  LC_ALL=C awk -v r="$(lockwait_reps)" -v n="$n" -v w="$w" -v tr="$(lockwait_traces)" -v q="$QUICK" -v cap="$(lockwait_cap_s)" -v th="${LOCKWAIT_THREADS:-4}" \
    'BEGIN { t = (q == 1 ? 0.04 : 0.17) * (th > 4 ? th / 4 : 1); s = r * (2 * t + 0.1); if (cap > s) s = cap
      printf "%d\n", 1 + n * (s + 2 * t + 0.2) + w * (r * (2 * t + 0.1) + 0.2 + (tr - 1) * (t + 0.3)) }'
}

# lockwait_tag FILE SCENARIO VARIANT REP: FILE's RESULT lines, tagged
# (scenario= only where a line lacks it: a key is given once)
lockwait_tag() {
  # input: RESULT lines from the workload, the library or the report
  kv_awk -v s="$2" -v v="$3" -v r="$4" '/^RESULT / {
    print $0 (kv_get($0, "scenario") == "" ? " scenario=" s : "") " variant=" v " rep=" r }' "$1"
}

# lockwait_traced SCENARIO RAW: the traced run and its report
lockwait_traced() {
  local s=$1 raw=$2 wargs=() rargs=(-n 0)
  if [ "$s" = cache ]; then wargs=(-W "$LW_TMP/win"); rargs+=(-s -W "$LW_TMP/win"); fi
  lockwait_trace_run "$s" "${wargs[@]}"
  run_child "$BUILD/lockwait_report" "${rargs[@]}" "$LW_TMP/trace" >>"$LW_TMP/wl.out" 2>"$LW_TMP/rep.err" ||
    { cat "$LW_TMP/rep.err" >&2; die "lockwait: lockwait_report on the $s trace failed"; }
  if [ "$s" = cache ]; then # its waits by thread, stack and lock: the summary's flame graph
    run_child "$BUILD/lockwait_report" -f "$LW_TMP/trace" >"$LW_TMP/folded" 2>"$LW_TMP/rep.err" ||
      { cat "$LW_TMP/rep.err" >&2; die "lockwait: lockwait_report -f on the $s trace failed"; }
    # input: "thread;frame;...;frame;lock NS" (no blanks inside the stack); sorted: a stable layout
    LC_ALL=C sort "$LW_TMP/folded" |
      awk 'NF == 2 { print "RESULT exp=lockwait kind=folded folded=" $1 " wait_ns=" $2 }' >>"$LW_TMP/wl.out" ||
      die "lockwait: cannot keep the $s folded stacks"
  fi
  lockwait_tag "$LW_TMP/wl.out" "$s" traced 0 >>"$raw" || die "lockwait: cannot write $raw"
}

# predictions from min(REPS, 6) traces: 6 is the least for an interval
lockwait_traces() { local r; r=$(lockwait_reps); echo "$((r < 6 ? r : 6))"; }

# lockwait_trace_run SCENARIO [WORKLOAD_FLAG...]: one preloaded run with
# LOCKWAIT_TRACE=$LW_TMP/trace; the workload's and library's lines in wl.out
lockwait_trace_run() {
  local s=$1
  shift
  rm -f "$LW_TMP/lw.out" "$LW_TMP/trace"
  LOCKWAIT_FULL_REPORTS=1 LOCKWAIT_OUT=$LW_TMP/lw.out LOCKWAIT_TRACE=$LW_TMP/trace LD_PRELOAD=$LW_PRELOAD \
    run_child "$BUILD/lockwait_workload" "${LW_ARGS[@]}" "$@" "$s" >"$LW_TMP/wl.out" 2>"$LW_TMP/wl.err" ||
    { cat "$LW_TMP/wl.err" >&2; die "lockwait: $s (traced) failed"; }
  cat "$LW_TMP/lw.out" >>"$LW_TMP/wl.out"
}

# lockwait_what_if SCENARIO RAW K: lockwait_report --what-if on the K-th
# trace at the factor and at 0 (the lock free): its kind=whatif lines in
# $LW_TMP/whatif.lines and, as "trace S K LINE", in $LW_TMP/predict
lockwait_what_if() {
  local s=$1 raw=$2 k=$3 why factors=(--what-if "$LW_FACTOR" --what-if 0)
  [ "$(LC_ALL=C awk -v f="$LW_FACTOR" 'BEGIN { print f + 0 }')" != 0 ] || factors=(--what-if 0)
  run_child "$BUILD/lockwait_report" "${factors[@]}" "$LW_TMP/trace" >"$LW_TMP/whatif.out" 2>"$LW_TMP/rep.err" ||
    { cat "$LW_TMP/rep.err" >&2; die "lockwait: lockwait_report ${factors[*]} on the $s trace failed"; }
  grep '^RESULT exp=lockwait kind=whatif ' "$LW_TMP/whatif.out" >"$LW_TMP/whatif.lines" || true
  if [ ! -s "$LW_TMP/whatif.lines" ]; then # the report's reason, for people
    why=$(grep -m 1 -- 'what-if\|error' "$LW_TMP/rep.err" || true)
    echo "# lockwait_whatif_$s: trace $k: no prediction: ${why:-the report printed no kind=whatif line}" >>"$raw"
  fi
  sed "s/^/trace $s $k /" "$LW_TMP/whatif.lines" >>"$LW_TMP/predict" || die "lockwait: cannot keep the $s prediction"
}

# lockwait_predict SCENARIO RAW: the predictions from the traced run's trace
# and min(REPS, 6) - 1 more traced runs (variant whatif_traced, rep 2..),
# their lines in RAW; "check S cs_ns half_cs_ns traces" into $LW_TMP/predict
# (traces 0: a report without --what-if); LW_HALF_CS: the half runs' hold
lockwait_predict() {
  local s=$1 raw=$2 cs n k
  # input: the traced run's workload line (cs_ns=: the hold that ran)
  cs=$(kv_awk '/^RESULT exp=lockwait kind=workload / { print kv_get($0, "cs_ns") }' "$LW_TMP/wl.out")
  [[ $cs =~ ^[0-9]+$ ]] || die "lockwait: $s: the traced run did not say its hold (cs_ns=)"
  LW_HALF_CS=$(LC_ALL=C awk -v c="$cs" -v f="$LW_FACTOR" 'BEGIN { printf "%.0f\n", c * f }')
  echo "# lockwait_whatif_$s: hold $cs ns in the full runs, $LW_HALF_CS ns (x $LW_FACTOR) in the half runs" >>"$raw"
  n=$(lockwait_traces)
  if [ "$LW_CAN_PREDICT" != 1 ]; then
    echo "# lockwait_whatif_$s: no prediction ($BUILD/lockwait_report has no --what-if)" >>"$raw"
    n=0
  fi
  echo "check $s $cs $LW_HALF_CS $n" >>"$LW_TMP/predict"
  for ((k = 1; k <= n; k++)); do
    if [ "$k" -gt 1 ]; then
      progress "lockwait ($s: what-if trace $k of $n)" "$LW_DONE" "$LW_TOTAL"
      lockwait_trace_run "$s"
    fi
    lockwait_what_if "$s" "$raw" "$k"
    if [ "$k" = 1 ]; then lockwait_tag "$LW_TMP/whatif.lines" "$s" traced 0; else
      cat "$LW_TMP/whatif.lines" >>"$LW_TMP/wl.out"
      lockwait_tag "$LW_TMP/wl.out" "$s" whatif_traced "$k"
    fi >>"$raw" || die "lockwait: cannot write $raw"
  done
}

# lockwait_pairs_of RAW SCENARIO FLAG...: build/lockwait_pairs on the
# workload as this run sets it; its lines into RAW
lockwait_pairs_of() {
  local raw=$1 s=$2
  shift 2
  run_child "$BUILD/lockwait_pairs" "$@" -r "$(lockwait_reps)" -d "$LW_TMP" "$s" "$BUILD/lockwait_workload" \
    ${LW_ARGS[@]+"${LW_ARGS[@]}"} >>"$raw" || die "lockwait: $s: build/lockwait_pairs failed"
}

lockwait_run() {
  local raw=$1 reps cap_s s extra v cleared preload=() wifs=()
  reps=$(lockwait_reps)
  cap_s=$(lockwait_cap_s)
  # next to RAW, in run.sh's temp directory: removed with it if we fail
  LW_TMP=$(mktemp -d "$(dirname "$raw")/lockwait.XXXXXX") || die "lockwait: cannot create a temp directory"
  # the user's settings for the library are not the experiment's (knobs:
  # LOCKWAIT_CLEARED); lockwait_pairs clears them for its runs as well
  cleared=$(lockwait_lib_vars)
  for v in ${cleared//,/ }; do unset "$v"; done
  LW_PRELOAD=""
  if lockwait_have_preload; then
    [ -f "$BUILD/liblockwait.so" ] || die "lockwait: $BUILD/liblockwait.so is missing (./build.sh lockwait)"
    # LD_PRELOAD cannot carry spaces or colons: the launcher links such a path
    LW_PRELOAD=$(LOCKWAIT_LIB=$BUILD/liblockwait.so "$ROOT/lockwait/tool/lockwait" --preload-path) ||
      die "lockwait: no usable path to the library"
    preload=(-P "$LW_PRELOAD")
  fi
  LW_FACTOR=$(lockwait_factor)
  {
    echo "# lockwait_reps: $reps (pairs at least per scenario in its main speed level, bare/wrapped in alternating order) + 1 traced run per scenario"
    echo "# lockwait_max_cell_s: $cap_s (no pair added for the target, a half-width of $LOCKWAIT_TARGET of the ratio, after this; at most $((4 * reps + 10)) pairs)"
    echo "# lockwait_threads: ${LOCKWAIT_THREADS:-default (lockwait_workload -h; the threads= of each run say how many)}"
    echo "# lockwait_whatif: $LW_FACTOR (the hold factor whose prediction is checked on ${LOCKWAIT_WHATIF_SCENARIOS[*]})"
    echo "# lockwait_preload: ${LW_PRELOAD:-none ($(uname -s): the preload library is Linux-only; bare runs only)}"
    echo "# lockwait_cleared: ${cleared:-none} (the library's settings in the environment, not used)"
    echo "RESULT exp=lockwait kind=config reps_min=$reps max_cell_s=$cap_s target_ratio=$LOCKWAIT_TARGET online_cpus=$(getconf _NPROCESSORS_ONLN) whatif_factor=$LW_FACTOR preload=$((${#preload[@]} > 0))"
  } >>"$raw"
  LW_DONE=0
  LW_TOTAL=$(lockwait_scenarios | wc -w)
  LW_CAN_PREDICT=0
  [[ $("$BUILD/lockwait_report" -h 2>&1 || true) != *--what-if* ]] || LW_CAN_PREDICT=1
  for s in $(lockwait_scenarios); do
    read -r -a extra <<<"$(lockwait_args "$s")"
    LW_ARGS=(${LOCKWAIT_THREADS:+-t "$LOCKWAIT_THREADS"} ${extra[@]+"${extra[@]}"})
    echo "# lockwait_args_$s: ${LW_ARGS[*]:-none (the workload defaults)}" >>"$raw"
    progress "lockwait ($s: pairs)" "$LW_DONE" "$LW_TOTAL"
    lockwait_pairs_of "$raw" "$s" ${preload[@]+"${preload[@]}"} -c "$cap_s" -a "$LOCKWAIT_TARGET" -o "$LW_TMP/figs"
    if [ ${#preload[@]} -gt 0 ]; then
      progress "lockwait ($s: traced run and report)" "$LW_DONE" "$LW_TOTAL"
      lockwait_traced "$s" "$raw"
      if lockwait_whatif_applies "$s"; then
        lockwait_predict "$s" "$raw"
        # a smoke test replaces no what-if pair: on a busy machine that doubled QUICK's time
        lockwait_pairs_of "$raw" "$s" -w -H "$LW_HALF_CS" -c 0 -o "$LW_TMP/whatif" -m $((QUICK == 1 ? reps : 4 * reps + 10))
        wifs=("$LW_TMP/whatif" "$LW_TMP/predict" "$LW_FACTOR")
      fi
    fi
    LW_DONE=$((LW_DONE + 1))
  done
  run_child "$BUILD/lockwait_pairs" intervals -a "$LOCKWAIT_TARGET" "$LW_TMP/figs" ${wifs[@]+"${wifs[@]}"} >>"$raw" ||
    die "lockwait: the interval lines could not be computed (lockwait_pairs intervals)"
  progress lockwait "$LW_TOTAL" "$LW_TOTAL"
  rm -rf "$LW_TMP"
}

# the knobs only this file reads, for run.sh -h (the workloads' are in
# build/lockwait_workload -h)
lockwait_usage() {
  cat <<TXT
lockwait:
  LOCKWAIT_SCENARIOS=mutex,...  the scenarios to run, a subset of
                                ${LOCKWAIT_ALL_SCENARIOS[*]} (default: all)
  LOCKWAIT_THREADS=N            threads of every scenario (2..1024; default 4, spin min(4, CPUs))
  LOCKWAIT_WHATIF=F             the hold factor whose what-if prediction is checked on
                                ${LOCKWAIT_WHATIF_SCENARIOS[*]} (0..<1, default 0.5; off: no check)
TXT
}

# Two levels (run.sh): one invocation; its paired ratios of fresh processes
# held across runs (35 of 36 inside the other runs' intervals). The overhead
# claims a cost beyond 2%; with INVOCATIONS=N the sleeps ratio, wall times,
# shares and latencies are combined too (not one invocation's beside all's).
lockwait_invocations() { echo 1; }
lockwait_figures() {
  printf '%s\n' "overhead scenario overhead_pct,sleeps_ratio:log lin 0:2 -" "latency scenario,variant p50_us,p99_us,max_us lin - -" \
    "runs scenario bare_ms,wrapped_ms,bare_kops_per_s,wrapped_kops_per_s,wait_share,sleep_share,contended_share,bare_nvcsw,wrapped_nvcsw lin - -"
}

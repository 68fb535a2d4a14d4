# lockwait/exp.sh - how run.sh runs the lockwait experiment (sourced by
# run.sh; plugin contract in README.md). For each scenario of
# build/lockwait_workload:
#   1. REPS pairs, bare and under build/liblockwait.so, in alternating order
#      (bare first in odd pairs, wrapped first in even ones) so drift and
#      warm-up hit both sides alike: wall time, throughput, overhead;
#   2. one more run under the preload with --trace (LOCKWAIT_TRACE), read by
#      build/lockwait_report: the critical path, the wait-block view and, for
#      cache, the tail requests' attribution (lockwait_workload -W).
# Raw lines: every RESULT line gets " scenario=S variant=bare|wrapped|traced
# rep=N" appended (rep=0 for the traced run), so the library's and the
# report's lines (kind=process|lock|blocker|thread|critpath...) can be joined
# with the workload's. Knobs: LOCKWAIT_SCENARIOS, LOCKWAIT_THREADS.
# shellcheck shell=bash

LOCKWAIT_ALL_SCENARIOS=(mutex spin sem rwlock cond cache)

lockwait_check() {
  knob_enum_list LOCKWAIT_SCENARIOS "${LOCKWAIT_ALL_SCENARIOS[@]}"
  knob_int LOCKWAIT_THREADS 2 1024
}

# The preload library is Linux-only: elsewhere (macOS; not tested there) the
# workloads run bare, and the summary shows only their times.
lockwait_have_preload() { [ "$(uname -s)" = Linux ]; }

lockwait_reps() { if [ -n "${REPS:-}" ]; then echo "$REPS"; elif [ "$QUICK" = 1 ]; then echo 1; else echo 11; fi; }
lockwait_scenarios() {
  if [ -n "${LOCKWAIT_SCENARIOS:-}" ]; then tr ',' ' ' <<<"$LOCKWAIT_SCENARIOS"; else echo "${LOCKWAIT_ALL_SCENARIOS[*]}"; fi
}

# QUICK runs a tenth of the default operations (see lockwait_workload -h);
# cache keeps a quarter of its requests and misses 4x as often, so that a
# smoke test still sees requests stall behind a compile
lockwait_ops() { # lockwait_ops SCENARIO
  local n
  case "$1" in
    mutex|spin|rwlock) n=20000 ;;
    sem) n=10000 ;;
    cond) n=5000 ;;
    cache) n=400 ;;
  esac
  if [ "$QUICK" = 1 ]; then
    if [ "$1" = cache ]; then n=$((n / 4)); else n=$((n / 10)); fi
  fi
  echo "$n"
}
lockwait_extra_args() { # lockwait_extra_args SCENARIO: more workload flags
  if [ "$QUICK" = 1 ] && [ "$1" = cache ]; then echo "-m 32"; fi
  return 0
}

# rough: a default run (4 threads) takes ~0.15 s here (~0.03 s in QUICK),
# plus the traced run and its report per scenario; every thread does the
# same operations, so a run grows with the threads (256: ~20 s a run)
lockwait_eta() {
  local reps n
  reps=$(lockwait_reps)
  read -r -a sc <<<"$(lockwait_scenarios)"
  n=${#sc[@]}
  awk -v r="$reps" -v n="$n" -v q="$QUICK" -v th="${LOCKWAIT_THREADS:-4}" \
    'BEGIN { t = (q == 1 ? 0.04 : 0.17) * (th > 4 ? th / 4 : 1); printf "%d\n", 1 + n * (2 * r + 2) * t }'
}

# lockwait_tag FILE SCENARIO VARIANT REP: the RESULT lines of FILE, tagged
lockwait_tag() {
  # input: RESULT lines from the workload, the library or the report
  awk -v s="$2" -v v="$3" -v r="$4" '/^RESULT / { print $0 " scenario=" s " variant=" v " rep=" r }' "$1"
}

lockwait_run() {
  local raw=$1 reps tmp s rep order variant args=() variants="bare wrapped"
  reps=$(lockwait_reps)
  # next to RAW, in run.sh's temp directory: removed with it if we fail
  tmp=$(mktemp -d "$(dirname "$raw")/lockwait.XXXXXX") || die "lockwait: cannot create a temp directory"
  # the user's settings for the library are not the experiment's
  unset LOCKWAIT_OUT LOCKWAIT_TOP LOCKWAIT_TRACE LOCKWAIT_TRACE_RECORDS LOCKWAIT_RUN
  local preload
  if lockwait_have_preload; then
    [ -f "$BUILD/liblockwait.so" ] || die "lockwait: $BUILD/liblockwait.so is missing (./build.sh lockwait)"
    # LD_PRELOAD cannot carry spaces or colons: the launcher links such a path
    preload=$(LOCKWAIT_LIB=$BUILD/liblockwait.so "$ROOT/lockwait/lockwait" --preload-path) || die "lockwait: no usable path to the library"
  else
    variants=bare
  fi
  [ -n "${LOCKWAIT_THREADS:-}" ] && args=(-t "$LOCKWAIT_THREADS")
  {
    echo "# lockwait_reps: $reps (pairs bare/wrapped, alternating order) + 1 traced run per scenario"
    echo "# lockwait_threads: ${LOCKWAIT_THREADS:-default (4; spin: min(4, online CPUs))}"
    echo "# lockwait_online_cpus: $(getconf _NPROCESSORS_ONLN)"
    if [ "$variants" = bare ]; then
      echo "# lockwait_preload: none ($(uname -s): the preload library is Linux-only; bare runs only)"
    else
      echo "# lockwait_preload: $BUILD/liblockwait.so"
    fi
  } >>"$raw"
  local done_runs=0 total_runs nvar=2
  [ "$variants" = bare ] && nvar=1
  total_runs=$(($(lockwait_scenarios | wc -w) * (reps * nvar + nvar - 1)))
  for s in $(lockwait_scenarios); do
    local n extra
    n=$(lockwait_ops "$s")
    read -r -a extra <<<"$(lockwait_extra_args "$s") -n $n"
    echo "# lockwait_args_$s: ${args[*]} ${extra[*]}" >>"$raw"
    for ((rep = 1; rep <= reps; rep++)); do
      if ((rep % 2)) || [ "$variants" = bare ]; then order=$variants; else order="wrapped bare"; fi
      for variant in $order; do
        progress "lockwait ($s, $variant)" "$done_runs" "$total_runs"
        done_runs=$((done_runs + 1))
        rm -f "$tmp/lw.out"
        if [ "$variant" = bare ]; then
          run_child "$BUILD/lockwait_workload" "${args[@]}" "${extra[@]}" "$s" >"$tmp/wl.out" 2>"$tmp/wl.err" ||
            { cat "$tmp/wl.err" >&2; die "lockwait: $s (bare) failed"; }
        else
          LOCKWAIT_OUT=$tmp/lw.out LD_PRELOAD=$preload \
            run_child "$BUILD/lockwait_workload" "${args[@]}" "${extra[@]}" "$s" >"$tmp/wl.out" 2>"$tmp/wl.err" ||
            { cat "$tmp/wl.err" >&2; die "lockwait: $s (under the preload) failed"; }
          cat "$tmp/lw.out" >>"$tmp/wl.out"
        fi
        lockwait_tag "$tmp/wl.out" "$s" "$variant" "$rep" >>"$raw"
      done
    done
    [ "$variants" = bare ] && continue
    # the traced run and its report
    progress "lockwait ($s, traced run and report)" "$done_runs" "$total_runs"
    done_runs=$((done_runs + 1))
    local wargs=() rargs=(-n 0)
    if [ "$s" = cache ]; then wargs=(-W "$tmp/win"); rargs+=(-s -W "$tmp/win"); fi
    rm -f "$tmp/lw.out" "$tmp/trace"
    LOCKWAIT_OUT=$tmp/lw.out LOCKWAIT_TRACE=$tmp/trace LD_PRELOAD=$preload \
      run_child "$BUILD/lockwait_workload" "${args[@]}" "${extra[@]}" "${wargs[@]}" "$s" >"$tmp/wl.out" 2>"$tmp/wl.err" ||
      { cat "$tmp/wl.err" >&2; die "lockwait: $s (traced) failed"; }
    cat "$tmp/lw.out" >>"$tmp/wl.out"
    run_child "$BUILD/lockwait_report" "${rargs[@]}" "$tmp/trace" >>"$tmp/wl.out" 2>"$tmp/rep.err" ||
      { cat "$tmp/rep.err" >&2; die "lockwait: lockwait_report on the $s trace failed"; }
    lockwait_tag "$tmp/wl.out" "$s" traced 0 >>"$raw"
  done
  progress lockwait "$total_runs" "$total_runs"
  rm -rf "$tmp"
}

# lockwait/exp.sh - how run.sh runs the lockwait experiment (sourced by
# run.sh with common/lib.sh loaded; ROOT, BUILD, QUICK, REPS, PIN set; the
# contract is docs/adding-an-experiment.md). For each scenario of
# build/lockwait_workload:
#   1. pairs of runs, bare and under build/liblockwait.so, in alternating
#      order (bare first in odd pairs, wrapped first in even ones) so drift
#      and warm-up hit both sides alike. `build/stats canary` runs before
#      each run and after the pair; a pair whose slowest canary is above
#      SLOW_CANARY x the best canary seen so far in this run was measured in
#      a slow state of the machine: it is kept in the raw file, left out of
#      the statistics and replaced. Pairs are added (the rule of
#      common/probe.c's reps_more) until REPS clean pairs exist and the
#      overhead interval's half-width is within LOCKWAIT_TARGET of the
#      wall-time ratio (1 point), or MAX_CELL_S is spent on the scenario, or
#      4 x REPS + 10 pairs ran, or so many were slow that the scenario can
#      no longer end with at least as many clean pairs as slow ones;
#   2. one more run under the preload with --trace (LOCKWAIT_TRACE), read by
#      build/lockwait_report: the critical path, the wait-block view and, for
#      cache, the tail requests' attribution (lockwait_workload -W);
#   3. where the what-if check applies (LOCKWAIT_WHATIF_SCENARIOS, unless
#      LOCKWAIT_WHATIF=off): lockwait_report --what-if on that trace predicts
#      the saving at the hold x LOCKWAIT_WHATIF (0.5) and at 0, and REPS
#      pairs of bare runs at the full and at the scaled hold (variants full,
#      half; the same canary rule, no target) measure it.
# Then build/stats turns the clean pairs into intervals, all scenarios in one
# call (so q is Benjamini-Hochberg across them): kind=overhead, kind=runs
# (with the runs' sleeps: the workload's nvcsw=), kind=latency and
# kind=whatif_check lines, computed here so summary.awk only formats.
# Raw lines: every RESULT line of a run gets " scenario=S
# variant=bare|wrapped|traced|full|half|whatif_traced rep=N" appended (rep=0 for the traced run;
# scenario= only where the line lacks it), so
# the library's and the report's lines (kind=process|lock|blocker|thread|
# critpath...) join with the workload's; kind=pair (kind=whatif_pair) says
# per pair what its canaries were and whether it was slow. Knobs:
# LOCKWAIT_SCENARIOS, LOCKWAIT_THREADS, LOCKWAIT_WHATIF, REPS, MAX_CELL_S.
# shellcheck shell=bash

# The scenarios, in run order: build/lockwait_workload's (its -h; the tests
# check that the two agree). Their operation counts and threads are the
# workload's defaults, in workload.c only; QUICK runs fewer (lockwait_args).
LOCKWAIT_ALL_SCENARIOS=(mutex spin sem rwlock cond cache)
# the overhead target: interval half-width within 0.01 of the ratio (1 point)
LOCKWAIT_TARGET=0.01
# The scenarios whose what-if prediction is checked: their -c is the hold of
# one mutex, the lock lockwait_report's replay scales. Not spin (its
# waiters burn the CPUs the holder needs: on 2 vCPUs a shorter hold frees
# CPU time as well as the lock), sem (K holders at once, not a lock), rwlock
# (the hold is mostly shared readers') nor cond (no hold to speak of: -c 0;
# its waits are condition waits, which the replay keeps as they were).
LOCKWAIT_WHATIF_SCENARIOS=(mutex cache)

lockwait_check() {
  knob_enum_list LOCKWAIT_SCENARIOS "${LOCKWAIT_ALL_SCENARIOS[@]}"
  knob_int LOCKWAIT_THREADS 2 1024
  knob_int MAX_CELL_S 0 3600
  [[ ${LOCKWAIT_WHATIF:-0.5} =~ ^(off|0|0?\.[0-9]+)$ ]] ||
    bad_usage "LOCKWAIT_WHATIF=$LOCKWAIT_WHATIF: expected a hold factor from 0 to below 1 (0.5: half the hold) or off"
}

# the settings of this run for the raw file's "# knobs:" line: the scenarios
# and threads always, the cap when set
lockwait_knobs() {
  local words
  words=$(knob_words MAX_CELL_S LOCKWAIT_WHATIF)
  echo "LOCKWAIT_SCENARIOS=$(lockwait_scenarios | tr ' ' ,) LOCKWAIT_THREADS=${LOCKWAIT_THREADS:-default}${words:+ $words}"
}

# The preload library is Linux-only: elsewhere (macOS; not tested there) the
# workloads run bare, and the summary shows only their times.
lockwait_have_preload() { [ "$(uname -s)" = Linux ]; }

# 8 clean pairs give a Wilcoxon interval of the 4th smallest to the 4th
# largest of 36 Walsh averages (96% coverage); more are added for the
# target while the cap allows
lockwait_reps() { local r; r=$(knob_value REPS 8 1); echo "$((10#$r))"; }
# seconds per scenario after which no pair is added for the target (a QUICK
# run adds none: it only replaces slow pairs)
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
  case "$1" in
    mutex|spin|rwlock) echo "-n 2000" ;;
    sem) echo "-n 1000" ;;
    cond) echo "-n 500" ;;
    cache) echo "-m 32 -n 100" ;;
  esac
}

# rough: a pair takes ~0.34 s here (~0.08 s in QUICK) with the workload's
# default 4 threads, plus ~0.1 s of canaries and awk around it (left out
# before: QUICK said 1 s and took 6); every thread does the same
# operations, so a run grows with the threads (256: ~20 s a run); a
# scenario runs REPS pairs or, when that is shorter, until its cap; plus
# the traced run and its report; and where the what-if check applies, REPS
# pairs of bare runs at the full and the scaled hold (at most a pair's
# time: the shorter hold only shortens them), min(REPS, 6) - 1 more traced
# runs and two what-if replays per trace
lockwait_eta() {
  local n w=0 s
  read -r -a sc <<<"$(lockwait_scenarios)"
  n=${#sc[@]}
  for s in "${sc[@]}"; do if lockwait_whatif_applies "$s"; then w=$((w + 1)); fi; done
  LC_ALL=C awk -v r="$(lockwait_reps)" -v n="$n" -v w="$w" -v tr="$(lockwait_traces)" -v q="$QUICK" -v cap="$(lockwait_cap_s)" -v th="${LOCKWAIT_THREADS:-4}" \
    'BEGIN { t = (q == 1 ? 0.04 : 0.17) * (th > 4 ? th / 4 : 1); s = r * (2 * t + 0.1); if (cap > s) s = cap
      printf "%d\n", 1 + n * (s + 2 * t + 0.2) + w * (r * (2 * t + 0.1) + 0.2 + (tr - 1) * (t + 0.3)) }'
}

# lockwait_tag FILE SCENARIO VARIANT REP: the RESULT lines of FILE, tagged
# (scenario= only where the line does not carry it already: a key is given
# once per line)
lockwait_tag() {
  # input: RESULT lines from the workload, the library or the report
  kv_awk -v s="$2" -v v="$3" -v r="$4" '/^RESULT / {
    print $0 (kv_get($0, "scenario") == "" ? " scenario=" s : "") " variant=" v " rep=" r }' "$1"
}

# wall-clock microseconds, for the per-scenario cap only (EPOCHREALTIME,
# bash 5; whole seconds on older shells)
lockwait_now_us() {
  local t=${EPOCHREALTIME:-}
  if [ -n "$t" ]; then echo "${t/[.,]/}"; else echo "$((SECONDS * 1000000))"; fi
}

# lockwait_canary: one `stats canary`; sets LW_CANARY (ns per add) and
# LW_SLOW (the SLOW_CANARY factor)
lockwait_canary() {
  local line
  line=$("$BUILD/stats" canary) || die "lockwait: build/stats canary failed"
  # "RESULT exp=stats kind=canary canary_ns=C slow_canary=F", by key
  read -r LW_CANARY LW_SLOW <<<"$(kv_awk '{ print kv_get($0, "canary_ns"), kv_get($0, "slow_canary") }' <<<"$line")"
  [[ $LW_CANARY =~ ^[0-9.e+-]+$ && $LW_SLOW =~ ^[0-9.]+$ ]] || die "lockwait: unexpected output of build/stats canary: $line"
}

# lockwait_one SCENARIO VARIANT OUT RAW REP: one run, its RESULT lines (the
# workload's, and the library's under the preload) in OUT. Variants: bare
# and full (the workload as set), half (bare, the hold at -c LW_HALF_CS),
# wrapped (under the preload). A run that fails is said on stderr and in a
# kind=failed_run line of RAW, and run again: one failed run of thousands
# must not throw a 20-minute run away (twice it did: bash's `wait` said 255
# for a workload that had ended well, kv_awk's cause in common/lib.sh). The
# LW_RETRIES+1st failure of the experiment stops it.
LW_RETRIES=3
lockwait_one() {
  local s=$1 variant=$2 out=$3 raw=$4 rep=$5 rc what=$2 how last
  [ "$variant" != wrapped ] || what="under the preload"
  while :; do
    rc=0
    lockwait_try "$s" "$variant" "$out" || rc=$?
    [ "$rc" != 0 ] || return 0
    cat "$LW_TMP/wl.err" >&2
    LW_FAILED=$((LW_FAILED + 1))
    how=$(exit_words "$rc")
    # input: the run's stderr; its last non-blank line, one token
    last=$(awk 'NF { l = $0 } END { gsub(/[^A-Za-z0-9.,:\/_+-]/, "_", l); print substr(l, 1, 120) }' "$LW_TMP/wl.err")
    echo "RESULT exp=lockwait kind=failed_run scenario=$s variant=$variant rep=$rep status=${how// /_} stderr_last=${last:-none}" >>"$raw" ||
      die "lockwait: cannot write $raw"
    [ "$LW_FAILED" -le "$LW_RETRIES" ] ||
      die "lockwait: $s ($what) failed ($how); $LW_FAILED runs of this invocation failed, more than the $LW_RETRIES run again"
    echo "$PROG: lockwait: $s ($what) failed ($how); running it again ($LW_FAILED of at most $LW_RETRIES)" >&2
  done
}
# lockwait_try SCENARIO VARIANT OUT: lockwait_one's run, once; its status
lockwait_try() {
  local s=$1 variant=$2 out=$3 args=("${LW_ARGS[@]}")
  rm -f "$LW_TMP/lw.out"
  [ "$variant" != half ] || args+=(-c "$LW_HALF_CS")
  if [ "$variant" != wrapped ]; then
    run_child "$BUILD/lockwait_workload" "${args[@]}" "$s" >"$out" 2>"$LW_TMP/wl.err" || return
  else
    LOCKWAIT_OUT=$LW_TMP/lw.out LD_PRELOAD=$LW_PRELOAD \
      run_child "$BUILD/lockwait_workload" "${args[@]}" "$s" >"$out" 2>"$LW_TMP/wl.err" || return
    cat "$LW_TMP/lw.out" >>"$out" 2>/dev/null ||
      { echo "lockwait: the library wrote no report ($LW_TMP/lw.out)" >>"$LW_TMP/wl.err"; return 1; }
  fi
}

# lockwait_run_values FILE: one run's figures, "wall_ns threads kops_per_s
# blocked_ns sleep_ns acquisitions contended p50_ns p99_ns max_ns nvcsw"
# (sums over the library's thread and lock lines; 0 without the preload;
# nvcsw: the workload's voluntary context switches, its sleeps)
lockwait_run_values() {
  # input: RESULT lines of one run (kind=workload, thread, lock)
  kv_awk '/^RESULT / { kv($0, f) }
    f["kind"] == "workload" { w = f["wall_ns"]; t = f["threads"]; o = f["ops_per_s"]; p50 = f["p50_ns"]; p99 = f["p99_ns"]; mx = f["max_ns"]; nv = f["nvcsw"] }
    f["kind"] == "thread" { b += f["blocked_ns"]; sl += f["sleep_ns"] }
    f["kind"] == "lock" { a += f["acquisitions"]; c += f["contended"] }
    END { if (w == "") exit 1; printf "%s %s %.6f %.0f %.0f %.0f %.0f %s %s %s %s\n", w, t, o / 1e3, b, sl, a, c, p50, p99, mx, nv == "" ? "NA" : nv }' "$1"
}

# lockwait_slow_verdict CANARIES: "slow best max": the pair's canaries
# (comma list) against the best so far (LW_BEST), slow above LW_SLOW x best
lockwait_slow_verdict() {
  LC_ALL=C awk -v cans="$1" -v best="$LW_BEST" -v f="$LW_SLOW" 'BEGIN {
    n = split(cans, c, ","); mx = 0
    for (i = 1; i <= n; i++) { if (c[i] + 0 < best + 0) best = c[i]; if (c[i] + 0 > mx) mx = c[i] + 0 }
    print (mx > f * best ? 1 : 0), best, mx }'
}

# lockwait_pair_figures KIND FIRST SECOND: a pair's line of figures from
# its two runs' lockwait_run_values (SECOND NA: bare only), as the columns
# of LOCKWAIT_COLUMNS (overhead) or LOCKWAIT_WHATIF_COLUMNS (whatif)
lockwait_pair_figures() {
  LC_ALL=C awk -v kind="$1" -v b="$2" -v w="$3" '
    function fmt(x, scale) { return sprintf("%.6f", x / scale) }
    function raw(x) { return x == "" ? "NA" : x }
    BEGIN {
      split(b, B, " "); wrapped = split(w, W, " ") > 1
      out = wrapped ? sprintf("%.9f", W[1] / B[1]) : "NA"
      if (kind == "whatif") { # ratio | full_ms half_ms | full_nvcsw half_nvcsw
        print out, fmt(B[1], 1e6), fmt(W[1], 1e6), raw(B[11]), raw(W[11]); exit
      }
      # ratio | bare_ms wrapped_ms bare_kops wrapped_kops | wait sleep contended | latencies in us | sleeps
      out = out " " fmt(B[1], 1e6) " " (wrapped ? fmt(W[1], 1e6) : "NA") " " fmt(B[3], 1) " " (wrapped ? fmt(W[3], 1) : "NA")
      if (wrapped) {
        sleep = 0; if (W[4] > 0) sleep = W[5] / W[4]
        cont = 0; if (W[6] > 0) cont = W[7] / W[6]
        out = out " " fmt(W[4] / (W[2] * W[1]), 1) " " fmt(sleep, 1) " " fmt(cont, 1)
      } else out = out " NA NA NA"
      out = out " " fmt(B[8], 1e3) " " fmt(B[9], 1e3) " " fmt(B[10], 1e3)
      if (wrapped) out = out " " fmt(W[8], 1e3) " " fmt(W[9], 1e3) " " fmt(W[10], 1e3)
      else out = out " NA NA NA"
      print out, raw(B[11]), wrapped ? raw(W[11]) : "NA"
    }'
}

# lockwait_pairs KIND SCENARIO REPS CAP_S RAW: the pairs of one scenario,
# until the rule says stop. KIND overhead: bare and wrapped (bare alone
# without the preload), clean pairs' figures in $LW_TMP/pairs.S, counts in
# $LW_TMP/counts, kind=pair lines. KIND whatif: the workload bare at its
# hold (variant full) and at LW_HALF_CS (half), in $LW_TMP/whatif.S and
# whatif_counts, kind=whatif_pair lines, REPS clean pairs and no target
# (QUICK: REPS pairs, clean or not).
# Counts: "S pairs_total pairs_used pairs_slow reps basis" (basis clean, or all: below).
lockwait_pairs() {
  local kind=$1 s=$2 reps=$3 cap_s=$4 raw=$5 rep=0 clean=0 slow=0 reached=0 start order variant cans
  local max_pairs=$((4 * reps + 10)) vb vw pair_slow pair_max figures variants pfile cfile pkind a b what=""
  if [ "$kind" = whatif ]; then
    variants="full half" pfile=$LW_TMP/whatif.$s cfile=$LW_TMP/whatif_counts pkind=whatif_pair what="what-if "
    # a smoke test replaces no slow what-if pair: on a busy machine that
    # doubled QUICK's time
    [ "$QUICK" != 1 ] || max_pairs=$reps
  else
    variants=$LW_VARIANTS pfile=$LW_TMP/pairs.$s cfile=$LW_TMP/counts pkind=pair
  fi
  : >"$pfile"
  : >"$pfile.all"
  start=$(lockwait_now_us)
  while [ "$rep" -lt "$max_pairs" ]; do
    # more slow pairs than clean ones, even if every pair left were clean:
    # the scenario is too busy to measure whatever follows (summary.awk)
    [ $((slow - clean)) -le $((max_pairs - rep)) ] || break
    if [ "$clean" -ge "$reps" ]; then
      [ "$reached" = 0 ] || break
      [ $(($(lockwait_now_us) - start)) -lt $((cap_s * 1000000)) ] || break
    fi
    rep=$((rep + 1))
    order=$variants
    if ! ((rep % 2)) && [ "$variants" != bare ]; then read -r a b <<<"$variants"; order="$b $a"; fi
    cans=""
    for variant in $order; do
      progress "lockwait ($s: ${what}pair $rep, $reps to $max_pairs; $variant)" "$LW_DONE" "$LW_TOTAL"
      lockwait_canary
      cans=$cans${cans:+,}$LW_CANARY
      lockwait_one "$s" "$variant" "$LW_TMP/$variant.out" "$raw" "$rep"
      lockwait_tag "$LW_TMP/$variant.out" "$s" "$variant" "$rep" >>"$raw" || die "lockwait: cannot write $raw"
    done
    lockwait_canary
    cans=$cans,$LW_CANARY
    read -r a b <<<"$variants"
    vb=$(lockwait_run_values "$LW_TMP/$a.out") || die "lockwait: $s: no workload line in the $a run"
    vw=NA
    if [ -n "${b:-}" ]; then
      vw=$(lockwait_run_values "$LW_TMP/$b.out") || die "lockwait: $s: no workload line in the $b run"
    fi
    read -r pair_slow LW_BEST pair_max <<<"$(lockwait_slow_verdict "$cans")"
    figures=$(lockwait_pair_figures "$kind" "$vb" "$vw") || die "lockwait: $s: the figures of pair $rep could not be computed"
    echo "RESULT exp=lockwait kind=$pkind scenario=$s rep=$rep wall_ratio=${figures%% *} canary_ns=$cans canary_max_ns=$pair_max canary_best_ns=$LW_BEST slow=$pair_slow" >>"$raw"
    echo "$figures" >>"$pfile.all"
    if [ "$pair_slow" = 1 ]; then
      slow=$((slow + 1))
      continue
    fi
    clean=$((clean + 1))
    echo "$figures" >>"$pfile"
    # the target, once the minimum is there (bare only or whatif: no
    # target, so the minimum is all)
    if [ "$clean" -ge "$reps" ] && [ "$kind" = overhead ] && [ "$variants" != bare ]; then
      reached=$(cut -d' ' -f1 "$pfile" | paste -sd' ' - |
        "$BUILD/stats" ratio -r 0 -a "$LOCKWAIT_TARGET" | kv_awk '{ print kv_get($0, "target_reached") }') || reached=""
      [ -n "$reached" ] || die "lockwait: build/stats ratio failed on the $s pairs"
    elif [ "$clean" -ge "$reps" ]; then
      reached=1
    fi
  done
  # Too busy by the clean pairs (summary.awk's rule: fewer than REPS, or
  # more slow than half): on a VM host whose speed flips faster than a pair
  # lasts, nearly every pair sees a slow canary. The alternating order keeps
  # every pair's ratio unbiased, so the figure then comes from all the pairs
  # (basis all), their interval carrying that noise, and the summary says so.
  local basis=clean used=$clean
  if { [ "$clean" -lt "$reps" ] || [ $((2 * slow)) -gt "$rep" ]; } && [ "$rep" -ge "$reps" ]; then
    cp "$pfile.all" "$pfile" || die "lockwait: cannot write $pfile"
    basis=all used=$rep
  fi
  echo "$s $rep $used $slow $reps $basis" >>"$cfile"
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

# predictions from min(REPS, 6) traces per scenario: 6 is the least for an
# interval of their median; QUICK (REPS 1) reads the one traced run only
lockwait_traces() { local r; r=$(lockwait_reps); echo "$((r < 6 ? r : 6))"; }

# lockwait_trace_run SCENARIO [WORKLOAD_FLAG...]: one run under the preload
# with LOCKWAIT_TRACE=$LW_TMP/trace; the workload's and the library's lines
# in $LW_TMP/wl.out
lockwait_trace_run() {
  local s=$1
  shift
  rm -f "$LW_TMP/lw.out" "$LW_TMP/trace"
  LOCKWAIT_OUT=$LW_TMP/lw.out LOCKWAIT_TRACE=$LW_TMP/trace LD_PRELOAD=$LW_PRELOAD \
    run_child "$BUILD/lockwait_workload" "${LW_ARGS[@]}" "$@" "$s" >"$LW_TMP/wl.out" 2>"$LW_TMP/wl.err" ||
    { cat "$LW_TMP/wl.err" >&2; die "lockwait: $s (traced) failed"; }
  cat "$LW_TMP/lw.out" >>"$LW_TMP/wl.out"
}

# lockwait_what_if SCENARIO RAW K: lockwait_report --what-if on
# $LW_TMP/trace (the K-th) at the factor and at 0 (the lock free): its
# kind=whatif lines in $LW_TMP/whatif.lines (none: its reason in RAW); appends "saving_pct free_saving_pct lock" of the
# lock the workload's -c holds (the one it saves most on) to
# $LW_TMP/predictions
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
  # input: lockwait_report --what-if lines, "RESULT exp=lockwait kind=whatif
  # lock=L hold_factor=F wall_ns= predicted_wall_ns= predicted_saving_pct=P"
  kv_awk -v f="$LW_FACTOR" '{
      h = kv_get($0, "hold_factor"); p = kv_get($0, "predicted_saving_pct"); l = kv_get($0, "lock")
      if (h + 0 == f + 0 && (best == "" || p + 0 > best + 0)) { best = p; lock = l }
      if (h + 0 == 0) free[l] = p
    }
    END { print best == "" ? "NA" : best, (lock in free) ? free[lock] : "NA", lock == "" ? "NA" : lock }' \
    "$LW_TMP/whatif.lines" >>"$LW_TMP/predictions" || die "lockwait: cannot write the $s prediction"
}

# lockwait_predict SCENARIO RAW: the prediction from the traced run's trace
# and from more traced runs (variant whatif_traced, rep 2..; lockwait_traces
# in all), their kind=whatif lines and runs in RAW; the median prediction
# and its interval (build/stats median) into $LW_TMP/predict as "S lock
# saving_pct saving_pct_lo saving_pct_hi free_saving_pct cs_ns half_cs_ns
# traces" (NA without --what-if: a report before it, said in RAW);
# LW_HALF_CS: the hold the half runs take
lockwait_predict() {
  local s=$1 raw=$2 cs n k lock est
  # input: the traced run's workload line (cs_ns=: the hold that ran)
  cs=$(kv_awk '/^RESULT exp=lockwait kind=workload / { print kv_get($0, "cs_ns") }' "$LW_TMP/wl.out")
  [[ $cs =~ ^[0-9]+$ ]] || die "lockwait: $s: the traced run did not say its hold (cs_ns=)"
  LW_HALF_CS=$(LC_ALL=C awk -v c="$cs" -v f="$LW_FACTOR" 'BEGIN { printf "%.0f\n", c * f }')
  echo "# lockwait_whatif_$s: hold $cs ns in the full runs, $LW_HALF_CS ns (x $LW_FACTOR) in the half runs" >>"$raw"
  if [ "$LW_CAN_PREDICT" != 1 ]; then
    echo "# lockwait_whatif_$s: no prediction ($BUILD/lockwait_report has no --what-if)" >>"$raw"
    echo "$s NA NA NA NA NA $cs $LW_HALF_CS 0" >>"$LW_TMP/predict"
    return 0
  fi
  n=$(lockwait_traces)
  : >"$LW_TMP/predictions"
  lockwait_what_if "$s" "$raw" 1
  lockwait_tag "$LW_TMP/whatif.lines" "$s" traced 0 >>"$raw" || die "lockwait: cannot write $raw"
  for ((k = 2; k <= n; k++)); do
    progress "lockwait ($s: what-if trace $k of $n)" "$LW_DONE" "$LW_TOTAL"
    lockwait_trace_run "$s"
    lockwait_what_if "$s" "$raw" "$k"
    cat "$LW_TMP/whatif.lines" >>"$LW_TMP/wl.out"
    lockwait_tag "$LW_TMP/wl.out" "$s" whatif_traced "$k" >>"$raw" || die "lockwait: cannot write $raw"
  done
  read -r _ _ lock <"$LW_TMP/predictions"
  # input: predictions ("saving free lock", one line a trace): the savings
  # and the free savings as two series (NA left out)
  LC_ALL=C awk '$1 != "NA" { a = a " " $1 } $2 != "NA" { b = b " " $2 } END { print "p:saving" a; print "p:free" b }' \
    "$LW_TMP/predictions" >"$LW_TMP/predictions.in" || die "lockwait: cannot write the $s predictions"
  est=$(run_child "$BUILD/stats" median "$LW_TMP/predictions.in" |
    kv_awk '{ v[kv_get($0, "label")] = kv_get($0, "est") " " kv_get($0, "est_lo") " " kv_get($0, "est_hi") }
      END { split(v["p:free"], f, " "); print v["p:saving"], f[1] }') || die "lockwait: build/stats median failed on the $s predictions"
  echo "$s $lock $est $cs $LW_HALF_CS $n" >>"$LW_TMP/predict"
}

# the columns of pairs.S and of whatif.S, in order (see lockwait_pair_figures)
LOCKWAIT_COLUMNS=(ratio bare_ms wrapped_ms bare_kops_per_s wrapped_kops_per_s wait_share sleep_share
  contended_share bare_p50_us bare_p99_us bare_max_us wrapped_p50_us wrapped_p99_us wrapped_max_us
  bare_nvcsw wrapped_nvcsw)
LOCKWAIT_WHATIF_COLUMNS=(whatif_ratio full_ms half_ms full_nvcsw half_nvcsw)

# lockwait_series PAIRS_PREFIX COUNTS RATIO_IN COLUMN...: for each scenario
# of COUNTS, the series of each column of PAIRS_PREFIX.S labelled S:COLUMN,
# the first column's into RATIO_IN, the others' into $LW_TMP/median.in
lockwait_series() {
  local prefix=$1 counts=$2 ratio_in=$3 s c dest
  shift 3
  while read -r s _; do
    for ((c = 1; c <= $#; c++)); do
      [ "$c" -gt 1 ] || [ "$LW_VARIANTS" != bare ] || continue
      # input: PAIRS_PREFIX.S. A series of the column's values; just the
      # label when there is no clean pair; nothing when every value is NA
      # (the wrapped runs, without the preload)
      dest=$LW_TMP/median.in
      [ "$c" -gt 1 ] || dest=$ratio_in
      LC_ALL=C awk -v c="$c" -v label="$s:${!c}" '{ n++; if ($c != "NA") { v = v " " $c; k++ } }
        END { if (n == 0 || k > 0) print label v }' "$prefix.$s" >>"$dest" || die "lockwait: cannot write $dest"
    done
  done <"$counts"
}

# lockwait_intervals RAW: the clean pairs of every scenario through
# build/stats: the overhead ratios in one call (q across the scenarios), the
# what-if ratios in another, the medians of the runs' figures in a third;
# then the kind=overhead, runs, latency and whatif_check lines
lockwait_intervals() {
  local raw=$1
  : >"$LW_TMP/ratio.in"
  : >"$LW_TMP/whatif_ratio.in"
  : >"$LW_TMP/median.in"
  lockwait_series "$LW_TMP/pairs" "$LW_TMP/counts" "$LW_TMP/ratio.in" "${LOCKWAIT_COLUMNS[@]}"
  lockwait_series "$LW_TMP/whatif" "$LW_TMP/whatif_counts" "$LW_TMP/whatif_ratio.in" "${LOCKWAIT_WHATIF_COLUMNS[@]}"
  : >"$LW_TMP/stats.out"
  if [ -s "$LW_TMP/ratio.in" ]; then
    run_child "$BUILD/stats" ratio -r 0 -a "$LOCKWAIT_TARGET" "$LW_TMP/ratio.in" >>"$LW_TMP/stats.out" ||
      die "lockwait: build/stats ratio failed"
  fi
  if [ -s "$LW_TMP/whatif_ratio.in" ]; then
    run_child "$BUILD/stats" ratio "$LW_TMP/whatif_ratio.in" >>"$LW_TMP/stats.out" ||
      die "lockwait: build/stats ratio failed on the what-if pairs"
  fi
  run_child "$BUILD/stats" median "$LW_TMP/median.in" >>"$LW_TMP/stats.out" || die "lockwait: build/stats median failed"
  # input: counts ("S pairs_total pairs_used pairs_slow reps basis") and
  # stats.out ("RESULT exp=stats kind=ratio|median ... label=S:column est= est_lo= est_hi= p= q= n= two_modes= target_reached=")
  kv_awk -v cols="${LOCKWAIT_COLUMNS[*]}" '
    function num(x, scale, fmt) { return x == "NA" ? "NA" : sprintf(fmt, scale * x) }
    function pct(x) { return x == "NA" ? "NA" : sprintf("%.3f", 100 * (x - 1)) }
    FNR == NR { order[++ns] = $1; total[$1] = $2; used[$1] = $3; slow[$1] = $4; reps[$1] = $5; basis[$1] = $6; next }
    /^RESULT exp=stats / {
      kv($0, f)
      split(f["label"], lc, ":"); key = lc[1] SUBSEP lc[2]
      est[key] = f["est"]; lo[key] = f["est_lo"]; hi[key] = f["est_hi"]; pv[key] = f["p"]; qv[key] = f["q"]
      n[key] = f["n"]; modes[key] = f["two_modes"]; reach[key] = f["target_reached"]; have[key] = 1
    }
    END {
      nc = split(cols, col, " ")
      for (i = 1; i <= ns; i++) {
        s = order[i]; k = s SUBSEP "ratio"
        if (k in have)
          printf "RESULT exp=lockwait kind=overhead scenario=%s overhead_pct=%s overhead_pct_lo=%s overhead_pct_hi=%s p=%s q=%s pairs_used=%d pairs_total=%d pairs_slow=%d pairs_basis=%s target_reached=%d pairs_min=%d two_modes=%d\n",
            s, pct(est[k]), pct(lo[k]), pct(hi[k]), num(pv[k], 1, "%.4g"), num(qv[k], 1, "%.4g"), used[s], total[s], slow[s], basis[s], reach[k], reps[s], modes[k]
        line = sprintf("RESULT exp=lockwait kind=runs scenario=%s runs=%d", s, used[s])
        for (c = 2; c <= nc; c++) {
          k = s SUBSEP col[c]
          if (col[c] ~ /_us$/) continue # in the latency lines
          if (k in have) line = line sprintf(" %s=%s %s_lo=%s %s_hi=%s", col[c], num(est[k], 1, "%.6g"), col[c], num(lo[k], 1, "%.6g"), col[c], num(hi[k], 1, "%.6g"))
        }
        print line
        if (s != "cache") continue
        for (v = 1; v <= 2; v++) {
          var = v == 1 ? "bare" : "wrapped"
          if (!((s SUBSEP var "_p50_us") in have)) continue
          line = sprintf("RESULT exp=lockwait kind=latency scenario=%s variant=%s runs=%d", s, var, used[s])
          for (c = 2; c <= nc; c++) {
            if (col[c] !~ /_us$/ || index(col[c], var "_") != 1) continue
            k = s SUBSEP col[c]; name = substr(col[c], length(var) + 2)
            line = line sprintf(" %s=%s %s_lo=%s %s_hi=%s", name, num(est[k], 1, "%.6g"), name, num(lo[k], 1, "%.6g"), name, num(hi[k], 1, "%.6g"))
          }
          print line
        }
      }
    }' "$LW_TMP/counts" "$LW_TMP/stats.out" >>"$raw" || die "lockwait: the interval lines could not be written"
  [ ! -s "$LW_TMP/whatif_counts" ] || lockwait_whatif_lines "$raw"
}

# lockwait_whatif_lines RAW: per what-if scenario, the prediction against
# the measurement: kind=whatif_check
lockwait_whatif_lines() {
  # input: whatif_counts ("S pairs_total pairs_used pairs_slow reps basis"),
  # predict (lockwait_predict's lines, NA where the report gave none) and stats.out (as in lockwait_intervals)
  kv_awk -v fac="$LW_FACTOR" '
    function num(x) { return x == "" ? "NA" : x }
    function saving(x) { return x == "" || x == "NA" ? "NA" : sprintf("%.3f", 100 * (1 - x)) }
    function fig(s, c) { return sprintf(" %s=%s %s_lo=%s %s_hi=%s", c, num(est[s, c]), c, num(lo[s, c]), c, num(hi[s, c])) }
    FILENAME == ARGV[1] { order[++ns] = $1; total[$1] = $2; used[$1] = $3; slow[$1] = $4; reps[$1] = $5; basis[$1] = $6; next }
    FILENAME == ARGV[2] { lock[$1] = $2; pred[$1] = $3; pred_lo[$1] = $4; pred_hi[$1] = $5; free[$1] = $6; cs[$1] = $7; half[$1] = $8; traces[$1] = $9; next }
    /^RESULT exp=stats / {
      kv($0, f)
      split(f["label"], lc, ":"); k = lc[1] SUBSEP lc[2]
      est[k] = f["est"]; lo[k] = f["est_lo"]; hi[k] = f["est_hi"]; pv[k] = f["p"]; qv[k] = f["q"]
    }
    END {
      for (i = 1; i <= ns; i++) {
        s = order[i]; k = s SUBSEP "whatif_ratio"
        # a shorter run is a saving: the upper bound of the ratio is the lower one of the saving
        printf "RESULT exp=lockwait kind=whatif_check scenario=%s hold_factor=%s cs_ns=%s half_cs_ns=%s lock=%s traces_count=%s predicted_saving_pct=%s predicted_saving_pct_lo=%s predicted_saving_pct_hi=%s predicted_free_saving_pct=%s measured_saving_pct=%s measured_saving_pct_lo=%s measured_saving_pct_hi=%s p=%s q=%s pairs_used=%d pairs_total=%d pairs_slow=%d pairs_basis=%s pairs_min=%d%s%s\n",
          s, fac, num(cs[s]), num(half[s]), num(lock[s]), num(traces[s]), num(pred[s]), num(pred_lo[s]), num(pred_hi[s]), num(free[s]), saving(num(est[k])), saving(num(hi[k])), saving(num(lo[k])),
          num(pv[k]), num(qv[k]), used[s], total[s], slow[s], basis[s], reps[s], fig(s, "full_nvcsw"), fig(s, "half_nvcsw")
      }
    }' "$LW_TMP/whatif_counts" "$LW_TMP/predict" "$LW_TMP/stats.out" >>"$raw" || die "lockwait: the what-if lines could not be written"
}

lockwait_run() {
  local raw=$1 reps cap_s s n extra
  reps=$(lockwait_reps)
  cap_s=$(lockwait_cap_s)
  # next to RAW, in run.sh's temp directory: removed with it if we fail
  LW_TMP=$(mktemp -d "$(dirname "$raw")/lockwait.XXXXXX") || die "lockwait: cannot create a temp directory"
  LW_VARIANTS="bare wrapped"
  # the user's settings for the library are not the experiment's
  unset LOCKWAIT_OUT LOCKWAIT_TOP LOCKWAIT_TRACE LOCKWAIT_TRACE_RECORDS LOCKWAIT_RUN
  # every preloaded run's RESULT lines, a run that waited for no lock too
  export LOCKWAIT_FULL_REPORTS=1
  if lockwait_have_preload; then
    [ -f "$BUILD/liblockwait.so" ] || die "lockwait: $BUILD/liblockwait.so is missing (./build.sh lockwait)"
    # LD_PRELOAD cannot carry spaces or colons: the launcher links such a path
    LW_PRELOAD=$(LOCKWAIT_LIB=$BUILD/liblockwait.so "$ROOT/lockwait/tool/lockwait" --preload-path) ||
      die "lockwait: no usable path to the library"
  else
    LW_VARIANTS=bare
  fi
  [ -x "$BUILD/stats" ] || die "lockwait: $BUILD/stats is missing (./build.sh)"
  local targs=()
  [ -n "${LOCKWAIT_THREADS:-}" ] && targs=(-t "$LOCKWAIT_THREADS")
  {
    echo "# lockwait_reps: $reps (clean pairs at least per scenario, bare/wrapped in alternating order) + 1 traced run per scenario"
    echo "# lockwait_max_cell_s: $cap_s (no pair added for the target once a scenario has run this long; at most $((4 * reps + 10)) pairs)"
    echo "# lockwait_target: $LOCKWAIT_TARGET (the overhead interval's half-width, as a wall-time ratio)"
    echo "# lockwait_threads: ${LOCKWAIT_THREADS:-default (lockwait_workload -h; the threads= of each run say how many)}"
    echo "# lockwait_whatif: $(lockwait_factor) (the hold factor whose prediction is checked on ${LOCKWAIT_WHATIF_SCENARIOS[*]}: REPS pairs of bare runs at the full and the scaled hold)"
    echo "# lockwait_online_cpus: $(getconf _NPROCESSORS_ONLN)"
    if [ "$LW_VARIANTS" = bare ]; then
      echo "# lockwait_preload: none ($(uname -s): the preload library is Linux-only; bare runs only)"
    else
      echo "# lockwait_preload: $BUILD/liblockwait.so"
    fi
  } >>"$raw"
  # the best canary so far starts from a few of its own
  LW_BEST="" LW_FAILED=0
  for n in 1 2 3; do
    lockwait_canary
    if [ -z "$LW_BEST" ] || LC_ALL=C awk -v a="$LW_CANARY" -v b="$LW_BEST" 'BEGIN { exit !(a + 0 < b + 0) }'; then LW_BEST=$LW_CANARY; fi
  done
  {
    echo "# lockwait_slow_canary: $LW_SLOW (a pair is slow when its slowest canary is above this times the best so far; first best $LW_BEST ns per add)"
    # the settings summary.awk words, as a RESULT line
    echo "RESULT exp=lockwait kind=config reps_min=$reps max_cell_s=$cap_s target_ratio=$LOCKWAIT_TARGET online_cpus=$(getconf _NPROCESSORS_ONLN) slow_canary=$LW_SLOW canary_best_ns=$LW_BEST whatif_factor=$(lockwait_factor) preload=$([ "$LW_VARIANTS" = bare ] && echo 0 || echo 1)"
  } >>"$raw"
  # progress counts scenarios, the one total known up front: a scenario's
  # pairs are added until its rule says stop (counting runs, the total grew)
  LW_DONE=0
  LW_TOTAL=$(lockwait_scenarios | wc -w)
  : >"$LW_TMP/counts"
  : >"$LW_TMP/whatif_counts"
  : >"$LW_TMP/predict"
  LW_FACTOR=$(lockwait_factor)
  LW_CAN_PREDICT=0
  local help
  help=$("$BUILD/lockwait_report" -h 2>&1 || true)
  [[ $help != *--what-if* ]] || LW_CAN_PREDICT=1
  for s in $(lockwait_scenarios); do
    read -r -a extra <<<"$(lockwait_args "$s")"
    LW_ARGS=("${targs[@]}" "${extra[@]}")
    echo "# lockwait_args_$s: ${LW_ARGS[*]:-none (the workload defaults)}" >>"$raw"
    lockwait_pairs overhead "$s" "$reps" "$cap_s" "$raw"
    if [ "$LW_VARIANTS" != bare ]; then
      progress "lockwait ($s: traced run and report)" "$LW_DONE" "$LW_TOTAL"
      lockwait_traced "$s" "$raw"
      if lockwait_whatif_applies "$s"; then
        lockwait_predict "$s" "$raw"
        lockwait_pairs whatif "$s" "$reps" 0 "$raw"
      fi
    fi
    LW_DONE=$((LW_DONE + 1))
  done
  lockwait_intervals "$raw"
  progress lockwait "$LW_TOTAL" "$LW_TOTAL"
  rm -rf "$LW_TMP"
}

# the knobs only this file reads, for run.sh -h (the workloads' are in
# build/lockwait_workload -h)
lockwait_usage() {
  local all
  all=$(printf '%s, ' "${LOCKWAIT_ALL_SCENARIOS[@]}")
  cat <<TXT
lockwait:
  LOCKWAIT_SCENARIOS=mutex,...  the scenarios to run, a subset of
                                ${all%, } (default: all)
  LOCKWAIT_THREADS=N            threads of every scenario (2..1024; default 4, spin min(4, CPUs))
  LOCKWAIT_WHATIF=F             the hold factor whose what-if prediction is checked on
                                ${LOCKWAIT_WHATIF_SCENARIOS[*]} (0..<1, default 0.5; off: no check)
TXT
}

# Two levels (run.sh): one invocation. Its figures are paired ratios of
# interleaved bare and preloaded runs of fresh processes, spread over
# minutes already, and they held across runs (35 of 36 inside the other
# runs' intervals). The overhead claims a cost beyond 2%.
lockwait_invocations() { echo 1; }
lockwait_figures() {
  cat <<'TXT'
overhead scenario overhead_pct lin 0:2 -
TXT
}

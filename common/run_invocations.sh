# run_invocations.sh - run.sh's measuring loop: every invocation of every
# selected experiment, interleaved (run_invocations, one_invocation), its
# estimate and what it learns of the time an invocation takes here
# (eta_here, eta_doubt, timings_write), and each raw file's published lines
# over its invocations (combine_invocations, also for --summarize). Sourced
# by run.sh (ROOT, BUILD, RESULTS, TMPD, PROG, the common knobs and
# selected set there).
# shellcheck shell=bash

# Two levels: independent invocations, interleaved.
# Every experiment runs as INVOCATIONS (or its EXP_invocations) independent
# invocations: fresh processes with fresh buffers, interleaved with the other
# experiments' so that each spreads over the whole run. What a run holds
# constant (where buffers landed, the host during that minute) then varies
# between invocations, and the published intervals come from that level
# (build/combine; docs/method.md). Each line an invocation prints is tagged
# inv=I; the hand-off probe before and after it says where the host had put
# the CPUs (build/handoff).

# invocations_of EXP
invocations_of() {
  if [ -n "$INVOCATIONS" ]; then echo "$((10#$INVOCATIONS))"
  elif declare -F "${1}_invocations" >/dev/null; then "${1}_invocations"
  else echo 1
  fi
}

# tag_lines I: the RESULT lines of stdin with inv=I after their kind
tag_lines() {
  sed "s/^\(RESULT exp=[^ ]* kind=[^ ]*\)/\1 inv=$1/"
}

# one_invocation EXP I RAW: the hand-off probe, one run of EXP, the probe
# again, all tagged with I; adds the host steal ticks to STEAL[EXP]
# shellcheck disable=SC2034 # RUNNING*: run.sh's on_exit; PROGRESS_*: lib.sh's progress
one_invocation() {
  local e=$1 i=$2 raw=$3 out=$TMPD/inv.out t0 t1
  t0=$(cpu_ticks)
  "$BUILD/handoff" "$e" | tag_lines "$i" >>"$raw"
  : >"$out"
  # not "EXP_run || die": errexit is off throughout a function called
  # that way, so a failed step inside it was ignored; on_exit says it failed
  RUNNING=$e RUNNING_INV=$i
  PROGRESS_T0='' PROGRESS_LAST='' # its progress counts this invocation's steps: so does its clock, from its first line
  "${e}_run" "$out"
  # still EXP's: lines it measured that cannot be written (a full disk)
  # fail it, and on_exit keeps what can be kept
  tag_lines "$i" <"$out" >>"$raw"
  : >"$out"
  RUNNING=
  "$BUILD/handoff" "$e" | tag_lines "$i" >>"$raw"
  t1=$(cpu_ticks)
  if [ -n "$t0" ] && [ -n "$t1" ]; then
    STEAL[$e]="$(awk -v a="${STEAL[$e]:-0 0}" -v b="$t0" -v c="$t1" 'BEGIN { split(a, s, " "); split(b, x, " "); split(c, y, " ")
      print s[1] + y[1] - x[1], s[2] + y[2] - x[2] }')"
  fi
}

# knobs_of EXP: the settings EXP runs with, as the raw file's knobs line says them
knobs_of() { echo "QUICK=$QUICK REPS=${REPS:-default} PIN=${PIN:-default}$("${1}_knobs" | sed 's/^./ &/')"; }

# ---- estimates that learn: the seconds an invocation took here last time ----
# TIMINGS (results/timings.txt, quick-timings.txt for QUICK) keeps, per
# experiment, the seconds one invocation took in the last run on this
# machine and the knobs it ran with: "EXP SECONDS KNOBS...". An experiment
# run again with the same knobs is estimated from it, else from its EXP_eta
# (an idle machine's figure: a busy one took 303 s of an estimated 135).
eta_here() {
  local e=$1 knobs s=""
  knobs=$(knobs_of "$e")
  [ ! -f "$TIMINGS" ] || s=$(awk -v e="$e" -v k="$knobs" '$1 == e { w = $0; sub(/^[^ ]+ [^ ]+ /, "", w); if (w == k) s = $2 } END { print s }' "$TIMINGS")
  if [[ $s =~ ^[0-9]+$ ]]; then echo "$s"; else "${e}_eta"; fi
}
# timings_write OUT: TIMINGS with this run's experiments replaced by what
# their invocations took (ELAPSED, COUNT)
# shellcheck disable=SC2154 # selected: parse_args's (common/run_args.sh)
timings_write() {
  local e
  { [ ! -f "$TIMINGS" ] || awk -v sel=" ${selected[*]} " 'index(sel, " " $1 " ") == 0' "$TIMINGS"
    for e in "${selected[@]}"; do
      # whole seconds, at least 1: a run that took less says little more
      echo "$e $(((ELAPSED[$e] + COUNT[$e] - 1) / COUNT[$e] > 0 ? (ELAPSED[$e] + COUNT[$e] - 1) / COUNT[$e] : 1)) $(knobs_of "$e")"
    done; } >"$1"
}

# eta_doubt: why the estimate may not hold, for its line; nothing when the
# machine looks idle. The EXP_eta figures are an idle machine's: on a busy
# one every round runs slower and the rounds and pairs measured in a slow
# state are measured again, which took QUICK=1 from ~4 s to 26 s.
# SHARECOST_TEST_LOADAVG stands in for /proc/loadavg in the tests.
eta_doubt() {
  local load ncpu why=""
  ncpu=$(getconf _NPROCESSORS_ONLN)
  load=${SHARECOST_TEST_LOADAVG:-$(cat /proc/loadavg 2>/dev/null || true)}
  load=${load%% *}
  if [ -n "$load" ] && awk -v l="$load" -v c="$ncpu" 'BEGIN { exit !(l + 0 >= c / 2) }'; then
    why="the machine is busy (load $load on $ncpu CPUs)"
  fi
  if grep -qh 'stable=0' "$TMPD"/clock.* 2>/dev/null; then
    why="${why:+$why; }the clock changed speed while it was estimated"
  fi
  [ -z "$why" ] || echo " on an idle machine; $why, so it can take several times longer"
}

# combine_invocations EXP RAW WHAT: RAW's published lines, EXP's figures
# over its invocations (build/combine, given EXP_figures), appended to RAW;
# WHAT names the invocations in the message of a failure
combine_invocations() {
  local e=$1 raw=$2
  if declare -F "${e}_figures" >/dev/null; then "${e}_figures"; fi >"$TMPD/$e.figures"
  "$BUILD/combine" "$TMPD/$e.figures" "$raw" >"$TMPD/combined" || die "$e: combining $3 failed. Nothing was written."
  cat "$TMPD/combined" >>"$raw"
}

# run_invocations PREFIX: every invocation of every selected experiment,
# round by round, then each raw file's published lines (build/combine)
# shellcheck disable=SC2154 # selected: parse_args's (common/run_args.sh)
run_invocations() {
  local e i k most=1 done_s raw t1
  declare -gA STEAL=() COUNT=() ETA=() ELAPSED=()
  TOTAL=0
  TIMINGS=$RESULTS/${1}timings.txt
  for e in "${selected[@]}"; do
    k=$(invocations_of "$e"); COUNT[$e]=$k ELAPSED[$e]=0
    ETA[$e]=$(eta_here "$e")
    [ "${ETA[$e]}" = "$("${e}_eta")" ] || LEARNED="${LEARNED:+$LEARNED, }$e"
    [ "$k" -le "$most" ] || most=$k
    TOTAL=$((TOTAL + k * ETA[$e]))
  done
  echo "$PROG: running ${selected[*]} ($(for e in "${selected[@]}"; do printf '%s x%s ' "$e" "${COUNT[$e]}"; done | sed 's/ $//')), about $TOTAL s$(if [ -n "${LEARNED:-}" ]; then echo " ($LEARNED as long as in the last run here, $(basename "$TIMINGS"))"; else eta_doubt; fi)" >&2
  T0=$(date +%s)
  for e in "${selected[@]}"; do provenance "$e" >"$TMPD/out/$1$e-raw.txt"; done
  # planned: the estimate's seconds for the invocations done so far; the
  # total is revised at the pace they took (a busy host took 303 s of an
  # estimated 135, and "149 s of ~135 s" was never revised)
  local planned=0 total_now=$TOTAL
  for ((i = 1; i <= most; i++)); do
    for e in "${selected[@]}"; do
      [ "$i" -le "${COUNT[$e]}" ] || continue
      done_s=$(($(date +%s) - T0))
      [ "$planned" -le 0 ] || [ "$done_s" -le 0 ] || total_now=$((TOTAL * done_s / planned))
      echo "$PROG: $e, invocation $i of ${COUNT[$e]} (about ${ETA[$e]} s; $done_s s of ~$total_now s so far$([ "$total_now" = "$TOTAL" ] || echo ", at this pace"))" >&2
      one_invocation "$e" "$i" "$TMPD/out/$1$e-raw.txt"
      t1=$(($(date +%s) - T0))
      ELAPSED[$e]=$((ELAPSED[$e] + t1 - done_s))
      planned=$((planned + ETA[$e]))
    done
  done
  for e in "${selected[@]}"; do
    raw=$TMPD/out/$1$e-raw.txt
    combine_invocations "$e" "$raw" "its invocations"
    steal_line "${STEAL[$e]:-}" >>"$raw"
    grep -q '^RESULT ' "$raw" || die "$e printed no RESULT line. Nothing was written."
    ! grep -q '^RESULT .*status=mismatch' "$raw" || die "$e: checksum mismatch. Nothing was written."
  done
  mkdir -p "$TMPD/files"
  timings_write "$TMPD/files/timings.txt"
}

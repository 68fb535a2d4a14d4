# run_machine.sh - what run.sh records of the machine with every raw file:
# measure_clocks (build/clock_estimate, 1 copy, then 2, 4 and 8 at once;
# build/wakeup, the wake-up latency of a sleeping thread),
# provenance (the raw file's "#" lines: git, compiler, build flags, knobs,
# build/machine, the clocks) and the host's steal time over an experiment's
# invocations (cpu_ticks, steal_line). Sourced by run.sh (ROOT, BUILD, TMPD,
# PROG and QUICK set there).
# shellcheck shell=bash

# measure_clocks: CLOCK_GHZ (one copy of build/clock_estimate) and
# CLOCK_GHZ_T2, _T4, _T8 (the median of that many copies at once), exported
# for the experiments and the raw files' provenance
measure_clocks() {
  local ncpu k n log2 tries out
  ncpu=$(getconf _NPROCESSORS_ONLN)
  if [ "$QUICK" = 1 ]; then log2=24 tries=3; else log2=26 tries=5; fi
  echo "$PROG: estimating the clock (1 copy, then 2, 4, 8 at once up to $ncpu CPUs) and the wake-up latency" >&2
  run_child "$BUILD/clock_estimate" -n "$log2" -r "$tries" >"$TMPD/clock.1" 2>/dev/null ||
    die "clock_estimate failed"
  CLOCK_GHZ=$(kv_awk '{ print kv_get($0, "ghz") }' "$TMPD/clock.1")
  export CLOCK_GHZ
  for k in 2 4 8; do
    [ "$k" -le "$ncpu" ] || continue
    out=$TMPD/clock.$k
    : >"$out"
    for ((n = 0; n < k; n++)); do "$BUILD/clock_estimate" -n "$log2" -r "$tries" >>"$out" 2>/dev/null & done
    wait
    # median across the copies
    export "CLOCK_GHZ_T$k=$(kv_awk '{ print kv_get($0, "ghz") }' "$out" | paste -sd' ' - | "$BUILD/stats" median |
      kv_awk '{ printf "%.4f", kv_get($0, "est") }')"
  done
  # one reading at the run's start, as the clock's; a failure costs the
  # sentence, not the run
  run_child "$BUILD/wakeup" -n "$([ "$QUICK" = 1 ] && echo 31 || echo 101)" >"$TMPD/wakeup" 2>/dev/null ||
    echo "# wakeup: NA reason=probe_failed" >"$TMPD/wakeup"
}

provenance() { # provenance EXP
  local desc
  # "-dirty" only for changes to the code: README.md and results/ are what
  # run.sh itself rewrites, so they would mark every second run dirty
  local top
  top=$(git -C "$ROOT" rev-parse --show-toplevel 2>/dev/null) || top=
  if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" != "$(cd "$ROOT" && pwd -P)" ]; then
    # a copy inside another repository: that repository's commit is not ours
    desc="not a git checkout (inside the repository at $top)"
  elif desc=$(git -C "$ROOT" describe --always 2>/dev/null); then
    git -C "$ROOT" diff --quiet HEAD -- . ':!README.md' ':!results' 2>/dev/null || desc=$desc-dirty
  else
    desc="not a git checkout"
  fi
  echo "# sharecost raw results: $1"
  echo "# date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git: $desc (git describe; -dirty = uncommitted code changes, README.md and results/ not counted)"
  echo "# compiler: $("${CC:-cc}" --version 2>/dev/null | head -n 1)"
  echo "# compiler_path: $(cut -d'|' -f1 "$BUILD/.flags" 2>/dev/null | sed 's/ *$//')"
  echo "# build: $(CC="${CC:-cc}" "$ROOT/build.sh" --flags)"
  # the common knobs, then the experiment's own settings
  echo "# knobs: $(knobs_of "$1")"
  "$BUILD/machine"
  echo "# clock_ghz_t1: $CLOCK_GHZ"
  # an estimate whose 2N timing was not twice its N timing: the machine
  # changed speed meanwhile, and the cycles figures inherit the doubt
  if grep -qh 'stable=0' "$TMPD"/clock.*; then
    echo "# clock_unstable: $(grep -lh 'stable=0' "$TMPD"/clock.* | sed 's/.*clock\./copies=/' | paste -sd' ' -)"
  fi
  local k v
  for k in 2 4 8; do
    v=CLOCK_GHZ_T$k
    [ -n "${!v:-}" ] && echo "# clock_ghz_t$k: ${!v}"
  done
  [ ! -f "$TMPD/wakeup" ] || cat "$TMPD/wakeup"
  return 0
}

# cpu_ticks: "STEAL TOTAL" summed over CPUs from /proc/stat's first line
# (fields: user nice system idle iowait irq softirq steal ...); nothing where
# there is no /proc/stat. Steal is time the hypervisor ran something else
# while this guest had work: the one cause of slow rounds a guest can count.
cpu_ticks() {
  [ -r /proc/stat ] || return 0
  awk '$1 == "cpu" { t = 0; for (i = 2; i <= 9 && i <= NF; i++) t += $i; print $9 + 0, t; exit }' /proc/stat
}
# steal_line "STEAL TOTAL": the share of CPU time stolen, from the ticks
# summed over an experiment's invocations
steal_line() {
  if [ -z "$1" ]; then echo "# host_steal: not available (no /proc/stat)"; return 0; fi
  awk -v a="$1" 'BEGIN { split(a, y, " ")
    if (y[2] <= 0) { print "# host_steal: not available (no ticks elapsed)"; exit }
    printf "# host_steal: %.2f%% of CPU time during the run (%d of %d ticks)\n", 100 * y[1] / y[2], y[1], y[2] }'
}

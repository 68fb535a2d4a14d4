#!/usr/bin/env bash
# run.sh - run sharecost's experiments, keep their raw output with its
# provenance, summarise it with awk into results/summary.md, and splice its
# headline (common/headline.awk) into README.md between the results markers.
# Everything is written to a temp directory first and moved into place at the
# end, so an interrupted or failed run leaves results/ and README.md as they were.
set -euo pipefail
# awk, printf and sort -n read and write numbers per LC_NUMERIC: a decimal
# comma locale would corrupt every table. Same bytes in every locale.
export LC_ALL=C

usage() {
  cat <<TXT
usage: ./run.sh [-h] [EXPERIMENT...]
       ./run.sh --summarize DIR
  Runs the named experiments (default: all) and updates results/ and README.md.
  --summarize DIR: measure nothing; re-derive the published lines, the tables
  and summary.md of the saved results directory DIR (a copy of results/, a
  common/stability.sh run) from its raw files, in place, with this version's
  method; results/ and README.md are left alone.
  EXPERIMENT: one of common/experiments: ${EXPERIMENTS[*]}
environment (validated before anything runs; a bad value exits 2):
  QUICK=1         smoke test in seconds: writes results/quick-*, leaves README.md alone
  REPS=N          timed repetitions per cell (1..1001; default per experiment)
  INVOCATIONS=N   independent invocations of every experiment, interleaved
                  (1..100; default per experiment: EXP_invocations)
  PIN=0|1         pin threads (Linux; default 1)
  CC=...          compiler for ./build.sh
  HANDOFF_CPUS=A,B  the two CPUs of the hand-off probe (build/handoff) before and
                  after every invocation (two different CPUs this process may use)
  HANDOFF_BATCHES=N  that probe's batches of 500 round trips (6..1001; default 31)
  SHARECOST_IGNORE=NAME,...  variables to leave alone: a variable whose name
                  looks like a misspelt knob (QUICK, two letters swapped) stops the run (exit 2)
                  before anything is built or written, unless named here
  Each experiment's own knobs (read and checked by its EXPERIMENT/exp.sh)
  follow, with the values each accepts; docs/knobs.md says what they do.
outputs: results/<exp>-raw.txt, results/<exp>-*.csv, results/summary.md, README.md, results/compare.md
         (what changed since the run replaced, whose raw files are kept in results/previous/),
         results/timings.txt (what an invocation took here: the next estimate)
         (with QUICK=1: results/quick-* only)
TXT
  experiment_usages
}

# experiment_usages: each experiment's knobs with the values its EXP_check
# accepts, then what its exp.sh says of its own (EXP_usage, where it defines
# one); the binaries' -h and docs/knobs.md say what each knob does
experiment_usages() {
  local e
  for e in "${EXPERIMENTS[@]}"; do
    [ -f "$ROOT/$e/exp.sh" ] || continue
    echo "$e knobs (checked before anything runs; see docs/knobs.md):"
    # shellcheck source=/dev/null
    (source "$ROOT/$e/exp.sh" && experiment_knobs "$e" && if declare -F "${e}_usage" >/dev/null; then "${e}_usage"; fi)
  done
}
# experiment_knobs EXP: the knobs EXP_check validates, read off the check
# itself so that the list cannot drift: its knob_* calls, run with stand-ins
# that print what they would accept, and its other checks' "NAME=...:
# expected WHAT" messages. In a subshell (the stand-ins go with it).
experiment_knobs() {
  # shellcheck disable=SC2317 # the stand-ins are called by EXP_check
  (
    knob_int() { printf '  %-24s %s to %s\n' "$1=N" "$2" "$3"; }
    knob_int_list() { printf '  %-24s each %s to %s\n' "$1=N,..." "$2" "$3"; }
    knob_enum_list() { local n=$1; shift; printf '  %-24s each one of: %s\n' "$n=W,..." "$*"; }
    knob_cpus() { :; }
    bad_usage() { :; }
    "${1}_check"
    # input: the check's source; lines such as: bad_usage "PAIRS=$PAIRS: expected 0 or 1"
    declare -f "${1}_check" | sed -n 's/.*bad_usage "\([A-Z][A-Z0-9_]*\)=\$[{]*[A-Z0-9_]*[}]*: expected \([^"]*\)".*/\1 \2/p' |
      while read -r name what; do printf '  %-24s %s\n' "$name=..." "$what"; done
  )
}

PROG=run.sh
ROOT=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh"
# shellcheck source=common/previous.sh
source "$ROOT/common/previous.sh" # keep_previous, compare_previous
# the clock figures are measured below; CLOCK_GHZ* inherited from the caller
# are not measurements and must not reach the raw files
for v in $(compgen -v CLOCK_GHZ); do unset "$v"; done
# the benchmarks die with this run (common.c; Linux), not linger as orphans
export SHARECOST_RUN_PID=$$
read_experiments "$ROOT"
BUILD=$ROOT/build
RESULTS=$ROOT/results
README=$ROOT/README.md

# what every experiment reads; the rest is each experiment's (its exp.sh)
QUICK=${QUICK:-0}
REPS=${REPS:-}
PIN=${PIN:-}
INVOCATIONS=${INVOCATIONS:-}

# ---- arguments and knobs: all checked before anything is written ----
selected=()
parse_args() {
  local a e known
  if [ "${1:-}" = --summarize ]; then
    [ $# = 2 ] || bad_usage "--summarize takes one directory (a saved results directory)"
    SUMMARIZE=$2
    return 0
  fi
  for a in "$@"; do
    case "$a" in
      -h|--help) usage; exit 0 ;;
      -*) bad_usage "unknown option '$a' (see ./run.sh -h)" ;;
    esac
    known=0
    for e in "${EXPERIMENTS[@]}"; do [ "$a" = "$e" ] && known=1; done
    [ "$known" = 1 ] || bad_usage "unknown experiment '$a'; expected one of: ${EXPERIMENTS[*]}"
    # twice would run it twice and keep the second run only
    [[ " ${selected[*]-} " != *" $a "* ]] || bad_usage "experiment '$a' named twice"
    selected+=("$a")
  done
  [ "${#selected[@]}" -gt 0 ] || selected=("${EXPERIMENTS[@]}")
}

# The common knobs here; each experiment's exp.sh (docs/adding-an-experiment.md)
# defines EXP_check, which checks its own, and EXP_knobs, EXP_eta, EXP_run.
check_knobs() {
  [[ $QUICK =~ ^[01]$ ]] || bad_usage "QUICK=$QUICK: expected 0 or 1"
  [ -z "$PIN" ] || [[ $PIN =~ ^[01]$ ]] || bad_usage "PIN=$PIN: expected 0 or 1"
  knob_int REPS 1 1001
  knob_int INVOCATIONS 1 100
  # the hand-off probe runs before the first invocation: its knobs are
  # checked here, not after the build and the clock estimate
  knob_int HANDOFF_BATCHES 6 1001
  [ -z "${HANDOFF_CPUS:-}" ] || [[ $HANDOFF_CPUS =~ ^[0-9]+,[0-9]+$ ]] ||
    bad_usage "HANDOFF_CPUS=$HANDOFF_CPUS: expected two different CPUs A,B"
  knob_int_list HANDOFF_CPUS 0 1023
  knob_cpus HANDOFF_CPUS
  local e f
  for e in "${selected[@]}"; do
    [ -f "$ROOT/$e/exp.sh" ] || die "$e/exp.sh is missing: this checkout cannot run $e"
    # shellcheck source=/dev/null
    source "$ROOT/$e/exp.sh"
    for f in check knobs eta run; do
      declare -F "${e}_$f" >/dev/null || die "$e/exp.sh defines no ${e}_$f function (docs/adding-an-experiment.md)"
    done
    "${e}_check"
  done
}

# knob_names: every knob -h lists (the usage is the one list of them)
knob_names() {
  usage | sed -n 's/^  \([A-Z][A-Z0-9_]*\)=.*/\1/p' | LC_ALL=C sort -u
}
# check_spelling: an environment variable whose name is a knob's with one
# letter wrong, missing, added or two swapped (two for names of 8 letters or
# more; names under 4 letters only by case: CI is not CC) is a misspelt
# knob, and it stops the run: QIUCK=1 started a full run that rewrote
# README.md, and a misspelt REPS measures with the wrong number of rounds.
# A variable meant for something else is named in SHARECOST_IGNORE.
check_spelling() {
  local found knobs
  knobs=$(knob_names | paste -sd' ' -)
  found=$(compgen -e | LC_ALL=C sort | awk -v knobs="$knobs" -v ignore=",${SHARECOST_IGNORE:-}," '
    # the optimal string alignment distance: Levenshtein plus swaps of two neighbours
    function dist(a, b,    la, lb, i, j, c, d, x) {
      la = length(a); lb = length(b)
      for (i = 0; i <= la; i++) d[i, 0] = i
      for (j = 0; j <= lb; j++) d[0, j] = j
      for (i = 1; i <= la; i++) for (j = 1; j <= lb; j++) {
        c = substr(a, i, 1) != substr(b, j, 1)
        x = d[i - 1, j] + 1
        if (d[i, j - 1] + 1 < x) x = d[i, j - 1] + 1
        if (d[i - 1, j - 1] + c < x) x = d[i - 1, j - 1] + c
        if (i > 1 && j > 1 && substr(a, i, 1) == substr(b, j - 1, 1) && substr(a, i - 1, 1) == substr(b, j, 1) && d[i - 2, j - 2] + 1 < x)
          x = d[i - 2, j - 2] + 1
        d[i, j] = x
      }
      return d[la, lb]
    }
    BEGIN { nk = split(knobs, order, " "); for (i = 1; i <= nk; i++) knob[order[i]] = 1 }
    # input: the names of the environment variables, one a line
    $1 in knob || $1 ~ /^SHARECOST_/ || index(ignore, "," $1 ",") { next }
    {
      u = toupper($1)
      for (i = 1; i <= nk; i++) {
        k = order[i]
        if (u != k && (length(k) < 4 || dist(u, k) > (length(k) >= 8 ? 2 : 1))) continue
        print $1 " looks like a misspelling of " k
        break
      }
    }')
  [ -n "$found" ] || return 0
  bad_usage "$(paste -sd';' - <<<"$found" | sed 's/;/; /g'); nothing was run: fix the name, or if it is meant for something else name it in SHARECOST_IGNORE=$(cut -d' ' -f1 <<<"$found" | paste -sd, -)"
}

# refuse_symlinks: results/ is a directory and not a symbolic link, and none
# of the files this run would replace (README.md and results/*, or
# results/quick-* under QUICK=1) is a symbolic link or, where run.sh writes
# a file of that name, something other than a file (mv would put the new
# file inside a directory of that name); checked before anything runs, as
# publish refuses it only at the end, when the measurements are made
refuse_symlinks() {
  local f b w why=''
  if w=$(symlink_words "$RESULTS"); then
    die "$w; run.sh writes nothing through a link someone may have planted. Nothing was run: make results/ a directory of its own"
  fi
  [ -d "$RESULTS" ] || die "$RESULTS is not a directory; nothing was run"
  for f in "$README" "$RESULTS"/*; do
    b=${f##*/}
    if [ "$QUICK" = 1 ]; then [[ $f != "$README" && $b == quick-* ]] || continue
    else [[ $b != quick-* && $b != failed-* ]] || continue
    fi
    if w=$(symlink_words "$f"); then why=$why${why:+; }$w
    elif [ -e "$f" ] && [ ! -f "$f" ] && [[ $f == "$README" || $b == *.md || $b == *.txt || $b == *.csv || $b == *.svg ]]; then
      die "$f is not a regular file, and run.sh would write a file of that name; nothing was run: move it away"
    fi
  done
  [ -n "$why" ] || return 0
  die "$why; run.sh replaces such a file with a new one, which would put a regular file in the link's place and leave its target stale, and writes nothing through a link someone may have planted. Nothing was run: put the file itself there (or remove the link)"
}

# ---- one run at a time ----
# The lock is a symlink whose target names its holder, "pid=P start=S": a
# symlink is created with its content in one step, so no run ever finds a
# lock without a holder. S is the holder's start time, so a pid reused by an
# unrelated process does not pass for a live run. A lock whose holder is gone
# is removed only by the run that wins mkdir LOCK.reap.<holder>, and only if
# it still names that holder, so two runs never both take it over. (POSIX
# only: flock(1) is util-linux, not on macOS.)
LOCK=$RESULTS/.lock
have_lock=0 my_lock=

# proc_start PID: when PID started (Linux: field 22 of /proc/PID/stat, clock
# ticks since boot; elsewhere ps); fails when no process PID exists
proc_start() {
  local st f
  if st=$(cat "/proc/$1/stat" 2>/dev/null); then
    read -r -a f <<<"${st##*) }" # the fields after "(command name)", from field 3
    echo "${f[19]}"
  elif st=$(ps -o lstart= -p "$1" 2>/dev/null) && [ -n "$st" ]; then
    echo "${st// /_}"
  else
    kill -0 "$1" 2>/dev/null && echo unknown
  fi
}
# legacy_holder_alive PID FILE: the run.sh that wrote PID to FILE (an older
# run.sh's lock directory) still runs: PID lives, is a run.sh, and did not
# start after FILE was written (then it is a new process under a reused
# pid). Where the command line cannot be read, a live PID counts as alive.
legacy_holder_alive() {
  local pid=$1 cmd ticks btime hz written
  kill -0 "$pid" 2>/dev/null || return 1
  if [ -r "/proc/$pid/cmdline" ]; then cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline"); else cmd=$(ps -o args= -p "$pid" 2>/dev/null) || return 0; fi
  [[ $cmd == *run.sh* ]] || return 1
  # Linux: its start (boot time + ticks) against the file's mtime
  ticks=$(proc_start "$pid") && is_uint "$ticks" || return 0
  btime=$(awk '$1 == "btime" { print $2 }' /proc/stat 2>/dev/null) && is_uint "$btime" || return 0
  hz=$(getconf CLK_TCK) && written=$(stat -c %Y "$2" 2>/dev/null) || return 0
  [ $((btime + ticks / hz)) -le "$written" ]
}
# holder_alive HOLDER: the process a lock names still runs
holder_alive() {
  local pid=${1#pid=} start=${1##* start=} now
  pid=${pid%% *}
  is_uint "$pid" && now=$(proc_start "$pid") && [ "$now" = "$start" ]
}
take_lock() {
  local held reap tries
  my_lock="pid=$$ start=$(proc_start $$)"
  if [ -d "$LOCK" ] && [ ! -L "$LOCK" ]; then # left by an older run.sh: a directory
    held=$(cat "$LOCK/pid" 2>/dev/null || true)
    # kill -0 alone took any process that got the pid later for the holder
    if is_uint "$held" && legacy_holder_alive "$held" "$LOCK/pid"; then
      die "another run.sh (pid $held) is running in this checkout; wait for it or stop it"
    fi
    rm -f "$LOCK/pid"; rmdir "$LOCK" 2>/dev/null || true
  fi
  # a reaper killed within its few milliseconds must not block every later run
  find "$RESULTS" -maxdepth 1 -name '.lock.reap.*' -mmin +1 -exec rmdir {} + 2>/dev/null || true
  for tries in 1 2 3 4 5 6 7 8; do
    if ln -s "$my_lock" "$LOCK" 2>/dev/null; then have_lock=1; return 0; fi
    held=$(readlink "$LOCK" 2>/dev/null) || continue # released meanwhile: again
    if holder_alive "$held"; then
      held=${held%% *}
      die "another run.sh (pid ${held#pid=}) is running in this checkout; wait for it or stop it"
    fi
    # its holder is gone: remove it, if this run is the one to do so
    reap=$LOCK.reap.${held//[^a-zA-Z0-9=]/_}
    if mkdir "$reap" 2>/dev/null; then
      [ "$(readlink "$LOCK" 2>/dev/null)" != "$held" ] || rm -f "$LOCK"
      rmdir "$reap"
    fi
  done
  die "cannot create the lock $LOCK (a symbolic link) after $tries tries"
}
release_lock() {
  [ "$have_lock" = 1 ] && [ "$(readlink "$LOCK" 2>/dev/null)" = "$my_lock" ] && rm -f "$LOCK"
  have_lock=0
}

# What a run that died (SIGKILL, a crash, power loss) left: its temp files.
# Called with the lock held, so no live run owns any of them.
clean_leftovers() {
  local f left=()
  for f in "$RESULTS"/.tmp.* "$ROOT"/.README.*; do [ -e "$f" ] && left+=("$f"); done
  [ "${#left[@]}" -gt 0 ] || return 0
  echo "$PROG: removing what an unfinished run left: ${left[*]#"$ROOT"/}" >&2
  rm -rf "${left[@]}"
}

TMPD='' README_NEW=''
cleanup() {
  kill_child
  # background jobs (the clock_estimate copies) ignore SIGINT: stop them too
  local j
  for j in $(jobs -p); do kill -TERM "$j" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "$TMPD" ] && rm -rf "$TMPD"
  [ -n "$README_NEW" ] && rm -f "$README_NEW"
  release_lock
  return 0
}
# an experiment that stopped run.sh (a failed step under set -e, or die),
# and which of its invocations
RUNNING='' RUNNING_INV=''
on_exit() {
  local rc=$?
  if [ -n "$PUBLISH_FAILED" ]; then
    echo "$PROG: writing the results failed part-way (above): results/ may hold some files of this run beside older ones; run it again" >&"$ERR_FD" || true
  elif [ -n "$RUNNING" ]; then
    echo "$PROG: $RUNNING failed; see the messages above. README.md and the files in results/ were left as they were." >&"$ERR_FD" || true
    # called with ||, so that a write it cannot make (a full disk) does not
    # stop this trap under set -e before cleanup: that left the lock and the
    # temp directory behind, and exit status 4 (sed's)
    keep_unfinished || echo "$PROG: could not keep what it measured" >&"$ERR_FD" || true
  elif [ "$rc" != 0 ] && [ -z "$PUBLISHED" ]; then
    # a failed step of run.sh's own (a full disk) said only what the
    # command said, not that the run stopped and wrote nothing
    echo "$PROG: stopped by the failure above (exit status $rc); README.md and the files in results/ were left as they were" >&"$ERR_FD" || true
  fi
  cleanup
}
# keep_unfinished: what a failed run measured, in a directory of its own
# (results/failed-STAMP/, never a name in use): the raw files so far, the
# failed experiment's with the lines its unfinished invocation had printed.
# A 20-minute run that fails in its last minute keeps its 19 minutes.
keep_unfinished() {
  [ -n "$TMPD" ] && [ -d "$TMPD/out" ] || return 0
  local f kept=() dir
  if [ -s "$TMPD/inv.out" ]; then
    for f in "$TMPD/out/$RUNNING-raw.txt" "$TMPD/out/quick-$RUNNING-raw.txt"; do
      [ -f "$f" ] && tag_lines "$RUNNING_INV" <"$TMPD/inv.out" >>"$f"
    done
  fi
  # the hand-off probe alone is no measurement: a run stopped by a setting
  # its first invocation refused keeps nothing
  for f in "$TMPD"/out/*-raw.txt; do
    awk '/^RESULT / && !/^RESULT exp=[a-z0-9_]+ kind=handoff / { found = 1; exit } END { exit !found }' "$f" 2>/dev/null && kept+=("$f")
  done
  [ "${#kept[@]}" -gt 0 ] || return 0
  dir=$RESULTS/failed-$(date -u +%Y%m%dT%H%M%SZ)
  [ ! -e "$dir" ] || dir=$dir-$$
  if mkdir "$dir" 2>/dev/null && mv -f "${kept[@]}" "$dir/"; then
    echo "$PROG: what it measured before the failure (raw lines only, not summarised) is in ${dir#"$ROOT"/}/" >&"$ERR_FD"
  else
    echo "$PROG: could not keep what it measured in $dir" >&"$ERR_FD"
  fi
}
ERR_FD=2 PUBLISHED='' LEFT_AS_IS='results/ and README.md left as they were'
on_signal() {
  # to run.sh's own stderr: the signal may come while a command's stderr is
  # redirected to a temp file (run_child ... 2>FILE) that cleanup removes
  if [ -n "$PUBLISHED" ]; then
    echo "$PROG: interrupted after it wrote $PUBLISHED in full$([ "$QUICK" = 1 ] || echo "; results/compare.md may be the one of the run before")" >&"$ERR_FD"
  else
    echo "$PROG: interrupted; $LEFT_AS_IS" >&"$ERR_FD"
  fi
  RUNNING=
  cleanup
  trap - EXIT
  exit "$1"
}

# ---- provenance ----
measure_clocks() {
  local ncpu k n log2 tries out
  ncpu=$(getconf _NPROCESSORS_ONLN)
  if [ "$QUICK" = 1 ]; then log2=24 tries=3; else log2=26 tries=5; fi
  echo "$PROG: estimating the clock (1 copy, then 2, 4, 8 at once up to $ncpu CPUs)" >&2
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

# summarise EXP RAW DIR PREFIX: EXP's section of the summary on stdout, its
# tables in DIR: summary.awk, then any further parts (summary_*.awk) in name
# order, each after the libraries summary_awk (common/lib.sh) loads; PREFIX
# (quick- or empty) is what the files it links will be called by in results/
summarise() {
  local s
  for s in "$ROOT/$1/summary.awk" "$ROOT/$1"/summary_*.awk; do
    [ -f "$s" ] || continue
    summary_awk awk -v csvdir="$3" -v prefix="$4" "$s" "$2" || { echo "$PROG: $1/$(basename "$s") failed" >&2; return 1; }
  done
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

# write_summary SUM TMP PREFIX RAW...: the summary of the raw files into
# SUM and their tables into TMP/files: the header of all, then each
# experiment's section (common/summary_head.awk, summarise). A raw file of an
# experiment this version cannot read keeps a note instead of its tables.
write_summary() {
  local sum=$1 tmp=$2 prefix=$3 raw e f; shift 3
  awk -f "$ROOT/common/summary_head.awk" "$@" >"$sum" || die "summary header failed"
  mkdir -p "$tmp/files" "$tmp/older"
  for raw in "$@"; do
    e=$(basename "$raw" -raw.txt); e=${e#quick-}
    if [ "$raw" = "$tmp/out/$prefix$e-raw.txt" ]; then
      summarise "$e" "$raw" "$tmp/files" "$prefix" >>"$sum" || die "$e's summary failed"
    elif ! summarise "$e" "$raw" "$tmp/older" "$prefix" >"$tmp/older.md" 2>/dev/null; then
      # an earlier run's raw file this version cannot read: its tables
      # stay as they were, and the summary says so instead of failing
      # shellcheck disable=SC2016 # the backquotes are markdown
      printf '### %s\n\nThe results in %s come from an older version of this suite that the current summary cannot read; run `./run.sh %s` to measure again.\n\n' \
        "$e" "results/$prefix$e-raw.txt" "$e" >>"$sum"
    else
      cat "$tmp/older.md" >>"$sum"
      # its tables as this version writes them
      for f in "$tmp"/older/*; do [ -e "$f" ] && mv -f "$f" "$tmp/files/"; done
    fi
  done
}

# ---- --summarize DIR: a saved run's published lines again ----
# rederive_raw EXP RAW OUT: RAW with its published lines made anew: EXP's
# figure lines re-derived from the kept samples (EXP_rederive, where the
# experiment has one; they replace the invocations' own lines of the same
# kinds), then build/combine over the invocations, as a run does. A raw file
# without invocation tags (an older version) is copied as it is.
rederive_raw() {
  local e=$1 raw=$2 out=$3 new=$TMPD/rederived
  if ! grep -q '^RESULT exp=[^ ]* kind=[^ ]* inv=' "$raw"; then cp "$raw" "$out"; return 0; fi
  : >"$new"
  if declare -F "${e}_rederive" >/dev/null; then "${e}_rederive" "$raw" >"$new" || die "$e: re-deriving $raw failed. Nothing was written."; fi
  # input: the raw file, then the re-derived lines; a tagged line of a kind
  # the re-derivation printed is dropped, and so is every published line
  awk -v new="$new" 'BEGIN { while ((getline l < new) > 0) { split(l, w, " "); kinds[w[3]] = 1 } }
    $1 == "RESULT" && $4 !~ /^inv=/ { next }
    $1 == "RESULT" && ($3 in kinds) { next }
    { print }' "$raw" >"$out"
  cat "$new" >>"$out"
  if declare -F "${e}_figures" >/dev/null; then "${e}_figures"; fi >"$TMPD/$e.figures"
  "$BUILD/combine" "$TMPD/$e.figures" "$out" >"$TMPD/combined" || die "$e: combining the invocations of $raw failed. Nothing was written."
  cat "$TMPD/combined" >>"$out"
}

# summarize_dir DIR: re-derive DIR's raw files and write DIR's summary and
# tables anew, in place; results/ and README.md are left alone
summarize_dir() {
  local dir=$1 raw e prefix="" raws=() f
  if [ ! -d "$dir" ] || [ -L "$dir" ]; then bad_usage "--summarize $dir: not a directory (a symlink is not followed)"; fi
  [ "$(cd "$dir" && pwd -P)" != "$(cd "$RESULTS" 2>/dev/null && pwd -P)" ] ||
    bad_usage "--summarize $dir: that is results/ itself; re-derive a copy (cp -r results /tmp/r; ./run.sh --summarize /tmp/r)"
  [ -w "$dir" ] || die "$dir is not writable; nothing was written"
  # a full run's raw files; a QUICK run's where there is no full one
  for prefix in "" quick-; do
    for e in "${EXPERIMENTS[@]}"; do
      f=$dir/$prefix$e-raw.txt
      [ -f "$f" ] || continue
      [ ! -L "$f" ] || die "$f is a symlink; nothing was written"
      raws+=("$f")
    done
    [ "${#raws[@]}" = 0 ] || break
  done
  [ "${#raws[@]}" -gt 0 ] || bad_usage "--summarize $dir: no raw file (EXPERIMENT-raw.txt) in it"
  TMPD=$(mktemp -d "$dir/.tmp.XXXXXX") || die "cannot create a temp directory in $dir"
  # as a run: a signal stops the build (in a process group of its own, which
  # a Ctrl-C does not reach: it went on compiling as an orphan) and removes
  # the temp directory
  trap cleanup EXIT
  trap 'on_signal 130' INT
  trap 'on_signal 143' TERM
  trap 'on_signal 129' HUP # a closed terminal
  LEFT_AS_IS="$dir left as it was"
  exec {ERR_FD}>&2
  mkdir "$TMPD/out"
  echo "$PROG: building" >&2
  run_child "$ROOT/build.sh" >/dev/null 2>"$TMPD/build.log" || { cat "$TMPD/build.log" >&2; die "build failed"; }
  for raw in "${raws[@]}"; do
    e=$(basename "$raw" -raw.txt); e=${e#quick-}
    # shellcheck source=/dev/null
    source "$ROOT/$e/exp.sh"
    rederive_raw "$e" "$raw" "$TMPD/out/$(basename "$raw")"
  done
  local new=()
  for raw in "${raws[@]}"; do new+=("$TMPD/out/$(basename "$raw")"); done
  write_summary "$TMPD/out/${prefix}summary.md" "$TMPD" "$prefix" "${new[@]}"
  local moves=()
  for f in "$TMPD"/out/* "$TMPD"/files/*; do
    [ -e "$f" ] || continue
    case $f in "$TMPD"/files/*) moves+=("$f" "$dir/$prefix$(basename "$f")") ;; *) moves+=("$f" "$dir/$(basename "$f")") ;; esac
  done
  publish : "${moves[@]}"
  publish_signalled
  echo "$PROG: re-derived ${raws[*]##*/} and wrote $dir/${prefix}summary.md; results/ and README.md left alone" >&2
}

# ---- two levels: independent invocations, interleaved ----
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
timings_write() {
  local e
  { [ ! -f "$TIMINGS" ] || awk -v sel=" ${selected[*]} " 'index(sel, " " $1 " ") == 0' "$TIMINGS"
    for e in "${selected[@]}"; do
      # whole seconds, at least 1: a run that took less says little more
      echo "$e $(((ELAPSED[$e] + COUNT[$e] - 1) / COUNT[$e] > 0 ? (ELAPSED[$e] + COUNT[$e] - 1) / COUNT[$e] : 1)) $(knobs_of "$e")"
    done; } >"$1"
}

# run_invocations PREFIX: every invocation of every selected experiment,
# round by round, then each raw file's published lines (build/combine)
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
    if declare -F "${e}_figures" >/dev/null; then "${e}_figures"; fi >"$TMPD/$e.figures"
    "$BUILD/combine" "$TMPD/$e.figures" "$raw" >"$TMPD/combined" || die "$e: combining its invocations failed. Nothing was written."
    cat "$TMPD/combined" >>"$raw"
    steal_line "${STEAL[$e]:-}" >>"$raw"
    grep -q '^RESULT ' "$raw" || die "$e printed no RESULT line. Nothing was written."
    ! grep -q '^RESULT .*status=mismatch' "$raw" || die "$e: checksum mismatch. Nothing was written."
  done
  mkdir -p "$TMPD/files"
  timings_write "$TMPD/files/timings.txt"
}

# ---- main ----
main() {
  parse_args "$@"
  if [ -n "${SUMMARIZE:-}" ]; then summarize_dir "$SUMMARIZE"; return 0; fi
  check_knobs
  check_spelling
  # everything that can fail the end of the run is checked before it starts
  [ -L "$RESULTS" ] || [ -e "$RESULTS" ] || mkdir "$RESULTS" || die "cannot create $RESULTS"
  refuse_symlinks
  [ -w "$RESULTS" ] || die "$RESULTS is not writable; nothing was run"
  if [ "$QUICK" != 1 ]; then
    [ -e "$README" ] || die "$README is missing, and a full run splices its results into it; nothing was run (git checkout README.md, or QUICK=1)"
    [ -w "$README" ] || die "$README is not writable; nothing was run"
  fi
  [ "$QUICK" = 1 ] || readme_markers "$README" || exit 1
  take_lock
  trap on_exit EXIT
  exec {ERR_FD}>&2
  trap 'on_signal 130' INT
  trap 'on_signal 143' TERM
  trap 'on_signal 129' HUP # a closed terminal
  # test hook (common/tests/lock.sh): hold the lock until a file appears, run nothing
  if [ -n "${SHARECOST_TEST_HOLD:-}" ]; then
    echo $$ >>"$SHARECOST_TEST_HOLD.got"
    until [ -e "$SHARECOST_TEST_HOLD.release" ]; do sleep 0.02; done
    exit 0
  fi
  clean_leftovers
  TMPD=$(mktemp -d "$RESULTS/.tmp.XXXXXX") || die "cannot create a temp directory in $RESULTS"
  mkdir "$TMPD/out"

  local prefix="" e raw
  [ "$QUICK" = 1 ] && prefix=quick-
  echo "$PROG: building" >&2
  run_child "$ROOT/build.sh" "${selected[@]}" >/dev/null 2>"$TMPD/build.log" ||
    { cat "$TMPD/build.log" >&2; die "build failed"; }
  measure_clocks
  run_invocations "$prefix"
  # the summary covers every experiment with a raw file: new ones from this
  # run, older ones from results/
  local sum=$TMPD/out/${prefix}summary.md raws=()
  for e in "${EXPERIMENTS[@]}"; do
    if [ -f "$TMPD/out/$prefix$e-raw.txt" ]; then raws+=("$TMPD/out/$prefix$e-raw.txt")
    elif [ -f "$RESULTS/$prefix$e-raw.txt" ]; then raws+=("$RESULTS/$prefix$e-raw.txt")
    fi
  done
  write_summary "$sum" "$TMPD" "$prefix" "${raws[@]}"

  # the new README next to the old one, before anything is moved: a README
  # whose markers changed during the run stops it with nothing written
  if [ "$QUICK" != 1 ]; then
    awk -f "$ROOT/common/headline.awk" "$sum" >"$TMPD/headline.md" || die "the README headline failed"
    README_NEW=$(splice_prepare "$README" "$TMPD/headline.md") || exit 1
  fi
  # into place (common/lib.sh publish): raw files and tables, then the
  # summary, then README; a replaced file keeps its mode
  local f moves=()
  for f in "$TMPD"/out/*-raw.txt; do moves+=("$f" "$RESULTS/$(basename "$f")"); done
  for f in "$TMPD"/files/*; do [ ! -e "$f" ] || moves+=("$f" "$RESULTS/$prefix$(basename "$f")"); done
  moves+=("$sum" "$RESULTS/${prefix}summary.md")
  # a link or a directory planted meanwhile stops publish with nothing
  # moved: on_exit then keeps the measurements in results/failed-*/
  RUNNING="writing the results" RUNNING_INV=''
  rm -f "$TMPD/inv.out"
  if [ "$QUICK" = 1 ]; then
    publish : "${moves[@]}"
    RUNNING='' PUBLISHED="results/quick-*"
    publish_signalled
    echo "$PROG: QUICK run: wrote results/quick-*; README.md left alone" >&2
  else
    publish keep_previous "${moves[@]}" "$README_NEW" "$README"
    RUNNING='' README_NEW='' PUBLISHED="results/ and README.md"
    publish_signalled
    echo "$PROG: wrote results/ and updated README.md" >&2
  fi
  echo "$PROG: done in $(($(date +%s) - T0)) s (estimated $TOTAL s)" >&2
  [ "$QUICK" = 1 ] || compare_previous
}

main "$@"

# run_args.sh - run.sh's arguments and knobs, all checked before anything is
# built or written: usage (-h, with each experiment's knobs read off its
# EXP_check), parse_args, check_knobs, check_spelling (a misspelt knob) and
# refuse_symlinks (a link where run.sh would write a file). Sourced by
# run.sh, which sets ROOT, RESULTS, README, EXPERIMENTS and the common knobs.
# shellcheck shell=bash

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

# ---- arguments and knobs ----
selected=()
parse_args() {
  local a e known
  if [ "${1:-}" = --summarize ]; then
    [ $# = 2 ] || bad_usage "--summarize takes one directory (a saved results directory)"
    # an empty word (an unset variable) ran a whole run of no experiment
    [ -n "$2" ] || bad_usage "--summarize needs a directory, not an empty word"
    # shellcheck disable=SC2034 # main's (run.sh)
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

#!/usr/bin/env bash
# stability.sh - do the suite's 95% intervals hold across runs? Runs the
# suite N times in a temporary copy of this checkout (its results/ and
# README.md are never touched), keeps each run's raw files in DIR/run-1 ...
# DIR/run-N, then counts, per experiment and kind of figure (each exp.sh's
# EXP_figures), how often one run's estimate lies inside another run's
# interval (common/cross_run.awk). --compare does only the counting, on raw
# files saved before. Needs what run.sh needs; build/stats computes the medians.
set -euo pipefail
export LC_ALL=C

PROG=stability.sh
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh"
read_experiments "$ROOT"
BUILD=$ROOT/build
N_MAX=20
# what a run is; tests replace it with a stub (run in the copy, given the experiments)
RUN_CMD=${SHARECOST_STABILITY_RUN:-./run.sh}

usage() {
  cat <<TXT
usage: common/stability.sh [-h] [-n N] [-o DIR] [EXPERIMENT...]
       common/stability.sh --compare DIR DIR...
  Runs ./run.sh N times (default 3, 2..$N_MAX) on the named experiments (default:
  all) in a temporary copy of this checkout, so results/ and README.md here
  stay as they are, and keeps each run's raw files in DIR/run-1 ... DIR/run-N
  (default DIR: a new directory under \${TMPDIR:-/tmp}; it must not hold run-*,
  source.txt or report.txt yet), with source.txt (what ran) and report.txt.
  The knobs of run.sh (REPS=..., ...) apply to every run; QUICK=1 runs have
  too few rounds for intervals, so they show the mechanics only.
  Then, or with --compare on directories of raw files saved before (results/
  of earlier runs, say), it prints per experiment and kind of figure, over
  every ordered pair of runs (a, b): how many of b's estimates lie inside a's
  95% interval, the median half-width of the intervals relative to their
  estimates, and for comparisons the share of figures whose claim is the
  same in all runs. Honest 95% intervals of equal width hold the other run's
  estimate about 83% of the time. Unlike runs are compared but named on
  stderr: QUICK raw files beside full ones, other knobs or another commit
  (the raw files' "# knobs:" and "# git:" lines). A directory holding both
  EXP-raw.txt and quick-EXP-raw.txt gives the full one (stderr says so).
  EXPERIMENT: one of common/experiments: ${EXPERIMENTS[*]}
  Output: a table on stdout and one RESULT exp=stability kind=cross_run line per
  row (docs/output-grammar.md); progress on stderr, with how long the runs
  should take (the experiments' EXP_eta, as run.sh estimates a run), revised
  at the pace of the runs done. Bad arguments exit 2.
environment (tests only):
  SHARECOST_STABILITY_RUN=CMD  the command each run starts in the copy
                               instead of ./run.sh (given the experiments)
TXT
}

# ---- arguments: all checked before anything runs ----
N=3 OUT='' COMPARE=0
dirs=() selected=()
parse_args() {
  local a w opts=0
  while [ $# -gt 0 ]; do
    a=$1; shift
    case "$a" in
      -h|--help) usage; exit 0 ;;
      -n) [ $# -gt 0 ] || bad_usage "-n needs a number of runs"; N=$1; shift; opts=1 ;;
      -o) [ $# -gt 0 ] || bad_usage "-o needs a directory"; OUT=$1; shift; opts=1
          [ -n "$OUT" ] || bad_usage "-o needs a directory, not an empty word" ;;
      --compare) COMPARE=1 ;;
      -*) bad_usage "unknown option '$a' (see common/stability.sh -h)" ;;
      *) dirs+=("$a") ;;
    esac
  done
  if [ "$COMPARE" = 1 ]; then
    [ "$opts" = 0 ] || bad_usage "--compare takes only directories, not -n or -o"
    [ "${#dirs[@]}" -ge 2 ] || bad_usage "--compare needs at least two directories of raw files"
    local seen=$'\n' real f e
    for a in "${dirs[@]}"; do
      [ -d "$a" ] || bad_usage "--compare: '$a' is not a directory"
      compgen -G "$a/*-raw.txt" >/dev/null || bad_usage "--compare: '$a' holds no *-raw.txt file"
      # a file of that name with no line of its experiment (another
      # program's output) was compared as a run that measured nothing, exit 0
      for f in "$a"/*-raw.txt; do
        e=$(basename "$f" -raw.txt) && e=${e#quick-}
        [[ " ${EXPERIMENTS[*]} " == *" $e "* ]] || continue
        grep -qE "^(# sharecost raw results: $e\$|RESULT exp=$e )" "$f" ||
          bad_usage "--compare: $f is not $e's raw file (no '# sharecost raw results: $e' or 'RESULT exp=$e' line)"
      done
      # a run compared with itself holds 100% and says nothing
      real=$(cd "$a" && pwd -P)
      [[ $seen != *$'\n'"$real"$'\n'* ]] || bad_usage "--compare: '$a' is named twice (as $real): a run compared with itself says nothing"
      seen=$seen$real$'\n'
    done
    return 0
  fi
  if ! is_uint "$N" || [ "$((10#$N))" -lt 2 ] || [ "$((10#$N))" -gt "$N_MAX" ]; then
    bad_usage "-n $N: expected a whole number of runs from 2 to $N_MAX"
  fi
  N=$((10#$N))
  # the experiments as run.sh takes them (it would refuse the same words, but
  # only after the copy is made)
  for a in "${dirs[@]+"${dirs[@]}"}"; do
    case " ${EXPERIMENTS[*]} " in *" $a "*) ;; *) bad_usage "unknown experiment '$a'; expected one of: ${EXPERIMENTS[*]}" ;; esac
    case " ${selected[*]-} " in *" $a "*) bad_usage "experiment '$a' named twice" ;; esac
    selected+=("$a")
  done
  if [ -n "$OUT" ]; then
    [ ! -e "$OUT" ] || [ -d "$OUT" ] || bad_usage "-o $OUT: exists and is not a directory"
    ! compgen -G "$OUT/run-*" >/dev/null || bad_usage "-o $OUT: already holds run-*; name a new directory"
    # nothing of someone else's is replaced, or written through a link
    for a in source.txt report.txt; do
      if w=$(symlink_words "$OUT/$a"); then bad_usage "-o $OUT: $w; not written through (name a new directory)"; fi
      [ ! -e "$OUT/$a" ] || bad_usage "-o $OUT: already holds $a; name a new directory"
    done
  fi
  return 0
}

# ---- the runs ----
COPY_PARENT=''
cleanup() {
  kill_child
  [ -z "$COPY_PARENT" ] || rm -rf "$COPY_PARENT"
  [ -z "$WRITE_TMP" ] || rm -f "$WRITE_TMP"
  return 0
}

# copy_checkout DEST: this checkout's files without build/, results/ and
# .git: a git checkout's tracked and new files (what git ignores stays out),
# anything else as it is
copy_checkout() {
  local dest=$1 list
  mkdir -p "$dest"
  list=$COPY_PARENT/files
  if [ "$(git -C "$ROOT" rev-parse --show-toplevel 2>/dev/null)" = "$ROOT" ]; then
    # files deleted but still in the index are left out
    (cd "$ROOT" && git ls-files -co --exclude-standard -z |
      while IFS= read -r -d '' f; do [[ $f == results/* ]] || [ ! -e "$f" ] || printf '%s\0' "$f"; done) >"$list" ||
      die "cannot list the files of $ROOT"
    (cd "$ROOT" && tar --null -T "$list" -cf -) | tar -C "$dest" -xf - || die "cannot copy $ROOT to $dest"
  else
    (cd "$ROOT" && tar --exclude=./build --exclude='./build-*' --exclude=./.git --exclude=./results -cf - .) |
      tar -C "$dest" -xf - || die "cannot copy $ROOT to $dest"
  fi
  mkdir -p "$dest/results"
}

# run_eta: what one run should take on an idle machine, as run.sh
# estimates it: over the experiments, invocations (INVOCATIONS, else
# EXP_invocations) times EXP_eta, each exp.sh sourced in a subshell with
# the knobs of this environment
run_eta() {
  local e total=0 s
  for e in "${selected[@]:-${EXPERIMENTS[@]}}"; do
    [ -f "$ROOT/$e/exp.sh" ] || continue
    # shellcheck source=/dev/null
    s=$(QUICK=${QUICK:-0} REPS=${REPS:-} PIN=${PIN:-}; source "$ROOT/$e/exp.sh" &&
      k=${INVOCATIONS:-}; if [ -z "$k" ]; then if declare -F "${e}_invocations" >/dev/null; then k=$("${e}_invocations"); else k=1; fi; fi &&
      echo $((10#$k * $("${e}_eta")))) || die "$e/exp.sh: its estimate (${e}_eta) failed"
    total=$((total + s))
  done
  echo "$total"
}

# run_all: N runs in one copy (built once, by the first run), each run's raw
# files kept in OUT/run-I with its messages in OUT/run-I/run.log
run_all() {
  local copy i t0 t1 raws rc eta total el
  COPY_PARENT=$(mktemp -d "${TMPDIR:-/tmp}/sharecost-copy.XXXXXX") || die "cannot create a temp directory"
  copy=$COPY_PARENT/sharecost
  echo "$PROG: copying the checkout to $copy" >&2
  copy_checkout "$copy"
  # (a here-string, not a pipe: write_file must run in this shell, so that
  # the exit trap sees its WRITE_TMP)
  write_file "$OUT/source.txt" <<<"# source: $ROOT
# git: $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo "not a git checkout")
# date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)
# runs: $N of: ${selected[*]:-all experiments}" || die "cannot write $OUT/source.txt"
  # the estimate, then revised at the pace of the runs done (the build and
  # the clock estimate of each run come on top of its experiments' EXP_eta)
  eta=$(run_eta) total=$((N * eta))
  echo "$PROG: $N runs of ${selected[*]:-every experiment}, about $total s on an idle machine ($N x ~$eta s: the experiments' own estimates, as run.sh makes them; a busy one takes longer)" >&2
  t0=$(date +%s)
  for ((i = 1; i <= N; i++)); do
    el=$(($(date +%s) - t0))
    [ "$i" = 1 ] || [ "$el" = 0 ] || total=$((el * N / (i - 1)))
    echo "$PROG: run $i of $N ($el s so far of ~$total s; log in $OUT/run-$i/run.log)" >&2
    mkdir "$OUT/run-$i" || die "cannot create $OUT/run-$i"
    rm -f "$copy"/results/*-raw.txt
    t1=$(date +%s)
    rc=0
    # shellcheck disable=SC2016 # expanded by the inner bash
    run_child bash -c 'cd "$1" && shift && exec "$@"' _ "$copy" "$RUN_CMD" "${selected[@]+"${selected[@]}"}" \
      >"$OUT/run-$i/run.log" 2>&1 || rc=$?
    if [ "$rc" != 0 ]; then
      tail -n 5 "$OUT/run-$i/run.log" >&2
      # a knob run.sh refuses: the user's mistake, as for a bad argument here
      [ "$rc" != 2 ] || bad_usage "run $i of $N refused its knobs or arguments (above); nothing was measured"
      die "run $i of $N failed (above: the end of $OUT/run-$i/run.log); runs before it are in $OUT"
    fi
    raws=("$copy"/results/*-raw.txt)
    [ -e "${raws[0]}" ] || die "run $i of $N wrote no raw file"
    cp "${raws[@]}" "$OUT/run-$i/" || die "cannot copy run $i's raw files to $OUT/run-$i"
    echo "$PROG: run $i of $N took $(($(date +%s) - t1)) s" >&2
  done
  echo "$PROG: $N runs in $(($(date +%s) - t0)) s; raw files in $OUT/run-1 ... $OUT/run-$N" >&2
}

# ---- the comparison ----
# raw_of DIR EXP: EXP's raw file in DIR (a full run's, else a QUICK run's;
# with both, the full one, and stderr says the QUICK one is left out)
raw_of() {
  if [ -f "$1/$2-raw.txt" ]; then
    [ ! -f "$1/quick-$2-raw.txt" ] ||
      echo "$PROG: $2: $1 holds a full and a QUICK raw file; the full one is compared, quick-$2-raw.txt left out (a directory holding it alone compares it)" >&2
    echo "$1/$2-raw.txt"
  elif [ -f "$1/quick-$2-raw.txt" ]; then echo "$1/quick-$2-raw.txt"
  fi
}

# unlike_runs EXP FILE...: on stderr, what makes EXP's runs unlike: QUICK
# files beside full ones, and the knobs and commit of their "# knobs:" and
# "# git:" lines (run.sh's provenance) where they differ, naming each;
# nothing when they agree. The intervals of unlike runs measure different
# things: their counts say little about whether the intervals hold.
unlike_runs() {
  local e=$1; shift
  awk -v prog="$PROG" -v e="$e" '
    # input: the raw files; read: "# git: DESC (...)" and "# knobs: K=V K=V ..."
    FNR == 1 { n++; name[n] = FILENAME; quick[n] = FILENAME ~ /(^|\/)quick-[^\/]*$/; nq += quick[n] }
    /^# git: / && !(n in git) { git[n] = $3 }
    /^# knobs: / && !(n in knobs) { knobs[n] = 1; for (i = 3; i <= NF; i++) { p = index($i, "="); k = substr($i, 1, p - 1); v[n, k] = substr($i, p + 1); if (!(k in key)) { key[k] = 1; order[++nk] = k } } }
    # "V in FILE, V in FILE" when the values differ between the files that have them
    function differs(what, i, s, d) {
      s = ""; d = 0
      for (i = 1; i <= n; i++) if ((what, i) in val) { if (s != "" && val[what, i] != first) d = 1; if (s == "") first = val[what, i]; s = s (s == "" ? "" : ", ") val[what, i] " in " name[i] }
      return d ? s : ""
    }
    END {
      if (nq > 0 && nq < n) { s = ""; for (i = 1; i <= n; i++) if (quick[i]) s = s (s == "" ? "" : ", ") name[i]
        printf "%s: %s: QUICK runs (%s) compared with full ones: QUICK runs have fewer rounds and sizes\n", prog, e, s }
      for (i = 1; i <= n; i++) if (i in git) val["git", i] = git[i]
      if ((d = differs("git")) != "") printf "%s: %s: the runs come from different commits (%s)\n", prog, e, d
      for (j = 1; j <= nk; j++) {
        k = order[j]
        for (i = 1; i <= n; i++) if (i in knobs) val[k, i] = (i, k) in v ? v[i, k] : "unset"
        if ((d = differs(k)) != "") out = out (out == "" ? "" : "; ") k ": " d
      }
      if (out != "") printf "%s: %s: the runs differ in their knobs (%s)\n", prog, e, out
    }' "$@" >&2
}

# figures_of EXP: EXP's figure kinds joined by ";" (EXP_figures of its exp.sh,
# sourced as run.sh sources it); nothing when it defines none
figures_of() {
  local e=$1 lines
  [ -f "$ROOT/$e/exp.sh" ] || return 0
  # shellcheck source=/dev/null
  lines=$(source "$ROOT/$e/exp.sh" && if declare -F "${e}_figures" >/dev/null; then "${e}_figures"; fi) ||
    die "$e/exp.sh: ${e}_figures failed"
  [ -n "$lines" ] || return 0
  while IFS= read -r l; do
    [[ $l =~ ^[a-z][a-z0-9_]*\ [a-z0-9_,]+\ [a-z0-9_,:]+\ (lin|log)\ [^\ ]+\ [^\ ]+$ ]] || # (NAME:log: combine's)
      die "$e/exp.sh: ${e}_figures line '$l' is not 'KIND ID_KEYS VALUE_KEYS SCALE CLAIM PLACEMENT'"
  done <<<"$lines"
  paste -sd';' - <<<"$lines"
}

# compare DIR...: the table and the RESULT lines on stdout; its files in
# COMPARE_WORK
compare() {
  local work=$COMPARE_WORK e d f figures raws stats=$BUILD/stats
  : >"$work/counts"; : >"$work/series"
  for e in "${EXPERIMENTS[@]}"; do
    raws=()
    for d in "$@"; do f=$(raw_of "$d" "$e"); [ -z "$f" ] || raws+=("$f"); done
    [ "${#raws[@]}" -gt 0 ] || continue
    figures=$(figures_of "$e")
    if [ -z "$figures" ]; then echo "$PROG: $e: its exp.sh names no figures (${e}_figures); left out" >&2; continue; fi
    if [ "${#raws[@]}" -lt 2 ]; then echo "$PROG: $e: a raw file in only one of the directories; left out" >&2; continue; fi
    unlike_runs "$e" "${raws[@]}"
    # output: "KIND V RUNS FIGURES COMPARED INSIDE CLAIMS CLAIMS_SAME", prefixed with the experiment
    awk -v experiment="$e" -v figures="$figures" -v series="$work/series.$e" -f "$ROOT/common/kv.awk" \
      -f "$ROOT/common/cross_run.awk" "${raws[@]}" | sed "s/^/$e /" >>"$work/counts" ||
      die "$e: common/cross_run.awk failed"
    cat "$work/series.$e" >>"$work/series"
  done
  [ -s "$work/counts" ] || die "no experiment has raw files in two of the directories: nothing to compare"
  if [ ! -x "$stats" ]; then
    echo "$PROG: building build/stats" >&2
    run_child "$ROOT/build.sh" >/dev/null 2>"$work/build.log" || { cat "$work/build.log" >&2; die "build failed"; }
  fi
  run_child "$stats" median "$work/series" >"$work/medians" || die "build/stats median failed"
  report "$work/counts" "$work/medians"
}

# report COUNTS MEDIANS: the table and the RESULT lines
report() {
  # input: COUNTS "EXP KIND V RUNS FIGURES COMPARED INSIDE CLAIMS CLAIMS_SAME APART";
  # MEDIANS "RESULT exp=stats kind=median series=I label=EXP:KIND est=..."
  kv_awk '
    function share(x, n) { return n > 0 ? sprintf("%.3f", x / n) : "NA" }
    function pct(s) { return s == "NA" ? "-" : sprintf("%.1f%%", 100 * s) }
    FNR == NR { row[++nrows] = $0; next }
    /^RESULT exp=stats / { median[kv_get($0, "label")] = kv_get($0, "est") }
    END {
      print "Cross-run check: for every ordered pair of runs (a, b), is b'"'"'s estimate inside a'"'"'s 95% interval?"
      print "Honest 95% intervals of equal width hold it about 83% of the time; far fewer means the"
      print "intervals miss what changes from one run to the next (docs/method.md)."
      print ""
      printf "%-14s %-28s %4s %8s %8s %7s %10s  %s\n", "experiment", "figure (value)", "runs", "compared", "inside", "share", "half-width", "same claim in all runs"
      for (i = 1; i <= nrows; i++) {
        split(row[i], w, " ")
        m = median[w[1] ":" w[2]]; if (m == "") m = "NA"
        s = share(w[7], w[6])
        cs = w[8] == "NA" ? "NA" : share(w[9], w[8])
        claims = w[8] == "NA" ? "-" : sprintf("%d of %d (%s)", w[9], w[8], pct(cs))
        printf "%-14s %-28s %4d %8d %8d %7s %10s  %s\n", w[1], w[2] " (" w[3] ")", w[4], w[6], w[7], pct(s), m == "NA" ? "-" : sprintf("%.2f%%", 100 * m), claims
        if (w[5] > 0 && w[6] == 0 && w[10] == 0) nointerval = 1
        if (w[10] > 0) { apart = apart (apart ? ", " : "") w[1] " " w[2] ": " w[10]; }
        out[i] = sprintf("RESULT exp=stability kind=cross_run experiment=%s figure=%s value_key=%s runs=%d figures=%d compared=%d inside=%d inside_share=%s rel_halfwidth=%s claims=%s claims_same=%s claims_same_share=%s apart=%d",
          w[1], w[2], w[3], w[4], w[5], w[6], w[7], s, m, w[8], w[9], cs, w[10])
      }
      print "(half-width: the median over the figures of (hi - lo) / 2 / |estimate|)"
      if (nointerval) print "(compared 0: these runs gave those figures no interval; QUICK runs have too few rounds for one)"
      if (apart != "") print "(not compared, because the two runs ran in different placements of the CPUs (hand-off more than 30% apart) or at different main speed levels (canary more than 15% apart): " apart ")"
      print ""
      for (i = 1; i <= nrows; i++) print out[i]
    }' "$1" "$2"
}

COMPARE_WORK=''
main() {
  local why
  parse_args "$@"
  trap 'cleanup; [ -z "$COMPARE_WORK" ] || rm -rf "$COMPARE_WORK"' EXIT
  COMPARE_WORK=$(mktemp -d "${TMPDIR:-/tmp}/sharecost-compare.XXXXXX") || die "cannot create a temp directory"
  trap 'echo "$PROG: interrupted" >&2; exit 130' INT
  trap 'echo "$PROG: terminated" >&2; exit 143' TERM
  if [ "$COMPARE" = 1 ]; then
    compare "${dirs[@]}"
    return 0
  fi
  if [ -z "$OUT" ]; then
    OUT=$(mktemp -d "${TMPDIR:-/tmp}/sharecost-stability.XXXXXX") || die "cannot create a directory for the runs"
  else
    # one line, naming -o: mkdir's own message came first and named no option
    why=$(mkdir -p "$OUT" 2>&1) || die "-o $OUT: cannot create it (${why##*: }); nothing was run"
  fi
  OUT=$(cd "$OUT" && pwd)
  run_all
  local runs=() i
  for ((i = 1; i <= N; i++)); do runs+=("$OUT/run-$i"); done
  cleanup
  COPY_PARENT=''
  compare "${runs[@]}" >"$COMPARE_WORK/report.txt"
  cat "$COMPARE_WORK/report.txt"
  write_file "$OUT/report.txt" <"$COMPARE_WORK/report.txt" || die "cannot write $OUT/report.txt (the report is above)"
}

main "$@"

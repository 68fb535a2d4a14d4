# run_summary.sh - run.sh's summary and publish step: each experiment's
# section of results/summary.md and its tables (summarise, write_summary),
# the README headline and everything moved into place at once
# (publish_run), and --summarize DIR, which re-derives a saved run's
# published lines and summary (rederive_raw, summarize_dir). Sourced by
# run.sh (ROOT, BUILD, RESULTS, README, TMPD, PROG and QUICK set there, with
# its exit and signal traps' state: RUNNING, PUBLISHED, README_NEW).
# shellcheck shell=bash

# exp_of RAW: the experiment whose raw file RAW is ([quick-]EXP-raw.txt)
exp_of() {
  local e
  e=$(basename "$1" -raw.txt)
  echo "${e#quick-}"
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

# write_summary SUM TMP PREFIX RAW...: the summary of the raw files into
# SUM and their tables into TMP/files: the header of all, then each
# experiment's section (common/summary_head.awk, summarise). A raw file of an
# experiment this version cannot read keeps a note instead of its tables.
write_summary() {
  local sum=$1 tmp=$2 prefix=$3 raw e f; shift 3
  awk -f "$ROOT/common/summary_head.awk" "$@" >"$sum" || die "summary header failed"
  mkdir -p "$tmp/files" "$tmp/older"
  for raw in "$@"; do
    e=$(exp_of "$raw")
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

# --summarize DIR: a saved run's published lines again.
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
  combine_invocations "$e" "$out" "the invocations of $raw"
}

# summarize_dir DIR: re-derive DIR's raw files and write DIR's summary and
# tables anew, in place; results/ and README.md are left alone
# shellcheck disable=SC2034 # LEFT_AS_IS: run.sh's on_signal
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
      # anything else of that name was summarised into a page of blanks, exit 0
      [ "$(head -n 1 "$f")" = "# sharecost raw results: $e" ] ||
        bad_usage "--summarize $dir: $prefix$e-raw.txt is not $e's raw file (its first line is not '# sharecost raw results: $e'); nothing was written"
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
  LEFT_AS_IS="$dir left as it was"
  catch_signals
  mkdir "$TMPD/out"
  build_quietly
  for raw in "${raws[@]}"; do
    e=$(exp_of "$raw")
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

# publish_run PREFIX: the summary of every experiment with a raw file (new
# ones from this run, older ones from results/), the README headline
# (common/headline.awk; not under QUICK), and all of it moved into place
# shellcheck disable=SC2034 # RUNNING*, PUBLISHED: run.sh's on_exit and on_signal
publish_run() {
  local prefix=$1 e sum=$TMPD/out/${1}summary.md raws=() f moves=()
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
}

# lib.sh - shell helpers shared by run.sh, the experiments' exp.sh files and
# the tests: errors, knob validation, child processes that die with us, and
# the atomic README splice.
# shellcheck shell=bash

# Numbers are parsed and printed with a decimal point whatever the user's
# locale (mawk, printf and sort -n follow LC_NUMERIC): the same bytes as C.
export LC_ALL=C

# one_line TEXT: TEXT with newlines, tabs and CRs shown as \n \t \r, so an
# error message quoting a knob's value stays one line
one_line() {
  local s=$1
  s=${s//$'\n'/\\n}; s=${s//$'\r'/\\r}; s=${s//$'\t'/\\t}
  printf '%s\n' "$s"
}
die() { one_line "${PROG:-sharecost}: $*" >&2; exit 1; }
# A bad knob or argument: one line naming it and what it accepts, exit 2.
bad_usage() { one_line "${PROG:-sharecost}: $*" >&2; exit 2; }

# kv_awk [-v VAR=VALUE]... PROGRAM [FILE...]: awk running PROGRAM with
# common/kv.awk loaded (kv(line, f), kv_get(line, key)): the one way shell
# code reads the key=value tokens of RESULT lines
SHARECOST_COMMON=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SHARECOST_KV_AWK=$(cat "$SHARECOST_COMMON/kv.awk")
kv_awk() {
  local vars=() prog
  while [ "${1:-}" = -v ]; do vars+=(-v "$2"); shift 2; done
  prog=$1; shift
  # kv.awk and PROGRAM as awk's program text, not as `-f <(...)`: a process
  # substitution is a child bash keeps on a list, and once the pids wrapped
  # (pid_max 32768: ten minutes into a long run) a background child that
  # got the pid of one made bash 5.2's `wait` for it fail with status 255
  # (4 of 2 300 calls after a wrap; the test: common/tests/run_sh.sh)
  awk "${vars[@]}" "$SHARECOST_KV_AWK
$prog" "$@"
}

# summary_awk AWK [-v VAR=VALUE]... PROGRAM [FILE...]: AWK (awk, mawk, ...)
# running a summary program, EXP/summary.awk or a further part
# EXP/summary_*.awk, after the libraries it may use, all of PROGRAM's tree:
# common/kv.awk, common/svg.awk and its experiment's own EXP/lib_*.awk in
# name order. run.sh, the tests and common/regen_goldens.sh run them so.
summary_awk() {
  local awk_bin=$1 vars=() libs=() exp f; shift
  while [ "${1:-}" = -v ]; do vars+=(-v "$2"); shift 2; done
  exp=$(dirname "$1")
  for f in "$exp/../common/kv.awk" "$exp/../common/svg.awk" "$exp"/lib_*.awk; do
    if [ -f "$f" ]; then libs+=(-f "$f"); fi
  done
  "$awk_bin" "${vars[@]}" "${libs[@]}" -f "$@"
}

# read_experiments ROOT: EXPERIMENTS=(the names in ROOT/common/experiments),
# the one list of experiments; "#" lines and blank lines are skipped, and a
# name must be a plain lower-case word (it names a directory and functions),
# listed once (a merge that adds the same line twice would run it twice)
read_experiments() {
  local list=$1/common/experiments line
  EXPERIMENTS=()
  [ -r "$list" ] || die "$list is missing: it lists the experiments"
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    line=${line//[[:space:]]/}
    [ -n "$line" ] || continue
    [[ $line =~ ^[a-z][a-z0-9_]*$ ]] || die "common/experiments: '$line' is not a name of a-z, 0-9 and _"
    [[ " ${EXPERIMENTS[*]} " != *" $line "* ]] || die "common/experiments: '$line' is listed twice"
    EXPERIMENTS+=("$line")
  done <"$list"
  [ "${#EXPERIMENTS[@]}" -gt 0 ] || die "common/experiments names no experiment"
}

# is_uint S: S is plain decimal digits (no sign, no blanks), at most 18 of them
is_uint() { [[ $1 =~ ^[0-9]{1,18}$ ]]; }

# knob_int NAME MIN MAX: if $NAME is set and non-empty it must be a whole
# number in [MIN, MAX]; exits 2 otherwise.
knob_int() {
  local name=$1 min=$2 max=$3 v=${!1-}
  [ -z "$v" ] && return 0
  if ! is_uint "$v" || [ "$((10#$v))" -lt "$min" ] || [ "$((10#$v))" -gt "$max" ]; then
    bad_usage "$name=$v: expected a whole number from $min to $max"
  fi
}

# knob_int_list NAME MIN MAX: comma-separated whole numbers in [MIN, MAX],
# each at most once (a value given twice would be measured twice and one of
# the two results dropped)
knob_int_list() {
  local name=$1 min=$2 max=$3 v=${!1-} x seen=,
  [ -z "$v" ] && return 0
  [[ $v =~ ^[0-9]+(,[0-9]+)*$ ]] || bad_usage "$name=$v: expected comma-separated whole numbers from $min to $max"
  IFS=, read -r -a xs <<<"$v"
  for x in "${xs[@]}"; do
    if ! is_uint "$x" || [ "$((10#$x))" -lt "$min" ] || [ "$((10#$x))" -gt "$max" ]; then
      bad_usage "$name=$v: '$x' is not a whole number from $min to $max"
    fi
    [[ $seen == *",$((10#$x)),"* ]] && bad_usage "$name=$v: $((10#$x)) is given twice"
    seen=$seen$((10#$x)),
  done
}

# cpu_allowed N: is CPU N one this shell may run on? (Linux:
# Cpus_allowed_list, which leaves out offline CPUs too; elsewhere any CPU
# below the online count)
cpu_allowed() {
  local n=$1 list
  if [ -r /proc/self/status ]; then
    list=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status)
    # "0-3,8" -> is n in one of the ranges?
    awk -v n="$n" -v l="$list" 'BEGIN { k = split(l, r, ","); for (i = 1; i <= k; i++) {
      if (split(r[i], b, "-") == 1) b[2] = b[1]; if (n >= b[1] + 0 && n <= b[2] + 0) exit 0 }; exit 1 }'
  else
    [ "$n" -lt "$(getconf _NPROCESSORS_ONLN)" ]
  fi
}

# knob_cpus NAME [CPUS]: every CPU number in CPUS (default: $NAME; digits
# separated by anything else, as in "0,5") is one this process may run on;
# exits 2 naming NAME otherwise. The binaries refuse it too, but only once
# run.sh has built and run everything before them.
knob_cpus() {
  local name=$1 n allowed
  for n in $(tr -c '0-9' ' ' <<<"${2-${!1-}}"); do
    cpu_allowed "$((10#$n))" && continue
    allowed=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2>/dev/null) ||
      allowed="0..$(($(getconf _NPROCESSORS_ONLN) - 1))"
    bad_usage "$name=${!name-}: CPU $((10#$n)) is not one this process may run on (allowed: ${allowed:-unknown})"
  done
}

# knob_enum_list NAME WORD...: comma-separated words, each one of WORD...,
# each at most once
knob_enum_list() {
  local name=$1 v=${!1-} x w ok seen=,; shift
  [ -z "$v" ] && return 0
  IFS=, read -r -a xs <<<"$v"
  if [ "${#xs[@]}" -eq 0 ] || [[ $v == *, || $v == *$'\n'* ]]; then bad_usage "$name=$v: expected comma-separated words from: $*"; fi
  for x in "${xs[@]}"; do
    ok=0
    for w in "$@"; do [ "$x" = "$w" ] && ok=1; done
    [ "$ok" = 1 ] || bad_usage "$name=$v: '$x' is not one of: $*"
    [[ $seen == *",$x,"* ]] && bad_usage "$name=$v: '$x' is given twice"
    seen=$seen$x,
  done
}

# knob_value NAME FULL [QUICK_VALUE]: the value knob NAME takes in this run:
# $NAME when the user set it, else QUICK_VALUE under QUICK=1 (when given),
# else FULL (empty: the program's own default). The one way an experiment
# reads QUICK.
knob_value() {
  local v=${!1:-}
  if [ -n "$v" ]; then echo "$v"
  elif [ "${QUICK:-0}" = 1 ] && [ $# -ge 3 ]; then echo "$3"
  else echo "$2"
  fi
}

# knob_words NAME...: "NAME=value" for each knob NAME the user set, for the
# raw file's "# knobs:" line (unset ones are at their defaults)
knob_words() {
  local k out=""
  for k in "$@"; do [ -z "${!k:-}" ] || out="$out${out:+ }$k=${!k}"; done
  echo "$out"
}

# run_child CMD...: run CMD in the background and wait, so that a trapped
# INT/TERM interrupts the wait at once. With job control on at the fork the
# child gets a process group of its own, so kill_child can stop the whole
# tree (a compiler under build.sh, say), not only the process it started.
CHILD_PID=
run_child() {
  local rc=0
  set -m
  "$@" &
  CHILD_PID=$!
  set +m
  wait "$CHILD_PID" || rc=$?
  CHILD_PID=
  return "$rc"
}
# exit_words RC: how a child ended, for an error message ("exit status 3",
# "killed by SIGSEGV")
exit_words() {
  if [ "$1" -gt 128 ] && [ "$1" -lt 193 ]; then
    echo "killed by SIG$(kill -l "$(($1 - 128))" 2>/dev/null || echo "$(($1 - 128))")"
  else
    echo "exit status $1"
  fi
}
kill_child() {
  if [ -n "${CHILD_PID:-}" ]; then
    kill -TERM -- "-$CHILD_PID" 2>/dev/null || kill -TERM "$CHILD_PID" 2>/dev/null || true
    wait "$CHILD_PID" 2>/dev/null || true
  fi
}

RESULTS_BEGIN='<!-- results:begin -->'
RESULTS_END='<!-- results:end -->'

# readme_markers README: README has exactly one line that is the begin
# marker and, after it, one that is the end marker; otherwise says so (one
# line) and fails. (The splice keeps what is outside them: with the end
# first it would drop everything after the begin marker.)
readme_markers() {
  local why="" b e
  b=$(grep -cxF "$RESULTS_BEGIN" "$1") e=$(grep -cxF "$RESULTS_END" "$1")
  if [ "$b" != 1 ] || [ "$e" != 1 ]; then
    why="needs exactly one '$RESULTS_BEGIN' line and one '$RESULTS_END' line (it has $b and $e)"
    grep -q $'\r$' "$1" && why="$why (it has CRLF line ends: check it out with LF ones, e.g. git config core.autocrlf false)"
  elif [ "$(grep -nxF "$RESULTS_BEGIN" "$1" | cut -d: -f1)" -gt "$(grep -nxF "$RESULTS_END" "$1" | cut -d: -f1)" ]; then
    why="the '$RESULTS_END' line comes before the '$RESULTS_BEGIN' line"
  fi
  [ -z "$why" ] && return 0
  one_line "${PROG:-sharecost}: $1: $why; nothing was written" >&2
  return 1
}

# file_mode FILE: FILE's permission bits in octal (GNU stat, else BSD's)
file_mode() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }

# symlink_words FILE: "FILE is a symbolic link (to TARGET)" when it is one,
# else nothing and a failure
symlink_words() {
  [ -L "$1" ] || return 1
  echo "$1 is a symbolic link (to $(readlink "$1" 2>/dev/null || echo '?'))"
}

# replace_file NEW DEST: rename NEW over DEST (atomic in one directory),
# DEST's permission bits kept: a file made by mktemp (0600) or under
# another umask must not change who may read README.md or results/. A DEST
# that is a symbolic link is refused (NEW removed, the link and its target
# left as they were): the rename would replace the link with a regular file
# of the link's own mode (0777) and leave its target stale, and nothing is
# written through or over a link someone else may have planted. A DEST that
# is a directory is refused too: mv would move NEW into it (a directory
# planted at stability.sh's DIR/report.txt got the report, with exit 0).
replace_file() {
  local mode why
  if why=$(symlink_words "$2") || { [ -e "$2" ] && [ ! -f "$2" ] && why="$2 is not a regular file"; }; then
    one_line "${PROG:-sharecost}: $why: not replaced" >&2
    rm -f "$1"
    return 1
  fi
  if [ -e "$2" ]; then
    mode=$(file_mode "$2") || return 1
    chmod "$mode" "$1" || return 1
  fi
  mv -f "$1" "$2"
}

# write_file DEST: stdin into DEST through a temp file beside it renamed
# over it (replace_file): a reader never finds half a file, and a link at
# DEST is refused, not written through (`>DEST` follows it). A new DEST gets
# the umask's mode, not mktemp's 0600. WRITE_TMP names the temp file
# meanwhile, for the caller's exit trap to remove after an interrupt.
WRITE_TMP=''
write_file() {
  WRITE_TMP=$(mktemp "$(dirname "$1")/.tmp.XXXXXX") || return 1
  if cat >"$WRITE_TMP" && { [ -e "$1" ] || chmod "$(printf '%o' $((0666 & ~$(umask))))" "$WRITE_TMP"; } &&
    replace_file "$WRITE_TMP" "$1"; then
    WRITE_TMP=''
    return 0
  fi
  rm -f "$WRITE_TMP"
  WRITE_TMP=''
  return 1
}

# publish PRE NEW DEST [NEW DEST]...: each NEW renamed over its DEST
# (replace_file), all or none: every DEST is checked first (a symbolic link,
# or something other than a regular file, which mv would move NEW into, stops
# it with nothing moved), then PRE (a command run just before the first
# rename; : for none) and the renames run with SIGINT, SIGTERM and SIGHUP held off,
# in a subshell that ignores them (so does every mv it starts: a Ctrl-C
# reaches the whole process group). A signal that came meanwhile is left in
# PUBLISH_SIGNAL (128+N; empty: none) for the caller to act on once all are
# in place (publish_signalled). A run stopped between two renames left new
# raw files beside old tables and said that results/ was left as it was.
# A rename that fails (after the checks: rare) exits 1 with PUBLISH_FAILED
# set, for an exit trap that must not claim that nothing was written.
PUBLISH_SIGNAL='' PUBLISH_FAILED=''
publish() {
  local pre=$1 i why='' w old_int old_term old_hup; shift
  for ((i = 2; i <= $#; i += 2)); do
    if w=$(symlink_words "${!i}"); then why=$why${why:+; }$w
    elif [ -e "${!i}" ] && [ ! -f "${!i}" ]; then why=$why${why:+; }${!i} is not a regular file
    fi
  done
  [ -z "$why" ] || die "$why: it would not be replaced by a new file; nothing was written (remove it or put the file itself there)"
  old_int=$(trap -p INT) old_term=$(trap -p TERM) old_hup=$(trap -p HUP)
  PUBLISH_SIGNAL=''
  trap 'PUBLISH_SIGNAL=130' INT
  trap 'PUBLISH_SIGNAL=143' TERM
  trap 'PUBLISH_SIGNAL=129' HUP
  # shellcheck disable=SC2317,SC2034 # run in the subshell; PUBLISH_FAILED is for the caller
  (
    trap '' INT TERM HUP
    "$pre" || exit 1
    local n=0 of=$(($# / 2))
    while [ $# -gt 0 ]; do
      replace_file "$1" "$2" || { one_line "${PROG:-sharecost}: cannot write $2 ($n of the $of new files were in place by then)" >&2; exit 1; }
      n=$((n + 1))
      shift 2
    done
  ) || { PUBLISH_FAILED=1; exit 1; }
  if [ -n "$old_int" ]; then eval "$old_int"; else trap - INT; fi
  if [ -n "$old_term" ]; then eval "$old_term"; else trap - TERM; fi
  if [ -n "$old_hup" ]; then eval "$old_hup"; else trap - HUP; fi
}
# publish_signalled: a signal came while publish ran: say so and exit 128+N
publish_signalled() {
  [ -n "$PUBLISH_SIGNAL" ] || return 0
  echo "${PROG:-sharecost}: interrupted while it wrote its files; it wrote them all first, and stopped there" >&"${ERR_FD:-2}"
  exit "$PUBLISH_SIGNAL"
}

# splice_prepare README SUMMARY: writes README with what stands between its
# results markers replaced by SUMMARY to a temp file next to README (same
# directory, so a rename puts it in place atomically) and prints its path
splice_prepare() {
  local readme=$1 summary=$2 tmp
  readme_markers "$readme" || exit 1
  tmp=$(mktemp "$(dirname "$readme")/.README.XXXXXX") || die "cannot create a temp file next to $readme"
  # input: README lines; the summary file is copied in at the begin marker
  if awk -v b="$RESULTS_BEGIN" -v e="$RESULTS_END" -v sum="$summary" '
      $0 == b { print; while ((getline line < sum) > 0) print line; close(sum); skip = 1; next }
      $0 == e { skip = 0 }
      !skip { print }' "$readme" >"$tmp"; then
    echo "$tmp"
  else
    rm -f "$tmp"; die "splicing $summary into $readme failed"
  fi
}

# splice_readme README SUMMARY: splice_prepare, then the rename, so README is
# either the old file or the new one
splice_readme() {
  local tmp
  tmp=$(splice_prepare "$1" "$2") || exit 1
  replace_file "$tmp" "$1" || { rm -f "$tmp"; die "cannot replace $1"; }
}

# progress LABEL DONE TOTAL: "LABEL: DONE/TOTAL, E s elapsed, ~R s left"
# (before the first step is done: "time left not known yet") on stderr, like
# common.c's progress(): over itself on a terminal at most every second,
# else (a log file) the first line, at most one every 5 s, and the last; a
# call that would repeat the line printed last prints nothing.
# PROGRESS_T0 (set on the first call) is the start; whoever starts counting
# DONE from 0 again (run.sh, at each invocation) clears it.
PROGRESS_T0='' PROGRESS_LAST='' PROGRESS_SHOWN=''
progress() {
  local now el left gap=5
  now=$(date +%s)
  [ -n "$PROGRESS_T0" ] || PROGRESS_T0=$now
  [ "$PROGRESS_SHOWN" != "$1 $2 $3" ] || return 0
  [ ! -t 2 ] || gap=1
  if [ "$2" -lt "$3" ] && [ -n "$PROGRESS_LAST" ] && [ $((now - PROGRESS_LAST)) -lt "$gap" ]; then return 0; fi
  el=$((now - PROGRESS_T0))
  left="time left not known yet"
  [ "$2" -le 0 ] || left="~$((el * ($3 - $2) / $2)) s left"
  if [ -t 2 ]; then
    printf '\r%s: %d/%d, %d s elapsed, %s   ' "$1" "$2" "$3" "$el" "$left" >&2
    [ "$2" -lt "$3" ] || echo >&2
  else
    printf '%s: %d/%d, %d s elapsed, %s\n' "$1" "$2" "$3" "$el" "$left" >&2
  fi
  PROGRESS_LAST=$now PROGRESS_SHOWN="$1 $2 $3"
}

# testlib.sh - sourced by every test file (common/tests/*.sh, <exp>/tests/*.sh).
# A test file is a bash script; each check prints "ok - NAME" or
# "not ok - NAME: why", and checks left out for a missing tool print
# "ok - NAME # SKIP why". test.sh counts those lines. Checks never exit
# early, so one failure does not hide the rest.
# shellcheck shell=bash
export LC_ALL=C # numbers and sort order as in the C locale, whoever runs the test
# shellcheck source=common/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" # kv_awk, summary_awk
# for the checks that run a summary in `bash -c "summary_awk ... | grep ..."`
export -f summary_awk

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# -h (a test file passes its arguments on to this file by sourcing it): the
# usage, which is the file's opening comment, before anything is made
if [ "${1-}" = -h ] || [ "${1-}" = --help ]; then
  echo "usage: bash $0 [-h]"
  echo "  A test file of sharecost, run by ./test.sh (./test.sh -h); prints \"ok - NAME\" or \"not ok - NAME: why\" per check:"
  # input: the file's comment lines after the #! line, up to the first other line
  awk 'NR == 1 { next } /^#/ && !/^# shellcheck/ { sub(/^# ?/, "  "); print; next } { exit }' "$0"
  exit 0
fi
BUILD=${BUILD:-$ROOT/build}
BUILD_ASAN=${BUILD_ASAN:-$ROOT/build-asan}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sharecost-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
_failed=0

pass() { echo "ok - $1"; }
fail() { echo "not ok - $1: $2"; _failed=1; }
# skip NAME WHY: checks NAME were left out, for the reason WHY (a missing tool)
skip() { echo "ok - $1 # SKIP $2"; }

# A test started in the background by a non-interactive shell (`nohup
# ./test.sh &`, some CI runners) inherits SIGINT ignored (and SIGHUP under
# nohup), and no shell can trap a signal ignored at its start: run.sh would
# not see a Ctrl-C. The tests that send SIGINT or SIGHUP put SIGNALS_DEFAULT
# before the command they start (words, not a function: a function would run
# in a subshell of its own, which the signal kills before the command has
# cleaned up): env --default-signal (coreutils 8.31) undoes it; where nothing
# can, signal_usable fails and they skip.
SIGNALS_IGNORED=''
for sig in INT HUP; do [ -z "$(trap -p "$sig")" ] || SIGNALS_IGNORED+=${SIGNALS_IGNORED:+,}$sig; done
SIGNALS_DEFAULT=()
if [ -n "$SIGNALS_IGNORED" ] && env --default-signal=INT true 2>/dev/null; then
  SIGNALS_DEFAULT=(env --default-signal="$SIGNALS_IGNORED")
fi
signal_usable() { [ -z "$(trap -p "$1")" ] || [ "${#SIGNALS_DEFAULT[@]}" -gt 0 ]; }

# check NAME CMD...: passes when CMD exits 0
check() {
  local name=$1; shift
  if "$@" >"$TMP/out" 2>&1; then pass "$name"; else fail "$name" "'$*' exited $? ($(tail -n 3 "$TMP/out" | tr '\n' ' '))"; fi
}

# check_eq NAME EXPECTED ACTUAL
check_eq() {
  if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected '$2', got '$3'"; fi
}

# check_exit NAME CODE CMD...: passes when CMD exits with CODE
check_exit() {
  local name=$1 want=$2 got=0; shift 2
  "$@" >"$TMP/out" 2>&1 || got=$?
  if [ "$got" = "$want" ]; then pass "$name"; else fail "$name" "'$*' exited $got, expected $want ($(tail -n 2 "$TMP/out" | tr '\n' ' '))"; fi
}

# check_awk NAME 'awk condition on $0' STRING: passes when the condition is true
check_awk() {
  local why=${3:-"condition false: $2"}
  if awk "BEGIN { exit !($2) }" </dev/null; then pass "$1"; else fail "$1" "$why"; fi
}

# tree_sum DIR...: a fingerprint of files, to show that nothing was written
tree_sum() {
  local f
  for f in "$@"; do
    if [ -d "$f" ]; then find "$f" -type f ! -path "*/.git/*" | LC_ALL=C sort; elif [ -e "$f" ]; then echo "$f"; fi
  done | while IFS= read -r f; do echo "$f $(cksum <"$f")"; done | cksum
}

finish() { exit "$_failed"; }

# running PATTERN: pids of processes whose command line contains PATTERN
# (pgrep -f where procps is installed, else /proc)
running() {
  if command -v pgrep >/dev/null 2>&1; then pgrep -f "$1" || true; return 0; fi
  local p
  for p in /proc/[0-9]*; do
    [ "${p#/proc/}" != "$BASHPID" ] || continue
    tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -qF -- "$1" && echo "${p#/proc/}"
  done
  return 0
}

# checkout_files: the checkout's files, relative to ROOT: git's list of
# tracked and new ones, or where there is no git (a tarball; git hidden by
# common/stock_path.sh) every file but .git, builds and run leftovers
checkout_files() {
  (cd "$ROOT" && { { command -v git >/dev/null 2>&1 && git ls-files -co --exclude-standard 2>/dev/null; } ||
    find . \( -name .git -o -name 'build*' -o -name 'quick-*' -o -name '.tmp.*' -o -name '.lock*' \) -prune -o \
      -type f -print | sed 's|^\./||'; })
}

# committed_results [SUFFIX]: the files results/*SUFFIX (default -raw.txt)
# as committed, each copied out of HEAD (git show) into $TMP/HEAD/results/
# and printed as that path: checks of the committed results must hold
# whatever the last ./run.sh measured into the working tree. Prints nothing
# and fails without git or outside a git checkout (a tarball: no record of
# what was committed).
committed_results() {
  local f suffix=${1:--raw.txt}
  command -v git >/dev/null 2>&1 && git -C "$ROOT" rev-parse --verify -q HEAD >/dev/null 2>&1 || return 1
  mkdir -p "$TMP/HEAD/results"
  git -C "$ROOT" ls-tree --name-only HEAD results/ | while IFS= read -r f; do
    [[ $f == results/*"$suffix" ]] || continue
    git -C "$ROOT" show "HEAD:$f" >"$TMP/HEAD/$f" && echo "$TMP/HEAD/$f"
  done
}

# scratch_repo DIR: a copy of the checkout's tracked and new files (not
# build/ or results/quick-*), for tests that run run.sh and must not touch the
# real README.md or results/.
scratch_repo() {
  local dest=$1
  mkdir -p "$dest"
  (cd "$ROOT" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$dest" 2>/dev/null) ||
    (cd "$ROOT" && tar --exclude=./build --exclude='./build-*' --exclude=./.git -cf - . | tar -C "$dest" -xf -)
  mkdir -p "$dest/results"
}

# scratch_built DIR: scratch_repo DIR plus a copy of the checkout's build/
# (test.sh built it from these very sources), made newer than the copied
# sources so that build.sh in DIR finds it up to date instead of taking
# half a minute to rebuild on a busy machine
scratch_built() {
  scratch_repo "$1"
  cp -R "$BUILD" "$1/build"
  find "$1/build" -exec touch {} +
  (cd "$1" && ./build.sh >/dev/null 2>&1)
}

# val LINE KEY: the value of KEY=... in a RESULT line
val() {
  kv_awk -v key="$2" '{ if ((v = kv_get($0, key)) != "") { print v; exit } }' <<<"$1"
}

# result_grammar FILE: prints what in FILE breaks the output grammar
# (docs/output-grammar.md; common/grammar.awk checks it), nothing if all is well
result_grammar() {
  awk -f "$ROOT/common/grammar.awk" "$1" || true
}

# need_tool NAME PACKAGE [WHAT]: 0 if NAME is installed. Otherwise a failure
# under CI (.ci/run installs PACKAGE, so its absence there is a defect) and a
# named skip of WHAT (default: "checks that need NAME") elsewhere; returns 1
# so the caller leaves those checks out.
need_tool() {
  command -v "$1" >/dev/null 2>&1 && return 0
  missing "${3:-checks that need $1}" "$1 not installed (Debian package $2)"
  return 1
}
# missing WHAT WHY: what a missing prerequisite costs: a failure under CI
# (which installs everything), a named skip elsewhere
missing() {
  if [ "${CI:-}" = true ]; then fail "$1" "$2; CI must provide it (.ci/run)"; else skip "$1" "$2"; fi
}

# arm64_build EXP...: cross-build EXP... and their test programs for Linux
# arm64 into build-aarch64/ (incremental, shared by the arm64 tests) and set
# up qemu-aarch64 to run the
# results; sets A64 to the build dir. Returns 1 when the cross tools are
# missing (a skip, or a failure under CI) or the build fails (a failure).
arm64_build() {
  need_tool aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu "arm64 build and run of $*" || return 1
  need_tool qemu-aarch64 qemu-user "arm64 run of $* under qemu" || return 1
  A64=$ROOT/build-aarch64
  if ! CC=aarch64-linux-gnu-gcc BUILD_DIR="$A64" "$ROOT/build.sh" --tests "$@" >"$TMP/a64-build.log" 2>&1; then
    fail "arm64 cross build of $*" "$(tail -n 3 "$TMP/a64-build.log")"
    return 1
  fi
  export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
}

# summary_goldens EXP HEAD NAME...: EXP's summary.awk (after
# common/summary_head.awk when HEAD is 1) on the committed real run
# EXP/tests/fixture-raw.txt, under mawk, gawk and original-awk: the markdown
# must be EXP/tests/golden-summary.md and each file it writes, EXP-NAME,
# must be EXP/tests/golden-NAME, with nothing on stderr. The mawk output
# stays in $TMP/mawk for further checks. common/regen_goldens.sh rewrites
# the goldens after a deliberate change.
summary_goldens() {
  local exp=$1 head=$2 awk_bin out name; shift 2
  local t=$ROOT/$exp/tests
  for awk_bin in mawk gawk original-awk; do
    need_tool "$awk_bin" "$awk_bin" "$exp summary under $awk_bin" || continue
    out=$TMP/$awk_bin
    mkdir -p "$out"
    {
      [ "$head" = 1 ] && "$awk_bin" -f "$ROOT/common/summary_head.awk" "$t/fixture-raw.txt"
      summary_awk "$awk_bin" -v csvdir="$out" "$ROOT/$exp/summary.awk" "$t/fixture-raw.txt"
    } >"$out/summary.md" 2>"$out/err"
    check_eq "$awk_bin: $exp summary matches golden-summary.md" "" "$(diff "$t/golden-summary.md" "$out/summary.md" | head -n 5)"
    for name in "$@"; do
      check_eq "$awk_bin: $exp-$name matches golden-$name" "" "$(diff "$t/golden-$name" "$out/$exp-$name" 2>&1 | head -n 5)"
    done
    check_eq "$awk_bin: $exp summary: nothing on stderr" "" "$(cat "$out/err")"
  done
}

#!/usr/bin/env bash
# build.sh - build every sharecost benchmark into build/ and write the asm
# listings docs/ describes. Compiler flags live here and nowhere else;
# what each experiment builds is in its own EXPERIMENT/build.sh.
set -euo pipefail
export LC_ALL=C # compiler messages and versions in one language whatever the locale

usage() {
  cat <<TXT
usage: ./build.sh [-h] [--flags] [--tests] [--no-linux] [EXPERIMENT...]
  Builds common tools and the named experiments into build/; each
  experiment's recipe is its EXPERIMENT/build.sh, the compiler and its
  flags are set here only.
  EXPERIMENT: one of common/experiments (default: all): ${EXPERIMENTS[*]}
  --flags  print the compiler and flags and exit
  --tests  also build the programs only the tests and benchmarks use
  --no-linux  compile as for a system other than Linux (-U__linux__: the
           fallback code paths, for common/tests/portability.sh); needs
           BUILD_DIR, so it never replaces build/
environment:
  CC=cc          C compiler (gcc and clang are tested)
  SANITIZE=1     AddressSanitizer + UBSan build into build-asan/ (no listings)
  BUILD_DIR=DIR  output directory (default build/; build-asan/ with SANITIZE=1;
                 build-ARCH/ when CC targets another architecture, e.g.
                 CC=aarch64-linux-gnu-gcc builds into build-aarch64/)
  ARM64_MARCH=armv8.1-a  -march for Linux arm64 targets: 8.1 has the LSE atomics,
                 so the atomic increment is one ldadd and not a call to an
                 outline-atomics helper; ARMv8.0 cores (Raspberry Pi 4) need
                 ARM64_MARCH=armv8-a (then the loop is an ldxr/stxr retry loop)
  Flags (--flags prints them): -O2 -std=gnu11 -Wall -Wextra -Werror -pthread
  and -falign-loops=64
An up-to-date build writes nothing (a read-only checkout builds fine). A
change of compiler (what CC resolves to, or its version line) rebuilds all.
false_sharing/false_sharing_O2.s, the listing docs/ describes, is
refreshed only by the default build with the compiler named in
false_sharing_O2.s.compiler (remove that file to record the installed
compiler's listing instead).
TXT
}

ROOT=$(cd "$(dirname "$0")" && pwd)
PROG=build.sh
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # die, read_experiments
read_experiments "$ROOT"
# CC unset: the default build, the one that may refresh committed listings
# (read by the recipes build.sh sources)
CC_DEFAULT=0
# shellcheck disable=SC2034
[ -n "${CC:-}" ] || CC_DEFAULT=1
CC=${CC:-cc}
SANITIZE=${SANITIZE:-0}
# -falign-loops=64: every loop starts a cache line, so a measured loop's
# speed does not hang on where unrelated code happens to put it (ctxswitch's
# 1 MiB walk measured 3-5 us of indirect cost aligned and 17-30 us when a
# 16-byte shift of common.c made its loop straddle a 32-byte boundary)
CFLAGS=(-O2 -std=gnu11 -Wall -Wextra -Werror -pthread -falign-loops=64)
case "$SANITIZE" in
  0|1) ;;
  *) echo "build.sh: SANITIZE=$SANITIZE: expected 0 or 1" >&2; exit 2 ;;
esac

# target_flags: what depends on the compiler's target, and the build dir.
# LINUX=1 when the programs are built for Linux (recipes read it: the
# lockwait preload library exists only there).
LINUX=0 NO_LINUX=0
# shellcheck disable=SC2034 # LINUX is read by the recipes build.sh sources
target_flags() {
  local target arch
  target=$("$CC" -dumpmachine 2>/dev/null) || die "$CC -dumpmachine failed: is $CC a C compiler?"
  # a target triple (x86_64-linux-gnu): CC=true said nothing and "built"
  # nothing into build-/ with exit 0
  [[ $target =~ ^[A-Za-z0-9_.]+-[^[:space:]]+$ ]] ||
    die "$CC -dumpmachine said '$target', not a target such as x86_64-linux-gnu: is $CC a C compiler?"
  arch=${target%%-*}
  [ "$(uname -s)" != Linux ] || LINUX=1
  if [ "$NO_LINUX" = 1 ]; then
    [ -n "${BUILD_DIR:-}" ] || { echo "build.sh: --no-linux needs BUILD_DIR (it must not replace build/)" >&2; exit 2; }
    # BUILD_DIR=build (or a path to it) replaced build/ all the same
    local d real
    for d in build build-asan; do
      real=$(cd "$ROOT/$d" 2>/dev/null && pwd -P) || continue
      [ "$(cd "$BUILD_DIR" 2>/dev/null && pwd -P)" != "$real" ] ||
        bad_usage "--no-linux: BUILD_DIR=$BUILD_DIR is $d/, which it must not replace; name another directory"
    done
    CFLAGS+=(-U__linux__)
    LINUX=0
  fi
  case "$target" in
    aarch64-*linux*) CFLAGS+=("-march=${ARM64_MARCH:-armv8.1-a}") ;;
  esac
  if [ "$SANITIZE" = 1 ]; then
    CFLAGS+=(-g -fno-omit-frame-pointer "-fsanitize=address,undefined" -fno-sanitize-recover=all)
    BUILD_DIR=${BUILD_DIR:-$ROOT/build-asan}
  elif [ "$arch" != "$(uname -m)" ] && ! { [ "$arch" = arm64 ] && [ "$(uname -m)" = arm64 ]; }; then
    BUILD_DIR=${BUILD_DIR:-$ROOT/build-$arch}
  else
    BUILD_DIR=${BUILD_DIR:-$ROOT/build}
  fi
}
LIBS=(-lm)

# resolved_path FILE: FILE with every symlink followed (cc -> gcc -> gcc-12)
resolved_path() {
  local f=$1 t n
  readlink -f "$f" 2>/dev/null && return 0
  for ((n = 0; n < 40; n++)); do # no readlink -f (older macOS): by hand
    t=$(readlink "$f" 2>/dev/null) || break
    case "$t" in /*) f=$t ;; *) f=$(dirname "$f")/$t ;; esac
  done
  echo "$f"
}

# Incremental: an output is rebuilt when it is missing, older than one of its
# inputs (its sources, common/'s headers and sources, build.sh, and the
# headers and recipes of the experiment being built: a source added to a
# recipe rebuilds), or built with another compiler or other flags (the stamp
# in BUILD_DIR/.flags: the compiler's resolved path and version line, then
# the flags), so run.sh's build step costs nothing when nothing changed.
FORCE=0
EXP_INPUTS=() # set per experiment by build_experiment
fresh() { # fresh OUT INPUT...: 0 when OUT need not be rebuilt
  local out=$1 d; shift
  [ "$FORCE" = 0 ] && [ -e "$out" ] || return 1
  for d in "$@" "${COMMON_SRC[@]}" "$ROOT"/common/*.h "$ROOT/build.sh" ${EXP_INPUTS[@]+"${EXP_INPUTS[@]}"}; do
    [ -e "$d" ] || continue # compiler flags among the arguments
    [ "$d" -nt "$out" ] && return 1
  done
  return 0
}

# what every program links: helpers, statistics, interference probes, ticks
COMMON_SRC=("$ROOT/common/common.c" "$ROOT/common/stats.c" "$ROOT/common/runs.c" "$ROOT/common/levels.c" "$ROOT/common/kvline.c" "$ROOT/common/probe.c" "$ROOT/common/clock.c")

# cc_prog OUT SRC...: a program linked with common/'s sources (a recipe's
# main tool; flags among SRC go to the compiler)
cc_prog() {
  local out=$1; shift
  fresh "$BUILD_DIR/$out" "$@" && return 0
  "$CC" "${CFLAGS[@]}" -I"$ROOT/common" "$@" "${COMMON_SRC[@]}" -o "$BUILD_DIR/$out" "${LIBS[@]}"
}

# listing SRC OUT: the assembly of SRC from the same flags, for the docs
# and for the tests that check the measured loops. Not for sanitizer builds
# (recipes check SANITIZE).
listing() {
  fresh "$2" "$1" && return 0
  "$CC" "${CFLAGS[@]}" -I"$ROOT/common" -S "$1" -o "$2"
}

build_common() {
  cc_prog clock_estimate "$ROOT/common/clock_estimate.c"
  cc_prog machine "$ROOT/common/machine.c"
  # intervals and the speed canary for the experiments' shell scripts
  cc_prog stats "$ROOT/common/stats_cli.c"
  # run.sh's second level: the placement probe and the figures over invocations
  cc_prog handoff "$ROOT/common/handoff.c"
  # the machine's wake-up latency, said next to the numbers
  cc_prog wakeup "$ROOT/common/wakeup.c"
  cc_prog combine "$ROOT/common/combine.c"
  # common/compare.sh's statistics: two runs' figures, the change and its verdict
  cc_prog compare "$ROOT/common/compare.c"
}

# build_experiment EXP TESTS: source EXP/build.sh and run build_EXP, then
# build_EXP_tests when TESTS is 1 and the recipe defines it. An experiment
# without a build.sh (all shell and awk) builds nothing.
build_experiment() {
  local e=$1 tests=$2
  [ -f "$ROOT/$e/build.sh" ] || return 0
  mapfile -t EXP_INPUTS < <(find "$ROOT/$e" \( -name '*.h' -o -name build.sh \) -type f)
  # shellcheck source=/dev/null
  source "$ROOT/$e/build.sh"
  declare -F "build_$e" >/dev/null || die "$e/build.sh defines no build_$e function"
  "build_$e"
  if [ "$tests" = 1 ] && declare -F "build_${e}_tests" >/dev/null; then "build_${e}_tests"; fi
}

main() {
  local want=() e flags_only=0 tests=0 stamp why
  for e in "$@"; do
    case "$e" in
      -h|--help) usage; exit 0 ;;
      --flags) flags_only=1 ;;
      --tests) tests=1 ;;
      --no-linux) NO_LINUX=1 ;;
      -*) echo "build.sh: unknown option '$e' (see -h)" >&2; exit 2 ;;
      *)
        [[ " ${EXPERIMENTS[*]} " == *" $e "* ]] ||
          { echo "build.sh: unknown experiment '$e'; expected one of: ${EXPERIMENTS[*]}" >&2; exit 2; }
        # (as run.sh: a word given twice is a slip, and would be built and named twice)
        [[ " ${want[*]-} " != *" $e "* ]] || bad_usage "experiment '$e' named twice"
        want+=("$e") ;;
    esac
  done
  [ "${#want[@]}" -gt 0 ] || want=("${EXPERIMENTS[@]}")
  command -v "$CC" >/dev/null 2>&1 || die "compiler '$CC' not found (set CC)"
  target_flags
  if [ "$flags_only" = 1 ]; then echo "$CC ${CFLAGS[*]} ${LIBS[*]}"; exit 0; fi
  # what CC is, not what it is called: switching what cc points to rebuilds
  CC_VERSION=$("$CC" --version 2>/dev/null | head -n 1) || CC_VERSION=
  stamp="$(resolved_path "$(command -v "$CC")") | $CC_VERSION | ${CFLAGS[*]} ${LIBS[*]}"
  # before anything is compiled: mkdir -p's own message did not say which knob
  if [ -e "$BUILD_DIR" ] && [ ! -d "$BUILD_DIR" ]; then bad_usage "BUILD_DIR=$BUILD_DIR is not a directory"; fi
  if [ -L "$BUILD_DIR" ] && [ ! -e "$BUILD_DIR" ]; then
    bad_usage "BUILD_DIR=$BUILD_DIR is a symbolic link to nothing ($(readlink "$BUILD_DIR"))"
  fi
  if [ ! -d "$BUILD_DIR" ] && ! why=$(mkdir -p "$BUILD_DIR" 2>&1); then
    die "BUILD_DIR=$BUILD_DIR: cannot create it (${why##*: })"
  fi
  [ "$(cat "$BUILD_DIR/.flags" 2>/dev/null)" = "$stamp" ] || FORCE=1
  build_common
  for e in "${want[@]}"; do
    build_experiment "$e" "$tests"
  done
  # written only when it changed: an up-to-date build writes nothing
  [ "$FORCE" = 0 ] || echo "$stamp" >"$BUILD_DIR/.flags"
  echo "build.sh: built ${want[*]}$([ "$tests" = 0 ] || echo " and their test programs") with $CC into ${BUILD_DIR#"$ROOT"/}" >&2
}

main "$@"

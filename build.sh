#!/usr/bin/env bash
# build.sh - build every sharecost benchmark into build/ and write the asm
# listings the README quotes. Compiler flags live here and nowhere else.
set -euo pipefail
export LC_ALL=C # compiler messages and versions in one language whatever the locale

usage() {
  cat <<'TXT'
usage: ./build.sh [-h] [EXPERIMENT...]
  Builds common tools and the named experiments (default: all) into build/.
  EXPERIMENT: false_sharing ctxswitch lockwait
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
  Flags: -O2 -std=gnu11 -Wall -Wextra -Werror -pthread (printed by --flags)
An up-to-date build writes nothing (a read-only checkout builds fine). A
change of compiler (what CC resolves to, or its version line) rebuilds all.
false_sharing/bench_O2.s, the listing the README quotes, is refreshed only
by the default build with the compiler named in bench_O2.s.compiler (remove
that file to record the installed compiler's listing instead).
TXT
}

ROOT=$(cd "$(dirname "$0")" && pwd)
EXPERIMENTS=(false_sharing ctxswitch lockwait)
CC_DEFAULT=0; [ -n "${CC:-}" ] || CC_DEFAULT=1
CC=${CC:-cc}
SANITIZE=${SANITIZE:-0}
CFLAGS=(-O2 -std=gnu11 -Wall -Wextra -Werror -pthread)
case "$SANITIZE" in
  0|1) ;;
  *) echo "build.sh: SANITIZE=$SANITIZE: expected 0 or 1" >&2; exit 2 ;;
esac

# target_flags: what depends on the compiler's target, and the build dir
target_flags() {
  local target arch
  target=$("$CC" -dumpmachine 2>/dev/null) || die "$CC -dumpmachine failed: is $CC a C compiler?"
  arch=${target%%-*}
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

die() { echo "build.sh: $*" >&2; exit 1; }

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
# inputs (its sources, any header of the project, build.sh), or built with
# another compiler or other flags (the stamp in BUILD_DIR/.flags: the
# compiler's resolved path and version line, then the flags), so run.sh's
# build step costs nothing when nothing changed.
FORCE=0
fresh() { # fresh OUT INPUT...: 0 when OUT need not be rebuilt
  local out=$1 d; shift
  [ "$FORCE" = 0 ] && [ -e "$out" ] || return 1
  for d in "$@" "$ROOT"/common/*.h "${COMMON_SRC[@]}" "$ROOT"/*/*.h "$ROOT"/lockwait/tool/*.h "$ROOT"/lockwait/tool/*/*.h "$ROOT/build.sh"; do
    [ -e "$d" ] || continue # compiler flags among the arguments
    [ "$d" -nt "$out" ] && return 1
  done
  return 0
}

# what every program links: helpers, statistics, interference probes, ticks
COMMON_SRC=("$ROOT/common/common.c" "$ROOT/common/stats.c" "$ROOT/common/probe.c" "$ROOT/common/cycles.c")

# cc_prog OUT SRC...: a program linked with common/'s sources
cc_prog() {
  local out=$1; shift
  fresh "$BUILD_DIR/$out" "$@" && return 0
  "$CC" "${CFLAGS[@]}" -I"$ROOT/common" "$@" "${COMMON_SRC[@]}" -o "$BUILD_DIR/$out" "${LIBS[@]}"
}

# listing SRC OUT: the assembly of SRC from the same flags, for the README
# and for the tests that check the measured loops. Not for sanitizer builds.
listing() {
  fresh "$2" "$1" && return 0
  "$CC" "${CFLAGS[@]}" -I"$ROOT/common" -S "$1" -o "$2"
}

build_common() {
  cc_prog clock_estimate "$ROOT/common/clock_estimate.c"
  cc_prog machine "$ROOT/common/machine.c"
  # intervals and the speed canary for the experiments' shell scripts
  cc_prog stats "$ROOT/common/stats_cli.c"
}

build_false_sharing() {
  # bench.c holds the measured loops (its listing is checked), rounds.c the
  # workers and the rounds' bookkeeping
  cc_prog false_sharing "$ROOT/false_sharing/bench.c" "$ROOT/false_sharing/rounds.c"
  # the core-to-core map: measurement, pair plan, and the classes (-f mode)
  cc_prog false_sharing_c2c "$ROOT/false_sharing/c2c.c" "$ROOT/false_sharing/c2c_plan.c" \
    "$ROOT/false_sharing/c2c_classes.c"
  if [ "$SANITIZE" = 0 ]; then
    listing "$ROOT/false_sharing/bench.c" "$BUILD_DIR/false_sharing_O2.s"
    # the committed copy the README quotes comes from the default build only
    # (CC unset, build/), so a clang or cross build does not overwrite it, and
    # only from the compiler it was recorded with: another version's listing
    # differs in details, and a build must not rewrite tracked files
    local rec=$ROOT/false_sharing/bench_O2.s.compiler
    if [ "$BUILD_DIR" = "$ROOT/build" ] && [ "$CC_DEFAULT" = 1 ] &&
       { [ ! -e "$rec" ] || [ "$(cat "$rec")" = "$CC_VERSION" ]; }; then
      cmp -s "$BUILD_DIR/false_sharing_O2.s" "$ROOT/false_sharing/bench_O2.s" ||
        cp "$BUILD_DIR/false_sharing_O2.s" "$ROOT/false_sharing/bench_O2.s"
      [ -e "$rec" ] || echo "$CC_VERSION" >"$rec"
    fi
  fi
}

build_ctxswitch() {
  cc_prog ctxswitch "$ROOT/ctxswitch/ctxswitch.c" "$ROOT/ctxswitch/pingpong.c" "$ROOT/ctxswitch/report.c"
  # the walk() loops and the timed run that calls them, for readers checking
  # that the walk is not optimised away
  [ "$SANITIZE" = 1 ] || listing "$ROOT/ctxswitch/pingpong.c" "$BUILD_DIR/ctxswitch_O2.s"
}

# the preload library and its test programs (issue: lockwait library).
# -fvisibility=hidden: only the wrapped pthread/sem functions are exported,
# and calls between the library's own files skip the PLT. Frame pointers:
# a stack walk from inside the library climbs its own frames to the lock
# call's site (lw_stacks.c); they cost the fast path a push and a pop.
# Linux only.
build_lockwait_lib() {
  if [ "$(uname -s)" != Linux ]; then
    echo "build.sh: lockwait: the preload library is Linux-only; skipped" >&2
    return 0
  fi
  local lib=$ROOT/lockwait/tool/lib t
  fresh "$BUILD_DIR/liblockwait.so" "$lib"/*.c "$lib"/*.h "$ROOT"/lockwait/tool/*.[ch] ||
  "$CC" "${CFLAGS[@]}" -fPIC -shared -fvisibility=hidden -fno-omit-frame-pointer -I"$ROOT/common" \
    "$lib/liblockwait.c" "$lib/lw_waits.c" "$lib/lw_core.c" "$lib/lw_account.c" "$lib/lw_config.c" "$lib/lw_report.c" "$lib/lw_output.c" "$lib/lw_stacks.c" \
    "$lib/lw_inits.c" "$lib/lw_names.c" "$lib/lw_lines.c" "$lib/lw_tracemeta.c" "$ROOT/lockwait/tool/lw_symbols.c" \
    -o "$BUILD_DIR/liblockwait.so" -ldl
  for t in "$ROOT"/lockwait/tool/tests/lw_*.c; do
    [ -f "$t" ] || continue
    # -rdynamic: the report can name the test programs' functions; lw_calls
    # (a known call chain for the stack tests) keeps its frame pointers
    if [ "$(basename "$t")" = lw_calls.c ]; then
      cc_prog lw_calls -fno-omit-frame-pointer "$t"
    else
      cc_prog "$(basename "$t" .c)" -rdynamic "$t"
    fi
  done
  cc_prog lw_bench "$ROOT/lockwait/tool/bench/lw_bench.c"
}

# the contention workloads and the trace report (issue: lockwait experiment)
build_lockwait_tools() {
  # three independent programs, compiled side by side
  local pids=() p failed=0
  # frame pointers: the traced run's wait stacks reach the workload's own
  # functions (the summary's flame graph); bare and preloaded runs share them
  cc_prog lockwait_workload -fno-omit-frame-pointer "$ROOT/lockwait/workload.c" "$ROOT/lockwait/workload_scenarios.c" & pids+=("$!")
  local rep=$ROOT/lockwait/tool/report
  cc_prog lockwait_report "$rep/report.c" "$rep/report_load.c" "$rep/report_model.c" "$rep/report_pieces.c" "$rep/report_util.c" "$rep/report_meta.c" "$ROOT/lockwait/tool/lw_symbols.c" & pids+=("$!")
  # synthetic traces for the report tests and lockwait/bench_report.sh
  cc_prog lockwait_tracegen "$ROOT/lockwait/tool/tests/report-tracegen.c" & pids+=("$!")
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  [ "$failed" = 0 ] || die "lockwait: the workload, report or trace generator did not build"
}

build_lockwait() {
  build_lockwait_lib
  build_lockwait_tools
}

main() {
  local want=() e flags_only=0 stamp
  for e in "$@"; do
    case "$e" in
      -h|--help) usage; exit 0 ;;
      --flags) flags_only=1 ;;
      -*) echo "build.sh: unknown option '$e' (see -h)" >&2; exit 2 ;;
      false_sharing|ctxswitch|lockwait) want+=("$e") ;;
      *) echo "build.sh: unknown experiment '$e'; expected one of: ${EXPERIMENTS[*]}" >&2; exit 2 ;;
    esac
  done
  [ "${#want[@]}" -gt 0 ] || want=("${EXPERIMENTS[@]}")
  command -v "$CC" >/dev/null 2>&1 || die "compiler '$CC' not found (set CC)"
  target_flags
  if [ "$flags_only" = 1 ]; then echo "$CC ${CFLAGS[*]} ${LIBS[*]}"; exit 0; fi
  # what CC is, not what it is called: switching what cc points to rebuilds
  CC_VERSION=$("$CC" --version 2>/dev/null | head -n 1) || CC_VERSION=
  stamp="$(resolved_path "$(command -v "$CC")") | $CC_VERSION | ${CFLAGS[*]} ${LIBS[*]}"
  [ -d "$BUILD_DIR" ] || mkdir -p "$BUILD_DIR"
  [ "$(cat "$BUILD_DIR/.flags" 2>/dev/null)" = "$stamp" ] || FORCE=1
  build_common
  for e in "${want[@]}"; do
    "build_$e"
  done
  # written only when it changed: an up-to-date build writes nothing
  [ "$FORCE" = 0 ] || echo "$stamp" >"$BUILD_DIR/.flags"
  echo "build.sh: built ${want[*]} with $CC into ${BUILD_DIR#"$ROOT"/}" >&2
}

main "$@"

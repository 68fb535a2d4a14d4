# lockwait/tool/build.sh - how the lockwait tool is built: the preload
# library, the trace reader, and (for the tests and the tool's benchmarks)
# the test programs. Sourced by lockwait/build.sh inside build.sh, which
# provides cc_prog, fresh, die and the flags.
# shellcheck shell=bash

# What the library and the report share: every lw_*.c of lockwait/tool/
# (the lock kinds' table, the rules of a wait, symbol tables).
lockwait_shared_src() {
  printf '%s\n' "$ROOT"/lockwait/tool/lw_*.c
}

# The preload library: every .c of lib/ (a file split off needs no change
# here), the shared sources, and common/clock.c (the one clock; not the
# rest of common/, whose helpers print and exit on error). -fvisibility=hidden: only
# the wrapped pthread/sem functions are exported, and calls between the
# library's own files skip the PLT. Frame pointers: a stack walk from inside
# the library climbs its own frames to the lock call's site (lw_stacks.c);
# none in leaf functions, which the walk never climbs through (a signal
# handler's walk reads past a leaf from the signal frame, lw_stacks.h): the
# common case of the mutex lock and unlock and the condvar signal is one
# (lw_mutex.c, lw_waits.c), and a frame there cost the uncontended loop 3%
# (tests/leaf.sh checks the listings). The leaf option is x86's and
# arm64's (gcc for ppc64le or s390x has none): asked for only where the
# compiler takes it. Linux only: it wraps glibc's symbols through
# dlsym(RTLD_NEXT).
LOCKWAIT_LIB_FLAGS=(-fPIC -shared -fvisibility=hidden -fno-omit-frame-pointer)
LOCKWAIT_LEAF_FLAGS=(-momit-leaf-frame-pointer)
build_lockwait_lib() {
  if [ "$LINUX" != 1 ]; then
    echo "build.sh: lockwait: the preload library is Linux-only; skipped" >&2
    return 0
  fi
  local lib=$ROOT/lockwait/tool/lib
  local shared leaf=()
  mapfile -t shared < <(lockwait_shared_src)
  fresh "$BUILD_DIR/liblockwait.so" "$lib"/*.c "$lib"/*.h "$ROOT"/lockwait/tool/*.[ch] && return 0
  if "$CC" -Werror "${LOCKWAIT_LEAF_FLAGS[@]}" -x c -c /dev/null -o /dev/null 2>/dev/null; then
    leaf=("${LOCKWAIT_LEAF_FLAGS[@]}")
  fi
  # -z now: every symbol the library calls is bound at load; bound lazily,
  # its first call from a signal handler would run the dynamic linker's
  # resolver (which saves the whole vector state: kilobytes) on what may be
  # a signal stack of a few KiB. -falign-functions=64: each wrapper starts a
  # cache line, so a change elsewhere in the library does not move the hot
  # leaves across one (a 3-5% swing in bench_overhead.sh's A/B of identical
  # leaves, 7 December)
  "$CC" "${CFLAGS[@]}" -falign-functions=64 "${LOCKWAIT_LIB_FLAGS[@]}" "${leaf[@]}" -I"$ROOT/common" \
    "$lib"/*.c "${shared[@]}" "$ROOT/common/clock.c" -Wl,-z,now -o "$BUILD_DIR/liblockwait.so" -ldl
}

# build/lockwait: the launcher's common case in C (launcher.c), which hands
# everything else to lockwait/tool/lockwait; it finds that script, and
# tree_summary.awk, by the source directory compiled in (or beside the
# build). Without common/: it runs before every profiled program.
build_lockwait_launcher() {
  [ "$LINUX" = 1 ] || return 0
  local src=$ROOT/lockwait/tool/launcher.c dir=$ROOT/lockwait/tool
  dir=${dir//\\/\\\\} dir=${dir//\"/\\\"}
  fresh "$BUILD_DIR/lockwait" "$src" ||
    "$CC" "${CFLAGS[@]}" -DLW_TOOL_DIR="\"$dir\"" "$src" -o "$BUILD_DIR/lockwait"
}

# the trace reader: every .c of report/, and the shared sources (rebuilt
# when a header changes too: cc_prog looks at the .c files only)
build_lockwait_report() {
  local tool=$ROOT/lockwait/tool shared
  mapfile -t shared < <(lockwait_shared_src)
  fresh "$BUILD_DIR/lockwait_report" "$tool"/report/*.[ch] "$tool"/*.[ch] || rm -f "$BUILD_DIR/lockwait_report"
  cc_prog lockwait_report "$tool"/report/*.c "${shared[@]}"
}

# What only the tests and tool/bench need: the programs run under the
# preload (lw_*.c), the synthetic trace generator and the overhead loops.
build_lockwait_tool_tests() {
  local t
  for t in "$ROOT"/lockwait/tool/tests/lw_*.c; do
    [ -f "$t" ] || continue
    # -rdynamic: the report can name the test programs' functions; lw_calls,
    # lw_rdstack, lw_sigleaf and lw_sitestacks (known call chains for the stack tests)
    # keep their frame pointers; lw_glibcspin looks glibc's own calls up
    # (-ldl: glibc before 2.34 keeps dlopen there)
    case "$(basename "$t")" in
      lw_calls.c | lw_rdstack.c | lw_sigleaf.c | lw_sitestacks.c) cc_prog "$(basename "$t" .c)" -fno-omit-frame-pointer "$t" ;;
      lw_sig.c) cc_prog lw_sig -g -rdynamic "$t" ;; # file:line at exit, none from a signal handler (signals.sh)
      lw_lateline.c) cc_prog lw_lateline -g -rdynamic -fno-omit-frame-pointer "$t" ;; # a stack with its file:line
      lw_glibcspin.c) cc_prog "$(basename "$t" .c)" -rdynamic "$t" -ldl ;;
      *) cc_prog "$(basename "$t" .c)" -rdynamic "$t" ;;
    esac
  done
  cc_prog lockwait_tracegen "$ROOT/lockwait/tool/tests/report-tracegen.c"
  local shared
  mapfile -t shared < <(lockwait_shared_src)
  cc_prog lw_rules_check "$ROOT/lockwait/tool/tests/rules-check.c" "${shared[@]}"
  cc_prog lw_bench "$ROOT/lockwait/tool/bench/lw_bench.c"
  build_lockwait_floor
}

# bench_overhead.sh's floor: a preload library that only times its waits
build_lockwait_floor() {
  [ "$LINUX" = 1 ] || return 0
  local src=$ROOT/lockwait/tool/bench/lw_floor.c
  fresh "$BUILD_DIR/liblw_floor.so" "$src" ||
    "$CC" "${CFLAGS[@]}" -fPIC -shared -fvisibility=hidden "$src" -o "$BUILD_DIR/liblw_floor.so" -ldl
}

#!/usr/bin/env bash
# asan.sh - the ASan+UBSan build of liblockwait (build-asan/, SANITIZE=1)
# preloaded into the test programs and a real program: every run exits 0
# with no sanitizer report. An ASan library can only be preloaded after the
# ASan runtime, so LD_PRELOAD names the runtime first; its path is the one
# the ASan-built test programs link (from ldd). And lockwait_report's ASan
# build on a trace with stacks: no leak of its grown symbol tables.
set -euo pipefail
# the whole report from every run, uncontended ones too: it is code to check
export LOCKWAIT_FULL_REPORTS=1
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

# lockwait_report's ASan build on a trace with stacks and modules (the
# normal library's, of lw_counts): exit 0 and no sanitizer report. Its
# symbol tables left each grown-out array behind (lw_grow), and
# LeakSanitizer made every such run exit 1.
LOCKWAIT_TRACE=$TMP/stacks.trace LD_PRELOAD=$BUILD/liblockwait.so "$BUILD/lw_counts" handoff 10 >/dev/null 2>&1 || true
check "asan: a trace with stacks to read" grep -qa 'lw_counts' "$TMP/stacks.trace"
for opts in "" "-f" "-j t.json -c t.csv"; do
  rc=0
  # shellcheck disable=SC2086 # the options as words
  (cd "$TMP" && "$BUILD_ASAN/lockwait_report" $opts stacks.trace) >"$TMP/stdout" 2>"$TMP/stderr" || rc=$?
  check_eq "asan: lockwait_report ${opts:+$opts }on a trace with stacks exits 0" 0 "$rc"
  check_eq "asan: lockwait_report ${opts:+$opts }sanitizer-clean" "" \
    "$(grep -m 3 -E 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' "$TMP/stderr" || true)"
done

ALIB=$BUILD_ASAN/liblockwait.so
# (awk reads all of ldd's output: an awk that exits at the line it wants
# leaves the loader writing into a closed pipe, and pipefail turns its
# SIGPIPE into the end of this script, now and then)
runtime=$(ldd "$BUILD_ASAN/lw_counts" 2>/dev/null | awk '$1 ~ /^libasan/ && r == "" { r = $3 } END { print r }')
if [ -z "$runtime" ] || [ ! -f "$ALIB" ]; then
  # clang links its ASan runtime statically, so there is none to preload
  skip "liblockwait under ASan" "no shared ASan runtime found (build-asan built with a compiler that links it statically?)"
  finish
fi
# a path LD_PRELOAD can carry (the checkout may be under a path with spaces)
ALIB=$(LOCKWAIT_LIB=$ALIB "$ROOT/lockwait/tool/lockwait" --preload-path)

# clean NAME CMD...: CMD exits 0 under the ASan library, no sanitizer output
clean() {
  local name=$1 rc=0
  shift
  LD_PRELOAD="$runtime $ALIB" LOCKWAIT_OUT=$TMP/report.txt "$@" >"$TMP/stdout" 2>"$TMP/stderr" || rc=$?
  check_eq "asan: $name exits 0" 0 "$rc"
  if grep -qE 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' "$TMP/stderr"; then
    fail "asan: $name sanitizer-clean" "$(grep -m 3 -E 'ERROR|runtime error' "$TMP/stderr" | tr '\n' ' ')"
  else
    pass "asan: $name sanitizer-clean"
  fi
  check "asan: $name reported" grep -q 'kind=process' "$TMP/report.txt"
  rm -f "$TMP/report.txt"
}

for k in mutex spin sem rwlock cond; do
  clean "lw_known $k" "$BUILD_ASAN/lw_known" "$k"
done
clean "handoff" "$BUILD_ASAN/lw_counts" handoff 10
clean "trylock" "$BUILD_ASAN/lw_counts" trylock 10
clean "timedlock" "$BUILD_ASAN/lw_counts" timedlock
clean "recursive" "$BUILD_ASAN/lw_counts" recursive 10
clean "errorcheck" "$BUILD_ASAN/lw_counts" errorcheck
clean "robust" "$BUILD_ASAN/lw_counts" robust
clean "signal handler" "$BUILD_ASAN/lw_counts" signal 300000
clean "fork" "$BUILD_ASAN/lw_life" fork
clean "exit-holding" "$BUILD_ASAN/lw_life" exit-holding
clean "1000 threads, 100000 locks" "$BUILD_ASAN/lw_life" many
LOCKWAIT_TRACE=$TMP/trace.bin clean "trace" "$BUILD_ASAN/lw_counts" handoff 10
check "asan: trace written" test -s "$TMP/trace.bin"
# real programs (GNU sort is left out: it exits 1 under the ASan runtime alone)
awk 'BEGIN { srand(3); for (i = 0; i < 200000; i++) printf "%08d\n", int(rand() * 1e8) }' >"$TMP/in.txt"
if need_tool xz xz-utils "asan: xz -T2 under the library"; then clean "xz -T2" xz -T2 -3 --block-size=256KiB -c "$TMP/in.txt"; fi
if need_tool zstd zstd "asan: zstd -T2 under the library"; then clean "zstd -T2" zstd -T2 -q -c "$TMP/in.txt"; fi
finish

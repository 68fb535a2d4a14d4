#!/usr/bin/env bash
# realprogs.sh - programs nobody here wrote, run with and without
# liblockwait: standard output, output files and exit status must be
# byte-identical, and the report must list their locks and threads, and
# name the stacks of their contended waits.
#   GNU sort --parallel=2 (coreutils), xz -T2 (xz-utils), zstd -T2 (zstd)
# on ~5 MB of generated text (200 000 lines: sort starts its second thread
# only above 128K lines; xz needs blocks smaller than the input for two).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

IN=$TMP/input.txt
awk 'BEGIN { srand(7); for (i = 0; i < 200000; i++)
  printf "%08d %s %d\n", int(rand() * 1e8), substr("abcdefghijklmnopqrstuvwxyz", 1 + int(rand() * 26)), i }' >"$IN"

# same NAME MIN_THREADS OUTFILE CMD...: run CMD bare and preloaded (in a
# fresh directory each, so relative output files land apart); compare.
# OUTFILE is a file CMD writes ("-" for none); MIN_THREADS 0: a run that
# fails early, whose report is not looked at.
same() {
  local name=$1 min_threads=$2 outfile=$3 rc_bare=0 rc_pre=0 d
  shift 3
  for d in bare pre; do rm -rf "${TMP:?}/$d"; mkdir "$TMP/$d"; done
  (cd "$TMP/bare" && "$@" >stdout 2>stderr) || rc_bare=$?
  (cd "$TMP/pre" && "$ROOT/lockwait/tool/lockwait" -o "$TMP/report.txt" -- "$@" >stdout 2>stderr) || rc_pre=$?
  check_eq "$name: same exit status" "$rc_bare" "$rc_pre"
  check "$name: same standard output" cmp "$TMP/bare/stdout" "$TMP/pre/stdout"
  if [ "$outfile" != - ]; then
    check "$name: same output file" cmp "$TMP/bare/$outfile" "$TMP/pre/$outfile"
  fi
  check "$name: same standard error (the report went to a file)" cmp "$TMP/bare/stderr" "$TMP/pre/stderr"
  [ "$min_threads" -gt 0 ] || return 0
  local proc
  proc=$(grep 'kind=process' "$TMP/report.txt" | tail -n 1)
  check_awk "$name: report lists its locks" "0$(val "$proc" locks) >= 1" "$proc"
  check_awk "$name: report lists >= $min_threads threads" "0$(val "$proc" threads) >= $min_threads" "$proc"
  check "$name: report has RESULT lock lines" grep -q 'kind=lock .*acquisitions=[1-9]' "$TMP/report.txt"
  [ -n "${STACK_MODULE:-}" ] || return 0
  # Debian's binaries are stripped (.dynsym only) and built without frame
  # pointers: a wait's stack is its call site, named module+offset or by an
  # exported function; never a bare address
  check "$name: contended waits have stacks" grep -q 'kind=lockstack .*waits=[1-9]' "$TMP/report.txt"
  check "$name: their frames are in $STACK_MODULE" grep -q "kind=stack .*frames=[^ ]*$STACK_MODULE" "$TMP/report.txt"
  check "$name: no frame is a bare address" lacks_bare "$TMP/report.txt"
}
# lacks_bare REPORT: no kind=stack frame that no module covers
# shellcheck disable=SC2317 # called through check
lacks_bare() { ! grep -E 'kind=stack .*frames=([^ ]*;)?0x[0-9a-f]+(;| |$)' "$1"; }

if need_tool sort coreutils "GNU sort under lockwait"; then
  STACK_MODULE='sort+0x' same "sort --parallel=2 to stdout" 2 - sort --parallel=2 "$IN"
  same "sort --parallel=2 -o file" 2 sorted.txt sort --parallel=2 -o sorted.txt "$IN"
fi
if need_tool xz xz-utils "xz under lockwait"; then
  STACK_MODULE='liblzma\.so\.5+0x' same "xz -T2 to stdout" 3 - xz -T2 -3 --block-size=1MiB -c "$IN"
  # a failing run fails the same way (exit 1, nothing on stdout)
  same "xz -d of a non-xz file" 0 - xz -T2 -d -c "$IN"
fi
if need_tool zstd zstd "zstd under lockwait"; then
  same "zstd -T2 -o file" 2 out.zst zstd -T2 -q -3 "$IN" -o out.zst
fi
finish

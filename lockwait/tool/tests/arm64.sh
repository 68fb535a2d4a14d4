#!/usr/bin/env bash
# lockwait cross-built for arm64 Linux and run under qemu-aarch64: the
# library's exact counts, a workload's own check, and the report on the
# trace it wrote (read by the arm64 and the native report alike: the format
# is the same on both little-endian 64-bit targets).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

# the preload goes to the guest only (-E); LD_PRELOAD in qemu's own
# environment would be tried on the x86-64 qemu binary; the whole reports,
# as uncontended runs' counts are checked too
# shellcheck disable=SC2317 # called through check_exit
qpreload() { # qpreload OUT TRACE CMD...
  local out=$1 trace=$2; shift 2
  qemu-aarch64 -E LD_PRELOAD="$A64LIB" -E LOCKWAIT_OUT="$out" -E LOCKWAIT_FULL_REPORTS=1 ${trace:+-E LOCKWAIT_TRACE="$trace"} "$@" >"$TMP/stdout"
}

arm64_build lockwait || finish
A64LIB=$(preload_lib "$A64/liblockwait.so") # without the checkout path's spaces

for c in "handoff 20" "single 1000" "trylock 37"; do
  rep=$TMP/counts-${c% *}.txt # the library appends: one report file per case
  # shellcheck disable=SC2086
  check_exit "arm64 lw_counts $c runs under the preload" 0 qpreload "$rep" "" "$A64/lw_counts" $c
  want=$(head -n 1 "$TMP/stdout")
  line=$(result_line "$rep" lock "$(awk '{print $2}' <<<"$want")")
  for key in acquisitions contended trylock_failed; do
    case " $want " in
      *" $key="*) check_eq "arm64 lw_counts $c: $key" "$(val "$want" "$key")" "$(val "$line" "$key")" ;;
    esac
  done
done

check_exit "arm64 cache workload under the preload with a trace" 0 \
  qpreload "$TMP/w.txt" "$TMP/w.trace" "$A64/lockwait_workload" -n 100 -m 8 cache
check "arm64 cache workload: its own check is ok" grep -q 'kind=workload scenario=cache .*check=ok' "$TMP/stdout"
check "arm64: the library reported the cache lock" grep -q '^RESULT exp=lockwait kind=lock .*type=mutex' "$TMP/w.txt"
check_eq "arm64: RESULT grammar of the report" "" "$(result_grammar "$TMP/w.txt")"
qemu-aarch64 "$A64/lockwait_report" "$TMP/w.trace" >"$TMP/r64.txt" 2>/dev/null
"$BUILD/lockwait_report" "$TMP/w.trace" >"$TMP/r.txt" 2>/dev/null
check "arm64 report finds a critical path" grep -q '^RESULT exp=lockwait kind=critpath ' "$TMP/r64.txt"
check_eq "the native report reads the arm64 trace the same way" "" "$(diff "$TMP/r64.txt" "$TMP/r.txt")"
finish

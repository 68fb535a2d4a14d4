#!/usr/bin/env bash
# ctxswitch cross-built for arm64 Linux and run under qemu-aarch64 (a smoke
# run: the times mean nothing, the checksums and the grammar must hold).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

arm64_build ctxswitch || finish
rc=0
env QUICK=1 REPS=2 ROUNDS=300 SIZES=4,64 qemu-aarch64 "$A64/ctxswitch" >"$TMP/out.txt" 2>"$TMP/err.txt" || rc=$?
check_eq "arm64 ctxswitch under qemu exits 0" "0" "$rc"
cells=$(grep -c '^RESULT exp=ctxswitch kind=\(direct\|total\) ' "$TMP/out.txt" || true)
check_awk "arm64: C1 and sweep cells ran ($cells)" "$cells >= 6"
check_eq "arm64: every cell's checksum ok" "$cells" "$(grep -c '^RESULT exp=ctxswitch .*status=ok' "$TMP/out.txt" || true)"
check_eq "arm64: RESULT grammar" "" "$(result_grammar "$TMP/out.txt")"
check_eq "arm64: T1 > T2 > 0 in every direct cell" "" \
  "$(awk '/kind=direct/ { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } if (!(v["pair_half_rt_ns"] * 2 > v["single_rt_ns"] && v["single_rt_ns"] > 0)) print }' "$TMP/out.txt")"
finish

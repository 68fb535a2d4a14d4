#!/usr/bin/env bash
# ctxswitch cross-built for arm64 Linux and run under qemu-aarch64 (a smoke
# run: the times mean nothing, the checksums and the grammar must hold).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

arm64_build ctxswitch || finish
rc=0
env REPS=2 MAX_CELL_S=0 ROUNDS=300 SIZES=4,64 qemu-aarch64 "$A64/ctxswitch" >"$TMP/out.txt" 2>"$TMP/err.txt" || rc=$?
check_eq "arm64 ctxswitch under qemu exits 0" "0" "$rc"
cells=$(grep -c '^RESULT exp=ctxswitch kind=\(direct\|total\) ' "$TMP/out.txt" || true)
check_awk "arm64: C1 and sweep cells ran ($cells)" "$cells >= 6"
check_eq "arm64: every cell's checksum ok" "$cells" "$(grep -c '^RESULT exp=ctxswitch .*status=ok' "$TMP/out.txt" || true)"
check_eq "arm64: RESULT grammar" "" "$(result_grammar "$TMP/out.txt")"
# per repetition of the direct cells: T1 (pair round trip) > T2 (single) > 0
check_eq "arm64: T1 > T2 > 0 in every repetition of the direct cells" "" \
  "$(awk '/^RESULT exp=ctxswitch kind=samples .* size_kib=0 .* run=T[12] / { for (i = 1; i <= NF; i++) if (index($i, "rt_ns=") == 1) l[$0 ~ / run=T1 / ? 1 : 2, $4] = substr($i, 7) }
    END { for (m in l) { split(m, k, SUBSEP); if (k[1] != 1) continue; n = split(l[1, k[2]], a, ","); split(l[2, k[2]], b, ",")
      for (i = 1; i <= n; i++) if (!(a[i] + 0 > b[i] + 0 && b[i] + 0 > 0)) print k[2], i } }' "$TMP/out.txt")"
finish

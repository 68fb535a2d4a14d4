#!/usr/bin/env bash
# The false-sharing benchmark cross-built for arm64 Linux and run under
# qemu-aarch64: timings mean nothing there, but the checksums, the RESULT
# grammar and the cell count must hold.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

arm64_build false_sharing || finish
check "the arm64 binary is an aarch64 ELF" bash -c "od -An -tx1 -j18 -N2 '$A64/false_sharing' | grep -q 'b7 00'"
env ITERS_LOG2=12 REPS=2 MAX_CELL_S=0 THREADS=1,2 qemu-aarch64 "$A64/false_sharing" >"$TMP/out.txt" 2>"$TMP/err.txt"
# 4 increments x 3 layouts x 2 thread counts; a cell has a line per speed level it ran in (qemu's pace
# varies), so the cells are counted by their keys
check_eq "arm64 under qemu: 24 cells" "24" \
  "$(grep '^RESULT exp=false_sharing kind=cell ' "$TMP/out.txt" | grep -o ' increment=[^ ]* layout=[^ ]* threads=[^ ]*' | sort -u | wc -l)"
check_eq "arm64 under qemu: every checksum ok" "" "$(grep 'kind=checksum' "$TMP/out.txt" | grep -v 'status=ok$' || true)"
check_eq "arm64 under qemu: RESULT grammar" "" "$(result_grammar "$TMP/out.txt")"
check "arm64 clock_estimate prints a clock" bash -c "qemu-aarch64 '$A64/clock_estimate' -n 18 -r 1 | grep -q '^RESULT exp=clock kind=estimate ghz='"
check "arm64 machine describes the caches" bash -c "qemu-aarch64 '$A64/machine' | grep -q '^# line_size_used: '"
finish

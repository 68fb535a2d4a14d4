#!/usr/bin/env bash
# On a stock machine (a C compiler, bash, coreutils, mawk; none of gawk,
# original-awk, clang, shellcheck, qemu, the arm64 cross compiler, xz, zstd,
# pgrep, git, localedef) the tests that need those tools pass with each
# missing tool a named skip, and test.sh ends "N passed, 0 failed, K
# skipped". Simulated with common/stock_path.sh on the test files that use
# the optional tools most (the whole suite: common/stock_path.sh ./test.sh).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

rc=0
# (grammar and usage list the checkout's files, with git or without it)
(cd "$ROOT" && common/stock_path.sh ./test.sh summary listing shellcheck locale arm64 realprogs grammar usage) \
  >"$TMP/stock.txt" 2>&1 || rc=$?
last=$(tail -n 1 "$TMP/stock.txt")
check_eq "stock machine: test.sh exits 0" "0" "$rc"
check "stock machine: the last line is 'N passed, 0 failed, K skipped' ($last)" \
  grep -qE '^[0-9]+ passed, 0 failed, [1-9][0-9]* skipped$' <<<"$last"
skips=$(grep -c '^ok - .* # SKIP ' "$TMP/stock.txt" || true)
check_eq "stock machine: the count of skips is the number of skip lines" "$skips" \
  "$(sed -n 's/.* \([0-9]*\) skipped$/\1/p' <<<"$last")"
for tool in gawk original-awk shellcheck clang aarch64-linux-gnu-gcc localedef xz zstd; do
  check "stock machine: a skip names $tool" grep -q "^ok - .* # SKIP $tool not installed" "$TMP/stock.txt"
done
check_eq "stock machine: no failed check" "" "$(grep '^not ok' "$TMP/stock.txt" | head -n 3)"
finish

#!/usr/bin/env bash
# Every shell script in the repository is shellcheck-clean (the house style).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

cd "$ROOT"
mapfile -t scripts < <(checkout_files | while read -r f; do
  [ -f "$f" ] || continue
  case "$f" in *.sh|.ci/run) echo "$f" ;; *) head -c 40 "$f" | grep -q '^#!.*bash' && echo "$f" ;; esac
done | sort -u)
check_awk "found the scripts (${#scripts[@]})" "${#scripts[@]} >= 8"
if need_tool shellcheck shellcheck "shellcheck of every script"; then
  for s in "${scripts[@]}"; do
    check "shellcheck $s" shellcheck -x -S style "$s"
  done
fi
finish

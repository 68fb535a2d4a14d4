#!/usr/bin/env bash
# rwdefer.sh - an rwlock writer's contended wait is accounted after its
# release, like a mutex's (lw_wait_defer): lw_rwdefer's writer gets rwlock L
# after a confirmed wait and holds it across a periodic report (the dump
# signal). Known answer: that report shows L without the wait, the report at
# exit with it, one contended wait in all. The writer's hold, its only one
# and untimed, is the thread's plain hold (lw_fastpath.h); a deferral that
# looked only on held[] missed it and accounted the wait inside the hold.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

rep="$TMP/rw defer.txt" # a space: the path reaches the program whole
check_exit "lw_rwdefer runs under the preload" 0 \
  preload "$rep" env LOCKWAIT_DUMP_SIGNAL=USR1 "$BUILD/lw_rwdefer" "$rep"
lock=$(val "$(cat "$TMP/stdout")" lock)
# contended= of lock L in the report with this occasion (periodic or exit)
contended_in() {
  awk -v lock="$lock" -v occ="$1" '
    function get(key, i) { for (i = 4; i <= NF; i++) if (index($i, key "=") == 1) return substr($i, length(key) + 2); return "" }
    # RESULT exp=lockwait kind=lock pid=P lock=ADDR ... contended=N ...: kept until its report line
    $1 == "RESULT" && $3 == "kind=lock" && get("lock") == lock { n = get("contended") }
    # RESULT exp=lockwait kind=report pid=P occasion=O ...: the end of one report
    $1 == "RESULT" && $3 == "kind=report" { if (get("occasion") == occ) print n + 0; n = "" }' "$rep"
}
check_eq "the periodic report, taken during the hold: the wait not yet accounted" 0 "$(contended_in periodic)"
check_eq "the report at exit: the wait, accounted after the release" 1 "$(contended_in exit)"
check_eq "RESULT lines follow the grammar" "" "$(result_grammar "$rep")"
finish

#!/usr/bin/env bash
# rdstack.sh - the stack of a wait that ends holding nothing exclusively (an rwlock
# reader's, a semaphore's) is walked after the wait, so that the walk does
# not delay the real call (LW_STACK_AFTER, lw_account.h): it must still be
# the program's own (build/lw_rdstack): reader_main -> read_table for the
# rwlock, reader_main -> take_token for the semaphore, one wait each.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

HEX='0x[0-9a-f]+'
# shellcheck disable=SC2317 # called through check
matches() { [[ $2 =~ $1 ]]; } # matches REGEX STRING

rep=$TMP/rdstack.txt
check_exit "lw_rdstack runs under the preload" 0 preload "$rep" "$BUILD/lw_rdstack"
info=$(cat "$TMP/stdout")
for pair in "$(val "$info" lock) read_table" "$(val "$info" sem) take_token"; do
  read -r addr fn <<<"$pair"
  ls=$(result_line "$rep" lockstack "lock=$addr")
  check_eq "$fn: one wait with a stack" 1 "$(val "$ls" waits)"
  sdef=$(result_line "$rep" stack "stack_id=$(val "$ls" stack_id)")
  check "$fn: the stack, outermost first, is reader_main then $fn" \
    matches "^reader_main\\+$HEX;$fn\\+$HEX\$" "$(val "$sdef" frames)"
done
finish

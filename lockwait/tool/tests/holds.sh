#!/usr/bin/env bash
# holds.sh - the holder's side, known answer: lw_holds keeps a mutex 100 ms
# five times in hold_once() while another thread is confirmed blocked on it.
# The report must count five holds that made others wait, each timed whole:
# their total within 1 ms of the holder's own stopwatch, the longest at least
# 100 ms, all acquired in hold_once (the longest with its acquire stack);
# the sampled totals stay separate. With a long first hold nobody waited
# for (lw_holds warm), the rounds after B first waited are still timed whole.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

MS=1000000
rep=$TMP/holds.txt
check_exit "lw_holds runs under the preload" 0 preload "$rep" "$BUILD/lw_holds"
info=$(cat "$TMP/stdout")
lock=$(val "$info" lock); a=$(val "$info" a); own=$(val "$info" a_hold_ns)
line=$(result_line "$rep" lock "lock=$lock")
check "lock reported" test -n "$line"
check_eq "five holds made others wait" 5 "$(val "$line" blocking_hold_count)"
total=$(val "$line" blocking_hold_ns)
within "their total ($total ns) within 1 ms of the holder's stopwatch ($own ns)" "$total" $((own - MS)) $((own + MS))
within "the longest >= 100 ms" "$(val "$line" max_blocking_hold_ns)" $((100 * MS)) $((10000 * MS))
site=$(result_line "$rep" hold_site "lock=$lock")
check_eq "one acquire site for all five" 5 "$(val "$site" n)"
check "the acquire site is hold_once" grep -q "^RESULT .*kind=hold_site .*site=hold_once+0x" "$rep"
check_eq "five longest-hold lines, all by the holder" 5 \
  "$(grep -c "^RESULT exp=lockwait kind=hold pid=[0-9]* lock=$lock rank=[0-9] tid=$a " "$rep")"
check "the longest carries its acquire stack, defined by a kind=stack line" \
  grep -q "^RESULT exp=lockwait kind=stack pid=[0-9]* stack_id=$(val "$(grep "kind=hold .*rank=1 " "$rep")" stack_id) .*frames=hold_once+0x" "$rep"
check "the text names them" grep -q '^   holds that made others wait: 5 timed whole' "$rep"
check "the sampled totals say they are sampled" grep -q '^   all holds, sampled' "$rep"
check_eq "RESULT lines follow the grammar" "" "$(result_grammar "$rep")"

# warm: the first round is acquired before anyone ever waited (untimed by
# design); the four after it must be timed as without the warm-up hold
rep=$TMP/holds-warm.txt
check_exit "lw_holds warm runs under the preload" 0 preload "$rep" "$BUILD/lw_holds" warm
line=$(result_line "$rep" lock "lock=$(val "$(cat "$TMP/stdout")" lock)")
within "warm: the holds acquired after the first wait made others wait, timed" \
  "$(val "$line" blocking_hold_count)" 4 5
finish

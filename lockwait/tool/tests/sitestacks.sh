#!/usr/bin/env bash
# sitestacks.sh - the stacks of waits are sampled per thread and (call site,
# caller) pair (lw_wait_stack): build/lw_sitestacks waits 24 times at one
# site from each of two callers, interleaved. Each caller's waits must all
# carry its own stack (a pair's first 4 waits and then 1 in 16 walk, the
# others reuse the pair's last walk: 2 x 19 of 48), and the report, its
# RESULT line and the trace (lockwait_report) must say stacks were sampled
# and how many waits reused one; LOCKWAIT_STACK_DEPTH=0 keeps stacks off.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

HEX='0x[0-9a-f]+'
# shellcheck disable=SC2317 # called through check
lacks() { ! grep -q "$@"; }    # lacks GREP-ARGS...

rep=$TMP/sites.txt
LOCKWAIT_TRACE=$TMP/sites.trace preload "$rep" "${HANG_LIMIT[@]}" "$BUILD/lw_sitestacks"
lock=$(val "$(cat "$TMP/stdout")" lock) per=$(val "$(cat "$TMP/stdout")" waits_per_caller)
check_eq "the lock was waited for by both callers" $((2 * per)) "$(val "$(result_line "$rep" lock "lock=$lock")" contended)"

# waits NAME: the waits of the lock's stack whose innermost frames are NAME, lock_at_site
waits() {
  local ls id frames
  while read -r ls; do
    id=$(val "$ls" stack_id)
    frames=$(val "$(result_line "$rep" stack "stack_id=$id")" frames)
    if [[ $frames =~ $1(\.[a-z]+\.[0-9]+)?\+$HEX\;lock_at_site(\.[a-z]+\.[0-9]+)?\+$HEX$ ]]; then
      val "$ls" waits
      return
    fi
  done < <(grep "kind=lockstack .*lock=$lock " "$rep")
  echo none
}
check_eq "from_alpha's waits all carry its stack" "$per" "$(waits from_alpha)"
check_eq "from_beta's waits all carry its stack" "$per" "$(waits from_beta)"
reused=$((2 * (per - 4 - (per - 1) / 16)))
check_eq "RESULT: waits that reused their pair's stack" "$reused" \
  "$(val "$(grep 'kind=process' "$rep")" wait_stacks_reused_count)"
check "text: stacks of waits sampled, and how" grep -q \
  "^lockwait: stacks of waits sampled per thread and call site (with its caller): the first 4 waits and 1 in 16 after walked; the other $reused waits" "$rep"

"$BUILD/lockwait_report" "$TMP/sites.trace" >"$TMP/trace.out" 2>"$TMP/trace.err"
check "trace: lockwait_report says the stacks were sampled, and how" grep -q \
  "^lockwait_report: stacks of waits were sampled .*the first 4 waits and 1 in 16 after walked; the other $reused waits" "$TMP/trace.err"
folded=$("$BUILD/lockwait_report" -f "$TMP/sites.trace")
check "trace: folded, a line through from_alpha" grep -q ';from_alpha[^;]*;lock_at_site[^;]*;g_site_lock ' <<<"$folded"
check "trace: folded, a line through from_beta" grep -q ';from_beta[^;]*;lock_at_site[^;]*;g_site_lock ' <<<"$folded"

LOCKWAIT_STACK_DEPTH=0 LOCKWAIT_TRACE=$TMP/d0.trace preload "$TMP/d0.txt" "${HANG_LIMIT[@]}" "$BUILD/lw_sitestacks"
check_eq "depth 0: no wait reused a stack" 0 "$(val "$(grep 'kind=process' "$TMP/d0.txt")" wait_stacks_reused_count)"
check "depth 0: no word of sampled stacks" lacks 'stacks of waits' "$TMP/d0.txt"
"$BUILD/lockwait_report" "$TMP/d0.trace" >/dev/null 2>"$TMP/d0.err"
check "depth 0: nor in the trace" lacks 'stacks of waits' "$TMP/d0.err"
finish

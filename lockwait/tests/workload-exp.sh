#!/usr/bin/env bash
# lockwait/exp.sh as run.sh uses it: knob checks exit 2, an ETA, and a QUICK
# run of two scenarios whose raw file carries the tagged lines of the
# workload, the library and the report, which summary.awk turns into tables.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

# run_exp CMD...: CMD in a subshell that has sourced exp.sh like run.sh does
run_exp() {
  (
    # shellcheck disable=SC2034 # read by exp.sh
    PROG=run.sh QUICK=${QUICK:-1} REPS=${REPS:-} PIN='' ITERS_LOG2='' THREADS=''
    # shellcheck source=common/lib.sh
    source "$ROOT/common/lib.sh"
    # shellcheck source=lockwait/exp.sh
    source "$ROOT/lockwait/exp.sh"
    "$@"
  )
}

LOCKWAIT_SCENARIOS=mutex,futex check_exit "LOCKWAIT_SCENARIOS=mutex,futex: exit 2" 2 run_exp lockwait_check
cp "$TMP/out" "$TMP/msg"
check "the message names the knob and the bad word" grep -q "LOCKWAIT_SCENARIOS=mutex,futex: 'futex' is not one of" "$TMP/msg"
LOCKWAIT_THREADS=1 check_exit "LOCKWAIT_THREADS=1: exit 2" 2 run_exp lockwait_check
LOCKWAIT_SCENARIOS=cache,cond LOCKWAIT_THREADS=4 check "valid knobs pass the check" run_exp lockwait_check
eta=$(run_exp lockwait_eta)
check_awk "the ETA is a whole number of seconds ($eta)" "\"$eta\" ~ /^[0-9]+\$/ && $eta >= 1"
# each thread does the same operations: 1024 threads take 256 times as long
eta1024=$(LOCKWAIT_THREADS=1024 run_exp lockwait_eta)
check_awk "the ETA grows with LOCKWAIT_THREADS (4: $eta s, 1024: $eta1024 s)" "$eta1024 >= 100 * $eta"

raw=$TMP/raw/lockwait-raw.txt
mkdir -p "$TMP/raw"
: >"$raw"
# with the user's own settings for the library in the environment: they
# must not reach the experiment's runs
if LOCKWAIT_TOP=1 LOCKWAIT_TRACE=$TMP/user.trace LOCKWAIT_TRACE_RECORDS=1024 LOCKWAIT_OUT=$TMP/user.out \
   LOCKWAIT_SCENARIOS=cond,cache REPS=2 run_exp lockwait_run "$raw" 2>"$TMP/run.err"; then
  pass "QUICK run of cond and cache"
else
  fail "QUICK run of cond and cache" "$(tail -n 3 "$TMP/run.err")"
fi
check_eq "the user's LOCKWAIT_TRACE and LOCKWAIT_OUT were not written" "" "$(ls "$TMP"/user.* 2>/dev/null || true)"
check_eq "the user's LOCKWAIT_TOP did not reach the runs (top=10 in each)" "" \
  "$(grep '^RESULT exp=lockwait kind=process ' "$raw" | grep -v ' top=10 ' || true)"
count() { grep -c -E "$1" "$raw" || true; }
check_eq "a workload line per run: 2 pairs + 1 traced, 2 scenarios" 10 "$(count '^RESULT exp=lockwait kind=workload .* variant=(bare|wrapped|traced) rep=[0-9]+$')"
check_eq "bare and wrapped alternate their order (rep 2: wrapped first)" "wrapped bare" \
  "$(awk '/kind=workload .*scenario=cond variant=(bare|wrapped) rep=2$/ { sub(/.*variant=/, ""); sub(/ .*/, ""); printf "%s%s", n++ ? " " : "", $0 }' "$raw")"
check_eq "the library's process line in every wrapped and traced run" 6 "$(count '^RESULT exp=lockwait kind=process .* variant=(wrapped|traced) rep=')"
check_eq "no library line in a bare run" 0 "$(count '^RESULT exp=lockwait kind=(process|lock|thread|blocker) .*variant=bare')"
check_eq "one critical path per traced run" 2 "$(count '^RESULT exp=lockwait kind=critpath .*variant=traced rep=0$')"
check_eq "the cache tail attribution" 1 "$(count '^RESULT exp=lockwait kind=tail .*scenario=cache variant=traced rep=0$')"
check "the cache path's segments" grep -q '^RESULT exp=lockwait kind=critpath_seg .*scenario=cache variant=traced' "$raw"
check "provenance: the workload flags" grep -q '^# lockwait_args_cache: .*-m 32 -n 100' "$raw"
check_eq "nothing left behind next to the raw file" "lockwait-raw.txt" "$(ls "$TMP/raw")"
awk -v csvdir="$TMP/raw" -f "$ROOT/lockwait/summary.awk" "$raw" >"$TMP/summary.md" 2>"$TMP/sum.err"
check "summary: a row for cond and for cache" \
  awk 'END { exit !(a && b) } /^\| cond \| [0-9]/ { a = 1 } /^\| cache \| [0-9]/ { b = 1 }' "$TMP/summary.md"
check "summary: the SVG exists" test -s "$TMP/raw/lockwait-cache-critpath.svg"
finish

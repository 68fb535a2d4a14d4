#!/usr/bin/env bash
# export.sh - lockwait_report's exports and filters: the Chrome trace-event
# JSON of a 64-thread synthetic trace parses as JSON (lw_jsoncheck, and
# python3's json module where installed), with a track per thread, holds,
# waits and paired flow arrows; the CSV has its header and a row per lock;
# --contended-min and --locked-min leave locks out, --sort lock orders the
# wait blocks by address; idle waits of a real run are named so in the JSON
# and in the wait blocks. The JSON's time is measured (bench_report.sh), not
# asserted.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

R=$BUILD/lockwait_report
"$BUILD/lockwait_tracegen" convoy 64 200 "$TMP/c64.trace"
check_exit "report with -j and -c" 0 "$R" -j "$TMP/c64.json" -c "$TMP/c64.csv" "$TMP/c64.trace"
check_exit "the JSON parses (lw_jsoncheck)" 0 "$BUILD/lw_jsoncheck" "$TMP/c64.json"
check_exit "lw_jsoncheck refuses a cut JSON" 1 bash -c "head -c 5000 '$TMP/c64.json' >'$TMP/cut.json'; '$BUILD/lw_jsoncheck' '$TMP/cut.json'"
if command -v python3 >/dev/null 2>&1; then
  check "the JSON parses (python3 json)" python3 -c "import json, sys; json.load(open(sys.argv[1]))" "$TMP/c64.json"
else
  skip "the JSON parses (python3 json)" "python3 not installed"
fi
check_eq "a track per thread: 64 thread names" 64 "$(grep -c '"name":"thread_name"' "$TMP/c64.json")"
check_awk "holds and waits as slices" "$(grep -c '"cat":"hold","ph":"X"' "$TMP/c64.json") > 0 && \
$(grep -c '"cat":"wait","ph":"X"' "$TMP/c64.json") > 0" "no slices"
s=$(grep -c '"ph":"s"' "$TMP/c64.json"); f=$(grep -c '"ph":"f"' "$TMP/c64.json")
check_awk "flow arrows, each start with its end ($s, $f)" "$s > 0 && $s == $f" "$s starts, $f ends"
check_eq "CSV header" "record,pid,lock,type,name,stack_id,frames,waits,wait_ns,max_wait_ns,idle_waits,idle_wait_ns,holds,hold_ns,path_cs_ns,path_wait_ns,join_waits,join_wait_ns" \
  "$(head -n 1 "$TMP/c64.csv")"
check_eq "CSV: one row for the convoy's lock, 64 x 200 waits" "lock 0x1000 12800" \
  "$(awk -F, '$1 == "lock" { print $1, $3, $8 }' "$TMP/c64.csv")"
"$R" --contended-min 1000000 -c "$TMP/none.csv" "$TMP/c64.trace" >"$TMP/none.out" 2>/dev/null
check_eq "--contended-min above every lock: no wait blocks" 0 "$(grep -c 'kind=waitblock' "$TMP/none.out" || true)"
check_eq "... and no CSV rows" 1 "$(wc -l <"$TMP/none.csv")"
"$R" --locked-min 1 -n 0 "$TMP/c64.trace" >"$TMP/some.out" 2>/dev/null
check_awk "--locked-min 1 keeps the lock" "$(grep -c 'kind=waitblock' "$TMP/some.out") > 0" "no lines"
"$BUILD/lockwait_tracegen" chain "$TMP/chain.trace"
"$R" --sort lock -n 0 "$TMP/chain.trace" >"$TMP/sorted.out" 2>/dev/null
check_eq "--sort lock: wait blocks by lock address" \
  "$(grep kind=waitblock "$TMP/sorted.out" | awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^lock=/) print substr($i, 6) }' | sort)" \
  "$(grep kind=waitblock "$TMP/sorted.out" | awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^lock=/) print substr($i, 6) }')"
check_exit "--sort nonsense is refused" 2 "$R" --sort nonsense "$TMP/chain.trace"

# a thread name in UTF-8 goes through as it is; control characters, quotes
# and backslashes are escaped, each byte of invalid UTF-8 is U+FFFD. The
# name's 16 bytes are a DATA record's t_ns and lock, little-endian: 4a c3 bc
# 72 67 ff 78 01 ("J", "ü", "rg", a stray 0xff, "x", ^A) and 22 5c e2 82 00..
# ('"', '\', the first two bytes of a three-byte character, cut).
# (text trace: T_NS EVENT TID LOCK AUX HOLDER TYPE; 10 THREAD_INFO, 8 DATA)
cat >"$TMP/name.txt" <<'TXT'
1030000000 4 101 1000 1000000000 0 1
1040000000 6 101 0 0 0 0
1000000000 1 102 1000 0 101 1
1030000000 2 102 1000 1000000000 0 1
1050000000 6 102 0 0 0 0
0 10 102 0 0 0 0
106115411014894410 8 0 82e25c22 0 0 0
TXT
"$BUILD/lockwait_tracegen" text "$TMP/name.txt" "$TMP/name.trace"
check_exit "-j of a trace with a UTF-8 thread name" 0 "$R" -j "$TMP/name.json" "$TMP/name.trace"
check_exit "... its JSON parses" 0 "$BUILD/lw_jsoncheck" "$TMP/name.json"
check_eq "... the name as UTF-8, escaped only where it must be" \
  '"args":{"name":"J'$'\xc3\xbc''rg\ufffdx\u0001\"\\\ufffd\ufffd-102"}}' \
  "$(grep -o '"args":{"name":"J[^}]*}}' "$TMP/name.json")"

# a real run's idle waits: named idle in the JSON and as blockers
LOCKWAIT_OUT=$TMP/idle.txt LOCKWAIT_TRACE=$TMP/idle.trace LD_PRELOAD=$LIB "$BUILD/lw_idle" >/dev/null
check_exit "report of lw_idle's trace with -j" 0 "$R" -n 0 -j "$TMP/idle.json" "$TMP/idle.trace"
"$R" -n 0 "$TMP/idle.trace" >"$TMP/idle.out" 2>/dev/null
check_exit "its JSON parses" 0 "$BUILD/lw_jsoncheck" "$TMP/idle.json"
check "the timed-out condvar waits are idle slices" grep -q '"name":"idle .*"cat":"idle"' "$TMP/idle.json"
check "and idle wait blocks, not unknown ones" grep -q 'kind=waitblock .*type=cond blocker=idle' "$TMP/idle.out"
types=$(awk '/kind=waitblock/ { for (i = 2; i <= NF; i++) if ($i ~ /^type=/) print substr($i, 6) }' "$TMP/idle.out")
check_eq "idle wait blocks (condvar, one-shot semaphore) come after the lock waits" "mutex cond sem" \
  "$(uniq <<<"$types" | tr '\n' ' ' | sed 's/ $//')"
check_eq "RESULT lines follow the grammar" "" "$(result_grammar "$TMP/idle.out")"
finish

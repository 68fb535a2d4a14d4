#!/usr/bin/env bash
# --trace FILE without %p under a program that forks: the trace of the
# process that had contended events, never an empty one of the process that
# exited last, never an older run's (lw_output.c). lw_counts handoff 10
# hands a mutex over 10 times, so its trace always has events.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
export TMPDIR=$TMP # the launcher keeps a tree's reports in a run directory there

L=$ROOT/lockwait/tool/lockwait
C=$BUILD/lw_counts
R=$BUILD/lockwait_report
events() { "$R" "$1" 2>/dev/null | awk '/kind=critpath / { for (i = 2; i <= NF; i++) if ($i ~ /^events=/) print substr($i, 8) }'; }
pid_of() { "$R" "$1" 2>/dev/null | awk '/kind=critpath / { for (i = 2; i <= NF; i++) if ($i ~ /^pid=/) print substr($i, 5) }'; }

# timeout forks the program and exits after it: the trace is the program's
"$L" --trace "$TMP/t1" -- timeout 60 "$C" handoff 10 >/dev/null 2>"$TMP/t1.err"
check_awk "under timeout: the trace holds the program's events ($(events "$TMP/t1"))" "$(events "$TMP/t1") + 0 >= 30"

# a shell runs two such programs: the first to exit takes FILE, the second
# FILE.PID, and says so; the shell itself (no events) writes nothing
"$L" --trace "$TMP/t2" -- bash -c "'$C' handoff 10 >/dev/null; '$C' handoff 10 >/dev/null; true" 2>"$TMP/t2.err"
second=$(find "$TMP" -maxdepth 1 -name 't2.[0-9]*' | head -n 1)
check_awk "two programs: FILE holds the first one's events ($(events "$TMP/t2"))" "$(events "$TMP/t2") + 0 >= 30"
check "two programs: the second one's trace is FILE.PID" test -n "$second"
check_eq "two programs: FILE.PID is that pid's trace" "${second##*.}" "$( [ -n "$second" ] && pid_of "$second")"
check "two programs: stderr says where the second trace went" grep -q "t2 holds the trace of pid [0-9]*; this one's is in .*t2\.[0-9]" "$TMP/t2.err"

# a run killed before it exits leaves no trace, not the older one at FILE
cp "$TMP/t1" "$TMP/t3"
bash -c "'$L' --trace '$TMP/t3' -- bash -c 'kill -9 \$\$'; true" 2>/dev/null
check "a killed run: the older trace is gone" test ! -e "$TMP/t3"
check_exit "a killed run: the report refuses the missing file" 2 "$R" "$TMP/t3"

# no contention at all: a header-only trace, and the report says so
"$L" --trace "$TMP/t4" -- bash -c 'true; true' 2>/dev/null
check_eq "no contention: a header-only trace" 32 "$(wc -c <"$TMP/t4" | tr -d ' ')"
"$R" "$TMP/t4" >/dev/null 2>"$TMP/t4.err"
check "no contention: the report says no lock was waited for" grep -q 'waited for no lock' "$TMP/t4.err"

# the same without the launcher (LOCKWAIT_TRACE set by hand)
LOCKWAIT_TRACE=$TMP/t5 LD_PRELOAD=$(LOCKWAIT_LIB=${LOCKWAIT_LIB:-$BUILD/liblockwait.so} "$L" --preload-path) bash -c "'$C' handoff 10 >/dev/null; true" 2>/dev/null
check_awk "by hand: the trace holds the program's events ($(events "$TMP/t5"))" "$(events "$TMP/t5") + 0 >= 30"
finish

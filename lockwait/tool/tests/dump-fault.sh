#!/usr/bin/env bash
# dump-fault.sh - --dump-signal (LOCKWAIT_DUMP_SIGNAL) naming a fault
# (SEGV, BUS, ILL, FPE, SYS, TRAP): the report's handler returned to the
# faulting instruction, which faulted again, so a program that faulted
# wrote report after report for ever instead of ending (43 669 reports in
# 10 s). The launcher refuses such a signal (exit 2, nothing run); the
# library ignores it with a line, and the program dies of its fault as bare
# (lw_sig segv). A timeout guards the run only: a hang fails the check.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
export TMPDIR=$TMP # the launcher keeps a tree's records there

L=$ROOT/lockwait/tool/lockwait
S=$BUILD/lw_sig
for sig in 11 SEGV BUS FPE; do
  check_exit "--dump-signal $sig: refused (exit 2)" 2 "$L" --dump-signal "$sig" -- "$S" query
done
check_exit "--dump-signal USR1: still taken" 0 "$L" --dump-signal USR1 -- "$S" query

rc=0
timeout -s KILL 60 env LOCKWAIT_DUMP_SIGNAL=11 LD_PRELOAD="$BUILD/liblockwait.so" "$S" segv >/dev/null 2>"$TMP/err" || rc=$?
check_eq "LOCKWAIT_DUMP_SIGNAL=11: the program dies of its SIGSEGV, as bare" 139 "$rc"
check "LOCKWAIT_DUMP_SIGNAL=11: ignored, and that is said" grep -q "LOCKWAIT_DUMP_SIGNAL='11' ignored" "$TMP/err"
check_eq "LOCKWAIT_DUMP_SIGNAL=11: one report (at the fault), not one per fault" 1 "$(grep -c '^RESULT exp=lockwait kind=process' "$TMP/err")"
finish

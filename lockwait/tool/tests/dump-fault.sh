#!/usr/bin/env bash
# dump-fault.sh - --dump-signal (LOCKWAIT_DUMP_SIGNAL) naming a fault
# (SEGV, BUS, ILL, FPE, SYS, TRAP): the report's handler returned to the
# faulting instruction, which faulted again, so a program that faulted
# wrote report after report for ever instead of ending (43 669 reports in
# 10 s). The launcher refuses such a signal (exit 2, nothing run); the
# library ignores it with a line, and the program dies of its fault as bare
# (lw_sig segv). A timeout guards the run only: a hang fails the check.
# The numbers the C library keeps (32, 33: below SIGRTMIN) are ignored by
# the library at start too, and both parsers take the same signals.
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

# a number the C library keeps for itself (32 and 33 under glibc, below
# SIGRTMIN): the library took LOCKWAIT_DUMP_SIGNAL=32 and only sigaction
# refused it later ("cannot catch signal 32"); it is ignored at start, saying why
rc=0
env LOCKWAIT_DUMP_SIGNAL=32 LD_PRELOAD="$BUILD/liblockwait.so" /bin/true 2>"$TMP/err" || rc=$?
check_eq "LOCKWAIT_DUMP_SIGNAL=32: the program runs" 0 "$rc"
check "LOCKWAIT_DUMP_SIGNAL=32: ignored at start, saying it is the C library's" \
  grep -q "LOCKWAIT_DUMP_SIGNAL='32' ignored: a signal the C library keeps for itself" "$TMP/err"
check_eq "LOCKWAIT_DUMP_SIGNAL=32: no handler tried" 0 "$(grep -c 'cannot catch signal' "$TMP/err")"
# the launcher (bash, catchable_signal) and the library (lw_config.c,
# parse_signal) take and refuse the same signals
rtmin=$(kill -l RTMIN)
differ=''
for sig in 0 1 2 9 11 19 31 32 33 "$rtmin" 64 65 USR1 SIGUSR2 usr1 RTMIN+0 RTMIN+1 RTMIN+30 RTMIN+31 RTMAX 010 +5 x; do
  launcher=taken library=taken
  "$L" --dump-signal "$sig" -- /bin/true >/dev/null 2>&1 || { [ $? != 2 ] || launcher=refused; }
  env LOCKWAIT_DUMP_SIGNAL="$sig" LD_PRELOAD="$BUILD/liblockwait.so" /bin/true 2>"$TMP/err" || true
  ! grep -qF "LOCKWAIT_DUMP_SIGNAL='$sig' ignored" "$TMP/err" || library=refused
  [ "$launcher" = "$library" ] || differ="$differ $sig (launcher: $launcher, library: $library);"
done
check_eq "--dump-signal and LOCKWAIT_DUMP_SIGNAL take the same signals" "" "$differ"
finish

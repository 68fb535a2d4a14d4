#!/usr/bin/env bash
# counts.sh - liblockwait's exact counts and life cycles: handoffs, single
# thread pairs, failed trylocks, a timed-out timedlock, a recursive mutex,
# a signal handler that locks, errorcheck, robust and priority-protect
# mutexes (their error codes pass through unchanged), a process-shared mutex
# held by another single-threaded process, locks used in turn, a handler
# locking while the thread's table of statistics grows, fork (each
# process reports its own), threads exiting while holding a lock, 1000
# threads and 100 000 locks; the trace of a run agrees with its report; the
# launcher's usage and bad settings, and LOCKWAIT_ names the library does
# not know.
set -euo pipefail
# every lock's counts, of runs without contention too: the whole reports
export LOCKWAIT_FULL_REPORTS=1
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

# count_case NAME ARGS...: lw_counts prints "lw_counts lock=ADDR key=value..."
# with the values the report must carry for that lock; compare each one
count_case() {
  local name=$1 rep=$TMP/counts-$1.txt line want key
  shift
  check_exit "$name: runs under the preload" 0 preload "$rep" "$BUILD/lw_counts" "$@"
  cp "$TMP/stdout" "$TMP/counts-$name.out"
  while read -r want; do
    line=$(result_line "$rep" lock "$(awk '{print $2}' <<<"$want")")
    for key in acquisitions contended trylock_failed timeouts relocks held_at_exit; do
      case " $want " in
        *" $key="*) check_eq "$name: $key" "$(val "$want" "$key")" "$(val "$line" "$key")" ;;
      esac
    done
  done <"$TMP/stdout"
}
count_case handoff handoff 20
# glibc's default mutex keeps its last holder itself, and its owner changes
# are noted at each acquisition: exact
line=$(result_line "$TMP/counts-handoff.txt" lock "$(awk '{print $2}' "$TMP/counts-handoff.out")")
check_eq "handoff: owner_changes (noted in the mutex)" "$(val "$(<"$TMP/counts-handoff.out")" owner_changes)" \
  "$(val "$line" owner_changes)"
# other locks', and every mutex's under LOCKWAIT_INLINE_MUTEX=0, are noted
# after each real unlock, where a late note can count one too few or one too
# many; this program's handshakes leave little room for that
LOCKWAIT_INLINE_MUTEX=0 check_exit "handoff, glibc's calls: runs under the preload" 0 preload \
  "$TMP/counts-handoff0.txt" "$BUILD/lw_counts" handoff 20
line=$(result_line "$TMP/counts-handoff0.txt" lock "$(awk '{print $2}' "$TMP/stdout")")
within "handoff, glibc's calls: owner_changes in [30, 39]" "$(val "$line" owner_changes)" 30 39
count_case single single 100000
count_case trylock trylock 37
count_case timedlock timedlock
count_case recursive recursive 50
count_case signal signal 3000000
count_case errorcheck errorcheck
count_case robust robust
count_case pshared pshared
count_case turns turns 3001
# a signal handler that locks fresh mutexes while the program's own table of
# statistics grows: every mutex used is in the report, each handler mutex
# with its count (one awk for thousands of them; all ranked above the rest)
LOCKWAIT_TOP=8000 check_exit "growth: runs under the preload" 0 preload "$TMP/growth.txt" "$BUILD/lw_counts" growth 30000
check_eq "growth: every mutex used is counted" "$(val "$(head -n 1 "$TMP/stdout")" locks)" \
  "$(val "$(grep 'kind=process' "$TMP/growth.txt")" locks)"
check_eq "growth: each handler mutex's acquisitions" "" "$(kv_awk '
  # the report: RESULT exp=lockwait kind=lock ... lock=ADDR ... acquisitions=N
  FNR == NR { if (kv_get($0, "kind") == "lock") got[kv_get($0, "lock")] = kv_get($0, "acquisitions"); next }
  # the program: lw_counts lock=ADDR acquisitions=N contended=0
  (l = kv_get($0, "lock")) != "" && got[l] != (n = kv_get($0, "acquisitions")) {
    print l, "want", n, "got", (got[l] == "" ? "none" : got[l]); exit }
  ' "$TMP/growth.txt" "$TMP/stdout")"
# error codes pass through: glibc fails the first lock of a priority-protect
# mutex with EINVAL, and so must the preloaded call (a retry made it succeed)
count_case protect protect 3
check_eq "protect: each lock's answer as without the library" "$("$BUILD/lw_counts" protect 3 | sed 's/.* rcs=//')" \
  "$(sed 's/.* rcs=//' "$TMP/counts-protect.out")"
line=$(result_line "$TMP/counts-timedlock.txt" lock "lock=$(val "$(cat "$TMP/counts-timedlock.out")" lock)")
# the known answer, from the waiting thread's own clock: at most the call's
# time, at least half the time from the call to its deadline (about 50 ms
# both). The library's clock starts after its own first-wait set-up (about
# 50 us), and a host that stops the thread there shortens the wait: 43.2 ms
# of 50 once, on the 2-vCPU VM. Half still fails a wait lost or cut short.
tl=$(cat "$TMP/counts-timedlock.out")
within "timedlock: the timed-out wait is counted (what its thread's clock allows)" "$(val "$line" wait_ns)" \
  $(($(val "$tl" wait_lo_ns) / 2)) "$(val "$tl" wait_hi_ns)"

# fork: two reports, each under its own pid, no double counting
check_exit "fork: runs" 0 preload "$TMP/fork.%p" "$BUILD/lw_life" fork
for role in parent child; do
  info=$(grep "role=$role" "$TMP/stdout")
  pid=$(val "$info" pid)
  rep=$TMP/fork.$pid
  check "fork: $role wrote its own report" test -s "$rep"
  line=$(result_line "$rep" lock "lock=$(val "$info" lock)")
  check_eq "fork: $role's count" "$(val "$info" acquisitions)" "$(val "$line" acquisitions)"
  check_eq "fork: $role's report carries its pid" "$pid" "$(val "$(result_line "$rep" process "pid=$pid")" pid)"
  # one thread in each: the child's is the forking thread, whose self in the
  # parent is the last holder the mutex keeps
  check_eq "fork: $role's owner changes" 0 "$(val "$line" owner_changes)"
done
# a double fork (a daemon's): the grandchild's thread, whose self two
# generations up is the last holder the mutex keeps, is no other holder
check_exit "fork2: runs" 0 preload "$TMP/fork2.%p" "$BUILD/lw_life" fork2
info=$(grep "role=grandchild" "$TMP/stdout")
line=$(result_line "$TMP/fork2.$(val "$info" pid)" lock "lock=$(val "$info" lock)")
check_eq "fork2: the grandchild's count" "$(val "$info" acquisitions)" "$(val "$line" acquisitions)"
check_eq "fork2: the grandchild's owner changes" 0 "$(val "$line" owner_changes)"

# threads that exit holding a lock
check_exit "exit-holding: runs" 0 preload "$TMP/held.txt" "$BUILD/lw_life" exit-holding
read -r _ h1 h2 free spin <"$TMP/stdout"
for h in "${h1#held=}" "${h2#held=}" "${spin#spin=}"; do
  check_eq "exit-holding: $h flagged" 1 "$(val "$(result_line "$TMP/held.txt" lock "lock=$h")" held_at_exit)"
done
check_eq "exit-holding: released lock not flagged" 0 \
  "$(val "$(result_line "$TMP/held.txt" lock "lock=${free#free=}")" held_at_exit)"
check "exit-holding: human report says so" grep -q 'HELD WHEN ITS THREAD EXITED' "$TMP/held.txt"

# 1000 threads, 100 000 locks
check_exit "many: runs" 0 preload "$TMP/many.txt" "$BUILD/lw_life" many
info=$(cat "$TMP/stdout")
proc=$(result_line "$TMP/many.txt" process "dropped=0")
check_eq "many: threads" "$(val "$info" threads)" "$(val "$proc" threads)"
check_eq "many: locks" "$(val "$info" locks)" "$(val "$proc" locks)"
check_eq "many: nothing untracked" 0 "$(val "$proc" untracked)"
check_eq "many: shared lock count" "$(val "$info" acquisitions)" \
  "$(val "$(result_line "$TMP/many.txt" lock "lock=$(val "$info" shared)")" acquisitions)"

# trace: valid, and its contended events match the report
rm -f "$TMP"/trace.*
rc=0
before=$("$BUILD/lw_tracecheck" --now)
"$ROOT/lockwait/tool/lockwait" -o "$TMP/tr-rep.txt" --trace "$TMP/trace.%p" -- "$BUILD/lw_counts" handoff 10 >"$TMP/stdout" || rc=$?
after=$("$BUILD/lw_tracecheck" --now)
check_eq "trace: handoff run with --trace exits 0" 0 "$rc"
lock=$(val "$(cat "$TMP/stdout")" lock)
pid=$(val "$(grep 'kind=process' "$TMP/tr-rep.txt")" pid)
check_exit "trace: file valid" 0 "$BUILD/lw_tracecheck" "$TMP/trace.$pid"
"$BUILD/lw_tracecheck" "$TMP/trace.$pid" >"$TMP/tc.txt" || true
tl=$(grep "lock=$lock" "$TMP/tc.txt" || true)
check_eq "trace: one REQUEST per contended wait" 10 "$(val "$tl" request)"
check_eq "trace: one ACQUIRE per contended wait" 10 "$(val "$tl" acquire)"
check_eq "trace: one RELEASE per release with a waiter" 10 "$(val "$tl" release)"
# at exit, per thread and lock: HOLD_SUM with its acquisitions (main's 10
# and the helper's 10) and its holds' estimated time (the first is sampled)
sums=$(grep "hold_sum .*lock=$lock " "$TMP/tc.txt" || true)
check_eq "trace: one HOLD_SUM per thread, acquisitions summing to 2K" "2 20" \
  "$(printf '%s\n' "$sums" | awk '/hold_sum/ { n++; for (i = 1; i <= NF; i++) if ($i ~ /^acquisitions=/) a += substr($i, 14) } END { print n + 0, a + 0 }')"
check_eq "trace: each HOLD_SUM has timed holds and an estimate" "2" \
  "$(printf '%s\n' "$sums" | grep -c 'hold_ns=[1-9][0-9]* holds_timed=[1-9][0-9]* flags=0$' || true)"
# the library keeps ticks of a cycle counter where it can and converts them
# when writing: the times must come out as CLOCK_MONOTONIC ns of the run
within "trace: first time within the run (CLOCK_MONOTONIC)" "$(val "$(head -n 1 "$TMP/tc.txt")" first_ns)" \
  "$before" "$after"
within "trace: last time within the run (CLOCK_MONOTONIC)" "$(val "$(head -n 1 "$TMP/tc.txt")" last_ns)" \
  "$before" "$after"
check_eq "trace: thread start and exit" "1 1" \
  "$(val "$(head -n 1 "$TMP/tc.txt")" thread_start) $(val "$(head -n 1 "$TMP/tc.txt")" thread_exit)"
check_eq "trace: one WAIT_STACKS record (how the waits' stacks were sampled)" 1 \
  "$(val "$(head -n 1 "$TMP/tc.txt")" wait_stacks)"
LOCKWAIT_TRACE_RECORDS=1024 LOCKWAIT_OUT=$TMP/drop.txt LOCKWAIT_TRACE=$TMP/drop.tr LD_PRELOAD=$LIB \
  "$BUILD/lw_counts" handoff 600 >/dev/null
"$BUILD/lw_tracecheck" "$TMP/drop.tr" >"$TMP/tc.txt" || true
# 600 handoffs: the helper thread traces 1202 events (start, exit, 600 x
# request+acquire), 178 more than its 1024-record buffer holds; the main
# thread 1200 (600 x release+hold site of a hold the helper waited for), 176 more
check_eq "trace: full buffers drop records and count them" 354 "$(val "$(head -n 1 "$TMP/tc.txt")" dropped)"
check_eq "trace: the report says how many were dropped" 354 "$(val "$(grep 'kind=process' "$TMP/drop.txt")" dropped)"

# launcher usage and bad settings: the program still runs unchanged
check_exit "launcher -h" 0 "$ROOT/lockwait/tool/lockwait" -h
check_exit "launcher: no command" 2 "$ROOT/lockwait/tool/lockwait"
check_exit "launcher: unknown option" 2 "$ROOT/lockwait/tool/lockwait" --frobnicate -- true
check_exit "launcher: bad -n" 2 "$ROOT/lockwait/tool/lockwait" -n 0 -- true
check_exit "launcher: passes the exit status" 3 "$ROOT/lockwait/tool/lockwait" -o "$TMP/x.txt" -- sh -c 'exit 3'
LOCKWAIT_TOP=abc LOCKWAIT_OUT=$TMP/bad.txt LD_PRELOAD=$LIB "$BUILD/lw_counts" single 10 >"$TMP/bad.out" 2>"$TMP/bad.err"
check "bad LOCKWAIT_TOP: said on stderr at start" grep -q "LOCKWAIT_TOP='abc' ignored" "$TMP/bad.err"
check "bad LOCKWAIT_TOP: said in the report" grep -q "settings ignored: LOCKWAIT_TOP='abc'" "$TMP/bad.txt"
check "bad LOCKWAIT_TOP: program output unchanged" grep -q "acquisitions=10 contended=0" "$TMP/bad.out"
# a LOCKWAIT_ name the library does not know (a misspelt setting) was
# ignored in silence: one line names it and the setting it is close to;
# the lockwait experiment's knobs (run.sh's) are known, not said
LOCKWAIT_TRACES=$TMP/t.trace LOCKWAIT_FROB=1 LOCKWAIT_THREADS=2 LD_PRELOAD=$LIB "$BUILD/lw_counts" single 10 \
  >"$TMP/typo.out" 2>"$TMP/typo.err"
check_eq "unknown LOCKWAIT_TRACES: one line at start, naming LOCKWAIT_TRACE" 1 \
  "$(grep -cx 'lockwait: LOCKWAIT_TRACES ignored: no such setting; did you mean LOCKWAIT_TRACE?' "$TMP/typo.err")"
check "unknown LOCKWAIT_FROB (close to none): said" grep -qx 'lockwait: LOCKWAIT_FROB ignored: no such setting (.*)' "$TMP/typo.err"
check_eq "... LOCKWAIT_THREADS (run.sh's) not said" "" "$(grep 'LOCKWAIT_THREADS' "$TMP/typo.err" || true)"
check "... the program's output unchanged" grep -q "acquisitions=10 contended=0" "$TMP/typo.out"
LOCKWAIT_OUT=/nonexistent/dir/r.txt LD_PRELOAD=$LIB "$BUILD/lw_counts" single 10 >/dev/null 2>"$TMP/bad.err"
check "unwritable LOCKWAIT_OUT: report falls back to stderr" grep -q "kind=process" "$TMP/bad.err"
check "launcher -n 1 lists one lock" test "$("$ROOT/lockwait/tool/lockwait" -n 1 -o "$TMP/n1.txt" -- \
  "$BUILD/lw_counts" signal 100000 >/dev/null; grep -c 'kind=lock' "$TMP/n1.txt")" = 1
finish

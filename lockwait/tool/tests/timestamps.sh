#!/usr/bin/env bash
# timestamps.sh - what liblockwait stamps waits and holds with, and that it
# says so: the report's "timestamps:" line and the process line's counter=
# agree with each other and with the machine (x86-64 Linux: the TSC only
# when CPUID calls it invariant and the clocksource is tsc, or kvm-clock read
# in the vDSO, with the two timings said), LOCKWAIT_COUNTER=0 gives
# CLOCK_MONOTONIC, a bad value is said and ignored, the experiments' ticks
# (build/machine's, the same common/clock.c) are a counter exactly when the
# library's are, a 100 ms wait
# (build/lw_known mutex) comes out the same either way (within 100-110 ms,
# or up to B's own stopwatch on a host busy through all three runs, and
# within 10 ms under to 2 ms over that stopwatch), and a program under a seccomp
# filter that kills at a clock_gettime system call (build/lw_seccomp) runs
# under the preload as it does bare: the library does not time that call.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"
unset LOCKWAIT_COUNTER # the caller's must not decide the default's checks

MS=1000000
stamp_line() { grep '^lockwait: timestamps: ' "$1" | sed 's/^lockwait: timestamps: //' || true; }
counter_of() { val "$(grep '^RESULT exp=lockwait kind=process ' "$1")" counter; }

# what the machine offers, as the library must judge it (x86-64 Linux)
expected() {
  local flags src
  flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
  src=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || true)
  if [[ " $flags " != *" constant_tsc "* || " $flags " != *" nonstop_tsc "* ]]; then
    echo "0 no invariant TSC"
  elif [ "$src" = tsc ]; then
    echo "1 the kernel's clocksource"
  elif [ "$src" = kvm-clock ]; then
    echo "either kvm-clock"
  elif [ -z "$src" ]; then
    echo "0 not readable"
  else
    echo "0 not the TSC"
  fi
}

# the default: the line and the flag agree, and match the machine
rep=$TMP/default.txt
check_exit "default: runs under the preload" 0 preload "$rep" "$BUILD/lw_known" mutex
line=$(stamp_line "$rep")
flag=$(counter_of "$rep")
check "default: the report has a timestamps line" test -n "$line"
case $flag in
  1) check "default: counter=1 and the line names a counter" grep -Eq '^the (TSC|generic timer)' <<<"$line" ;;
  0) check "default: counter=0 and the line names CLOCK_MONOTONIC" grep -q '^CLOCK_MONOTONIC: ' <<<"$line" ;;
  *) fail "default: counter= is 0 or 1" "counter='$flag'" ;;
esac
if [ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ]; then
  read -r want why <<<"$(expected)"
  [ "$want" = either ] || check_eq "x86-64: the counter is used exactly when the machine allows ($why)" "$want" "$flag"
  check "x86-64: the line gives the reason ($why)" grep -qF "$why" <<<"$line"
  if [ "$want" = either ]; then
    check "kvm-clock: the line gives both timings" \
      grep -Eq 'clock_gettime [0-9]+ TSC ticks in the vDSO against [0-9]+ for the system call' <<<"$line"
  fi
else
  skip "x86-64: the counter's choice against /proc/cpuinfo and the clocksource" "not x86-64 Linux"
fi

# one chooser for both: the experiments read a counter exactly when the library does
ticks=$("$BUILD/machine" 2>/dev/null | sed -n 's/^# ticks: //p')
if [ "$flag" = 1 ]; then
  check "the experiments' ticks are a counter too (build/machine: '$ticks')" grep -Eqx 'tsc|cntvct' <<<"$ticks"
else
  check_eq "the experiments' ticks are CLOCK_MONOTONIC too (build/machine)" clock_monotonic "$ticks"
fi

# preload_with C OUTFILE CMD...: preload with LOCKWAIT_COUNTER=C (stdout to $TMP/stdout)
# shellcheck disable=SC2317 # called through check_exit
preload_with() {
  local c=$1; shift
  LOCKWAIT_COUNTER=$c preload "$@"
}
# LOCKWAIT_COUNTER=0, then =1 (the default, explicit): the same known answer;
# up to three runs, as in known.sh (a busy host can stretch one), checked on
# the last. The report file is removed before each run: LOCKWAIT_OUT
# appends, and after a retry the file held two reports, so two timestamps
# lines and two process lines (the checks below failed on them)
for c in 0 1; do
  rep=$TMP/c$c.txt
  for attempt in 1 2 3; do
    rm -f "$rep"
    check_exit "LOCKWAIT_COUNTER=$c: runs under the preload (attempt $attempt)" 0 preload_with "$c" "$rep" \
      "$BUILD/lw_known" mutex
    info=$(cat "$TMP/stdout")
    w=$(val "$(result_line "$rep" lock "lock=$(val "$info" lock)")" wait_ns)
    own=$(val "$info" b_wait_ns)
    [ -n "$w" ] && [ "$w" -ge $((100 * MS)) ] && [ "$w" -le $((110 * MS)) ] &&
      [ "$w" -ge $((own - 10 * MS)) ] && [ "$w" -le $((own + 2 * MS)) ] && break
  done
  lk=$(result_line "$rep" lock "lock=$(val "$info" lock)")
  # 110 ms, or B's own stopwatch when a busy host stretched all three runs
  # (known.sh says more)
  within "LOCKWAIT_COUNTER=$c: B waited 100-110 ms (or up to 2 ms over B's stopwatch, $own ns)" \
    "$(val "$lk" wait_ns)" $((100 * MS)) "$(most_of $((110 * MS)) $((own + 2 * MS)))"
  within "LOCKWAIT_COUNTER=$c: within 10 ms under to 2 ms over B's stopwatch ($own ns)" "$(val "$lk" wait_ns)" \
    $((own - 10 * MS)) $((own + 2 * MS))
  within "LOCKWAIT_COUNTER=$c: A's hold >= 100 ms" "$(val "$lk" max_hold_ns)" $((100 * MS)) $((10000 * MS))
done
check_eq "LOCKWAIT_COUNTER=0: counter=0" 0 "$(counter_of "$TMP/c0.txt")"
check_eq "LOCKWAIT_COUNTER=0: the line says why" "CLOCK_MONOTONIC: LOCKWAIT_COUNTER=0" "$(stamp_line "$TMP/c0.txt")"
check_eq "LOCKWAIT_COUNTER=1: as the default" "$flag" "$(counter_of "$TMP/c1.txt")"

rep=$TMP/bad.txt
LOCKWAIT_COUNTER=yes LOCKWAIT_OUT=$rep LD_PRELOAD=$LIB "$BUILD/lw_counts" single 10 >"$TMP/bad.out" 2>"$TMP/bad.err"
check "bad LOCKWAIT_COUNTER: said on stderr" grep -q "LOCKWAIT_COUNTER='yes' ignored" "$TMP/bad.err"
check_eq "bad LOCKWAIT_COUNTER: the default kept" "$flag" "$(counter_of "$rep")"
# under a seccomp filter that kills at a clock_gettime system call
rc=0
"$BUILD/lw_seccomp" "$BUILD/lw_counts" single 10 >/dev/null 2>&1 || rc=$?
if [ "$rc" = 77 ]; then
  skip "seccomp: the preloaded program runs as bare" "no seccomp filter here (lw_seccomp)"
elif [ "$rc" != 0 ]; then
  skip "seccomp: the preloaded program runs as bare" "the bare program dies under the filter ($rc): its vDSO makes the call"
else
  rep=$TMP/seccomp.txt
  check_exit "seccomp: the preloaded program runs as bare (exit 0)" 0 "$BUILD/lw_seccomp" env LOCKWAIT_FULL_REPORTS=1 \
    LOCKWAIT_OUT="$rep" LD_PRELOAD="$LIB" "$BUILD/lw_counts" single 10
  check_exit "seccomp: a traced run exits 0 too" 0 "$BUILD/lw_seccomp" env LOCKWAIT_TRACE="$TMP/seccomp.trace" \
    LOCKWAIT_OUT="$TMP/seccomp-traced.txt" LD_PRELOAD="$LIB" "$BUILD/lw_counts" handoff 10
  check "... and its trace has no wake-up probe (its threads and futex calls could meet the filter)" grep -q ' wakeups=0' \
    <("$BUILD/lw_tracecheck" "$TMP/seccomp.trace" 2>&1 || true)
  if [ "$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || true)" = kvm-clock ]; then
    check "seccomp on kvm-clock: the line says why the counter was not timed" grep -q 'timestamps: .*seccomp' "$rep"
  fi
fi
finish

#!/usr/bin/env bash
# The ctxswitch binary: -h and -n, bad knobs exit 2 with nothing on stdout,
# and a tiny-ROUNDS smoke run (normal and ASan+UBSan builds) gives sane
# values: T1 > T2 > 0, every checksum ok, about 2 voluntary switches per
# pair round trip and none per single round trip on Linux, samples kept.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

cs=$BUILD/ctxswitch
check "ctxswitch -h prints usage on stdout" bash -c "'$cs' -h | grep -q '^usage: ctxswitch'"
check "-h lists every knob" bash -c "out=\$('$cs' -h); for k in ROUNDS REPS SIZES MAX_KIB STRIDES ACCESS MODE CPU PIN QUICK; do grep -q \"  \$k=\" <<<\"\$out\" || exit 1; done"
check "ctxswitch -n prints the plan with an estimate" bash -c "'$cs' -n | grep -q '^# ctxswitch_plan: cells=[0-9]* eta_s=[0-9]* sizes_kib='"

# bad input: exit 2, one line on stderr naming the knob, nothing on stdout
bad() { # bad NAME=VALUE...
  local out err rc=0
  out=$(env "$@" "$cs" 2>"$TMP/err") || rc=$?
  err=$(cat "$TMP/err")
  if [ "$rc" = 2 ] && [ -z "$out" ] && [ "$(wc -l <"$TMP/err")" = 1 ] && [[ $err == *"${1%%=*}"* ]]; then
    pass "$* exits 2 with one line naming ${1%%=*}, nothing on stdout"
  else
    fail "$* exits 2 with one line naming ${1%%=*}, nothing on stdout" "exit $rc, stdout '${out:0:80}', stderr '$err'"
  fi
}
bad ROUNDS=0
bad ROUNDS=-5
bad ROUNDS=1x
bad SIZES=abc
bad SIZES=4,,8
bad SIZES=0
bad STRIDES=3
bad STRIDES=12
bad STRIDES=8192
bad STRIDES=8,8
bad CPU=999
bad CPU=-1
bad ACCESS=bogus
bad ACCESS=rmw,rmw
bad MODE=fiber
bad REPS=0
bad MAX_KIB=0
bad PIN=2
bad QUICK=yes
check_exit "an unknown argument exits 2" 2 "$cs" --bogus
check_exit "an extra word exits 2" 2 "$cs" run

# smoke: tiny rounds, both modes, every access, two strides, two sizes
# shellcheck disable=SC2317 # called through check
smoke() { # smoke BINARY RAW
  env ROUNDS=300 REPS=3 SIZES=4,64 STRIDES=8,128 ACCESS=rmw,read,write MODE=process,thread "$1" >"$2" 2>"$TMP/smoke.err"
}
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
raw=$TMP/smoke.txt
check "a tiny-ROUNDS run succeeds" smoke "$cs" "$raw"
check_eq "every RESULT line follows the grammar" "" "$(result_grammar "$raw")"
n=$(grep -c '^RESULT exp=ctxswitch ' "$raw" || true)
# per mode: 1 direct cell; process: 2 sizes x (rmw/8, rmw/128, read/8, write/8); thread: 2 sizes x rmw/8,128
check_eq "the planned cells all ran (2 + 8 + 4)" 14 "$n"
check_eq "every cell's checksum is ok" "$n" "$(grep -c '^RESULT .* status=ok$' "$raw" || true)"
check_eq "two samples lines (pair, single) per cell, 3 samples each" "$((2 * n))" \
  "$(grep -c '^samples exp=ctxswitch .* run=\(pair\|single\) ns=[0-9]*,[0-9]*,[0-9]*$' "$raw" || true)"
for m in process thread; do
  line=$(grep "^RESULT exp=ctxswitch kind=direct mode=$m " "$raw" || true)
  half=$(field pair_half_rt_ns <<<"$line"); one=$(field single_rt_ns <<<"$line")
  # T1 = 2R * pair_half, T2 = R * single: T1 > T2 > 0
  check_awk "$m: T1 > T2 > 0 (T1/(2R) = $half ns, T2/R = $one ns)" "$half * 2 > $one && $one > 0"
done
if [ "$(uname -s)" = Linux ]; then
  # per cell: voluntary, involuntary (pair runs), all (single runs)
  grep '^RESULT ' "$raw" | while read -r l; do
    echo "$(field nvcsw_per_rt <<<"$l") $(field nivcsw_per_rt <<<"$l") $(field single_csw_per_rt <<<"$l")"
  done >"$TMP/csw"
  # shellcheck disable=SC2016 # awk programs: awk expands $1
  check "pair runs: 2 switches per round trip (+-0.1) in every cell" \
    awk '$1 + $2 < 1.9 || $1 + $2 > 2.1 { bad = 1 } END { exit bad || NR == 0 }' "$TMP/csw"
  # shellcheck disable=SC2016
  check "single runs: no switches to speak of (< 0.1 per round trip)" \
    awk '$3 >= 0.1 { bad = 1 } END { exit bad || NR == 0 }' "$TMP/csw"
  if grep -q '^# ctxswitch_config: .* sched=fifo ' "$raw"; then
    # shellcheck disable=SC2016
    check "under SCHED_FIFO every pair switch is voluntary (each side blocks in read)" \
      awk '$1 < 1.9 { bad = 1 } END { exit bad || NR == 0 }' "$TMP/csw"
  fi
fi
check_eq "C1, C2 and the indirect cost are the formula applied to the raw samples" "checked $n" \
  "$(awk -f "$ROOT/ctxswitch/tests/recompute.awk" "$raw")"
check "the raw output records pinning, scheduling, caches and the config" \
  bash -c "grep -q '^# ctxswitch_pinning: ' '$raw' && grep -q '^# ctxswitch_sched: ' '$raw' &&
           grep -q '^# ctxswitch_cache.*: L1 ' '$raw' && grep -q '^# ctxswitch_config: cpu=' '$raw'"
check_eq "stdout holds only '#', RESULT and samples lines" "" "$(grep -v '^\(# \|RESULT \|samples \)' "$raw" || true)"

# refused or unrequested pinning runs on and says so
check "PIN=0 runs and records that pinning was not requested" \
  bash -c "env PIN=0 ROUNDS=50 REPS=1 SIZES=4 MODE=process ACCESS=rmw STRIDES=8 '$cs' 2>/dev/null | grep -q '^# ctxswitch_pinning: not requested'"

# SCHED_FIFO refused (as for most users): the run goes on, says so, and the
# cells still pass (2 switches per round trip, about one of them involuntary)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 && command -v prlimit >/dev/null 2>&1; then
  nofifo=$TMP/nofifo.txt
  check "without CAP_SYS_NICE and RLIMIT_RTPRIO the run succeeds" bash -c \
    "setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice prlimit --rtprio=0 env ROUNDS=300 REPS=3 SIZES=4 MODE=process ACCESS=rmw STRIDES=8 '$cs' >'$nofifo' 2>/dev/null"
  check "... and records that SCHED_FIFO was refused" grep -q '^# ctxswitch_sched: SCHED_FIFO refused' "$nofifo"
  check_eq "... and its cells pass the self-checks" "" "$(grep '^RESULT ' "$nofifo" | grep -v ' check=ok ' || true)"
fi

# ASan + UBSan: the same smoke run, clean
if [ -x "$BUILD_ASAN/ctxswitch" ]; then
  check "ASan+UBSan build: the smoke run succeeds" smoke "$BUILD_ASAN/ctxswitch" "$TMP/asan.txt"
  check_eq "ASan+UBSan build: every checksum ok" "14" "$(grep -c '^RESULT .* status=ok$' "$TMP/asan.txt" || true)"
  check_eq "ASan+UBSan build: nothing reported on stderr but progress" "" \
    "$(grep -v '^ctxswitch: [0-9]*/[0-9]*, ' "$TMP/smoke.err" || true)"
else
  fail "ASan+UBSan build exists" "$BUILD_ASAN/ctxswitch missing (run SANITIZE=1 ./build.sh ctxswitch)"
fi
finish

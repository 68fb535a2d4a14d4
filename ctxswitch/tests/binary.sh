#!/usr/bin/env bash
# The ctxswitch binary: -h and -n, bad knobs exit 2 with nothing on stdout,
# and a tiny-ROUNDS smoke run (normal and ASan+UBSan builds) gives sane
# values: T1 > T2 > 0 in every repetition, every checksum ok, about 2
# voluntary switches per pair round trip and none per single round trip on
# Linux, the samples of every run kept, and every RESULT what its samples
# give (recompute.awk); DIRECT_ONLY=1 measures C1 alone.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

cs=$BUILD/ctxswitch
check "ctxswitch -h prints usage on stdout" bash -c "'$cs' -h | grep -q '^usage: ctxswitch'"
check "-h lists every knob" bash -c "out=\$('$cs' -h); for k in ROUNDS REPS MAX_CELL_S DIRECT_ONLY SIZES MAX_KIB STRIDES ACCESS MODE CPU PIN; do grep -q \"  \$k=\" <<<\"\$out\" || exit 1; done"
check "ctxswitch -n prints the plan with an estimate" bash -c "'$cs' -n | grep -q '^RESULT exp=ctxswitch kind=plan cells=[0-9]* eta_s=[0-9]* sizes_kib='"

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
bad DIRECT_ONLY=2
bad MAX_CELL_S=-1
bad MAX_CELL_S=1.5
check_exit "an unknown argument exits 2" 2 "$cs" --bogus
check_exit "an extra word exits 2" 2 "$cs" run

# smoke: tiny rounds, both modes, every access, two strides, two sizes
# shellcheck disable=SC2317 # called through check
smoke() { # smoke BINARY RAW
  env ROUNDS=300 REPS=6 MAX_CELL_S=0 SIZES=4,64 STRIDES=8,128 ACCESS=rmw,read,write MODE=process,thread "$1" >"$2" 2>"$TMP/smoke.err"
}
field() { kv_awk -v k="$1" '{ v = kv_get($0, k); if (v != "") print v }'; }
raw=$TMP/smoke.txt
check "a tiny-ROUNDS run succeeds" smoke "$cs" "$raw"
check_eq "every RESULT line follows the grammar" "" "$(result_grammar "$raw")"
n=$(grep -c '^RESULT exp=ctxswitch kind=\(direct\|total\) ' "$raw" || true)
# per mode: 1 direct cell; process: 2 sizes x (rmw/8, rmw/128, read/8, write/8); thread: 2 sizes x rmw/8,128
check_eq "the planned cells all ran (2 + 8 + 4)" 14 "$n"
check_eq "one paired process - thread line" 1 "$(grep -c '^RESULT exp=ctxswitch kind=mode_diff ' "$raw" || true)"
check_eq "every cell's checksum is ok" "$n" "$(grep -c '^RESULT .* status=ok$' "$raw" || true)"
# samples: T1, T2 (direct) or T1, T2, S1, S2 (sweep), and the repetitions' states
check_eq "samples: 2 runs per direct cell, 4 per sweep cell, one rep line each" "4 52 14" \
  "$(grep -c '^RESULT exp=ctxswitch kind=samples .* size_kib=0 .* run=T[12] rt_ns=' "$raw") $(grep -c '^RESULT exp=ctxswitch kind=samples .* run=[TS][12] rt_ns=[0-9.,]* wall_ns=[0-9,]* lost_share=[0-9.,NA]*$' "$raw") $(grep -c '^RESULT exp=ctxswitch kind=samples .* run=rep state=[cis,]* canary_ns=[0-9.,]*$' "$raw")"
check_eq "at least REPS repetitions per cell" "" \
  "$(grep '^RESULT exp=ctxswitch kind=samples .* run=rep ' "$raw" | awk '{ sub(/.*state=/, ""); sub(/ .*/, ""); if (split($0, x, ",") < 6) print }')"
# in every repetition of the direct cells: a pair round trip (two switches)
# takes longer than a single one (none), which takes some time
for m in process thread; do
  t1=$(grep "^RESULT exp=ctxswitch kind=samples mode=$m size_kib=0 .* run=T1 " "$raw" | field rt_ns)
  t2=$(grep "^RESULT exp=ctxswitch kind=samples mode=$m size_kib=0 .* run=T2 " "$raw" | field rt_ns)
  check_eq "$m: T1 > T2 > 0 in every repetition" "ok" "$(awk -v a="$t1" -v b="$t2" 'BEGIN { n = split(a, x, ","); split(b, y, ",")
    for (i = 1; i <= n; i++) if (!(x[i] + 0 > y[i] + 0 && y[i] + 0 > 0)) { print "rep " i ": " x[i] " " y[i]; exit } print (n ? "ok" : "none") }')"
done
if [ "$(uname -s)" = Linux ]; then
  # per cell: voluntary, involuntary (pair runs), all (single runs)
  grep '^RESULT exp=ctxswitch kind=\(direct\|total\) ' "$raw" | while read -r l; do
    echo "$(field nvcsw_per_rt <<<"$l") $(field nivcsw_per_rt <<<"$l") $(field single_csw_per_rt <<<"$l")"
  done >"$TMP/csw"
  # shellcheck disable=SC2016 # awk programs: awk expands $1
  check "pair runs: 2 switches per round trip (+-0.1) in every cell" \
    awk '$1 + $2 < 1.9 || $1 + $2 > 2.1 { bad = 1 } END { exit bad || NR == 0 }' "$TMP/csw"
  # shellcheck disable=SC2016
  check "single runs: no switches to speak of (< 0.1 per round trip)" \
    awk '$3 >= 0.1 { bad = 1 } END { exit bad || NR == 0 }' "$TMP/csw"
  if grep -q '^RESULT exp=ctxswitch kind=config .* sched=fifo ' "$raw"; then
    # shellcheck disable=SC2016
    check "under SCHED_FIFO every pair switch is voluntary (each side blocks in read)" \
      awk '$1 < 1.9 { bad = 1 } END { exit bad || NR == 0 }' "$TMP/csw"
  fi
fi
check_eq "every RESULT is what its samples give (formula, counts, medians, intervals, q)" "checked $((n + 1))" \
  "$(awk -f "$ROOT/common/kv.awk" -f "$ROOT/ctxswitch/tests/recompute.awk" "$raw")"
check "the raw output records pinning, scheduling, caches and the config" \
  bash -c "grep -q '^# ctxswitch_pinning: ' '$raw' && grep -q '^# ctxswitch_sched: ' '$raw' &&
           grep -q '^RESULT exp=ctxswitch kind=cache level=L1 ' '$raw' && grep -q '^RESULT exp=ctxswitch kind=config cpu=' '$raw' &&
           grep -q '^# ctxswitch_interference: o[nf]' '$raw' && grep -q '^RESULT exp=ctxswitch kind=interference judged=[01] ' '$raw' &&
           grep -q '^RESULT exp=ctxswitch kind=canary canary_best_ns=' '$raw'"

# DIRECT_ONLY=1: C1 of both modes and their paired difference, nothing else
direct=$TMP/direct.txt
check "DIRECT_ONLY=1 runs" bash -c "env DIRECT_ONLY=1 ROUNDS=300 REPS=6 MAX_CELL_S=0 '$cs' >'$direct' 2>/dev/null"
check_eq "DIRECT_ONLY=1: two direct cells, one mode_diff, no sweep cell" "direct direct mode_diff" \
  "$(grep -E '^RESULT exp=ctxswitch kind=(direct|total|mode_diff) ' "$direct" | field kind | tr '\n' ' ' | sed 's/ $//')"
check "DIRECT_ONLY=1: the plan says no sizes" grep -q '^RESULT exp=ctxswitch kind=plan cells=2 eta_s=[0-9]* sizes_kib=NA$' "$direct"
check_eq "stdout holds only '#' and RESULT lines" "" "$(grep -v '^\(# \|RESULT \)' "$raw" || true)"

# refused or unrequested pinning runs on and says so
check "PIN=0 runs and records that pinning was not requested" \
  bash -c "env PIN=0 ROUNDS=50 REPS=1 MAX_CELL_S=0 SIZES=4 MODE=process ACCESS=rmw STRIDES=8 '$cs' 2>/dev/null | grep -q '^# ctxswitch_pinning: not requested'"

# SCHED_FIFO refused (as for most users): the run goes on, says so, and the
# cells still pass (2 switches per round trip, about one of them involuntary)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 && command -v prlimit >/dev/null 2>&1; then
  nofifo=$TMP/nofifo.txt
  check "without CAP_SYS_NICE and RLIMIT_RTPRIO the run succeeds" bash -c \
    "setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice prlimit --rtprio=0 env ROUNDS=300 REPS=6 MAX_CELL_S=0 SIZES=4 MODE=process ACCESS=rmw STRIDES=8 '$cs' >'$nofifo' 2>/dev/null"
  check "... and records that SCHED_FIFO was refused" grep -q '^# ctxswitch_sched: SCHED_FIFO refused' "$nofifo"
  check_eq "... and its cells pass the self-checks" "" "$(grep -E '^RESULT exp=ctxswitch kind=(direct|total) ' "$nofifo" | grep -v ' check=ok ' || true)"
fi

# ASan + UBSan: the same smoke run, clean
if [ -x "$BUILD_ASAN/ctxswitch" ]; then
  check "ASan+UBSan build: the smoke run succeeds" smoke "$BUILD_ASAN/ctxswitch" "$TMP/asan.txt"
  check_eq "ASan+UBSan build: every checksum ok" "14" "$(grep -c '^RESULT .* status=ok$' "$TMP/asan.txt" || true)"
  check_eq "ASan+UBSan build: every RESULT is what its samples give" "checked 15" \
    "$(awk -f "$ROOT/common/kv.awk" -f "$ROOT/ctxswitch/tests/recompute.awk" "$TMP/asan.txt")"
  check_eq "ASan+UBSan build: nothing reported on stderr but progress" "" \
    "$(grep -v '^ctxswitch: [0-9]*/[0-9]*, ' "$TMP/smoke.err" || true)"
else
  fail "ASan+UBSan build exists" "$BUILD_ASAN/ctxswitch missing (run SANITIZE=1 ./build.sh ctxswitch)"
fi
finish

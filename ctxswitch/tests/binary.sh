#!/usr/bin/env bash
# The ctxswitch binary: -h and -n, bad knobs exit 2 with nothing on stdout,
# and a tiny-ROUNDS smoke run (normal and ASan+UBSan builds) gives sane
# values: T1 > T2 > 0 in every repetition, every checksum ok, about 2
# voluntary switches per pair round trip and none per single round trip on
# Linux, the samples of every block kept, every figure once per speed level
# with measurements and what its samples give (recompute.awk), and
# --rederive prints the same figure lines again from the samples;
# DIRECT_ONLY=1 measures C1 alone.
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
nd=$(grep -c '^RESULT exp=ctxswitch kind=mode_diff ' "$raw" || true)
# per mode: 1 direct cell; process: 2 sizes x (rmw/8, rmw/128, read/8, write/8); thread: 2 sizes x rmw/8,128
check_eq "the planned cells all ran (2 + 8 + 4)" 14 "$(grep -c '^RESULT exp=ctxswitch kind=samples .* run=block ' "$raw" || true)"
check_eq "every cell has a figure line in each level it has blocks in, and only there" "" \
  "$(kv_awk '/^RESULT exp=ctxswitch kind=samples .* run=block / { c = kv_get($0, "mode") " " kv_get($0, "size_kib") " " kv_get($0, "access") " " kv_get($0, "stride_bytes")
       n = split(kv_get($0, "state"), st, ","); for (i = 1; i <= n; i++) if (st[i] ~ /^[1-9]$/) want[c, st[i]] = 1 }
     /^RESULT exp=ctxswitch kind=(direct|total) / { got[kv_get($0, "mode") " " kv_get($0, "size_kib") " " kv_get($0, "access") " " kv_get($0, "stride_bytes"), kv_get($0, "speed_level")] = 1 }
     END { for (k in want) if (!(k in got)) print "missing", k; for (k in got) if (!(k in want)) print "extra", k }' "$raw" | sort)"
check_eq "one paired process - thread line per level of the direct cells" \
  "$(grep -c '^RESULT exp=ctxswitch kind=direct mode=process ' "$raw")" "$nd"
check_eq "every cell's checksum is ok" "$n" "$(grep -c '^RESULT .* status=ok$' "$raw" || true)"
levels=$(val "$(grep '^RESULT exp=ctxswitch kind=canary ' "$raw")" levels)
check_eq "one speed_level line per level, one of them the main level" "$levels 1" \
  "$(grep -c '^RESULT exp=ctxswitch kind=speed_level level=[0-9] levels=[0-9] canary_ns=[0-9.]* canary_ns_lo=[0-9.]* canary_ns_hi=[0-9.]* share=[0-9.]* n=[0-9]* main=[01]$' "$raw") $(grep -c '^RESULT exp=ctxswitch kind=speed_level .* main=1$' "$raw")"
# samples: T1, T2 (direct) or T1, T2, S1, S2 (sweep), and the repetitions' states
check_eq "samples: 2 runs per direct cell, 4 per sweep cell, one block line each" "4 52 14" \
  "$(grep -c '^RESULT exp=ctxswitch kind=samples .* size_kib=0 .* run=T[12] rt_ns=' "$raw") $(grep -c '^RESULT exp=ctxswitch kind=samples .* run=[TS][12] rt_ns=[0-9.,]* wall_ns=[0-9,]* lost_share=[0-9.,NA]*$' "$raw") $(grep -c '^RESULT exp=ctxswitch kind=samples .* run=block blocks_per_rep=4 block_round_trips=[0-9]* state=[1-9mi,]* canary_ns=[0-9.,]* canary_end_ns=[0-9.,]*$' "$raw")"
check_eq "at least REPS repetitions of 4 blocks per cell" "" \
  "$(grep '^RESULT exp=ctxswitch kind=samples .* run=block ' "$raw" | awk '{ sub(/.*state=/, ""); sub(/ .*/, ""); if (split($0, x, ",") < 24) print }')"
# each block begins where the one before it ended, within a repetition
check_eq "a block's first reading is the last one's second, within a repetition" "" \
  "$(kv_awk '/ run=block / { n = split(kv_get($0, "canary_ns"), a, ","); split(kv_get($0, "canary_end_ns"), b, ",")
       for (i = 2; i <= n; i++) if ((i - 1) % 4 && a[i] != b[i - 1]) { print "block " i; exit } }' "$raw")"
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
check_eq "every RESULT is what its samples give (formula, counts, medians, intervals, q)" "checked $((n + nd))" \
  "$(awk -f "$ROOT/common/kv.awk" -f "$ROOT/ctxswitch/tests/recompute.awk" "$raw")"
# and the check can fail: one block of the first cell moved to another level
# shellcheck disable=SC2016 # an awk program
moved=$(kv_awk '/ run=block / && !done { s = kv_get($0, "state"); t = s; sub(/[1-9]/, "x", t)
  d = substr(s, index(t, "x"), 1); t2 = s; sub(/[1-9]/, d == 1 ? 2 : 1, t2); sub("state=" s, "state=" t2); done = 1 } { print }' "$raw" |
  awk -f "$ROOT/common/kv.awk" -f "$ROOT/ctxswitch/tests/recompute.awk" | grep -c 'the samples say' || true)
check_awk "a block moved to another level shows in the counts ($moved lines)" "$moved > 0"
check_eq "--rederive prints the same figure and speed_level lines from the samples" \
  "$(grep -E '^RESULT exp=ctxswitch kind=(speed_level|direct|total|mode_diff) ' "$raw")" "$("$cs" --rederive "$raw")"
check "the raw output records pinning, scheduling, caches and the config" \
  bash -c "grep -q '^# ctxswitch_pinning: ' '$raw' && grep -q '^# ctxswitch_sched: ' '$raw' &&
           grep -q '^RESULT exp=ctxswitch kind=cache level=L1 ' '$raw' && grep -q '^RESULT exp=ctxswitch kind=config cpu=' '$raw' &&
           grep -q '^# ctxswitch_interference: o[nf]' '$raw' && grep -q '^RESULT exp=ctxswitch kind=interference judged=[01] ' '$raw' &&
           grep -q '^RESULT exp=ctxswitch kind=canary canary_best_ns=' '$raw'"

# DIRECT_ONLY=1: C1 of both modes and their paired difference, nothing else
direct=$TMP/direct.txt
check "DIRECT_ONLY=1 runs" bash -c "env DIRECT_ONLY=1 ROUNDS=300 REPS=6 MAX_CELL_S=0 '$cs' >'$direct' 2>/dev/null"
check_eq "DIRECT_ONLY=1: per level, two direct cells and one mode_diff, no sweep cell" "ok" \
  "$(grep -E '^RESULT exp=ctxswitch kind=(direct|total|mode_diff) ' "$direct" | kv_awk '{ l = kv_get($0, "speed_level"); c[l, kv_get($0, "kind")]++; lv[l] = 1 }
     END { bad = NR == 0; for (l in lv) if (c[l, "direct"] != 2 || c[l, "mode_diff"] != 1 || c[l, "total"]) bad = 1; print bad ? "bad" : "ok" }')"
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
  na=$(grep -c '^RESULT exp=ctxswitch kind=\(direct\|total\) ' "$TMP/asan.txt" || true)
  check_eq "ASan+UBSan build: every checksum ok" "$na" "$(grep -c '^RESULT .* status=ok$' "$TMP/asan.txt" || true)"
  check_eq "ASan+UBSan build: every RESULT is what its samples give" "checked $((na + $(grep -c '^RESULT exp=ctxswitch kind=mode_diff ' "$TMP/asan.txt" || true)))" \
    "$(awk -f "$ROOT/common/kv.awk" -f "$ROOT/ctxswitch/tests/recompute.awk" "$TMP/asan.txt")"
  check "ASan+UBSan build: --rederive runs clean" bash -c "'$BUILD_ASAN/ctxswitch' --rederive '$TMP/asan.txt' >/dev/null"
  check_eq "ASan+UBSan build: nothing reported on stderr but progress" "" \
    "$(grep -v '^ctxswitch: [0-9]*/[0-9]*, ' "$TMP/smoke.err" || true)"
else
  fail "ASan+UBSan build exists" "$BUILD_ASAN/ctxswitch missing (run SANITIZE=1 ./build.sh ctxswitch)"
fi
finish

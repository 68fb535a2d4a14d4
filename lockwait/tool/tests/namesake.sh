#!/usr/bin/env bash
# namesake.sh - two locks with one label: a program whose two files each
# have a static mutex named m, both contended. lockwait_report --lock m
# must refuse (exit 2) and name both candidates by address, --lock ADDR
# must pick one, and the what-if sentences of the two must differ.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

L=$ROOT/lockwait/tool/lockwait
R=$BUILD/lockwait_report
# one file per lock: the same static name in both (two local symbols m)
for f in a b; do
  cat >"$TMP/$f.c" <<C
#include <pthread.h>
#include <time.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void *work_$f(void *p) {
  struct timespec h = {0, 2000000};
  for (int i = 0; i < 5; i++) { pthread_mutex_lock(&m); nanosleep(&h, 0); pthread_mutex_unlock(&m); }
  return p;
}
void run_$f(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, work_$f, 0);
  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
}
C
done
printf 'void run_a(void); void run_b(void);\nint main(void) { run_a(); run_b(); return 0; }\n' >"$TMP/main.c"
if ! cc -g -O0 -fno-omit-frame-pointer -pthread -o "$TMP/twom" "$TMP/main.c" "$TMP/a.c" "$TMP/b.c" 2>"$TMP/cc.err"; then
  skip "two locks named m" "cc failed: $(head -n 1 "$TMP/cc.err")"
  finish
fi
"$L" -o "$TMP/report.txt" --trace "$TMP/twom.trace" -- "$TMP/twom"
check_exit "--lock m with two locks labelled m: refused (exit 2)" 2 "$R" --what-if 0.5 --lock m "$TMP/twom.trace"
cp "$TMP/out" "$TMP/refused.txt"
check "... naming both candidates by address" grep -Eq -- '--lock m: 2 locks in .* have that label: 0x[0-9a-f]+ \(mutex\), 0x[0-9a-f]+ \(mutex\); name one by its address' "$TMP/refused.txt"
addr=$(grep -Eo '0x[0-9a-f]+ \(mutex\)' "$TMP/refused.txt" | head -n 1 | cut -d' ' -f1)
check "--lock ADDR picks one of them" "$R" --what-if 0.5 --lock "$addr" "$TMP/twom.trace"
"$R" --what-if 0.5 "$TMP/twom.trace" >"$TMP/all.out" 2>"$TMP/all.err"
check_eq "the two what-if sentences differ: each says its address" 2 \
  "$(grep -Ec '^  halving the holds of m \(0x[0-9a-f]+\) would' "$TMP/all.err")"
check_eq "... and the RESULT lines keep the label as one word" 2 "$(grep -c 'kind=whatif .* lock=m lock_addr=0x' "$TMP/all.out")"
finish

#!/usr/bin/env bash
# Adding an experiment is one new directory plus one word in
# common/experiments (docs/adding-an-experiment.md). In a temp copy of the
# checkout a fourth experiment, "demo", is written that way: it builds with
# build.sh, runs under run.sh, has its section in the summary, and its
# deliberately failing test is counted as failed by test.sh; unregistered,
# test.sh reports the directory instead of silently not running its tests.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_built "$R"
# test.sh builds the sanitizer build too: start it from this checkout's
if [ -d "$BUILD_ASAN" ]; then
  cp -R "$BUILD_ASAN" "$R/build-asan"
  find "$R/build-asan" -exec touch {} +
fi

# ---- the skeleton: only demo/ and one word in the list ----
D=$R/demo
mkdir -p "$D/tests"
cat >"$D/demo.c" <<'C'
/* demo.c - the smallest experiment: sums 1..n and checks the sum. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: demo N\n", stderr);
        return 2;
    }
    long n = strtol(argv[1], NULL, 10);
    volatile long sum = 0;
    for (long i = 1; i <= n; i++)
        sum += i;
    printf("RESULT exp=demo kind=sum n=%ld sum=%ld status=%s\n", n, (long)sum,
           sum == n * (n + 1) / 2 ? "ok" : "mismatch");
    return 0;
}
C
# build.sh and exp.sh are the examples of docs/adding-an-experiment.md, so
# the contract written there is the one that works
# doc_block FILE: the code block of the doc whose first line is "# demo/FILE - ..."
doc_block() {
  # input: markdown; prints the lines of that fenced block
  awk -v f="# demo/$1 - " '/^```/ { if (on) exit; fence = 1; next }
    fence && index($0, f) == 1 { on = 1 } { fence = 0 } on' "$ROOT/docs/adding-an-experiment.md"
}
doc_block build.sh >"$D/build.sh"
doc_block exp.sh >"$D/exp.sh"
check "the doc's build.sh example defines build_demo" grep -q '^build_demo()' "$D/build.sh"
check "the doc's exp.sh example defines the four functions" \
  bash -c "for f in check knobs eta run; do grep -q \"^demo_\$f()\" '$D/exp.sh' || exit 1; done"
cat >"$D/summary.awk" <<'AWK'
# input: RESULT exp=demo kind=sum n=N sum=S status=ok
$1 == "RESULT" && $3 == "kind=sum" { split($4, n, "="); split($5, s, "="); row = demo_row(n[2], s[2]) }
END { print "### demo"; print ""; print "| n | sum |"; print "|---:|---:|"; print row; print "" }
AWK
# a library of its summary (run.sh loads demo/lib_*.awk before it)
echo 'function demo_row(n, sum) { return "| " n " | " sum " |" }' >"$D/lib_row.awk"
cat >"$D/tests/fails.sh" <<'SH'
#!/usr/bin/env bash
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"
pass "demo passing check"
fail "demo deliberately failing check" "on purpose"
finish
SH
echo demo >>"$R/common/experiments"

# every file of the copy that is new or differs from the checkout's
changed() {
  (cd "$R" && find . -type f ! -path './build*' ! -path './results/*' | LC_ALL=C sort |
    while IFS= read -r f; do cmp -s "$f" "$ROOT/$f" || echo "${f#./}"; done |
    sed 's|^demo/.*|demo/|' | uniq | paste -sd' ' -)
}
check_eq "only demo/ and common/experiments differ from the checkout" "common/experiments demo/" "$(changed)"

# ---- it builds, runs and is summarised ----
check "build.sh demo builds it" bash -c "cd '$R' && ./build.sh demo 2>/dev/null && test -x build/demo"
check "build.sh -h names it" bash -c "'$R/build.sh' -h | grep -q 'false_sharing ctxswitch lockwait demo'"
rc=0; (cd "$R" && QUICK=1 ./run.sh demo >/dev/null 2>"$TMP/run.err") || rc=$?
check_eq "QUICK=1 ./run.sh demo exits 0" "0 " "$rc $(tail -n 1 "$TMP/run.err" | grep -i 'fail\|error' || true)"
raw=$R/results/quick-demo-raw.txt
check "its raw file has its RESULT line" grep -q '^RESULT exp=demo kind=sum n=10 sum=55 status=ok$' "$raw"
check "its raw file names its settings" grep -q '^# knobs: QUICK=1 REPS=default PIN=default DEMO_N=10$' "$raw"
check "the summary has its section" grep -q '^### demo$' "$R/results/quick-summary.md"
check "the summary has its table (drawn by its library, lib_row.awk)" grep -qx '| 10 | 55 |' "$R/results/quick-summary.md"
check "the summary's run table lists it" grep -q '^| demo | ' "$R/results/quick-summary.md"
check_exit "run.sh rejects its bad knob (exit 2)" 2 env DEMO_N=0 "$R/run.sh" demo

# ---- run.sh revises its estimate at the pace of the invocations done ----
# demo made slower than its estimate: 1 s planned, 2 s taken per invocation
cat >>"$D/exp.sh" <<'SH'
demo_eta() { echo 1; }
eval "$(declare -f demo_run | sed '1s/demo_run/demo_run_doc/')"
demo_run() { sleep 2; demo_run_doc "$@"; }
SH
# (estimated from demo_eta, not from what the first run took here)
rm -f "$R/results/quick-timings.txt"
rc=0; (cd "$R" && QUICK=1 INVOCATIONS=3 ./run.sh demo >/dev/null 2>"$TMP/pace.err") || rc=$?
check_eq "INVOCATIONS=3 QUICK=1 ./run.sh demo, 2 s an invocation for 1 s planned: exit 0" 0 "$rc"
# (the seconds so far are the machine's: a busy one may have spent 1 s before it)
check "the first invocation's line gives the estimate, ~3 s" grep -q '^run.sh: demo, invocation 1 of 3 (about 1 s; [0-9]* s of ~3 s so far)$' "$TMP/pace.err"
# input: "run.sh: demo, invocation 3 of 3 (about 1 s; D s of ~M s so far, at this pace)"
m=$(sed -n 's/^run.sh: demo, invocation 3 of 3 (about 1 s; [0-9]* s of ~\([0-9]*\) s so far, at this pace)$/\1/p' "$TMP/pace.err")
check_awk "the third invocation's line revises the total at the pace so far (~6 s, not ~3)" "\"$m\" != \"\" && $m + 0 >= 5" \
  "$(grep 'invocation 3 of 3' "$TMP/pace.err")"

# ---- test.sh runs its tests and counts the failure ----
rc=0; (cd "$R" && ./test.sh demo/ >"$TMP/test.out" 2>&1) || rc=$?
check_eq "test.sh demo/: exit 1" "1" "$rc"
check "test.sh demo/ runs demo/tests/fails.sh" grep -qx '# demo/tests/fails.sh' "$TMP/test.out"
check "test.sh demo/ reports the failing check" grep -q '^not ok - demo deliberately failing check' "$TMP/test.out"
# passed: the registration, the build, and demo's passing check
check_eq "test.sh demo/ counts it as failed" "3 passed, 1 failed, 0 skipped" "$(tail -n 1 "$TMP/test.out")"

# ---- unregistered: a failed check, not silence ----
grep -vx demo "$R/common/experiments" >"$TMP/list" && cp "$TMP/list" "$R/common/experiments"
rc=0; (cd "$R" && ./test.sh demo/ >"$TMP/test2.out" 2>&1) || rc=$?
check_eq "unregistered: test.sh exits 1" "1" "$rc"
check "unregistered: test.sh names the directory" \
  grep -q '^not ok - experiment registration: demo/ has an exp.sh but is not in common/experiments' "$TMP/test2.out"
check_exit "unregistered: run.sh demo is an unknown experiment (exit 2)" 2 "$R/run.sh" demo
finish

#!/usr/bin/env bash
# Nothing lost, nothing half-written: a run that cannot splice README.md (CRLF
# line ends, an edited marker) stops before it moves anything; after a
# SIGKILL of run.sh the benchmark does not run on as an orphan and the next
# run removes what the dead one left; a benchmark whose output cannot be
# written (a full disk) exits non-zero and says so once; a run that fails
# part-way keeps what it measured in results/failed-*/; results/ files it
# replaces keep their modes; an up-to-date build.sh
# works in a read-only checkout.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_built "$R"
TINY=(ITERS_LOG2=12 REPS=1 THREADS=1)

# README.md that cannot take the summary: refused before anything is moved
cp "$R/README.md" "$TMP/README.orig"
sed 's/$/\r/' "$TMP/README.orig" >"$R/README.md"
before=$(tree_sum "$R/results" "$R/README.md")
rc=0; env "${TINY[@]}" "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
check_eq "CRLF README.md: run.sh exits 1" 1 "$rc"
check "CRLF README.md: the message says CRLF" grep -q 'CRLF' "$TMP/err"
check_eq "CRLF README.md: results/ and README.md unchanged" "$before" "$(tree_sum "$R/results" "$R/README.md")"
sed 's/^<!-- results:end -->$/<!-- results: end -->/' "$TMP/README.orig" >"$R/README.md"
before=$(tree_sum "$R/results" "$R/README.md")
rc=0; env "${TINY[@]}" "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
check_eq "edited end marker: run.sh exits 1" 1 "$rc"
check_eq "edited end marker: one line saying what is wrong" "1 1" \
  "$(wc -l <"$TMP/err") $(grep -c "needs exactly one '<!-- results:begin -->' line" "$TMP/err")"
check_eq "edited end marker: results/ and README.md unchanged" "$before" "$(tree_sum "$R/results" "$R/README.md")"
cp "$TMP/README.orig" "$R/README.md"

# SIGKILL of run.sh mid-run: the benchmark dies with it (Linux), the next run
# cleans up the temp directory it left
if [ "$(uname -s)" = Linux ]; then
  # C2C=0: no core-to-core map, whose short process would end between the
  # wait below and the check
  C2C=0 QUICK=1 ITERS_LOG2=24 REPS=100 THREADS=1 "$R/run.sh" false_sharing >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 600); do [ -n "$(running "$R/build/false_sharing")" ] && break; sleep 0.05; done
  check "SIGKILL: the benchmark was running" test -n "$(running "$R/build/false_sharing")"
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null || true
  for _ in $(seq 100); do [ -z "$(running "$R/build/false_sharing")" ] && break; sleep 0.05; done
  check_eq "SIGKILL of run.sh: no benchmark left running" "" "$(running "$R/build/false_sharing")"
  check "SIGKILL of run.sh: it left a temp directory" bash -c "ls -d '$R'/results/.tmp.* >/dev/null 2>&1"
  # a results file it replaces keeps its mode; one it creates follows the umask
  echo old >"$R/results/quick-summary.md"
  chmod 640 "$R/results/quick-summary.md"
  rm -f "$R/results/quick-ctxswitch-raw.txt"
  rc=0; (umask 022 && QUICK=1 REPS=3 ROUNDS=200 SIZES=4 "$R/run.sh" ctxswitch >/dev/null 2>"$TMP/err") || rc=$?
  check_eq "the next run succeeds" 0 "$rc"
  check_eq "a replaced results file keeps its mode (640), a new one has the umask's (644)" "640 644" \
    "$(file_mode "$R/results/quick-summary.md") $(file_mode "$R/results/quick-ctxswitch-raw.txt")"
  check "the next run says it removed what the dead run left" grep -q 'removing what an unfinished run left' "$TMP/err"
  check_eq "the next run leaves no temp directory or lock" "" \
    "$(find "$R/results" "$R" -maxdepth 1 \( -name '.tmp*' -o -name '.lock*' -o -name '.README*' \))"
else
  skip "SIGKILL of run.sh" "a benchmark dies with run.sh on Linux only (prctl)"
fi

# an experiment that fails part-way (a stand-in workload whose every run
# after the second fails: pair 2, run again three times, stops lockwait): exit 1, the
# summary and README.md as they were, and what it measured kept in a
# directory of its own, its unfinished invocation's lines tagged inv=1
cp "$R/build/lockwait_workload" "$TMP/workload.real"
cat >"$R/build/lockwait_workload" <<EOF
#!/usr/bin/env bash
n=\$((\$(cat "$TMP/calls" 2>/dev/null || echo 0) + 1)); echo "\$n" >"$TMP/calls"
[ "\$n" -le 2 ] || exit 255
exec "$TMP/workload.real" "\$@"
EOF
chmod +x "$R/build/lockwait_workload"
touch "$R/build/lockwait_workload" # newer than its sources: build.sh keeps it
rm -rf "$R"/results/failed-*
before=$(tree_sum "$R/results" "$R/README.md")
rc=0; QUICK=1 REPS=3 LOCKWAIT_SCENARIOS=cond LOCKWAIT_WHATIF=off "$R/run.sh" lockwait >/dev/null 2>"$TMP/err" || rc=$?
kept=$(find "$R/results" -path '*/failed-*/quick-lockwait-raw.txt')
check_eq "a run that fails part-way: exit 1, and one directory of what it measured" "1 1" "$rc $(echo "$kept" | grep -c .)"
check "... the message names it" grep -q 'what it measured before the failure (raw lines only, not summarised) is in results/failed-[0-9TZ]*/' "$TMP/err"
check "... it has pair 1 and the four failed runs, tagged inv=1" \
  bash -c "grep -q '^RESULT exp=lockwait kind=pair inv=1 scenario=cond rep=1 ' '$kept' && [ \$(grep -c '^RESULT exp=lockwait kind=failed_run inv=1 ' '$kept') = 4 ]"
rm -rf "$R"/results/failed-*
check_eq "... README.md and the rest of results/ as they were" "$before" "$(tree_sum "$R/results" "$R/README.md")"
cp -p "$TMP/workload.real" "$R/build/lockwait_workload"

# a full disk: every program says it could not write its output, exit 1
if [ -w /dev/full ]; then
  B=$R/build
  full() { # full NAME CMD...: CMD with stdout on /dev/full
    local name=$1 rc=0; shift
    "$@" >/dev/full 2>"$TMP/err" || rc=$?
    check_eq "$name >/dev/full: exit 1 with one error line, that it cannot write" "1 1 1" \
      "$rc $(grep -c '^error: .*\(cannot write\|No space left\)' "$TMP/err") $(grep -c '^error: ' "$TMP/err")"
  }
  full machine "$B/machine"
  full clock_estimate "$B/clock_estimate" -n 16 -r 1
  full false_sharing env "${TINY[@]}" "$B/false_sharing"
  full ctxswitch env REPS=2 MAX_CELL_S=0 ROUNDS=200 SIZES=4 "$B/ctxswitch"
  full lockwait_workload "$B/lockwait_workload" -n 200 mutex
  full lockwait_report "$B/lockwait_report" "$ROOT/lockwait/tool/tests/report-fixture.trace"
  # one line, not the program's own and then check_stdout's (common/common.c)
  full handoff "$B/handoff"
  full wakeup "$B/wakeup" -n 11
  full stats sh -c "echo 1 2 3 4 5 6 7 | '$B/stats' median"
else
  skip "output to a full disk" "no writable /dev/full on $(uname -s)"
fi

# an up-to-date build in a read-only checkout writes nothing, so it works
if [ "$(id -u)" != 0 ]; then
  chmod -R a-w "$R"
  check "build.sh in a read-only checkout that is built" "$R/build.sh"
  chmod -R u+w "$R"
elif unshare -m true 2>/dev/null; then
  check "build.sh in a read-only checkout that is built" \
    unshare -m bash -c "mount --bind '$R' '$R' && mount -o remount,ro,bind '$R' && '$R/build.sh'"
else
  skip "build.sh in a read-only checkout" "as root this needs a read-only mount (unshare -m)"
fi
finish

#!/usr/bin/env bash
# test.sh itself: Ctrl-C (SIGINT to its process group, as a terminal sends
# it) stops the whole run, not only the test file it interrupts, and prints
# the counts so far; SIGTERM to test.sh alone stops the file it runs too; an
# empty FILTER word is refused; a TMPDIR that cannot take its log stops it
# before the build. In a temp copy of the checkout with two slow test files.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

if ! signal_usable INT; then
  skip "Ctrl-C stops test.sh" "SIGINT is ignored in this shell and env --default-signal is missing"
  finish
fi
R=$TMP/repo
scratch_built "$R"
# test.sh builds the sanitizer build too: start it from this checkout's
if [ -d "$BUILD_ASAN" ]; then
  cp -R "$BUILD_ASAN" "$R/build-asan"
  find "$R/build-asan" -exec touch {} +
fi
# a TMPDIR that cannot take test.sh's log: said before the build, in one line
rc=0; (cd "$R" && TMPDIR=$TMP/no/such ./test.sh zz >"$TMP/tmpdir.out" 2>&1) || rc=$?
check_eq "a TMPDIR that does not exist: exit 1, one line, nothing built" \
  "1|test.sh: cannot create a temp file in $TMP/no/such (TMPDIR): nothing was built or run" "$rc|$(cat "$TMP/tmpdir.out")"
# a file that exits non-zero without a failed check is still a failure
printf '#!/usr/bin/env bash\necho "ok - one check"\nexit 3\n' >"$R/common/tests/zz_exit3.sh"
rc=0; (cd "$R" && ./test.sh zz_exit3 >"$TMP/exit3.out" 2>&1) || rc=$?
check_eq "a file exiting 3 after passing checks: test.sh exits 1" 1 "$rc"
check "... and counts it as failed, with its exit status" \
  grep -qx 'not ok - common/tests/zz_exit3.sh: exited 3 without a failed check' "$TMP/exit3.out"
check_eq "... in the last line" "3 passed, 1 failed, 0 skipped" "$(tail -n 1 "$TMP/exit3.out")"

# each waits for a child that, as run.sh does, catches SIGINT and exits
for n in a b; do
  cat >"$R/common/tests/zz_slow_$n.sh" <<SH
#!/usr/bin/env bash
echo \$\$ >"$TMP/slow_$n.pid"
echo "ok - slow $n started"
bash -c 'trap "exit 130" INT; sleep 60 & wait' || true
echo "ok - slow $n went on"
sleep 60
SH
done

out=$TMP/test.out
set -m # test.sh in a process group of its own, as a terminal's foreground job
(cd "$R" && exec "${SIGNALS_DEFAULT[@]}" ./test.sh zz_slow_) >"$out" 2>&1 &
pid=$!
set +m
for _ in $(seq 1200); do grep -q '^ok - slow a started' "$out" && break; sleep 0.1; done
t0=$(date +%s)
kill -INT -- "-$pid" 2>/dev/null || true
rc=0; wait "$pid" || rc=$?
took=$(($(date +%s) - t0))
check_eq "Ctrl-C: test.sh exits 130" "130" "$rc"
check_awk "Ctrl-C: test.sh stops at once (took ${took}s)" "$took < 20"
check "Ctrl-C: the interrupted file does not go on" bash -c "! grep -q 'slow a went on' '$out'"
check "Ctrl-C: the next test file does not start" bash -c "! grep -q 'zz_slow_b' '$out'"
check "Ctrl-C: it says it was interrupted, in which file" grep -q '^test.sh: interrupted (SIGINT) in common/tests/zz_slow_a.sh' "$out"
# registration, the build and the first line of zz_slow_a
check_eq "Ctrl-C: the last line is the counts so far" "3 passed, 0 failed, 0 skipped" "$(tail -n 1 "$out")"
kill -TERM -- "-$pid" 2>/dev/null || true

# SIGTERM to test.sh alone (kill PID, a CI job's timeout): the test file it
# runs, in a process group of its own, stops too (it ran on as an orphan).
# A fresh output and pid file: the wait below once read the Ctrl-C run's
# "slow a started" before the new run had emptied the file, and its SIGTERM
# came before test.sh had set its traps (a fresh-clone run, 2026-12-07)
out=$TMP/term.out
rm -f "$TMP/slow_a.pid"
set -m
(cd "$R" && exec ./test.sh zz_slow_) >"$out" 2>&1 &
pid=$!
set +m
for _ in $(seq 1200); do grep -q '^ok - slow a started' "$out" && break; sleep 0.1; done
kill -TERM "$pid"
rc=0; wait "$pid" || rc=$?
check_eq "SIGTERM: test.sh exits 143" "143" "$rc"
check "SIGTERM: it says so, in which file" grep -q '^test.sh: interrupted (SIGTERM) in common/tests/zz_slow_a.sh' "$out"
slow=$(cat "$TMP/slow_a.pid")
sleep 0.5
# alive: neither gone nor a zombie (ps says Z) waiting for its orphan reaper
if kill -0 "$slow" 2>/dev/null && [[ $(ps -o stat= -p "$slow" 2>/dev/null) != Z* ]]; then
  fail "SIGTERM: the test file it ran is gone" "zz_slow_a.sh (pid $slow) still runs"
  kill -TERM -- "-$(ps -o pgid= -p "$slow" | tr -d ' ')" 2>/dev/null || kill -TERM "$slow" 2>/dev/null || true
else
  pass "SIGTERM: the test file it ran is gone"
fi
kill -TERM -- "-$pid" 2>/dev/null || true

# an empty FILTER word would run every test file: refused
rc=0; (cd "$R" && ./test.sh "" >"$TMP/empty.out" 2>&1) || rc=$?
check_eq "an empty FILTER word: exit 2, no test run" "2 0" "$rc $(grep -c '^# ' "$TMP/empty.out")"
finish

#!/usr/bin/env bash
# An interrupt while run.sh runs the lockwait experiment says so: most of
# that time is spent in runs whose stderr goes to a temp file (run_child ...
# 2>FILE), and the message must reach run.sh's own stderr, not that file.
# Five runs, each interrupted once the lockwait runs have begun.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

R=$TMP/repo
scratch_repo "$R"
(cd "$R" && ./build.sh lockwait >/dev/null 2>&1)
set -m # own process group per run, SIGINT not ignored (see common/tests/run_sh.sh)
if ! signal_usable INT; then
  skip "interrupts during lockwait" "SIGINT is ignored in this test (started in the background) and env --default-signal cannot undo it"
  finish
fi
for i in 1 2 3 4 5; do
  QUICK=1 ${SIGNALS_DEFAULT[@]+"${SIGNALS_DEFAULT[@]}"} "$R/run.sh" lockwait >/dev/null 2>"$TMP/err.$i" &
  pid=$!
  for _ in $(seq 600); do # until a lockwait run has started (at most 60 s)
    grep -q '^lockwait (' "$TMP/err.$i" && break
    sleep 0.1
  done
  sleep "0.$((i * 15 % 10))"
  kill -INT -- -"$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if grep -q '^run.sh: done' "$TMP/err.$i"; then
    echo "# run $i finished before the interrupt"
    continue
  fi
  check "interrupt $i during lockwait: run.sh says it was interrupted" grep -q '^run.sh: interrupted' "$TMP/err.$i"
done
set +m
finish

#!/usr/bin/env bash
# One run at a time, under stress: 100 times, 4 run.sh start at once in one
# checkout (a quarter of the time over a lock left by a run that died, a
# quarter over one whose pid now belongs to an unrelated process, a quarter
# over an older run.sh's lock directory); exactly one may run each time, the
# others refuse naming it, and no lock is left. An older run.sh's lock
# directory whose pid was reused does not block; a live one's does. run.sh's test hook
# SHARECOST_TEST_HOLD makes the winner hold the lock until the test
# releases it, running nothing, so the stress takes seconds.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_repo "$R"
H=$TMP/hold
TRIALS=${LOCK_TRIALS:-100} N=4
sleep 0 & dead=$!
wait "$dead" # a pid nobody has any more
sleep 600 & unrelated=$! # a live process that is not a run.sh

got() { if [ -e "$H.got" ]; then wc -l <"$H.got"; else echo 0; fi; }
one_each=0 refusals_named=0 bad=()
for ((i = 1; i <= TRIALS; i++)); do
  rm -f "$H".*
  case $((i % 4)) in
    1) ln -s "pid=$dead start=12345" "$R/results/.lock" ;;
    2) ln -s "pid=$unrelated start=1" "$R/results/.lock" ;;
    # written long ago, as a dead run's lock is: this test forks more
    # processes than pid_max (32768 on small machines), so $dead's number comes
    # round again, and a contender (a run.sh) that got it in the second the
    # file was written would count as its live holder: all four refused
    3) mkdir "$R/results/.lock" && echo "$dead" >"$R/results/.lock/pid" &&
       touch -t 200001010000 "$R/results/.lock/pid" ;;
  esac
  pids=()
  for ((k = 0; k < N; k++)); do
    SHARECOST_TEST_HOLD=$H "$R/run.sh" >/dev/null 2>"$TMP/err.$k" &
    pids+=("$!")
  done
  # wait until every contender either holds the lock or has exited
  for ((w = 0; w < 3000; w++)); do
    got=$(got) exited=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null || exited=$((exited + 1)); done
    [ $((got + exited)) -lt "$N" ] || break
    sleep 0.01
  done
  touch "$H.release"
  for p in "${pids[@]}"; do wait "$p" || true; done
  got=$(got)
  if [ "$got" = 1 ]; then one_each=$((one_each + 1)); else bad+=("trial $i: $got runs"); fi
  [ "$(grep -l 'another run.sh (pid [0-9]*) is running' "$TMP"/err.* | wc -l)" = $((N - got)) ] &&
    refusals_named=$((refusals_named + 1))
  [ ! -e "$R/results/.lock" ] && [ ! -L "$R/results/.lock" ] || bad+=("trial $i: a lock was left")
done

# an older run.sh's lock directory: its pid now an unrelated process's
# (kill -0 alone blocked every run), or a live run.sh's (refused)
legacy() { # legacy PID: one run.sh over a lock directory naming PID; prints "exit runs"
  rm -rf "$R/results/.lock" "$H".*
  mkdir "$R/results/.lock" && echo "$1" >"$R/results/.lock/pid"
  touch "$H.release"
  local rc=0
  SHARECOST_TEST_HOLD=$H "$R/run.sh" >/dev/null 2>"$TMP/legacy.err" || rc=$?
  echo "$rc $(got)"
}
check_eq "a legacy lock directory whose pid an unrelated process reused: the run goes ahead" "0 1" "$(legacy "$unrelated")"
bash -c 'exec -a run.sh sleep 600' & fake_run=$!
sleep 0.2 # its command line is run.sh's once exec is done
check_eq "a legacy lock directory of a live run.sh: refused" "1 0" "$(legacy "$fake_run")"
check "... naming its pid" grep -q "another run.sh (pid $fake_run) is running" "$TMP/legacy.err"
kill "$fake_run" "$unrelated" 2>/dev/null || true
rm -rf "$R/results/.lock"

check_eq "$TRIALS times $N run.sh at once: exactly one ran each time" "$TRIALS" "$one_each"
check_eq "the others refused, naming the running one's pid, each time" "$TRIALS" "$refusals_named"
check_eq "no lock left after any trial, nor a second run" "" "${bad[*]:0:5}"
check_eq "no reaper directory left" "" "$(find "$R/results" -maxdepth 1 -name '.lock.reap*')"
finish

#!/usr/bin/env bash
# Progress lines ("LABEL: DONE/TOTAL, E s elapsed, ~R s left") keep the
# total they started with, and the last one reaches it: rounds and pairs
# that the repetition rule adds beyond the plan used to push the total ahead
# (false_sharing: "1/210" for 482 rounds; lockwait: 18, 20, 25, 33, 34).
# run.sh's estimate says when it cannot hold, and its last line compares.
# In a log file no line repeats the one before, and besides the first and
# the last there is at most one per 5 s.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

# totals LABEL FILE: "first_total last_done last_total distinct_totals" of
# LABEL's progress lines in FILE
totals() {
  # input: "LABEL...: DONE/TOTAL, E s elapsed, ~R s left" among other stderr lines
  awk -v l="$1" 'index($0, l) == 1 && match($0, /: [0-9]+\/[0-9]+, [0-9]+ s elapsed/) {
      split(substr($0, RSTART + 2, RLENGTH), f, /[\/,]/)
      if (!n++) first = f[2]; done = f[1]; tot = f[2]; if (!(tot in seen)) { seen[tot] = 1; k++ } }
    END { print first + 0, done + 0, tot + 0, k + 0 }' "$2"
}
# steady NAME LABEL FILE: one total throughout, reached by the last line
steady() {
  local t
  read -r -a t <<<"$(totals "$2" "$3")"
  if [ "${t[3]}" = 1 ] && [ "${t[1]}" = "${t[2]}" ]; then pass "$1"
  else fail "$1" "first total ${t[0]}, last ${t[1]}/${t[2]}, ${t[3]} distinct totals: $(grep -m 3 "^$2" "$3" | tr '\n' '|')"
  fi
}

# false_sharing: a cap of 1 s adds rounds beyond REPS + 1 for the target
env ITERS_LOG2=10 REPS=1 MAX_CELL_S=1 THREADS=1 PAIRS=0 "$BUILD/false_sharing" >/dev/null 2>"$TMP/fs.err" ||
  fail "false_sharing ran" "$(tail -n 2 "$TMP/fs.err")"
steady "false_sharing: the progress total stays, and is reached, when rounds are added" "false_sharing: " "$TMP/fs.err"
# in a log file (stderr not a terminal): no line repeats the one before (a
# run printed "360/360" 475 times), and besides the first and the last at
# most one line per 5 s (common.c's progress)
# input: the progress lines "false_sharing: DONE/TOTAL, E s elapsed, ..."
check_eq "false_sharing: no progress line repeats the one before" "" \
  "$(awk '/^false_sharing: [0-9]+\/[0-9]+, / { if ($2 == prev) { print; exit } prev = $2 }' "$TMP/fs.err")"
check_awk "false_sharing: besides the first and the last, at most one progress line per 5 s" \
  "$(grep -c '^false_sharing: [0-9]*/[0-9]*, ' "$TMP/fs.err") <= 2 + $(sed -n 's/^false_sharing: [0-9]*\/[0-9]*, \([0-9]*\) s elapsed.*/\1/p' "$TMP/fs.err" | tail -n 1) / 5"

# on a terminal (script(1) gives it one): one line rewritten in place (\r),
# ended by a single newline when the total is reached
if need_tool script bsdutils "false_sharing's progress on a terminal"; then
  script -qec "env ITERS_LOG2=10 REPS=1 MAX_CELL_S=1 THREADS=1 PAIRS=0 '$BUILD/false_sharing' >/dev/null" /dev/null \
    >"$TMP/tty.out" 2>&1 || true
  # input: the terminal's bytes, the pty's \r\n line ends made \n
  check_eq "false_sharing on a terminal: its progress is one line, updated in place" "1 yes" \
    "$(sed 's/\r$//' "$TMP/tty.out" | grep -c 'false_sharing: [0-9]*/[0-9]*, ') $(grep -q $'\r''false_sharing: [0-9]*/' "$TMP/tty.out" && echo yes || echo no)"
fi

# lib.sh's progress, called every second for 20 s into a file (the clock a
# stand-in): the first line, one per 5 s, the last; a repeated call nothing
(
  fake_now=100
  date() { echo "$fake_now"; }
  PROGRESS_T0='' PROGRESS_LAST='' PROGRESS_SHOWN=''
  for ((i = 0; i <= 20; i++)); do fake_now=$((100 + i)); progress steps "$i" 20; done
  progress steps 20 20
) 2>"$TMP/lib.err"
check_eq "lib.sh progress in a log file: the first line, one per 5 s, the last, nothing repeated" \
  "steps: 0/20|steps: 5/20|steps: 10/20|steps: 15/20|steps: 20/20" "$(cut -d, -f1 "$TMP/lib.err" | paste -sd'|' -)"

# lockwait through run.sh: MAX_CELL_S=1 adds pairs beyond REPS for the target
R=$TMP/repo
scratch_built "$R"
rc=0
env QUICK=1 REPS=1 MAX_CELL_S=1 LOCKWAIT_SCENARIOS=mutex,sem SHARECOST_TEST_LOADAVG="9.50 9.00 8.00 3/100 1" \
  "$R/run.sh" lockwait >/dev/null 2>"$TMP/lw.err" || rc=$?
check_eq "QUICK=1 REPS=1 MAX_CELL_S=1 ./run.sh lockwait succeeds" 0 "$rc"
steady "lockwait: the progress total stays, and is reached, when pairs are added" "lockwait" "$TMP/lw.err"

# two invocations: each counts its own steps from 0 and its own time, and
# no line claims a time left before a step is done ("~0 s left" was said at
# the start of every invocation, and the second's estimate used the first's
# time)
rc=0
env QUICK=1 REPS=1 INVOCATIONS=2 LOCKWAIT_SCENARIOS=mutex,sem "$R/run.sh" lockwait >/dev/null 2>"$TMP/inv2.err" || rc=$?
check_eq "INVOCATIONS=2 QUICK=1 ./run.sh lockwait succeeds" 0 "$rc"
check_eq "no progress line gives a time left before its first step" 0 \
  "$(grep -c ': 0/[0-9]*, [0-9]* s elapsed, ~' "$TMP/inv2.err")"
check "a progress line before its first step says the time left is not known" \
  grep -q '^lockwait.*: 0/2, [0-9]* s elapsed, time left not known yet$' "$TMP/inv2.err"
# the second invocation's line revises the total at the pace of the first:
# TOTAL x elapsed / the first's estimate (the estimate was never revised)
# input: "run.sh: running ... about TOTAL s", "run.sh: lockwait, invocation I
# of N (about E s; D s of ~M s so far...)"
check_eq "the total is revised at the pace of the invocations done" "ok" "$(awk '
  /^run.sh: running / { t = $0; sub(/.*, about /, "", t); t += 0 }
  /^run.sh: lockwait, invocation 1 of 2 / { e = $0; sub(/.*\(about /, "", e); e += 0 }
  /^run.sh: lockwait, invocation 2 of 2 / { d = $0; sub(/.*s; /, "", d); m = d; d += 0; sub(/^[0-9]+ s of ~/, "", m); m += 0
    want = (d > 0 && e > 0) ? int(t * d / e) : t
    print (m == want ? "ok" : "~" m " s, expected ~" want " s (total " t ", first estimate " e ", elapsed " d ")") }' "$TMP/inv2.err")"
first2=$(awk '/invocation 2 of 2/ { on = 1; next } on && /^lockwait.* s elapsed/ { print; exit }' "$TMP/inv2.err")
el2=$(sed -n 's/.*, \([0-9]*\) s elapsed.*/\1/p' <<<"$first2")
check_awk "the second invocation's clock starts at its start" "\"$el2\" != \"\" && \"$el2\" + 0 <= 1" "first line: $first2"

# the estimate says when it cannot hold (a busy machine), and the last line
# sets the time it took beside it
check "a busy machine: the estimate says it may not hold" \
  grep -q "^run.sh: running lockwait (lockwait x1), about [0-9]* s on an idle machine; the machine is busy (load 9.50 on [0-9]* CPUs)" "$TMP/lw.err"
check "the last line gives the time taken and the estimate" grep -q '^run.sh: done in [0-9]* s (estimated [0-9]* s)$' "$TMP/lw.err"
rc=0; env QUICK=1 REPS=1 LOCKWAIT_SCENARIOS=mutex SHARECOST_TEST_LOADAVG="0.00 0.00 0.00 1/100 1" \
  "$R/run.sh" lockwait >/dev/null 2>"$TMP/idle.err" || rc=$?
check_eq "load 0: the estimate does not call the machine busy" "0 0" "$rc $(grep -c 'machine is busy' "$TMP/idle.err")"
finish

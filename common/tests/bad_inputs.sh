#!/usr/bin/env bash
# Bad input anywhere in the suite (run.sh, build.sh, every binary, the
# lockwait launcher): exit 2, exactly one line on stderr naming the knob or
# argument, nothing on stdout, nothing in results/ or README.md changed.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_repo "$R"
(cd "$R" && ./build.sh >/dev/null 2>&1)
before=$(tree_sum "$R/results" "$R/README.md")
B=$R/build

# bad WORD-THE-MESSAGE-NAMES CMD...: the command must refuse
bad() {
  local word=$1 rc=0 name; shift
  name="$(printf '%s ' "$@" | sed "s|$R/||g")"
  name=${name//$'\n'/\\n}
  "$@" >"$TMP/out" 2>"$TMP/err" </dev/null || rc=$?
  if [ "$rc" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -qF -- "$word" "$TMP/err" && [ ! -s "$TMP/out" ]; then
    pass "bad input refused: $name"
  else
    fail "bad input refused: $name" "exit $rc, stdout $(wc -c <"$TMP/out") bytes, stderr: $(head -c 200 "$TMP/err")"
  fi
}

cd "$R"
bad REPS env REPS=abc ./run.sh false_sharing
bad ITERS_LOG2 env ITERS_LOG2=-1 ./run.sh false_sharing
bad THREADS env THREADS=99999999999999999999999 ./run.sh false_sharing
bad QUICK env QUICK=2 ./run.sh
bad nosuch ./run.sh nosuch
bad --frobnicate ./run.sh --frobnicate
# an empty DIR (an unset variable) started a run of no experiment, which
# failed at its end saying results/ might hold some of its files
bad "--summarize needs a directory" ./run.sh --summarize ''
bad ROUNDS env ROUNDS=0 ./run.sh ctxswitch
bad SIZES env SIZES=abc ./run.sh ctxswitch
bad STRIDES env STRIDES=3 ./run.sh ctxswitch
bad CPU env CPU=999 ./run.sh ctxswitch
bad MODE env MODE=fiber ./run.sh ctxswitch
bad LOCKWAIT_SCENARIOS env LOCKWAIT_SCENARIOS=nosuch ./run.sh lockwait
bad LOCKWAIT_THREADS env LOCKWAIT_THREADS=0 ./run.sh lockwait
bad MAX_CELL_S env MAX_CELL_S=soon ./run.sh lockwait
# the hand-off probe's knobs and the pair table's, before the build and the
# clock estimate (the same CPU twice was accepted, or failed after them)
bad HANDOFF_CPUS env HANDOFF_CPUS=0,0 ./run.sh
bad "HANDOFF_CPUS=0,1023: CPU 1023 is not one" env HANDOFF_CPUS=0,1023 ./run.sh
bad HANDOFF_CPUS env HANDOFF_CPUS=0 ./run.sh
bad HANDOFF_BATCHES env HANDOFF_BATCHES=3 ./run.sh
bad "HANDOFF_CPUS=1,1: expected two different CPUs" env HANDOFF_CPUS=1,1 "$B/handoff"
bad "CPU 1023 is not one" env HANDOFF_CPUS=0,1023 "$B/handoff"
# its EXP is a value of its RESULT line: a blank or '=' broke the grammar
bad "EXP 'x y'" "$B/handoff" "x y"
bad "EXP 'a=b'" "$B/handoff" "a=b"
bad "EXP ''" "$B/handoff" ""
bad "0,0 is the same CPU twice" env PAIR_CPUS=0,0:x ./run.sh false_sharing
# one CPU makes no map: it ran on without one, exit 0
bad "C2C_CPUS=0: one CPU" env C2C_CPUS=0 QUICK=1 C2C=only ./run.sh false_sharing
bad "C2C_CPUS=1: one CPU" env C2C_CPUS=1 "$B/false_sharing_c2c"
bad "more than 8 pairs" env 'PAIR_CPUS=0,1:a;0,1:b;0,1:c;0,1:d;0,1:e;0,1:f;0,1:g;0,1:h;0,1:i' ./run.sh false_sharing
# a misspelt knob stops the run, naming the knob (QIUCK=1 ran in full)
bad "QIUCK looks like a misspelling of QUICK" env QIUCK=1 ./run.sh
bad "quick looks like a misspelling of QUICK" env quick=1 ./run.sh
bad "LOCKWAIT_THREDS looks like a misspelling of LOCKWAIT_THREADS" env LOCKWAIT_THREDS=2 ./run.sh lockwait
bad "SHARECOST_IGNORE=REPO" env REPO=x ./run.sh
# ... unless named in SHARECOST_IGNORE, then the next check speaks
bad "QUICK=2: expected 0 or 1" env SHARECOST_IGNORE=REPO,QIUCK REPO=x QIUCK=1 QUICK=2 ./run.sh
# a value given twice would be measured twice and one result dropped
bad THREADS env THREADS=2,2 ./run.sh false_sharing
bad THREADS env THREADS=1,2,02 ./run.sh false_sharing
bad SIZES env SIZES=4,64,4 ./run.sh ctxswitch
bad MODE env MODE=process,process ./run.sh ctxswitch
bad LOCKWAIT_SCENARIOS env LOCKWAIT_SCENARIOS=mutex,spin,mutex ./run.sh lockwait
# a newline in a value: still one line, the value shown escaped
bad 'THREADS=2\n4' env THREADS=$'2\n4' ./run.sh false_sharing
bad 'LOCKWAIT_SCENARIOS=mutex\nspin' env LOCKWAIT_SCENARIOS=$'mutex\nspin' ./run.sh lockwait
bad 'ITERS_LOG2=1\n2' env ITERS_LOG2=$'1\n2' "$B/false_sharing"
bad nosuch ./build.sh nosuch
bad SANITIZE env SANITIZE=yes ./build.sh
bad --bogus "$B/false_sharing" --bogus
bad ITERS_LOG2 env ITERS_LOG2=100 "$B/false_sharing"
bad THREADS env THREADS=2,2 "$B/false_sharing"
bad THREADS env THREADS=1,2,1 ./run.sh false_sharing
bad MAX_CELL_S env MAX_CELL_S=-1 "$B/false_sharing"
bad ROUNDS env ROUNDS=-5 "$B/ctxswitch"
bad ACCESS env ACCESS=peek "$B/ctxswitch"
# an option whose value is missing, or given twice, is named as such (it
# said "unknown argument '--rederive'", an option its usage lists)
bad "--rederive needs RAW" "$B/ctxswitch" --rederive
bad "--rederive RAW comes last" "$B/ctxswitch" --rederive a b
bad "--rederive needs RAW" "$B/false_sharing" --rederive
bad "--rederive RAW comes last" "$B/false_sharing" --rederive a b
bad "-f needs FILE" "$B/false_sharing_c2c" -f
bad "--plan needs N" "$B/false_sharing_c2c" --plan
bad "-f FILE and --plan N go alone" "$B/false_sharing_c2c" -f a --plan 4
bad -n "$B/clock_estimate" -n 99
bad -q "$B/clock_estimate" -q
bad -x "$B/machine" -x
# words that are no numbers were read by atoi: "a b" ran both threads on CPU 0
bad "[CPU_A CPU_B (0..1023)]" "$B/false_sharing_crosscheck" 100 a b
bad "CPU_A and CPU_B are both 0" "$B/false_sharing_crosscheck" 100 0 0
# a long option that does not exist is named whole, not as '--' (getopt
# refuses it at its second '-')
for prog in machine clock_estimate stats false_sharing false_sharing_c2c ctxswitch lockwait_report; do
  bad --bogus "$B/$prog" --bogus
done
bad "'-q'" "$B/stats" -q median
bad mean "$B/stats" mean
bad nosuch "$B/lockwait_workload" nosuch
bad -t "$B/lockwait_workload" -t 0 mutex
bad TRACE "$B/lockwait_report"
bad -n "$R/lockwait/tool/lockwait" -n abc -- true
bad --bogus "$R/lockwait/tool/lockwait" --bogus -- true
bad command "$R/lockwait/tool/lockwait"
bad -o "$R/lockwait/tool/lockwait" -o
check_eq "no bad input wrote anything to results/ or README.md" "$before" "$(tree_sum "$R/results" "$R/README.md")"
finish

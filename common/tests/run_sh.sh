#!/usr/bin/env bash
# run.sh and build.sh as a user meets them: -h, bad knobs and arguments exit 2
# and write nothing, the README splice is idempotent and atomic, an
# interrupted run leaves README.md and results/ as they were, and a second
# run.sh at once refuses.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_repo "$R"

check "run.sh -h prints usage" bash -c "'$R/run.sh' -h | grep -q '^usage: ./run.sh'"
# run.sh -h lists every knob each exp.sh checks (SIZES, the README's own
# example, was missing): the names in its knob_* calls and NAME=... messages
"$R/run.sh" -h >"$TMP/usage.txt"
missing_knobs=""
read_experiments "$ROOT"
for e in "${EXPERIMENTS[@]}"; do
  while read -r k; do
    grep -q "^  $k=" "$TMP/usage.txt" || missing_knobs="$missing_knobs $e:$k"
  done < <(grep -oE '(knob_(int|int_list|enum_list) |bad_usage ")[A-Z][A-Z0-9_]*' "$ROOT/$e/exp.sh" | sed 's/.* "*//; s/^"//' | sort -u)
done
check_eq "run.sh -h lists every knob the experiments check" "" "$missing_knobs"
check "run.sh -h lists SIZES" grep -q '^  SIZES=' "$TMP/usage.txt"
check "build.sh -h prints usage" bash -c "'$R/build.sh' -h | grep -q '^usage: ./build.sh'"
check "test.sh -h prints usage" bash -c "'$ROOT/test.sh' -h | grep -q '^usage: ./test.sh'"

# every bad knob: exit 2, one line naming the knob, nothing written
before=$(tree_sum "$R/results" "$R/README.md")
bad_cases=(
  "QUICK=2" "QUICK=yes" "REPS=0" "REPS=abc" "REPS=-3" "REPS=99999999999999999999" "REPS=1.5"
  "ITERS_LOG2=9" "ITERS_LOG2=35" "ITERS_LOG2=x" "THREADS=0" "THREADS=1,,2" "THREADS=a"
  "THREADS=65" "THREADS=2," "PIN=2" "PAIRS=7"
)
for kv in "${bad_cases[@]}"; do
  knob=${kv%%=*}
  rc=0; env "$kv" "$R/run.sh" false_sharing >"$TMP/o" 2>"$TMP/e" || rc=$?
  if [ "$rc" = 2 ] && [ "$(wc -l <"$TMP/e")" = 1 ] && grep -q "$knob" "$TMP/e"; then
    pass "run.sh $kv: exit 2 with one line naming $knob"
  else
    fail "run.sh $kv: exit 2 with one line naming $knob" "exit $rc, stderr: $(head -c 300 "$TMP/e")"
  fi
done
check_exit "run.sh unknown experiment: exit 2" 2 "$R/run.sh" nosuch
check_exit "run.sh unknown option: exit 2" 2 "$R/run.sh" --bogus
check_exit "run.sh an experiment named twice: exit 2" 2 "$R/run.sh" lockwait lockwait
check_exit "build.sh unknown experiment: exit 2" 2 "$R/build.sh" nosuch
check_exit "build.sh SANITIZE=3: exit 2" 2 env SANITIZE=3 "$R/build.sh"
check_exit "test.sh unknown option: exit 2" 2 "$ROOT/test.sh" --bogus
# the experiment list: comments, blanks and CRLF line ends are fine; a name
# listed twice is refused by every script that reads it
printf '# list\r\n\r\nlockwait  # the profiler\r\nctxswitch\r\n' >"$TMP/crlf"
check "common/experiments: comments, blank lines and CRLF" bash -c \
  "source '$ROOT/common/lib.sh' && mkdir -p '$TMP/l1/common' && cp '$TMP/crlf' '$TMP/l1/common/experiments' &&
   read_experiments '$TMP/l1' && [ \"\${EXPERIMENTS[*]}\" = 'lockwait ctxswitch' ]"
printf 'lockwait\nctxswitch\nlockwait\n' >"$TMP/twice"
check_exit "common/experiments: a name listed twice is refused" 1 bash -c \
  "source '$ROOT/common/lib.sh' && mkdir -p '$TMP/l2/common' && cp '$TMP/twice' '$TMP/l2/common/experiments' &&
   read_experiments '$TMP/l2'"
# a FILTER that selects no test file (a typo) fails instead of passing empty
rc=0; "$ROOT/test.sh" no-such-test-word >"$TMP/filter.out" 2>&1 || rc=$?
check_eq "test.sh with a FILTER that matches nothing: exit 1" 1 "$rc"
check "... and names the word" grep -q "^not ok - FILTER 'no-such-test-word' matches no test file" "$TMP/filter.out"
check_eq "bad knobs wrote nothing to results/ or README.md" "$before" "$(tree_sum "$R/results" "$R/README.md")"

# test.sh streams each check line as it comes, not when the file ends, and
# still counts: a probe test file prints one line, then waits for a flag
# that is set only once that line has reached test.sh's output
S=$TMP/stream
scratch_repo "$S"
cp -R "$BUILD" "$S/build" && cp -R "$BUILD_ASAN" "$S/build-asan" && find "$S/build" "$S/build-asan" -exec touch {} +
cat >"$S/common/tests/zz_stream_probe.sh" <<TXT
echo "ok - first"
for _ in \$(seq 200); do [ -e "$TMP/stream.flag" ] && break; sleep 0.1; done
if [ -e "$TMP/stream.flag" ]; then echo "ok - streamed"; else echo "not ok - streamed: test.sh held the first line back"; fi
TXT
"$S/test.sh" zz_stream_probe >"$TMP/stream.out" 2>&1 &
spid=$!
for _ in $(seq 1200); do grep -q '^ok - first' "$TMP/stream.out" && break; sleep 0.1; done
touch "$TMP/stream.flag"
src=0; wait "$spid" || src=$?
check "test.sh shows a test file's line while the file still runs" grep -q '^ok - streamed' "$TMP/stream.out"
check_eq "test.sh counts the streamed lines: exit 0, 4 passed (registration, build, 2)" "0|4 passed, 0 failed, 0 skipped" \
  "$src|$(tail -n 1 "$TMP/stream.out")"

# the splice: idempotent, and only the part between the markers changes
source "$ROOT/common/lib.sh"
printf 'head\n%s\nold\n%s\ntail\n' "$RESULTS_BEGIN" "$RESULTS_END" >"$TMP/README.md"
printf 'new 1\nnew 2\n' >"$TMP/sum.md"
splice_readme "$TMP/README.md" "$TMP/sum.md"
first=$(cksum <"$TMP/README.md")
splice_readme "$TMP/README.md" "$TMP/sum.md"
check_eq "splice is idempotent" "$first" "$(cksum <"$TMP/README.md")"
check_eq "splice replaces only the marked part" "head|$RESULTS_BEGIN|new 1|new 2|$RESULTS_END|tail" "$(paste -sd'|' "$TMP/README.md")"
printf 'no markers\n' >"$TMP/plain.md"
# a child that failed is described in the error: an exit status, or the signal that killed it
check_eq "exit_words: an exit status" "exit status 3" "$(exit_words 3)"
# kv_awk starts no process substitution, which sets $!: bash 5.2 keeps
# those on a list, and a background child that later got one's pid (the
# pids wrap ten minutes into a long run) was waited for with status 255
check_eq "kv_awk leaves no child for bash to track (\$! unset)" "[]" \
  "$(bash -c "source '$ROOT/common/lib.sh'; kv_awk '{ print 1 }' <<<'' >/dev/null; echo \"[\$!]\"")"
check_eq "exit_words: a signal" "killed by SIGSEGV" "$(exit_words "$((128 + $(kill -l SEGV)))")"
check_exit "splice refuses a README without markers" 1 bash -c "source '$ROOT/common/lib.sh'; splice_readme '$TMP/plain.md' '$TMP/sum.md'"
check_eq "a refused splice leaves the file as it was" "no markers" "$(cat "$TMP/plain.md")"

# the splice keeps README's mode (it writes a mktemp file, 0600, and renames it)
for mode in 644 664; do
  chmod "$mode" "$TMP/README.md"
  (umask 077 && splice_readme "$TMP/README.md" "$TMP/sum.md")
  check_eq "splice keeps README.md's mode $mode" "$mode" "$(file_mode "$TMP/README.md")"
done

# markers in the wrong order, missing or doubled: run.sh refuses before it
# builds or runs anything, and README.md loses nothing
cp "$R/README.md" "$TMP/README.good"
bad_markers() { # bad_markers NAME AWK-PROGRAM: README.md rewritten by the program
  local name=$1 rc=0 before
  awk -v b="$RESULTS_BEGIN" -v e="$RESULTS_END" "$2" "$TMP/README.good" >"$R/README.md"
  before=$(tree_sum "$R/results" "$R/README.md")
  "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
  check_eq "README $name: run.sh exits 1 with one line, before building" "1 1 0" \
    "$rc $(wc -l <"$TMP/err") $(grep -c 'building' "$TMP/err")"
  check "README $name: the message names the markers" grep -q 'results:' "$TMP/err"
  check_eq "README $name: results/ and README.md unchanged" "$before" "$(tree_sum "$R/results" "$R/README.md")"
}
# shellcheck disable=SC2016 # awk programs
{
  bad_markers "with the end marker before the begin marker" '$0 == b { print e; next } $0 == e { print b; next } { print }'
  bad_markers "without an end marker" '$0 != e'
  bad_markers "with the begin marker twice" '{ print } $0 == b { print b }'
  bad_markers "with the end marker twice" '{ print } $0 == e { print }'
}
cp "$TMP/README.good" "$R/README.md"

# an interrupted full run leaves README.md, summary.md and results/ as they were
# job control on, so the run gets its own process group and does not start
# with SIGINT ignored (what a non-interactive shell does to background jobs);
# the signal goes to the whole group, as a terminal's Ctrl-C does
set -m
for sig in INT TERM; do
  if [ "$sig" = INT ] && ! signal_usable INT; then
    skip "SIGINT mid-run" "SIGINT is ignored in this test (started in the background) and env --default-signal cannot undo it"
    continue
  fi
  before=$(tree_sum "$R/results" "$R/README.md")
  : >"$TMP/run.err"
  ITERS_LOG2=22 REPS=3 ${SIGNALS_DEFAULT[@]+"${SIGNALS_DEFAULT[@]}"} "$R/run.sh" false_sharing >/dev/null 2>"$TMP/run.err" &
  pid=$!
  # wait until the benchmark itself is running, then interrupt
  for _ in $(seq 100); do grep -q 'false_sharing: ' "$TMP/run.err" 2>/dev/null && break; sleep 0.1; done
  kill -"$sig" -- -"$pid"
  rc=0; wait "$pid" || rc=$?
  check_eq "SIG$sig mid-run: run.sh exits non-zero" "nonzero" "$([ "$rc" != 0 ] && echo nonzero || echo zero)"
  check_eq "SIG$sig mid-run: README.md and results/ unchanged" "$before" "$(tree_sum "$R/results" "$R/README.md")"
  check_eq "SIG$sig mid-run: no temp dir or lock left" "" "$(find "$R/results" -maxdepth 1 \( -name ".tmp*" -o -name .lock \))"
  check_eq "SIG$sig mid-run: no benchmark process left" "" "$(running "$R/build/false_sharing")"
done
set +m

# a second run.sh refuses while the first holds the lock
QUICK=1 "$R/run.sh" false_sharing >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do [ -L "$R/results/.lock" ] && break; sleep 0.05; done
rc=0; QUICK=1 "$R/run.sh" false_sharing >/dev/null 2>"$TMP/second.err" || rc=$?
check_eq "a second run.sh at once refuses (exit 1)" "1" "$rc"
check "the refusal says another run.sh is running" grep -q 'another run.sh' "$TMP/second.err"
wait "$pid"
check_eq "the first run.sh completes and releases the lock" "no lock" "$([ -e "$R/results/.lock" ] && echo lock || echo "no lock")"
# an earlier run's raw file that this version's summary cannot read: the
# run of another experiment still completes, and the summary says so
printf 'RESULT exp=ctxswitch kind=direct mode=process\n' >"$R/results/quick-ctxswitch-raw.txt"
echo 'BEGIN { print "cannot read" > "/dev/stderr"; exit 1 }' >"$TMP/failing.awk"
cp "$R/ctxswitch/summary.awk" "$TMP/ctx-summary.awk"
cp "$TMP/failing.awk" "$R/ctxswitch/summary.awk"
rc=0; QUICK=1 "$R/run.sh" false_sharing >/dev/null 2>"$TMP/older.err" || rc=$?
cp "$TMP/ctx-summary.awk" "$R/ctxswitch/summary.awk"
check_eq "an unreadable older raw file of another experiment: the run completes" "0" "$rc"
# shellcheck disable=SC2016 # the backquotes are markdown
check "the summary says that experiment's results need a new run" \
  grep -q 'older version of this suite.*run `./run.sh ctxswitch`' "$R/results/quick-summary.md"
finish

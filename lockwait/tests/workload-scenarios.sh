#!/usr/bin/env bash
# lockwait_workload: every scenario's QUICK-sized run passes its own check
# (normal and ASan+UBSan builds), every check can fail (-X injects one
# unguarded update), cache -W writes the windows lockwait_report reads, and
# bad arguments exit 2 with one line naming the knob.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

W=$BUILD/lockwait_workload
# small runs, the QUICK sizes of exp.sh or smaller
args_for() {
  case "$1" in
    cache) echo "-n 60 -m 16" ;;
    sem) echo "-n 500" ;;
    *) echo "-n 1000" ;;
  esac
}

# the scenarios are exp.sh's list, which must be the workload's own
# shellcheck source=lockwait/exp.sh
source "$ROOT/lockwait/exp.sh"
check_eq "exp.sh's scenarios are the workload's (its -h)" "${LOCKWAIT_ALL_SCENARIOS[*]}" \
  "$("$W" -h 2>&1 | sed -n 's/^  SCENARIO *//p' | tr -d ' ' | tr '|' ' ')"
for s in "${LOCKWAIT_ALL_SCENARIOS[@]}"; do
  read -r -a a <<<"$(args_for "$s")"
  out=$("$W" "${a[@]}" "$s" 2>"$TMP/err") && rc=0 || rc=$?
  check_eq "$s: exits 0" 0 "$rc"
  check "$s: one RESULT line with check=ok" \
    awk -v s="$s" 'END { exit !(n == 1 && ok == 1) } /^RESULT / { n++ } $0 ~ ("^RESULT exp=lockwait kind=workload scenario=" s " .*check=ok$") { ok++ }' <<<"$out"
  threads=$(val "$out" threads)
  ops=$(val "$out" ops)
  case "$s" in
    cond) want=$(( (threads / 2) * a[1] )) ;;
    *) want=$(( threads * a[1] )) ;;
  esac
  check_eq "$s: ops = $want (threads x OPS; cond: producers x OPS)" "$want" "$ops"
  check_exit "$s: -X (one unguarded update) fails the check" 1 "$W" -X "${a[@]}" "$s"
  cp "$TMP/out" "$TMP/msg"
  check "$s: -X says which check failed" grep -q "check failed: $s" "$TMP/msg"
  if [ -x "$BUILD_ASAN/lockwait_workload" ]; then
    check "$s: ASan+UBSan build passes" "$BUILD_ASAN/lockwait_workload" "${a[@]}" "$s"
  fi
done

# cache -W: the tail requests and every compile, with kernel tids
"$W" -n 60 -m 8 -W "$TMP/win" cache >"$TMP/res" 2>/dev/null
check "cache -W: request and compile lines with TID START END" \
  awk '{ if (!(($1 == "request" || $1 == "compile") && NF == 4 && $2 > 0 && $4 >= $3)) exit 1; k[$1]++ } END { exit !(k["request"] >= 1 && k["compile"] >= 4 * 7) }' "$TMP/win"
p99=$(sed -n 's/.* p99_ns=\([0-9]*\) .*/\1/p' "$TMP/res")
check "cache -W: every request listed is at or above p99 ($p99 ns)" \
  awk -v p="$p99" '$1 == "request" && $4 - $3 < p { exit 1 }' "$TMP/win"

# the RESULT line says what ran and how often the threads slept: the hold
# (cs_ns=, -c or the default) and the timed region's voluntary and
# involuntary context switches (getrusage); cache's think time is a
# nanosleep per request, so it sleeps at least once per request
out=$("$W" -n 200 -c 1234 mutex 2>/dev/null)
check_eq "mutex -c 1234: cs_ns=1234 in the RESULT line" 1234 "$(val "$out" cs_ns)"
check_eq "mutex without -c: cs_ns= is the default (1000)" 1000 "$(val "$("$W" -n 200 mutex 2>/dev/null)" cs_ns)"
check "mutex: nvcsw= and nivcsw= are whole numbers" \
  awk -v a="$(val "$out" nvcsw)" -v b="$(val "$out" nivcsw)" 'BEGIN { exit !(a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/) }'
out=$("$W" -n 60 -m 16 cache 2>/dev/null)
check "cache: at least one sleep per request (nvcsw=$(val "$out" nvcsw), $(val "$out" ops) requests)" \
  awk -v v="$(val "$out" nvcsw)" -v n="$(val "$out" ops)" 'BEGIN { exit !(v ~ /^[0-9]+$/ && n > 0 && v + 0 >= n + 0) }'

# usage and bad arguments
check "-h prints usage and exits 0" bash -c "'$W' -h | grep -q '^usage: lockwait_workload'"
check_exit "no scenario: exit 2" 2 "$W"
check_exit "unknown scenario: exit 2" 2 "$W" futex
cp "$TMP/out" "$TMP/msg"
check "unknown scenario: one line naming it" awk 'END { exit !(NR == 1) } !/SCENARIO .futex./ { exit 1 }' "$TMP/msg"
check_exit "unknown flag: exit 2" 2 "$W" -q mutex
check_exit "-t 0: exit 2" 2 "$W" -t 0 mutex
cp "$TMP/out" "$TMP/msg"
check "-t 0: the message names -t and what it accepts" grep -q -- "-t 0: expected THREADS" "$TMP/msg"
check_exit "-n x: exit 2" 2 "$W" -n x mutex
check_exit "cond with one thread: exit 2" 2 "$W" -t 1 cond
check_exit "-W on a scenario other than cache: exit 2" 2 "$W" -W "$TMP/x" mutex
# -W FILE is made beside FILE before the run and renamed over it: a link
# planted at FILE is replaced, its target untouched; a FILE that cannot be
# made is said before the run
mkdir -p "$TMP/wdir"
echo precious >"$TMP/wdir/target"
ln -sf "$TMP/wdir/target" "$TMP/wdir/link"
check_exit "-W at a symbolic link: exit 0" 0 "$W" -n 60 -m 8 -W "$TMP/wdir/link" cache
check_eq "... its target untouched" precious "$(cat "$TMP/wdir/target")"
check "... the link replaced by the windows, a file of its own" \
  bash -c "[ ! -L '$TMP/wdir/link' ] && grep -q '^request ' '$TMP/wdir/link'"
check_eq "... no temp file left beside it" "link target" "$(cd "$TMP/wdir" && find . -mindepth 1 | LC_ALL=C sort | sed 's|^\./||' | paste -sd' ' -)"
check_exit "-W in a directory that does not exist: exit 1" 1 "$W" -n 60 -W "$TMP/nodir/w" cache
cp "$TMP/out" "$TMP/msg"
check "... said before the run" bash -c "grep -q 'cannot make a file beside it.*nothing was run' '$TMP/msg' && ! grep -q 'ops in' '$TMP/msg'"
check_exit "-W a directory: exit 1, before the run" 1 "$W" -n 60 -W "$TMP/wdir" cache
check_exit "two scenarios: exit 2" 2 "$W" mutex spin
# an empty FILE (an unset variable): it ran, failed at the end (exit 1) and
# left the windows in a hidden "..XXXXXX" in the current directory
mkdir -p "$TMP/empty-w"
rc=0; (cd "$TMP/empty-w" && "$W" -n 60 -W '' cache >/dev/null 2>"$TMP/err") || rc=$?
check_eq "-W '': exit 2 before the run, nothing left in the directory" "2 0 0" \
  "$rc $(grep -c 'ops in' "$TMP/err" || true) $(find "$TMP/empty-w" -mindepth 1 | wc -l | tr -d ' ')"
finish

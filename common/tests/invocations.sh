#!/usr/bin/env bash
# run.sh's second level, end to end: INVOCATIONS=3 runs an experiment three
# times, every line an invocation printed carries its inv= tag, the hand-off
# probe brackets each one, the published lines after them are untagged and
# say how many invocations they come from, and the summary reads only those.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_built "$R"
rc=0
(cd "$R" && INVOCATIONS=3 QUICK=1 DIRECT_ONLY=1 ./run.sh ctxswitch >"$TMP/o" 2>"$TMP/e") || rc=$?
check_eq "INVOCATIONS=3 QUICK=1 DIRECT_ONLY=1 run.sh ctxswitch exits 0" "0" "$rc"
raw=$R/results/quick-ctxswitch-raw.txt
check_eq "each invocation's direct lines are tagged inv=1, 2, 3" "1 2 3" \
  "$(grep -o '^RESULT exp=ctxswitch kind=direct inv=[0-9]* mode=process' "$raw" | grep -o 'inv=[0-9]*' | cut -d= -f2 | uniq | paste -sd' ' -)"
check_eq "two hand-off probes per invocation" "6" "$(grep -c '^RESULT exp=ctxswitch kind=handoff inv=' "$raw" || true)"
# (ctxswitch prints a line per speed level, and build/combine pools each run
# level over the invocations that measured in it: which of the three did
# depends on the host's speed, but every invocation measured in some level)
check_eq "one published direct line per mode and run speed level, each over 1-3 invocations, together over all 3" \
  "process ok|thread ok" \
  "$(grep '^RESULT exp=ctxswitch kind=direct mode=' "$raw" | kv_awk '{ m = kv_get($0, "mode"); k = m " " kv_get($0, "speed_level")
       if (k in seen) { print "twice: " k; exit }
       seen[k] = 1; t = kv_get($0, "invocations_total") + 0; if (t < 1 || t > 3) bad[m] = 1; sum[m] += t
       if (!(m in said)) { said[m] = 1; modes[++n] = m } }
     END { for (i = 1; i <= n; i++) printf "%s%s %s", (i > 1 ? "|" : ""), modes[i], (!bad[modes[i]] && sum[modes[i]] >= 3 ? "ok" : "sum " sum[modes[i]]) }')"
check_eq "the config line is published once" "1" "$(grep -c '^RESULT exp=ctxswitch kind=config cpu=' "$raw" || true)"
check "the summary's C1 sentence says over how many of the three invocations" \
  grep -qE "the mean of [23] independent invocations|from 1 of the run's 3 independent invocations" "$R/results/quick-summary.md"
check "run.sh's progress names the invocations" grep -q 'ctxswitch, invocation 3 of 3' "$TMP/e"
check_exit "INVOCATIONS=0 is refused" 2 env INVOCATIONS=0 "$R/run.sh" ctxswitch
check_exit "INVOCATIONS=101 is refused" 2 env INVOCATIONS=101 "$R/run.sh" ctxswitch
awk -f "$ROOT/common/grammar.awk" "$raw" >"$TMP/g" 2>&1 || true
check_eq "every line, tagged or published, is in the grammar" "" "$(head -n 3 "$TMP/g")"
finish

#!/usr/bin/env bash
# lockwait/exp.sh as run.sh uses it: knob checks exit 2, an ETA, a QUICK
# run of two scenarios whose raw file carries the tagged lines of the
# workload, the library and the report, the pairs with their canaries, and
# interval lines that are build/stats' answer on the clean pairs; the
# slow-state and target rules shown with a stand-in for build/stats.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

# run_exp CMD...: CMD in a subshell that has sourced exp.sh like run.sh does
run_exp() {
  (
    # shellcheck disable=SC2034 # read by exp.sh
    PROG=run.sh QUICK=${QUICK:-1} REPS=${REPS:-} PIN=''
    # shellcheck source=common/lib.sh
    source "$ROOT/common/lib.sh"
    # shellcheck source=lockwait/exp.sh
    source "$ROOT/lockwait/exp.sh"
    "$@"
  )
}

LOCKWAIT_SCENARIOS=mutex,futex check_exit "LOCKWAIT_SCENARIOS=mutex,futex: exit 2" 2 run_exp lockwait_check
cp "$TMP/out" "$TMP/msg"
check "the message names the knob and the bad word" grep -q "LOCKWAIT_SCENARIOS=mutex,futex: 'futex' is not one of" "$TMP/msg"
LOCKWAIT_THREADS=1 check_exit "LOCKWAIT_THREADS=1: exit 2" 2 run_exp lockwait_check
MAX_CELL_S=soon check_exit "MAX_CELL_S=soon: exit 2" 2 run_exp lockwait_check
LOCKWAIT_WHATIF=1.5 check_exit "LOCKWAIT_WHATIF=1.5 (a factor must be below 1): exit 2" 2 run_exp lockwait_check
LOCKWAIT_WHATIF=0.25 check "LOCKWAIT_WHATIF=0.25 passes the check" run_exp lockwait_check
LOCKWAIT_WHATIF=off check "LOCKWAIT_WHATIF=off passes the check" run_exp lockwait_check
LOCKWAIT_SCENARIOS=cache,cond LOCKWAIT_THREADS=4 MAX_CELL_S=10 check "valid knobs pass the check" run_exp lockwait_check
eta=$(run_exp lockwait_eta)
check_awk "the ETA is a whole number of seconds ($eta)" "\"$eta\" ~ /^[0-9]+\$/ && $eta >= 1"
# each thread does the same operations: 1024 threads' runs take 256 times
# as long (the canaries, awk and report around them do not: 50x at least)
eta1024=$(LOCKWAIT_THREADS=1024 run_exp lockwait_eta)
check_awk "the ETA grows with LOCKWAIT_THREADS (4: $eta s, 1024: $eta1024 s)" "$eta1024 >= 50 * $eta"
# the what-if pairs of mutex and cache are in it: a run of the two without
# them is estimated shorter
etaw=$(REPS=8 QUICK=0 LOCKWAIT_SCENARIOS=mutex,cache run_exp lockwait_eta)
etaoff=$(REPS=8 QUICK=0 LOCKWAIT_SCENARIOS=mutex,cache LOCKWAIT_WHATIF=off run_exp lockwait_eta)
check_awk "the ETA counts the what-if pairs (mutex,cache: $etaw s, without the check $etaoff s)" "$etaw > $etaoff"

raw=$TMP/raw/lockwait-raw.txt
mkdir -p "$TMP/raw"
: >"$raw"
# with the user's own settings for the library in the environment: they
# must not reach the experiment's runs
if LOCKWAIT_TOP=1 LOCKWAIT_TRACE=$TMP/user.trace LOCKWAIT_TRACE_RECORDS=1024 LOCKWAIT_OUT=$TMP/user.out \
   LOCKWAIT_SCENARIOS=cond,cache REPS=2 run_exp lockwait_run "$raw" 2>"$TMP/run.err"; then
  pass "QUICK run of cond and cache"
else
  fail "QUICK run of cond and cache" "$(tail -n 3 "$TMP/run.err")"
fi
check_eq "the user's LOCKWAIT_TRACE and LOCKWAIT_OUT were not written" "" "$(ls "$TMP"/user.* 2>/dev/null || true)"
check_eq "the user's LOCKWAIT_TOP did not reach the runs (top=10 in each)" "" \
  "$(grep '^RESULT exp=lockwait kind=process ' "$raw" | grep -v ' top=10 ' || true)"
count() { grep -c -E "$1" "$raw" || true; }
ov() { val "$(grep "^RESULT exp=lockwait kind=overhead scenario=$1 " "$raw")" "$2"; }
for s in cond cache; do
  total=$(ov "$s" pairs_total)
  if [ "$(ov "$s" pairs_basis)" = all ]; then # too few clean pairs: the figure from all of them
    check_awk "$s: too few clean pairs ($(ov "$s" pairs_slow) slow of $total): every pair used" \
      "$(ov "$s" pairs_used) == $total && ($total - $(ov "$s" pairs_slow) < 2 || 2 * $(ov "$s" pairs_slow) > $total)"
  else
    check_eq "$s: REPS=2 clean pairs, the figure from them" "2 clean" "$(ov "$s" pairs_used) $(ov "$s" pairs_basis)"
  fi
  check_eq "$s: one pair line per pair" "$total" "$(count "^RESULT exp=lockwait kind=pair scenario=$s rep=")"
  check_eq "$s: the slow pairs are the pair lines with slow=1" "$(ov "$s" pairs_slow)" "$(count "^RESULT exp=lockwait kind=pair scenario=$s .* slow=1$")"
  check_eq "$s: a workload line per run: 2 per pair + 1 traced" $((2 * total + 1)) "$(count "^RESULT exp=lockwait kind=workload scenario=$s .* variant=(bare|wrapped|traced) rep=[0-9]+$")"
  check_eq "$s: the library's process line in every wrapped and traced run" $((total + 1)) "$(count "^RESULT exp=lockwait kind=process .*scenario=$s variant=(wrapped|traced) rep=")"
  check_eq "$s: each pair has three canaries" "$total" "$(count "^RESULT exp=lockwait kind=pair scenario=$s .* canary_ns=[0-9.]+,[0-9.]+,[0-9.]+ ")"
done
check_eq "bare and wrapped alternate their order (rep 2: wrapped first)" "wrapped bare" \
  "$(kv_awk '/kind=workload scenario=cond .* rep=2$/ { printf "%s%s", n++ ? " " : "", kv_get($0, "variant") }' "$raw")"
check_eq "no library line in a bare run" 0 "$(count '^RESULT exp=lockwait kind=(process|lock|thread|blocker) .*variant=bare')"
check_eq "one critical path per traced run" 2 "$(count '^RESULT exp=lockwait kind=critpath .*variant=traced rep=0$')"
check_eq "the cache tail attribution" 1 "$(count '^RESULT exp=lockwait kind=tail .*scenario=cache variant=traced rep=0$')"
check "the cache path's segments" grep -q '^RESULT exp=lockwait kind=critpath_seg .*scenario=cache variant=traced' "$raw"
check_eq "medians of the runs for each scenario, latency for cache bare and wrapped" "2 2" \
  "$(count '^RESULT exp=lockwait kind=runs scenario=(cond|cache) runs=') $(count '^RESULT exp=lockwait kind=latency scenario=cache variant=(bare|wrapped) ')"
check "provenance: the workload flags" grep -q '^# lockwait_args_cache: .*-m 32 -n 100' "$raw"
check "provenance: the slow-state factor from build/stats" grep -q '^# lockwait_slow_canary: 1.15 ' "$raw"
check_eq "the runs lines carry the medians of the sleeps (bare_nvcsw=, wrapped_nvcsw=) for both scenarios" 2 \
  "$(count '^RESULT exp=lockwait kind=runs scenario=(cond|cache) .* bare_nvcsw=([0-9.]+|NA) .* wrapped_nvcsw=([0-9.]+|NA) ')"
# the what-if check: cache only (cond's hold is 0: LOCKWAIT_WHATIF_SCENARIOS)
wi=$(grep '^RESULT exp=lockwait kind=whatif_check ' "$raw" || true)
check_eq "one what-if check line, for cache" "cache" "$(val "$wi" scenario)"
check_eq "... at half the hold: cs_ns= of the full runs, half_cs_ns= of the half ones" "1000000 500000" "$(val "$wi" cs_ns) $(val "$wi" half_cs_ns)"
check_eq "... one kind=whatif_pair line per pair" "$(val "$wi" pairs_total)" "$(count '^RESULT exp=lockwait kind=whatif_pair scenario=cache ')"
check_eq "... each pair: a full and a half run whose workload lines say their hold" \
  "$(($(val "$wi" pairs_total) * 2))" \
  "$(count '^RESULT exp=lockwait kind=workload scenario=cache .* cs_ns=(1000000 .*variant=full|500000 .*variant=half) rep=')"
# the measured saving is build/stats ratio on the clean pairs' half/full
# wall times, as a saving: 100 x (1 - ratio)
# input: kind=whatif_pair lines (clean: slow=0) and their wall_ratio
# (every pair when too few were clean: pairs_basis=all)
kv_awk -v all="$([ "$(val "$wi" pairs_basis)" = all ] && echo 1)" '/kind=whatif_pair / && (all || /slow=0$/) { v = v " " kv_get($0, "wall_ratio") }
  END { print "cache" v }' "$raw" >"$TMP/wr.in"
want=$("$BUILD/stats" ratio "$TMP/wr.in" | kv_awk '{ e = kv_get($0, "est"); if (e == "NA") print e; else printf "%.3f\n", 100 * (1 - e) }')
check_eq "... measured_saving_pct is build/stats ratio on the clean pairs ($want)" "$want" "$(val "$wi" measured_saving_pct)"
if [[ $("$BUILD/lockwait_report" -h 2>&1) != *--what-if* ]]; then
  check_eq "... no prediction from a report without --what-if: NA, and the raw file says why" "NA 1" \
    "$(val "$wi" predicted_saving_pct) $(grep -c '^# lockwait_whatif_cache: no prediction' "$raw")"
else
  check "... the report's prediction (--what-if 0.5 and 0)" awk -v p="$(val "$wi" predicted_saving_pct)" -v f="$(val "$wi" predicted_free_saving_pct)" \
    'BEGIN { exit !(p ~ /^-?[0-9.]+$/ && f ~ /^-?[0-9.]+$/) }'
fi
check_eq "the raw file keeps the RESULT grammar" "" "$(result_grammar "$raw" | head -n 3)"
check_eq "nothing left behind next to the raw file" "lockwait-raw.txt" "$(ls "$TMP/raw")"

# the overhead lines are build/stats ratio on the clean pairs' wall ratios,
# recomputed here from the workload lines, both scenarios in one call
# input: kind=pair lines (which reps are clean) and kind=workload lines
awk -f "$ROOT/common/kv.awk" -f "$ROOT/lockwait/tests/pair_ratios.awk" "$raw" >"$TMP/ratios.in"
"$BUILD/stats" ratio "$TMP/ratios.in" >"$TMP/ratios.out"
for s in cond cache; do
  # (NA when a busy machine left no clean pair)
  want=$(val "$(grep "label=$s " "$TMP/ratios.out")" est)
  check_eq "$s: overhead_pct is build/stats' estimate on the clean pairs ($want)" \
    "$(awk -v e="$want" 'BEGIN { if (e == "NA") print e; else printf "%.3f\n", 100 * (e - 1) }')" "$(ov "$s" overhead_pct)"
  check_eq "$s: q is Benjamini-Hochberg across both scenarios" \
    "$(awk -v q="$(val "$(grep "label=$s " "$TMP/ratios.out")" q)" 'BEGIN { if (q == "NA") print q; else printf "%.4g\n", q }')" "$(ov "$s" q)"
done

awk -v csvdir="$TMP/raw" -f "$ROOT/common/kv.awk" -f "$ROOT/lockwait/summary.awk" "$raw" >"$TMP/summary.md" 2>"$TMP/sum.err"
check "summary: a row for cond and for cache" \
  awk 'END { exit !(a && b) } /^\| cond \| [0-9]/ { a = 1 } /^\| cache \| [0-9]/ { b = 1 }' "$TMP/summary.md"
check "summary: the SVG exists" test -s "$TMP/raw/lockwait-cache-critpath.svg"
check "raw: the cache waits' folded stacks reach the workload's own functions" \
  grep -q '^RESULT exp=lockwait kind=folded folded=[^ ]*;cache_find_or_compile+0x[0-9a-f]*;[^ ]* wait_ns=[0-9]* scenario=cache ' "$raw"
check "summary: the flame graph exists and names cache_find_or_compile" grep -q 'cache_find_or_compile' "$TMP/raw/lockwait-cache-flame.svg"

# without the preload (macOS, where the library does not build): bare runs
# only, REPS clean ones and no more (no overhead to aim at), medians of them
# shellcheck disable=SC2317 # called through run_exp
bare_only_run() { lockwait_have_preload() { false; }; lockwait_run "$@"; }
: >"$TMP/bare.txt"
LOCKWAIT_SCENARIOS=cond REPS=2 MAX_CELL_S=60 run_exp bare_only_run "$TMP/bare.txt" 2>"$TMP/bare.err" || fail "bare-only run" "$(tail -n 3 "$TMP/bare.err")"
clean=$(grep -c 'kind=pair .* slow=0$' "$TMP/bare.txt" || true)
pairs=$(grep -c 'kind=pair ' "$TMP/bare.txt" || true)
check_awk "bare only: 2 clean runs and no more, or stopped too busy ($clean clean of $pairs)" \
  "$clean == 2 || $(grep -c 'kind=pair .* slow=1$' "$TMP/bare.txt") > $clean"
# the medians: of the clean runs, or of all when too few were clean (fewer
# than REPS, or more slow than half: exp.sh's fallback)
if [ "$clean" -lt 2 ] || [ $((2 * (pairs - clean))) -gt "$pairs" ]; then clean=$pairs; fi
check_eq "bare only: no wrapped run, no overhead line" "0 0" \
  "$(grep -c 'variant=wrapped' "$TMP/bare.txt") $(grep -c 'kind=overhead' "$TMP/bare.txt")"
check "bare only: the median of the clean runs' bare wall time" grep -q "^RESULT exp=lockwait kind=runs scenario=cond runs=$clean bare_ms=[0-9.NA]* " "$TMP/bare.txt"

# A stand-in for build/stats (the real one for the intervals), so that the
# rules are shown whatever the machine does: every canary reports 0.5 ns
# but call 8 (the second canary of pair 2, after the 3 of the start) and
# those from call FAKE_SLOW_FROM on, which report a 20x slower machine, and
# `ratio` reports the target as FAKE_REACHED says. A build dir of links to
# the real programs holds it.
fake=$TMP/fakebuild
mkdir -p "$fake"
for f in lockwait_workload lockwait_report liblockwait.so; do ln -s "$BUILD/$f" "$fake/$f"; done
cat >"$fake/stats" <<EOF
#!/usr/bin/env bash
set -euo pipefail
if [ "\$1" = canary ]; then
  n=\$((\$(cat "$TMP/canaries" 2>/dev/null || echo 0) + 1)); echo "\$n" >"$TMP/canaries"
  if [ "\$n" = 8 ] || [ "\$n" -ge "\${FAKE_SLOW_FROM:-999999}" ]; then c=9.99; else c=0.5; fi
  echo "RESULT exp=stats kind=canary canary_ns=\$c slow_canary=1.15"
  exit 0
fi
"$BUILD/stats" "\$@" | sed "s/ target_reached=[01]/ target_reached=\${FAKE_REACHED:-0}/"
EOF
chmod +x "$fake/stats"
# fake_run NAME REPS MAX_CELL_S FAKE_REACHED: a cond-only run through the stand-in
fake_run() {
  rm -f "$TMP/canaries"
  : >"$TMP/$1.txt"
  BUILD=$fake LOCKWAIT_SCENARIOS=cond REPS=$2 MAX_CELL_S=$3 FAKE_REACHED=$4 run_exp lockwait_run "$TMP/$1.txt" 2>"$TMP/$1.err" ||
    fail "$1: the run" "$(tail -n 3 "$TMP/$1.err")"
  grep '^RESULT exp=lockwait kind=overhead ' "$TMP/$1.txt"
}
line=$(fake_run slow 3 0 1)
check_eq "a slow canary in pair 2: that pair marked slow=1" "0 1 0 0" \
  "$(grep '^RESULT exp=lockwait kind=pair ' "$TMP/slow.txt" | kv_awk '{ print kv_get($0, "slow") }' | paste -sd' ' -)"
check_eq "... left out and replaced: 3 used, 4 in all, 1 slow, the figure from the clean ones" "3 4 1 clean" \
  "$(val "$line" pairs_used) $(val "$line" pairs_total) $(val "$line" pairs_slow) $(val "$line" pairs_basis)"
check_eq "... and its runs are not among the medians (runs=3)" 3 "$(val "$(grep 'kind=runs' "$TMP/slow.txt")" runs)"
line=$(fake_run never 1 3600 0)
check_eq "target never reached, no time cap: pairs up to 4 x REPS + 10 = 14" "14 0" "$(val "$line" pairs_total) $(val "$line" target_reached)"
line=$(fake_run reached 2 3600 1)
check_eq "target reached at once: REPS clean pairs and the slow one (3), target_reached=1" "3 1" "$(val "$line" pairs_total) $(val "$line" target_reached)"
line=$(FAKE_SLOW_FROM=4 fake_run busy 1 3600 0)
check_eq "every pair slow: stop once 8 slow pairs could not be outnumbered by the 6 left of 14, the figure from all 8" \
  "8 8 8 all" "$(val "$line" pairs_total) $(val "$line" pairs_slow) $(val "$line" pairs_used) $(val "$line" pairs_basis)"
line=$(fake_run capped 2 0 0)
check_eq "target not reached, cap 0 s: REPS clean pairs and the slow one (3), no more" "3 0" "$(val "$line" pairs_total) $(val "$line" target_reached)"

# The what-if prediction through a stand-in for lockwait_report (the real
# one for everything but --what-if): a lock whose halved holds save 12.5%
# (25% free) and another that saves less; the check takes the lock the
# hold belongs to, the one saving most
wib=$TMP/whatifbuild
mkdir -p "$wib"
for f in lockwait_workload liblockwait.so stats; do ln -s "$BUILD/$f" "$wib/$f"; done
cat >"$wib/lockwait_report" <<STANDIN
#!/usr/bin/env bash
set -euo pipefail
case "\${1-}" in
  -h) "$BUILD/lockwait_report" -h; echo "  --what-if FACTOR [--lock LABEL] TRACE (stand-in)" ;;
  --what-if) # --what-if F [--what-if F]... TRACE
    while [ "\$1" = --what-if ]; do
      echo "RESULT exp=lockwait kind=whatif lock=g_other hold_factor=\$2 wall_ns=1000 predicted_wall_ns=990 predicted_saving_pct=1.0"
      awk -v f="\$2" 'BEGIN { printf "RESULT exp=lockwait kind=whatif lock=g_mtx hold_factor=%s wall_ns=1000 predicted_wall_ns=%d predicted_saving_pct=%.1f\\n", f, 750 + 250 * f, 25 * (1 - f) }'
      shift 2
    done
    [ "\$#" = 1 ] && [ -s "\$1" ] || { echo "no trace \$*" >&2; exit 1; } ;;
  *) exec "$BUILD/lockwait_report" "\$@" ;;
esac
STANDIN
chmod +x "$wib/lockwait_report"
: >"$TMP/wi.txt"
BUILD=$wib LOCKWAIT_SCENARIOS=mutex REPS=1 run_exp lockwait_run "$TMP/wi.txt" 2>"$TMP/wi.err" || fail "what-if run with the stand-in report" "$(tail -n 3 "$TMP/wi.err")"
wi=$(grep '^RESULT exp=lockwait kind=whatif_check ' "$TMP/wi.txt" || true)
check_eq "stand-in: the check names the lock and its predictions at 0.5 and 0" "mutex g_mtx 12.5 25" \
  "$(val "$wi" scenario) $(val "$wi" lock) $(val "$wi" predicted_saving_pct) $(val "$wi" predicted_free_saving_pct)"
check_eq "stand-in: the report's what-if lines are in the raw file, tagged (2 locks x 2 factors)" 4 \
  "$(grep -c '^RESULT exp=lockwait kind=whatif lock=.* scenario=mutex variant=traced rep=0$' "$TMP/wi.txt")"
check_awk "stand-in: at least one what-if pair ran ($(val "$wi" pairs_total))" "$(val "$wi" pairs_total)0 >= 10"
check_eq "stand-in: the half runs ran at half the mutex hold (500 ns)" "$(grep -c 'kind=whatif_pair ' "$TMP/wi.txt")" \
  "$(grep -c '^RESULT exp=lockwait kind=workload scenario=mutex .* cs_ns=500 .*variant=half ' "$TMP/wi.txt")"
check_eq "stand-in: REPS 1: one trace, so no interval for the prediction" "1 NA NA" \
  "$(val "$wi" traces_count) $(val "$wi" predicted_saving_pct_lo) $(val "$wi" predicted_saving_pct_hi)"
check "stand-in: the sleeps of the full and half runs (NA: no clean pair)" grep -q -E 'kind=whatif_check .* full_nvcsw=([0-9.]+|NA) .* half_nvcsw=([0-9.]+|NA) ' "$TMP/wi.txt"
: >"$TMP/wi0.txt"
BUILD=$wib LOCKWAIT_SCENARIOS=mutex REPS=1 LOCKWAIT_WHATIF=0 run_exp lockwait_run "$TMP/wi0.txt" 2>"$TMP/wi.err" || fail "LOCKWAIT_WHATIF=0 run" "$(tail -n 3 "$TMP/wi.err")"
wi=$(grep '^RESULT exp=lockwait kind=whatif_check ' "$TMP/wi0.txt" || true)
check_eq "LOCKWAIT_WHATIF=0: the lock free, predicted once (2 report lines), runs at -c 0" "2 0 25 25" \
  "$(grep -c '^RESULT exp=lockwait kind=whatif lock=' "$TMP/wi0.txt") $(val "$wi" half_cs_ns) $(val "$wi" predicted_saving_pct) $(val "$wi" predicted_free_saving_pct)"
# REPS 6: the prediction is the median of 6 traces (the traced run and 5
# more, variant whatif_traced), with an interval; the stand-in predicts
# the same 12.5% from each
: >"$TMP/wi6.txt"
BUILD=$wib LOCKWAIT_SCENARIOS=mutex REPS=6 MAX_CELL_S=0 run_exp lockwait_run "$TMP/wi6.txt" 2>"$TMP/wi.err" || fail "what-if run, REPS=6" "$(tail -n 3 "$TMP/wi.err")"
wi=$(grep '^RESULT exp=lockwait kind=whatif_check ' "$TMP/wi6.txt" || true)
check_eq "REPS 6: 6 traces, the median prediction and its interval" "6 12.5 12.5 12.5" \
  "$(val "$wi" traces_count) $(val "$wi" predicted_saving_pct) $(val "$wi" predicted_saving_pct_lo) $(val "$wi" predicted_saving_pct_hi)"
check_eq "REPS 6: 5 more traced runs (variant whatif_traced, rep 2..6), each with its report lines" "5 20" \
  "$(grep -c '^RESULT exp=lockwait kind=workload .*variant=whatif_traced rep=[2-6]$' "$TMP/wi6.txt") $(grep -c '^RESULT exp=lockwait kind=whatif .*variant=whatif_traced' "$TMP/wi6.txt")"
: >"$TMP/wioff.txt"
BUILD=$wib LOCKWAIT_SCENARIOS=mutex REPS=1 LOCKWAIT_WHATIF=off run_exp lockwait_run "$TMP/wioff.txt" 2>"$TMP/wi.err" || fail "LOCKWAIT_WHATIF=off run" "$(tail -n 3 "$TMP/wi.err")"
check_eq "LOCKWAIT_WHATIF=off: no what-if run, pair or line" 0 "$(grep -c -E '^RESULT .*(kind=whatif|variant=half)' "$TMP/wioff.txt" || true)"
# A run that fails (twice in two 20-minute runs: a workload that had printed
# its summary, then exit status 255) is said, kept in a kind=failed_run line
# and run again; the fourth failure stops the experiment. A stand-in
# workload: the real one, but the calls listed in FAKE_FAIL end with 255.
flb=$TMP/failbuild
mkdir -p "$flb"
for f in lockwait_report liblockwait.so stats; do ln -s "$BUILD/$f" "$flb/$f"; done
cat >"$flb/lockwait_workload" <<STANDIN
#!/usr/bin/env bash
n=\$((\$(cat "$TMP/wlcalls" 2>/dev/null || echo 0) + 1)); echo "\$n" >"$TMP/wlcalls"
"$BUILD/lockwait_workload" "\$@" || exit
case " \${FAKE_FAIL:-} " in *" \$n "*) echo "stand-in: call \$n fails" >&2; exit 255 ;; esac
STANDIN
chmod +x "$flb/lockwait_workload"
: >"$TMP/fl.txt"
rm -f "$TMP/wlcalls"
rc=0
BUILD=$flb FAKE_FAIL=2 LOCKWAIT_SCENARIOS=cond REPS=2 MAX_CELL_S=0 run_exp lockwait_run "$TMP/fl.txt" 2>"$TMP/fl.err" || rc=$?
check_eq "a run that fails once: the experiment completes" 0 "$rc"
check_eq "... one kind=failed_run line: its scenario, variant, pair, exit and stderr" \
  "RESULT exp=lockwait kind=failed_run scenario=cond variant=wrapped rep=1 status=exit_status_255 stderr_last=stand-in:_call_2_fails" \
  "$(grep 'kind=failed_run' "$TMP/fl.txt")"
check "... stderr says it runs it again" grep -q 'cond (under the preload) failed (exit status 255); running it again (1 of at most 3)' "$TMP/fl.err"
fl=$(grep 'kind=overhead' "$TMP/fl.txt")
check_eq "... pair 1 still has its two runs, and every pair counts (kind=pair lines: pairs_total)" "1 1 $(val "$fl" pairs_total)" \
  "$(grep -c 'kind=workload .*variant=bare rep=1$' "$TMP/fl.txt") $(grep -c 'kind=workload .*variant=wrapped rep=1$' "$TMP/fl.txt") $(grep -c 'kind=pair ' "$TMP/fl.txt")"
awk -v csvdir="$TMP" -v prefix= -f "$ROOT/common/kv.awk" -f "$ROOT/lockwait/summary.awk" "$TMP/fl.txt" >"$TMP/fl.md"
check "... and the summary says so" grep -q '1 run failed and was run again.*: cond wrapped pair 1 (exit status 255)\.' "$TMP/fl.md"
rm -f "$TMP/wlcalls"
rc=0
BUILD=$flb FAKE_FAIL="1 2 3 4" LOCKWAIT_SCENARIOS=cond REPS=2 MAX_CELL_S=0 run_exp lockwait_run "$TMP/fl4.txt" 2>"$TMP/fl.err" || rc=$?
check_eq "four failed runs: the experiment stops (exit 1), saying how many failed" "1 1" \
  "$rc $(grep -c 'cond (bare) failed (exit status 255); 4 runs of this invocation failed, more than the 3 run again' "$TMP/fl.err")"
finish

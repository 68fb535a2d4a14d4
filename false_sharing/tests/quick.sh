#!/usr/bin/env bash
# The false-sharing benchmark as a smoke test: QUICK=1 ./run.sh produces
# well-formed RESULT lines whose checksums are all ok and leaves README.md
# alone, every round is accounted for and every figure carries an interval;
# the binary rejects bad input (a thread count named twice too) and ignores
# clock estimates in the environment; oversubscription is explicit; the
# ASan+UBSan build runs clean.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

R=$TMP/repo
scratch_repo "$R"
readme_before=$(cksum <"$R/README.md")
check "QUICK=1 ./run.sh false_sharing succeeds" env QUICK=1 "$R/run.sh" false_sharing
raw=$R/results/quick-false_sharing-raw.txt
check "the quick raw file exists" test -s "$raw"
check_eq "QUICK leaves README.md alone" "$readme_before" "$(cksum <"$R/README.md")"
check "the quick summary exists" test -s "$R/results/quick-summary.md"
check_eq "every RESULT line follows the grammar" "" "$(result_grammar "$raw")"
# the binary's own lines, tagged inv=I by run.sh (one set per invocation);
# the published lines after them are build/combine's (common/tests/combine.sh)
# one line per cell and speed level: the cells are the samples lines
cells=$(grep -c '^RESULT exp=false_sharing kind=\(cell\|pair\)_samples inv=' "$raw" || true)
sums=$(grep -c '^RESULT exp=false_sharing kind=checksum inv=.* status=ok$' "$raw" || true)
check_eq "one checksum status=ok line per cell and invocation ($cells)" "$cells" "$sums"
check_awk "at least 12 cells ran in each of 2 invocations" "$cells >= 24"
check_eq "no checksum line other than ok" "" "$(grep 'kind=checksum' "$raw" | grep -v 'status=ok$' || true)"
check "the raw file opens with provenance (git, compiler, clock)" \
  bash -c "grep -q '^# git: ' '$raw' && grep -q '^# build: ' '$raw' && grep -q '^# clock_ghz_t1: ' '$raw'"
# the core-to-core map runs first; its classes choose the two-thread pairs
check "the core-to-core map ran first" bash -c "grep -m1 '^RESULT exp=false_sharing kind=\(c2c_plan\|cell\) ' '$raw' | grep -q c2c_plan"
if grep -q '^RESULT exp=false_sharing kind=c2c_class ' "$raw"; then
  check "the map's measured classes choose the pairs" grep -q '^RESULT exp=false_sharing kind=pair class=measured_1 ' "$raw"
else
  check "no measured class (too busy): the pairs come from the OS topology" \
    bash -c "! grep -q 'kind=pair class=measured_' '$raw'"
fi
check_eq "every cell has samples and cpus lines" "$cells $cells" \
  "$(grep -cE '^RESULT exp=false_sharing kind=(cell|pair)_samples inv=' "$raw") $(grep -c '^RESULT exp=false_sharing kind=[a-z]*_cpus inv=' "$raw")"
# every round is accounted for: the rounds of each speed level, interfered
# and mixed add up to the total, and the samples line keeps one value and
# one state letter (its level, i or m) per round, counted the same
check_eq "rounds_used over the levels + rounds_interfered + rounds_mixed = rounds_total on every cell" "" \
  "$(grep -E '^RESULT exp=false_sharing kind=(cell|pair) inv=' "$raw" | kv_awk -v invocations=1 '{ kv($0, v)
      id = v["inv"] " " v["class"] " " v["increment"] " " v["layout"] " " v["threads"]
      if (!(id in tot)) { ids[++n] = id; tot[id] = v["rounds_total"]; sum[id] = v["rounds_interfered"] + v["rounds_mixed"] }
      sum[id] += v["rounds_used"] }
    END { for (i = 1; i <= n; i++) if (sum[ids[i]] != tot[ids[i]]) print ids[i], sum[ids[i]], tot[ids[i]] }')"
check_eq "samples lines: one value and one state letter per round" "" \
  "$(grep -E '^RESULT exp=false_sharing kind=(cell|pair)_samples inv=' "$raw" | kv_awk -v invocations=1 '{ kv($0, v)
      n = split(v["ns_per_inc"], x, ","); if (n != length(v["state"]) || v["state"] !~ /^[1-9im]+$/) print }')"
check_eq "a cell's rounds of level K are the samples' K letters" "" \
  "$(grep -E '^RESULT exp=false_sharing kind=(cell|pair)(_samples)? inv=' "$raw" | kv_awk -v invocations=1 '{ kv($0, v)
      id = v["inv"] " " v["class"] " " v["increment"] " " v["layout"] " " v["threads"]
      if (v["kind"] ~ /samples/) { st[id] = v["state"]; next }
      used[id, v["speed_level"]] = v["rounds_used"]; lv[++n] = id SUBSEP v["speed_level"] }
    END { for (i = 1; i <= n; i++) { split(lv[i], p, SUBSEP); s = st[p[1]]; c = gsub(p[2], "", s)
            if (c != used[lv[i]]) print p[1], "level", p[2], c, used[lv[i]] } }')"
check_eq "every cell carries its level, an interval, its rounds and the verdicts" "" \
  "$(grep -E '^RESULT exp=false_sharing kind=(cell|pair) inv=' "$raw" | grep -vE 'speed_level=[1-9] canary_ns=[^ ]+ speed_share=[^ ]+ ns_per_inc=.* ns_per_inc_lo=[^ ]+ ns_per_inc_hi=.* rounds_total=.* rounds_mixed=.* two_modes=[01] .*target_reached=[01] too_busy=[01]' || true)"
check_eq "every ratio line carries an interval, p and q" "" \
  "$(grep -E '^RESULT exp=false_sharing kind=(pair_)?ratio inv=' "$raw" | grep -vE 'ratio_lo=[^ ]+ ratio_hi=[^ ]+ p=[^ ]+ q=[^ ]+ n=[0-9]+ target_reached=[01] too_busy=[01]$' || true)"
ncpu=$(getconf _NPROCESSORS_ONLN)
if [ "$ncpu" -lt 8 ]; then
  check "thread counts above $ncpu CPUs are skipped with a note" grep -q "kind=skip threads=8 allowed_cpus=$ncpu reason=above_allowed_cpus" "$raw"
fi
# estimates that learn: the seconds an invocation took are kept with the
# results, and the next run with the same knobs is estimated from them
t=$R/results/quick-timings.txt
check "the run kept what an invocation took (quick-timings.txt)" \
  grep -qE '^false_sharing [0-9]+ QUICK=1 REPS=default PIN=default ITERS_LOG2=16 C2C=1$' "$t"
sed -i 's/^false_sharing [0-9]* /false_sharing 7 /' "$t"
check_eq "the next run with the same knobs is estimated from it: 2 invocations of 7 s" "1" \
  "$(cd "$R" && QUICK=1 ./run.sh false_sharing 2>&1 | grep -c 'about 14 s (false_sharing as long as in the last run here')"
sed -i 's/^false_sharing [0-9]* /false_sharing 7 /' "$t"
check_eq "other knobs are estimated afresh" "0" \
  "$(cd "$R" && QUICK=1 C2C=0 ./run.sh false_sharing 2>&1 | grep -c 'as long as in the last run here')"
check "the quick summary has the false-sharing tables and findings" \
  bash -c "grep -q '^### False sharing' '$R/results/quick-summary.md' && grep -qE 'cell-rounds (was|were) left out' '$R/results/quick-summary.md'"

# the binary itself
fs=$BUILD/false_sharing
check "false_sharing -h prints usage" bash -c "'$fs' -h | grep -q '^usage: false_sharing'"
check_exit "false_sharing with an argument: exit 2" 2 "$fs" --bogus
check_exit "false_sharing ITERS_LOG2=abc: exit 2" 2 env ITERS_LOG2=abc "$fs"
check_exit "false_sharing THREADS=0: exit 2" 2 env THREADS=0 "$fs"
check_exit "false_sharing THREADS=2,2 (a count twice): exit 2" 2 env THREADS=2,2 "$fs"
check_eq "THREADS=1,2,1 is refused in one line naming the repeat" "1" \
  "$(env THREADS=1,2,1 "$fs" 2>&1 >/dev/null | grep -c 'THREADS=1,2,1: 1 is named twice')"
check_exit "run.sh THREADS=2,2: exit 2 before anything runs" 2 env THREADS=2,2 "$R/run.sh" false_sharing

# cycles come from each round's canary: a clock estimate in the environment
# (run.sh still exports one, for provenance) must not be published as one
env CLOCK_GHZ=1000 CLOCK_GHZ_T2=1000 CLOCK_GHZ_T4=1000 ITERS_LOG2=12 REPS=2 MAX_CELL_S=0 THREADS=1,2 PAIRS=0 \
  "$fs" >"$TMP/clk.txt" 2>/dev/null
check_eq "CLOCK_GHZ* in the environment change no cycles figure (register stays near 1 cycle)" "" \
  "$(grep 'kind=cell increment=register' "$TMP/clk.txt" | kv_awk '{ c = kv_get($0, "cycles_per_inc"); if (c != "NA" && c + 0 > 50) print }')"

# named thread counts above the CPU count run, marked oversubscribed
over=$((ncpu + 1))
env ITERS_LOG2=12 REPS=1 MAX_CELL_S=0 THREADS="$over" PAIRS=0 "$fs" >"$TMP/over.txt" 2>/dev/null
# a cell prints one line per host speed level it saw, so count cells, not lines
check_eq "THREADS=$over runs all 12 cells marked oversubscribed=1" "12" \
  "$(grep "kind=cell .*threads=$over .*oversubscribed=1" "$TMP/over.txt" | grep -o 'increment=[a-z_]* layout=[a-z0-9_]*' | sort -u | wc -l | tr -d ' ')"
check_eq "THREADS=$over: no line of theirs marked oversubscribed=0" "0" \
  "$(grep -c "kind=cell .*threads=$over .*oversubscribed=0" "$TMP/over.txt" || true)"

# the sanitizer build
env ITERS_LOG2=14 REPS=2 MAX_CELL_S=0 THREADS=1,2 "$BUILD_ASAN/false_sharing" >"$TMP/asan.txt" 2>"$TMP/asan.err"
check_eq "ASan+UBSan build: no sanitizer report" "" "$(grep -E 'ERROR: AddressSanitizer|runtime error' "$TMP/asan.err" || true)"
check_eq "ASan+UBSan build: checksums ok" "0" "$(grep 'kind=checksum' "$TMP/asan.txt" | grep -vc 'status=ok$' || true)"
check_awk "ASan+UBSan build: cells ran" "$(grep -c 'kind=cell' "$TMP/asan.txt") >= 12"
finish

#!/usr/bin/env bash
# common/compare.sh and build/compare with known answers: a run against
# itself changes nothing; one cell's invocation estimates scaled by 1.2 (and
# re-combined by build/combine) come out "changed" by +20% inside their
# interval, with nothing else flagged; figures pair only within one speed
# level (matched by canary, not by number) and one placement; between two
# CPU models only dimensionless values get a verdict; an older version's raw
# file, another experiment's, and bad arguments are refused or read, never
# misread (exit 2 naming the file). Inputs: the committed results/, the
# slow-host fixture, common/tests/compare-old-ctxswitch-raw.txt (an older
# version's lines) and small raw files written here.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"
CMP=$ROOT/common/compare.sh
read_experiments "$ROOT"
# shellcheck source=/dev/null
spec() { (source "$ROOT/$1/exp.sh" && "${1}_figures"); }

# the raw files: the slow-host fixtures of false_sharing and ctxswitch,
# re-derived into speed levels by run.sh --summarize (the same bytes every
# time, whatever the last run measured), and the committed lockwait one
need_tool gzip gzip "the comparisons (the fixtures are gzipped)" || finish
F=$TMP/fixture
mkdir "$F"
for e in false_sharing ctxswitch; do gzip -dc "$ROOT/$e/tests/slow-host-raw.txt.gz" >"$F/$e-raw.txt"; done
lw=$(committed_results lockwait-raw.txt || true)
cp "${lw:-$ROOT/results/lockwait-raw.txt}" "$F/lockwait-raw.txt"
(cd "$ROOT" && ./run.sh --summarize "$F" 2>/dev/null) || fail "the fixtures re-derived" "run.sh --summarize failed"

# ---- a run against itself: nothing changed, every change 0
mkdir "$TMP/self"
cp "$F"/{false_sharing,ctxswitch,lockwait}-raw.txt "$TMP/self/"
rc=0; "$CMP" "$F" "$TMP/self" >"$TMP/self.out" 2>"$TMP/err" || rc=$?
check_eq "a run against a copy of itself: exit 0" "0" "$rc"
check_eq "... no verdict but same and unclear (or none, for a value without an interval)" "" \
  "$(grep '^RESULT .*kind=compare ' "$TMP/self.out" | grep -v 'verdict=same\|verdict=unclear\|verdict=none why=no_interval' | head -n 2)"
check_eq "... every change 0" "" "$(grep '^RESULT .*kind=compare ' "$TMP/self.out" | grep -v ' change_pct=0 \|verdict=none why=no_interval' | head -n 2)"
check_awk "... every experiment compared (3 summaries, over 100 values)" \
  "$(grep -c 'kind=compare_summary' "$TMP/self.out") == 3 && $(grep -c 'kind=compare .*verdict=\(same\|unclear\)' "$TMP/self.out") > 100"
check "... the report names the correction and the level" grep -q 'Bonferroni' "$TMP/self.out"
# a value at or below 0 (an indirect cost) has no ratio: the geometric mean
# says it is over fewer values than were compared (it said "over the 86
# compared values" after "0 of 187 values compared")
check "... the geometric mean of ctxswitch's ratios is over the values above 0" \
  grep -qE '^0 of ([0-9]+) values compared .* Geometric mean of the ratios B/A over the [0-9]+ compared values above 0 in both runs: ' "$TMP/self.out"
check "... and opens with what differs (nothing)" grep -q '^Nothing in this list differs' "$TMP/self.out"
# a directory inside the project is named from its root, one outside as
# given: results/compare.md read "A: the results directory
# /work/main/results/previous", this machine's checkout path
rc=0; "$CMP" -o "$TMP/paths.md" "$ROOT/results" "$TMP/self" >/dev/null 2>"$TMP/err" || rc=$?
check_eq "the report names a directory of the project from its root, another as given" \
  "A: the results directory results. B: the results directory $TMP/self." "$(head -n 3 "$TMP/paths.md" | grep '^A: ' || cat "$TMP/err")"
if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
  rc=0; "$CMP" HEAD HEAD >"$TMP/head.out" 2>&1 || rc=$?
  check_eq "a git revision against itself: exit 0, read from its committed results/" "0 1" \
    "$rc $(grep -c '^A: the results committed at HEAD' "$TMP/head.out")"
else
  skip "a git revision against itself" "not a git checkout"
fi

# ---- one cell scaled by 1.2
# remake RAW OUT EXP MATCH KEYS: RAW's invocation lines, the values KEYS
# (a regex) of the lines MATCH (a regex) finds scaled by 1.2, then
# build/combine's published lines over them
remake() {
  local f=1.2
  [ -n "$4" ] || f=1
  # input: RESULT exp=E kind=K inv=I key=value ...; published (untagged) lines are dropped
  awk -v match_="$4" -v keys="$5" -v f="$f" '
    /^RESULT / && $4 !~ /^inv=/ { next }
    /^RESULT / && match_ != "" && $0 ~ match_ {
      for (i = 5; i <= NF; i++) if ($i ~ "^(" keys ")(_lo|_hi)?=[-0-9.e+]+$") { split($i, kv, "="); $i = kv[1] "=" sprintf("%.9g", kv[2] * f) } }
    { print }' "$1" >"$2"
  spec "$3" >"$TMP/$3.spec"
  "$BUILD/combine" "$TMP/$3.spec" "$2" >"$TMP/combined" && cat "$TMP/combined" >>"$2"
}
mkdir "$TMP/a" "$TMP/b"
remake "$F/false_sharing-raw.txt" "$TMP/a/false_sharing-raw.txt" false_sharing "" x
remake "$F/false_sharing-raw.txt" "$TMP/b/false_sharing-raw.txt" false_sharing \
  " kind=cell inv=[0-9]+ increment=atomic layout=adjacent threads=2 " "ns_per_inc|cycles_per_inc"
remake "$F/ctxswitch-raw.txt" "$TMP/a/ctxswitch-raw.txt" ctxswitch "" x
remake "$F/ctxswitch-raw.txt" "$TMP/b/ctxswitch-raw.txt" ctxswitch " kind=direct inv=[0-9]+ mode=thread " "c1_ns"
rc=0; "$CMP" "$TMP/a" "$TMP/b" >"$TMP/ab.out" 2>"$TMP/err" || rc=$?
check_eq "one cell scaled by 1.2: exit 1 (something changed)" "1" "$rc"
changed=$(grep '^RESULT .*verdict=changed' "$TMP/ab.out" || true)
# the family holds ~180 values, so each interval is at 1 - 0.05/180: the
# cell's cycles (a wider interval) may be unclear, never anything else
check_eq "... changed: the cell's ns (and maybe its cycles) and ctxswitch's scaled C1, nothing else" "" \
  "$(kv_awk '{ k = kv_get($0, "exp") " " kv_get($0, "figure") " " kv_get($0, "value") " " kv_get($0, "mode") kv_get($0, "increment") kv_get($0, "layout") kv_get($0, "threads") kv_get($0, "class")
    if (k != "false_sharing cell ns_per_inc atomicadjacent2" && k != "false_sharing cell cycles_per_inc atomicadjacent2" && k != "ctxswitch direct c1_ns thread") print k }' <<<"$changed")"
# (the fixture's C1 intervals are wide, 20-25%: its +20% may stay unclear)
check_eq "... the cell's ns is among them" "1" \
  "$(grep -c 'exp=false_sharing kind=compare increment=atomic layout=adjacent threads=2 .*figure=cell value=ns_per_inc' <<<"$changed")"
scaled=$(grep '^RESULT .*\(kind=compare increment=atomic layout=adjacent threads=2 .*figure=cell \|kind=compare mode=thread .*figure=direct\)' "$TMP/ab.out" | grep -v 'verdict=none')
check_awk "... each scaled value +20% inside its interval (every speed level: $(wc -l <<<"$scaled") values)" \
  "$(kv_awk '{ c = kv_get($0, "change_pct") + 0; lo = kv_get($0, "change_pct_lo") + 0; hi = kv_get($0, "change_pct_hi") + 0
    bad += !(c > 19.99 && c < 20.01 && lo < c && c < hi) } END { print bad + 0 }' <<<"$scaled") == 0 && $(wc -l <<<"$scaled") >= 3"
check_eq "... the pair lines of the same increment and layout (another cell) did not change" "" \
  "$(grep '^RESULT exp=false_sharing kind=compare .*figure=pair ' "$TMP/ab.out" | grep -v ' change_pct=0 \|verdict=none why=no_interval' || true)"
check_eq "... the ratios of that cell (separate lines) did not change" "" \
  "$(grep '^RESULT exp=false_sharing kind=compare .*figure=ratio' "$TMP/ab.out" | grep -v ' change_pct=0 \|verdict=none why=no_interval' || true)"
check "... the summary counts them as up" grep -q 'exp=false_sharing kind=compare_summary .* changed=\([12]\) up=\1 down=0' "$TMP/ab.out"
check_eq "... its RESULT lines follow the grammar (common/grammar.awk)" "" \
  "$(grep '^RESULT ' "$TMP/ab.out" | awk -f "$ROOT/common/grammar.awk" 2>&1 | head -n 2)"
check "... and the report's table shows the cell" grep -q '^| increment=atomic layout=adjacent threads=2 .*| cell ns_per_inc | .* | +20.0% \[' "$TMP/ab.out"

# ---- small raw files: speed levels, placements, CPU models
# raw DIR MODEL HANDOFF "LEVEL:CANARY ..." "LEVEL:RATIO ...": a false_sharing raw file
raw() {
  local l
  mkdir -p "$1"
  {
    echo "# sharecost raw results: false_sharing"
    echo "# cpu_model: $2"
    echo "# knobs: QUICK=0"
    echo "RESULT exp=false_sharing kind=placement_level level=1 main=1 cpus=0,1 one_way_ns=$3 one_way_ns_lo=$3 one_way_ns_hi=$3"
    for l in $4; do echo "RESULT exp=false_sharing kind=speed_level_run level=${l%%:*} main=0 canary_ns=${l#*:} share=0.5"; done
    for l in $5; do
      echo "RESULT exp=false_sharing kind=ratio increment=atomic compare=adjacent/pad128 threads=2 speed_level=${l%%:*} canary_ns=$(tr ' ' '\n' <<<"$4" | awk -F: -v k="${l%%:*}" '$1 == k { print $2 }') speed_share=0.5 speed_main=0 ratio=${l#*:} ratio_lo=$(awk -v r="${l#*:}" 'BEGIN { print r * 0.99 }') ratio_hi=$(awk -v r="${l#*:}" 'BEGIN { print r / 0.99 }') invocations=10 claim=${CLAIM:-beyond}"
      echo "RESULT exp=false_sharing kind=cell increment=atomic layout=adjacent threads=2 speed_level=${l%%:*} canary_ns=$(tr ' ' '\n' <<<"$4" | awk -F: -v k="${l%%:*}" '$1 == k { print $2 }') ns_per_inc=30 ns_per_inc_lo=29 ns_per_inc_hi=31 cycles_per_inc=${l#*:} cycles_per_inc_lo=$(awk -v r="${l#*:}" 'BEGIN { print r * 0.99 }') cycles_per_inc_hi=$(awk -v r="${l#*:}" 'BEGIN { print r / 0.99 }') invocations=10"
    done
  } >"$1/false_sharing-raw.txt"
}
# A: a fast level 1 (0.33 ns) and a slow level 2 (0.55 ns); B: only the slow one, numbered 1
raw "$TMP/s1" Xeon 80 "1:0.33 2:0.55" "1:4.0 2:3.0"
raw "$TMP/s2" Xeon 82 "1:0.56" "1:3.6"
"$CMP" "$TMP/s1" "$TMP/s2" >"$TMP/s.out" 2>&1 || true
check_eq "speed levels matched by canary: A's level 2 (0.55 ns) against B's level 1 (0.56 ns), +20%" "2 1 20" \
  "$(grep 'kind=compare .*figure=ratio.*verdict=changed' "$TMP/s.out" | kv_awk '{ printf "%s %s %.0f", kv_get($0, "speed_level"), kv_get($0, "speed_level_b"), kv_get($0, "change_pct") }')"
check_eq "... A's fast level has no partner in B" "speed_level" \
  "$(grep 'kind=compare .*speed_level=1 speed_level_b=NA figure=ratio' "$TMP/s.out" | kv_awk '{ print kv_get($0, "why") }')"
check_eq "... the claim that changed is named (beyond -> beyond: none)" "0" \
  "$(grep 'kind=compare_summary' "$TMP/s.out" | kv_awk '{ print kv_get($0, "claims_changed") }')"
# three levels each (a run of this host): A's 0.405 ns is B's 0.404, not B's 0.455 (which A's 0.365
# would also reach within 15%): the closest canaries pair first, whatever order the lines come in
raw "$TMP/t1" Xeon 80 "1:0.31 2:0.365 3:0.405" "1:4.0 2:3.5 3:3.0"
raw "$TMP/t2" Xeon 80 "1:0.309 2:0.404 3:0.455" "1:4.0 2:3.0 3:2.5"
"$CMP" "$TMP/t1" "$TMP/t2" >"$TMP/t.out" 2>&1 || true
check_eq "... three levels a run: 1 with 1, 3 with 2, A's 2 and B's 3 unpaired" "1-1 2-NA 3-2 NA-3" \
  "$(grep 'kind=compare .*figure=ratio' "$TMP/t.out" | kv_awk '{ print kv_get($0, "speed_level") "-" kv_get($0, "speed_level_b") }' | sort | paste -sd' ' -)"
raw "$TMP/p2" Xeon 26 "1:0.56" "1:3.6"
"$CMP" "$TMP/s1" "$TMP/p2" >"$TMP/p.out" 2>&1 || true
check_eq "another placement (hand-off 80 against 26 ns): no verdict on placement-dependent figures" "" \
  "$(grep 'kind=compare .*speed_level=2 ' "$TMP/p.out" | grep -v 'why=placement' || true)"
# every invocation of B moved (build/combine main_level=0, no level main=1):
# the placement row said "-", as if B had no probes
mkdir "$TMP/mv"
sed 's/kind=placement_level level=1 main=1 \(.*\)/kind=placement_level level=1 main=0 \1 invocations=0 invs=NA/' "$TMP/s2/false_sharing-raw.txt" >"$TMP/mv/false_sharing-raw.txt"
echo "RESULT exp=false_sharing kind=placement_runs levels=1 main_level=0 invocations=1 invocations_main=0 invocations_moved=1" >>"$TMP/mv/false_sharing-raw.txt"
"$CMP" "$TMP/s1" "$TMP/mv" >"$TMP/mv.out" 2>&1 || true
check "a run whose every invocation moved: the placement row says so" \
  grep -qF '| placement (main, hand-off) | 80 ns | none (the host moved the CPUs while every invocation ran) | **differs** |' "$TMP/mv.out"
# ... and its placement-dependent figures were compared as if its placement
# were only unknown (A's 3.0 against B's 3.6: "changed")
check_eq "a run whose every invocation moved: no verdict on placement-dependent figures, and why" "" \
  "$(grep 'kind=compare .*speed_level=2 ' "$TMP/mv.out" | grep -v 'verdict=none why=placement_moved' || true)"
check "... the report says which run and why" \
  grep -qF 'In run B the host moved the CPUs while every invocation ran (the hand-off probes before and after each disagreed), so it has no placement of its own' "$TMP/mv.out"
check "... and counts those figures with the reason" \
  grep -qF 'placement-dependent, and in one run the host moved the CPUs while every invocation ran' "$TMP/mv.out"
CLAIM=unclear raw "$TMP/m2" EPYC 82 "1:0.56" "1:3.6"
"$CMP" "$TMP/s1" "$TMP/m2" >"$TMP/m.out" 2>&1 || true
check_eq "two CPU models: ns_per_inc shown without a verdict, cycles and the ratio with one" \
  "cycles_per_inc:changed ns_per_inc:none/cpu_model ratio:changed" \
  "$(grep 'kind=compare .*speed_level=2 ' "$TMP/m.out" | kv_awk '{ w = kv_get($0, "why"); print kv_get($0, "value") ":" kv_get($0, "verdict") (w == "" ? "" : "/" w) }' | sort | paste -sd' ' -)"
check "... and the report says why" grep -q '^Two CPU models: only dimensionless figures' "$TMP/m.out"
check_eq "... the claim that changed (beyond -> unclear) is counted and shown" "1 1" \
  "$(grep 'kind=compare_summary' "$TMP/m.out" | kv_awk '{ print kv_get($0, "claims_changed") }') $(grep -c '^| .* | ratio | beyond -> unclear | changed |$' "$TMP/m.out")"

# ---- the slow-host fixture in this version's format, against itself
mkdir "$TMP/slow"
gzip -dc "$ROOT/false_sharing/tests/slow-host-raw.txt.gz" >"$TMP/slow/false_sharing-raw.txt"
if "$ROOT/run.sh" --summarize "$TMP/slow" >/dev/null 2>"$TMP/err"; then
  rc=0; "$CMP" "$TMP/slow" "$TMP/slow" >"$TMP/slow.out" 2>&1 || rc=$?
  check_eq "the slow host against itself, per speed level: exit 0, only same and unclear (none: too busy)" "0 " \
    "$rc $(grep '^RESULT .*kind=compare ' "$TMP/slow.out" | grep -v 'verdict=same\|verdict=unclear\|verdict=none why=no_interval' | head -n 1)"
  check "... its three speed levels in the report" grep -qE '^\| speed levels \(canary per add\) \| 0\.33[0-9]* ns \([0-9]+%\), 0\.55[0-9]* ns main \([0-9]+%\), 0\.9[0-9]* ns \([0-9]+%\) \|' "$TMP/slow.out"
  check_awk "... every level's figures paired (level 2 with 2: over 30 values)" \
    "$(grep -c 'kind=compare .*speed_level=2 speed_level_b=2 ' "$TMP/slow.out") > 30"
else
  fail "run.sh --summarize re-derives the slow-host fixture" "$(tail -n 2 "$TMP/err")"
fi

# ---- run.sh: a full run keeps what it replaces and compares with it
R=$TMP/repo
scratch_built "$R"
INVOCATIONS=2 REPS=6 ROUNDS=200 SIZES=4 DIRECT_ONLY=1 "$R/run.sh" ctxswitch >/dev/null 2>"$TMP/run.err" || true
check "a full run keeps the raw file it replaced in results/previous/" cmp -s "$ROOT/results/ctxswitch-raw.txt" "$R/results/previous/ctxswitch-raw.txt"
check_eq "... only this run's experiments there" "ctxswitch-raw.txt" "$(ls "$R/results/previous")"
# (the few rounds of this run may all be too busy: then nothing changed, and the line says so too)
check "... ends with one line comparing with it" grep -qE \
  '^run.sh: compared with the run of [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+Z: [0-9]+ figures changed beyond their margin, see results/compare.md$' "$TMP/run.err"
check "... whose report is results/compare.md" grep -q '^## Are they comparable' "$R/results/compare.md"
before=$(tree_sum "$R/results/previous")
QUICK=1 INVOCATIONS=1 REPS=6 ROUNDS=200 SIZES=4 DIRECT_ONLY=1 "$R/run.sh" ctxswitch >/dev/null 2>"$TMP/run.err" || true
check_eq "a QUICK run leaves results/previous/ alone and compares nothing" "$before 0" \
  "$(tree_sum "$R/results/previous") $(grep -c 'compared with the run' "$TMP/run.err")"
if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
  check "git ignores results/previous/" git -C "$ROOT" check-ignore -q results/previous/ctxswitch-raw.txt
else
  skip "git ignores results/previous/" "not a git checkout"
fi

# ---- older versions, other experiments, bad arguments
mkdir "$TMP/old"
cp "$ROOT/common/tests/compare-old-ctxswitch-raw.txt" "$TMP/old/ctxswitch-raw.txt"
rc=0; "$CMP" "$TMP/old" results >"$TMP/old.out" 2>"$TMP/err" || rc=$?
check_eq "an older version's raw file (no invocations): exit 2, nothing compared" "2" "$rc"
check_eq "... its figures all shown without a verdict" "" \
  "$(grep 'kind=compare ' "$TMP/old.out" | grep -v ' verdict=none why=' | head -n 2)"
check "... and the message says why" grep -q 'no figure of A .* could be set against one of B' "$TMP/err"
mkdir "$TMP/foreign"
cp "$ROOT/results/ctxswitch-raw.txt" "$TMP/foreign/false_sharing-raw.txt"
rc=0; "$CMP" "$TMP/foreign" results >"$TMP/out" 2>"$TMP/err" || rc=$?
check_eq "another experiment's raw file under false_sharing's name: exit 2 naming it" "2 1" \
  "$rc $(grep -c "$TMP/foreign/false_sharing-raw.txt is not false_sharing's raw file" "$TMP/err")"
printf 'RESULT exp=false_sharing kind=ratio ratio=1\n' >"$TMP/foreign/false_sharing-raw.txt"
rc=0; "$CMP" "$TMP/foreign" results >"$TMP/out" 2>"$TMP/err" || rc=$?
check_eq "a file without the raw header: exit 2" "2 1" "$rc $(grep -c 'is not false_sharing' "$TMP/err")"
{ echo "# sharecost raw results: false_sharing"; echo "RESULT exp=ctxswitch kind=direct mode=thread c1_ns=1"; } >"$TMP/foreign/false_sharing-raw.txt"
rc=0; "$CMP" "$TMP/foreign" results >"$TMP/out" 2>"$TMP/err" || rc=$?
check_eq "a line of another experiment inside: exit 2" "2 1" "$rc $(grep -c 'a line of another experiment' "$TMP/err")"
rc=0; "$CMP" "$TMP/nosuch" results >"$TMP/out" 2>"$TMP/err" || rc=$?
check_eq "a missing directory: exit 2 naming it" "2 1" "$rc $(grep -c "$TMP/nosuch: neither a directory nor a git revision" "$TMP/err")"
mkdir "$TMP/empty"
check_exit "a directory without raw files: exit 2" 2 "$CMP" "$TMP/empty" results
check_exit "one run only: exit 2" 2 "$CMP" results
check_exit "-m 5 (a percentage, not a share): exit 2" 2 "$CMP" -m 5 results results
check_exit "-h: exit 0" 0 "$CMP" -h
check_exit "build/compare with a bad group count: exit 2" 2 "$BUILD/compare" false_sharing x y
# -o: a link there is refused, not written through (cp wrote through it);
# a file there is replaced whole, keeping its mode
echo "someone else's" >"$TMP/target.md"
ln -s "$TMP/target.md" "$TMP/link.md"
rc=0; "$CMP" -o "$TMP/link.md" results results >/dev/null 2>"$TMP/err" || rc=$?
check_eq "-o onto a link: exit 2, the link and its target as they were, no temp file left" "2 someone else's link " \
  "$rc $(head -n 1 "$TMP/target.md") $(test -L "$TMP/link.md" && echo link) $(compgen -G "$TMP/.tmp.compare.*" || true)"
check "... the message names the link" grep -q "link.md: a symbolic link" "$TMP/err"
mkdir "$TMP/outdir"
rc=0; "$CMP" -o "$TMP/outdir/" results results >/dev/null 2>"$TMP/err" || rc=$?
check_eq "-o naming a directory: exit 2, nothing put in it" "2 " "$rc $(ls -A "$TMP/outdir")"
# -o naming a raw file it reads: refused before the work (the report replaced
# the run's measurements, exit 0)
mkdir "$TMP/own"
cp results/false_sharing-raw.txt "$TMP/own/"
sum=$(cksum <"$TMP/own/false_sharing-raw.txt")
rc=0; "$CMP" -o "$TMP/own/../own/false_sharing-raw.txt" results "$TMP/own" >/dev/null 2>"$TMP/err" || rc=$?
check_eq "-o naming B's raw file: exit 2, saying so, the raw file as it was" "2 1 $sum" \
  "$rc $(grep -c 'that is a raw file it reads' "$TMP/err") $(cksum <"$TMP/own/false_sharing-raw.txt")"
echo old >"$TMP/report.md"; chmod 640 "$TMP/report.md"
rc=0; "$CMP" -o "$TMP/report.md" results results >/dev/null 2>&1 || rc=$?
check_eq "-o onto a file: the report replaces it, its mode kept" "0 1 640" "$rc $(grep -c '^## Are they comparable' "$TMP/report.md") $(file_mode "$TMP/report.md")"
# the wake-up latency (build/wakeup): a row per idle time, shown without a
# verdict (one reading each: readings seconds apart differ by half on one
# host); a run without it: not recorded
# the committed run's own reading left out: the rows are the ones written here
grep -v '^# wakeup: ' "$F/lockwait-raw.txt" >"$TMP/nowake-raw.txt"
mkdir "$TMP/wa" "$TMP/wb" "$TMP/wc"
wline() { echo "# wakeup: idle_us=$1 cpus=0,1 median_ns=$2 median_ns_lo=$3 median_ns_hi=$4 p90_ns=$4 samples=101"; }
{ head -n 1 "$TMP/nowake-raw.txt"; wline 20 28215 28074 28475; wline 2000 46341 43526 47694; tail -n +2 "$TMP/nowake-raw.txt"; } >"$TMP/wa/lockwait-raw.txt"
{ head -n 1 "$TMP/nowake-raw.txt"; wline 20 5215 5074 5475; wline 2000 46000 43000 47000; tail -n +2 "$TMP/nowake-raw.txt"; } >"$TMP/wb/lockwait-raw.txt"
cp "$TMP/nowake-raw.txt" "$TMP/wc/lockwait-raw.txt"
"$CMP" "$TMP/wa" "$TMP/wb" >"$TMP/w.out" 2>&1 || true
check_eq "wake-ups: a row per idle time recorded, each reading with its interval, no verdict" \
  "| wake-up after 20 us idle (one reading each) | 28.2 us [28.1, 28.5] | 5.2 us [5.1, 5.5] | ||| wake-up after 2 ms idle (one reading each) | 46.3 us [43.5, 47.7] | 46.0 us [43.0, 47.0] | |" \
  "$(grep '^| wake-up' "$TMP/w.out" | paste -sd'|' -)"
check_eq "... and not in the list of what differs" "" "$(grep '^Differs: .*wake-up' "$TMP/w.out" || true)"
"$CMP" "$TMP/wa" "$TMP/wc" >"$TMP/w.out" 2>&1 || true
check "a run without wake-ups (older): not recorded" \
  grep -qF '| wake-up after 20 us idle (one reading each) | 28.2 us [28.1, 28.5] | not recorded | |' "$TMP/w.out"
# a run whose build/wakeup said NA: said so with its reason (it read "not
# recorded", as for an older run; two NA runs had no row at all); a value
# that is not a number: "unreadable" (it read 0.0 us)
mkdir "$TMP/wd" "$TMP/we"
{ head -n 1 "$TMP/nowake-raw.txt"; echo "# wakeup: NA reason=one_cpu"; tail -n +2 "$TMP/nowake-raw.txt"; } >"$TMP/wd/lockwait-raw.txt"
{ head -n 1 "$TMP/nowake-raw.txt"; echo "# wakeup: NA reason=cannot_pin"; tail -n +2 "$TMP/nowake-raw.txt"; } >"$TMP/we/lockwait-raw.txt"
"$CMP" "$TMP/wa" "$TMP/wd" >"$TMP/w.out" 2>&1 || true
check "a run whose wake-ups are NA: not measured, with the reason" \
  grep -qF '| wake-up after 2 ms idle (one reading each) | 46.3 us [43.5, 47.7] | not measured (one_cpu) | |' "$TMP/w.out"
"$CMP" "$TMP/wd" "$TMP/we" >"$TMP/w.out" 2>&1 || true
check_eq "both NA: one row with both reasons" "| wake-up (one reading each) | not measured (one_cpu) | not measured (cannot_pin) | |" \
  "$(grep '^| wake-up' "$TMP/w.out")"
# the table of what differs under mawk and original-awk (an awk without
# gawk's grammar refused two printf lines, "a == b ? x : y" unparenthesized,
# and the table, wake-ups and all, was left out without a word)
for a in mawk original-awk; do
  need_tool "$a" "$a" "compare.sh's table under $a" || continue
  mkdir -p "$TMP/awk-$a"; ln -sf "$(command -v "$a")" "$TMP/awk-$a/awk"
  PATH="$TMP/awk-$a:$PATH" "$CMP" "$TMP/wa" "$TMP/wd" >"$TMP/w.out" 2>"$TMP/w.err" || true
  check_eq "$a as awk: no awk error, the wake-up rows there" "0 2" \
    "$(grep -c '^awk: ' "$TMP/w.err") $(grep -c '^| wake-up after' "$TMP/w.out")"
done
# an awk that fails on that table: compare.sh fails saying so (it went on
# without the table, exit 0)
mkdir -p "$TMP/awk-bad"
printf '#!/bin/sh\ncase "$*" in *"wake-up after"*) exit 2 ;; esac\nexec %s "$@"\n' "$(command -v awk)" >"$TMP/awk-bad/awk"
chmod +x "$TMP/awk-bad/awk"
rc=0; PATH="$TMP/awk-bad:$PATH" "$CMP" "$TMP/wa" "$TMP/wd" >/dev/null 2>"$TMP/w.err" || rc=$?
check_eq "the table's awk failing: compare.sh fails, naming it" "2 1" "$rc $(grep -c 'the table of what differs (lockwait) failed' "$TMP/w.err")"
sed 's/median_ns=28215/median_ns=abc/' "$TMP/wa/lockwait-raw.txt" >"$TMP/wd/lockwait-raw.txt"
"$CMP" "$TMP/wd" "$TMP/wb" >"$TMP/w.out" 2>&1 || true
check "a value that is not a number: unreadable, not 0.0 us" \
  grep -qF '| wake-up after 20 us idle (one reading each) | unreadable | 5.2 us [5.1, 5.5] | |' "$TMP/w.out"

finish

#!/usr/bin/env bash
# common/stability.sh: the cross-run counts on synthetic raw files whose
# answer is known (inside and compared, tagged inv= lines ignored, older
# untagged files, a figure missing from a run, NA values, claims that agree
# or not, an experiment in only two runs), the medians of the half-widths,
# the output grammar; bad arguments exit 2 with nothing run; the run mode
# starts the run command N times in a copy of the checkout (a stub here) and
# leaves results/ and README.md alone; a failed run stops it, a refused knob
# exits 2; DIR/source.txt and DIR/report.txt are never written through a
# link (refused up front, or at the end for one planted during the runs).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

S=$ROOT/common/stability.sh
D="$TMP/saved runs" # a blank in the path
mkdir -p "$D/run-1" "$D/run-2" "$D/run-3"

# cell ID EST LO HI: a published false_sharing cell (layout=ID)
cell() {
  echo "RESULT exp=false_sharing kind=cell increment=store layout=$1 threads=2 ns_per_inc=$2 ns_per_inc_lo=$3 ns_per_inc_hi=$4 cycles_per_inc=1 cycles_per_inc_lo=1 cycles_per_inc_hi=1 invocations=3"
}
# ratio ID EST LO HI CLAIM: a published false_sharing ratio (compare=ID)
ratio() {
  echo "RESULT exp=false_sharing kind=ratio increment=atomic compare=$1 threads=2 ratio=$2 ratio_lo=$3 ratio_hi=$4 margin=0.02 claim=$5"
}
# tagged: one invocation's lines, far off: counted, they would change every count
tagged() {
  echo "RESULT exp=false_sharing kind=cell inv=1 increment=store layout=a threads=2 ns_per_inc=500 ns_per_inc_lo=499 ns_per_inc_hi=501"
  echo "RESULT exp=false_sharing kind=ratio inv=2 increment=atomic compare=x threads=2 ratio=9 ratio_lo=8 ratio_hi=10 claim=within"
  echo "RESULT exp=false_sharing kind=checksum increment=store status=ok"
}
# Cells, every interval est +- 1 except c in run 3; over the 6 ordered pairs of
# runs: a 10, 10.5, 20 -> 2 inside; b 10, 30, 50 -> 0; c 10, 10, 10.9 [10.8,
# 11.0] -> 4; d 10, 11, 12 -> 4. 10 of 24.
# Ratios: x 1.50 1.52 1.60 -> 2 inside, claims all beyond; y 1.01 1.05 1.02 ->
# 2, claims differ; z only in runs 1 and 2 (a missing figure) -> 2 of 2, no
# claim in every run. 6 of 14; 1 of 2 claims the same.
{
  echo "# sharecost raw results: false_sharing"
  cell a 10 9 11; cell b 10 9 11; cell c 10 9 11; cell d 10 9 11
  ratio x 1.50 1.45 1.55 beyond; ratio y 1.01 0.99 1.03 unclear; ratio z 1.00 0.99 1.01 within
  tagged
} >"$D/run-1/false_sharing-raw.txt"
{
  echo "# sharecost raw results: false_sharing"
  cell a 10.5 9.5 11.5; cell b 30 29 31; cell c 10 9 11; cell d 11 10 12
  ratio x 1.52 1.47 1.57 beyond; ratio y 1.05 1.03 1.07 beyond; ratio z 1.00 0.995 1.005 within
  tagged
} >"$D/run-2/false_sharing-raw.txt"
{
  echo "# sharecost raw results: false_sharing"
  tagged
  cell a 20 19 21; cell b 50 49 51; cell c 10.9 10.8 11.0; cell d 12 11 13
  ratio x 1.60 1.58 1.62 beyond; ratio y 1.02 1.00 1.04 unclear
  tagged
} >"$D/run-3/false_sharing-raw.txt"
# ctxswitch as an older version wrote it (no inv=, no claim=; issue 18's C1
# figures): process 4299 [4273-4314], 4198 [4178-4207], 4287 [4273-4297] ->
# 1 inside of 6; thread NA, 1207 [1163-1208], 1197 [1183-1202] -> 1 of 2.
direct() { echo "RESULT exp=ctxswitch kind=direct mode=$1 size_kib=0 c1_ns=$2 c1_ns_lo=$3 c1_ns_hi=$4 status=ok"; }
{ direct process 4299 4273 4314; direct thread NA NA NA; } >"$D/run-1/ctxswitch-raw.txt"
{ direct process 4198 4178 4207; direct thread 1207 1163 1208; } >"$D/run-2/ctxswitch-raw.txt"
{ direct process 4287 4273 4297; direct thread 1197 1183 1202; } >"$D/run-3/ctxswitch-raw.txt"
# lockwait in runs 1 and 2 only, from QUICK runs
echo "RESULT exp=lockwait kind=overhead scenario=mutex overhead_pct=2.0 overhead_pct_lo=1.0 overhead_pct_hi=3.0 claim=unclear" \
  >"$D/run-1/quick-lockwait-raw.txt"
echo "RESULT exp=lockwait kind=overhead scenario=mutex overhead_pct=2.5 overhead_pct_lo=1.5 overhead_pct_hi=3.5 claim=unclear" \
  >"$D/run-2/quick-lockwait-raw.txt"

rc=0
"$S" --compare "$D/run-1" "$D/run-2" "$D/run-3" >"$TMP/report" 2>"$TMP/err" || rc=$?
check_eq "--compare on three saved runs exits 0" 0 "$rc"
row() { grep "^RESULT exp=stability kind=cross_run experiment=$1 figure=$2 " "$TMP/report" || true; }
# fields ROW KEY...: the values of KEY... in ROW, blank-separated
fields() {
  local line=$1 k out=""; shift
  for k in "$@"; do out="$out${out:+ }$(val "$line" "$k")"; done
  echo "$out"
}
check_eq "cells: 10 of 24 cross-run estimates inside, tagged lines ignored" "false_sharing cell ns_per_inc 3 4 24 10 0.417" \
  "$(fields "$(row false_sharing cell)" experiment figure value_key runs figures compared inside inside_share)"
# half-widths 1/10 (6 of them), 1/10.5, 1/20, 1/30, 1/50, 0.1/10.9, 1/11, 1/12: median (1/11 + 1/10.5) / 2
check_eq "cells: the median relative half-width (build/stats)" 0.0930736 "$(val "$(row false_sharing cell)" rel_halfwidth)"
check_eq "cells: no claims for a plain figure" "NA NA NA" "$(fields "$(row false_sharing cell)" claims claims_same claims_same_share)"
check_eq "ratios: a figure missing in a run is compared where present; claims agree in 1 of 2" "3 14 6 0.429 2 1 0.500" \
  "$(fields "$(row false_sharing ratio)" figures compared inside inside_share claims claims_same claims_same_share)"
check_eq "old untagged ctxswitch files, NA values skipped: 2 of 8" "8 2 0.250" \
  "$(fields "$(row ctxswitch direct)" compared inside inside_share)"
check_eq "a kind with no figure in any run: nothing compared, share NA" "0 0 0 NA NA" \
  "$(fields "$(row ctxswitch total)" figures compared inside inside_share rel_halfwidth)"
check_eq "an experiment in two runs only (QUICK raw files): 2 runs, 2 of 2, the claim the same" "2 2 2 1.000 1 1" \
  "$(fields "$(row lockwait overhead)" runs compared inside inside_share claims claims_same)"
# false_sharing 5, ctxswitch 3, lockwait 3 (overhead, and since b6b2002 latency and runs)
check_eq "one RESULT line per figure kind of every EXP_figures, no other" 11 "$(grep -c '^RESULT ' "$TMP/report")"
check_eq "the RESULT lines follow the output grammar" "" "$(result_grammar "$TMP/report")"
check "the table says what honest intervals give (83%)" grep -q 'about 83%' "$TMP/report"
check "the table shows the cell row as people read it" \
  grep -Eq '^false_sharing +cell \(ns_per_inc\) +3 +24 +10 +41\.7% +9\.31% +-$' "$TMP/report"
check "the table shows the claims as a count and share" grep -q '1 of 2 (50.0%)' "$TMP/report"
check_eq "nothing on stderr" "" "$(cat "$TMP/err")"

# runs without intervals (QUICK): nothing compared, and the table says why
mkdir -p "$TMP/q1" "$TMP/q2"
direct process 4299 NA NA >"$TMP/q1/quick-ctxswitch-raw.txt"
direct process 4198 NA NA >"$TMP/q2/quick-ctxswitch-raw.txt"
"$S" --compare "$TMP/q1" "$TMP/q2" >"$TMP/report" 2>"$TMP/err" || true
check_eq "no intervals: the figure is there, nothing compared" "1 0 NA" "$(fields "$(row ctxswitch direct)" figures compared inside_share)"
check "no intervals: the table says why nothing was compared" grep -q 'QUICK runs have too few rounds' "$TMP/report"

# unlike runs: a QUICK run against a full one, other knobs, another commit,
# and a directory with both files: compared, and stderr names each difference
mkdir -p "$TMP/u1" "$TMP/u2"
prov() { printf '# git: %s (git describe)\n# knobs: QUICK=%s REPS=%s ROUNDS=default\n' "$1" "$2" "$3"; }
{ prov abc1234 0 default; direct process 4299 4273 4314; } >"$TMP/u1/ctxswitch-raw.txt"
{ prov abc1234 1 default; direct process 4000 3000 5000; } >"$TMP/u1/quick-ctxswitch-raw.txt"
{ prov def5678-dirty 1 3; direct process 4198 4178 4207; } >"$TMP/u2/quick-ctxswitch-raw.txt"
rc=0; "$S" --compare "$TMP/u1" "$TMP/u2" >"$TMP/report" 2>"$TMP/err" || rc=$?
check_eq "unlike runs: still compared (exit 0)" 0 "$rc"
check "unlike runs: stderr names the QUICK run compared with a full one" \
  grep -qF "ctxswitch: QUICK runs ($TMP/u2/quick-ctxswitch-raw.txt) compared with full ones" "$TMP/err"
check "unlike runs: stderr names both commits" \
  grep -qF "different commits (abc1234 in $TMP/u1/ctxswitch-raw.txt, def5678-dirty in $TMP/u2/quick-ctxswitch-raw.txt)" "$TMP/err"
check "unlike runs: stderr names each knob that differs, and only those" \
  grep -qF "differ in their knobs (QUICK: 0 in $TMP/u1/ctxswitch-raw.txt, 1 in $TMP/u2/quick-ctxswitch-raw.txt; REPS: default in $TMP/u1/ctxswitch-raw.txt, 3 in $TMP/u2/quick-ctxswitch-raw.txt)" "$TMP/err"
check "a directory with a full and a QUICK file: stderr says the QUICK one is left out" \
  grep -qF "$TMP/u1 holds a full and a QUICK raw file; the full one is compared, quick-ctxswitch-raw.txt left out" "$TMP/err"
check_eq "... and the full one is compared (4198 inside 4273..4314: no; 4299 inside 4178..4207: no)" "2 0" \
  "$(fields "$(row ctxswitch direct)" compared inside)"
{ prov abc1234 0 default; direct process 4299 4273 4314; } >"$TMP/u2/ctxswitch-raw.txt"
rm "$TMP/u1/quick-ctxswitch-raw.txt" "$TMP/u2/quick-ctxswitch-raw.txt"
"$S" --compare "$TMP/u1" "$TMP/u2" >"$TMP/report" 2>"$TMP/err" || true
check_eq "like runs: nothing on stderr" "" "$(cat "$TMP/err")"

# the same answer under every awk (cross_run.awk counts; stats.c makes the medians)
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "cross_run.awk under $a" || continue
  figures=$(bash -c 'source "$1/common/lib.sh" && source "$1/false_sharing/exp.sh" && false_sharing_figures' _ "$ROOT" | paste -sd';' -)
  check_eq "$a: cross_run.awk counts" "cell ns_per_inc 3 4 24 10 NA NA 0|ratio ratio 3 3 14 6 2 1 0|pair ns_per_inc 3 0 0 0 NA NA 0|pair_ratio ratio 3 0 0 0 0 0 0|c2c one_way_ns 3 0 0 0 NA NA 0" \
    "$("$a" -v experiment=false_sharing -v figures="$figures" -v series="$TMP/series.$a" -f "$ROOT/common/kv.awk" \
      -f "$ROOT/common/cross_run.awk" "$D"/run-*/false_sharing-raw.txt | paste -sd'|' -)"
done

# two runs in different placements of the CPUs (hand-off 26 against 85 ns):
# figures that depend on the placement are kept apart, the others compared
placed_run() { # placed_run HANDOFF NS: one cell (placed) and one C1 (not)
  echo "RESULT exp=false_sharing kind=placement_level level=1 main=1 cpus=0,1 one_way_ns=$1 one_way_ns_lo=$1 one_way_ns_hi=$1 probes=2 invocations=1 invs=1"
  echo "RESULT exp=false_sharing kind=cell increment=atomic layout=adjacent threads=2 ns_per_inc=$2 ns_per_inc_lo=$2 ns_per_inc_hi=$2"
}
placed_run 26.0 9.0 >"$TMP/placed1"; placed_run 85.0 31.0 >"$TMP/placed2"; placed_run 80.0 31.0 >"$TMP/placed3"
check_eq "runs in different placements: the placed cell is kept apart (2 pairs), runs in one placement compared" \
  "cell ns_per_inc 2 1 0 0 NA NA 2|cell ns_per_inc 2 1 2 2 NA NA 0" \
  "$(for p in "$TMP/placed1 $TMP/placed2" "$TMP/placed2 $TMP/placed3"; do
      # shellcheck disable=SC2086 # two file names
      awk -v experiment=false_sharing -v figures="cell increment,layout,threads ns_per_inc lin - pair" -v series=/dev/null \
        -f "$ROOT/common/kv.awk" -f "$ROOT/common/cross_run.awk" $p
    done | paste -sd'|' -)"

# ---- bad arguments: exit 2, nothing run ----
stub=$TMP/stub.sh
cat >"$stub" <<'STUB'
#!/usr/bin/env bash
# a run: says where it ran and with what, writes a raw file like the runs above
set -euo pipefail
n=$(($(wc -l <"$STUB_CALLS") + 1))
echo "$PWD|$*|$(ls results | paste -sd, -)" >>"$STUB_CALLS"
[ "${STUB_FAIL_AT:-0}" != "$n" ] || { echo "stub: failing run $n" >&2; exit 1; }
cp "$STUB_RAWS/run-$n/false_sharing-raw.txt" results/
# someone plants a link while the runs run
[ -z "${STUB_PLANT:-}" ] || [ -L "$STUB_PLANT" ] || ln -s "$STUB_PLANT_TARGET" "$STUB_PLANT"
[ -z "${STUB_PLANT_DIR:-}" ] || mkdir -p "$STUB_PLANT_DIR"
STUB
chmod +x "$stub"
export STUB_CALLS=$TMP/calls STUB_RAWS=$D SHARECOST_STABILITY_RUN=$stub
: >"$STUB_CALLS"
mkdir -p "$TMP/empty" "$TMP/taken/run-1" "$TMP/notraw"
echo "not a raw file" >"$TMP/notraw/ctxswitch-raw.txt"
# the words below are split at blanks: $D has one, and its cases were
# refused only as "'$TMP/saved' is not a directory"; a link without one
ln -s "$D" "$TMP/saved_runs"
DL=$TMP/saved_runs
touch "$TMP/a file"
bad=(
  "-n 0|-n 0" "-n 1|-n 1 (one run compares nothing)" "-n 21|-n 21" "-n x|-n x" "-n|-n without a value"
  "-n -3|-n -3" "-o|-o without a directory" "--bogus|an unknown option" "nosuch|an unknown experiment"
  "ctxswitch ctxswitch|an experiment named twice" "--compare|--compare without directories"
  "--compare $DL/run-1|--compare with one directory" "--compare $DL/run-1 $TMP/none|--compare with a missing directory"
  "--compare $DL/run-1 $TMP/empty|--compare with a directory of no raw file"
  "--compare -n 2 $DL/run-1 $DL/run-2|--compare with -n"
)
for b in "${bad[@]}"; do
  read -r -a args <<<"${b%%|*}"
  check_exit "refused with exit 2: ${b#*|}" 2 "$S" "${args[@]}"
  if grep -q "saved' is not a directory" "$TMP/out"; then fail "refused for its own reason: ${b#*|}" "$(cat "$TMP/out")"; fi
done
rc=0; "$S" --compare "$D/run-1" "$TMP/notraw" >/dev/null 2>"$TMP/err" || rc=$?
check_eq "--compare with a file of a raw file's name and no line of its experiment: exit 2, naming it" \
  "2 1" "$rc $(grep -c "notraw/ctxswitch-raw.txt is not ctxswitch's raw file" "$TMP/err")"
check_exit "refused with exit 2: -o naming a directory that holds run-*" 2 "$S" -o "$TMP/taken" false_sharing
check_exit "refused with exit 2: -o naming a file" 2 "$S" -o "$TMP/a file" false_sharing
rc=0; "$S" -o "$TMP/a file/runs" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
check_eq "-o DIR that cannot be made (under a file): exit 1, one line naming -o and why" \
  "1|stability.sh: -o $TMP/a file/runs: cannot create it (Not a directory); nothing was run" "$rc|$(cat "$TMP/err")"
# a run compared with itself "holds" 100%
check_exit "refused with exit 2: --compare naming one directory twice" 2 "$S" --compare "$D/run-1" "$D/run-2/../run-1"
cp "$TMP/out" "$TMP/twice.err"
check "... saying so" grep -q "named twice" "$TMP/twice.err"
check_eq "no bad argument started a run" 0 "$(wc -l <"$STUB_CALLS")"
check "-h prints the usage" grep -q '^usage: common/stability.sh' <("$S" -h)

# ---- the run mode: N runs of the run command in a copy ----
before=$(tree_sum "$ROOT/results" "$ROOT/README.md")
O="$TMP/my runs"
rc=0
"$S" -n 3 -o "$O" false_sharing >"$TMP/report" 2>"$TMP/err" || rc=$?
check_eq "-n 3: exits 0" 0 "$rc"
check_eq "-n 3: the run command ran 3 times" 3 "$(wc -l <"$STUB_CALLS")"
check_eq "-n 3: each run got the experiments named" "false_sharing false_sharing false_sharing" \
  "$(cut -d'|' -f2 "$STUB_CALLS" | paste -sd' ' -)"
check_eq "-n 3: every run in one copy, not in the checkout" 1 "$(cut -d'|' -f1 "$STUB_CALLS" | sort -u | grep -vc "^$ROOT\$")"
check_eq "-n 3: the committed raw files are not carried into the runs" ",," "$(cut -d'|' -f3 "$STUB_CALLS" | paste -sd, -)"
copy=$(head -n 1 "$STUB_CALLS" | cut -d'|' -f1)
check "-n 3: the copy has the checkout's run.sh" test -n "$copy"
check_eq "-n 3: the copy is removed at the end" "" "$(ls -d "$copy" 2>/dev/null || true)"
kept=("$O"/run-*/false_sharing-raw.txt)
check_eq "-n 3: each run's raw file kept in DIR/run-I" "3" "${#kept[@]}"
check_eq "-n 3: the same counts as --compare on those files" "24 10" \
  "$(fields "$(grep 'figure=cell ' "$TMP/report")" compared inside)"
check "-n 3: the report is kept in DIR/report.txt" cmp -s "$TMP/report" "$O/report.txt"
check "-n 3: progress names the run and the time so far" grep -q 'run 2 of 3 ([0-9]* s so far of ~[0-9]* s;' "$TMP/err"
# the estimate up front: 3 x false_sharing's invocations x its EXP_eta
# shellcheck disable=SC2016 # expanded by the inner bash
one=$(QUICK=0 bash -c 'source "$1/common/lib.sh" && source "$1/false_sharing/exp.sh" &&
  echo $(($(false_sharing_invocations) * $(false_sharing_eta)))' _ "$ROOT")
check "-n 3: it says how long the runs will take (3 x ~$one s)" \
  grep -q "^stability.sh: 3 runs of false_sharing, about $((3 * one)) s on an idle machine (3 x ~$one s" "$TMP/err"
check_eq "-n 3: results/ and README.md of the checkout untouched" "$before" "$(tree_sum "$ROOT/results" "$ROOT/README.md")"

# ---- DIR/source.txt and DIR/report.txt: never written through a link ----
echo "someone else's file" >"$TMP/target.txt"
chmod 640 "$TMP/target.txt"
target_sum="$(cksum <"$TMP/target.txt") 640"
target_now() { echo "$(cksum <"$TMP/target.txt") $(file_mode "$TMP/target.txt")"; }
for f in source.txt report.txt; do
  L="$TMP/linked $f"
  mkdir -p "$L"; ln -s "$TMP/target.txt" "$L/$f"
  : >"$STUB_CALLS"
  check_exit "-o DIR with a link at DIR/$f: refused with exit 2" 2 "$S" -n 2 -o "$L" false_sharing
  cp "$TMP/out" "$TMP/linked.err"
  check "... naming the link" grep -qF "$L/$f is a symbolic link (to $TMP/target.txt)" "$TMP/linked.err"
  check_eq "... before any run" 0 "$(wc -l <"$STUB_CALLS")"
  check "... the link is still a link" test -L "$L/$f"
  check_eq "... its target unchanged, mode included" "$target_sum" "$(target_now)"
done
: >"$STUB_CALLS"
mkdir -p "$TMP/has report"; echo "my notes" >"$TMP/has report/report.txt"
check_exit "-o DIR that already holds report.txt: refused with exit 2" 2 "$S" -n 2 -o "$TMP/has report" false_sharing
check_eq "... the file kept" "my notes" "$(cat "$TMP/has report/report.txt")"
# a link that appears at DIR/report.txt while the runs run: refused at the end
: >"$STUB_CALLS"
rc=0
STUB_PLANT="$TMP/late/report.txt" STUB_PLANT_TARGET=$TMP/target.txt "$S" -n 2 -o "$TMP/late" false_sharing \
  >"$TMP/report" 2>"$TMP/err" || rc=$?
check_eq "a link planted at DIR/report.txt during the runs: exit 1" 1 "$rc"
check "... naming the link" grep -qF "$TMP/late/report.txt is a symbolic link" "$TMP/err"
check "... the link is still a link" test -L "$TMP/late/report.txt"
check_eq "... its target unchanged, mode included" "$target_sum" "$(target_now)"
check "... the runs are kept" test -f "$TMP/late/run-2/false_sharing-raw.txt"
check_eq "... source.txt written, and no temp file left in DIR" "report.txt run-1 run-2 source.txt" \
  "$(cd "$TMP/late" && find . -mindepth 1 -maxdepth 1 | sed "s|^\./||" | sort | paste -sd' ' -)"
check_eq "... source.txt has the umask's mode, not mktemp's 0600" "$(printf '%o' $((0666 & ~$(umask))))" \
  "$(file_mode "$TMP/late/source.txt")"
# a directory planted there: mv would have moved the report into it
: >"$STUB_CALLS"
rc=0
STUB_PLANT_DIR="$TMP/late dir/report.txt" "$S" -n 2 -o "$TMP/late dir" false_sharing >"$TMP/report" 2>"$TMP/err" || rc=$?
check_eq "a directory planted at DIR/report.txt during the runs: exit 1, saying so" "1 1" \
  "$rc $(grep -c "late dir/report.txt is not a regular file" "$TMP/err")"
check_eq "... nothing moved into it, no temp file left" "" "$(find "$TMP/late dir/report.txt" "$TMP/late dir" -maxdepth 1 -name '.tmp*')"

: >"$STUB_CALLS"
rc=0
STUB_FAIL_AT=2 "$S" -n 3 -o "$TMP/failing" >"$TMP/report" 2>"$TMP/err" || rc=$?
check_eq "a failed run stops the check (exit 1)" 1 "$rc"
check_eq "a failed run: no run after it" 2 "$(wc -l <"$STUB_CALLS")"
check "a failed run: says which and shows its log's end" grep -q 'stub: failing run 2' "$TMP/err"
check "a failed run: the runs before it are kept" test -f "$TMP/failing/run-1/false_sharing-raw.txt"
rc=0
REPS=0 SHARECOST_STABILITY_RUN=./run.sh "$S" -n 2 -o "$TMP/badknob" ctxswitch >"$TMP/report" 2>"$TMP/err" || rc=$?
check_eq "a knob run.sh refuses (REPS=0): exit 2 after the first run's check" 2 "$rc"
check "a knob run.sh refuses: its message is shown" grep -q 'REPS=0' "$TMP/err"
finish

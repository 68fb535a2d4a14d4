#!/usr/bin/env bash
# Re-deriving a raw file's figures per speed level (ctxswitch --rederive and
# exp.sh's ctxswitch_rederive), on the committed copy of the slow-host
# fixture (slow-host-raw.txt.gz: /work/shared/fixtures/slow-host-2026-12-06,
# ./run.sh at acab5bc on a KVM guest whose host ran slow in 80% of the
# rounds; that version published C1 from 12 of 94 repetitions). The file is
# of the format before the levels (one canary per repetition): each
# repetition is one block. Within the slow level the figures agree, so C1 of
# both modes must get a number there in every invocation; and every line
# must come from the blocks of its own level only (recompute.awk, per
# invocation), so no figure pools two levels. A RAW that is no regular file
# (a FIFO, /dev/zero) is refused before it is read, and so is an empty word.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

cs=$BUILD/ctxswitch
raw=$TMP/slow-host-raw.txt
gzip -dc "$ROOT/ctxswitch/tests/slow-host-raw.txt.gz" >"$raw"
out=$TMP/rederived.txt
check "--rederive reads the old-format fixture" bash -c "'$cs' --rederive '$raw' >'$out'"
check_eq "every re-derived line follows the grammar" "" "$(result_grammar "$out")"
if [ -x "$BUILD_ASAN/ctxswitch" ]; then
  check_eq "ASan+UBSan build: --rederive gives the same bytes, clean" "$(cat "$out")" "$("$BUILD_ASAN/ctxswitch" --rederive "$raw" 2>&1)"
fi
invs=$(grep -o '^RESULT exp=ctxswitch kind=config inv=[0-9]*' "$raw" | cut -d= -f4 | paste -sd' ' -)
check_eq "every invocation re-derived, in order" "$invs" \
  "$(grep -o '^RESULT exp=ctxswitch kind=direct inv=[0-9]*' "$out" | cut -d= -f4 | uniq | paste -sd' ' -)"
check_eq "one main level per invocation" "$(wc -w <<<"$invs" | tr -d ' ')" \
  "$(grep -c '^RESULT exp=ctxswitch kind=speed_level inv=[0-9]* .* main=1$' "$out" || true)"

# a key's value in a line tagged inv= (val skips those, as kv.awk does)
ival() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }

# per invocation: the slow level (the one with the most readings among those
# at least 1.3x the fastest canary) and what C1 gets there
slow_main=0
for i in $invs; do
  read -r slow main < <(kv_awk -v invocations=1 -v inv="$i" '$3 == "kind=speed_level" && kv_get($0, "inv") == inv {
      l = kv_get($0, "level"); c[l] = kv_get($0, "canary_ns") + 0; n[l] = kv_get($0, "n") + 0
      if (kv_get($0, "main") == 1) main = l }
    END { for (l in c) if (c[l] >= 1.3 * c[1] && n[l] > most) { most = n[l]; slow = l }; print slow + 0, main }' "$out")
  check_awk "invocation $i: the host had a slow level apart from the fast one (level $slow)" "$slow > 1"
  [ "$slow" != "$main" ] || slow_main=$((slow_main + 1))
  for m in processe thread; do
    line=$(grep "^RESULT exp=ctxswitch kind=direct inv=$i mode=${m%e} .* speed_level=$slow " "$out" || true)
    x=$(ival "$line" c1_ns) lo=$(ival "$line" c1_ns_lo) hi=$(ival "$line" c1_ns_hi)
    check_awk "invocation $i: C1 between ${m}s has a number and an interval in the slow level (${x:-none} [$lo, $hi] ns)" \
      "\"$lo\" ~ /^[0-9.]+\$/ && \"$hi\" ~ /^[0-9.]+\$/ && $lo <= $x && $x <= $hi"
  done
done
check_awk "the slow level is the main one in most invocations ($slow_main)" "$slow_main >= 3"

# no pooling: each invocation's lines are what the blocks of their own level
# give (counts, canary_ns, estimates, intervals). The fixture's repetitions
# say c, i or s; each one not interfered is put in its level here, by the
# cuts build/stats levels finds in the same readings (the sweep cells' and
# one direct cell's: the two direct cells share their repetitions).
for i in $invs; do
  grep "^RESULT exp=ctxswitch kind=samples inv=$i " "$raw" | sed "s/ inv=$i / /" >"$TMP/s$i.txt"
  kv_awk 'BEGIN { printf "r" } / run=rep / && (kv_get($0, "size_kib") != 0 || !d++) { c = kv_get($0, "canary_ns"); gsub(/,/, " ", c); printf " %s", c }
    END { print "" }' "$TMP/s$i.txt" | "$BUILD/stats" levels >"$TMP/levels$i.txt"
  # shellcheck disable=SC2016 # an awk program
  { kv_awk -v cuts="$(kv_awk '{ printf "%s%s", (NR > 1 ? "," : ""), kv_get($0, "hi") }' "$TMP/levels$i.txt")" '
      / run=rep / { n = split(kv_get($0, "state"), st, ","); split(kv_get($0, "canary_ns"), c, ","); k = split(cuts, cut, ","); t = ""
        for (j = 1; j <= n; j++) {
          l = 1; while (l < k && c[j] + 0 >= cut[l] + 0) l++
          t = t (j > 1 ? "," : "") (st[j] == "i" ? "i" : l)
        }
        sub(/ state=[^ ]*/, " state=" t) } { print }' "$TMP/s$i.txt"
    grep "^RESULT exp=ctxswitch kind=[a-z_]* inv=$i " "$out" | sed "s/ inv=$i / /"; } >"$TMP/inv$i.txt"
  n=$(grep -c '^RESULT exp=ctxswitch kind=\(direct\|total\|mode_diff\) ' "$TMP/inv$i.txt" || true)
  check_eq "invocation $i: every figure comes from its own level's blocks only" "checked $n" \
    "$(awk -f "$ROOT/common/kv.awk" -f "$ROOT/ctxswitch/tests/recompute.awk" "$TMP/inv$i.txt")"
done
# and the check can fail: the first cell's blocks of both levels pooled
pooled=$(kv_awk '/ kind=samples .* run=rep / && !done { s = kv_get($0, "state"); t = s; gsub(/[12]/, "1", t); sub("state=" s, "state=" t); done = 1 } { print }' "$TMP/inv1.txt" |
  awk -f "$ROOT/common/kv.awk" -f "$ROOT/ctxswitch/tests/recompute.awk" | grep -c 'the samples say' || true)
check_awk "a line that pooled two levels would be caught ($pooled)" "$pooled > 0"

# the summary of one re-derived invocation (3: the slow level main, the
# fast one with enough repetitions) reads the main level and names it
{ grep ' inv=3 ' "$raw" | grep -v ' kind=\(direct\|total\|mode_diff\) '; grep ' inv=3 ' "$out"; } | sed 's/ inv=3 / /' >"$TMP/one.txt"
summ() { summary_awk awk -v csvdir="$TMP" "$ROOT/ctxswitch/summary.awk" "$1"; }
summ "$TMP/one.txt" >"$TMP/one.md"
main=$(grep '^RESULT exp=ctxswitch kind=speed_level .* main=1$' "$TMP/one.txt")
check "the summary names the main level with its canary and share" grep -qF \
  "Figures from speed level $(val "$main" level) (canary $(awk -v x="$(val "$main" canary_ns)" 'BEGIN { printf "%.2f", x }') ns per add, $(awk -v x="$(val "$main" share)" 'BEGIN { printf "%.0f", 100 * x }')% of the readings)" "$TMP/one.md"
pl=$(grep "^RESULT exp=ctxswitch kind=direct mode=process .* speed_level=$(val "$main" level) " "$TMP/one.txt")
check "the C1 table shows the main level's C1" grep -qF \
  "| process | 4000 | $(val "$pl" rounds_used) of $(val "$pl" rounds_total) |" "$TMP/one.md"
fast=$(grep "^RESULT exp=ctxswitch kind=direct mode=process .* speed_level=1 " "$TMP/one.txt")
check "the findings give the fastest level's C1 too" grep -qF \
  "In the fastest level, speed level 1 (canary 0.34 ns per add, 38% of the readings), C1 is $(awk -v x="$(val "$fast" c1_ns)" 'BEGIN { printf "%.0f", x }') ns" "$TMP/one.md"
check "C1 in both levels within the margin is not called different" grep -q '^- C1 in the other speed levels does not differ' "$TMP/one.md"
# a fastest level 200 ns cheaper is called different
sed "s/^\(RESULT exp=ctxswitch kind=direct mode=process .* speed_level=1 .*\) c1_ns=[0-9.]* c1_ns_lo=[0-9.]* c1_ns_hi=[0-9.]*/\1 c1_ns=1000.0 c1_ns_lo=990.0 c1_ns_hi=1010.0/" "$TMP/one.txt" >"$TMP/apart.txt"
check "a level's C1 more than 20 ns apart is called different" bash -c \
  "summary_awk awk -v csvdir='$TMP' '$ROOT/ctxswitch/summary.awk' '$TMP/apart.txt' | grep -q '^- C1 differs between speed levels beyond the 20 ns margin .*: processes 1000 ns (95% CI 990–1010) in level 1'"

# exp.sh's ctxswitch_rederive prints the same
check_eq "exp.sh's ctxswitch_rederive RAW prints what --rederive prints" "$(cat "$out")" \
  "$(PROG=test BUILD=$BUILD bash -c "source '$ROOT/common/lib.sh' && source '$ROOT/ctxswitch/exp.sh' && ctxswitch_rederive '$raw'")"
# RAW that is no regular file (a FIFO nobody writes to, /dev/zero): refused
# with exit 2 before reading (it waited, or read, for ever); the timeout is
# a guard only
mkfifo "$TMP/fifo"
for f in "$TMP/fifo" /dev/zero; do
  check_exit "--rederive ${f##*/}: refused, exit 2" 2 timeout -s KILL 30 "$BUILD/ctxswitch" --rederive "$f"
  cp "$TMP/out" "$TMP/refused.out"
  check "--rederive ${f##*/}: says it is not a regular file" grep -qF "$f: not a regular file" "$TMP/refused.out"
done
# an empty word (an unset variable) said ": No such file or directory", exit 1
check_exit "--rederive '': refused, exit 2" 2 "$BUILD/ctxswitch" --rederive ''
cp "$TMP/out" "$TMP/refused.out"
check "--rederive '': says it needs a file" grep -qF -- "--rederive needs a file, not an empty word" "$TMP/refused.out"
finish

#!/usr/bin/env bash
# The README headline (common/headline.awk): from a summary.md it keeps each
# experiment's heading and the regions its summary marks, drops everything
# else, falls back to the first paragraph where nothing is marked, gives the
# same bytes under every awk; links relative to results/ (where summary.md
# is) get results/ in front for README.md; the summaries mark a table, their
# findings and their plot; and README.md's spliced part is what it makes of
# the committed results/summary.md, with a plot of each experiment.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh"

H=$ROOT/common/headline.awk
B='<!-- headline:begin -->' E='<!-- headline:end -->'
{
  printf '## Results\n\nunmarked head line\n%s\nMachine line.\n%s\n\n' "$B" "$E"
  printf '### one\n\nintro of one\n\n%s\n\n| t |\n|---|\n| 1 |\n\n%s\nnot shown\n%s\nFindings:\n- a\n%s\n\ntail of one\n' "$B" "$E" "$B" "$E"
  printf '### two\n\nfirst paragraph of two,\nstill the first.\n\nsecond paragraph\n'
  printf '### three\n\n%s\nonly region\n![plot](three.svg) [u](https://e.x/a.svg) [p](#one) [f](quick-t.csv)\n%s\n' "$B" "$E"
} >"$TMP/sum.md"
want=$(printf 'Machine line.\n\n### one\n\n| t |\n|---|\n| 1 |\n\nFindings:\n- a\n\n### two\n\nfirst paragraph of two,\nstill the first.\n\n### three\n\nonly region\n%s\n\n' \
  '![plot](results/three.svg) [u](https://e.x/a.svg) [p](#one) [f](results/quick-t.csv)')
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "headline under $a" || continue
  "$a" -f "$H" "$TMP/sum.md" >"$TMP/$a.out" 2>"$TMP/$a.err"
  check_eq "$a: marked regions, headings and the unmarked section's first paragraph, nothing else; relative links under results/" \
    "$want" "$(cat "$TMP/$a.out")"
  check_eq "$a: nothing on stderr" "" "$(cat "$TMP/$a.err")"
done

# each experiment's summary marks a table and its findings (its golden shows it)
read_experiments "$ROOT"
for e in "${EXPERIMENTS[@]}"; do
  [ -f "$ROOT/$e/tests/golden-summary.md" ] || continue
  awk -f "$H" "$ROOT/$e/tests/golden-summary.md" >"$TMP/$e.md"
  check "$e: the headline has the experiment's heading" grep -q '^### ' "$TMP/$e.md"
  check "$e: the headline has a table" grep -q '^|---' "$TMP/$e.md"
  check "$e: the headline has the findings" grep -q '^Findings' "$TMP/$e.md"
  check_eq "$e: every begin marker has its end" \
    "$(grep -cxF "$B" "$ROOT/$e/tests/golden-summary.md")" "$(grep -cxF "$E" "$ROOT/$e/tests/golden-summary.md")"
done

# legend_gaps MD: each "### " section of a headline whose tables show a mark
# (a trailing !, "too busy", **bold**) its text does not explain ("! =",
# "too busy =" or '"too busy":', "**bold**"), as "SECTION: MARK"
legend_gaps() {
  # input: markdown; table rows start with "|", everything else is text
  awk 'function end_section() {
         if (bang && !lbang) print sec ": !"
         if (busy && !lbusy) print sec ": too busy"
         if (bold && !lbold) print sec ": bold"
         bang = busy = bold = lbang = lbusy = lbold = 0 }
       /^### / { end_section(); sec = $0; next }
       /^\|/ { if ($0 ~ / ! \|/) bang = 1; if ($0 ~ /too busy/) busy = 1; if ($0 ~ /\*\*[^*]+\*\*/) bold = 1; next }
       { if ($0 ~ /(^|[ ;(])! = /) lbang = 1; if ($0 ~ /too busy( =|": )/) lbusy = 1; if ($0 ~ /\*\*bold\*\*/) lbold = 1 }
       END { end_section() }' "$1" | paste -sd';' -
}
for e in "${EXPERIMENTS[@]}"; do
  [ -f "$TMP/$e.md" ] || continue
  check_eq "$e: the headline's text explains every mark its tables show" "" "$(legend_gaps "$TMP/$e.md")"
done

# README.md carries the headline of the committed results, nothing more:
# both as HEAD has them where there is git (the last ./run.sh rewrote the
# working tree's), else the checkout's
readme=$ROOT/README.md summary=$ROOT/results/summary.md
if command -v git >/dev/null 2>&1 && git -C "$ROOT" show HEAD:README.md >"$TMP/README.head" 2>/dev/null &&
  git -C "$ROOT" show HEAD:results/summary.md >"$TMP/summary.head" 2>/dev/null; then
  readme=$TMP/README.head summary=$TMP/summary.head
fi
awk -f "$H" "$summary" >"$TMP/want.md"
awk -v b="$RESULTS_BEGIN" -v e="$RESULTS_END" '$0 == e { p = 0 } p { print } $0 == b { p = 1 }' \
  "$readme" >"$TMP/got.md"
check_eq "README.md's results part is headline.awk of results/summary.md (to refresh it: docs/method.md, Raw files and tables)" "" \
  "$(diff "$TMP/want.md" "$TMP/got.md" | head -n 5)"
check_eq "README.md explains every mark its results tables show (!, too busy, bold)" "" "$(legend_gaps "$TMP/got.md")"
# input: README.md's results part; prints each experiment heading without an image below it
check_eq "README.md shows a plot (an image in results/) for each experiment" "" \
  "$(awk '/^### / { if (h != "" && !img) print h; h = $0; img = 0 } /^!\[[^]]*\]\(results\/[^)]*\.svg\)$/ { img = 1 }
          END { if (h != "" && !img) print h; if (h == "") print "no experiment heading" }' "$TMP/got.md" | paste -sd';' -)"
finish

#!/usr/bin/env bash
# Every plot the summaries draw, the committed results/*.svg and the golden
# SVGs the summary tests compare against, is readable on GitHub's page on a
# light or a dark background: at most 830 px wide, an opaque background, a
# title, labelled axes, no text cut at an edge or on top of another
# (common/tests/svg_check.awk says how each is judged), under every awk.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

CHECK=$ROOT/common/tests/svg_check.awk
# the committed plots of results/ as HEAD has them (the last ./run.sh
# rewrote the working tree's; without git, the checkout's), and the goldens
svgs=()
mapfile -t head_svgs < <(committed_results .svg || true)
[ "${#head_svgs[@]}" -gt 0 ] || head_svgs=("$ROOT"/results/*.svg)
for f in "${head_svgs[@]}" "$ROOT"/*/tests/golden-*.svg "$ROOT"/*/tests/*/golden-*.svg; do
  case "$f" in */results/quick-*) continue ;; esac
  [ -f "$f" ] && svgs+=("$f")
done
check_awk "found the plots (${#svgs[@]}: results/ and the goldens)" "${#svgs[@]} >= 8"

# the checker itself fails a plot with each fault (a broken plot, one check each)
printf '%s\n' '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="100" font-size="11">' \
  '<text x="4" y="16">no background, no title, no axes, wider than the page</text>' \
  '<text x="700" y="40">text that runs off the right edge of the plot</text>' \
  '<text x="4" y="60">overlap</text><text x="10" y="62">overlap</text>' '</svg>' >"$TMP/bad.svg"
awk -v maxw=830 -f "$CHECK" "$TMP/bad.svg" >"$TMP/bad.out" || true
for what in 'width 900' 'no opaque background' 'no title' 'axes not labelled' 'text outside the canvas' 'texts overlap'; do
  check "the checker finds: $what" grep -q "$what" "$TMP/bad.out"
done

for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "the plots checked under $a" || continue
  for f in "${svgs[@]}"; do
    check_eq "$a: ${f#"$ROOT"/} is readable on a light or dark page" "" "$("$a" -v maxw=830 -f "$CHECK" "$f" 2>&1 | head -n 3)"
  done
done
finish

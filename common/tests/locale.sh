#!/usr/bin/env bash
# Every locale gives the bytes of the C locale. Under generated decimal-comma
# locales (de_DE.UTF-8, fr_FR.UTF-8; C as the control) and with awk being
# mawk, gawk and original-awk in turn, a QUICK ctxswitch run re-summarises
# the committed false_sharing and lockwait raw files next to its own: its
# summary.md and every table and plot must be what the C locale makes of the
# same raw files, and its clock figures must be plain decimal numbers. One
# full QUICK run of all three experiments under de_DE.UTF-8 must succeed.
# (mawk reads "1.5" as 1 and prints 1,5 under such a locale; sort -n too
# follows it.) Needs localedef (Debian package locales) and the locale
# sources; a skip without them.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # read_experiments
read_experiments "$ROOT"
DIRS=("$ROOT/common")
for e in "${EXPERIMENTS[@]}"; do DIRS+=("$ROOT/$e"); done

# the C programs print numbers with printf in the C locale they start in: none
# may adopt the user's (liblockwait's report runs inside programs that do)
check_eq "no C program calls setlocale" "" \
  "$(grep -rl --include='*.c' 'setlocale *(' "${DIRS[@]}" 2>/dev/null | sed "s|$ROOT/||" || true)"

WHAT="runs under decimal-comma locales"
need_tool localedef locales "$WHAT" || finish
LOC=$TMP/locales
mkdir -p "$LOC"
locales=()
for l in de_DE fr_FR; do
  # into a directory of our own (LOCPATH): nothing on the system changes
  if localedef -i "$l" -f UTF-8 "$LOC/$l.UTF-8" >/dev/null 2>&1 &&
     [ "$(LOCPATH=$LOC LC_ALL=$l.UTF-8 locale decimal_point 2>/dev/null)" = , ]; then
    locales+=("$l.UTF-8")
  else
    missing "$WHAT: $l.UTF-8" "localedef could not generate $l.UTF-8 (locale sources under /usr/share/i18n missing?)"
  fi
done
[ "${#locales[@]}" -gt 0 ] || finish

R=$TMP/repo
scratch_built "$R"
cp "$ROOT/false_sharing/tests/fixture-raw.txt" "$R/results/quick-false_sharing-raw.txt"
cp "$ROOT/lockwait/tests/fixture-raw.txt" "$R/results/quick-lockwait-raw.txt"

# expected AWK: what run.sh's summary step makes of results/quick-*-raw.txt in
# the C locale with AWK, into $TMP/want (summary.md and quick-* files): the
# experiments with a raw file, in list order, each through its summary.awk
# and summary_*.awk
expected() {
  local a=$1 raws=() e s
  rm -rf "$TMP/want"; mkdir -p "$TMP/want/files"
  for e in "${EXPERIMENTS[@]}"; do
    [ ! -f "$R/results/quick-$e-raw.txt" ] || raws+=("$R/results/quick-$e-raw.txt")
  done
  {
    LC_ALL=C "$a" -f "$R/common/summary_head.awk" "${raws[@]}"
    for e in "${raws[@]}"; do
      e=${e##*/quick-}; e=${e%-raw.txt}
      for s in "$R/$e/summary.awk" "$R/$e"/summary_*.awk; do
        [ ! -f "$s" ] || LC_ALL=C summary_awk "$a" -v csvdir="$TMP/want/files" -v prefix=quick- "$s" "$R/results/quick-$e-raw.txt"
      done
    done
  } >"$TMP/want/summary.md"
}
# differences: each quick-* file run.sh wrote against the C locale's
differences() {
  local f d=""
  cmp -s "$TMP/want/summary.md" "$R/results/quick-summary.md" || d="$d summary.md"
  for f in "$TMP"/want/files/*; do
    cmp -s "$f" "$R/results/quick-$(basename "$f")" || d="$d quick-$(basename "$f")"
  done
  echo "${d# }"
}

control=1
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "$WHAT with $a as awk" || continue
  mkdir -p "$TMP/path-$a"
  ln -sf "$(command -v "$a")" "$TMP/path-$a/awk"
  # C with the first awk, as the control: the comparison must hold there
  runs=("${locales[@]}")
  [ "$control" = 1 ] && runs=(C "${runs[@]}") && control=0
  for l in "${runs[@]}"; do
    rc=0
    env PATH="$TMP/path-$a:$PATH" LOCPATH="$LOC" LANG="$l" LC_ALL="$l" QUICK=1 REPS=3 ROUNDS=200 SIZES=4 \
      "$R/run.sh" ctxswitch >/dev/null 2>"$TMP/err" || rc=$?
    check_eq "$a, $l: a QUICK run exits 0" "0 " "$rc $(grep -m1 -i 'error\|expected' "$TMP/err" || true)"
    expected "$a"
    check_eq "$a, $l: summary, tables and plots are the C locale's bytes" "" "$(differences)"
    check_eq "$a, $l: the clock figures are decimal numbers" "" \
      "$(grep '^# clock_ghz_t[0-9]*: ' "$R/results/quick-ctxswitch-raw.txt" | grep -v ': [0-9]*\.[0-9]*$' || true)"
  done
done

# all three experiments once, as a user of a stock Debian (awk = mawk) would
l=${locales[0]}
awkdir=$TMP/path-mawk; [ -d "$awkdir" ] || awkdir=$TMP
rc=0
env PATH="$awkdir:$PATH" LOCPATH="$LOC" LANG="$l" LC_ALL="$l" QUICK=1 "$R/run.sh" >/dev/null 2>"$TMP/err" || rc=$?
check_eq "$l: a full QUICK run exits 0" "0 " "$rc $(grep -m1 -i 'error\|expected' "$TMP/err" || true)"
check_eq "$l: the full QUICK run's clock figures are decimal numbers" "" \
  "$(grep -h '^# clock_ghz_t[0-9]*: ' "$R"/results/quick-*-raw.txt | grep -v ': [0-9]*\.[0-9]*$' || true)"
# liblockwait inside a program that adopts a decimal-comma locale (sort
# calls setlocale): its report and RESULT lines stay in the C locale
if [ -f "$ROOT/build/liblockwait.so" ] && command -v sort >/dev/null 2>&1; then
  seq 1 50000 | awk '{ print ($1 * 7919) % 50000 }' >"$TMP/numbers"
  LOCPATH="$LOC" LC_ALL="$l" "$ROOT/lockwait/tool/lockwait" --full-reports -- sort --parallel=2 -S 1M "$TMP/numbers" \
    >/dev/null 2>"$TMP/lw.err" || true
  check "$l: liblockwait inside sort prints its report" grep -q '^lockwait: report took' "$TMP/lw.err"
  check_eq "$l: liblockwait inside sort prints no decimal comma" "" \
    "$(grep -E '[0-9],[0-9]{3} (ms|s)|_share=[0-9]+,|took [0-9]+,' "$TMP/lw.err" | head -n 3 || true)"
  # the periodic reports come from the library's own thread, which the
  # program's setlocale reached too (sleep calls it)
  LOCPATH="$LOC" LC_ALL="$l" "$ROOT/lockwait/tool/lockwait" -i 1 --full-reports -- sleep 1.5 2>"$TMP/lwi.err" || true
  check "$l: a periodic report from liblockwait's thread" grep -q '^lockwait: periodic report 1' "$TMP/lwi.err"
  check_eq "$l: ... with no decimal comma" "" \
    "$(grep -E '[0-9],[0-9]{3} (ms|s)|_share=[0-9]+,|took [0-9]+,' "$TMP/lwi.err" | head -n 3 || true)"
fi
finish

#!/usr/bin/env bash
# build/stats, the statistics for shell scripts: known answers per command,
# q across the series of one call, labels and comments, the target flag,
# the canary, bad input (exit 2, one line, nothing on stdout), and numbers
# that read and print the same in a German locale.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

S=$BUILD/stats
[ -x "$S" ] || { fail "build/stats exists" "run ./build.sh"; finish; }

check "stats -h prints the usage" bash -c "'$S' -h | grep -q '^usage: stats'"

# median of 1..10: order statistics x(2)..x(9) (P(B <= 1) = 11/1024 <= 2.5%)
line=$(echo "1 2 3 4 5 6 7 8 9 10" | "$S" median)
check_eq "median of 1..10: 5.5, interval 2..9, no p" "5.5 2 9 NA NA 10" \
  "$(val "$line" est) $(val "$line" est_lo) $(val "$line" est_hi) $(val "$line" p) $(val "$line" q) $(val "$line" n)"
check_eq "a line without a label is named by its position" "series=1 " "$(grep -o 'series=1 ' <<<"$line")"

# a measured -1 is a number: "-1" alone would read as unknown (the grammar)
line=$(echo "-2 -1 -1 -1 0" | "$S" median)
check_eq "a median of exactly -1 prints est=-1.0, not the grammar's unknown" "-1.0" "$(val "$line" est)"

# Hollander & Wolfe's depression data (x - y), R: wilcox.test(x, y, paired = TRUE, conf.int = TRUE)
line=$(echo "hw 0.952 -0.147 1.022 0.43 0.62 0.59 0.49 -0.08 0.01" | "$S" shift)
check_eq "shift: the depression data give 0.46, 0.01..0.786, p = 20/512" "hw 0.46 0.01 0.786 0.0390625 9" \
  "$(val "$line" label) $(val "$line" est) $(val "$line" est_lo) $(val "$line" est_hi) $(val "$line" p) $(val "$line" n)"

# q: Benjamini-Hochberg over the series of one call. p = 2/64 for 1..6
# (every sign pattern but one is below), 1 for a symmetric set; the empty
# series has no p and does not count: q = 2/64 x 2/1 = 0.0625
printf '# three series\nup 1 2 3 4 5 6\n\nflat 1 -1 2 -2 3 -3\nnone\n' >"$TMP/in.txt"
"$S" shift "$TMP/in.txt" >"$TMP/q.txt"
check_eq "shift: one line per series, comments and blank lines skipped" 3 "$(grep -c '^RESULT exp=stats kind=shift ' "$TMP/q.txt")"
check_eq "q across the series: 0.0625 and 1; NA where there is no p" "up 0.03125 0.0625|flat 1 1|none NA NA" \
  "$(while read -r l; do printf '%s %s %s|' "$(val "$l" label)" "$(val "$l" p)" "$(val "$l" q)"; done <"$TMP/q.txt" | sed 's/|$//')"
check_eq "a series with no numbers: n=0, NA estimate" "n=0 est=NA" \
  "$(l=$(sed -n 3p "$TMP/q.txt"); echo "n=$(val "$l" n) est=$(val "$l" est)")"

# ratio on logs: exp of the shift of log(r); target by an absolute floor
printf 'a 1.001 0.999 1.002 0.998 1.0005 0.9995 1.0015 0.9985\n' >"$TMP/r.txt"
line=$("$S" ratio -r 0 -a 0.01 "$TMP/r.txt")
check_eq "ratio: about 1.000 for ratios scattered around 1" "1.000" "$(awk -v e="$(val "$line" est)" 'BEGIN { printf "%.3f", e }')"
# powers of two: their logs are exactly symmetric about 0, so T+ is its mean
l=$(echo "2 0.5 4 0.25 8 0.125" | "$S" ratio)
check_eq "ratio: r and 1/r in equal numbers give exactly 1, p = 1" "1 1" "$(val "$l" est) $(val "$l" p)"
check_eq "ratio: half-width within -a 0.01 is reached" 1 "$(val "$line" target_reached)"
check_eq "ratio: not within -a 0.0001" 0 "$(val "$("$S" -r 0 -a 0.0001 ratio "$TMP/r.txt")" target_reached)"
check_eq "options before or after the command" "$("$S" -r 0 -a 0.01 ratio <"$TMP/r.txt")" "$line"
check_eq "no interval below 6 values: target_reached=0, bounds NA" "NA NA 0" \
  "$(l=$(echo "1 1 1 1 1" | "$S" -a 1 ratio); echo "$(val "$l" est_lo) $(val "$l" est_hi) $(val "$l" target_reached)")"
check_eq "two modes are flagged" 1 "$(val "$(echo "1 1.01 1.02 1.03 1.04 2 2.01 2.02 2.03 2.04" | "$S" ratio)" two_modes)"

line=$("$S" canary)
check "canary: one RESULT line with canary_ns > 0" \
  awk -v c="$(val "$line" canary_ns)" 'BEGIN { exit !(c + 0 > 0 && c ~ /^[0-9.e+-]+$/) }'
check_eq "canary: the slow threshold is common.h's SLOW_CANARY" 1.15 "$(val "$line" slow_canary)"
check_eq "the output keeps the RESULT grammar" "" "$(cat "$TMP/q.txt" <(echo "$line") >"$TMP/all.txt"; result_grammar "$TMP/all.txt")"

# 100 000 values: median and shift in O(n log n) time and O(n) memory (the
# sorted list of all 5e9 Walsh averages would take 40 GB; summing the
# binomial afresh per rank took 85 s). timeout is a guard against a hang,
# not a timed assertion; the memory cap makes a quadratic list fail at once.
awk 'BEGIN { srand(7); for (i = 0; i < 100000; i++) printf "%.6f ", i % 1000 + rand(); print "" }' >"$TMP/big.txt"
big() { (ulimit -v 1000000 2>/dev/null; timeout 60 "$S" "$1" "$TMP/big.txt"); }
line=$(big median 2>&1) || line="failed: $line"
check_awk "median of 100 000 values: about 500 with an interval, in 1 GB of address space" \
  "$(val "$line" est) + 0 > 490 && $(val "$line" est) + 0 < 510 && \"$(val "$line" est_lo)\" != \"NA\"" "$line"
line=$(big shift 2>&1) || line="failed: $line"
check_awk "shift of 100 000 values: about 500 with an interval, in 1 GB of address space" \
  "$(val "$line" est) + 0 > 490 && $(val "$line" est) + 0 < 510 && $(val "$line" p) + 0 < 0.001" "$line"
# near the largest double the average of two values must not overflow
line=$(echo "1e308 1.5e308 1.7e308 1.2e308 1.1e308 1.3e308" | "$S" shift)
check_eq "shift near 1e308: finite estimate and bounds" "1.3e+308 1e+308 1.7e+308" \
  "$(val "$line" est) $(val "$line" est_lo) $(val "$line" est_hi)"
line=$(echo "1.7e308 1.6e308" | "$S" median)
check_eq "median of two values near 1e308: 1.65e308, not inf" "1.65e+308" "$(val "$line" est)"

# bad WORD CMD...: exit 2, one line on stderr naming WORD, nothing on stdout
bad() {
  local word=$1 rc=0; shift
  "$@" >"$TMP/out" 2>"$TMP/err" || rc=$?
  if [ "$rc" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -qF -- "$word" "$TMP/err" && [ ! -s "$TMP/out" ]; then
    pass "refused: $word"
  else
    fail "refused: $word" "exit $rc, stdout $(wc -c <"$TMP/out") bytes, stderr: $(head -c 200 "$TMP/err")"
  fi
}
# the command goes to bash -c as arguments, not in its text: the checkout's
# path may hold spaces
# shellcheck disable=SC2016 # expanded by the inner bash
bad_in() { local word=$1 input=$2; shift 2; bad "$word" bash -c 'printf -- "$1" | "${@:2}"' _ "$input" "$@"; }
bad_in "'abc' is not a number" '1 2 abc 4\n' "$S" median
bad_in "line 2: '1,5'" '1 2\n1,5 2\n' "$S" median
bad_in "'nan'" 'nan 1 2\n' "$S" median
bad_in "'1e999' is out of range" '1 1e999\n' "$S" shift
bad_in "'0x10'" '0x10\n' "$S" shift
bad_in "'0' is not positive" 'a 1.2 0 1.1\n' "$S" ratio
bad_in "'-1.5' is not positive" '-1.5\n' "$S" ratio
bad_in "no series" '# only a comment\n\n' "$S" median
bad "unknown command 'mean'" "$S" mean
bad "expected a command" "$S"
bad "'-q'" "$S" -q median
bad "-r x" "$S" -r x median
bad "-a -1" "$S" median -a -1
bad "cannot read '$TMP/nosuch'" "$S" median "$TMP/nosuch"
# a directory opens but its first read fails: named like a missing file
mkdir "$TMP/adir"
bad "cannot read '$TMP/adir': Is a directory" "$S" levels "$TMP/adir"
bad "'$TMP/adir': Is a directory" "$S" median "$TMP/adir"
if [ "$(id -u)" = 0 ]; then
  skip "refused: an unreadable file" "root reads any file"
else
  echo "1 2 3" >"$TMP/unreadable" && chmod 000 "$TMP/unreadable"
  bad "cannot read '$TMP/unreadable': Permission denied" "$S" levels "$TMP/unreadable"
fi
bad "unexpected argument 'more'" "$S" median "$TMP/r.txt" more
bad "canary takes no argument" "$S" canary now

# the C locale whatever the environment says (stats never calls setlocale):
# a German locale (comma decimals), generated into the temp dir, must
# change nothing
locale_skip=""
if ! command -v localedef >/dev/null 2>&1; then locale_skip="localedef not installed (Debian package locales)"
elif ! localedef -i de_DE -f UTF-8 "$TMP/de_DE.UTF-8" >/dev/null 2>&1; then locale_skip="localedef cannot build de_DE.UTF-8 here (no locale sources)"
fi
if [ -n "$locale_skip" ]; then
  skip "build/stats under LC_ALL=de_DE.UTF-8" "$locale_skip"
else
  de() { LOCPATH=$TMP LC_ALL=de_DE.UTF-8 "$@"; }
  check_eq "the generated de_DE.UTF-8 locale is in effect (printf writes 1,50)" "1,50" "$(de bash -c "printf '%.2f' 1,5" 2>/dev/null)"
  check_eq "LC_ALL=de_DE.UTF-8: shift prints what it prints in C" "$(LC_ALL=C "$S" shift "$TMP/in.txt")" "$(de "$S" shift "$TMP/in.txt")"
  check_eq "LC_ALL=de_DE.UTF-8: ratio with -a 0.01 the same" "$(LC_ALL=C "$S" ratio -a 0.01 "$TMP/r.txt")" "$(de "$S" ratio -a 0.01 "$TMP/r.txt")"
  check_eq "LC_ALL=de_DE.UTF-8: '1,5' is still not a number" 2 "$(echo "1,5 2" | de "$S" median >/dev/null 2>&1; echo $?)"
  check "LC_ALL=de_DE.UTF-8: the canary prints a '.' decimal" bash -c "LOCPATH='$TMP' LC_ALL=de_DE.UTF-8 '$S' canary | grep -q 'canary_ns=[0-9]*\.[0-9]'"
fi
finish

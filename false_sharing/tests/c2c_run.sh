#!/usr/bin/env bash
# The core-to-core map on this machine, small: one RESULT and one samples
# line per pair of allowed CPUs, batch counts that add up, every batch in
# the samples line with its fate; the pair plan (--plan N) covers every
# pair once, or samples within the budget as documented, reproducibly from
# the seed; bad knobs exit 2; the ASan+UBSan build and the build without
# __linux__ (no affinity API: no map, said so) run clean.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

C2C=$BUILD/false_sharing_c2c
SMALL=(env C2C_ROUNDTRIPS=200 C2C_BATCHES=6 C2C_PASSES=2 C2C_BUDGET_S=2)

check "false_sharing_c2c -h prints usage" bash -c "'$C2C' -h | grep -q '^usage: false_sharing_c2c'"
"${SMALL[@]}" "$C2C" >"$TMP/run.txt" 2>"$TMP/run.err"
out=$TMP/run.txt
ncpu=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || getconf _NPROCESSORS_ONLN)
allowed=$(awk '/^Cpus_allowed_list/ { n = split($2, r, ","); c = 0
  for (i = 1; i <= n; i++) { if (split(r[i], x, "-") == 2) c += x[2] - x[1] + 1; else c++ } print c }' /proc/self/status)
pairs=$((allowed * (allowed - 1) / 2))
check_eq "every RESULT line follows the grammar" "" "$(result_grammar "$out")"
if [ "$allowed" -lt 2 ]; then
  check "fewer than two allowed CPUs: the map says so" grep -q 'kind=c2c_skip reason=fewer_than_two_cpus' "$out"
  finish
fi
check_eq "the plan counts all $pairs pairs of the $allowed allowed CPUs ($ncpu present)" "$allowed $pairs" \
  "$(val "$(grep kind=c2c_plan "$out")" cpu_count) $(val "$(grep kind=c2c_plan "$out")" pairs_total)"
check_eq "one RESULT line per pair" "$pairs" "$(grep -c '^RESULT exp=false_sharing kind=c2c ' "$out")"
check_eq "one samples line per pair" "$pairs" "$(grep -c '^RESULT exp=false_sharing kind=c2c_samples ' "$out")"
check_eq "every pair line has the keys of the grammar" "" \
  "$(grep '^RESULT exp=false_sharing kind=c2c ' "$out" | grep -v 'cpu_a=[0-9]* cpu_b=[0-9]* one_way_ns=[0-9.NA]* one_way_ns_lo=[0-9.NA]* one_way_ns_hi=[0-9.NA]* batches_used=[0-9]* batches_total=[0-9]* batches_interfered=[0-9]* batches_slow=[0-9]* ' || true)"
# used + interfered + slow = total, and the samples line lists each batch with its mark
check_eq "batch counts add up and match the samples lines" "" "$(
  while read -r line; do
    a=$(val "$line" cpu_a) b=$(val "$line" cpu_b)
    s=$(val "$(grep "^RESULT exp=false_sharing kind=c2c_samples cpu_a=$a cpu_b=$b " "$out")" one_way_ns)
    awk -v u="$(val "$line" batches_used)" -v t="$(val "$line" batches_total)" -v i="$(val "$line" batches_interfered)" \
        -v sl="$(val "$line" batches_slow)" -v s="$s" -v p="$a,$b" 'BEGIN {
      n = split(s, x, ","); ni = 0; ns = 0
      for (k = 1; k <= n; k++) { if (x[k] ~ /i$/) ni++; else if (x[k] ~ /s$/) ns++ }
      if (u + i + sl != t || n != t || ni != i || ns != sl) print "pair " p ": used " u " interfered " i " slow " sl " total " t ", samples " n " (" ni " i, " ns " s)" }'
  done < <(grep '^RESULT exp=false_sharing kind=c2c ' "$out"))"
check_eq "a pair with a median has an interval or is marked busy" "" \
  "$(grep '^RESULT exp=false_sharing kind=c2c ' "$out" | grep 'one_way_ns_lo=NA' | grep -v 'busy=1' || true)"
check "the classes line counts every pair" bash -c "grep -q 'kind=c2c_classes .* pairs=$pairs ' '$out'"
check_eq "one c2c_cpu line per allowed CPU" "$allowed" "$(grep -c 'kind=c2c_cpu ' "$out")"
check_eq "the order names every allowed CPU once" "$allowed" \
  "$(val "$(grep kind=c2c_order "$out")" cpus | tr ',' '\n' | sort -u | grep -c .)"
check "the summary awk reads the run" bash -c "summary_awk mawk -v csvdir='$TMP' '$ROOT/false_sharing/summary_c2c.awk' '$out' | grep -q '^| 1 |\\|No pair could be measured'"

# C2C_CPUS: a subset of the allowed CPUs, checked
two=$(val "$(grep kind=c2c_order "$out")" cpus | tr ',' '\n' | sort -n | head -n 2 | paste -sd, -)
first=${two%%,*}
"${SMALL[@]}" C2C_CPUS="$two" "$C2C" >"$TMP/sub.txt" 2>/dev/null
check_eq "C2C_CPUS=$two measures that one pair" "1" "$(grep -c '^RESULT exp=false_sharing kind=c2c ' "$TMP/sub.txt")"
check_exit "C2C_CPUS naming a CPU twice: exit 2" 2 env C2C_CPUS="$first,$first" "$C2C"
check_exit "C2C_CPUS naming a CPU not allowed: exit 2" 2 env C2C_CPUS=1023 "$C2C"
check_exit "C2C_BATCHES=5 (an interval needs 6): exit 2" 2 env C2C_BATCHES=5 "$C2C"
check_exit "C2C_ROUNDTRIPS=abc: exit 2" 2 env C2C_ROUNDTRIPS=abc "$C2C"
check_exit "--plan 1: exit 2" 2 "$C2C" --plan 1

# the plan: every pair once in a full matrix, a documented sample above the budget
"$C2C" --plan 16 >"$TMP/p16.txt"
check_eq "--plan 16: 120 pairs, each once, a < b" "120 120 0" \
  "$(grep -c kind=c2c_planned "$TMP/p16.txt") $(grep kind=c2c_planned "$TMP/p16.txt" | awk '{ print $4, $5 }' | sort -u | grep -c .) $(grep kind=c2c_planned "$TMP/p16.txt" | awk '{ split($4, a, "="); split($5, b, "="); if (a[2] + 0 >= b[2] + 0) n++ } END { print n + 0 }')"
check "--plan 16: not a sample" grep -q 'pairs_total=120 pairs_measured=120 sampled=0' "$TMP/p16.txt"
check_eq "--plan 16 twice with one seed: the same order" "" "$(diff "$TMP/p16.txt" <("$C2C" --plan 16))"
check "--plan 16 with another seed: another order" bash -c "! C2C_SEED=7 '$C2C' --plan 16 | diff -q '$TMP/p16.txt' - >/dev/null"
check "--plan 16: not in the order generated (shuffled)" bash -c \
  "! grep kind=c2c_planned '$TMP/p16.txt' | awk '{ print \$4, \$5 }' | sort -t= -k2,2n -k3,3n -c 2>/dev/null"
C2C_MAX_PAIRS=200 "$C2C" --plan 64 >"$TMP/p64.txt"
check "--plan 64 with C2C_MAX_PAIRS=200: a sample of 200 of 2016, said so" \
  grep -q 'pairs_total=2016 pairs_measured=200 sampled=1' "$TMP/p64.txt"
check_eq "--plan 64 sample: distinct pairs" "200" \
  "$(grep kind=c2c_planned "$TMP/p64.txt" | awk '{ print $4, $5 }' | sort -u | grep -c .)"
mindeg=$(grep kind=c2c_planned "$TMP/p64.txt" | awk '{ split($4, a, "="); split($5, b, "="); d[a[2]]++; d[b[2]]++ }
  END { m = 999; for (c = 0; c < 64; c++) if (d[c] + 0 < m) m = d[c] + 0; print m }')
check_awk "--plan 64 sample: every CPU against at least 3 others ($mindeg)" "$mindeg >= 3"
check_eq "--plan 64 sample: the plan line's min_partners is the count" "$mindeg" "$(val "$(grep kind=c2c_plan "$TMP/p64.txt")" min_partners)"

# the sanitizer build, measuring and classifying
"${SMALL[@]}" "$BUILD_ASAN/false_sharing_c2c" >"$TMP/asan.txt" 2>"$TMP/asan.err"
"$BUILD_ASAN/false_sharing_c2c" -f "$ROOT/false_sharing/tests/c2c/fixture-sockets.txt" >>"$TMP/asan.txt" 2>>"$TMP/asan.err"
check_eq "ASan+UBSan build: no sanitizer report" "" "$(grep -E 'ERROR: AddressSanitizer|runtime error' "$TMP/asan.err" || true)"
check_eq "ASan+UBSan build: the pairs ran" "$pairs" "$(grep -c '^RESULT exp=false_sharing kind=c2c ' "$TMP/asan.txt")"

# a host slow most of the time (C2C_TEST_SLOW_PCT: 80% of the batches read
# their canaries 2x slower): the batches are judged by the map's speed levels,
# so its pairs are measured in the level most batches lie in. By the run's
# best canary, 80% were slow and every pair was too busy (the slow-host
# fixture of 2026-12-06: 93-96% slow, no pair measured in any invocation).
C2C_TEST_SLOW_PCT=80 C2C_CPUS="$two" "${SMALL[@]}" "$C2C" >"$TMP/slow.txt" 2>"$TMP/slow.err"
l=$(grep '^RESULT exp=false_sharing kind=c2c ' "$TMP/slow.txt" || true)
check_awk "slow host: the pair is measured (busy=0, $(val "$l" batches_used) batches in map level $(val "$l" map_level))" \
  "\"$(val "$l" busy)\" == \"0\" && $(val "$l" map_level)0 >= 10 && $(val "$l" batches_used)0 >= 60"
check "slow host: its level's canary is on the line" grep -Eq ' map_canary_ns=[0-9.]+' <<<"$l"
check_eq "slow host: every RESULT line follows the grammar" "" "$(result_grammar "$TMP/slow.txt")"

# without __linux__: no affinity API, so no map, and the summary says so
if BUILD_DIR="$TMP/nolinux" "$ROOT/build.sh" --no-linux false_sharing >/dev/null 2>"$TMP/nolinux.err" &&
   cp "$TMP/nolinux/false_sharing_c2c" "$TMP/c2c_nolinux"; then
  pass "c2c compiles without __linux__ (-Werror)"
  "$TMP/c2c_nolinux" >"$TMP/nolinux.txt" 2>/dev/null
  check "without an affinity API the map is skipped with a reason" grep -q 'kind=c2c_skip reason=no_affinity_api' "$TMP/nolinux.txt"
  check "without an affinity API -f still classifies" \
    bash -c "'$TMP/c2c_nolinux' -f '$ROOT/false_sharing/tests/c2c/fixture-smt.txt' 2>/dev/null | grep -q 'kind=c2c_classes classes=2 '"
else
  fail "c2c compiles without __linux__ (-Werror)" "$(head -n 3 "$TMP/nolinux.err")"
fi
finish

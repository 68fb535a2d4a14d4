#!/usr/bin/env bash
# The false-sharing benchmark as a smoke test: QUICK=1 ./run.sh produces
# well-formed RESULT lines whose checksums are all ok and leaves README.md
# alone; the binary rejects bad input; oversubscription is explicit; the
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
cells=$(grep -c '^RESULT exp=false_sharing kind=\(cell\|pair\) ' "$raw" || true)
sums=$(grep -c '^RESULT exp=false_sharing kind=checksum.* status=ok$' "$raw" || true)
check_eq "one checksum status=ok line per cell ($cells cells)" "$cells" "$sums"
check_awk "at least 12 cells ran" "$cells >= 12"
check_eq "no checksum line other than ok" "" "$(grep 'kind=checksum' "$raw" | grep -v 'status=ok$' || true)"
check "the raw file opens with provenance (git, compiler, clock)" \
  bash -c "grep -q '^# git: ' '$raw' && grep -q '^# build: ' '$raw' && grep -q '^# clock_ghz_t1: ' '$raw'"
check_eq "every cell has samples and cpus lines" "$cells $cells" \
  "$(grep -c '^samples exp=false_sharing' "$raw") $(grep -c '^cpus exp=false_sharing' "$raw")"
ncpu=$(getconf _NPROCESSORS_ONLN)
if [ "$ncpu" -lt 8 ]; then
  check "thread counts above $ncpu CPUs are skipped with a note" grep -q "kind=skip threads=8 online_cpus=$ncpu" "$raw"
fi

# the binary itself
fs=$BUILD/false_sharing
check "false_sharing -h prints usage" bash -c "'$fs' -h | grep -q '^usage: false_sharing'"
check_exit "false_sharing with an argument: exit 2" 2 "$fs" --bogus
check_exit "false_sharing ITERS_LOG2=abc: exit 2" 2 env ITERS_LOG2=abc "$fs"
check_exit "false_sharing THREADS=0: exit 2" 2 env THREADS=0 "$fs"
check_exit "false_sharing CLOCK_GHZ=-1: exit 2" 2 env CLOCK_GHZ=-1 "$fs"

# named thread counts above the CPU count run, marked oversubscribed
over=$((ncpu + 1))
env ITERS_LOG2=12 REPS=1 THREADS="$over" PAIRS=0 "$fs" >"$TMP/over.txt" 2>/dev/null
check_eq "THREADS=$over runs all 12 cells marked oversubscribed=1" "12" \
  "$(grep -c "kind=cell .*threads=$over .*oversubscribed=1" "$TMP/over.txt" || true)"

# the sanitizer build
env ITERS_LOG2=14 REPS=2 THREADS=1,2 "$BUILD_ASAN/false_sharing" >"$TMP/asan.txt" 2>"$TMP/asan.err"
check_eq "ASan+UBSan build: no sanitizer report" "" "$(grep -E 'ERROR: AddressSanitizer|runtime error' "$TMP/asan.err" || true)"
check_eq "ASan+UBSan build: checksums ok" "0" "$(grep 'kind=checksum' "$TMP/asan.txt" | grep -vc 'status=ok$' || true)"
check_awk "ASan+UBSan build: cells ran" "$(grep -c 'kind=cell' "$TMP/asan.txt") >= 12"
finish

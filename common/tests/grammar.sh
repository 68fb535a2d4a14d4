#!/usr/bin/env bash
# The one output grammar (docs/output-grammar.md): every committed raw file
# (results/*-raw.txt) and every fixture or golden file that holds RESULT
# lines follows it, as common/grammar.awk checks under mawk, gawk and
# original-awk; the checker itself finds each kind of break; common/kv.awk
# reads key=value tokens alike under the three awks.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

G=$ROOT/common/grammar.awk
# every committed file with a RESULT line: the fixtures and goldens of the
# checkout (checkout_files: git's list, or every file where git is missing)
# and the raw files of results/ as HEAD has them (never the working tree's,
# which the last ./run.sh rewrote)
files=()
while IFS= read -r f; do files+=("$ROOT/$f"); done < <(
  checkout_files | LC_ALL=C sort -u | while IFS= read -r f; do
    case "$f" in */tests/*) ;; *) continue ;; esac
    [ -f "$ROOT/$f" ] && grep -q '^RESULT ' "$ROOT/$f" && [[ $f != *.sh ]] && echo "$f"
  done)
if mapfile -t head_raws < <(committed_results -raw.txt) && [ "${#head_raws[@]}" -gt 0 ]; then
  files+=("${head_raws[@]}")
  pass "the committed results/*-raw.txt, as HEAD has them, are among the files checked (${#head_raws[@]})"
else
  missing "the committed results/*-raw.txt" "git not installed or not a git checkout: what was committed is unknown"
fi
check_awk "there are committed raw files and fixtures to check (${#files[@]})" "${#files[@]} >= 5"
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "the grammar check under $a" || continue
  check_eq "$a: every committed raw file, fixture and golden follows the grammar" "" \
    "$("$a" -f "$G" "${files[@]}" 2>&1 | sed "s|$TMP/HEAD/|HEAD:|; s|$ROOT/||" | head -n 5)"
done

# upgrade_raw.awk: old lines come out in the grammar, and the committed
# files, converted once, come out unchanged
U=("$ROOT/common/kv.awk" "$ROOT/common/upgrade_raw.awk")
check_eq "upgrade_raw.awk: an old samples line becomes a RESULT line with its unit" \
  "RESULT exp=ctxswitch kind=samples mode=thread run=T1 lost_share=0.0100" \
  "$(echo 'samples exp=ctxswitch mode=thread run=T1 lost=0.0100' | awk -f "${U[0]}" -f "${U[1]}")"
check_eq "upgrade_raw.awk: a key given twice is given once" \
  "RESULT exp=lockwait kind=workload scenario=a threads=4 variant=bare rep=1" \
  "$(echo 'RESULT exp=lockwait kind=workload scenario=a threads=4 scenario=a variant=bare rep=1' | awk -f "${U[0]}" -f "${U[1]}")"
check_eq "upgrade_raw.awk: the committed files come out unchanged" "" \
  "$(for f in "${files[@]}"; do awk -f "${U[0]}" -f "${U[1]}" "$f" | cmp -s - "$f" || echo "${f#"$ROOT"/}"; done)"
# a measured bound of exactly -1 is printed -1.0 (put_num in common/combine.c,
# put_iv in ctxswitch/report.c): a number, never "unknown"
check_eq "upgrade_raw.awk: a measured -1.0 stays a number; the old unknown counts (-1, -1.000) become NA" \
  "RESULT exp=ctxswitch kind=total indirect_ns=2.0 indirect_ns_lo=-1.0 indirect_ns_hi=5.0 nvcsw_per_rt=NA migrations=NA" \
  "$(echo 'RESULT exp=ctxswitch kind=total indirect_ns=2.0 indirect_ns_lo=-1.0 indirect_ns_hi=5.0 nvcsw_per_rt=-1.000 migrations=-1' |
    awk -f "${U[0]}" -f "${U[1]}")"

# the checker finds each kind of break (and passes a good line)
good='RESULT exp=demo kind=cell threads=2 wait_ns=5 wait_ns_lo=4 wait_ns_hi=NA slow_share=0.1 name=a_b'
breaks=(
  'samples exp=demo kind=cell wait_ns=1|not a RESULT line'
  'RESULT exp=demo wait_ns=1|kind= is not the second key'
  'RESULT kind=cell exp=demo|exp= is not the first key'
  'RESULT exp=demo kind=cell scenario=a scenario=a|key scenario given twice'
  'RESULT exp=demo kind=cell wait_ns=-1|unknown spelled -1'
  'RESULT exp=demo kind=cell wait_ns=nan|unknown spelled nan'
  'RESULT exp=demo kind=cell bare_min=3|number without a unit in its key: bare_min'
  'RESULT exp=demo kind=cell wait_ns=|is not key=value'
  'RESULT exp=demo kind=cell Wait=1|is not key=value'
)
check_eq "a line in the grammar passes" "" "$(printf '%s\n' "$good" | awk -f "$G" 2>&1)"
for b in "${breaks[@]}"; do
  line=${b%%|*} why=${b#*|}
  check "'$line' is caught ($why)" bash -c "printf '%s\n' '$line' | awk -f '$G' | grep -qF '$why'"
done
check_exit "a break fails the check (exit 1)" 1 bash -c "printf '%s\n' 'RESULT exp=demo' | awk -f '$G'"

# kv.awk: the same reading under every awk
cat >"$TMP/kv-use.awk" <<'AWK'
{ n = kv($0, f); printf "%d b=%s c=%s none=%s\n", n, f["b"], kv_get($0, "c"), kv_get($0, "z") }
AWK
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "kv.awk under $a" || continue
  check_eq "$a: kv() and kv_get() read the tokens" "3 b=2 c=x=y none=" \
    "$(echo 'RESULT a=1 b=2 junk c=x=y' | "$a" -f "$ROOT/common/kv.awk" -f "$TMP/kv-use.awk")"
done
finish

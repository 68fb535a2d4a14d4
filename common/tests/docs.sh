#!/usr/bin/env bash
# The docs agree with the code: every knob a -h text names (an environment
# variable written NAME=..., or an option -x / --long in a synopsis or at the
# start of a line) is documented in docs/ (docs/knobs.md, or the lockwait
# manual for the profiler), options in the section of their own command;
# every knob docs/knobs.md documents is named by some -h text, and each only
# once; README.md stays a front page (at most 200 lines); every relative link
# and image in README.md, docs/ and results/summary.md leads to a file that
# exists (and a #heading in it);
# prose lines stay under 120 characters; no old lockwait path is left.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

DOCS=$ROOT/docs
KNOBS=$DOCS/knobs.md
MANUAL=$DOCS/lockwait-manual.md
H=$TMP/help
mkdir -p "$H"

# ---- the -h texts: NAME (as the docs' section headings write it) and command
commands=(
  "run.sh|$ROOT/run.sh"
  "build.sh|$ROOT/build.sh"
  "test.sh|$ROOT/test.sh"
  "common/stability.sh|$ROOT/common/stability.sh"
  "lockwait/tool/lockwait|$ROOT/lockwait/tool/lockwait"
  "lockwait_report|$BUILD/lockwait_report"
  "build/stats|$BUILD/stats"
  "build/clock_estimate|$BUILD/clock_estimate"
  "build/machine|$BUILD/machine"
  "build/handoff|$BUILD/handoff"
  "build/combine|$BUILD/combine"
  "common/compare.sh|$ROOT/common/compare.sh"
  "build/compare|$BUILD/compare"
)
for f in "$ROOT"/lockwait/tool/bench/*.sh; do commands+=("$(basename "$f")|$f"); done
# each listed experiment's programs, named as docs/adding-an-experiment.md
# says: EXP from EXP/EXP.c, EXP_NAME from EXP/NAME.c (the .c files with a main)
read_experiments "$ROOT"
for e in "${EXPERIMENTS[@]}"; do
  for src in "$ROOT/$e"/*.c; do
    grep -q '^int main(' "$src" || continue
    n=$(basename "$src" .c)
    [ "$n" = "$e" ] || n=${e}_$n
    commands+=("build/$n|$BUILD/$n")
  done
done
names=()
for c in "${commands[@]}"; do
  name=${c%%|*} cmd=${c#*|}
  file=$H/$(echo "$name" | tr '/' '_').txt
  if "$cmd" -h >"$file" 2>&1 && [ -s "$file" ]; then names+=("$name"); else fail "$name -h prints its usage" "$(head -n 2 "$file")"; fi
done
# an experiment's exp.sh may have its own usage (EXP_usage)
for f in "$ROOT"/*/exp.sh; do
  e=$(basename "$(dirname "$f")")
  file=$H/${e}_exp.sh.txt
  # shellcheck disable=SC2016 # expanded by the inner bash
  bash -c 'source "$1/common/lib.sh" && source "$2" && if declare -F "$3_usage" >/dev/null; then "$3_usage"; fi' \
    _ "$ROOT" "$f" "$e" >"$file" 2>/dev/null || true
  if [ -s "$file" ]; then names+=("$e/exp.sh"); else rm -f "$file"; fi
done
cat "$H"/*.txt >"$TMP/all-help.txt"

# env_knobs FILE: the knobs a -h text names: every NAME=..., and in an
# environment section (from a line starting with "environment" to the end of
# its sentence) every NAME_WITH_UNDERSCORES, less the system's own names
SYSTEM_NAMES='LD_PRELOAD SCHED_FIFO'
env_knobs() {
  { grep -oE '(^|[^A-Za-z0-9_$])[A-Z][A-Z0-9_]+=' "$1" | sed -E 's/^[^A-Z]//; s/=$//' || true
    # input: a -h text; prints the underscored upper-case words of its environment sections
    awk '/^[ \t]*[Ee]nvironment/ { env = 1 }
      env { s = $0; while (match(s, /[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]/)) { print substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) } }
      env && /\.[ \t]*$/ { env = 0 }' "$1"
  } | { grep -vxF -f <(tr ' ' '\n' <<<"$SYSTEM_NAMES") || true; } | sort -u
}
# options FILE: -x and --long in a synopsis ([-x ...], [... | --long]) or
# starting a line; -h/--help left out (every command has it)
options() {
  { grep -oE '(\[|\| )--?[A-Za-z][-A-Za-z0-9]*' "$1" || true
    grep -oE '^[[:space:]]+--?[A-Za-z][-A-Za-z0-9]*' "$1" || true
  } | sed -E 's/^(\[|\| |[[:space:]]+)//' | { grep -vxE -- '-h|--help' || true; } | sort -u
}
# section NAME: the docs' text under a heading that holds `NAME`, down to
# the next heading of the same or a higher level
section() {
  awk -v want="\`$1\`" '
    /^```/ { code = !code }
    !code && /^#+ / { lvl = index($0, " ") - 1
      if (on && lvl <= onlvl) on = 0
      if (index($0, want)) { on = 1; onlvl = lvl; found = 1 } }
    on { print }
    END { exit !found }' "$DOCS"/*.md
}
# documented env: a code span `NAME` or `NAME=...` in the first two cells of
# a table row of knobs.md or the lockwait manual
# shellcheck disable=SC2016 # the backquotes are markdown
awk -F'|' '/^\|/ { print $2; print $3 }' "$KNOBS" "$MANUAL" |
  grep -oE '`[A-Z][A-Z0-9_]+(=[^`]*)?`' | sed -E 's/^`//; s/[=`].*//' | sort -u >"$TMP/env-doc.txt"

# ---- every knob of a -h text is documented
for name in "${names[@]}"; do
  file=$H/$(echo "$name" | tr '/' '_').txt
  missing=$(env_knobs "$file" | comm -23 - "$TMP/env-doc.txt" | paste -sd' ' -)
  check_eq "$name: every environment knob its -h names is in a table of docs/knobs.md or the lockwait manual" "" "$missing"
  opts=$(options "$file")
  [ -n "$opts" ] || continue
  if section "$name" >"$TMP/section.txt"; then
    missing=''
    for o in $opts; do grep -qF -- "\`$o" "$TMP/section.txt" || missing="$missing $o"; done
    check_eq "$name: every option its -h names is in its section of docs/" "" "${missing# }"
  else
    fail "$name: docs/ has a section headed \`$name\` for its options" "no heading holds \`$name\`"
  fi
done

# ---- every knob docs/knobs.md documents is in a -h text, once
awk -F'|' '/^\| *`[A-Z][A-Z0-9_]+`/ { print $2 }' "$KNOBS" | grep -oE '[A-Z][A-Z0-9_]+' >"$TMP/env-rows.txt"
check_awk "docs/knobs.md documents environment variables" "$(wc -l <"$TMP/env-rows.txt") > 10"
missing=''
while read -r k; do grep -qw -- "$k" "$TMP/all-help.txt" || missing="$missing $k"; done <"$TMP/env-rows.txt"
check_eq "every environment variable in docs/knobs.md is named by some -h text" "" "${missing# }"
check_eq "every environment variable has one row in docs/knobs.md" "" "$(sort "$TMP/env-rows.txt" | uniq -d | paste -sd' ' -)"
twice=$(awk -F'|' '/^\|/ { print $2; print $3 }' "$MANUAL" | grep -oE '`[A-Z][A-Z0-9_]+' | tr -d '`' | sort -u |
  comm -12 - <(sort -u "$TMP/env-rows.txt") | paste -sd' ' -)
check_eq "no environment variable documented both in docs/knobs.md and in the lockwait manual" "" "$twice"
# options: each documented row of a command's section is in that command's -h
for name in "${names[@]}"; do
  file=$H/$(echo "$name" | tr '/' '_').txt
  section "$name" >"$TMP/section.txt" 2>/dev/null || continue
  missing=''
  while read -r o; do
    grep -qF -- "$o" "$file" || missing="$missing $o"
  done < <(awk -F'|' '/^\| *`-/ { print $2 }' "$TMP/section.txt" | { grep -oE -- '--?[A-Za-z][-A-Za-z0-9]*' || true; })
  check_eq "$name: every option docs/ documents for it is in its -h" "" "${missing# }"
done

# ---- README.md is a front page: as committed where there is git (a run
# rewrites the working tree's results part, and a check of the committed
# page must not depend on what it measured)
readme_lines=$( { git -C "$ROOT" show HEAD:README.md 2>/dev/null || cat "$ROOT/README.md"; } | wc -l)
check_awk "README.md has at most 200 lines ($readme_lines)" "$readme_lines <= 200"

# ---- links: every relative link leads to a file, and a #heading to a heading
# slug FILE: the anchors of FILE's headings, as GitHub makes them
slugs() {
  awk '/^```/ { code = !code } !code && /^#+ / {
    s = tolower($0); sub(/^#+ /, "", s); gsub(/[^a-z0-9 _-]/, "", s); gsub(/ /, "-", s); print s }' "$1"
}
bad=''
for doc in "$ROOT/README.md" "$DOCS"/*.md "$ROOT/results/summary.md"; do
  dir=$(dirname "$doc")
  # input: markdown; prints each inline link's target
  while IFS= read -r target; do
    case "$target" in http://* | https://* | mailto:*) continue ;; esac
    path=${target%%#*} anchor=''
    [ "$path" = "$target" ] || anchor=${target#*#}
    [ -n "$path" ] && file=$dir/$path || file=$doc
    if [ ! -e "$file" ]; then bad="$bad ${doc#"$ROOT"/}:$target"; continue; fi
    if [ -n "$anchor" ] && [ -f "$file" ] && ! slugs "$file" | grep -qxF -- "$anchor"; then bad="$bad ${doc#"$ROOT"/}:$target"; fi
  done < <(awk '/^```/ { code = !code; next } !code {
      s = $0
      while (match(s, /\]\([^) ]+\)/)) { print substr(s, RSTART + 2, RLENGTH - 3); s = substr(s, RSTART + RLENGTH) } }' "$doc")
done
check_eq "every relative link and image in README.md, docs/ and results/summary.md resolves" "" "${bad# }"

# ---- prose lines under 120 characters (tables, code blocks and the
# generated results part of README.md excepted); UTF-8 counted as characters
long=$(for doc in "$ROOT/README.md" "$DOCS"/*.md; do
  awk -v f="${doc#"$ROOT"/}" '/^```/ { code = !code; next }
    /^<!-- results:begin -->$/ { gen = 1 } /^<!-- results:end -->$/ { gen = 0 }
    { s = $0; gsub(/[\200-\277]/, "", s) }
    !code && !gen && !/^\|/ && length(s) > 120 { print f ":" NR }' "$doc"
done | paste -sd' ' -)
check_eq "no prose line in README.md or docs/ over 120 characters" "" "$long"

# ---- the lockwait tool moved to lockwait/tool/: no old path in the docs
old=$(grep -noE 'lockwait/(lockwait([^_/.a-z]|$)|trace\.h|bench_[a-z]+\.sh|lw_bench\.c|liblockwait\.c|lw_[a-z]+\.[ch]|report(_[a-z]+)?\.[ch])' \
  "$ROOT/README.md" "$DOCS"/*.md | paste -sd' ' - || true)
check_eq "no old lockwait path (now under lockwait/tool/) in README.md or docs/" "" "$old"
finish

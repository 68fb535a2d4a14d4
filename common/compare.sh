#!/usr/bin/env bash
# compare.sh - what changed between two runs or two machines. A and B are
# each a results directory (results/, a copy, a common/stability.sh run) or
# a git revision whose committed results/ is read. Prints a markdown report
# (what differs between the machines and runs, then per experiment what
# changed beyond its margin) and one RESULT line per figure; the statistics
# are build/compare's (common/compare.c; docs/method.md, "Comparing two
# runs"). Needs bash, awk, git for revisions, and build/compare.
set -euo pipefail
export LC_ALL=C

PROG=compare.sh
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh"
# exit 1 means "something changed" here, so every error exits 2
die() { one_line "$PROG: $*" >&2; exit 2; }
read_experiments "$ROOT"
BUILD=$ROOT/build

usage() {
  cat <<TXT
usage: common/compare.sh [-h] [-o FILE] [-m SHARE] A B
  Sets every published figure of run B against the same figure of run A.
  A, B: a results directory (EXPERIMENT-raw.txt files; quick-* where there
  is no full one) or a git revision of this checkout (HEAD~3, a tag) whose
  committed results/ is read.
  The report opens with what differs between the two machines and runs
  (CPU, kernel, mitigations, hypervisor, compiler, knobs, commit, where the
  host put the CPUs, its speed levels), then gives per experiment how many
  figures changed beyond their margin, in which direction, the geometric
  mean of the changes, and the claims that changed. Figures pair only within
  one placement and one speed level; between two CPU models only
  dimensionless figures (ratios, cycles, percentages) get a verdict.
  Every change interval is at 1 - 0.05/m for the m figures compared
  (Bonferroni), so all verdicts hold together at 95%.
  -o FILE   write the markdown report to FILE; stdout gets the RESULT lines only
  -m SHARE  margin of figures without one of their own (default 0.05, 5%)
  Output: the report, then one line per figure and value:
    RESULT exp=E kind=compare ID_KEYS... figure=KIND value=KEY a= a_lo= a_hi=
    b= b_lo= b_hi= change_pct= change_pct_lo= change_pct_hi= ... verdict=changed|same|unclear|none
  exit: 0 nothing changed beyond its margin, 1 something did, 2 bad input
TXT
}

A='' B='' OUT='' MARGIN=0.05
parse_args() {
  local a pos=()
  while [ $# -gt 0 ]; do
    a=$1; shift
    case "$a" in
      -h|--help) usage; exit 0 ;;
      -o) if [ $# = 0 ] || [ -z "$1" ]; then bad_usage "-o needs a file"; fi; OUT=$1; shift ;;
      -m) [ $# -gt 0 ] || bad_usage "-m needs a share such as 0.05"; MARGIN=$1; shift
          [[ $MARGIN =~ ^0?\.[0-9]*[1-9][0-9]*$ ]] || bad_usage "-m $MARGIN: expected a share between 0 and 1, such as 0.05" ;;
      -*) bad_usage "unknown option '$a' (see common/compare.sh -h)" ;;
      *) pos+=("$a") ;;
    esac
  done
  [ "${#pos[@]}" = 2 ] || bad_usage "expected two runs, A and B (see common/compare.sh -h)"
  A=${pos[0]} B=${pos[1]}
}

# shown_path DIR: DIR relative to the project root when it lies inside it,
# else as given: a published report must not carry this checkout's path
shown_path() {
  local dir root
  if ! dir=$(cd "$1" && pwd -P) || ! root=$(cd "$ROOT" && pwd -P); then echo "$1"; return 0; fi
  case "$dir" in
    "$root") echo . ;;
    "$root"/*) echo "${dir#"$root"/}" ;;
    *) echo "$1" ;;
  esac
}

# resolve WHAT WORKDIR: sets DIR to the directory holding WHAT's raw files
# (WHAT itself, or WORKDIR filled from a git revision's results/) and LABEL
# to what WHAT is
DIR='' LABEL=''
resolve() {
  local what=$1 dest=$2 e f found=0
  if [ -d "$what" ]; then
    for f in "$what"/*-raw.txt; do
      [ -f "$f" ] || continue
      e=$(basename "$f" -raw.txt); e=${e#quick-}
      if [[ " ${EXPERIMENTS[*]} " == *" $e "* ]]; then found=1; continue; fi
      echo "$PROG: $f: not the raw file of an experiment of this suite (${EXPERIMENTS[*]}); left out" >&2
    done
    [ "$found" = 1 ] || bad_usage "$what: no raw file (EXPERIMENT-raw.txt) in this directory"
    DIR=$what LABEL="the results directory $(shown_path "$what")"
    return 0
  fi
  git -C "$ROOT" rev-parse --verify --quiet "$what^{commit}" >/dev/null ||
    bad_usage "$what: neither a directory nor a git revision of $ROOT"
  mkdir -p "$dest"
  for e in "${EXPERIMENTS[@]}"; do
    if git -C "$ROOT" cat-file -e "$what:results/$e-raw.txt" 2>/dev/null; then
      git -C "$ROOT" show "$what:results/$e-raw.txt" >"$dest/$e-raw.txt" || die "git show $what:results/$e-raw.txt failed"
      found=1
    fi
  done
  [ "$found" = 1 ] || bad_usage "$what: its results/ holds no raw file (results/EXPERIMENT-raw.txt)"
  DIR=$dest LABEL="the results committed at $what ($(git -C "$ROOT" log -1 --format='%h, %cs' "$what"))"
}

# raw_of DIR EXP: EXP's raw file in DIR (a full run's, else a QUICK run's)
raw_of() {
  if [ -e "$1/$2-raw.txt" ]; then echo "$1/$2-raw.txt"
  elif [ -e "$1/quick-$2-raw.txt" ]; then echo "$1/quick-$2-raw.txt"
  fi
}

# spec_of EXP FILE: EXP's figure kinds (EXP_figures of its exp.sh) into FILE
spec_of() {
  # shellcheck source=/dev/null
  (source "$ROOT/$1/exp.sh" && if declare -F "${1}_figures" >/dev/null; then "${1}_figures"; fi) >"$2" ||
    die "$1/exp.sh: ${1}_figures failed"
}

# provenance EXP RAW_A RAW_B: the markdown of what differs between the two
# runs of EXP: their provenance lines, placements and speed levels
provenance() {
  # input: "# key: value" provenance lines ("# vulnerability: name=state"),
  # and RESULT ... kind=placement_level main=1 one_way_ns=X, kind=placement_runs main_level=L, kind=speed_level_run level=R canary_ns=X share=S main=M
  kv_awk -v expname="$1" '
    FNR == 1 { run++ }
    /^# [a-z_0-9]+: / {
      k = substr($2, 1, length($2) - 1); v = substr($0, length($2) + 4)
      if (k == "git") sub(/ \(.*$/, "", v)
      if (k == "host_steal") sub(/ of CPU time.*$/, "", v)
      if (k == "vulnerability") { split(v, nv, "="); vul[run, nv[1]] = substr(v, length(nv[1]) + 2); vname[nv[1]] = 1; next }
      val[run, k] = v
    }
    /^RESULT / && $3 == "kind=placement_level" && kv_get($0, "main") == 1 { place[run] = kv_get($0, "one_way_ns") " ns" }
    # build/combine main_level=0: no invocation kept one placement; the row read "-"
    /^RESULT / && $3 == "kind=placement_runs" && kv_get($0, "main_level") == 0 { place[run] = "none (the host moved the CPUs while every invocation ran)" }
    # build/wakeup: "# wakeup: idle_us=I cpus=A,B median_ns= median_ns_lo= median_ns_hi= ..."
    # or "# wakeup: NA reason=R": said as such, not as "not recorded"; a
    # value that is not a number: "unreadable", not 0.0 us
    /^# wakeup: NA / { wna[run] = kv_get($0, "reason") }
    /^# wakeup: idle_us=/ {
      i = kv_get($0, "idle_us"); if (!(i in widle)) nwidle++; widle[i] = 1
      m = kv_get($0, "median_ns"); lo = kv_get($0, "median_ns_lo"); hi = kv_get($0, "median_ns_hi")
      wake[run, i] = (m ~ /^[0-9]+$/ && lo ~ /^[0-9]+$/ && hi ~ /^[0-9]+$/) ? sprintf("%.1f us [%.1f, %.1f]", m / 1000, lo / 1000, hi / 1000) : "unreadable"
    }
    /^RESULT / && $3 == "kind=speed_level_run" {
      speed[run] = speed[run] (speed[run] == "" ? "" : ", ") sprintf("%s ns%s (%.0f%%)", kv_get($0, "canary_ns"), kv_get($0, "main") == 1 ? " main" : "", 100 * kv_get($0, "share"))
    }
    function wnot(r) { return wna[r] != "" ? "not measured (" wna[r] ")" : "not recorded" }
    function row(name, a, b) {
      if (a == "") a = "-"; if (b == "") b = "-"
      printf "| %s | %s | %s | %s |\n", name, a, b, (a == b ? "" : "**differs**")
      if (a != b) differ = differ (differ == "" ? "" : ", ") name
    }
    END {
      printf "### %s\n\n| | A | B | |\n|---|---|---|---|\n", expname
      n = split("date_utc git cpu_model arch online_cpus kernel hypervisor compiler build knobs clock_ghz_t1 host_steal", keys, " ")
      for (i = 1; i <= n; i++) row(keys[i], val[1, keys[i]], val[2, keys[i]])
      nm = 0
      for (v in vname) { nv1 += (1, v) in vul; nv2 += (2, v) in vul }
      # a run without them (an older version): one row, not one per vulnerability
      if (nv1 == 0 || nv2 == 0) row("mitigations", nv1 ? nv1 " recorded" : "not recorded", nv2 ? nv2 " recorded" : "not recorded")
      else for (v in vname) if (vul[1, v] != vul[2, v]) mit[++nm] = v
      for (i = 1; i <= nm; i++) for (j = i + 1; j <= nm; j++) if (mit[j] < mit[i]) { t = mit[i]; mit[i] = mit[j]; mit[j] = t }
      for (i = 1; i <= nm; i++) row("mitigation " mit[i], vul[1, mit[i]], vul[2, mit[i]])
      row("placement (main, hand-off)", place[1], place[2])
      row("speed levels (canary per add)", speed[1] == "" ? "none" : speed[1], speed[2] == "" ? "none" : speed[2])
      # one reading each, whose interval holds for its moment only (readings
      # seconds apart on one host differ by half): shown, no verdict
      split("20 200 2000", idles, " ")
      for (k = 1; k <= 3; k++) if (idles[k] in widle) {
        i = idles[k]; a = wake[1, i]; b = wake[2, i]
        printf "| wake-up after %s idle (one reading each) | %s | %s | |\n", ((i + 0 >= 1000) ? i / 1000 " ms" : i " us"), (a == "" ? wnot(1) : a), (b == "" ? wnot(2) : b)
      }
      # neither run measured one (both NA, or NA and an older run): one row
      if (nwidle == 0 && (wna[1] != "" || wna[2] != ""))
        printf "| wake-up (one reading each) | %s | %s | |\n", wnot(1), wnot(2)
      print ""
      if (val[1, "cpu_model"] != val[2, "cpu_model"])
        print "Two CPU models: only dimensionless figures (ratios, cycles, percentages) get a verdict; absolute ones (ns, ms) are shown without one, since a different CPU changes them by design.\n"
      if (index(val[1, "knobs"], "QUICK=1") || index(val[2, "knobs"], "QUICK=1"))
        print "A QUICK run is among them: its few rounds and invocations give wide intervals, so most verdicts are \"unclear\".\n"
      # build/combine main_level=0: the run pooled its placements; it was
      # compared as if its placement were unknown (build/compare: why=placement_moved)
      for (r = 1; r <= 2; r++) if (index(place[r], "none (") == 1)
        printf "In run %s the host moved the CPUs while every invocation ran (the hand-off probes before and after each disagreed), so it has no placement of its own: its figures that depend on where the CPUs are (%s'"'"'s placement-dependent kinds) cannot be set against the other run'"'"'s and get no verdict.\n\n", (r == 1 ? "A" : "B"), expname
      if ((speed[1] == "") != (speed[2] == ""))
        print "One run has no speed levels (an older version, which kept only the rounds near its best canary): its figures are set against the other run'"'"'s fastest level.\n"
      if (differ == "") print "Nothing in this list differs.\n"
      else print "Differs: " differ ".\n"
    }' "$2" "$3"
}

# report COMPARE_OUT: the markdown of what changed, from build/compare's lines
report() {
  # input: RESULT exp=E kind=compare ... figure=K value=V a= b= change_pct= change_pct_lo= change_pct_hi= ... verdict=W [why=R]
  #        RESULT exp=E kind=compare_summary ...; RESULT exp=compare kind=compare_total compared=M level=L
  kv_awk '
    function v(k) { return kv_get($0, k) }
    function pct(x) { return x == "NA" ? "NA" : sprintf("%+.1f%%", x) }
    function ident(   s, i, n, w) {
      s = ""; n = split($0, w, " ")
      for (i = 4; i <= n && w[i] !~ /^figure=/; i++) s = s (s == "" ? "" : " ") w[i]
      return s
    }
    BEGIN {
      reason["only_a"] = "only in A"; reason["only_b"] = "only in B"
      reason["speed_level"] = "no level of the same speed (canary within 15%) in the other run"
      reason["placement"] = "the host placed the CPUs differently (hand-off more than 30% apart)"
      reason["placement_moved"] = "placement-dependent, and in one run the host moved the CPUs while every invocation ran, so that run has no placement to set against the other'"'"'s"
      reason["cpu_model"] = "an absolute figure between two CPU models"
      reason["no_invocations"] = "an older version'"'"'s figure, without an interval over invocations"
      reason["no_interval"] = "no interval in one of the runs (too busy)"
    }
    $3 == "kind=compare" {
      e = v("exp"); if (!(e in seen)) { seen[e] = 1; order[++ne] = e }
      w = v("verdict")
      if (v("claim_a") != "" && v("claim_a") != v("claim_b") && v("claim_a") != "NA" && v("claim_b") != "NA")
        claims[e] = claims[e] sprintf("| %s | %s | %s -> %s | %s |\n", ident(), v("figure"), v("claim_a"), v("claim_b"), w (w == "none" ? " (" v("why") ")" : ""))
      if (w == "none") { why[e, v("why")]++; whys[v("why")] = 1; next }
      # the margins in use, once per experiment, kind and value: "false_sharing ratio 2%"
      for (i = 4; i <= NF; i++) if ($i ~ /^margin_/) {
        split($i, mm, "="); u = substr(mm[1], 8)
        mk = e " " v("figure") (v("value") == "ratio" ? "" : " " v("value"))
        if (!(mk in margin_of)) { margin_of[mk] = u == "share" ? sprintf("%g%%", 100 * mm[2]) : mm[2] " " (u == "pct" ? "points" : u); margins = margins (margins == "" ? "" : ", ") mk " " margin_of[mk] }
      }
      line = sprintf("| %s | %s %s | %s | %s | %s [%s, %s] |", ident(), v("figure"), v("value"), v("a"), v("b"), pct(v("change_pct")), pct(v("change_pct_lo")), pct(v("change_pct_hi")))
      if (w == "changed") changed[e] = changed[e] line "\n"
      every[e] = every[e] sprintf("| %s | %s %s | %s [%s, %s] | %s [%s, %s] | %s [%s, %s] | %s |\n", ident(), v("figure"), v("value"), v("a"), v("a_lo"), v("a_hi"), v("b"), v("b_lo"), v("b_hi"), pct(v("change_pct")), pct(v("change_pct_lo")), pct(v("change_pct_hi")), w)
    }
    $3 == "kind=compare_summary" { summ[v("exp")] = $0 }
    $3 == "kind=compare_total" { m = v("compared"); level = v("level"); total = v("changed") }
    END {
      printf "## What changed\n\n"
      if (m == 0) printf "No figure could be compared (the reasons follow per experiment).\n\n"
      else {
      printf "%d values were compared; %d changed beyond their margin. ", m, total
      printf "Each change interval comes from the invocations of both runs (Welch'"'"'s, on logarithms for ratios and plain figures) "
      printf "and is taken at %.4f%% instead of 95%%: the correction for %d comparisons (Bonferroni), so that all verdicts hold together at 95%%; ", 100 * level, m
      printf "whether anything changed is also what Holm'"'"'s procedure says (its first step). "
      printf "The RESULT lines carry q=, Benjamini-Hochberg over the same figures. "
      printf "\"changed\": the whole interval lies beyond the figure'"'"'s margin (a comparison'"'"'s own, from its EXP_figures; else the -m share); \"same\": it lies within; \"unclear\": neither. The margins: %s.\n\n", margins
      }
      for (i = 1; i <= ne; i++) {
        e = order[i]; $0 = summ[e]
        printf "### %s\n\n", e
        g = v("geomean_pct")
        printf "%d of %d values compared changed beyond their margin (%d up, %d down); %d the same within it, %d unclear.", v("changed"), v("compared"), v("up"), v("down"), v("same"), v("unclear")
        # only values above 0 in both runs have a ratio (an indirect cost can
        # be below 0): it said "over the 86 compared values" of 187
        if (g != "NA") printf " Geometric mean of the ratios B/A over the %d compared values%s: %s.", v("geomean_n"), (v("geomean_n") + 0 < v("compared") + 0 ? " above 0 in both runs" : ""), pct(g)
        printf "\n"
        if (v("none") > 0) {
          s = ""
          for (r in whys) if (why[e, r] > 0) s = s (s == "" ? "" : "; ") why[e, r] " " reason[r]
          printf "%d shown without a verdict: %s.\n", v("none"), s
        }
        printf "\n"
        if (changed[e] != "") printf "| figure | kind | A | B | change [interval] |\n|---|---|---:|---:|---|\n%s\n", changed[e]
        if (claims[e] != "") printf "Claims that changed between the runs:\n\n| figure | kind | claim A -> B | verdict |\n|---|---|---|---|\n%s\n", claims[e]
        else if (v("compared") > 0) printf "No claim changed between the runs.\n\n"
        if (every[e] != "")
          printf "<details><summary>Every compared value of %s</summary>\n\n| figure | kind | A [95%%] | B [95%%] | change [corrected interval] | verdict |\n|---|---|---|---|---|---|\n%s\n</details>\n\n", e, every[e]
      }
    }' "$1"
}

# write_out FILE: the report into FILE, renamed over it from a temp file
# beside it (replace_file): a reader never finds half a report, FILE keeps
# its mode (a new one gets the umask's), and a link at FILE is refused, not
# written through (cp wrote through it, and an interrupt left half a file)
WORK='' OUT_TMP=''
write_out() {
  local dir w
  dir=$(dirname "$1")
  if w=$(symlink_words "$1"); then die "$w; not written through (-o takes a file of its own)"; fi
  [ ! -e "$1" ] || [ -f "$1" ] || die "-o $1: not a regular file (-o takes a file)"
  OUT_TMP=$(mktemp "$dir/.tmp.compare.XXXXXX") || die "cannot write $1"
  cp "$WORK/report.md" "$OUT_TMP" || die "cannot write $1"
  [ -e "$1" ] || chmod "$(printf '%o' $((0666 & ~$(umask))))" "$OUT_TMP" || die "cannot write $1"
  replace_file "$OUT_TMP" "$1" || die "cannot write $1"
  OUT_TMP=''
}
main() {
  parse_args "$@"
  # -o FILE checked before the work too (write_out checks it again)
  if [ -n "$OUT" ] && { [ -L "$OUT" ] || { [ -e "$OUT" ] && [ ! -f "$OUT" ]; }; }; then
    bad_usage "-o $OUT: a symbolic link or not a regular file; -o takes a file of its own"
  fi
  trap '[ -z "$WORK" ] || rm -rf "$WORK"; [ -z "$OUT_TMP" ] || rm -f "$OUT_TMP"' EXIT
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/sharecost-compare.XXXXXX") || die "cannot create a temp directory"
  local la lb da db e ra rb args=() only="" rc=0
  resolve "$A" "$WORK/a"; da=$DIR la=$LABEL
  resolve "$B" "$WORK/b"; db=$DIR lb=$LABEL
  # -o naming a raw file of A or B replaced that run's measurements with the report
  for e in "$da"/*-raw.txt "$db"/*-raw.txt; do
    if [ -n "$OUT" ] && [ "$OUT" -ef "$e" ]; then bad_usage "-o $OUT: that is a raw file it reads ($e); writing it would destroy it"; fi
  done
  for e in "${EXPERIMENTS[@]}"; do
    ra=$(raw_of "$da" "$e"); rb=$(raw_of "$db" "$e")
    if [ -n "$ra" ] && [ -n "$rb" ]; then
      spec_of "$e" "$WORK/$e.spec"
      args+=("$e" "$WORK/$e.spec" "$ra" "$rb")
    elif [ -n "$ra$rb" ]; then
      only="$only $e (only in $([ -n "$ra" ] && echo A || echo B))"
    fi
  done
  [ "${#args[@]}" -gt 0 ] || bad_usage "no experiment has a raw file in both A ($A) and B ($B)"
  if [ ! -x "$BUILD/compare" ]; then
    "$ROOT/build.sh" >/dev/null 2>"$WORK/build.log" || { cat "$WORK/build.log" >&2; die "build failed"; }
  fi
  "$BUILD/compare" -m "$MARGIN" "${args[@]}" >"$WORK/out" 2>"$WORK/err" || rc=$?
  if [ "$rc" -gt 1 ]; then
    # a revision's files are named as git names them, not by their temp copy
    awk -v prog="$PROG" -v wa="$WORK/a/" -v wb="$WORK/b/" -v a="$A:results/" -v b="$B:results/" '
      { while ((i = index($0, wa)) > 0) $0 = substr($0, 1, i - 1) a substr($0, i + length(wa))
        while ((i = index($0, wb)) > 0) $0 = substr($0, 1, i - 1) b substr($0, i + length(wb))
        print prog ": " $0 }' "$WORK/err" >&2
    bad_usage "refused the input above (A: $A, B: $B); nothing compared"
  fi
  {
    printf '# Comparing two runs\n\nA: %s. B: %s.' "$la" "$lb"
    [ -z "$only" ] || printf ' Left out:%s.' "$only"
    printf '\n\n## Are they comparable?\n\n'
    # each checked: set -e does not stop a group on the left of ||
    for ((i = 0; i < ${#args[@]}; i += 4)); do
      provenance "${args[i]}" "${args[i + 2]}" "${args[i + 3]}" || die "the table of what differs (${args[i]}) failed"
    done
    report "$WORK/out" || die "the report failed"
  } >"$WORK/report.md" || die "the report failed"
  if [ -n "$OUT" ]; then
    write_out "$OUT"
  else
    cat "$WORK/report.md"
    echo
  fi
  grep '^RESULT ' "$WORK/out" || true
  # no figure read in both runs is no "nothing changed"; figures read in
  # both but kept from a verdict (two CPU models, two placements, too busy) are
  grep -q ' verdict=\(changed\|same\|unclear\)\| why=\(cpu_model\|placement\|no_interval\)' "$WORK/out" ||
    bad_usage "no figure of A ($A) could be set against one of B ($B): see the reasons in the report"
  return "$rc"
}

main "$@"

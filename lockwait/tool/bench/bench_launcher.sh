#!/usr/bin/env bash
# bench_launcher.sh - what the launcher (lockwait/tool/lockwait) adds to a
# short build: `make -s -j2` of a small C project (6 one-line .c files and a
# Makefile, made in a temporary directory unless -d names one), timed bare
# and as `lockwait -- make -s -j2` (build/lockwait, the launcher's common
# case in C, or with -l bash lockwait/tool/lockwait), the two alternating for REPS rounds
# (the order swapping each round), `make clean` untimed before every run.
# Prints each variant's median (build/stats: with its 95% interval from 6
# rounds), the ratio of the medians and the per-round ratio's median with
# its interval. The target (issue 41: launcher <= 1.1x bare) is printed
# next to the numbers; nothing fails on it, timings being noisy.
# Requires: Linux, bash 5 ($EPOCHREALTIME), make, cc, ./build.sh lockwait,
# flock (util-linux).
set -euo pipefail
export LC_ALL=C

PROG=bench_launcher.sh
usage() {
  cat <<'TXT'
usage: lockwait/tool/bench/bench_launcher.sh [-h] [-r REPS] [-d DIR] [-l c|bash]
  -r REPS   rounds, each one bare run and one launcher run, the order
            swapping from round to round (1..99, default 7; an interval
            needs 6)
  -d DIR    the project to build: a directory with a Makefile that has
            the default target and "clean" (default: 6 one-line .c files
            and a Makefile, made in a temporary directory and removed)
  -l WHICH  the launcher timed: c, build/lockwait (default), or bash,
            lockwait/tool/lockwait (the one build/lockwait hands options,
            scripts and errors to)
The whole bench holds /tmp/sharecost-measure.lock (flock), so only one
measurement runs at a time on a shared machine.
stdout: RESULT exp=lockwait_launcher kind=make launcher=c|bash bare_ms= bare_ms_lo=
bare_ms_hi= launcher_ms= launcher_ms_lo= launcher_ms_hi= ratio= paired_ratio=
paired_ratio_lo= paired_ratio_hi= target_ratio=1.10 rounds= (NA: no
interval below 6 rounds); each round's times go to stderr.
TXT
}
bad_usage() { echo "$PROG: $*" >&2; exit 2; }

REPS=7
PROJECT='' WHICH=c
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -r) if [ $# -lt 2 ] || ! [[ $2 =~ ^[0-9]{1,2}$ ]] || [ "$((10#$2))" -lt 1 ]; then
          bad_usage "-r: expected a whole number from 1 to 99"; fi
        REPS=$((10#$2)); shift 2 ;;
    -l) if [ $# -lt 2 ] || ! [[ $2 =~ ^(c|bash)$ ]]; then bad_usage "-l: expected c or bash"; fi
        WHICH=$2; shift 2 ;;
    -d) if [ $# -lt 2 ] || ! [ -f "$2/Makefile" ]; then bad_usage "-d: expected a directory with a Makefile"; fi
        PROJECT=$(cd "$2" && pwd); shift 2 ;;
    *) bad_usage "unknown argument '$1' (see -h)" ;;
  esac
done

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=common/lib.sh
source "$ROOT/common/lib.sh" # kv_awk, die
BUILD=${BUILD:-$ROOT/build}
LAUNCHER=$ROOT/lockwait/tool/lockwait
[ "$WHICH" = bash ] || LAUNCHER=$BUILD/lockwait
if ! [ -x "$LAUNCHER" ] || ! [ -e "$BUILD/liblockwait.so" ] || ! [ -x "$BUILD/stats" ]; then
  die "build/lockwait, build/liblockwait.so or build/stats missing: run ./build.sh lockwait"
fi
for c in make cc flock; do command -v "$c" >/dev/null || die "$c not found"; done
[ -n "${EPOCHREALTIME:-}" ] || die "bash 5 needed (\$EPOCHREALTIME)"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/lw-launcher-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
if [ -z "$PROJECT" ]; then
  PROJECT=$TMP/project
  mkdir "$PROJECT"
  for i in 1 2 3 4 5 6; do printf 'int f%d(int x) { return x + %d; }\n' "$i" "$i" >"$PROJECT/f$i.c"; done
  cat >"$PROJECT/Makefile" <<'MAKE'
OBJS = f1.o f2.o f3.o f4.o f5.o f6.o
all: $(OBJS)
%.o: %.c
	$(CC) -c -o $@ $<
clean:
	rm -f $(OBJS)
MAKE
fi

# one_run VARIANT: the build's wall time in ms into $ms (make clean first,
# untimed); the launcher's one-line report goes to $TMP/stderr
one_run() {
  local t0 t1
  make -s -C "$PROJECT" clean >/dev/null
  t0=$EPOCHREALTIME
  if [ "$1" = bare ]; then
    (cd "$PROJECT" && make -s -j2) >/dev/null 2>"$TMP/stderr" || die "bare make failed: $(cat "$TMP/stderr")"
  else
    (cd "$PROJECT" && "$LAUNCHER" -- make -s -j2) >/dev/null 2>"$TMP/stderr" ||
      die "lockwait -- make failed: $(cat "$TMP/stderr")"
  fi
  t1=$EPOCHREALTIME
  ms=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) * 1000 }')
}

# est NAME SERIES...: "est lo hi" from build/stats NAME (median or ratio)
est() {
  local kind=$1; shift
  echo "s $*" | "$BUILD/stats" "$kind" |
    kv_awk '{ e = kv_get($0, "est"); l = kv_get($0, "est_lo"); h = kv_get($0, "est_hi")
      if (e != "NA") e = sprintf("%.3f", e); if (l != "NA") l = sprintf("%.3f", l); if (h != "NA") h = sprintf("%.3f", h)
      print e, l, h }'
}

exec {lockfd}>/tmp/sharecost-measure.lock
flock "$lockfd"
one_run bare; one_run launcher # warm-up: the compiler and the library in the page cache
bare=() wrapped=() ratios=()
for ((i = 1; i <= REPS; i++)); do
  if ((i % 2)); then one_run bare; b=$ms; one_run launcher; w=$ms
  else one_run launcher; w=$ms; one_run bare; b=$ms; fi
  bare+=("$b") wrapped+=("$w")
  ratios+=("$(awk -v a="$w" -v b="$b" 'BEGIN { printf "%.6f", a / b }')")
  echo "$PROG: round $i/$REPS: bare $b ms, launcher $w ms" >&2
done
read -r bm blo bhi <<<"$(est median "${bare[@]}")"
read -r wm wlo whi <<<"$(est median "${wrapped[@]}")"
read -r pr plo phi <<<"$(est ratio "${ratios[@]}")"
ratio=$(awk -v a="$wm" -v b="$bm" 'BEGIN { printf "%.3f", a / b }')
echo "RESULT exp=lockwait_launcher kind=make launcher=$WHICH bare_ms=$bm bare_ms_lo=$blo bare_ms_hi=$bhi launcher_ms=$wm" \
  "launcher_ms_lo=$wlo launcher_ms_hi=$whi ratio=$ratio paired_ratio=$pr paired_ratio_lo=$plo paired_ratio_hi=$phi" \
  "target_ratio=1.10 rounds=$REPS"
echo "$PROG: make -s -j2 of $PROJECT: bare $bm ms, launcher ($WHICH) $wm ms (medians of $REPS): ratio $ratio," \
  "per-round $pr [$plo, $phi]; target <= 1.10" >&2

#!/usr/bin/env bash
# The launcher (lockwait/tool/lockwait) refuses what it cannot profile with one
# line and the exit status docs/lockwait-manual.md gives, before anything runs: a
# statically linked program, one for another architecture, a set-user-ID
# one; bad -o/--trace paths. A library path with spaces or colons (LD_PRELOAD
# splits on both) still profiles, and so does the lockwait experiment of a
# checkout at such a path.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

L=$ROOT/lockwait/tool/lockwait
C=$BUILD/lw_counts

refused() { # refused NAME CODE WORD CMD...: exit CODE, one line naming WORD, CMD not run
  local name=$1 code=$2 word=$3; shift 3
  rm -f "$TMP/ran"
  check_exit "$name: exit $code" "$code" "$@"
  cp "$TMP/out" "$TMP/msg"
  check "$name: one line that says why" awk -v w="$word" 'END { exit !(NR == 1 && ok) } index($0, "lockwait: ") == 1 && index($0, w) { ok = 1 }' "$TMP/msg"
}

# an ELF header made by hand: 64-bit x86-64 with no program headers (what a
# static binary lacks is its PT_INTERP), and a 32-bit ARM one
elf() { # elf OUT CLASS MACHINE
  local class machine
  class=$(printf '\\%03o' "$2") machine=$(printf '\\%03o' "$3")
  { printf '\177ELF%b\001\001' "$class"; head -c 9 /dev/zero; printf '\002\000%b\000' "$machine"; head -c 44 /dev/zero; } >"$1"
  chmod +x "$1"
}
if [ "$(uname -m)" = x86_64 ]; then
  elf "$TMP/static64" 2 62
  refused "an ELF program without a dynamic loader" 1 "statically linked" "$L" -- "$TMP/static64"
fi
elf "$TMP/arm32" 1 40
refused "a program for another architecture" 1 "another architecture" "$L" -- "$TMP/arm32"
# a real static program, where the C library has a static build
if printf 'int main(void) { return 0; }\n' >"$TMP/s.c" && cc -static -o "$TMP/static" "$TMP/s.c" 2>/dev/null; then
  refused "a statically linked program" 1 "statically linked" "$L" -- "$TMP/static"
  printf '#!%s\n' "$TMP/static" >"$TMP/static.sh" && chmod +x "$TMP/static.sh"
  refused "a script run by a statically linked program" 1 "statically linked" "$L" -- "$TMP/static.sh"
else
  skip "the launcher refuses statically linked programs" "no static C library (cc -static failed)"
fi
# set-user-ID to someone else: the loader drops LD_PRELOAD for it
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
  cp "$(type -P true)" "$TMP/suid" && chown nobody "$TMP/suid" && chmod u+s "$TMP/suid"
  refused "a set-user-ID program" 1 "set-user-ID" "$L" -- "$TMP/suid"
fi

# not found, not runnable, output that cannot be written
refused "a command that does not exist" 127 "not found" "$L" -- no-such-command-here
refused "a file that is not executable" 126 "cannot run" "$L" -- "$ROOT/README.md"
refused "a directory" 126 "cannot run" "$L" -- "$TMP"
refused "-o in a missing directory" 2 "cannot write" "$L" -o "$TMP/no/such/dir/r.txt" -- true
refused "--trace in a missing directory" 2 "cannot write" "$L" --trace "$TMP/no/such/dir/t" -- true
# --preload-path runs nothing: a CMD or another option with it is refused (both were ignored, exit 0)
rm -f "$TMP/ran"
refused "--preload-path with a CMD" 2 "--preload-path" "$L" --preload-path -- touch "$TMP/ran"
check "... the CMD did not run" test ! -e "$TMP/ran"
refused "--preload-path with -o" 2 "--preload-path" "$L" -o "$TMP/r.txt" --preload-path
check_exit "--preload-path alone: exit 0" 0 "$L" --preload-path
# --dump-signal: only a signal the program can catch
for sig in 0 9 19 32 65 STOP RTMIN+99; do
  refused "--dump-signal $sig" 2 "--dump-signal '$sig'" "$L" --dump-signal "$sig" -- true
done
for sig in USR1 SIGUSR2 RTMIN+1 2; do
  check_exit "--dump-signal $sig is taken" 0 "$L" --dump-signal "$sig" -- true
done

# a process tree (a shell, a program with uncontended locks, one without
# locks, one with contention): only the contended one reports in full; the
# top process (bash) says in one line that it waited for no lock, the other
# ones are counted in the launcher's summary (tree.sh), and none of them
# does the report's work. --full-reports: every process's whole report.
tree() { # tree DIR [OPTION]: the tree's reports, one file per process, in DIR
  mkdir -p "$1"
  "$L" ${2:+"$2"} -o "$1/%p" -- bash -c "'$C' single 1000 >/dev/null; /bin/true; '$C' handoff 10 >/dev/null; exit 0" \
    2>"$TMP/tree.err"
}
tree "$TMP/tree"
check_eq "a process tree: one whole report, of the contended program" 1 \
  "$(grep -l '^RESULT exp=lockwait kind=report ' "$TMP"/tree/* | wc -l | tr -d ' ')"
check "... it has the contended lock" grep -q '^RESULT exp=lockwait kind=lock .* contended=[1-9]' "$TMP"/tree/*
check "... the summary names the report's file" grep -Eq "^  pid [0-9]+ \(lw_counts\): .* report: in $TMP/tree/[0-9]+$" "$TMP/tree.err"
check_eq "... only the top process (bash) says in a line of its own that it waited for no lock" \
  "bash 1|" \
  "$(for f in "$TMP"/tree/*; do grep -q 'kind=report' "$f" && continue
       sed -n 's/^lockwait: pid [0-9]* (\(.*\)) waited for no lock: .*/\1/p' "$f" | tr '\n' ' '; wc -l <"$f"; done |
     awk '{ print $1, $2 }' | sort | tr '\n' '|')"
tree "$TMP/full" --full-reports
check_eq "--full-reports: a whole report from each of the four processes" 4 \
  "$(grep -l '^RESULT exp=lockwait kind=report ' "$TMP"/full/* | wc -l | tr -d ' ')"
check "--full-reports: uncontended locks counted" grep -q '^RESULT exp=lockwait kind=lock .*acquisitions=1000 contended=0 ' "$TMP"/full/*

# the library at a path with a space and a colon: profiled all the same
d="$TMP/a b:c"
mkdir -p "$d" && cp "$BUILD/liblockwait.so" "$d/"
rc=0
LOCKWAIT_LIB="$d/liblockwait.so" "$L" -- "$C" handoff 3 >/dev/null 2>"$TMP/space.err" || rc=$?
check_eq "a library path with a space and a colon: the program's status" 0 "$rc"
check "a library path with a space and a colon: the report" grep -q '^RESULT exp=lockwait kind=process ' "$TMP/space.err"
check_eq "a library path with a space and a colon: no loader error" "" "$(grep -i 'cannot be preloaded' "$TMP/space.err" || true)"
# the links such paths need (--preload-path): one per library path, reused;
# one to a library since removed goes at the next call, but never a file or
# another user's link
T="$TMP/td" P="$TMP/td/lockwait-$(id -u)"
mkdir -p "$T" "$TMP/x y" "$TMP/x y2"
cp "$BUILD/liblockwait.so" "$TMP/x y/" && cp "$BUILD/liblockwait.so" "$TMP/x y2/"
links() { find "$P" -name 'liblockwait-*.so' -type l | wc -l | tr -d ' '; }
a=$(TMPDIR=$T LOCKWAIT_LIB="$TMP/x y/liblockwait.so" "$L" --preload-path)
b=$(TMPDIR=$T LOCKWAIT_LIB="$TMP/x y/liblockwait.so" "$L" --preload-path)
check_eq "--preload-path twice for one library: the same link, and only one" "$a 1" "$b $(links)"
TMPDIR=$T LOCKWAIT_LIB="$TMP/x y2/liblockwait.so" "$L" --preload-path >/dev/null
: >"$P/liblockwait-1.so" # a file, not a link: stays
ln -s "$TMP/gone" "$P/liblockwait-2.so"
other=''
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then # a dangling link of another user's: stays
  ln -s "$TMP/gone" "$P/liblockwait-3.so" && chown -h nobody "$P/liblockwait-3.so" && other=3
fi
rm -r "$TMP/x y"
live=$(TMPDIR=$T LOCKWAIT_LIB="$TMP/x y2/liblockwait.so" "$L" --preload-path)
left="links $(links), live $([ -e "$live" ] && echo yes), file $([ -f "$P/liblockwait-1.so" ] && echo yes),"
left+=" own dangling $([ -L "$P/liblockwait-2.so" ] && echo yes || echo no)"
want="links 1, live yes, file yes, own dangling no"
if [ -n "$other" ]; then
  left+=", other's $([ -L "$P/liblockwait-3.so" ] && echo yes || echo no)" want="links 2, live yes, file yes, own dangling no, other's yes"
fi
check_eq "... the links to removed libraries go at the next call; the live link, a file and another user's link stay" \
  "$want" "$left"

# the experiment in a checkout at such a path
R="$TMP/check out"
scratch_repo "$R"
if (cd "$R" && ./build.sh lockwait >/dev/null 2>&1 && LOCKWAIT_SCENARIOS=mutex QUICK=1 ./run.sh lockwait >/dev/null 2>"$TMP/exp.err"); then
  pass "the lockwait experiment in a checkout whose path has a space"
else
  fail "the lockwait experiment in a checkout whose path has a space" "$(tail -n 3 "$TMP/exp.err" | tr '\n' ' ')"
fi
runs=$(grep -cE '^RESULT exp=lockwait kind=workload .*variant=(wrapped|traced)' "$R/results/quick-lockwait-raw.txt" 2>/dev/null || true)
check_eq "... each of its wrapped and traced runs ($runs) carries the library's report" "${runs:-0}" \
  "$(grep -cE '^RESULT exp=lockwait kind=process .*variant=(wrapped|traced)' "$R/results/quick-lockwait-raw.txt" 2>/dev/null || echo 0)"
check_awk "... there were such runs" "${runs:-0} >= 2"
# the library's own tests from a checkout under a path with a space: they
# preload through the launcher's link (lw_lib.bash), as LD_PRELOAD cannot
# carry the space (they found no report before)
S="$TMP/space copy"
scratch_built "$S"
rc=0; out=$(bash "$S/lockwait/tool/tests/counts.sh" 2>&1) || rc=$?
check_eq "counts.sh from a checkout under '$S': exits 0" 0 "$rc"
check_eq "... with no failed check" "" "$(grep '^not ok' <<<"$out" | head -n 3)"
check_awk "... and its checks ran ($(grep -c '^ok' <<<"$out"))" "$(grep -c '^ok' <<<"$out") >= 20"
# a name that is also a bash builtin runs the program, not the builtin, and
# the program sees the name it was given (xz, cat print argv[0] in messages)
check "lockwait -- true: the program /bin/true runs and reports" \
  sh -c "'$L' -- true 2>&1 | grep -q '(true) waited for no lock'"
check_eq "lockwait -- sh -c 'echo \$0' keeps argv[0]" "sh" "$("$L" -o /dev/null -- sh -c 'echo "$0"' 2>/dev/null)"
# a relative TMPDIR: made absolute, so a process that changes directory still finds the records
mkdir -p "$TMP/rel/tmp" "$TMP/rel/sub"
out=$(cd "$TMP/rel" && TMPDIR=tmp "$L" -- sh -c 'cd sub && /bin/true; /bin/true' 2>&1)
check "a relative TMPDIR: one summary of the run, not per-process lines" grep -q '^lockwait: the run: 3 processes' <<<"$out"
finish

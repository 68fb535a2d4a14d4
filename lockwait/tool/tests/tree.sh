#!/usr/bin/env bash
# tree.sh - one lockwait summary for a run of a process tree (issue 41): the
# launcher collects what each process reports (lib/lw_tree.c) and, once the
# program has ended, prints one table: the processes and threads, which
# processes waited and on what (with where their reports are), the top locks
# across the tree; processes that waited for nothing are counted, not
# listed, and ones that gave no report are named with the reason. A run
# where nothing waited takes at most 3 lines. The program's exit status,
# death by a signal and stdin stay its own. LAUNCHER: the launcher to try
# (default lockwait/tool/lockwait; tree-c.sh names build/lockwait).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

L=${LAUNCHER:-$ROOT/lockwait/tool/lockwait}
echo "# the launcher: $L"
C=$BUILD/lw_counts
export TMPDIR=$TMP # the run's directories, where the test can see them
U=$TMP/lockwait-$(id -u) # the launcher's per-user directory: run.PID (kept reports) and run.PID.records
runs() { find "$U" -maxdepth 1 -name 'run.*' 2>/dev/null | wc -l | tr -d ' '; }

# sh -c with children: one with uncontended locks, one without, one contended
st=0
"$L" -- sh -c "'$C' single 1000 >/dev/null; /bin/true; '$C' handoff 10 >/dev/null; exit 0" 2>"$TMP/t.err" || st=$?
check_eq "a tree: the program's status" 0 "$st"
check "a tree: one summary line with the processes and who waited" \
  grep -Eq '^lockwait: the run: 4 processes \(.*lw_counts x2.*\), [0-9]+ threads in their reports; 1 waited for a lock:$' "$TMP/t.err"
check "a tree: the contended process listed, with its time; its report below" grep -Eq \
  '^  pid [0-9]+ \(lw_counts\): [0-9.]+ ms of contention on 1 lock; report: below$' "$TMP/t.err"
check "... and that report follows, whole" grep -q '^RESULT exp=lockwait kind=lock .* contended=[1-9]' "$TMP/t.err"
check "a tree: the top locks across the tree" grep -Eq '^  top locks across the tree: lw_counts: m [0-9.]+ ms in 10 waits$' "$TMP/t.err"
check_eq "a tree: the processes that waited for nothing are counted, not listed" "" \
  "$(grep -E 'pid [0-9]+ \((lw_counts|true)\) waited for no lock' "$TMP/t.err" || true)"
check_eq "a tree: no directory left behind (the one report was shown)" 0 "$(runs)"
if [ "$(readlink -f /bin/sh)" != "$(readlink -f "$(type -P bash)")" ]; then # dash and others leave by _exit
  check "a tree: a shell that leaves by _exit is named, with the reason" \
    grep -Eq '^  no report from 1 process: pid [0-9]+ \(sh\): ended without running its exit handlers \(_exit' "$TMP/t.err"
fi
rm -rf "$U"/run.*

# two processes waited: each listed with the file its report is kept in
"$L" -- sh -c "'$C' handoff 10 >/dev/null; '$C' handoff 20 >/dev/null; exit 0" 2>"$TMP/two.err"
check "two waited: the summary says so" grep -Eq '^lockwait: the run: [0-9]+ processes .*; 2 waited for a lock:$' "$TMP/two.err"
n=0
while read -r rep; do
  [ -f "$rep" ] && grep -q '^RESULT exp=lockwait kind=lock .* contended=[1-9]' "$rep" && n=$((n + 1))
done < <(sed -n 's/^  pid [0-9]* (lw_counts): .* report: \(.*\)$/\1/p' "$TMP/two.err")
check_eq "... each report kept where the summary says" 2 "$n"
check "... the top lock sums both" grep -Eq '^  top locks across the tree: lw_counts: m [0-9.]+ ms in 30 waits$' "$TMP/two.err"
check_eq "... one directory kept, with the two reports only" "1 2" "$(runs) $(find "$U"/run.* -type f | wc -l | tr -d ' ')"
rm -rf "$U"/run.*

# nothing waited: at most 3 lines, and the run's directory removed
"$L" -- bash -c "/bin/true; '$C' single 100 >/dev/null; /bin/true" 2>"$TMP/q.err"
check_awk "no process waited: at most 3 lines on stderr ($(wc -l <"$TMP/q.err"))" "$(wc -l <"$TMP/q.err") <= 3"
check "... saying so" grep -Eq '^lockwait: the run: [0-9]+ processes .*; none waited for a lock$' "$TMP/q.err"
check_eq "... and no directory left behind" 0 "$(runs)"
# nothing waited: the launcher ran no process of its own (no od, mktemp,
# awk, rm, mkdir...: a build pays for each), seen by tools of those names
# first on PATH that log their calls; the program's are called by full path
mkdir -p "$TMP/spy"
for t in od mktemp awk rm mkdir cat stat id cksum mv ln readlink dirname; do
  printf '#!/bin/sh\necho %s >>"%s/spy.log"\nexec %s "$@"\n' "$t" "$TMP" "$(type -P "$t")" >"$TMP/spy/$t"
  chmod +x "$TMP/spy/$t"
done
: >"$TMP/spy.log"
PATH=$TMP/spy:$PATH "$L" -- "$(type -P bash)" -c "/bin/true; '$C' single 100 >/dev/null" 2>"$TMP/spy.err"
check "no process waited, the launcher's tools watched: the summary" \
  grep -Eq '^lockwait: the run: [0-9]+ processes \(.*\), [0-9]+ threads in their reports; none waited for a lock$' "$TMP/spy.err"
check_eq "... and no process of the launcher's own" "" "$(sort -u "$TMP/spy.log" | tr '\n' ' ')"
check_eq "... no file left behind" 0 "$(runs)"
# a script run by a shell: the shell's processes, under their names
printf '#!/bin/sh\n/bin/true\n/bin/true\n' >"$TMP/script.sh" && chmod +x "$TMP/script.sh"
"$L" --full-reports -- "$TMP/script.sh" 2>"$TMP/s.err"
check "a #!/bin/sh script: the summary counts its processes" grep -q '^lockwait: the run: 3 processes (' "$TMP/s.err"
rm -rf "$U"/run.*

# a lone shell that leaves by _exit (dash): not silent, the reason said
if [ "$(readlink -f /bin/sh)" != "$(readlink -f "$(type -P bash)")" ]; then
  "$L" -- sh -c ':' 2>"$TMP/lone.err"
  check "a lone sh that leaves by _exit: the summary says why there is no report" \
    grep -Eq '^  no report from 1 process: pid [0-9]+ \(sh\): ended without running its exit handlers' "$TMP/lone.err"
fi
# one process: its report and nothing more
"$L" -- "$C" single 100 >/dev/null 2>"$TMP/one.err"
check_eq "one process: only its own line" 1 "$(wc -l <"$TMP/one.err" | tr -d ' ')"

# a statically linked program in the tree: named with the reason
if printf 'int main(void) { return 0; }\n' >"$TMP/s.c" && cc -static -o "$TMP/static" "$TMP/s.c" 2>/dev/null; then
  "$L" -- bash -c "'$TMP/static'; /bin/true" 2>"$TMP/st.err"
  check "a static program in the tree: named, with the reason" \
    grep -Eq 'pid [0-9]+, forked by pid [0-9]+ \(bash\): left by _exit .*, or ran a program the library cannot load into \(statically linked' "$TMP/st.err"
else
  skip "a static program in the tree" "no static C library (cc -static failed)"
fi

# the program's own end: status, a signal, stdin
check_exit "the program's exit status" 7 "$L" -- sh -c 'exit 7'
# shellcheck disable=SC2016 # $$ of the inner sh
check_eq "a program killed by SIGTERM: the launcher ends as it did (143)" 143 \
  "$(bash -c '"$1" -- sh -c "kill -TERM \$\$"; echo $?' _ "$L" 2>/dev/null)"
check_eq "stdin is the program's" hello "$(echo hello | "$L" -- cat 2>/dev/null)"
check_eq "no run directory left behind" 0 "$(runs)"
finish

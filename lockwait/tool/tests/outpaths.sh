#!/usr/bin/env bash
# outpaths.sh - output paths that are no plain file. --trace naming a device
# or FIFO leaves it there (the run's first process removes only an older
# trace, a regular file: as root it removed /dev/null and put a file in its
# place; a file that is no trace stays too, and -o empties only an earlier
# report); a FIFO nobody reads, as -o or --trace, is refused at exit instead
# of holding the program there for ever, and the launcher does not open it
# first (which waited for a reader, or took one's end of file); a FIFO that
# is read gets the report; a directory, or one file for -o and --trace, is
# refused by the launcher (exit 2), and so is a FILE that looks like an
# option (the FILE left out); a relative path names a file where the
# run started, not where each process exits; a LOCKWAIT_OUT or
# LOCKWAIT_TRACE path too long once %p is expanded is not cut short to
# another file's name (the report goes to stderr). Each run has a timeout
# as a guard only: a hang fails the check instead of holding the test.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
export TMPDIR=$TMP # the launcher keeps a tree's records there

L=$ROOT/lockwait/tool/lockwait
C=$BUILD/lw_counts
guard=(timeout -s KILL 30)
# runs NAME CODE CMD...: check_exit, its output kept in $TMP/msg for the checks after it
runs() { check_exit "$@"; cp "$TMP/out" "$TMP/msg"; }

# a FIFO nobody reads, as --trace: left a FIFO, said, the status the program's
mkfifo "$TMP/fifo" "$TMP/fifo2" "$TMP/fifo3"
runs "--trace FIFO nobody reads: the program's status" 0 "${guard[@]}" "$L" --trace "$TMP/fifo" -- "$C" handoff 10
check "--trace FIFO nobody reads: said" grep -q 'trace to .*fifo: it is a FIFO nobody reads' "$TMP/msg"
check "--trace FIFO: still a FIFO (not removed at start)" test -p "$TMP/fifo"

# ... as LOCKWAIT_OUT: the report goes to stderr, and that is said
runs "LOCKWAIT_OUT=FIFO nobody reads: the program's status" 0 \
  "${guard[@]}" env LOCKWAIT_OUT="$TMP/fifo2" LD_PRELOAD="$BUILD/liblockwait.so" "$C" handoff 10
check "LOCKWAIT_OUT=FIFO nobody reads: the report on stderr" grep -q '^RESULT exp=lockwait kind=process' "$TMP/msg"
check "LOCKWAIT_OUT=FIFO nobody reads: said" grep -q 'report to .*fifo2: it is a FIFO nobody reads' "$TMP/msg"

# ... as -o through the launcher, which must not open it before the run
runs "-o FIFO nobody reads: the program's status" 0 "${guard[@]}" "$L" -o "$TMP/fifo3" -- "$C" handoff 10
# a FIFO that is read: the reader gets the report (the reader's end is
# open from here: the shell's read-write open, which grep reads from until
# the report's process line)
exec {rw}<>"$TMP/fifo3"
"${guard[@]}" grep -m 1 -q '^RESULT exp=lockwait kind=process' <&"$rw" &
reader=$!
runs "-o FIFO with a reader: the program's status" 0 "${guard[@]}" "$L" -o "$TMP/fifo3" -- "$C" handoff 10
read_ok=0
wait "$reader" || read_ok=$?
exec {rw}>&-
check_eq "-o FIFO with a reader: the report is read from it" 0 "$read_ok"

# a device as --trace, by root (mknod): still that device
if [ "$(id -u)" = 0 ] && mknod -m 666 "$TMP/null" c 1 3 2>/dev/null; then
  runs "--trace DEVICE: the program's status" 0 "$L" --trace "$TMP/null" -- "$C" handoff 10
  check "--trace DEVICE: still a character device (not removed at start)" test -c "$TMP/null"
else
  skip "--trace DEVICE" "needs root to make a device node"
fi

# a file that is no trace: the launcher refuses it; by hand, it is left as
# it was and the trace goes beside it
echo 'int main(void) { return 0; }' >"$TMP/prog.c"
runs "--trace a file that is no trace: exit 2" 2 "$L" --trace "$TMP/prog.c" -- "$C" handoff 10
check "--trace a file that is no trace: says so" grep -q 'is no lockwait trace' "$TMP/msg"
runs "LOCKWAIT_TRACE=a file that is no trace: the program's status" 0 \
  env LOCKWAIT_TRACE="$TMP/prog.c" LD_PRELOAD="$BUILD/liblockwait.so" "$C" handoff 10
check_eq "LOCKWAIT_TRACE=a file that is no trace: left as it was" 'int main(void) { return 0; }' "$(cat "$TMP/prog.c")"
check "LOCKWAIT_TRACE=a file that is no trace: the trace beside it, and said" grep -q 'prog.c is no lockwait trace (left as it is); this one.s is in .*prog.c.[0-9]' "$TMP/msg"

# -o naming a file that is no report: refused, nothing emptied; a report
# of an earlier run is emptied and written anew, but not when the run is
# refused for another reason (the --trace above)
runs "-o a file that is no report: exit 2" 2 "$L" -o "$TMP/prog.c" -- "$C" handoff 10
check "-o a file that is no report: says so" grep -q 'is no lockwait report' "$TMP/msg"
check_eq "-o a file that is no report: left as it was" 'int main(void) { return 0; }' "$(cat "$TMP/prog.c")"
echo 'lockwait: pid 1 (old) waited for no lock' >"$TMP/old.txt"
runs "-o an earlier report, --trace refused: exit 2" 2 "$L" -o "$TMP/old.txt" --trace "$TMP/prog.c" -- "$C" handoff 10
check_eq "-o an earlier report, --trace refused: the report left as it was" \
  'lockwait: pid 1 (old) waited for no lock' "$(cat "$TMP/old.txt")"
runs "-o an earlier report: the program's status" 0 "$L" -o "$TMP/old.txt" -- "$C" handoff 10
check "-o an earlier report: written anew" awk 'NR == 1 && /\(old\)/ { exit 1 } /^RESULT exp=lockwait kind=process/ { ok = 1 } END { exit !ok }' "$TMP/old.txt"

# a directory: refused before the run
mkdir "$TMP/dir"
runs "--trace DIR: exit 2" 2 "$L" --trace "$TMP/dir" -- "$C" handoff 10
check "--trace DIR: says so" grep -q 'a directory' "$TMP/msg"
runs "-o DIR: exit 2" 2 "$L" -o "$TMP/dir" -- "$C" handoff 10

# -o and --trace naming one file: refused before anything is written
echo precious >"$TMP/both"
ln -s both "$TMP/both-link"
runs "-o FILE --trace FILE: exit 2" 2 "$L" -o "$TMP/both" --trace "$TMP/both" -- "$C" handoff 10
check "-o FILE --trace FILE: says so" grep -q 'the same file as -o' "$TMP/msg"
runs "-o FILE --trace LINK-TO-FILE: exit 2" 2 "$L" -o "$TMP/both" --trace "$TMP/both-link" -- "$C" handoff 10
check_eq "-o FILE --trace FILE: the file is untouched" precious "$(cat "$TMP/both")"

mkdir "$TMP/start" "$TMP/start/sub"
# -o or --trace with its FILE left out: the next word is not taken for it
for opt in -o --trace; do
  # shellcheck disable=SC2016 # expanded by the inner shell
  runs "$opt -- PROG: exit 2" 2 bash -c 'cd "$1" && "$2" "$3" -- "$4" handoff 10' _ "$TMP/start" "$L" "$opt" "$C"
  check "$opt -- PROG: no file named '--'" test ! -e "$TMP/start/--"
done

# relative paths name files in the directory the run started in, not in
# the one each process exits in
echo precious >"$TMP/start/sub/r.txt"
# shellcheck disable=SC2016 # expanded by the inner shells
runs "relative -o and --trace, a program that changes directory: exit 0" 0 \
  bash -c 'cd "$1/start" && "$2" -o r.txt --trace t.trace -- sh -c "cd sub && \"\$0\" handoff 10" "$3"' \
  _ "$TMP" "$L" "$C"
check_eq "relative -o: the file of that name where the program exits is untouched" precious "$(cat "$TMP/start/sub/r.txt")"
check "relative -o: the report is in the directory the run started in" grep -q '^RESULT exp=lockwait kind=process' "$TMP/start/r.txt"
check "relative --trace: the trace is in the directory the run started in" test -s "$TMP/start/t.trace"
# ... under bash too, whose own setenv (which the library's call reached)
# left the relative paths in the environment its children inherit
echo precious >"$TMP/start/sub/b.txt"
# shellcheck disable=SC2016 # expanded by the inner shells
runs "relative -o and --trace under bash, which changes directory: exit 0" 0 \
  bash -c 'cd "$1/start" && "$2" -o b.txt --trace b.trace -- bash -c "cd sub && \"\$0\" handoff 10; true" "$3"' \
  _ "$TMP" "$L" "$C"
check_eq "relative -o under bash: the file of that name where the program exits is untouched" precious "$(cat "$TMP/start/sub/b.txt")"
check "relative -o under bash: the report is where the run started" grep -q '^RESULT exp=lockwait kind=process' "$TMP/start/b.txt"
check "relative --trace under bash: the trace is where the run started" test -s "$TMP/start/b.trace"

# a path of 4096 bytes, whose first 4095 name a file: that file is not written
p=$TMP/long d=$(printf 'd%.0s' {1..200})
mkdir "$p"
while [ $((${#p} + 201)) -lt 4085 ]; do p=$p/$d; mkdir "$p"; done
victim=$p/$(printf 'v%.0s' $(seq $((4095 - ${#p} - 1))))
echo precious >"$victim"
runs "LOCKWAIT_OUT too long: the program's status" 0 \
  env LOCKWAIT_OUT="$victim.x" LD_PRELOAD="$BUILD/liblockwait.so" "$C" handoff 10
check "LOCKWAIT_OUT too long: the report on stderr" grep -q '^RESULT exp=lockwait kind=process' "$TMP/msg"
check "LOCKWAIT_OUT too long: said" grep -q 'its path is longer than 4095 bytes' "$TMP/msg"
check_eq "LOCKWAIT_OUT too long: the file its first 4095 bytes name is untouched" precious "$(cat "$victim")"
# ... and as -o: refused before the run, saying why (it said the file "appeared meanwhile")
runs "-o too long: exit 2" 2 "$L" -o "$victim.x" -- "$C" handoff 10
check "-o too long: said" grep -q -- '-o .*: a path longer than 4095 bytes' "$TMP/msg"
: >"$victim" # (an empty file is where a shared trace goes)
runs "LOCKWAIT_TRACE too long: the program's status" 0 \
  env LOCKWAIT_TRACE="$victim.x" LD_PRELOAD="$BUILD/liblockwait.so" "$C" handoff 10
check_eq "LOCKWAIT_TRACE too long: the file its first 4095 bytes name is left empty" 0 "$(wc -c <"$victim")"
check "LOCKWAIT_TRACE too long: said" grep -q "LOCKWAIT_TRACE's path is longer than 4095 bytes" "$TMP/msg"
finish

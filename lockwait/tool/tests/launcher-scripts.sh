#!/usr/bin/env bash
# The launcher (lockwait/tool/lockwait) decides before anything runs what the
# kernel and execvp() would do with a file that is not a program: scripts
# whose "#!" line names a loop of scripts, a directory, a file that cannot
# run or nothing at all; text with a NUL after its first line; a FIFO;
# symbolic links in a loop or to nothing; a
# name starting with "-" run by /bin/sh; a LOCKWAIT_LIB that is no library;
# a program that can be run but not read.
# Each case is said in one line (bash said two, the second "Success") or
# runs as execvp() runs it.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

L=$ROOT/lockwait/tool/lockwait
# script FILE LINE...: an executable text file of these lines
script() { local f=$1; shift; printf '%s\n' "$@" >"$f"; chmod +x "$f"; }
# one_line NAME CODE MESSAGE CMD...: exits CODE saying only MESSAGE
one_line() {
  local name=$1 code=$2 msg=$3; shift 3
  check_exit "$name: exit $code" "$code" "$@"
  check_eq "... in one line" "$msg" "$(cat "$TMP/out")"
}

# two scripts naming each other: the kernel says ELOOP; the launcher
# followed them until bash ran out of stack (SIGSEGV). Memory capped in
# case it still does
script "$TMP/loop-a" "#!$TMP/loop-b" 'echo a'
script "$TMP/loop-b" "#!$TMP/loop-a" 'echo b'
one_line "scripts that are each other's interpreter" 126 \
  "lockwait: cannot run $TMP/loop-a: its scripts' interpreters loop or nest more than 5 deep" \
  bash -c 'ulimit -v 1000000; exec "$@"' bash "$L" -- "$TMP/loop-a"
# the kernel runs 5 scripts in a row, not 6
script "$TMP/chain0" '#!/bin/sh' 'echo chain ran'
for i in 1 2 3 4 5; do script "$TMP/chain$i" "#!$TMP/chain$((i - 1))"; done
check_exit "5 scripts, each the next one's interpreter: run" 0 "$L" -- "$TMP/chain4"
cp "$TMP/out" "$TMP/msg"
check "... to the end" grep -qx "chain ran" "$TMP/msg"
check_exit "6 of them: refused" 126 "$L" -- "$TMP/chain5"

# interpreters the kernel refuses (EACCES): bash said "bad interpreter"
# and "Success"; a text file that is not executable was even run, the
# script under /bin/sh
script "$TMP/dir.sh" "#!$TMP" 'echo ran'
one_line "a directory as interpreter" 126 "lockwait: cannot run $TMP/dir.sh: its interpreter $TMP is a directory" \
  "$L" -- "$TMP/dir.sh"
script "$TMP/text" 'echo interpreter ran'
chmod -x "$TMP/text"
script "$TMP/text.sh" "#!$TMP/text" 'echo script ran'
one_line "a text file without x as interpreter" 126 \
  "lockwait: cannot run $TMP/text.sh: its interpreter $TMP/text is not executable" "$L" -- "$TMP/text.sh"
# CRLF line ends: the name is shown as $'...', not with a bare carriage
# return that puts the end of the line over its start
printf '#!/bin/sh\r\necho ran\r\n' >"$TMP/crlf.sh" && chmod +x "$TMP/crlf.sh"
one_line "a CRLF script" 127 "lockwait: cannot run $TMP/crlf.sh: its interpreter \$'/bin/sh\\r' is not found" \
  "$L" -- "$TMP/crlf.sh"

# "#!" naming nothing is text without "#!" to the kernel (ENOEXEC): /bin/sh
# runs it, with the library (bash ran it in its own process, without)
script "$TMP/bare.sh" '#!' /bin/true
check_exit "a script of a bare #!: runs" 0 "$L" -- "$TMP/bare.sh"
cp "$TMP/out" "$TMP/msg"
check "... under /bin/sh: it and /bin/true are the run's 2 processes" grep -q "^lockwait: the run: 2 processes" "$TMP/msg"
# bash calls a file binary only for a NUL in its first line (of 80 bytes);
# the whole file was read to find one, and any NUL refused it
{ printf 'echo first\n'; head -c 300 /dev/zero | tr '\0' '#'; printf '\n\0echo second\n'; } >"$TMP/latenul"
chmod +x "$TMP/latenul"
check_exit "text with a NUL past its first line: runs" 0 "$L" -- "$TMP/latenul"
cp "$TMP/out" "$TMP/msg"
check "... under /bin/sh" grep -qx "first" "$TMP/msg"

# a FIFO with x: the kernel refuses it (EACCES); reading it blocked
mkfifo "$TMP/fifo" && chmod +x "$TMP/fifo"
one_line "a FIFO" 126 "lockwait: cannot run $TMP/fifo: not a regular file" timeout 20 "$L" -- "$TMP/fifo"
# symbolic links that lead nowhere: "command not found" (127) before; the
# kernel says ELOOP (126) for a loop and ENOENT (127) for a dangling one
ln -s "$TMP/link-b" "$TMP/link-a" && ln -s "$TMP/link-a" "$TMP/link-b"
one_line "a loop of symbolic links" 126 "lockwait: cannot run $TMP/link-a: a loop of symbolic links" "$L" -- "$TMP/link-a"
script "$TMP/loop-interp.sh" "#!$TMP/link-a"
one_line "a script whose interpreter is a loop of symbolic links" 126 \
  "lockwait: cannot run $TMP/loop-interp.sh: its interpreter $TMP/link-a is a loop of symbolic links" \
  "$L" -- "$TMP/loop-interp.sh"
ln -s "$TMP/nothing-here" "$TMP/dangling"
one_line "a dangling symbolic link" 127 "lockwait: cannot run $TMP/dangling: a symbolic link to nothing" \
  "$L" -- "$TMP/dangling"

# a script without "#!" found through PATH under a name starting with "-":
# /bin/sh given that name as argv[0] was a login shell and read .profile
mkdir "$TMP/bin" "$TMP/home"
# shellcheck disable=SC2016 # $1 is the script's
script "$TMP/bin/-dashed" 'echo "dashed $1"'
echo 'echo profile read' >"$TMP/home/.profile"
check_exit "a script named -dashed through PATH: runs" 0 env PATH="$TMP/bin:$PATH" HOME="$TMP/home" "$L" -- -dashed one
cp "$TMP/out" "$TMP/msg"
check "... with its argument" grep -qx "dashed one" "$TMP/msg"
check_exit "... and no .profile read" 1 grep -q "profile read" "$TMP/msg"

# a LOCKWAIT_LIB that is no library: ld.so skipped it, saying so, and the
# program ran unprofiled; a program exiting 127 was then said not to have
# run. Refused before anything runs
echo 'not a library' >"$TMP/notlib.so"
script "$TMP/exit127" '#!/bin/sh' "echo ran >$TMP/exit127.ran" 'exit 127'
one_line "a LOCKWAIT_LIB that is not ELF" 1 \
  "lockwait: $TMP/notlib.so is not a library: its ELF header is missing or damaged" \
  env LOCKWAIT_LIB="$TMP/notlib.so" "$L" -- "$TMP/exit127"
check_exit "... and nothing ran" 1 test -e "$TMP/exit127.ran"
# a script by a relative path sees it as its $0 and keeps its own name as
# the process's (bash's exec handed it the path made absolute)
# shellcheck disable=SC2016 # the script's own $0 and $$
script "$TMP/name0" '#!/bin/sh' 'echo "$0 $(cat /proc/$$/comm)"'
check_eq "a script by a relative path: its \$0 and name as bare" "$(cd "$TMP" && ./name0)" \
  "$(cd "$TMP" && "$L" -- ./name0 2>/dev/null)"
# a program that can be run but not read (mode 111): the kernel runs it;
# the launcher, unable to read it, ran /bin/sh on it ("cannot open"). Root
# reads anything: tried as nobody, when setpriv can make this one
# (and when nobody can reach the launcher and the library: a checkout
# under a private home directory is out of its reach)
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
if [ "$EUID" = 0 ] && command -v setpriv >/dev/null &&
  as_nobody test -r "$L" -a -r "$ROOT/build/liblockwait.so" 2>/dev/null; then
  mkdir -m 755 "$TMP/x" && chmod 711 "$TMP" && cp /bin/echo "$TMP/x/echo" && chmod 111 "$TMP/x/echo"
  check_exit "a program only executable, not readable: runs" 0 \
    as_nobody env TMPDIR="$TMP/x" "$L" -- "$TMP/x/echo" hello
  cp "$TMP/out" "$TMP/msg"
  check "... itself" grep -qx hello "$TMP/msg"
else
  skip "a program only executable, not readable" "needs root, setpriv and a checkout other users can read"
fi
finish

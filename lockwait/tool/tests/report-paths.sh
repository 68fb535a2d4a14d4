#!/usr/bin/env bash
# report-paths.sh - lockwait_report's -j and -c FILE when FILE is no plain
# new file: an empty name, a link to a file that cannot be made, and a FIFO
# nobody reads are refused before anything is printed (exit 2: they were
# found only after the report, and the FIFO's open waited for ever);
# a file that cannot be made where access() allows it (/proc, as root) is
# refused before the report too; another user's link in a sticky directory
# is not followed (the kernel follows it where protected_symlinks is off),
# as the library refuses it;
# a FIFO someone reads and our own link to a file not there yet still work
# (but not as -c when -j names that file);
# a -W FIFO nobody writes to reads as empty instead of waiting for ever;
# a write that fails (-j, -c, -f's stdout on /dev/full) names the file and why;
# -j and -c FILE are written beside FILE and renamed over it: a write that
# fails part-way leaves FILE as it was (it was left cut short);
# TRACE "-" says how to read a pipe (/dev/stdin).
# On the committed fixture trace; each run has a timeout as a guard only.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

R=$BUILD/lockwait_report
T=$ROOT/lockwait/tool/tests/report-fixture.trace
guard=(timeout -s KILL 60)

refused() { # refused NAME CMD...: exit 2 and nothing on stdout
  local name=$1 rc=0
  shift
  "${guard[@]}" "$@" >"$TMP/stdout" 2>"$TMP/stderr" || rc=$?
  check_eq "$name: exit 2" 2 "$rc"
  check_eq "$name: nothing printed" 0 "$(wc -c <"$TMP/stdout")"
}

refused "-j ''" "$R" -j '' "$T"
refused "-c ''" "$R" -c '' "$T"
ln -s "$TMP/missing/dir/x.json" "$TMP/dangling"
refused "-j LINK to a file in a missing directory" "$R" -j "$TMP/dangling" "$T"
check "... says where the link points" grep -q 'a symbolic link to .*missing/dir/x.json' "$TMP/stderr"
# a place access() allows (root passes every permission check) where no
# file can be made: refused before the report (it was found after it)
if [ -d /proc/self ]; then
  refused "-j in /proc (no file can be made there)" "$R" -j /proc/lockwait-x.json "$T"
  check "... says why" grep -q -- '-j /proc/lockwait-x.json: cannot be' "$TMP/stderr"
fi
# TRACE "-": no file of that name; the message says how a pipe is read
refused "TRACE -" "$R" - </dev/null
check "... names /dev/stdin" grep -q 'read a pipe as /dev/stdin' "$TMP/stderr"
mkfifo "$TMP/fifo"
refused "-j FIFO nobody reads" "$R" -j "$TMP/fifo" "$T"
check "... says so" grep -q 'a FIFO nobody reads' "$TMP/stderr"

# -W FIFO nobody writes to: read as an empty windows file, as /dev/null is
# (its open waited for a writer for ever)
mkfifo "$TMP/wfifo"
check_exit "-W FIFO nobody writes to: exit 0, as -W /dev/null" 0 "${guard[@]}" "$R" -W "$TMP/wfifo" "$T"

# a FIFO that is read, and our own link to a file not there yet: written
# (the reader's end is open from here: the shell's read-write open, which
# grep reads from until the JSON's opening; the rest stays in the pipe)
exec {rw}<>"$TMP/fifo"
"${guard[@]}" grep -m 1 -q '"traceEvents"' <&"$rw" &
reader=$!
check_exit "-j FIFO with a reader: exit 0" 0 "${guard[@]}" "$R" -j "$TMP/fifo" "$T"
read_ok=0
wait "$reader" || read_ok=$?
exec {rw}>&-
check_eq "-j FIFO with a reader: the JSON is read from it" 0 "$read_ok"
ln -s made.csv "$TMP/ours"
check_exit "-c our LINK to a file not there yet: exit 0" 0 "$R" -c "$TMP/ours" "$T"
check "-c our LINK to a file not there yet: the file is made" grep -q '^record,' "$TMP/made.csv"
# ... which -j names too: one file for both, refused (each wrote it, one lost)
ln -s both.out "$TMP/both-link"
refused "-j FILE -c our LINK to FILE not there yet" "$R" -j "$TMP/both.out" -c "$TMP/both-link" "$T"
check "... says so" grep -q 'the same file as -j' "$TMP/stderr"
check "... and makes no file" test ! -e "$TMP/both.out"

# a write that fails (a full device): exit 1 naming the file and the reason
# (it said "writing the JSON failed", and for -c no reason)
if [ -w /dev/full ]; then
  for o in -j -c; do
    rc=0; "${guard[@]}" "$R" "$o" /dev/full "$T" >/dev/null 2>"$TMP/stderr" || rc=$?
    check_eq "$o /dev/full: exit 1" 1 "$rc"
    check "$o /dev/full: says which file and why" grep -qxF "error: writing /dev/full: No space left on device" "$TMP/stderr"
  done
  rc=0; "${guard[@]}" "$R" -f "$T" >/dev/full 2>"$TMP/stderr" || rc=$?
  check_eq "-f to a full stdout: exit 1, saying why" "1 1" \
    "$rc $(grep -c 'cannot write standard output: No space left on device' "$TMP/stderr")"
else
  skip "-j, -c and -f to a full device" "no writable /dev/full"
fi

# a write that fails part-way (a file size limit: bash's ulimit -f, with
# SIGXFSZ ignored so the write returns EFBIG): -j FILE and -c FILE stay as
# they were, a new one is not made, and no file is left beside them (a
# partial FILE was left, cut at the limit); the limit is in 1024-byte blocks
mkdir "$TMP/limited"
printf 'precious\n' >"$TMP/limited/old.json"
# (stderr through a pipe: a file would meet the limit too)
rc=0; err=$( (trap '' XFSZ; ulimit -f 1; exec "$R" -j "$TMP/limited/old.json" "$T") 2>&1 >/dev/null) || rc=$?
check_eq "-j FILE, a write that fails part-way: exit 1, FILE as it was" "1 precious" "$rc $(cat "$TMP/limited/old.json")"
check_eq "... says which file and that it is left as it was" 1 \
  "$(grep -c "writing $TMP/limited/old.json: .*left as it was" <<<"$err")"
rc=0; (trap '' XFSZ; ulimit -f 1; exec "$R" -c "$TMP/limited/new.csv" -j "$TMP/limited/new.json" "$T") >/dev/null 2>&1 || rc=$?
check_eq "-j and -c to new files, a write that fails part-way: exit 1, no file made, nothing left beside" "1 old.json" \
  "$rc $(cd "$TMP/limited" && find . -mindepth 1 | sed 's|^\./||' | sort | tr '\n' ' ' | sed 's/ $//')"
# written whole: renamed over FILE, its mode kept; our link to FILE stays a
# link, and the file it names gets the output
chmod 640 "$TMP/limited/old.json"
ln -s old.json "$TMP/limited/link.json"
check_exit "-j our LINK to an existing file: exit 0" 0 "$R" -j "$TMP/limited/link.json" "$T"
check_eq "... the link kept, the file it names written whole, its mode kept" "link 640 1" \
  "$([ -L "$TMP/limited/link.json" ] && echo link) $(stat -c %a "$TMP/limited/old.json") $(grep -c '"traceEvents"' "$TMP/limited/old.json")"

other=$(id -u nobody 2>/dev/null || true)
if [ "$(id -u)" = 0 ] && [ -n "$other" ]; then
  mkdir -m 1777 "$TMP/sticky"
  printf 'precious\n' >"$TMP/victim"
  ln -s "$TMP/victim" "$TMP/sticky/planted.csv"
  chown -h nobody "$TMP/sticky/planted.csv"
  refused "-c another user's LINK in a sticky directory" "$R" -c "$TMP/sticky/planted.csv" "$T"
  check_eq "... the file it points at is untouched" precious "$(cat "$TMP/victim")"
else
  skip "-c another user's link in a sticky directory" "needs root and a user nobody to own the link"
fi
finish

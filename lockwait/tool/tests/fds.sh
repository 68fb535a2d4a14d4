#!/usr/bin/env bash
# Where liblockwait's report goes when the program plays with descriptors:
# never into the program's own files, and a report that cannot be delivered
# is said, not lost in silence (lw_output.c). A program that closes every
# descriptor and opens its own file on all of them (lw_fds), with stderr a
# file, with a low descriptor limit (the library's copy of stderr cannot sit
# at 100), with stderr a pipe it closes (the terminal is told), and a stderr
# nobody reads (EPIPE must not change the exit status).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

L=$ROOT/lockwait/tool/lockwait
P=$BUILD/lw_fds

run() { # run NAME MODE [ulimit -n]: the program's data and stderr in $TMP/NAME.{data,err}
  local name=$1 mode=$2 lim=${3:-}
  rm -f "$TMP/$name.data"
  if bash -c "${lim:+ulimit -n $lim && }exec '$L' -- '$P' $mode '$TMP/$name.data'" 2>"$TMP/$name.err"; then
    pass "$name: exit 0"
  else
    fail "$name: exit 0" "exited $? ($(tail -n 2 "$TMP/$name.err" | tr '\n' ' '))"
  fi
  check_eq "$name: the program's file holds only its data" "data" "$(cat "$TMP/$name.data")"
  # (lw_fds waits for no lock: its report is the one line that says so)
  check "$name: the report is on stderr" grep -q '^lockwait: pid [0-9]* (lw_fds) waited for no lock' "$TMP/$name.err"
}

# closes 3 and up, reopens its file on all of them (the library's copy among them)
run reuse reuse
# closes 0 and up, stderr too: the report reopens stderr's file by its path
run closeall closeall
# a limit of 64 descriptors: the copy sits at 63, and the checks hold there too
run reuse-low reuse 64
run closeall-low closeall 64

# a stderr that is a pipe, closed by the program: it cannot be reopened, so
# the report is lost, and the controlling terminal says so (script gives
# the run a terminal and keeps what was written to it)
if need_tool script bsdutils; then
  script -qec "'$L' -- '$P' closeall '$TMP/pipe.data' 2>&1 | cat >/dev/null" "$TMP/pipe.tty" >/dev/null 2>&1 || true
  check_eq "stderr a pipe, closed: the program's file holds only its data" "data" "$(cat "$TMP/pipe.data")"
  check "stderr a pipe, closed: the terminal is told the report is lost" grep -q 'lockwait: pid [0-9]*: the report is LOST' "$TMP/pipe.tty"
fi

# stderr a pipe nobody reads: the report's write fails (EPIPE), without a
# SIGPIPE that would turn the program's exit status into 141
check_exit "stderr nobody reads: the program's own exit status" 0 "$P" broken "$L" -- true
check_exit "... and with the launcher's summary of three processes (no SIGPIPE: 141)" 0 \
  "$P" broken "$L" -- sh -c '/bin/true & /bin/true; wait'
finish

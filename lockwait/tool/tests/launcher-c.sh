#!/usr/bin/env bash
# launcher-c.sh - build/lockwait (lockwait/tool/launcher.c) runs the
# launcher's common case itself, no shell started (issue 41: a build under
# the bash launcher took 1.2x its bare time), and hands everything else to
# lockwait/tool/lockwait, saying the same as that script. tree-c.sh runs
# tree.sh's checks of the summary through it.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

B=$BUILD/lockwait
S=$ROOT/lockwait/tool/lockwait
export TMPDIR=$TMP
[ -x "$B" ] || { fail "build/lockwait" "not built"; finish; }
# the same for both, numbers (pids, times) aside: stderr, stdout, status
same() { # same NAME ARG...
  local sb=0 ss=0
  (cd "$TMP" && "$B" "${@:2}") >"$TMP/b.out" 2>"$TMP/b.err" </dev/null || sb=$?
  (cd "$TMP" && "$S" "${@:2}") >"$TMP/s.out" 2>"$TMP/s.err" </dev/null || ss=$?
  check_eq "$1: the same status as the bash launcher" "$ss" "$sb"
  check_eq "$1: the same words as the bash launcher" "$(sed 's/[0-9][0-9.]*/N/g' "$TMP/s.out" "$TMP/s.err")" \
    "$(sed 's/[0-9][0-9.]*/N/g' "$TMP/b.out" "$TMP/b.err")"
}

# a small build: the one-line summary, the same
mkdir "$TMP/p"
for i in 1 2 3; do printf 'int f%d(void) { return %d; }\n' "$i" "$i" >"$TMP/p/f$i.c"; done
# shellcheck disable=SC2016 # make's variables
printf 'all: f1.o f2.o f3.o\n%%.o: %%.c\n\t$(CC) -c -o $@ $<\n' >"$TMP/p/Makefile"
if command -v make >/dev/null; then
  same "make -j2" -- make -s -j2 -C "$TMP/p" -B
  check "make -j2: one summary line" grep -Eq '^lockwait: the run: [0-9]+ processes \(.*\), [0-9]+ threads in their reports; none waited for a lock$' "$TMP/b.err"
else
  skip "make -j2 through build/lockwait" "no make"
fi

# what it hands over, said as the bash launcher says it
same "no command"
same "-h" -h
same "an unknown option" --bogus -- true
same "an option" -n 5 -- /bin/true
same "a command not found" -- no-such-command-here
same "a directory" -- "$TMP"
printf 'echo hi\n' >"$TMP/noexec" && chmod 644 "$TMP/noexec"
same "a file not executable" -- "$TMP/noexec"
printf '#!/bin/sh\necho from-script\n' >"$TMP/script" && chmod +x "$TMP/script"
same "a #!/bin/sh script" -- "$TMP/script"
check "... which ran" grep -qx from-script "$TMP/b.out"
printf 'echo no-hashbang\n' >"$TMP/plain" && chmod +x "$TMP/plain"
same "a script without #!" -- "$TMP/plain"
printf 'int main(void) { return 0; }\n' >"$TMP/main.c"
if cc -o "$TMP/noloader" "$TMP/main.c" -Wl,--dynamic-linker=/nonexistent/ld-x.so.2 2>/dev/null; then
  same "a missing dynamic loader" -- "$TMP/noloader"
else
  skip "a missing dynamic loader" "the linker takes no --dynamic-linker"
fi
if printf 'int main(void) { return 0; }\n' >"$TMP/st.c" && cc -static -o "$TMP/static" "$TMP/st.c" 2>/dev/null; then
  same "a static program" -- "$TMP/static"
else
  skip "a static program" "no static C library (cc -static failed)"
fi
check_eq "LOCKWAIT_LIB set: handed over (the script checks it)" 1 \
  "$(LOCKWAIT_LIB=/etc/hostname "$B" -- true 2>/dev/null; echo $?)"

# the common case starts no shell; an option does (bash, found on PATH by
# the script's #!/usr/bin/env, logs its start here)
mkdir "$TMP/spy"
printf '#!/bin/sh\necho bash >>"%s/spy.log"\nexec %s "$@"\n' "$TMP" "$(type -P bash)" >"$TMP/spy/bash"
chmod +x "$TMP/spy/bash"
: >"$TMP/spy.log"
PATH=$TMP/spy:$PATH "$B" -- /bin/true 2>/dev/null
check_eq "-- /bin/true: no shell started" "" "$(cat "$TMP/spy.log")"
PATH=$TMP/spy:$PATH "$B" /bin/true 2>/dev/null
check_eq "/bin/true without --: no shell started" "" "$(cat "$TMP/spy.log")"
PATH=$TMP/spy:$PATH "$B" -n 3 -- /bin/true 2>/dev/null
check_eq "-n 3 -- /bin/true: handed to the bash launcher" bash "$(cat "$TMP/spy.log")"

# the program's environment
env_of() { "$B" -- env 2>/dev/null | sed -n "s/^$1=//p"; }
check_eq "the library preloaded" "$(readlink -f "$BUILD/liblockwait.so")" "$(env_of LD_PRELOAD)"
check_eq "a preload already set stays first" "/nonexistent/x.so:$(readlink -f "$BUILD/liblockwait.so")" \
  "$(LD_PRELOAD=/nonexistent/x.so "$B" -- env 2>/dev/null | sed -n 's/^LD_PRELOAD=//p')"
check_eq "a new run: LOCKWAIT_RUN cleared" "" "$(LOCKWAIT_RUN=old env_of LOCKWAIT_RUN)"
# shellcheck disable=SC2016 # the inner sh's $0
check_eq "the program sees the name it was given (argv[0])" "sh" "$("$B" sh -c 'echo $0' 2>/dev/null)"
check_eq "no LOCKWAIT_LIB for the program" "" "$(env_of LOCKWAIT_LIB)"

# a build elsewhere (BUILD_DIR): its own library, in the common case and handed over
mkdir "$TMP/b2"
cp "$B" "$BUILD/liblockwait.so" "$TMP/b2/"
check_eq "a build elsewhere: its own library" "$TMP/b2/liblockwait.so" \
  "$("$TMP/b2/lockwait" -- env 2>/dev/null | sed -n 's/^LD_PRELOAD=//p')"
check_eq "... and handed over (--preload-path)" "$TMP/b2/liblockwait.so" "$("$TMP/b2/lockwait" --preload-path)"
# a checkout moved: the script found beside the build
mkdir -p "$TMP/moved/build"
ln -s "$ROOT/lockwait" "$TMP/moved/lockwait"
cc -std=gnu11 -O2 -DLW_TOOL_DIR='"/nonexistent"' "$ROOT/lockwait/tool/launcher.c" -o "$TMP/moved/build/lockwait"
cp "$BUILD/liblockwait.so" "$TMP/moved/build/"
# shellcheck disable=SC2016 # the inner bash's $1
check "a checkout moved: the script beside the build answers -h" \
  bash -c '"$1" -h | grep -q "^usage: lockwait/tool/lockwait"' _ "$TMP/moved/build/lockwait"

# a signal sent to the launcher alone is passed on; the program's end is its own
# shellcheck disable=SC2016 # the inner sh's $$ and trap
"$B" -- sh -c 'trap "exit 5" TERM; : >"$1"; while :; do sleep 0.05; done' _ "$TMP/started" 2>/dev/null &
lp=$!
for _ in $(seq 200); do [ -e "$TMP/started" ] && break; sleep 0.05; done
kill -TERM "$lp"
st=0; wait "$lp" || st=$?
check_eq "SIGTERM to the launcher: passed on (the program's trap exits 5)" 5 "$st"
check_exit "the program's exit status" 7 "$B" -- sh -c 'exit 7'
if signal_usable INT; then # the program's sh would inherit SIGINT ignored
  st=0; ${SIGNALS_DEFAULT[@]+"${SIGNALS_DEFAULT[@]}"} "$B" -- sh -c 'kill -INT $$' 2>/dev/null || st=$?
  check_eq "a program killed by SIGINT: the launcher ends as it did (130)" 130 "$st"
else
  skip "a program killed by SIGINT: the launcher ends as it did" "SIGINT is ignored in this test (started in the background)"
fi
check_eq "stdin is the program's" hello "$(echo hello | "$B" -- cat 2>/dev/null)"
# how a process ended, as its parent sees it: an exit status over 128 is no
# signal (sh -c 'exit 130' ended the launcher by SIGINT), a signal is one
# (SIGSEGV, SIGUSR1: the launcher exited 139, 138)
cc -std=gnu11 -x c -o "$TMP/ended" - <<'C'
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    int ws;
    pid_t p = argc > 1 ? fork() : -1;
    if (p == 0 && execv(argv[1], argv + 1) != 0)
        _exit(127);
    if (p < 0 || waitpid(p, &ws, 0) != p)
        return 1;
    printf(WIFSIGNALED(ws) ? "signal %d\n" : "exit %d\n", WIFSIGNALED(ws) ? WTERMSIG(ws) : WEXITSTATUS(ws));
    return 0;
}
C
check_eq "a program that exits 130: the launcher exits 130" "exit 130" "$("$TMP/ended" "$B" sh -c 'exit 130' 2>/dev/null)"
# the bash launcher tells them apart by the program's end record (its exit handlers ran)
check_eq "... the bash launcher too, when it ran its exit handlers" "exit 130" \
  "$("$TMP/ended" "$S" -n 5 -- bash -c 'exit 130' 2>/dev/null)"
for sig in SEGV USR1; do
  check_eq "a program SIG$sig ends: SIG$sig ends the launcher" "signal $(kill -l "$sig")" \
    "$(ulimit -c 0; "$TMP/ended" "$B" sh -c "kill -$sig \$\$" 2>/dev/null)"
done
check_eq "no run directory left behind" 0 "$(find "$TMP/lockwait-$(id -u)" -maxdepth 1 -name 'run.*' | wc -l | tr -d ' ')"
# closed standard descriptors: the summary's awk still reads its records
# (its pipe landed on fd 0 and kept close-on-exec) and still ends (its pipe
# on fds 1-2: awk held its own input's write end, and the launcher hung)
check_eq "stdin closed: the summary as the bash launcher's" \
  "$("$S" -- sh -c 'exit 3' <&- 2>&1 | sed 's/[0-9][0-9]*/N/g')" "$("$B" -- sh -c 'exit 3' <&- 2>&1 | sed 's/[0-9][0-9]*/N/g')"
check_eq "stdout and stderr closed: the program's status, no hang" 3 \
  "$(st=0; timeout 60 "$B" -- sh -c 'exit 3' >&- 2>&- || st=$?; echo "$st")"
# bash's PATH search takes any executable that is not a directory: an
# executable FIFO before the program is found, and refused
mkdir "$TMP/fifo" "$TMP/prog"
mkfifo "$TMP/fifo/lwc-prog" && chmod +x "$TMP/fifo/lwc-prog"
cp "$(type -P true)" "$TMP/prog/lwc-prog"
PATH=$TMP/fifo:$TMP/prog:$PATH same "an executable FIFO earlier in PATH" -- lwc-prog
# SIGCHLD ignored by whoever started it: the program's status still (the
# kernel reaped the child unseen: "waitpid: No child processes", 1)
# shellcheck disable=SC2016 # the inner bash's $0
check_eq "SIGCHLD ignored: the program's status" 3 \
  "$(st=0; bash -c 'trap "" CHLD; exec "$0" -- sh -c "exit 3"' "$B" 2>/dev/null || st=$?; echo "$st")"
long=$(printf '%9000s' '') # 9000 spaces: ld.so skips them
check_eq "a long preload already set: kept whole, the library after it" "$long:$(readlink -f "$BUILD/liblockwait.so")" \
  "$(LD_PRELOAD=$long "$B" -- env 2>/dev/null | sed -n 's/^LD_PRELOAD=//p')"
# a run that keeps thousands of reports: each listed with its path (the
# list was cut at 64 KiB, the rest went missing from the summary; over 128
# KiB, some 2000 reports, awk could not start in either launcher: execve
# refused its environment). The program writes the records and reports of
# 3000 processes that waited.
# shellcheck disable=SC2016 # the inner bash's variables
fake='mkdir -p "$LOCKWAIT_TREE"
for ((i = 1; i <= 3000; i++)); do
  echo "end pid=$((200000 + i)) ppid=1 comm=fake threads=1 locks=1 waited=1 wall_ns=1 signal=0"
  echo "RESULT exp=lockwait kind=lock lock_name=L contention_wait_ns=1000 contended=1" >"$LOCKWAIT_TREE/report.$((200000 + i))"
done >>"$LOCKWAIT_TREE.records"; exit 0'
for l in "$B" "$S"; do
  check_eq "3000 kept reports: each listed with its path (${l#"$ROOT"/})" 3000 \
    "$("$l" -- bash -c "$fake" 2>&1 | grep -c '^  pid 2[0-9]* (fake): .*; report: /.*/report\.2[0-9]*$')"
done
rm -rf "$TMP/lockwait-$(id -u)"/run.*
# a run of 20000 processes, none waited (a big build): the one line, with
# a small stack (the names were on it: 16 bytes a process) and soon
# shellcheck disable=SC2016 # awk's and the inner bash's variables
many='awk "BEGIN { for (i = 1; i <= 20000; i++) { p = 300000 + i
  print \"start pid=\" p \" ppid=1 comm=f\" (i % 7)
  print \"end pid=\" p \" ppid=1 comm=f\" (i % 7) \" threads=1 locks=0 waited=0 wall_ns=1 signal=0\" } }" >>"$LOCKWAIT_TREE.records"; exit 0'
check_eq "20000 processes, a 256 KiB stack: the one line" \
  "lockwait: the run: 20002 processes (f1 x2858, f0 x2857, f2 x2857, f3 x2857, f4 x2857, f5 x2857, ...), 20002 threads in their reports; none waited for a lock" \
  "$(ulimit -s 256; "$B" -- bash -c "$many" 2>&1 | grep '^lockwait: the run:')"
# a relative TMPDIR from a directory reached through a symbolic link: the
# run's directory named through the link, as bash's $PWD names it (it was
# the physical path: another LOCKWAIT_TREE, other report paths)
mkdir -p "$TMP/real/rel"
ln -s "$TMP/real" "$TMP/via"
# shellcheck disable=SC2016 # the inner sh's variable
tree_of() { (cd "$TMP/via" && TMPDIR=rel "$1" -- sh -c 'echo "$LOCKWAIT_TREE"' 2>/dev/null | sed 's/[0-9]*$//'); }
check_eq "a relative TMPDIR under a linked directory: the run named as the bash launcher names it" "$(tree_of "$S")" "$(tree_of "$B")"
# a checkout whose build has no library (yet): the script's own words
# (the C launcher named its library by LOCKWAIT_LIB, another path)
mkdir -p "$TMP/co/lockwait/tool" "$TMP/co/build"
cp "$ROOT/lockwait/tool/lockwait" "$ROOT/lockwait/tool/launcher_checks.bash" "$ROOT/lockwait/tool/tree_summary.awk" \
  "$TMP/co/lockwait/tool/"
cc -std=gnu11 -O2 -DLW_TOOL_DIR="\"$TMP/co/lockwait/tool\"" "$ROOT/lockwait/tool/launcher.c" -o "$TMP/co/build/lockwait"
check_eq "no library built: the bash launcher's words" "$("$TMP/co/lockwait/tool/lockwait" -- true 2>&1)" \
  "$("$TMP/co/build/lockwait" -- true 2>&1)"
# the private directory made 700 whatever the umask (mkdir -m 700)
mkdir "$TMP/um"
(umask 277 && TMPDIR=$TMP/um "$B" -- true 2>/dev/null)
check_eq "umask 277: the private directory made 700" 700 "$(stat -c %a "$TMP/um/lockwait-$(id -u)")"
# a PATH entry ~/DIR: bash expands it and runs the program there
mkdir -p "$TMP/home/tb" "$TMP/tb2"
cp "$(type -P false)" "$TMP/home/tb/lwc-tilde"
cp "$(type -P true)" "$TMP/tb2/lwc-tilde"
# shellcheck disable=SC2088,SC2147 # the ~ is for bash's PATH search to expand
HOME=$TMP/home PATH="~/tb:$TMP/tb2:$PATH" same "a PATH entry ~/DIR" -- lwc-tilde
# no /proc (a chroot, a container without it): handed over, as the bash
# launcher runs it (it stopped: "/proc/self/exe: No such file or directory")
# shellcheck disable=SC2016 # the inner sh's $0
if unshare -m sh -c 'umount -l /proc' 2>/dev/null; then
  check_eq "no /proc: run as the bash launcher runs it" "0 waited" \
    "$(st=0; unshare -m sh -c 'umount -l /proc && exec "$0" -- true' "$B" 2>"$TMP/np.err" || st=$?
      echo "$st $(grep -o 'waited' "$TMP/np.err")")"
else
  skip "no /proc" "unshare -m and umount need root"
fi
finish

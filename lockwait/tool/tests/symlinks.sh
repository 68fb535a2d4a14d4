#!/usr/bin/env bash
# symlinks.sh - output files and links another user planted (issue 41): in a
# sticky directory (as /tmp), a link owned by someone who is neither us nor
# the directory's owner is not followed, for -o FILE, -o FILE.%p, --trace
# FILE and --trace FILE.%p, and that is said; the file it points at is left
# as it was. A "%p" file is created new: an existing one is not reused. Our
# own links (-o /dev/stderr) are still followed. Needs root to plant a link
# owned by another user (chown -h); skipped otherwise.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

L=$ROOT/lockwait/tool/lockwait
C=$BUILD/lw_counts
# our own link outside a sticky directory: followed, as before
"$L" -o /dev/stderr -- "$C" handoff 200 2>"$TMP/own.err" >/dev/null
check "-o /dev/stderr (a link of ours): the report is there" grep -q '^RESULT exp=lockwait ' "$TMP/own.err"

other=$(id -u nobody 2>/dev/null || true)
if [ "$(id -u)" != 0 ] || [ -z "$other" ]; then
  skip "links another user planted" "needs root and a user nobody to own the link"
  finish
fi
S=$TMP/sticky
mkdir -m 1777 "$S"
V=$TMP/victim
printf 'precious\n' >"$V"
plant() { ln -sfn "$V" "$1" && chown -h nobody "$1"; } # plant LINK: nobody's link to the victim
untouched() { check_eq "$1: the file the link points at is untouched" precious "$(cat "$V")"; }

plant "$S/report.txt"
check_exit "-o LINK: refused before the program runs (exit 2)" 2 "$L" -o "$S/report.txt" -- "$C" handoff 200
cp "$TMP/out" "$TMP/refused"
check "... saying why" grep -q "a symbolic link of another user (uid $other) in the sticky directory" "$TMP/refused"
untouched "-o LINK"
plant "$S/trace"
check_exit "--trace LINK: refused (exit 2)" 2 "$L" --trace "$S/trace" -- "$C" handoff 200
untouched "--trace LINK"

# %p names are predictable: the link is planted for the pid that runs the
# program (the shell's, which execs it)
run_planted() { # run_planted VAR=VALUE-with-%p: the program's stderr into $TMP/err
  bash -c 'ln -sfn "$1" "$2.$$" && chown -h nobody "$2.$$" && exec env "$3" LD_PRELOAD="$4" "$5" handoff 200' \
    _ "$V" "$S/p" "$1" "$LIB" "$C" >/dev/null 2>"$TMP/err"
}
run_planted "LOCKWAIT_OUT=$S/p.%p"
untouched "-o FILE.%p, a link planted at the pid's name"
check "... the report says why it is not there, and goes to stderr" \
  grep -q "will not write the report to $S/p\.[0-9]*: it is a symbolic link of another user" "$TMP/err"
check "... and the report is on stderr" grep -q '^RESULT exp=lockwait ' "$TMP/err"
run_planted "LOCKWAIT_TRACE=$S/p.%p"
untouched "--trace FILE.%p, a link planted at the pid's name"
check "... said" grep -q "will not write the trace to $S/p\.[0-9]*: it is a symbolic link of another user" "$TMP/err"
# a shared trace path (no %p) at exit, planted after the run's start
rm -f "$S/shared"; plant "$S/shared"
LOCKWAIT_RUN=1 LOCKWAIT_TRACE=$S/shared LD_PRELOAD=$LIB "$C" handoff 200 >/dev/null 2>"$TMP/err" || true
untouched "--trace FILE (shared), a link planted before the exit"
check "... said" grep -q "will not write the trace to $S/shared: it is a symbolic link of another user" "$TMP/err"
# a link of the directory's owner (root's, in root's sticky directory) is followed, as the kernel does
ln -sfn "$TMP/mine" "$S/rootlink"
"$L" -o "$S/rootlink" -- "$C" handoff 200 >/dev/null
check "-o a link of the sticky directory's owner: followed" grep -q '^RESULT exp=lockwait ' "$TMP/mine"
# a "%p" file that exists already is not reused
bash -c 'printf "old\n" >"$1.$$" && exec env LOCKWAIT_OUT="$1.%p" LD_PRELOAD="$2" "$3" handoff 200' \
  _ "$S/exist" "$LIB" "$C" >/dev/null 2>"$TMP/err"
check_eq "-o FILE.%p that exists: not written to" old "$(cat "$S"/exist.*)"
check "... said" grep -q "it exists already" "$TMP/err"
finish

#!/usr/bin/env bash
# A disk that fills up at any moment of a run: results/ is a small tmpfs
# (root and a mount namespace: skipped elsewhere) with from 4 to 128 KiB
# free. Whatever the moment, run.sh exits non-zero, says that it stopped
# and that results/ was left as it was (or where it kept what it measured),
# and leaves neither its lock nor its temp directory. It used to stop in
# its exit trap when keeping the measurements failed (the lock and the temp
# directory left, exit status 4), and said nothing of its own when one of
# its own writes failed.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
  skip "a full disk at any moment" "needs root and mount namespaces (unshare -m)"
  finish
fi
R=$TMP/repo
scratch_built "$R"
for free in 4 8 16 24 32 48 64 96 128; do
  # inside the namespace: the tmpfs and what is left in it go with it
  rc=0
  # shellcheck disable=SC2016 # the script expands its own arguments
  unshare -m bash -c '
    mount -t tmpfs -o size=$(($2 + 4))k tmpfs "$1/results" || exit 99
    head -c 4096 /dev/zero >"$1/results/filler" # tmpfs counts whole pages
    QUICK=1 ITERS_LOG2=12 REPS=3 THREADS=1,2 INVOCATIONS=2 C2C=0 "$1/run.sh" false_sharing >/dev/null 2>"$3"
    echo "rc=$? left=$(cd "$1/results" && echo .lock* .tmp.*)" >"$3.state"' _ "$R" "$free" "$TMP/err" || rc=$?
  if [ "$rc" = 99 ]; then skip "a full disk at any moment" "mount -t tmpfs failed"; break; fi
  read -r rc left <"$TMP/err.state"
  check "$free KiB free: run.sh fails" test "$rc" != rc=0
  check_eq "$free KiB free: no lock or temp directory left" "left=.lock* .tmp.*" "$left"
  check "$free KiB free: run.sh says it stopped" grep -q '^run.sh: .*\(left as they were\|what it measured before the failure\)' "$TMP/err"
done
finish

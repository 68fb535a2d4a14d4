#!/usr/bin/env bash
# launcher-killed.sh - a program that a signal ends (SIGKILL, SIGABRT)
# under the bash launcher: its exit status is the C launcher's and the bare
# run's shell's, and stderr carries no line of bash's own about the
# launcher's job (it said "lockwait: line N: PID Killed ( set +e;
# LD_PRELOAD=$preload exec ... )", the launcher's code, where the C
# launcher says nothing).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
export TMPDIR=$TMP # the launcher keeps a tree's records there

L=$ROOT/lockwait/tool/lockwait
for sig in KILL ABRT; do
  want=$((128 + $(kill -l "$sig")))
  # shellcheck disable=SC2016 # $$ is the program's own shell's
  check_exit "SIG$sig: the bash launcher exits $want" "$want" "$L" -- sh -c 'kill -'"$sig"' $$'
  cp "$TMP/out" "$TMP/msg"
  # bash may notice the job's end at any point after it started: a race,
  # lost about once in 25 runs before the launcher silenced its own stderr
  for _ in $(seq 30); do "$L" -- sh -c 'kill -'"$sig"' $$' >/dev/null 2>>"$TMP/msg" || true; done
  check "SIG$sig: no line of bash's about the launcher's job (31 runs)" \
    awk '/lockwait: line [0-9]+:|set \+e; LD_PRELOAD/ { bad = 1 } END { exit bad }' "$TMP/msg"
  if [ -x "$BUILD/lockwait" ]; then
    # shellcheck disable=SC2016
    check_exit "SIG$sig: the C launcher exits $want too" "$want" "$BUILD/lockwait" -- sh -c 'kill -'"$sig"' $$'
  fi
done
finish

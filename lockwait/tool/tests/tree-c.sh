#!/usr/bin/env bash
# tree-c.sh - tree.sh's checks through build/lockwait (lockwait/tool/launcher.c,
# the launcher's common case in C): the same summary of a process tree,
# status, signal and stdin as the bash launcher gives.
set -euo pipefail
if [ "${1-}" = -h ] || [ "${1-}" = --help ]; then
  echo "usage: bash $0 [-h]"
  echo "  A test file of sharecost, run by ./test.sh: tree.sh's checks with LAUNCHER=build/lockwait"
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
LAUNCHER=${BUILD:-$here/../../../build}/lockwait exec bash "$here/tree.sh"

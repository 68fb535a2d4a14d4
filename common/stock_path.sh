#!/usr/bin/env bash
# stock_path.sh - run a command as if on a stock machine that has a C
# compiler, bash, coreutils and mawk but none of the optional tools the tests
# can do without: PATH becomes a temp directory of symlinks to everything on
# the current PATH except those tools, with awk being mawk, and CI is unset
# (a missing tool is a skip there, not a failure). For checking that
# ./test.sh passes on such a machine, with every skip named.
set -euo pipefail

usage() {
  cat <<'TXT'
usage: common/stock_path.sh [-h] CMD [ARG...]
  Runs CMD with PATH hiding gawk, original-awk, nawk, clang, shellcheck,
  qemu-*, the aarch64 cross tools, xz, zstd, pgrep, taskset, git and
  localedef, and with awk = mawk (when mawk is installed).
  e.g. common/stock_path.sh ./test.sh
environment: STOCK_HIDE="NAME..."  more commands to hide
TXT
}
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  '') echo "stock_path.sh: no command given (see -h)" >&2; exit 2 ;;
esac

hidden() { # hidden NAME: is NAME one of the tools a stock machine lacks?
  local h
  case "$1" in
    gawk|original-awk|nawk|clang|clang-[0-9]*|clang++*|shellcheck|qemu-*|aarch64-linux-gnu-*) return 0 ;;
    xz|xzcat|unxz|zstd|zstdcat|unzstd|pgrep|pkill|pidof|taskset|git|localedef) return 0 ;;
  esac
  for h in ${STOCK_HIDE:-}; do [ "$1" = "$h" ] && return 0; done
  return 1
}

D=$(mktemp -d "${TMPDIR:-/tmp}/stock-path.XXXXXX")
trap 'rm -rf "$D"' EXIT
declare -A seen=()
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  links=()
  for f in "$d"/*; do
    n=${f##*/}
    if [ -x "$f" ] && [ ! -d "$f" ] && [ -z "${seen[$n]:-}" ]; then
      seen[$n]=1
      hidden "$n" || links+=("$f")
    fi
  done
  [ "${#links[@]}" = 0 ] || ln -s "${links[@]}" "$D/"
done
if [ -n "${seen[mawk]:-}" ]; then rm -f "$D/awk"; ln -s "$(command -v mawk)" "$D/awk"; fi
rc=0
env -u CI PATH="$D" "$@" || rc=$?
exit "$rc"

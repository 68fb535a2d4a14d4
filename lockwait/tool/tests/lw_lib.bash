# lw_lib.bash - sourced by lockwait's library tests after common/testlib.sh
# run a program under the preload and pick values out of the RESULT lines.
# shellcheck shell=bash

# preload_lib FILE: FILE as LD_PRELOAD can carry it. LD_PRELOAD splits on
# spaces and colons, so a checkout under such a path needs the launcher's
# link (--preload-path); any other path comes back as it is.
preload_lib() { LOCKWAIT_LIB=$1 "$ROOT/lockwait/tool/lockwait" --preload-path; }
LIB=$(preload_lib "$BUILD/liblockwait.so")

# preload OUTFILE CMD...: run CMD with the library, report to OUTFILE;
# CMD's stdout goes to $TMP/stdout. Returns CMD's status.
preload() {
  local out=$1; shift
  LOCKWAIT_OUT=$out LD_PRELOAD=$LIB "$@" >"$TMP/stdout"
}

# result_line FILE KIND KEY=VALUE: the first RESULT line of that kind
# carrying KEY=VALUE (e.g. lock=0x55...), or nothing
result_line() {
  awk -v kind="kind=$2" -v want="$3" '
    $1 == "RESULT" && $3 == kind { for (i = 4; i <= NF; i++) if ($i == want) { print; exit } }' "$1"
}

# within NAME VALUE MIN MAX: a check that MIN <= VALUE <= MAX (integers)
within() {
  check_awk "$1" "\"$2\" != \"\" && $2 >= $3 && $2 <= $4" "$2 not in [$3, $4]"
}

# most_of A B: the larger of two integers (a planned bound, or what a busy
# host made of it, as an independent stopwatch saw)
most_of() { if [ "$1" -ge "$2" ]; then echo "$1"; else echo "$2"; fi; }

# glibc_or_skip NAME WHY: ends the test file with a named skip unless the
# C library is glibc
glibc_or_skip() {
  case "$(getconf GNU_LIBC_VERSION 2>/dev/null || true)" in
    glibc*) ;;
    *) skip "$1" "not glibc: $2"; finish ;;
  esac
}

# HANG_LIMIT: a prefix that ends a hung command (a lost wake-up, a lock
# never released) as a failure, where timeout(1) exists
# shellcheck disable=SC2034 # used by the test files that source this one
if command -v timeout >/dev/null; then HANG_LIMIT=(timeout 120); else HANG_LIMIT=(); fi

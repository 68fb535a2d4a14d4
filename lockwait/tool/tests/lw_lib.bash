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

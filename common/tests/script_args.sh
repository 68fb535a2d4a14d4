#!/usr/bin/env bash
# Helper scripts read their arguments as their usage says, refusing what it
# does not (exit 2, nothing run): an empty word (an unset variable) is no
# "no argument" (regen_goldens.sh '' rewrote every golden file, and
# bench_report.sh '' ran its 10-million-event default), and
# bench_report.sh takes its options in any order ("-c 4 -j" read -j as
# EVENTS). bench_report.sh runs against stub programs (BUILD=) that log
# their arguments; regen_goldens.sh runs with mawk hidden, so that the old
# behaviour stops at "needs mawk" (exit 1) before writing anything.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

# ---- bench_report.sh ----
BR=$ROOT/lockwait/tool/bench/bench_report.sh
mkdir -p "$TMP/stub"
for p in lockwait_tracegen lockwait_report; do
  printf '#!/usr/bin/env bash\necho "%s $*" >>"%s"\nexit 1\n' "$p" "$TMP/calls" >"$TMP/stub/$p"
  chmod +x "$TMP/stub/$p"
done
calls() { if [ -f "$TMP/calls" ]; then cat "$TMP/calls"; fi; }
for args in "''" "1000 2000" "-c 4 -c" "2" "-x" "1000 ''"; do
  eval "set -- $args"
  rm -f "$TMP/calls"
  check_exit "bench_report.sh $args: refused (exit 2)" 2 env BUILD="$TMP/stub" "$BR" "$@"
  check_eq "bench_report.sh $args: nothing run" "" "$(calls)"
done
rm -f "$TMP/calls"
env BUILD="$TMP/stub" "$BR" -c 4 -j 1200 >/dev/null 2>&1 || true
check_eq "bench_report.sh -c 4 -j 1200: options in any order (a convoy of 4 threads, 100 rounds)" \
  "lockwait_tracegen convoy 4 100" "$(calls | cut -d' ' -f1-4)"

# ---- regen_goldens.sh ----
rc=0
STOCK_HIDE=mawk "$ROOT/common/stock_path.sh" bash "$ROOT/common/regen_goldens.sh" '' >/dev/null 2>"$TMP/err" || rc=$?
check_eq "regen_goldens.sh '': refused (exit 2), before anything else" "2|regen_goldens.sh: unexpected argument '' (see -h)" \
  "$rc|$(cat "$TMP/err")"
finish

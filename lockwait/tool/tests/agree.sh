#!/usr/bin/env bash
# agree.sh - the two readers of one run agree (lw_rules.h): each test program
# runs once under the preload with a trace; for every lock that was waited
# on, the library's report (RESULT kind=lock) and lockwait_report's CSV of
# the trace must give the same number of waits, the same total wait (within
# rounding: the two convert the same timestamps to ns along two paths), and
# the same waits apart from contention (idle, of which joins).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

# every test program that waits, with the arguments that make it wait
RUNS=(
  "lw_counts handoff 20"
  "lw_counts timedlock"
  "lw_known mutex"
  "lw_known spin"
  "lw_known sem"
  "lw_known rwlock"
  "lw_known cond"
  "lw_idle"
  "lw_join"
  "lw_join merge"
  "lw_join semlock"
  "lw_holds"
  "lw_barrier"
)

# compare REPORT CSV: one line per disagreement, nothing when they agree
compare() {
  awk '
    # the library: RESULT exp=lockwait kind=lock pid=P lock=0xA type=T ... key=value ...
    FNR == NR {
      if ($1 != "RESULT" || $3 != "kind=lock") next
      delete v
      for (i = 4; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      n = v["contended"] + v["timeouts"]
      if (n == 0) next
      # a condvar wait in the trace runs on to the re-acquired mutex
      lib[v["lock"]] = n " " (v["wait_ns"] + (v["type"] == "cond" ? v["reacquire_ns"] : 0)) " " \
        v["idle_wait_count"] " " v["join_wait_count"]
      next
    }
    # the trace: record,pid,lock,type,name,...: columns by name
    FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $1 == "lock" {
      tr[$col["lock"]] = $col["waits"] " " $col["wait_ns"] " " $col["idle_waits"] " " $col["join_waits"]
    }
    END {
      for (l in lib) {
        if (!(l in tr)) { print l ": in the library report only (" lib[l] ")"; continue }
        split(lib[l], a, " "); split(tr[l], b, " ")
        d = a[2] - b[2]; if (d < 0) d = -d
        if (a[1] != b[1] || a[3] != b[3] || a[4] != b[4] || d > 1000 * a[1] + a[2] / 1000)
          print l ": library waits/wait_ns/idle/join " lib[l] ", trace " tr[l]
      }
      for (l in tr) if (!(l in lib) && tr[l] !~ /^0 /) print l ": in the trace only (" tr[l] ")"
    }' FS='[ ]' "$1" FS=, "$2"
}

for run in "${RUNS[@]}"; do
  read -r -a cmd <<<"$run"
  name=${run// /-}
  rep=$TMP/$name.txt tr=$TMP/$name.trace csv=$TMP/$name.csv
  st=0
  LOCKWAIT_TOP=1000 LOCKWAIT_OUT=$rep LOCKWAIT_TRACE=$tr LD_PRELOAD=$LIB "$BUILD/${cmd[0]}" "${cmd[@]:1}" \
    >/dev/null 2>&1 || st=$?
  if [ "$st" != 0 ] || [ ! -s "$tr" ]; then
    fail "$run: the same waits in both reports" "the run exited $st or wrote no trace"
    continue
  fi
  if ! "$BUILD/lockwait_report" -n 0 -c "$csv" "$tr" >/dev/null 2>"$TMP/err"; then
    fail "$run: the same waits in both reports" "lockwait_report: $(head -n 2 "$TMP/err" | tr '\n' ' ')"
    continue
  fi
  check_eq "$run: the same waits, wait time and idle/join waits per lock in both reports" "" \
    "$(compare "$rep" "$csv" | sort)"
done
finish

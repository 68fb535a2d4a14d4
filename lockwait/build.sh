# lockwait/build.sh - how build.sh builds the lockwait experiment: the tool
# (lockwait/tool/build.sh) and the contention workloads. Sourced by
# build.sh, which provides cc_prog, die and the flags; see
# docs/adding-an-experiment.md.
# shellcheck shell=bash
# shellcheck source=lockwait/tool/build.sh
source "$ROOT/lockwait/tool/build.sh"

build_lockwait() {
  build_lockwait_lib
  # independent programs, compiled side by side
  local pids=() p failed=0
  # frame pointers: the traced run's wait stacks reach the workload's own
  # functions (the summary's flame graph); bare and preloaded runs share them
  cc_prog lockwait_workload -fno-omit-frame-pointer "$ROOT/lockwait/workload.c" "$ROOT/lockwait/workload_scenarios.c" & pids+=("$!")
  build_lockwait_report & pids+=("$!")
  build_lockwait_launcher & pids+=("$!")
  # the pairing loop of exp.sh and the intervals over its pairs
  cc_prog lockwait_pairs "$ROOT/lockwait/pairs.c" "$ROOT/lockwait/pairs_intervals.c" & pids+=("$!")
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  [ "$failed" = 0 ] || die "lockwait: the workload, the report, the launcher or the pairing loop did not build"
}

build_lockwait_tests() {
  build_lockwait_tool_tests
}

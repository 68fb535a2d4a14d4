# ctxswitch/build.sh - how build.sh builds the context-switch experiment
# (sourced by build.sh, which provides cc_prog, listing and the flags; see
# docs/adding-an-experiment.md).
# shellcheck shell=bash

build_ctxswitch() {
  local d=$ROOT/ctxswitch
  cc_prog ctxswitch "$d/ctxswitch.c" "$d/pingpong.c" "$d/report.c" "$d/rederive.c"
  # the walk() loops and the timed run that calls them, for readers checking
  # that the walk is not optimised away
  [ "$SANITIZE" = 1 ] || listing "$d/pingpong.c" "$BUILD_DIR/ctxswitch_O2.s"
}

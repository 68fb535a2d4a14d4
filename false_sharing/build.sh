# false_sharing/build.sh - how build.sh builds the false-sharing experiment
# (sourced by build.sh, which provides cc_prog, listing and the flags; see
# docs/adding-an-experiment.md).
# shellcheck shell=bash

build_false_sharing() {
  local d=$ROOT/false_sharing
  # false_sharing.c holds the measured loops (its listing is checked),
  # rounds.c the workers and the rounds' bookkeeping, results.c the output,
  # rederive.c the figures again from a raw file
  cc_prog false_sharing "$d/false_sharing.c" "$d/rounds.c" "$d/results.c" "$d/rederive.c"
  # an independent check of the adjacent atomic's ratio (docs/false_sharing.md)
  cc_prog false_sharing_crosscheck "$d/crosscheck.c"
  # the core-to-core map: measurement, pair plan, and the classes (-f mode)
  cc_prog false_sharing_c2c "$d/c2c.c" "$d/c2c_plan.c" "$d/c2c_classes.c"
  [ "$SANITIZE" = 0 ] || return 0
  listing "$d/false_sharing.c" "$BUILD_DIR/false_sharing_O2.s"
  # the committed copy docs/false_sharing.md describes comes from the default build only
  # (CC unset, build/), so a clang or cross build does not overwrite it, and
  # only from the compiler it was recorded with: another version's listing
  # differs in details, and a build must not rewrite tracked files
  # and only a listing whose .ident names that compiler's family (a
  # clang listing left in build/ was once copied; how, is not known)
  local rec=$d/false_sharing_O2.s.compiler family=GCC
  case "$CC_VERSION" in *clang*) family=clang ;; esac
  if [ "$BUILD_DIR" = "$ROOT/build" ] && [ "$CC_DEFAULT" = 1 ] &&
     { [ ! -e "$rec" ] || [ "$(cat "$rec")" = "$CC_VERSION" ]; } &&
     grep -m1 '\.ident' "$BUILD_DIR/false_sharing_O2.s" | grep -q "$family"; then
    cmp -s "$BUILD_DIR/false_sharing_O2.s" "$d/false_sharing_O2.s" ||
      cp "$BUILD_DIR/false_sharing_O2.s" "$d/false_sharing_O2.s"
    [ -e "$rec" ] || echo "$CC_VERSION" >"$rec"
  fi
}

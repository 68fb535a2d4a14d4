#!/usr/bin/env bash
# Every script of the project takes -h: each tracked file that starts with
# "#!" (run.sh, build.sh, test.sh, .ci/run, the lockwait launcher, the
# benchmarks' and helpers' scripts, every test file) run with -h in a copy
# of the checkout exits 0 with a usage text and changes nothing: no file in
# the copy, and no package manager called (.ci/run -h went straight into
# apt-get as root). .ci/run with an unknown argument refuses the same way.
# Every program of build/ (not the tests' lw_*) takes --help as -h.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_repo "$R"
# package managers and sudo that only say they were called
mkdir -p "$TMP/fakebin"
for p in apt-get apt dpkg sudo yum dnf brew; do
  printf '#!/bin/sh\necho "%s $*" >>"%s"\nexit 1\n' "$p" "$TMP/called" >"$TMP/fakebin/$p"
  chmod +x "$TMP/fakebin/$p"
done
mapfile -t scripts < <(checkout_files | while IFS= read -r f; do
  [ -f "$R/$f" ] && [ "$(head -c 2 "$R/$f")" = '#!' ] && printf '%s\n' "$f"; done)
check_awk "found the scripts (at least 40)" "${#scripts[@]} >= 40" "found ${#scripts[@]}"
before=$(tree_sum "$R")
bad=""
for f in "${scripts[@]}"; do
  rc=0
  # timeout: a guard against a script that ignores -h and runs for real
  (cd "$R" && PATH="$TMP/fakebin:$PATH" timeout 120 bash "$f" -h) >"$TMP/out" 2>&1 || rc=$?
  if [ "$rc" != 0 ] || ! grep -qi '^usage' "$TMP/out"; then bad="$bad $f (exit $rc: $(head -c 80 "$TMP/out" | tr '\n' ' '));"; fi
done
check_eq "every script: -h prints a usage and exits 0" "" "$bad"
check_eq "-h changed no file of the checkout" "$before" "$(tree_sum "$R")"
check_eq "-h called no package manager" "" "$(cat "$TMP/called" 2>/dev/null)"
# every program of the build a user runs (not the tests' lw_* ones): --help
# as -h, exit 0 with the same usage (seven refused --help with exit 2, while
# every script takes it)
bad=""
for f in "$BUILD"/*; do
  n=${f##*/}
  case "$n" in lw_* | *.so | *.s | *.compiler) continue ;; esac
  if [ ! -f "$f" ] || [ ! -x "$f" ]; then continue; fi
  rc=0; timeout 60 "$f" --help >"$TMP/long" 2>&1 </dev/null || rc=$?
  timeout 60 "$f" -h >"$TMP/short" 2>&1 </dev/null || true
  if [ "$rc" != 0 ] || ! grep -q '^usage' "$TMP/long" || ! cmp -s "$TMP/long" "$TMP/short"; then bad="$bad $n (exit $rc);"; fi
done
check_eq "every program: --help prints what -h prints, exit 0" "" "$bad"
rc=0; (cd "$R" && PATH="$TMP/fakebin:$PATH" bash .ci/run --bogus) >"$TMP/out" 2>&1 || rc=$?
check_eq ".ci/run --bogus: exit 2 with the usage, no package manager called" "2 1 " \
  "$rc $(grep -c '^usage: .ci/run' "$TMP/out") $(cat "$TMP/called" 2>/dev/null)"
finish

#!/usr/bin/env bash
# The raw files' provenance names what really made the numbers: switching
# what cc points to rebuilds everything (the build stamp is the compiler's
# resolved path and version line, not the word "cc"); CLOCK_GHZ* values in
# the caller's environment never pass for measurements; a copy of the suite
# inside another git repository does not claim that repository's commit.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_built "$R"
QUICKRUN=(QUICK=1 REPS=3 ROUNDS=200 SIZES=4)

# cc switched to another compiler: everything is rebuilt, the stamp says which
real_cc=$(command -v cc)
mkdir -p "$TMP/cc1" "$TMP/cc2"
ln -s "$real_cc" "$TMP/cc1/cc"
# "another compiler": the same one behind a wrapper with its own version line
# shellcheck disable=SC2016 # the wrapper's own "$@"
printf '#!/usr/bin/env bash\n[ "${1:-}" != --version ] || { echo "othercc 9.9"; exit 0; }\nexec %q "$@"\n' "$real_cc" >"$TMP/cc2/cc"
chmod +x "$TMP/cc2/cc"
PATH="$TMP/cc1:$PATH" BUILD_DIR="$TMP/b" "$R/build.sh" ctxswitch >/dev/null 2>&1
touch "$TMP/marker"
PATH="$TMP/cc2:$PATH" BUILD_DIR="$TMP/b" "$R/build.sh" ctxswitch >/dev/null 2>&1
check "switching what cc is rebuilds the programs" test "$TMP/b/ctxswitch" -nt "$TMP/marker"
check "the build stamp names the compiler's version line" grep -q 'othercc 9.9' "$TMP/b/.flags"
check "the build stamp names the compiler's resolved path" grep -q "^$TMP/cc2/cc " "$TMP/b/.flags"

# stray CLOCK_GHZ* in the environment: not in the raw file
raw=$R/results/quick-ctxswitch-raw.txt
rc=0
env CLOCK_GHZ=77.7777 CLOCK_GHZ_T2=77.7777 CLOCK_GHZ_T4=77.7777 CLOCK_GHZ_T8=77.7777 CLOCK_GHZ_T16=77.7777 \
  "${QUICKRUN[@]}" "$R/run.sh" ctxswitch >/dev/null 2>"$TMP/err" || rc=$?
check_eq "a run with CLOCK_GHZ* set by the caller succeeds" 0 "$rc"
check_eq "inherited CLOCK_GHZ* values are not published" "" "$(grep -n '77\.7777' "$raw" || true)"
check "the clock is measured all the same" grep -q '^# clock_ghz_t1: [0-9]' "$raw"
check "the raw file names the compiler's resolved path" grep -q '^# compiler_path: /' "$raw"

# inside another repository: "not a git checkout", not the outer commit
if need_tool git git "provenance of a copy inside another git repository"; then
  O=$TMP/outer
  mkdir -p "$O"
  git -C "$O" init -q
  echo outer >"$O/file"
  git -C "$O" add file
  git -C "$O" -c user.name=t -c user.email=t@example.invalid commit -qm outer
  outer=$(git -C "$O" rev-parse --short HEAD)
  mv "$R" "$O/sharecost"
  rc=0; env "${QUICKRUN[@]}" "$O/sharecost/run.sh" ctxswitch >/dev/null 2>"$TMP/err" || rc=$?
  raw=$O/sharecost/results/quick-ctxswitch-raw.txt
  check_eq "inside another repository: the run succeeds" 0 "$rc"
  check_eq "inside another repository: the outer commit is not claimed" "" "$(grep "^# git: .*$outer" "$raw" || true)"
  check "inside another repository: says it is not a git checkout" grep -q '^# git: not a git checkout' "$raw"
fi
finish

#!/usr/bin/env bash
# All of a run's files or none (common/lib.sh publish): SIGINT, SIGTERM or SIGHUP
# while run.sh moves its files into place waits until all are in place
# (it used to stop between two moves: a new raw file beside the old
# tables, and "results/ left as they were"); a link planted in results/
# during --summarize stops it with nothing replaced (it used to have
# replaced the raw files first); a directory where run.sh writes a file,
# or results/ itself a symbolic link, stops run.sh before it builds; so
# does a missing README.md, named as missing.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

R=$TMP/repo
scratch_built "$R"
TINY=(QUICK=1 ITERS_LOG2=12 REPS=1 THREADS=2 C2C=0 INVOCATIONS=1)
env "${TINY[@]}" "$R/run.sh" false_sharing >/dev/null 2>&1

# an mv that, on moving onto a name ending in $SHIM_ON, sends $SHIM_SIG to
# run.sh and to its own parent (a Ctrl-C reaches the whole process group)
mkdir "$TMP/shim"
cat >"$TMP/shim/mv" <<'EOF'
#!/usr/bin/env bash
for a; do last=$a; done
if [[ $last == *"$SHIM_ON" ]]; then
  [ "$SHIM_SIG" != fail ] || { echo "mv: cannot move (a stand-in failure)" >&2; exit 1; }
  kill -"$SHIM_SIG" "$SHARECOST_RUN_PID" "$PPID"; sleep 0.2
fi
exec "$REAL_MV" "$@"
EOF
chmod +x "$TMP/shim/mv"

# old_quick: every quick-* file says "old", so a file left unreplaced shows
old_quick() { local f; for f in "$R"/results/quick-*; do echo old >"$f"; done; }
sigs=(TERM)
for sig in INT HUP; do
  if signal_usable "$sig"; then sigs+=("$sig"); else skip "SIG$sig while publishing" "SIG$sig is ignored in this test (started in the background or under nohup)"; fi
done
for sig in "${sigs[@]}"; do
  for on in results/quick-false_sharing-raw.txt results/quick-summary.md; do
    old_quick
    rc=0
    env PATH="$TMP/shim:$PATH" REAL_MV="$(command -v mv)" SHIM_SIG="$sig" SHIM_ON="$on" "${TINY[@]}" \
      ${SIGNALS_DEFAULT[@]+"${SIGNALS_DEFAULT[@]}"} "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
    want=$((128 + $(kill -l "$sig")))
    check_eq "SIG$sig moving ${on#results/}: exit $want" "$want" "$rc"
    check_eq "SIG$sig moving ${on#results/}: every quick-* file replaced" "" "$(for f in "$R"/results/quick-*; do [ "$(cat "$f")" != old ] || echo "$f"; done)"
    check "SIG$sig moving ${on#results/}: it says it wrote them all" grep -q 'interrupted while it wrote its files; it wrote them all' "$TMP/err"
    check_eq "SIG$sig moving ${on#results/}: no temp file or lock left" "" "$(compgen -G "$R/results/.[!.]*" || true)"
  done
done

# a move that fails after the checks (mv fails on the summary): run.sh
# says that results/ may be a mix, not that it was left as it was
rc=0
env PATH="$TMP/shim:$PATH" REAL_MV="$(command -v mv)" SHIM_SIG=fail SHIM_ON=results/quick-summary.md "${TINY[@]}" \
  "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
check_eq "a failed move: exit 1" 1 "$rc"
check "a failed move: it says it failed part-way, and not that nothing was written" \
  bash -c "grep -q 'writing the results failed part-way' '$TMP/err' && ! grep -q 'left as they were' '$TMP/err'"
check_eq "a failed move: no temp file or lock left" "" "$(compgen -G "$R/results/.[!.]*" || true)"

# a directory where run.sh would write a file: mv would put the file in it
before=$(tree_sum "$R/results")
mv "$R/results/quick-summary.md" "$TMP/qs"; mkdir "$R/results/quick-summary.md"
rc=0; env "${TINY[@]}" "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
check_eq "a directory at results/quick-summary.md: exit 1" 1 "$rc"
check "a directory at results/quick-summary.md: says so, before it builds" \
  bash -c "grep -q 'quick-summary.md is not a regular file' '$TMP/err' && ! grep -q building '$TMP/err'"
check_eq "a directory at results/quick-summary.md: left empty" "" "$(ls -A "$R/results/quick-summary.md")"
rm -rf "$R/results/quick-summary.md"; mv "$TMP/qs" "$R/results/quick-summary.md"
check_eq "a directory at results/quick-summary.md: results/ unchanged" "$before" "$(tree_sum "$R/results")"

# README.md missing: said so (it said "not writable"), before the build
mv "$R/README.md" "$TMP/README.keep"
rc=0; ITERS_LOG2=12 REPS=1 "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
check_eq "README.md missing: exit 1, before it builds" "1 0" "$rc $(grep -c building "$TMP/err")"
check "README.md missing: says it is missing" grep -q 'README.md is missing' "$TMP/err"
mv "$TMP/README.keep" "$R/README.md"

# results/ itself a link (to a directory elsewhere, or dangling)
mv "$R/results" "$TMP/results.real"; mkdir "$TMP/elsewhere"
for target in "$TMP/elsewhere" "$TMP/nowhere"; do
  ln -s "$target" "$R/results"
  rc=0; env "${TINY[@]}" "$R/run.sh" false_sharing >/dev/null 2>"$TMP/err" || rc=$?
  check_eq "results/ a link to ${target##*/}: exit 1" 1 "$rc"
  check "results/ a link to ${target##*/}: names the link" grep -q "results is a symbolic link (to $target)" "$TMP/err"
  check_eq "results/ a link to ${target##*/}: nothing written through it" "" "$(ls -A "$TMP/elsewhere")"
  rm "$R/results"
done
mv "$TMP/results.real" "$R/results"

# --summarize DIR whose summary is a link: nothing in DIR replaced
mkdir "$TMP/saved"
cp "$R"/results/quick-false_sharing-raw.txt "$TMP/saved/"
echo "someone else's" >"$TMP/target"
ln -s "$TMP/target" "$TMP/saved/quick-summary.md"
before=$(tree_sum "$TMP/saved" "$TMP/target")
rc=0; "$R/run.sh" --summarize "$TMP/saved" >/dev/null 2>"$TMP/err" || rc=$?
check_eq "--summarize, its summary a link: exit 1" 1 "$rc"
check "--summarize, its summary a link: names it" grep -q 'quick-summary.md is a symbolic link' "$TMP/err"
check_eq "--summarize, its summary a link: nothing replaced, no temp left" "$before" "$(tree_sum "$TMP/saved" "$TMP/target")"
check "--summarize, its summary a link: the link stays" test -L "$TMP/saved/quick-summary.md"
# --summarize stopped while it builds: the build stops too (it runs in a
# process group of its own, which a Ctrl-C does not reach: it went on
# compiling as an orphan), and DIR is as it was. build.sh is a stub that
# waits.
rm -f "$TMP/saved/quick-summary.md"
before=$(tree_sum "$TMP/saved")
cp "$R/build.sh" "$TMP/build.sh.real"
printf '#!/usr/bin/env bash\necho $$ >"%s"\nsleep 60\n' "$TMP/stub.pid" >"$R/build.sh"
for sig in "${sigs[@]}"; do
  rm -f "$TMP/stub.pid"
  set -m # SIGINT not ignored in the background job (see run_sh.sh)
  ${SIGNALS_DEFAULT[@]+"${SIGNALS_DEFAULT[@]}"} "$R/run.sh" --summarize "$TMP/saved" >/dev/null 2>"$TMP/err" &
  pid=$!
  set +m
  for _ in $(seq 200); do [ ! -s "$TMP/stub.pid" ] || break; sleep 0.05; done
  kill -"$sig" "$pid"
  rc=0; wait "$pid" || rc=$?
  want=$((128 + $(kill -l "$sig")))
  check_eq "--summarize, SIG$sig while it builds: exit $want" "$want" "$rc"
  stub=$(cat "$TMP/stub.pid" 2>/dev/null || echo none)
  if [ "$stub" != none ] && kill -0 "$stub" 2>/dev/null; then
    fail "--summarize, SIG$sig while it builds: the build stops too" "build.sh (pid $stub) still runs"
    kill -- "-$stub" 2>/dev/null || kill "$stub"
  else
    check_eq "--summarize, SIG$sig while it builds: the build stops too" "started" "$([ "$stub" = none ] || echo started)"
  fi
  check "--summarize, SIG$sig while it builds: it says so" grep -q "interrupted; $TMP/saved left as it was" "$TMP/err"
  check_eq "--summarize, SIG$sig while it builds: DIR as it was, no temp left" "$before" "$(tree_sum "$TMP/saved")"
done
cp "$TMP/build.sh.real" "$R/build.sh"
finish

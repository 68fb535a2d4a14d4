#!/usr/bin/env bash
# build.sh's refusals, each before anything is compiled (a stub compiler
# logs every call that is not -dumpmachine or --version): BUILD_DIR naming a
# regular file (exit 2, naming BUILD_DIR: mkdir's own message named no knob,
# and the file is left as it was), a BUILD_DIR that cannot be created (exit 1
# with the reason) or a link to nothing (exit 2: mkdir said "File exists"),
# an experiment named twice (exit 2: it was built and named twice),
# --no-linux with BUILD_DIR naming build/ (exit 2: it replaced build/), a
# CC whose -dumpmachine names no target (CC=true "built" with exit 0).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

# a compiler that says what it was asked to compile, and compiles nothing
cat >"$TMP/cc" <<STUB
#!/usr/bin/env bash
case "\$1" in -dumpmachine|--version) exec cc "\$@" ;; esac
echo "\$*" >>"$TMP/compiled"
exit 1
STUB
chmod +x "$TMP/cc"
compiled() { if [ -f "$TMP/compiled" ]; then wc -l <"$TMP/compiled"; else echo 0; fi; }

# refused NAME CODE WORD ENV...: CC=stub ENV ./build.sh ARGS... (default
# ARGS: false_sharing) exits CODE with one line on stderr holding WORD,
# nothing compiled
ARGS=(false_sharing)
refused() {
  local name=$1 code=$2 word=$3 rc=0; shift 3
  rm -f "$TMP/compiled"
  env CC="$TMP/cc" "$@" "$ROOT/build.sh" "${ARGS[@]}" >"$TMP/o" 2>"$TMP/e" || rc=$?
  check_eq "$name: exit $code" "$code" "$rc"
  check_eq "$name: one line on stderr naming it" "1 1" "$(wc -l <"$TMP/e") $(grep -cF -- "$word" "$TMP/e")"
  check_eq "$name: nothing compiled" 0 "$(compiled)"
}

D="$TMP/a dir" # a blank in the path
mkdir -p "$D"
echo "my notes" >"$D/notes"
refused "BUILD_DIR a regular file" 2 "BUILD_DIR=$D/notes is not a directory" BUILD_DIR="$D/notes"
check_eq "BUILD_DIR a regular file: the file is left as it was" "my notes" "$(cat "$D/notes")"
ln -s "$D/gone" "$D/dangling"
refused "BUILD_DIR a link to nothing" 2 "BUILD_DIR=$D/dangling is a symbolic link to nothing ($D/gone)" BUILD_DIR="$D/dangling"
check "BUILD_DIR a link to nothing: nothing made where it points" test ! -e "$D/gone"
refused "BUILD_DIR under a regular file" 1 "BUILD_DIR=$D/notes/b: cannot create it (Not a directory)" BUILD_DIR="$D/notes/b"

# a CC that is no C compiler: -dumpmachine gives no target
refused "CC=true" 1 "is true a C compiler?" CC=true BUILD_DIR="$D/true"
check "CC=true: no BUILD_DIR made" test ! -e "$D/true"
# --no-linux into build/ by another name (it must never replace build/)
if [ -d "$ROOT/build" ]; then
  ARGS=(--no-linux false_sharing)
  refused "--no-linux with BUILD_DIR naming build/" 2 "is build/, which it must not replace" BUILD_DIR="$ROOT/./build"
  ARGS=(false_sharing)
fi

rm -f "$TMP/compiled"
rc=0
CC=$TMP/cc BUILD_DIR="$D/dup" "$ROOT/build.sh" false_sharing ctxswitch false_sharing >"$TMP/o" 2>"$TMP/e" || rc=$?
check_eq "an experiment named twice: exit 2" 2 "$rc"
check_eq "an experiment named twice: one line on stderr naming it" \
  "build.sh: experiment 'false_sharing' named twice" "$(cat "$TMP/e")"
check_eq "an experiment named twice: nothing compiled, no BUILD_DIR made" "0 no" \
  "$(compiled) $([ -e "$D/dup" ] && echo yes || echo no)"

# the stub itself: a build it may run does reach the compiler
rm -f "$TMP/compiled"
CC=$TMP/cc BUILD_DIR="$D/ok" "$ROOT/build.sh" false_sharing >/dev/null 2>&1 || true
check_awk "the stub compiler is called by a build that goes ahead" "$(compiled) >= 1"
finish

#!/usr/bin/env bash
# leaf.sh - pthread_mutex_lock and pthread_mutex_unlock are leaves in their
# common case (lw_mutex.c): in the listings of lw_mutex.c, built with the
# library's flags, neither calls anything (every other case is a jump, and
# the lock's slow path is one: `jmp mutex_slow`) and neither saves a
# callee-saved register; under gcc on x86-64 they build no frame either
# (-momit-leaf-frame-pointer). Checked under gcc and clang on x86-64 and,
# with the cross compiler, gcc on arm64 (which keeps the lock's frame
# record: it reads the return address). A call, a saved register or a
# frame there cost the uncontended loop 10% (docs/lockwait-manual.md).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/build.sh
source "$ROOT/lockwait/tool/build.sh" # LOCKWAIT_LIB_FLAGS
flags=$("$ROOT/build.sh" --flags | tr " " "\n" | grep -v "^-l" | tail -n +2 | tr "\n" " ")

# body FUNC LISTING: FUNC's instructions (no directives, labels or comments)
body() {
  awk -v f="$1" '$0 ~ "^" f ":" { on = 1; next }
    on && ($0 ~ "^\\.Lfunc_end" || $0 ~ "\\.size\t" f ",") { exit }
    on && $0 ~ /^\t[a-z]/ && $0 !~ /^\t\./ { print }' "$2"
}

# leaf_checks LABEL LISTING ARCH
leaf_checks() {
  local label=$1 s=$2 arch=$3 f b
  for f in pthread_mutex_lock pthread_mutex_unlock; do
    b=$(body "$f" "$s")
    check "$label: $f is in the listing" test -n "$b"
    if [ "$arch" = x86_64 ]; then
      check_eq "$label: $f calls nothing" "" "$(grep -E '^\s+call' <<<"$b" || true)"
      check_eq "$label: $f saves no callee-saved register" "" \
        "$(grep -E '^\s+push[a-z]*\s+%(rbx|r12|r13|r14|r15)' <<<"$b" || true)"
      if [ "${label%% *}" = gcc ]; then
        check_eq "$label: $f pushes nothing (no frame)" "" "$(grep -E '^\s+push' <<<"$b" || true)"
      fi
    else
      check_eq "$label: $f calls nothing" "" "$(grep -E '^\s+(bl|blr)\s' <<<"$b" || true)"
      check_eq "$label: $f saves no callee-saved register" "" \
        "$(grep -E '^\s+(stp|str)\s+x(19|2[0-8])' <<<"$b" || true)"
    fi
  done
  check "$label: the lock's contended case is a jump to mutex_slow" \
    grep -qE '^\s+(jmp|b)\s+mutex_slow(\s|$)' <<<"$(body pthread_mutex_lock "$s")"
  check "$label: the unlock's general case is a jump" \
    grep -qE '^\s+(jmp|b)\s+mutex_unlock_general(\s|$)' <<<"$(body pthread_mutex_unlock "$s")"
}

# listing LABEL CC [FLAGS...]: lw_mutex.c's listing into $TMP/LABEL.s
listing() {
  local label=$1 cc=$2 lib_flags=() f; shift 2
  for f in "${LOCKWAIT_LIB_FLAGS[@]}"; do [ "$f" = -shared ] || lib_flags+=("$f"); done # (a link flag)
  # shellcheck disable=SC2086 # the flags are words
  if ! "$cc" $flags "$@" "${lib_flags[@]}" -I"$ROOT/common" -S \
    "$ROOT/lockwait/tool/lib/lw_mutex.c" -o "$TMP/$label.s" 2>"$TMP/cc.err"; then
    fail "$label: lw_mutex.c compiles to a listing" "$(head -n 3 "$TMP/cc.err")"
    return 1
  fi
}

if [ "$(uname -m)" = x86_64 ]; then
  for cc in gcc clang; do
    need_tool "$cc" "$cc" "$cc listing of the mutex wrappers" || continue
    listing "$cc" "$cc" && leaf_checks "$cc x86-64" "$TMP/$cc.s" x86_64
  done
else
  skip "x86-64 listings of the mutex wrappers" "this is $(uname -m)"
fi
if need_tool aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu "arm64 listing of the mutex wrappers"; then
  listing arm64 aarch64-linux-gnu-gcc "-march=${ARM64_MARCH:-armv8.1-a}" && leaf_checks "gcc arm64" "$TMP/arm64.s" aarch64
fi
finish

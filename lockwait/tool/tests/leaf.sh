#!/usr/bin/env bash
# leaf.sh - the wrappers programs call most are leaves in their common case:
# pthread_mutex_lock, pthread_mutex_unlock, pthread_spin_lock and
# pthread_spin_unlock (glibc's inline paths, lw_mutex.c and lw_spin.c), and
# pthread_cond_signal, pthread_cond_broadcast and sem_post (lw_waits.c). In the
# listings of those files, built with the library's flags, none calls
# anything (every other case is a jump: the lock's wait is
# `jmp lw_mutex_wait`, a signal with a waiter `jmp lw_cond_signal_at`) and
# none saves a callee-saved register; on x86-64 they build no frame either
# (-momit-leaf-frame-pointer), which the stack walk relies on when a signal
# handler interrupts one (lw_stacks.h). Checked under gcc and clang on
# x86-64 and, with the cross compiler, gcc on arm64 (which keeps the lock's
# frame record: it reads the return address). A call, a saved register or
# a frame there cost the uncontended loop 10% (docs/lockwait-manual.md).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/build.sh
source "$ROOT/lockwait/tool/build.sh" # LOCKWAIT_LIB_FLAGS, LOCKWAIT_LEAF_FLAGS
flags=$("$ROOT/build.sh" --flags | tr " " "\n" | grep -v "^-l" | tail -n +2 | tr "\n" " ")

# body FUNC LISTING: FUNC's instructions (no directives, labels or comments)
body() {
  awk -v f="$1" '$0 ~ "^" f ":" { on = 1; next }
    on && ($0 ~ "^\\.Lfunc_end" || $0 ~ "\\.size\t" f ",") { exit }
    on && $0 ~ /^\t[a-z]/ && $0 !~ /^\t\./ { print }' "$2"
}

# leaf_checks LABEL LISTING ARCH FUNC...
leaf_checks() {
  local label=$1 s=$2 arch=$3 f b
  shift 3
  for f in "$@"; do
    b=$(body "$f" "$s")
    check "$label: $f is in the listing" test -n "$b"
    if [ "$arch" = x86_64 ]; then
      check_eq "$label: $f calls nothing" "" "$(grep -E '^\s+call' <<<"$b" || true)"
      check_eq "$label: $f saves no callee-saved register" "" \
        "$(grep -E '^\s+push[a-z]*\s+%(rbx|r12|r13|r14|r15)' <<<"$b" || true)"
      # (and the stack walk reads a leaf's return address at the stack
      # pointer of a signal handler's interrupted context: lw_stacks.h)
      check_eq "$label: $f pushes nothing (no frame)" "" "$(grep -E '^\s+push' <<<"$b" || true)"
    else
      check_eq "$label: $f calls nothing" "" "$(grep -E '^\s+(bl|blr)\s' <<<"$b" || true)"
      check_eq "$label: $f saves no callee-saved register" "" \
        "$(grep -E '^\s+(stp|str)\s+x(19|2[0-8])' <<<"$b" || true)"
    fi
  done
}

# jumps_to LABEL LISTING FUNC TARGET: FUNC's body has a jump to TARGET
jumps_to() {
  check "$1: $3 ends a rare case in a jump to $4" \
    grep -qE "^\s+(jmp|b)\s+$4(\s|\$)" <<<"$(body "$3" "$2")"
}

# listing LABEL CC SRC [FLAGS...]: the listing of lib/SRC into $TMP/LABEL.s
listing() {
  local label=$1 cc=$2 src=$3 lib_flags=() f
  shift 3
  for f in "${LOCKWAIT_LIB_FLAGS[@]}" "${LOCKWAIT_LEAF_FLAGS[@]}"; do [ "$f" = -shared ] || lib_flags+=("$f"); done # (a link flag)
  # shellcheck disable=SC2086 # the flags are words
  if ! "$cc" $flags "$@" "${lib_flags[@]}" -I"$ROOT/common" -S \
    "$ROOT/lockwait/tool/lib/$src" -o "$TMP/$label.s" 2>"$TMP/cc.err"; then
    fail "$label: $src compiles to a listing" "$(head -n 3 "$TMP/cc.err")"
    return 1
  fi
}

# all_checks LABEL ARCH CC [FLAGS...]
all_checks() {
  local label=$1 arch=$2 cc=$3
  shift 3
  if listing "$label-mutex" "$cc" lw_mutex.c "$@"; then
    leaf_checks "$label" "$TMP/$label-mutex.s" "$arch" pthread_mutex_lock pthread_mutex_unlock
    jumps_to "$label" "$TMP/$label-mutex.s" pthread_mutex_lock lw_mutex_wait
    jumps_to "$label" "$TMP/$label-mutex.s" pthread_mutex_lock lw_mutex_lock_generic
    jumps_to "$label" "$TMP/$label-mutex.s" pthread_mutex_lock mutex_taken_rest
    jumps_to "$label" "$TMP/$label-mutex.s" pthread_mutex_unlock lw_mutex_unlock_generic
    jumps_to "$label" "$TMP/$label-mutex.s" pthread_mutex_unlock mutex_unlocked_rest
  fi
  if listing "$label-spin" "$cc" lw_spin.c "$@"; then
    leaf_checks "$label" "$TMP/$label-spin.s" "$arch" pthread_spin_lock pthread_spin_unlock
    jumps_to "$label" "$TMP/$label-spin.s" pthread_spin_lock lw_spin_wait
    jumps_to "$label" "$TMP/$label-spin.s" pthread_spin_unlock lw_spin_unlock_generic
  fi
  if listing "$label-waits" "$cc" lw_waits.c "$@"; then
    leaf_checks "$label" "$TMP/$label-waits.s" "$arch" pthread_cond_signal pthread_cond_broadcast sem_post
    jumps_to "$label" "$TMP/$label-waits.s" pthread_cond_signal lw_cond_signal_at
    jumps_to "$label" "$TMP/$label-waits.s" sem_post sem_post_noted
  fi
}

if [ "$(uname -m)" = x86_64 ]; then
  for cc in gcc clang; do
    need_tool "$cc" "$cc" "$cc listings of the leaf wrappers" || continue
    all_checks "$cc x86-64" x86_64 "$cc"
  done
else
  skip "x86-64 listings of the leaf wrappers" "this is $(uname -m)"
fi
# A compiler without -momit-leaf-frame-pointer (gcc for ppc64le or s390x
# has no such option) still builds the library, with the leaves' frames
# (here: gcc behind a script that refuses the option, as such a gcc does)
if [ "$(uname -s)" = Linux ] && need_tool gcc gcc "a library build by a compiler without the leaf option"; then
  cat >"$TMP/noleaf-cc" <<'CC'
#!/usr/bin/env bash
for a in "$@"; do
  if [ "$a" = -momit-leaf-frame-pointer ]; then
    echo "cc1: error: unrecognized command-line option '$a'" >&2
    exit 1
  fi
done
exec gcc "$@"
CC
  chmod +x "$TMP/noleaf-cc"
  CC=$TMP/noleaf-cc BUILD_DIR=$TMP/noleaf "$ROOT/build.sh" lockwait >"$TMP/noleaf.log" 2>&1 || true
  check "a compiler without -momit-leaf-frame-pointer builds the library" test -f "$TMP/noleaf/liblockwait.so"
fi
if need_tool aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu "arm64 listings of the leaf wrappers"; then
  all_checks "gcc arm64" aarch64 aarch64-linux-gnu-gcc "-march=${ARM64_MARCH:-armv8.1-a}"
fi
finish

#!/usr/bin/env bash
# The measured loops are what docs/false_sharing.md says they are, read from the
# assembly the build produces: per increment, store = one plain store and no
# load, rmw = one load and one store, atomic = one locked add (x86) / ldadd
# (arm64), register = no memory access at all; none of them calls anything.
# Checked for the default compiler's listing and, when installed, clang's and
# the arm64 cross compiler's.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../common/testlib.sh"

# count_ops LISTING FN: prints "stores loads atomics calls" in FN's inner loop
count_ops() {
  awk -v fn="$2" -f "$ROOT/false_sharing/loops.awk" "$1" | awk '
    # input: one instruction a line, AT&T x86-64 or arm64
    { op = $1; line = $0; if (op == "lock") { atomics++; op = $2 } }
    op ~ /^(call|bl|blr)$/ { calls++; next }
    op ~ /^(ldadd|stadd|ldxr|ldaxr|stxr|stlxr|cas|swp)/ { atomics++; next }
    op ~ /^(str|stur|stp|strb|strh)$/ { stores++; next }
    op ~ /^(ldr|ldur|ldp|ldrb|ldrh)$/ { loads++; next }
    op ~ /^(cmp|test)/ { if (line ~ /\(/) loads++; next }
    {
      dst_mem = line ~ /\)[ \t]*$/
      src_mem = line ~ /\([^)]*\)[ \t]*,/
      if (dst_mem && $1 != "lock") { stores++; if (op !~ /^mov/) loads++ }
      if (src_mem) loads++
    }
    END { printf "%d %d %d %d\n", stores, loads, atomics, calls }'
}

check_listing() { # check_listing LABEL LISTING
  local label=$1 s=$2
  if [ ! -s "$s" ]; then fail "$label listing exists" "no listing at $s"; return; fi
  check_eq "$label store loop: 1 store, 0 loads, 0 atomics, 0 calls" "1 0 0 0" "$(count_ops "$s" inc_store)"
  check_eq "$label rmw loop: 1 store, 1 load, 0 atomics, 0 calls" "1 1 0 0" "$(count_ops "$s" inc_rmw)"
  check_eq "$label atomic loop: 1 atomic, no plain store, 0 calls" "0 0 1 0" "$(count_ops "$s" inc_atomic)"
  check_eq "$label register loop: no memory access, 0 calls" "0 0 0 0" "$(count_ops "$s" inc_register)"
  # the register function stores its count once, after the loop
  local after
  after=$(awk '$1 == "inc_register:" {p=1} p && /\.size/ {exit} p' "$s" | grep -cE '^[[:space:]]+(mov[a-z]*[[:space:]]+%[a-z0-9]+, *\(|str[[:space:]])' || true)
  check_eq "$label register function: one store in all" "1" "$after"
}

# the default build's listing, from whatever compiler cc is
check_listing cc "$BUILD/false_sharing_O2.s"
# the committed copy is byte-compared only with a listing of the compiler it
# was recorded with (false_sharing_O2.s.compiler): other versions differ in details
# that the structural checks above judge instead
recorded=$(cat "$ROOT/false_sharing/false_sharing_O2.s.compiler" 2>/dev/null || echo "none recorded")
installed=$(cc --version 2>/dev/null | head -n 1)
if [ "$recorded" = "$installed" ]; then
  check_eq "committed false_sharing_O2.s is the default build's listing" "same" \
    "$(cmp -s "$BUILD/false_sharing_O2.s" "$ROOT/false_sharing/false_sharing_O2.s" && echo same || echo differs)"
else
  skip "committed false_sharing_O2.s is the default build's listing" "it was made by '$recorded'; cc here is '$installed'"
fi
if need_tool clang clang "clang listing checks"; then
  CC=clang BUILD_DIR="$TMP/clang" "$ROOT/build.sh" false_sharing 2>/dev/null
  check_listing clang "$TMP/clang/false_sharing_O2.s"
fi

# arm64: the Linux cross build must give one ldadd (no outline-atomics call)
if need_tool aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu "arm64 listing checks"; then
  CC=aarch64-linux-gnu-gcc BUILD_DIR="$TMP/a64" "$ROOT/build.sh" false_sharing 2>/dev/null
  check_listing arm64 "$TMP/a64/false_sharing_O2.s"
fi

# the checker itself must be able to fail: a loop with two stores is caught
cat >"$TMP/bad.s" <<'ASM'
inc_store:
.L3:
	movq	%rax, (%rdi)
	movq	%rax, 8(%rdi)
	jne	.L3
	.size	inc_store, .-inc_store
ASM
check_eq "checker catches a loop with two stores" "2 0 0 0" "$(count_ops "$TMP/bad.s" inc_store)"
cat >"$TMP/outline.s" <<'ASM'
inc_atomic:
.L25:
	mov	x0, 1
	bl	__aarch64_ldadd8_relax
	bne	.L25
	.size	inc_atomic, .-inc_atomic
ASM
check_eq "checker catches an outline-atomics call in the loop" "0 0 0 1" "$(count_ops "$TMP/outline.s" inc_atomic)"
# the committed listing docs/false_sharing.md describes is the recorded
# compiler's (a default build once copied a clang listing left in build/
# over it): its .ident names the same compiler family as
# false_sharing_O2.s.compiler
# committed FILE: false_sharing/FILE as committed (HEAD), or the working
# copy where there is no git (a tarball); both files from the same place,
# so a compiler recorded anew (its .compiler removed, a build rewrote both)
# is checked whole once committed, not the new record against the old listing
committed() { git -C "$ROOT" show "HEAD:false_sharing/$1" 2>/dev/null || cat "$ROOT/false_sharing/$1" 2>/dev/null || true; }
# family LINE: of a --version line or an .ident; gcc's version line is
# "NAME (PKGVERSION) VERSION" whatever the distribution (Ubuntu, Alpine)
family() { case "$1" in *clang*) echo clang ;; *GCC*|*gcc*|*"cc ("*) echo gcc ;; *) echo "other: $1" ;; esac; }
check_eq "an Ubuntu gcc's version line is gcc" gcc "$(family 'cc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0')"
check_eq "an Alpine gcc's version line is gcc" gcc "$(family 'cc (Alpine 13.2.1_git20231014) 13.2.1')"
check_eq "Debian's clang version line is clang" clang "$(family 'Debian clang version 14.0.6')"
# a default build keeps another family's listing it finds fresh in build/
# out of the committed copy: a copy of the tree, built, its build/ listing
# made clang's (fresh, so not rebuilt), built again
if ! { command -v git && command -v tar && git -C "$ROOT" rev-parse --git-dir; } >/dev/null 2>&1; then
  skip "a clang listing left in build/ is not copied" "needs git and tar to copy the tree"
elif [ "$(committed false_sharing_O2.s.compiler)" = "$(LC_ALL=C cc --version 2>/dev/null | head -n 1)" ]; then
  mkdir "$TMP/tree"
  git -C "$ROOT" ls-files -z | (cd "$ROOT" && xargs -0 tar cf - 2>/dev/null) | tar xf - -C "$TMP/tree"
  (cd "$TMP/tree" && env -u CC -u BUILD_DIR -u SANITIZE ./build.sh false_sharing >/dev/null 2>&1)
  sed -i 's/^\([[:space:]]*\.ident[[:space:]]*\).*/\1"Debian clang version 14.0.6"/' "$TMP/tree/build/false_sharing_O2.s"
  cp "$TMP/tree/false_sharing/false_sharing_O2.s" "$TMP/before.s"
  (cd "$TMP/tree" && env -u CC -u BUILD_DIR -u SANITIZE ./build.sh false_sharing >/dev/null 2>&1)
  check "a clang listing left fresh in build/ is not copied over the committed gcc one" \
    cmp -s "$TMP/before.s" "$TMP/tree/false_sharing/false_sharing_O2.s"
else
  skip "a clang listing left in build/ is not copied" "cc is not the recorded compiler: a default build copies nothing"
fi
rec=$(committed false_sharing_O2.s.compiler)
ident=$(committed false_sharing_O2.s | grep -m1 '\.ident' || true)
if [ -n "$rec" ]; then
  check_eq "the committed listing comes from the recorded compiler ($rec)" "$(family "$rec")" "$(family "$ident")"
else
  skip "the committed listing comes from the recorded compiler" "no false_sharing_O2.s.compiler: the next default build records one"
fi
finish

#!/usr/bin/env bash
# The launcher (lockwait/tool/lockwait) reads a program's ELF header itself,
# converting only the bytes its checks use: ELF headers made by hand, each
# with a field that a wrong offset, width, byte order or NUL byte would
# misread, must still be told apart (another architecture, named with its
# class and machine; statically linked: no PT_INTERP program header; a
# script whose interpreter is such a program; a truncated header, refused
# in one line). Files the kernel would not run say so once: binary data,
# a missing interpreter or dynamic loader (its path read up to a NUL), a
# refused program (and its summary); a script without "#!" runs under /bin/sh.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

L=$ROOT/lockwait/tool/lockwait

# le VALUE LEN / be VALUE LEN: VALUE as LEN bytes, little- or big-endian
byte() { local o; printf -v o '\\%03o' $(($1 & 255)); printf '%b' "$o"; }
le() { local i; for ((i = 0; i < $2; i++)); do byte $(($1 >> 8 * i)); done; }
# shellcheck disable=SC2317 # called as "$order"
be() { local i; for ((i = $2 - 1; i >= 0; i--)); do byte $(($1 >> 8 * i)); done; }
# elf OUT CLASS ORDER MACHINE PHOFF TYPE...: an executable ELF header (ORDER
# le or be) with one program header of each p_type TYPE, at PHOFF
elf() {
  local out=$1 class=$2 order=$3 machine=$4 phoff=$5 w t; shift 5
  w=$((class == 2 ? 8 : 4)) # the width of an address
  {
    printf '\177ELF'; le "$class" 1; le "$([ "$order" = le ] && echo 1 || echo 2)" 1; le 1 1; head -c 9 /dev/zero
    "$order" 2 2; "$order" "$machine" 2; "$order" 1 4         # e_type EXEC, e_machine, e_version
    "$order" 0 "$w"; "$order" "$phoff" "$w"; "$order" 0 "$w" # e_entry, e_phoff, e_shoff
    "$order" 0 4; "$order" $((class == 2 ? 64 : 52)) 2        # e_flags, e_ehsize
    "$order" $((class == 2 ? 56 : 32)) 2; "$order" $# 2       # e_phentsize, e_phnum
    head -c 6 /dev/zero                                       # e_shentsize, e_shnum, e_shstrndx
    head -c $((phoff - (class == 2 ? 64 : 52))) /dev/zero
    for t in "$@"; do "$order" "$t" 4; head -c $((class == 2 ? 52 : 28)) /dev/zero; done
  } >"$out"
  chmod +x "$out"
}
said() { # said NAME WORD CMD...: exit 1, one line naming WORD
  local name=$1 word=$2; shift 2
  check_exit "$name: refused (exit 1)" 1 "$@"
  cp "$TMP/out" "$TMP/msg"
  check "$name: says '$word'" grep -qF -- "$word" "$TMP/msg"
}
ran() { # ran NAME CMD...: not refused but run, which the kernel refuses (not a real program)
  local name=$1; shift
  "$@" >"$TMP/out" 2>&1 || true
  if grep -q 'cannot execute binary file' "$TMP/out" && ! grep -Eq '^lockwait: .*(statically linked|another architecture)' "$TMP/out"
  then pass "$name"; else fail "$name" "$(head -n 2 "$TMP/out" | tr '\n' ' ')"; fi
}

# another architecture: the machine read as two bytes in the file's order
elf "$TMP/be64" 2 be 22 64 3
said "a big-endian 64-bit s390x program" "(ELF class 2, machine 22)" "$L" -- "$TMP/be64"
elf "$TMP/m258" 1 le 258 52 3
said "a 32-bit program of machine 258 (two non-zero bytes)" "(ELF class 1, machine 258)" "$L" -- "$TMP/m258"
elf "$TMP/be32" 1 be 20 52 3
said "a big-endian 32-bit PowerPC program" "(ELF class 1, machine 20)" "$L" -- "$TMP/be32"
# big-endian program headers, against a library of the same machine
# (LOCKWAIT_LIB: its header is read too): PT_INTERP is 00 00 00 03
elf "$TMP/lib-s390x.so" 2 be 22 64 1
elf "$TMP/be64dyn" 2 be 22 64 1 3
LOCKWAIT_LIB=$TMP/lib-s390x.so ran "big-endian, with PT_INTERP, for the library's machine: not refused" "$L" -- "$TMP/be64dyn"
# the kernel's refusal is the launcher's exit status too, as the help says
# (errexit in the launcher made it 1), and the summary says why nothing came
LOCKWAIT_LIB=$TMP/lib-s390x.so check_exit "a program the kernel refuses: exit 126" 126 "$L" -- "$TMP/be64dyn"
cp "$TMP/out" "$TMP/msg"
check "... and the summary says it could not be run (not '0 processes ()')" \
  grep -qx "lockwait: nothing to report: $TMP/be64dyn could not be run (exit status 126, said above)" "$TMP/msg"

# not ELF, no "#!": binary data is refused; text runs under /bin/sh (as
# execvp runs it), so that what it starts is profiled (bash ran it in its
# own process, which had no library: "0 processes ()")
printf 'abc\0def\n' >"$TMP/nul" && chmod +x "$TMP/nul"
check_exit "binary data, not ELF: exit 126" 126 "$L" -- "$TMP/nul"
cp "$TMP/out" "$TMP/msg"
check "... and says why" grep -qF "neither a program (no ELF header) nor a script" "$TMP/msg"
# shellcheck disable=SC2016 # $1 is the script's
printf 'echo "ran $1"\n/bin/true\n' >"$TMP/noshebang" && chmod +x "$TMP/noshebang"
check_exit "a script without #!: runs" 0 "$L" -- "$TMP/noshebang" one
cp "$TMP/out" "$TMP/msg"
check "... with its argument" grep -qx "ran one" "$TMP/msg"
check "... and /bin/true it starts is one of the run's 2 processes" grep -q "^lockwait: the run: 2 processes" "$TMP/msg"
printf '#!%s/no-such-interpreter\n' "$TMP" >"$TMP/badinterp" && chmod +x "$TMP/badinterp"
check_exit "a script whose interpreter is missing: exit 127" 127 "$L" -- "$TMP/badinterp"
check_eq "... in one line" "lockwait: cannot run $TMP/badinterp: its interpreter $TMP/no-such-interpreter is not found" \
  "$(cat "$TMP/out")"
elf "$TMP/be64near" 2 be 22 64 $((0x01010103)) $((0x03000000))
LOCKWAIT_LIB=$TMP/lib-s390x.so said "big-endian p_types 0x01010103 and 0x03000000 are not PT_INTERP" "statically linked" \
  "$L" -- "$TMP/be64near"

if [ "$(uname -m)" = x86_64 ]; then
  # PT_INTERP (3) found after other headers, past 256 bytes, at an e_phoff
  # whose two low bytes are both non-zero; its bytes 03 01 01 01 (NULs look
  # like 01 to a reader that confuses them) or 00 00 00 03 are no PT_INTERP
  elf "$TMP/dyn" 2 le 62 $((0x105)) 1 6 4 3
  ran "a program with PT_INTERP as its 4th header, e_phoff 0x105: not refused" "$L" -- "$TMP/dyn"
  elf "$TMP/near1" 2 le 62 64 1 $((0x01010103)) 1
  said "p_type 0x01010103 is not PT_INTERP" "statically linked" "$L" -- "$TMP/near1"
  elf "$TMP/near2" 2 le 62 64 $((0x03000000))
  said "p_type 0x03000000 is not PT_INTERP" "statically linked" "$L" -- "$TMP/near2"
  elf "$TMP/static" 2 le 62 64 1 1 4
  said "a program without PT_INTERP" "statically linked" "$L" -- "$TMP/static"
  printf '#!%s -x\necho ran\n' "$TMP/static" >"$TMP/static.sh" && chmod +x "$TMP/static.sh"
  said "a script whose interpreter has no PT_INTERP" "$TMP/static is statically linked" "$L" -- "$TMP/static.sh"
  # a header cut short: refused before it runs, in one line (bash said it
  # twice, the second time "...: Success")
  head -c 40 "$TMP/dyn" >"$TMP/cut" && chmod +x "$TMP/cut"
  check_exit "a truncated ELF header: exit 126" 126 "$L" -- "$TMP/cut"
  check_eq "... in one line, said by the launcher" "lockwait: cannot run $TMP/cut: its ELF header is cut short or damaged" \
    "$(cat "$TMP/out")"
  # the launcher's own architecture test against the 32-bit one of this machine
  elf "$TMP/i386" 1 le 3 52 3
  said "an i386 program on x86_64" "(ELF class 1, machine 3)" "$L" -- "$TMP/i386"
else
  skip "ELF headers of this machine's architecture" "made for x86_64 only ($(uname -m))"
fi
# a program whose dynamic loader is not there (built for another system's
# C library): the kernel's ENOENT, said of the loader, not of the program
printf 'int main(void) { return 0; }\n' >"$TMP/main.c"
if cc -o "$TMP/noloader" "$TMP/main.c" -Wl,--dynamic-linker=/nonexistent/ld-x.so.2 2>/dev/null; then
  check_exit "a missing dynamic loader: exit 127" 127 "$L" -- "$TMP/noloader"
  check_eq "... in one line, naming the loader" \
    "lockwait: cannot run $TMP/noloader: its dynamic loader /nonexistent/ld-x.so.2 is not found" "$(cat "$TMP/out")"
else
  skip "a missing dynamic loader" "the linker takes no --dynamic-linker"
fi
# a loader's path shorter than its program header, padded with NULs (the
# kernel reads it up to the first NUL): the launcher took the padding for
# part of the name and refused, 127, a program that runs
ld=$(grep -m 1 -o '/[^ ]*/ld-[^ ]*[.]so[^ ]*' /proc/self/maps || true)
if [ -n "$ld" ] && ln -s "$ld" "$TMP/ld" && ln -s "$ld" "$TMP/ld-long-name" &&
  cc -o "$TMP/padded" "$TMP/main.c" -Wl,--dynamic-linker="$TMP/ld-long-name" 2>/dev/null; then
  at=$(grep -obUa -m 1 "$TMP/ld-long-name" "$TMP/padded" | cut -d: -f1)
  printf '%s\0\0\0\0\0\0\0\0\0\0' "$TMP/ld" | dd of="$TMP/padded" bs=1 seek="$at" conv=notrunc status=none
  check_exit "a NUL-padded dynamic loader path: runs" 0 "$L" -- "$TMP/padded"
else
  skip "a NUL-padded dynamic loader path" "no loader found in /proc/self/maps, or no --dynamic-linker"
fi
finish

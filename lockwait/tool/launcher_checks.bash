# launcher_checks.bash - whether the launcher (lockwait/tool/lockwait, which
# sources this file) can profile a program and how it runs it: ELF class,
# machine and dynamic loader read from its header, scripts and their
# interpreters, files the kernel would refuse (each said in one line).
# Uses the launcher's PROG, lib, path, cannot and LOCKWAIT_LIB.
# shellcheck shell=bash disable=SC2154,SC2034 # PROG, lib, path in; via_sh out: the launcher's

# link_loop FILE: whether FILE is a loop of symbolic links (the kernel's ELOOP: 126, where a link to nothing is 127)
link_loop() { [ -L "$1" ] && ! [ -e "$1" ] && [[ $( (LC_ALL=C; : <"$1") 2>&1) == *"Too many levels"* ]]; }
# file_kind FILE: why the kernel would not run FILE (EACCES)
file_kind() { if [ -d "$1" ]; then echo 'a directory'; elif [ -f "$1" ]; then echo 'not executable'; else echo 'not a regular file'; fi; }
# The ELF header is read by bash itself, no od: this runs before every
# program of a build. Bash strings hold no NUL byte, so mapfile splits the
# file at them (in the C locale a chunk's length is in bytes); the chunks
# are joined twice, each NUL put back as \1 in elf_a and as \2 in elf_b.
# A byte is then the AND of its codes in the two (a NUL: 1 & 2 = 0), and
# only the bytes the checks use are converted.
# elf_read FILE COUNT: into elf_a and elf_b FILE's first COUNT bytes (or
# more; fewer when the file is shorter); 1 when it cannot be read
elf_read() {
  local LC_ALL=C chunks=() IFS
  mapfile -d '' -n "$2" -t chunks 2>/dev/null <"$1" || return 1
  IFS=$'\1' elf_a=${chunks[*]}$'\1'
  IFS=$'\2' elf_b=${chunks[*]}$'\2'
}
# num OFFSET LEN: into $val, the LEN-byte integer at OFFSET of what
# elf_read read, in the file's byte order ($le: 1 little-endian); bytes
# past its end count as 0
num() {
  local i byte v=0
  for ((i = 0; i < $2; i++)); do # the most significant byte first
    printf -v byte '%d & %d' "'${elf_a:$1 + (le ? $2 - 1 - i : i):1}" "'${elf_b:$1 + (le ? $2 - 1 - i : i):1}"
    v=$((v << 8 | (byte)))
  done
  val=$v
}
# elf_info FILE: ELF class (1: 32-bit, 2: 64-bit), machine and interp (1
# when a program interpreter, the dynamic loader, is named) into
# elf_class, elf_machine, elf_interp, and the loader's path (up to 4 KiB)
# into elf_loader; returns 1 if FILE is not ELF, with
# its first 4 bytes (NULs left out) in $elf_magic. The program headers are mostly right
# after the ELF header: 256 bytes cover them up to the one naming the loader
elf_info() {
  local LC_ALL=C le=0 i k off n size val have=256 magic='' interp_a interp_b at len
  # the first 4 bytes alone first: a script has no NUL to stop mapfile
  IFS= read -r -d '' -N 4 magic 2>/dev/null <"$1" || true
  elf_magic=$magic
  [ "$magic" = $'\x7fELF' ] || return 1
  elf_read "$1" $have || return 1
  ((${#elf_a} >= 52)) || return 1
  num 4 1; elf_class=$val
  num 5 1
  [ "$val" != 1 ] || le=1
  if [ "$elf_class" = 2 ]; then num 32 8; off=$val; num 54 2; size=$val; num 56 2; n=$val
  else num 28 4; off=$val; num 42 2; size=$val; num 44 2; n=$val; fi
  num 18 2; elf_machine=$val
  elf_interp=0 elf_loader=''
  # p_type PT_INTERP (3) as 4 bytes of elf_a and elf_b: compared, not converted
  if ((le)); then interp_a=$'\3\1\1\1' interp_b=$'\3\2\2\2'; else interp_a=$'\1\1\1\3' interp_b=$'\2\2\2\3'; fi
  # (an e_phoff read negative, or past 2 GiB, is a damaged header: no interpreter)
  if ((n > 0 && size >= 4 && n <= 4096 && off >= 0 && off < 1 << 31)); then
    for ((i = 0; i < n; i++)); do
      k=$((off + i * size))
      if ((k + 4 > ${#elf_a})); then # beyond what was read: read as far as all of them
        ((have >= off + n * size)) && break
        have=$((off + n * size)); elf_read "$1" $have || break
        ((k + 4 <= ${#elf_a})) || break # the file ends first
      fi
      if [ "${elf_a:k:4}" = "$interp_a" ] && [ "${elf_b:k:4}" = "$interp_b" ]; then elf_interp=1; break; fi
    done
  fi
  # the loader's path: p_offset and p_filesz of that header, then the bytes
  if ((elf_interp)); then
    ((k + size <= ${#elf_a})) || elf_read "$1" $((k + size)) || return 0
    if [ "$elf_class" = 2 ]; then num $((k + 8)) 8; at=$val; num $((k + 32)) 8; len=$val
    else num $((k + 4)) 4; at=$val; num $((k + 16)) 4; len=$val; fi
    if ((len > 1 && len <= 4096 && at >= 0 && at < 1 << 20)); then
      ((at + len <= ${#elf_a})) || elf_read "$1" $((at + len)) || return 0
      # up to its first NUL (\1 in elf_a), as the kernel reads it
      ((at + len > ${#elf_a})) || elf_loader=${elf_a:at:len - 1} elf_loader=${elf_loader%%$'\1'*}
    fi
  fi
  return 0
}
# the ELF class and machine of this machine's programs, or nothing (from
# bash's $HOSTTYPE: no process)
case "$HOSTTYPE" in
  x86_64) host_elf="2 62" ;; aarch64) host_elf="2 183" ;; riscv64) host_elf="2 243" ;;
  powerpc64le) host_elf="2 21" ;; s390x) host_elf="2 22" ;; i?86) host_elf="1 3" ;; *) host_elf='' ;;
esac
# profilable PATH [DEPTH]: exits 1 with the reason when it is not (126 or
# 127 when the kernel could not run it either); sets $via_sh for a script
# without "#!". DEPTH: the scripts before it, each run by the next
profilable() {
  local p=$1 depth=${2:-0} first interp head='' shown class machine has_interp loader
  [ -r "$p" ] || return 0 # execute-only: the kernel may run it, unread
  if ! elf_info "$p"; then
    # a script: its interpreter is what runs (and what gets the library)
    if [ "${elf_magic:0:2}" = '#!' ]; then
      IFS= read -r first <"$p" || true
      read -r interp _ <<<"${first#\#!}"
      if [ -z "$interp" ]; then via_sh=1; return 0; fi # "#!" alone: as without
      # one line each, not bash's two (the second "Success"); shown as
      # $'...' when it holds a control character (the \r of CRLF ends)
      shown=$interp; [[ $interp != *[[:cntrl:]]* ]] || printf -v shown %q "$interp"
      if ((depth >= 5)); then # the kernel's limit (ELOOP)
        echo "$PROG: cannot run $path: its scripts' interpreters loop or nest more than 5 deep" >&2; exit 126
      fi
      if link_loop "$interp"; then
        echo "$PROG: cannot run $p: its interpreter $shown is a loop of symbolic links" >&2; exit 126
      elif ! [ -e "$interp" ]; then
        echo "$PROG: cannot run $p: its interpreter $shown is not found" >&2; exit 127
      elif ! [ -f "$interp" ] || ! [ -x "$interp" ]; then
        echo "$PROG: cannot run $p: its interpreter $shown is $(file_kind "$interp")" >&2; exit 126
      fi
      profilable "$interp" $((depth + 1))
      return 0
    fi
    # Refused here, with one line: the kernel would refuse them and bash
    # would say so twice, the second time "Success"
    if [ "$elf_magic" = $'\x7fELF' ]; then
      echo "$PROG: cannot run $p: its ELF header is cut short or damaged" >&2; exit 126
    fi
    # binary as bash tells it: a NUL in the first line of the first 80
    # bytes (read stops at a NUL; the file is not read whole)
    IFS= read -r -d '' -n 80 head <"$p" && ((${#head} < 80)) && [[ $head != *$'\n'* ]] &&
      { echo "$PROG: cannot run $p: neither a program (no ELF header) nor a script (a NUL byte in its first line)" >&2; exit 126; }
    # text without "#!": what execvp() does, /bin/sh runs it (bash would run
    # it in its own process, which has no library)
    via_sh=1
    return 0
  fi
  class=$elf_class machine=$elf_machine has_interp=$elf_interp loader=$elf_loader
  # the library build.sh made is built for this machine: its header is read
  # only when the program is not (one process fewer before every program)
  if [ -z "${LOCKWAIT_LIB-}" ] && [ "$class $machine" = "$host_elf" ]; then
    lib_elf="$class $machine"
  elif [ -z "${lib_elf-}" ]; then
    # (ld.so would skip a library it cannot load, saying so, and run CMD)
    elf_info "$lib" || cannot "$lib is not a library: its ELF header is missing or damaged"
    lib_elf="$elf_class $elf_machine"
  fi
  if [ "$class $machine" != "$lib_elf" ]; then
    cannot "$p is built for another architecture (ELF class $class, machine $machine) than the library (class ${lib_elf% *}, machine ${lib_elf#* }): the dynamic loader would skip the library and nothing would be reported"
  fi
  if [ "$has_interp" != 1 ]; then
    cannot "$p is statically linked (no dynamic loader): LD_PRELOAD cannot load the profiler into it, so nothing would be reported; profile a dynamically linked build of it"
  fi
  # the kernel's ENOENT (a program built for another system's C library):
  # bash would say "required file not found" of a file that is there
  if [ -n "$loader" ] && ! [ -e "$loader" ]; then
    shown=$loader; [[ $loader != *[[:cntrl:]]* ]] || printf -v shown %q "$loader"
    echo "$PROG: cannot run $p: its dynamic loader $shown is not found" >&2; exit 127
  fi
  if [ -u "$p" ] || [ -g "$p" ]; then
    local owner group
    read -r owner group <<<"$(stat -c '%u %g' -- "$p")"
    if { [ -u "$p" ] && [ "$owner" != "$(id -u)" ]; } || { [ -g "$p" ] && [ "$group" != "$(id -g)" ]; }; then
      cannot "$p is set-user-ID or set-group-ID: the dynamic loader ignores LD_PRELOAD for it, so nothing would be reported"
    fi
  fi
  return 0
}

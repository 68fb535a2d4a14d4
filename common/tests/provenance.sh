#!/usr/bin/env bash
# The raw files' provenance names what really made the numbers: switching
# what cc points to rebuilds everything (the build stamp is the compiler's
# resolved path and version line, not the word "cc"); CLOCK_GHZ* values in
# the caller's environment never pass for measurements; a copy of the suite
# inside another git repository does not claim that repository's commit.
# The machine block records the kernel's mitigation of each CPU
# vulnerability, and the summary names the ones that make switches dearer.
# Raw files from more than one machine (experiments rerun another day, on
# another host) make the summary name each machine with its experiments.
# build/wakeup's wake-up latency is recorded with the clock and said in the
# machine block (not for an older raw file without it).
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../testlib.sh"

# ---- the mitigations: build/machine on a fake vulnerabilities directory ----
V="$TMP/vuln dir" # a blank in the path
mkdir -p "$V"
printf 'Mitigation: PTI\n' >"$V/meltdown"
printf 'Mitigation: Retpolines; IBPB: conditional; IBRS_FW; STIBP: disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not affected\n' >"$V/spectre_v2"
printf 'Mitigation: usercopy/swapgs barriers and __user pointer sanitization\n' >"$V/spectre_v1"
printf 'Not affected\n' >"$V/mds"
printf 'Not affected\n' >"$V/l1tf"
printf 'Vulnerable\n' >"$V/spec_store_bypass"
if [ "$(uname -s)" = Linux ]; then
  SHARECOST_VULN_DIR=$V "$BUILD/machine" >"$TMP/machine.out"
  check_eq "machine: one line per vulnerability file, in name order, as the kernel words it" \
    "# vulnerability: l1tf=Not affected|# vulnerability: mds=Not affected|# vulnerability: meltdown=Mitigation: PTI|# vulnerability: spec_store_bypass=Vulnerable|# vulnerability: spectre_v1=Mitigation: usercopy/swapgs barriers and __user pointer sanitization|# vulnerability: spectre_v2=Mitigation: Retpolines; IBPB: conditional; IBRS_FW; STIBP: disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not affected" \
    "$(grep '^# vulnerability: ' "$TMP/machine.out" | paste -sd'|' -)"
  mkdir -p "$TMP/empty"
  check_eq "machine: an empty vulnerabilities directory is 'not available'" "# vulnerability: not available" \
    "$(SHARECOST_VULN_DIR=$TMP/empty "$BUILD/machine" | grep '^# vulnerability: ')"
  check_eq "machine: a missing vulnerabilities directory is 'not available'" "# vulnerability: not available" \
    "$(SHARECOST_VULN_DIR=$TMP/none "$BUILD/machine" | grep '^# vulnerability: ')"
  if [ -d /sys/devices/system/cpu/vulnerabilities ]; then
    check "machine: this kernel's vulnerability files are recorded" grep -q '^# vulnerability: [a-z0-9_]*=' <("$BUILD/machine")
  else
    skip "machine: this kernel's vulnerability files are recorded" "no /sys/devices/system/cpu/vulnerabilities here"
  fi
else
  check_eq "machine: 'not available' off Linux" "# vulnerability: not available" "$("$BUILD/machine" | grep '^# vulnerability: ')"
fi
check "machine -h names SHARECOST_VULN_DIR" grep -q SHARECOST_VULN_DIR <("$BUILD/machine" -h)

# ---- the mitigations in the summary's machine block, under every awk ----
raw_with() { # raw_with VULNERABILITY-LINE...: a raw file's provenance block
  echo "# sharecost raw results: ctxswitch"
  echo "# cpu_model: Test CPU"
  printf '%s\n' "$@"
}
vlines=(
  "# vulnerability: l1tf=Not affected" "# vulnerability: mds=Not affected"
  "# vulnerability: meltdown=Mitigation: PTI" "# vulnerability: spec_store_bypass=Vulnerable"
  "# vulnerability: spectre_v1=Mitigation: usercopy/swapgs barriers and __user pointer sanitization"
  "# vulnerability: spectre_v2=Mitigation: Retpolines; IBPB: conditional; IBRS_FW; STIBP: disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not affected")
raw_with "${vlines[@]}" >"$TMP/vuln-raw.txt"
raw_with "# vulnerability: mds=Not affected" "# vulnerability: meltdown=Not affected" >"$TMP/unaffected-raw.txt"
raw_with >"$TMP/old-raw.txt"
raw_with "# git: not a git checkout (inside the repository at /x)" >"$TMP/nogit-raw.txt"
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "summary_head.awk's commit column under $a" || continue
  check "$a: a run outside a git checkout says so in the commit column (it said 'not')" \
    grep -qF '| not a git checkout |' <("$a" -f "$ROOT/common/summary_head.awk" "$TMP/nogit-raw.txt")
done
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "summary_head.awk's mitigations under $a" || continue
  "$a" -f "$ROOT/common/summary_head.awk" "$TMP/vuln-raw.txt" >"$TMP/head.md"
  awk -f "$ROOT/common/headline.awk" "$TMP/head.md" >"$TMP/headline.md"
  check_eq "$a: the headline names only the mitigations that make switches dearer, briefly" \
    "System calls and switches between address spaces pay for the kernel's mitigations: meltdown (PTI); spectre_v2 (Retpolines, IBPB: conditional, IBRS_FW)." \
    "$(grep '^System calls' "$TMP/headline.md")"
  check_eq "$a: the headline does not list the others" "" "$(grep -i 'l1tf\|not affected\|spectre_v1' "$TMP/headline.md")"
  check_eq "$a: the machine block lists them all in one sentence" \
    "Kernel mitigations of CPU vulnerabilities (/sys/devices/system/cpu/vulnerabilities): those that make system calls and address-space switches dearer are meltdown: PTI (page-table isolation: the page tables are switched on every kernel entry and exit); spectre_v2: Retpolines; IBPB: conditional; IBRS_FW; STIBP: disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not affected (indirect-branch barriers: IBPB between processes, IBRS or retpolines in the kernel, STIBP between siblings); other mitigations: spectre_v1 (usercopy/swapgs barriers and __user pointer sanitization); left vulnerable: spec_store_bypass; not affected: 2 (l1tf, mds)." \
    "$(grep '^Kernel mitigations' "$TMP/head.md")"
  "$a" -f "$ROOT/common/summary_head.awk" "$TMP/unaffected-raw.txt" >"$TMP/head.md"
  check_eq "$a: none dearer: no headline sentence" "" "$(grep '^System calls' "$TMP/head.md" || true)"
  check_eq "$a: none dearer: the machine block says so" \
    "Kernel mitigations of CPU vulnerabilities (/sys/devices/system/cpu/vulnerabilities): none of those that make system calls and address-space switches dearer is active; not affected: 2 (mds, meltdown)." \
    "$(grep '^Kernel mitigations' "$TMP/head.md")"
  check_eq "$a: a raw file without vulnerability lines (older, or not Linux) gets no mitigation sentence" "" \
    "$("$a" -f "$ROOT/common/summary_head.awk" "$TMP/old-raw.txt" | grep 'mitigations' || true)"
done

# ---- raw files from two machines: each named with its experiments ----
machine_raw() { # machine_raw EXP MODEL: a raw file's provenance block
  printf '%s\n' "# sharecost raw results: $1" "# cpu_model: $2" "# arch: x86_64" "# online_cpus: 2" \
    "# kernel: Linux 6.1" "# compiler: cc 12" "# line_size_used: 64 from sysfs"
}
machine_raw false_sharing "CPU A" >"$TMP/m1-raw.txt"
machine_raw ctxswitch "CPU A" >"$TMP/m2-raw.txt"
{ machine_raw lockwait "CPU B"; echo "# hypervisor: kvm"; } >"$TMP/m3-raw.txt"
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "summary_head.awk's machines under $a" || continue
  check_eq "$a: raw files from two machines: each named, with its experiments" \
    "Measured on 2 machines or setups (the experiments were run at different times): **CPU A** (x86_64, 2 CPUs online, Linux 6.1, hypervisor: not recorded), built with cc 12 for false_sharing, ctxswitch; **CPU B** (x86_64, 2 CPUs online, Linux 6.1, hypervisor: kvm), built with cc 12 for lockwait." \
    "$("$a" -f "$ROOT/common/summary_head.awk" "$TMP"/m[123]-raw.txt | grep '^Measured on')"
  check_eq "$a: ... and the first machine's details say whose they are" \
    "Line size used (on the machine of false_sharing, ctxswitch): 64 from sysfs. Clock estimate (1-cycle add chain, at the run's start: one moment of a host that may change speed; the cycles figures use each round's own canary instead): not recorded." \
    "$("$a" -f "$ROOT/common/summary_head.awk" "$TMP"/m[123]-raw.txt | grep '^Line size used')"
  check "$a: ... and a virtual machine among them is said" grep -q '^Some or all of these are virtual machines' \
    <("$a" -f "$ROOT/common/summary_head.awk" "$TMP"/m[123]-raw.txt)
  # by speed levels a slow round is compared within its level, not left out
  check "$a: ... whose slow rounds are kept apart, not all left out" \
    grep -qF 'which every experiment counts and keeps apart (left out, or compared only with rounds of the same speed level).' \
    <("$a" -f "$ROOT/common/summary_head.awk" "$TMP"/m[123]-raw.txt)
  printf '# sharecost raw results: cache\n' >"$TMP/m4-raw.txt"
  check "$a: a file without provenance lines: an unknown machine, not an empty one" \
    grep -q 'an unknown machine (no provenance lines) for cache\.$' \
    <("$a" -f "$ROOT/common/summary_head.awk" "$TMP"/m1-raw.txt "$TMP/m4-raw.txt" | grep '^Measured on')
  check_eq "$a: one machine: one plain line" \
    "Measured on **CPU A** (x86_64, 2 CPUs online, Linux 6.1), built with cc 12." \
    "$("$a" -f "$ROOT/common/summary_head.awk" "$TMP"/m[12]-raw.txt | grep '^Measured on')"
done

# ---- the wake-up latency: build/wakeup and its sentence ----
"$BUILD/wakeup" -n 11 >"$TMP/wakeup.out"
check_eq "wakeup: one line per idle time (20 us, 200 us, 2 ms)" "20 200 2000" \
  "$(sed -n 's/^# wakeup: idle_us=\([0-9]*\) cpus=[0-9]*,[0-9]* median_ns=.* samples=11$/\1/p' "$TMP/wakeup.out" | paste -sd' ' -)"
# shellcheck disable=SC2016 # awk's own $i
check "wakeup: each median inside its interval, the 90th percentile not below it" \
  awk 'BEGIN { ok = 1 } { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] + 0 }
    if (!(v["median_ns_lo"] <= v["median_ns"] && v["median_ns"] <= v["median_ns_hi"] && v["p90_ns"] >= v["median_ns"] && v["median_ns"] > 0)) ok = 0 }
    END { exit !ok }' "$TMP/wakeup.out"
rc=0; "$BUILD/wakeup" -n 5 >"$TMP/wakeup.out" 2>"$TMP/wakeup.err" || rc=$?
check_eq "wakeup -n 5: refused (exit 2), nothing measured" "2 0" "$rc $(wc -c <"$TMP/wakeup.out")"
check "wakeup -n 5: says the range" grep -q '11\.\.10001' "$TMP/wakeup.err"
# a stray argument or option: one line naming it (it was the whole usage,
# naming nothing, or getopt's "invalid option -- '-'"); a full disk: one
# error line, exit 1 (it was two)
rc=0; "$BUILD/wakeup" -n 11 extra >/dev/null 2>"$TMP/wakeup.err" || rc=$?
check_eq "wakeup with an extra argument: exit 2, one line naming it" "2 1 1" \
  "$rc $(wc -l <"$TMP/wakeup.err") $(grep -c "unexpected argument 'extra'" "$TMP/wakeup.err")"
rc=0; "$BUILD/wakeup" --bogus >/dev/null 2>"$TMP/wakeup.err" || rc=$?
check_eq "wakeup --bogus: exit 2, one line naming it" "2 1 1" \
  "$rc $(wc -l <"$TMP/wakeup.err") $(grep -c "'--bogus'" "$TMP/wakeup.err")"
if [ -w /dev/full ]; then
  rc=0; "$BUILD/wakeup" -n 11 >/dev/full 2>"$TMP/wakeup.err" || rc=$?
  check_eq "wakeup >/dev/full: exit 1, one error line" "1 1" "$rc $(grep -c '^error: ' "$TMP/wakeup.err")"
else
  skip "wakeup >/dev/full: exit 1, one error line" "no /dev/full here"
fi
if command -v taskset >/dev/null 2>&1 && [ "$(uname -s)" = Linux ]; then
  check_eq "wakeup on one CPU: NA with the reason" "# wakeup: NA reason=one_cpu" "$(taskset -c 0 "$BUILD/wakeup" -n 11)"
else
  skip "wakeup on one CPU: NA with the reason" "no taskset here"
fi
wraw() { printf '%s\n' "# sharecost raw results: lockwait" "# cpu_model: Test CPU" "$@"; }
wraw "# wakeup: idle_us=20 cpus=0,1 median_ns=28215 median_ns_lo=28074 median_ns_hi=28475 p90_ns=29978 samples=101" \
  "# wakeup: idle_us=200 cpus=0,1 median_ns=31681 median_ns_lo=31010 median_ns_hi=34019 p90_ns=51963 samples=101" \
  "# wakeup: idle_us=2000 cpus=0,1 median_ns=46341 median_ns_lo=43526 median_ns_hi=47694 p90_ns=64004 samples=101" >"$TMP/wake-raw.txt"
wraw "# wakeup: NA reason=one_cpu" >"$TMP/wake-na-raw.txt"
# a line without its numbers (median_ns=abc, cut short) is left out: it was
# said as 0.0 us; the 90th percentile is the shortest idle time's, whatever
# the lines' order (it was the first line's)
sed -n '1,2p;4,5p' "$TMP/wake-raw.txt" >"$TMP/wake-rev-raw.txt"
sed -n 3p "$TMP/wake-raw.txt" >>"$TMP/wake-rev-raw.txt"
sed 's/median_ns=28215/median_ns=abc/' "$TMP/wake-raw.txt" >"$TMP/wake-bad-raw.txt"
wraw "# wakeup: idle_us=20 cpus=0,1" >"$TMP/wake-cut-raw.txt"
printf '%s\n' "# sharecost raw results: cache" "# cpu_model: Other CPU" >"$TMP/wake-other-raw.txt"
for a in mawk gawk original-awk; do
  need_tool "$a" "$a" "summary_head.awk's wake-ups under $a" || continue
  "$a" -f "$ROOT/common/summary_head.awk" "$TMP/wake-raw.txt" >"$TMP/head.md"
  check_eq "$a: the wake-up latency is said with its intervals, in the headline" \
    "Wake-ups (build/wakeup on CPUs 0 and 1, one reading at the run's start: medians with 95% intervals that hold for that moment only, as the host's state moves them): a thread on one CPU signalled a thread asleep on the other, which ran 28.2 us [28.1, 28.5] later when its CPU had idled 20 us, 31.7 us [31.0, 34.0] after 200 us, 46.3 us [43.5, 47.7] after 2 ms (1 in 10 after the shortest idle: over 30.0 us). Every hand-off of a lock to a sleeping waiter pays this, and a thread that works less than this between two holds of a lock can take it back before the woken waiter runs." \
    "$(awk -f "$ROOT/common/headline.awk" "$TMP/head.md" | grep '^Wake-ups')"
  check_eq "$a: not measured: said why" "Wake-ups: not measured (one CPU)." \
    "$("$a" -f "$ROOT/common/summary_head.awk" "$TMP/wake-na-raw.txt" | grep '^Wake-ups')"
  check "$a: a line that is not a number is left out, not said as 0.0 us" \
    grep -q 'which ran 31\.7 us \[31\.0, 34\.0\] later when its CPU had idled 200 us, 46\.3 us .* (1 in 10 after the shortest idle: over 52\.0 us)' \
    <("$a" -f "$ROOT/common/summary_head.awk" "$TMP/wake-bad-raw.txt")
  check "$a: lines in another order: the 90th percentile of 20 us idle" \
    grep -q '(1 in 10 after the shortest idle: over 30\.0 us)' <("$a" -f "$ROOT/common/summary_head.awk" "$TMP/wake-rev-raw.txt")
  check_eq "$a: only a line cut short: not readable" "Wake-ups: not readable (the raw file's \"# wakeup:\" lines lack their numbers)." \
    "$("$a" -f "$ROOT/common/summary_head.awk" "$TMP/wake-cut-raw.txt" | grep '^Wake-ups')"
  check "$a: two machines: whose, in the one bracket (it was two in a row)" \
    grep -q "^Wake-ups (on the machine of lockwait; build/wakeup on CPUs 0 and 1, one reading" \
    <("$a" -f "$ROOT/common/summary_head.awk" "$TMP/wake-raw.txt" "$TMP/wake-other-raw.txt")
  check_eq "$a: an older raw file without it: no sentence" "" \
    "$("$a" -f "$ROOT/common/summary_head.awk" "$TMP/old-raw.txt" | grep '^Wake-ups' || true)"
done

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
check "the wake-up latency is recorded with it (QUICK: 31 wake-ups each)" grep -q '^# wakeup: \(idle_us=20 .* samples=31\|NA reason=\)' "$raw"
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

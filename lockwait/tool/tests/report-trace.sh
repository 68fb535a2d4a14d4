#!/usr/bin/env bash
# lockwait_report: known answers on synthetic traces built by construction
# (lockwait_tracegen), the golden output on a committed real trace, and
# clear refusals (exit 2) of files that are not whole, native lockwait traces.
# shellcheck disable=SC2016 # awk programs in single quotes
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"

T=$ROOT/lockwait/tool/tests
G=$BUILD/lockwait_tracegen
field() { # field KIND KEY FILE: KEY's value on the first kind=KIND line
  awk -v k="$1" -v key="$2" '$0 ~ ("kind=" k " ") { for (i = 2; i <= NF; i++) if (index($i, key "=") == 1) { print substr($i, length(key) + 2); exit } }' "$3"
}

for R in "$BUILD/lockwait_report" "$BUILD_ASAN/lockwait_report"; do
  [ -x "$R" ] || continue
  tag=$(basename "$(dirname "$R")")
  # a trace of no thread (header only): the report runs, sorted by count and
  # with --what-if too, and UBSan finds no sort or copy of a NULL array
  : >"$TMP/none.txt"
  "$G" text "$TMP/none.txt" "$TMP/none.trace"
  for opts in "" "--sort count" "--what-if 0.5"; do
    rc=0
    # shellcheck disable=SC2086 # opts: words
    "$R" $opts "$TMP/none.trace" >/dev/null 2>"$TMP/none.err" || rc=$?
    check_eq "$tag no thread, options '$opts': exit 0, no sanitizer report" "0 0" "$rc $(grep -c 'runtime error' "$TMP/none.err" || true)"
  done
  # A holds L 0..30 ms while B waits (from 0), then B works 20 ms
  "$G" known "$TMP/known.trace"
  "$R" -s "$TMP/known.trace" >"$TMP/known.out" 2>"$TMP/known.err"
  check_eq "$tag known: path = the 50 ms run" 50000000 "$(field critpath path_ns "$TMP/known.out")"
  check_eq "$tag known: 30 ms of it in L's critical section" 30000000 "$(field critpath cs_ns "$TMP/known.out")"
  check_eq "$tag known: 20 ms of plain work" 20000000 "$(field critpath work_ns "$TMP/known.out")"
  check_eq "$tag known: the path is A's section, then B's work" \
    "101 0 30000000 cs 0x1000|102 30000000 50000000 work 0x0|" \
    "$(kv_awk '/kind=critpath_seg/ { kv($0, f);
             printf "%s %s %s %s %s|", f["tid"], f["start_ns"], f["end_ns"], f["state"], f["lock"] }' "$TMP/known.out")"
  check_eq "$tag known: B waited 30 ms behind A (wait-block view)" 30000000 \
    "$(awk '/kind=waitblock .*waiter=102 .*blocker=101 / { sub(/.*wait_ns=/, ""); print $1 }' "$TMP/known.out")"
  check_eq "$tag known: folded line (no stacks in a generated trace)" "tid-102;mutex@0x1000 30000000" "$("$R" -f "$TMP/known.trace")"
  # windows: B's whole run is one request; A "compiled" while holding L
  printf 'request 102 1000000000 1050000000\ncompile 101 1000000000 1030000000\n' >"$TMP/known.win"
  "$R" -W "$TMP/known.win" "$TMP/known.trace" >"$TMP/win.out" 2>/dev/null
  check_eq "$tag known -W: 30 of 50 ms behind the compile" "30000000 0.6000 0.6000" \
    "$(field tail behind_compile_ns "$TMP/win.out") $(field tail lock_share "$TMP/win.out") $(field tail compile_share "$TMP/win.out")"

  # C waits on M held by B, who waits on L held by A: the path goes C -> B -> A -> B -> C
  "$G" chain "$TMP/chain.trace"
  "$R" -s "$TMP/chain.trace" >"$TMP/chain.out" 2>/dev/null
  check_eq "$tag chain: the path recurses through both waits" \
    "203 work|201 cs|202 cs|203 work|" \
    "$(kv_awk '/kind=critpath_seg/ { kv($0, f);
             printf "%s %s|", f["tid"], f["state"] }' "$TMP/chain.out")"
  check_eq "$tag chain: A's 20 ms of L while B and C wait" 20000000 \
    "$(awk '/kind=critpath_lock .*lock=0x1000 / { sub(/.*cs_ns=/, ""); print $1 }' "$TMP/chain.out")"

  # hold starts not timed (aux 0): inferred from B's REQUEST (A) and B's ACQUIRE (B)
  "$G" points "$TMP/points.trace"
  "$R" -s "$TMP/points.trace" >"$TMP/points.out" 2>/dev/null
  check_eq "$tag points: C waited 10 ms behind A, then 10 ms behind B" "301 10000000|302 10000000|" \
    "$(kv_awk '/kind=waitblock .*waiter=303 / { kv($0, f);
             printf "%s %s|", f["blocker"], f["wait_ns"] }' "$TMP/points.out" | tr '|' '\n' | sort | tr '\n' '|')"
  check_eq "$tag points: the path is A's section, B's section, C's work" \
    "301 0 10000000 cs|302 10000000 20000000 cs|303 20000000 30000000 work|" \
    "$(kv_awk '/kind=critpath_seg/ { kv($0, f);
             printf "%s %s %s %s|", f["tid"], f["start_ns"], f["end_ns"], f["state"] }' "$TMP/points.out")"
  # an inferred start needs waiters all along: X took L after a wait at 5 ms, but
  # nobody waited from 5 to 20 ms (X may have let go and taken it again unseen),
  # so X's untimed hold ending at 25 ms starts with W's request at 20 ms
  # (text mode: T_NS EVENT TID LOCK AUX HOLDER TYPE; 1 REQUEST 2 ACQUIRE 4 RELEASE 6 EXIT)
  cat >"$TMP/break.txt" <<'TXT'
1005000000 4 502 1000 1000000000 0 1
1006000000 6 502 0 0 0 0
1000000000 1 501 1000 0 502 1
1005000000 2 501 1000 1000000000 0 1
1025000000 4 501 1000 0 0 1
1050000000 6 501 0 0 0 0
1020000000 1 503 1000 0 501 1
1025000000 2 503 1000 1020000000 0 1
1030000000 6 503 0 0 0 0
TXT
  "$G" text "$TMP/break.txt" "$TMP/break.trace"
  "$R" -s "$TMP/break.trace" >"$TMP/break.out" 2>/dev/null
  check_eq "$tag break: X's hold starts at W's request, not at X's own acquire" \
    "502 0 5000000 cs|501 5000000 20000000 work|501 20000000 25000000 cs|501 25000000 50000000 work|" \
    "$(kv_awk '/kind=critpath_seg/ { kv($0, f);
             printf "%s %s %s %s|", f["tid"], f["start_ns"], f["end_ns"], f["state"] }' "$TMP/break.out")"

  # a semaphore has no holder: the poster is what the waiter waited for
  "$G" sem "$TMP/sem.trace"
  "$R" "$TMP/sem.trace" >"$TMP/sem.out" 2>/dev/null
  check_eq "$tag sem: 10 ms behind the poster, 0.5 ms of handoff" "401 10000000|handoff 500000|" \
    "$(kv_awk '/kind=waitblock / { kv($0, f);
             printf "%s %s|", f["blocker"], f["wait_ns"] }' "$TMP/sem.out")"

  # a convoy: 256 threads take a mutex in turn for 100 rounds, so each wait
  # spans the other 255 threads' holds. Cutting every wait into a piece per
  # hold it spans needed 200 MB here (4 GB and minutes for a real 256-thread
  # trace); the model must grow with the records alone: its segments at most
  # one per record, and it runs within 150 MB of address space (ASan's
  # shadow memory needs more: that build is checked on the counts only).
  # More than 64 blockers: the blocks are summed over the waiters; thread B
  # (the B-th) blocked them (100 * 255 - B) us in all, in as many pieces.
  "$G" convoy 256 100 "$TMP/convoy.trace"
  if [ "$R" != "$BUILD_ASAN/lockwait_report" ]; then
    check "$tag convoy: runs within 150 MB of address space" \
      bash -c "ulimit -v 150000 && '$R' -n 0 '$TMP/convoy.trace' >'$TMP/convoy.out' 2>'$TMP/convoy.err'"
  else
    "$R" -n 0 "$TMP/convoy.trace" >"$TMP/convoy.out" 2>"$TMP/convoy.err" || true
  fi
  check_eq "$tag convoy: timeline segments at most one per record, no wait cut on its own" "ok" \
    "$(awk '/model:/ { for (i = 1; i <= NF; i++) { if ($(i + 1) == "records,") r = $i; if ($(i + 1) == "timeline") s = $i
                                                    if ($(i + 1) == "pieces)") p = substr($i, 2) }
                       print (r > 0 && s <= r && p == 0) ? "ok" : "records " r " segments " s " pieces " p }' "$TMP/convoy.err")"
  check_eq "$tag convoy: per blocker, summed over the waiters" \
    "256 *;2000;25500000;25500 *;2255;25245000;25245" \
    "$(kv_awk '/kind=waitblock/ { kv($0, f); n++
                               if (f["waiter"] == "*" && (f["blocker"] == 2000 || f["blocker"] == 2255))
                                 s = s " " f["waiter"] ";" f["blocker"] ";" f["wait_ns"] ";" f["pieces"] }
           END { print n s }' "$TMP/convoy.out")"

  # the committed trace of a real cache run gives the committed output
  "$R" -s -n 0 -W "$T/report-fixture.win" "$T/report-fixture.trace" >"$TMP/fix.out" 2>/dev/null
  check_eq "$tag fixture: output matches report-golden.txt" "" "$(diff "$T/report-golden.txt" "$TMP/fix.out" | head -n 5)"
  "$R" -f "$T/report-fixture.trace" >"$TMP/fix.folded"
  check_eq "$tag fixture: folded lines match report-golden-folded.txt" "" "$(diff "$T/report-golden-folded.txt" "$TMP/fix.folded" | head -n 5)"
  # -n limits the summary on stderr too: it listed five "blocked" lines for -n 1
  for n in 1 2; do
    "$R" -n "$n" "$T/report-fixture.trace" >"$TMP/fixn.out" 2>"$TMP/fixn.err"
    got="$(grep -c 'kind=waitblock ' "$TMP/fixn.out") $(grep -c ' blocked [0-9.]* ms on ' "$TMP/fixn.err")"
    got="$got $(grep -c 'kind=blame ' "$TMP/fixn.out") $(grep -c '% of the waits on ' "$TMP/fixn.err")"
    check_eq "$tag fixture -n $n: $n waitblock and blame lines, on stdout and on stderr" "$n $n $n $n" "$got"
  done
  check "$tag fixture: the segments tile the path without gaps" \
    awk 'END { exit !(n > 0 && sum == path) }
         /kind=critpath / { sub(/.*path_ns=/, ""); split($0, a, " "); path = a[1] }
         /kind=critpath_seg/ { s = $0; sub(/.*start_ns=/, "", s); split(s, a, " "); b = a[1]
                               e = $0; sub(/.*end_ns=/, "", e); split(e, c, " ")
                               if (n && b != last) exit 1; last = c[1]; sum += c[1] - b; n++ }' "$TMP/fix.out"

  # bad files: exit 2 with one line that says what is wrong
  good=$TMP/known.trace
  : >"$TMP/empty.trace"
  head -c 20 "$good" >"$TMP/short-header.trace"
  head -c $(( $(wc -c <"$good") - 7 )) "$good" >"$TMP/truncated.trace"
  { printf 'NOTATRCE'; tail -c +9 "$good"; } >"$TMP/magic.trace"
  # byte 13 is the low byte of the byte-order mark; 17 the low byte of record_size
  { head -c 12 "$good"; printf '\001\002\003\004'; tail -c +17 "$good"; } >"$TMP/endian.trace"
  { head -c 16 "$good"; printf '\060'; tail -c +18 "$good"; } >"$TMP/recsize.trace"
  { head -c $((32 + 32)) "$good"; printf '\011'; tail -c +$((32 + 34)) "$good"; } >"$TMP/event.trace"
  # a changed time (byte 3 of record 1's t_ns) the model would take: the END record's checksum finds it
  { head -c $((32 + 40 + 2)) "$good"; printf '\177'; tail -c +$((32 + 40 + 4)) "$good"; } >"$TMP/flipped.trace"
  for bad in empty:empty short-header:truncated truncated:truncated magic:magic endian:byte.order recsize:record.size \
    event:corrupt flipped:checksum; do
    f=${bad%%:*} word=${bad#*:}
    check_exit "$tag $f trace: exit 2" 2 "$R" "$TMP/$f.trace"
    cp "$TMP/out" "$TMP/msg"
    check "$tag $f trace: one line naming the file and the problem" \
      awk -v w="$word" -v f="$f.trace" 'END { exit !(NR == 1 && ok) } index($0, f) && $0 ~ w { ok = 1 }' "$TMP/msg"
  done
  # whole and self-consistent (its END record right) but impossible: threads
  # 101 and 102 created each other. The critical path walk found no way back
  # and exited 1, which the manual gives to no malformed trace
  printf '0 5 100 0 0 0 0\n5 6 100 0 0 0 0\n10 5 101 0 102 0 0\n10 5 102 0 101 0 0\n20 6 101 0 0 0 0\n30 6 102 0 0 0 0\n' \
    >"$TMP/cycle.txt"
  "$G" text "$TMP/cycle.txt" "$TMP/cycle.trace"
  check_exit "$tag threads that created each other: exit 2" 2 "$R" "$TMP/cycle.trace"
  cp "$TMP/out" "$TMP/msg"
  check "$tag ... one line naming the file, corrupt" \
    awk 'END { exit !(NR == 1 && ok) } index($0, "cycle.trace") && /corrupt trace/ { ok = 1 }' "$TMP/msg"
  # cut at a record boundary (the END record gone): read, with a warning
  head -c $(( $(wc -c <"$good") - 40 )) "$good" >"$TMP/cut.trace"
  check_exit "$tag a trace cut at a record boundary: read (exit 0)" 0 "$R" -s "$TMP/cut.trace"
  cp "$TMP/out" "$TMP/msg"
  check "$tag ... with a warning that it was cut short" grep -q 'cut.trace: warning: .*without its END record: cut short' "$TMP/msg"
  check_eq "$tag ... and the same output as the whole trace" "" "$(diff <("$R" -s "$good" 2>/dev/null) <("$R" -s "$TMP/cut.trace" 2>/dev/null))"
  check "$tag the whole trace: no such warning" bash -c "! '$R' -s '$good' 2>&1 >/dev/null | grep -q warning"
  check_exit "$tag missing file: exit 2" 2 "$R" "$TMP/nonexistent.trace"
  # not a file: a directory is refused; a FIFO nobody writes to is refused at
  # once (timeout only guards the suite against a hang); a pipe is read whole
  check_exit "$tag a directory: exit 2" 2 "$R" "$TMP"
  cp "$TMP/out" "$TMP/msg"
  check "$tag a directory: one line saying so" grep -q 'a directory' "$TMP/msg"
  rm -f "$TMP/fifo" && mkfifo "$TMP/fifo"
  check_exit "$tag a FIFO with no writer: exit 2, no hang" 2 timeout 20 "$R" "$TMP/fifo"
  cp "$TMP/out" "$TMP/msg"
  check "$tag a FIFO with no writer: one line saying so" grep -q 'FIFO.*no writer' "$TMP/msg"
  "$R" -s "$good" >"$TMP/file.out" 2>/dev/null
  # shellcheck disable=SC2002 # cat: a pipe, on purpose
  check_eq "$tag a pipe: read whole, the same output as the file" "" \
    "$(cat "$good" | "$R" -s /dev/stdin 2>&1 >"$TMP/pipe.out" | grep -v '^critical path\|^  \|^lockwait_report: model\|^holders that kept others waiting' || diff "$TMP/file.out" "$TMP/pipe.out")"
done

R=$BUILD/lockwait_report
said() { cp "$TMP/out" "$TMP/msg"; check "$1" grep -q -- "$2" "$TMP/msg"; } # said NAME PATTERN: the last check's output has it
check "-h prints usage and exits 0" bash -c "'$R' -h | grep -q '^usage: lockwait_report'"
check_exit "no trace: exit 2" 2 "$R"
check_exit "unknown flag: exit 2" 2 "$R" -q "$TMP/known.trace"
check_exit "-n x: exit 2" 2 "$R" -n x "$TMP/known.trace"
printf 'request 102 x y\n' >"$TMP/bad.win"
check_exit "a bad windows file: exit 2" 2 "$R" -W "$TMP/bad.win" "$TMP/known.trace"
check_eq "... and no report printed before it" "" "$("$R" -W "$TMP/bad.win" "$TMP/known.trace" 2>/dev/null || true)"
printf 'request 4294967298 1000000000 1050000000\n' >"$TMP/tid.win"
check_exit "a windows file with a TID beyond 32 bits: exit 2" 2 "$R" -W "$TMP/tid.win" "$TMP/known.trace"
check_exit "-W a directory: exit 2" 2 "$R" -W "$TMP" "$TMP/known.trace"
check_eq "... and no report printed before it" "" "$("$R" -W "$TMP" "$TMP/known.trace" 2>/dev/null || true)"
check_exit "-j a directory: exit 2" 2 "$R" -j "$TMP" "$TMP/known.trace"
check_eq "... and no report printed before it" "" "$("$R" -j "$TMP" "$TMP/known.trace" 2>/dev/null || true)"
check_exit "--bogus: exit 2" 2 "$R" --bogus "$TMP/known.trace"
said "... naming '--bogus'" "'--bogus'"
check_exit "-fx: exit 2" 2 "$R" -fx "$TMP/known.trace"
said "... naming '-x'" "'-x'"

# an output that is an input: refused by device and inode, nothing written
cp "$TMP/known.trace" "$TMP/in.trace"
ln "$TMP/in.trace" "$TMP/in-link.trace"
sum=$(cksum <"$TMP/in.trace")
for o in "-j $TMP/in.trace" "-c $TMP/in.trace" "-j $TMP/./in-link.trace" "-c $TMP/known.win"; do
  read -r flag file <<<"$o"
  check_exit "$flag $(basename "$file") reading in.trace -W known.win: exit 2" 2 "$R" -W "$TMP/known.win" "$flag" "$file" "$TMP/in.trace"
  said "... saying it would destroy what it reads" 'destroy'
done
check_eq "... and the trace is untouched" "$sum" "$(cksum <"$TMP/in.trace")"
check_exit "-j and -c the same new file: exit 2" 2 "$R" -j "$TMP/same.out" -c "$TMP/./same.out" "$TMP/in.trace"
check "... nothing written" test ! -e "$TMP/same.out"
# -f prints only folded lines: whatever it would ignore is refused, not dropped
for o in "-j $TMP/f.json" "-c $TMP/f.csv" "-s" "-n 3" "-W $TMP/known.win" "--sort lock" "--locked-min 1"; do
  # shellcheck disable=SC2086 # the option and its value, split on purpose
  check_exit "-f $o: exit 2 (it would be ignored)" 2 "$R" -f $o "$TMP/in.trace"
  said "... saying -f takes none of it" '-f prints only the folded lines'
done
check "... nothing written" test ! -e "$TMP/f.json" -a ! -e "$TMP/f.csv"

# endless input: a device is refused at once, a pipe as soon as its header is
# wrong, and a pipe's trace is held in memory only so far (here a quarter of
# 200 MB of address space); timeout only guards the suite against a hang
check_exit "/dev/zero: exit 2, at once" 2 timeout 60 "$R" /dev/zero
said "... saying it is a device" 'character device'
check_exit "an endless pipe of zeros: exit 2, at once" 2 timeout 60 bash -c "'$R' /dev/stdin </dev/zero"
check_exit "endless zeros in a pipe: exit 2" 2 timeout 60 bash -c "'$R' /dev/stdin < <(cat /dev/zero)"
said "... at its wrong magic" 'wrong magic'
check_exit "a trace header and then endless records in a pipe: exit 2" 2 timeout 60 \
  bash -c "ulimit -v 200000 && '$R' /dev/stdin < <(head -c 32 '$TMP/known.trace'; cat /dev/zero)"
said "... once it holds a quarter of the memory it may use" 'MB from this pipe'
finish

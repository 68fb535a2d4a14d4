#!/usr/bin/env bash
# stacks.sh - liblockwait's wait stacks and names on a known call chain
# (build/lw_calls, built with frame pointers): the writer thread waits for
# the global mutex g_journal_lock in the static journal_append, called by
# record_entry, called by handle_request; then once for a heap mutex
# initialised in init_heap_lock. The report must name the function, both
# callers, the lock by its symbol, the heap lock by its init stack, the
# thread by its name and start routine; the folded line of lockwait_report
# must hold the whole stack; LOCKWAIT_STACK_DEPTH bounds the frames and 0
# turns stacks off.
set -euo pipefail
# shellcheck source=common/testlib.sh
source "$(dirname "$0")/../../../common/testlib.sh"
# shellcheck source=lockwait/tool/tests/lw_lib.bash
source "$(dirname "$0")/lw_lib.bash"

HEX='0x[0-9a-f]+'
# shellcheck disable=SC2317 # called through check
matches() { [[ $2 =~ $1 ]]; } # matches REGEX STRING
# shellcheck disable=SC2317 # called through check
lacks() { ! grep -q "$@"; }    # lacks GREP-ARGS...
check_match() { check "$1" matches "$2" "$3"; }

rep=$TMP/calls.txt
LOCKWAIT_TRACE=$TMP/calls.trace preload "$rep" "$BUILD/lw_calls"
info=$(cat "$TMP/stdout")
lock=$(val "$info" lock) heap=$(val "$info" heap) writer=$(val "$info" writer) main=$(val "$info" main)

line=$(result_line "$rep" lock "lock=$lock")
check_eq "the global lock is named by its symbol" g_journal_lock "$(val "$line" lock_name)"
check_eq "it was waited for 3 times" 3 "$(val "$line" contended)"
ls=$(result_line "$rep" lockstack "lock=$lock")
check_eq "one stack for its 3 waits" 3 "$(val "$ls" waits)"
sdef=$(result_line "$rep" stack "stack_id=$(val "$ls" stack_id)")
check_match "the stack, outermost first: writer_main, handle_request, record_entry, journal_append" \
  "^writer_main\\+$HEX;handle_request\\+$HEX;record_entry\\+$HEX;journal_append\\+$HEX\$" "$(val "$sdef" frames)"
check "text: the wait is at journal_append (a static function)" grep -Eq "^       at journal_append\\+$HEX" "$rep"
check "text: called by record_entry" grep -Eq "^       by record_entry\\+$HEX" "$rep"
check "text: called by handle_request" grep -Eq "^       by handle_request\\+$HEX" "$rep"

hline=$(result_line "$rep" lock "lock=$heap")
check_eq "the heap lock has no symbol" NA "$(val "$hline" lock_name)"
idef=$(result_line "$rep" stack "stack_id=$(val "$hline" init_stack_id)")
check_match "the heap lock's init stack ends in make_heap_lock, init_heap_lock" \
  "make_heap_lock\\+$HEX;init_heap_lock\\+$HEX\$" "$(val "$idef" frames)"
check "text: the heap lock is named by where it was initialised" \
  grep -Eq "^#[0-9]+ mutex $heap \\(initialised at init_heap_lock\\+$HEX < make_heap_lock\\+$HEX < main" "$rep"

wline=$(result_line "$rep" thread "tid=$writer")
check_eq "the writer's name (pthread_setname_np)" journal-writer "$(val "$wline" name)"
check_eq "the writer's start routine" writer_main "$(val "$wline" start_routine)"
check_eq "the writer's creator" "$main" "$(val "$wline" creator)"
check_eq "the writer is not the main thread" 0 "$(val "$wline" main)"
check_eq "the main thread is marked" 1 "$(val "$(result_line "$rep" thread "tid=$main")" main)"
check "text: the writer's start routine and creator" \
  grep -q "tid $writer (journal-writer, started in writer_main by tid $main)" "$rep"
check "text: every thread seen, by start routine and creator" \
  grep -q "^   threads seen: 1 main; 1 started in writer_main by tid $main\$" "$rep"
check "text: says whether file:line is known (addr2line, debug information)" \
  grep -Eq "^lockwait: no file:line: |\\(lw_calls\\.c:[0-9]+\\)" "$rep"

# the trace: lockwait_report folds the same stack, outermost first
folded=$("$BUILD/lockwait_report" -f "$TMP/calls.trace")
check_match "folded: thread;whole stack;lock NS" \
  "^journal-writer-$writer;writer_main\\+$HEX;handle_request\\+$HEX;record_entry\\+$HEX;journal_append\\+$HEX;g_journal_lock [0-9]+\$" \
  "$(grep 'g_journal_lock' <<<"$folded")"
ns=$(grep 'g_journal_lock' <<<"$folded" | awk '{ print $NF }')
within "folded: the 3 waits of >= 20 ms each" "$ns" 60000000 10000000000
check_match "folded: the heap lock by its address and init site" \
  ";mutex@$heap\\(init_heap_lock\\+$HEX\\) [0-9]+\$" "$(grep -F "mutex@$heap" <<<"$folded")"

# depth 2: the two innermost frames; depth 0: no stacks at all
LOCKWAIT_STACK_DEPTH=2 preload "$TMP/d2.txt" "$BUILD/lw_calls"
lock=$(val "$(cat "$TMP/stdout")" lock)
ls=$(result_line "$TMP/d2.txt" lockstack "lock=$lock")
check_match "depth 2: record_entry;journal_append" "^record_entry\\+$HEX;journal_append\\+$HEX\$" \
  "$(val "$(result_line "$TMP/d2.txt" stack "stack_id=$(val "$ls" stack_id)")" frames)"
LOCKWAIT_STACK_DEPTH=0 preload "$TMP/d0.txt" "$BUILD/lw_calls"
lock=$(val "$(cat "$TMP/stdout")" lock)
check "depth 0: no stack lines" lacks 'kind=lockstack\|kind=stack ' "$TMP/d0.txt"
check "depth 0: the report says stacks are off" grep -q '^lockwait: stacks off' "$TMP/d0.txt"
check_eq "depth 0: the lock still named" g_journal_lock "$(val "$(result_line "$TMP/d0.txt" lock "lock=$lock")" lock_name)"
check "depth 0: the call site still named" grep -Eq "waited at journal_append\\+$HEX: 3 waits" "$TMP/d0.txt"
LOCKWAIT_STACK_DEPTH=33 preload "$TMP/bad.txt" "$BUILD/lw_calls"
check "a depth out of range is ignored and said" grep -q "LOCKWAIT_STACK_DEPTH='33' ignored" "$TMP/bad.txt"
# a program built without frame pointers (-O2): the walk must stay on the
# thread's stack whatever the frame-pointer register holds; the program's
# output is the bare run's (the lock's address aside)
bare=$("$BUILD/lw_counts" handoff 20 | sed 's/lock=0x[0-9a-f]* //')
LOCKWAIT_STACK_DEPTH=32 preload "$TMP/nofp.txt" "$BUILD/lw_counts" handoff 20
check_eq "no frame pointers, depth 32: the same counts as bare" "$bare" "$(sed 's/lock=0x[0-9a-f]* //' "$TMP/stdout")"
check "no frame pointers, depth 32: its waits have stacks from its own code" \
  grep -Eq "kind=stack .*frames=[^ ]*handoff_helper\+$HEX" "$TMP/nofp.txt"
check "the launcher's -d 0 turns stacks off" \
  "$ROOT/lockwait/tool/lockwait" -d 0 -o "$TMP/l0.txt" -- "$BUILD/lw_calls"
check "... and its report says so" grep -q '^lockwait: stacks off' "$TMP/l0.txt"
finish

/* lw_stacks.h - call stacks of contended waits (and of lock inits and
 * thread creation): captured by a frame-pointer walk that never faults and
 * never allocates outside the arena, interned once into a lock-free table so
 * that a stack is a small id, and summed per (lock, stack). Symbolized only
 * at exit (lw_symbols.c). Depth: LOCKWAIT_STACK_DEPTH (0 turns it off). */
#ifndef LW_STACKS_H
#define LW_STACKS_H

#include <stdint.h>

#include "lw_record.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LW_HAS_ASAN 1
#endif
#endif
#ifndef LW_HAS_ASAN
#define LW_HAS_ASAN 0
#endif

#define LW_STACK_BITS 16      /* distinct stacks kept: 3/4 of 2^16 */
#define LW_LSTACK_BITS 17     /* distinct (lock, stack) pairs kept: 3/4 of 2^17 */

/* An interned stack: pc[0] is the call site of the lock function (a return
 * address into the program), pc[1..] the return addresses above it,
 * innermost first. */
struct lw_stack {
    uint32_t n, hash;
    uintptr_t pc[];
};

/* The waits of one lock from one stack, summed over threads. */
struct lw_lstack {
    struct lw_lock *lock;
    uint32_t stack;
    au64 n, timeouts, wait_ns, max_wait_ns;
    uint64_t dumped[3]; /* n, timeouts, wait_ns shown by the last report (lw_interval.c) */
    struct lw_lstack *next; /* the one created before it (lw_lstacks) */
};

/* The calling thread's stack as an id (0: stacks off, or none kept). pc is
 * the lock function's return address (RA() in the wrapper): the walk skips
 * the library's own frames by finding the frame that returns to pc, so the
 * caller may be any depth inside the library. Async-signal-safe; reads only
 * this thread's stack between its current frame and the top recorded by
 * lw_stack_bounds. */
LW_HIDDEN uint32_t lw_stack_capture(uintptr_t pc);
/* The stack of a contended wait, sampled so that most waits do little
 * before the real call (issue 38: the walk acted as a spin): per thread and
 * (call site, caller) pair, the first LW_WAIT_STACK_ALL waits and then one
 * in LW_WAIT_STACK_SAMPLE walk the whole stack; the others read two frames
 * (the pair) and take its last walked stack (counted:
 * lw_thread.wait_stacks_reused). A signal handler's wait that interrupts
 * this, or one off the thread's own stack, is captured as by lw_stack_capture. */
#define LW_WAIT_STACK_ALL 4
#define LW_WAIT_STACK_SAMPLE 16
LW_HIDDEN uint32_t lw_wait_stack(uintptr_t pc);
LW_HIDDEN uint64_t lw_wait_stacks_reused(void); /* over all threads, so far */
LW_HIDDEN uint32_t lw_stack_walk_only(void); /* a walk of the caller's stack, not kept (its cost) */
LW_HIDDEN const struct lw_stack *lw_stack_get(uint32_t id); /* NULL: no such id */
LW_HIDDEN uint32_t lw_stack_count(void); /* ids are 1 .. lw_stack_slots() (sparse) */
LW_HIDDEN uint32_t lw_stack_slots(void);

/* This thread's stack lies in [lo, hi]: set at thread start (from the size
 * the thread was created with) and for the main thread at start. Until set,
 * stacks are one frame (the call site). */
LW_HIDDEN void lw_stack_bounds(uintptr_t lo, uintptr_t hi);
LW_HIDDEN void lw_stack_bounds_main(void);
/* whether the caller runs on its thread's own stack, known and big (256 KiB
 * or more): not on a signal stack, a coroutine's or a small thread's, where
 * a few KiB may be all there is and the slow paths do less */
LW_HIDDEN int lw_on_big_stack(void);
/* the usable depth of a thread stack of size bytes whose top frame is hi */
LW_HIDDEN uintptr_t lw_stack_low(uintptr_t hi, uint64_t size);

/* add one wait of `ns` on lock r from stack id (got: ended with the lock) */
LW_HIDDEN void lw_lstack_note(struct lw_lock *r, uint32_t stack, uint64_t ns, int got);
/* the newest (lock, stack) sum, read at exit: with .next, all of them
 * (not the table's slots, 1 MiB to read) */
LW_HIDDEN struct lw_lstack *lw_lstacks(void);
#define LW_LSTACK_SLOTS (1u << LW_LSTACK_BITS)

LW_HIDDEN int lw_stacks_init(void); /* at start, after lw_core_init: 0 or -1 */

/* The mutex and condvar wrappers' common case builds no frame record
 * (lw_mutex.c, lw_waits.c), so a signal handler that interrupts it would
 * lose the lock call's site from its stacks. On x86-64, where such a leaf
 * pushes nothing (tests/leaf.sh), the walk reads that site at the
 * interrupted stack pointer instead, from the signal frame under the
 * handler's record: it knows the leaves by their section and the signal
 * frame by the return trampoline the C library installs with every handler
 * (noted by lw_signals.c). Elsewhere nothing is read: on arm64 (where a
 * leaf that builds no record keeps its return address in the link
 * register, and such a stack misses the call's caller) and in builds whose
 * leaves may build a frame (unoptimised, sanitized). */
#if defined(__x86_64__) && defined(__linux__) && defined(__GLIBC__) && defined(__OPTIMIZE__) && \
    !defined(__SANITIZE_ADDRESS__) && !LW_HAS_ASAN
#define LW_SIGFRAME 1
#else
#define LW_SIGFRAME 0
#endif
#define LW_LEAF __attribute__((section("lw_leaf")))
/* the trampoline a handler returns through (0: not known) */
LW_HIDDEN void lw_stack_note_restorer(uintptr_t restorer);

#endif

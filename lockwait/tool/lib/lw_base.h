/* lw_base.h - the macros every part of liblockwait uses: visibility,
 * branch hints, the relaxed atomics its counters are written with, and
 * why a report is made. Declares no function. */
#ifndef LW_BASE_H
#define LW_BASE_H

#include <stdatomic.h>
#include <stdint.h>

#define LW_HIDDEN __attribute__((visibility("hidden")))
#define LW_LIKELY(x) __builtin_expect(!!(x), 1)
#define LW_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* why a report is made (lw_report, lw_tree_end): at exit, periodically
 * or when the dump signal asked; any other value is the signal that ends
 * the process */
#define LW_AT_EXIT 0
#define LW_AT_INTERVAL (-1)

typedef _Atomic uint64_t au64;
typedef _Atomic uint32_t au32;

/* relaxed load/store: plain moves on x86-64 and arm64 */
#define LD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define ST(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)
/* increment by the only writer (the holder): no lock prefix */
#define BUMP1(x, v) ST(x, LD(x) + (v))
/* increment by any thread */
#define ADD(x, v) atomic_fetch_add_explicit(&(x), (v), memory_order_relaxed)
/* node onto the front of the lock-free list at head (an _Atomic pointer),
 * through node->next: safe against other threads and signal handlers
 * pushing too, and against readers walking the list meanwhile */
#define LW_PUSH(head, node)                                                                              \
    do {                                                                                                 \
        (node)->next = atomic_load_explicit(&(head), memory_order_relaxed);                              \
        while (!atomic_compare_exchange_weak_explicit(&(head), &(node)->next, (node), memory_order_release, \
                                                      memory_order_relaxed))                             \
            ;                                                                                            \
    } while (0)
/* the maximum, by the only writer */
#define MAX1(x, v)                                                              \
    do {                                                                        \
        uint64_t v_ = (v);                                                      \
        if (v_ > LD(x))                                                         \
            ST(x, v_);                                                          \
    } while (0)

#endif

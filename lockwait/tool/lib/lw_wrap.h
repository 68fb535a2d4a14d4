/* lw_wrap.h - what the wrapper files (lw_mutex.c, liblockwait.c,
 * lw_waits.c and the others that define LW_API functions) share: the macros
 * around the real functions (lw_real.h). */
#ifndef LW_WRAP_H
#define LW_WRAP_H

#include <pthread.h>
#include <semaphore.h>
#include <time.h>

#include "lw_real.h"

#define LW_API __attribute__((visibility("default")))
#define RA() ((uintptr_t)__builtin_return_address(0))

/* One load and test on the fast path; resolve on first use. */
#define NEED(f)                                                                 \
    do {                                                                        \
        if (LW_UNLIKELY(!lw_real.f)) {                                          \
            if (!lw_resolve())                                                  \
                return 0;                                                       \
            if (!lw_real.f)                                                     \
                return ENOSYS;                                                  \
        }                                                                       \
    } while (0)

/* 0, the answer of a leaf's rare cases (lw_mutex.c, lw_spin.c), hidden
 * from the optimiser: clang otherwise sees that such a case always returns
 * 0 and calls it, then returns 0 itself, where a jump is wanted (a call
 * makes the wrapper save registers and build a frame) */
static inline __attribute__((always_inline)) int answer_0(void)
{
    int zero = 0;
    __asm__("" : "+r"(zero));
    return zero;
}

/* how a blocking call waits: as long as it takes, until a deadline, or until
 * a deadline on a given clock */
enum how { PLAIN, TIMED, CLOCKED };

/* A deadline glibc refuses (EINVAL) before it looks at the lock: a clock
 * its futexes cannot wait on (mutexes, rwlocks, semaphores) and, where
 * checks_ns (rwlocks, semaphores), a missing deadline or one whose tv_nsec
 * is out of range. The wrappers' first try would take a free lock the bare
 * call refuses: such calls go to glibc's call at once. */
static inline int lw_deadline_refused(enum how how, clockid_t c, const struct timespec *ts, int checks_ns)
{
    if (how == PLAIN)
        return 0;
    if (how == CLOCKED && c != CLOCK_REALTIME && c != CLOCK_MONOTONIC)
        return 1;
    return checks_ns && (!ts || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000L);
}

#endif

/* lw_clock.h - the library's clocks (lw_clock.c): CLOCK_MONOTONIC ns and
 * the ticks that time waits, holds and trace records. */
#ifndef LW_CLOCK_H
#define LW_CLOCK_H

#include <stdint.h>

#include "lw_base.h"

LW_HIDDEN uint64_t lw_now(void); /* CLOCK_MONOTONIC ns */

/* Ticks: the timestamps of waits, holds, signals and trace records. A read
 * of CLOCK_MONOTONIC costs tens of ns even through the vDSO, and a contended
 * wait needs one just before the waiter's real lock call and one inside the
 * critical section it then starts; both delays let the holder come back for
 * the lock, turning hand-overs into futex sleeps. Where a counter the kernel
 * trusts is readable in user space (x86-64: an invariant TSC that is the
 * kernel's clocksource; arm64: the generic timer's virtual count) a tick is
 * one counter read; elsewhere a tick is a CLOCK_MONOTONIC ns. Waits are
 * converted to ns when they are accounted (outside any critical section),
 * holds and trace timestamps at exit, with a rate measured against
 * CLOCK_MONOTONIC (lw_clock.c). */
LW_HIDDEN extern int lw_counter; /* 1: ticks are counter reads */
LW_HIDDEN extern const char *lw_counter_why; /* what ticks are and why, for the report (a static string) */
static inline __attribute__((always_inline)) uint64_t lw_ticks(void)
{
#if defined(__x86_64__)
    if (LW_LIKELY(lw_counter))
        return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    if (LW_LIKELY(lw_counter)) {
        uint64_t v;
        __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
        return v;
    }
#endif
    return lw_now();
}
/* Ask for p's cache line for writing, without waiting for it: a hint that
 * holds nothing up. x86-64: PREFETCHW where CPUID lists it (lw_clock.c;
 * older CPUs need not accept it); elsewhere the compiler's write prefetch
 * (arm64: PRFM PSTL1KEEP). */
LW_HIDDEN extern int lw_write_prefetch;
static inline __attribute__((always_inline)) void lw_prefetch_for_write(const void *p)
{
#if defined(__x86_64__)
    if (LW_LIKELY(lw_write_prefetch))
        __asm__ volatile("prefetchw %0" ::"m"(*(const char *)p));
#else
    __builtin_prefetch(p, 1, 3);
#endif
}
/* at start (after the settings): choose the counter (0: CLOCK_MONOTONIC,
 * LOCKWAIT_COUNTER=0) and the write prefetch, note the start pair */
LW_HIDDEN void lw_ticks_init(int counter);
LW_HIDDEN uint64_t lw_ticks_ns(uint64_t d); /* a duration in ticks, in ns */
LW_HIDDEN void lw_ticks_end(void); /* note the exit pair (before the report and the trace) */
LW_HIDDEN uint64_t lw_ticks_mono(uint64_t t); /* a tick time as CLOCK_MONOTONIC ns (after lw_ticks_end) */
LW_HIDDEN long lw_nvcsw(void); /* this thread's voluntary switches (getrusage), -1: unknown; not counted as a probe */

#endif

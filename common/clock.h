/* clock.h - the one clock (clock.c) of the experiments and of liblockwait,
 * which compiles clock.c alone: CLOCK_MONOTONIC ns, and ticks, the cheap
 * timestamps of many short events. (The CPU's cycle rate is another matter:
 * clock_estimate.c.) All of it is async-signal-safe and takes no memory:
 * the library calls it from its wrappers and signal handlers. */
#ifndef SHARECOST_CLOCK_H
#define SHARECOST_CLOCK_H

#include <stdint.h>

/* each binary's own: a shared object that compiles it in reads
 * ticks_counter without a GOT load, and exports none of it */
#pragma GCC visibility push(hidden)

uint64_t now_ns(void); /* CLOCK_MONOTONIC ns (never REALTIME, which jumps) */

/* Ticks. A read of CLOCK_MONOTONIC costs tens of ns even through the vDSO:
 * as much as an uncontended lock/unlock pair, or a ping-pong round trip's
 * few percent. Where a counter the kernel trusts is readable in user space
 * (x86-64: an invariant TSC the kernel vouches for; arm64: the generic
 * timer's virtual count) a tick is one counter read; elsewhere a tick is a
 * CLOCK_MONOTONIC ns. They become ns at a rate measured against
 * CLOCK_MONOTONIC between (tick, ns) pairs: one at ticks_init, one at
 * ticks_end. A counter read does not wait for earlier instructions (no
 * LFENCE, no ISB): the events timed here include system calls or lock
 * hand-overs, which cost far more than the reordering can move. */
extern int ticks_counter;     /* 1: ticks are counter reads */
extern const char *ticks_why; /* what ticks are and why, for a report (a static string) */
static inline __attribute__((always_inline)) uint64_t ticks_now(void)
{
#if defined(__x86_64__)
    if (__builtin_expect(ticks_counter, 1))
        return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    if (__builtin_expect(ticks_counter, 1)) {
        uint64_t v;
        __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
        return v;
    }
#endif
    return now_ns();
}
/* Once, before the first ticks_now: choose the counter and note the start
 * pair. no_counter: NULL, or the caller's own reason to keep
 * CLOCK_MONOTONIC, which becomes ticks_why. Leaves errno as it was (a
 * constructor may call it). */
void ticks_init(const char *no_counter);
uint64_t ticks_ns(uint64_t d);   /* a duration in ticks, in ns */
void ticks_end(void);            /* note the exit pair: the rate over the whole run from now on */
uint64_t ticks_mono(uint64_t t); /* a tick time as CLOCK_MONOTONIC ns (the whole run's rate after ticks_end) */
/* The experiments' two: ns per tick, over 10 ms or more from the start
 * pair (the first call waits them out), and "tsc", "cntvct" or
 * "clock_monotonic". Each calls ticks_init(NULL) if nothing did. */
double ticks_ns_per_tick(void);
const char *ticks_source(void);
/* under a seccomp filter? (/proc/self/status "Seccomp: 2"; 0: none, or not
 * known): a system call the program never makes itself may kill it */
int seccomp_filtered(void);

#pragma GCC visibility pop

#endif

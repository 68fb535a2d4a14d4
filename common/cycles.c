/* cycles.c - a cheap timestamp for timing many short events (see common.h).
 * Which counter is trusted is decided once; the rate is measured against
 * CLOCK_MONOTONIC, so no nominal frequency is assumed. */
#define _GNU_SOURCE
#include "common.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#if defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>
#endif

enum { SRC_UNKNOWN, SRC_TSC, SRC_CNTVCT, SRC_MONO };
static int source;

#if defined(__x86_64__) && defined(__linux__)
/* The TSC only if it ticks at one rate in every power state (CPUID's
 * invariant-TSC bit) and the kernel keeps time with it (it checked that the
 * CPUs' counters agree, and would have switched away otherwise). */
static int pick_source(void)
{
    unsigned a, b, c, d;
    char buf[16] = {0};
    if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8)))
        return SRC_MONO;
    int fd = open("/sys/devices/system/clocksource/clocksource0/current_clocksource", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return SRC_MONO;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    return n >= 3 && !memcmp(buf, "tsc", 3) && (n == 3 || buf[3] == '\n') ? SRC_TSC : SRC_MONO;
}
#elif defined(__aarch64__) && defined(__linux__)
static int pick_source(void)
{
    return SRC_CNTVCT; /* one rate and one count for all cores, by the architecture */
}
#else
static int pick_source(void)
{
    return SRC_MONO;
}
#endif

uint64_t ticks_now(void)
{
    if (source == SRC_UNKNOWN)
        source = pick_source();
#if defined(__x86_64__)
    if (source == SRC_TSC)
        return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    if (source == SRC_CNTVCT) {
        uint64_t v;
        __asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v));
        return v;
    }
#endif
    return now_ns();
}

const char *ticks_source(void)
{
    ticks_now();
    return source == SRC_TSC ? "tsc" : source == SRC_CNTVCT ? "cntvct" : "clock_monotonic";
}

double ticks_ns_per_tick(void)
{
    static double rate;
    if (rate > 0)
        return rate;
    if (ticks_now() && source == SRC_MONO)
        return rate = 1;
    /* 10 ms between two (counter, clock) pairs: the clock reads' own cost
     * bounds the error to about 1e-5 */
    uint64_t m0 = now_ns(), c0 = ticks_now(), m1, c1;
    do {
        m1 = now_ns();
        c1 = ticks_now();
    } while (m1 - m0 < 10000000u);
    return rate = (double)(m1 - m0) / (double)(c1 - c0);
}

/* clock.c - the one clock (clock.h): which counter ticks are read from,
 * chosen once, and their conversion to ns. No stdio and no malloc:
 * liblockwait compiles this file alone and calls it from signal handlers. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <fcntl.h>
#include <sys/syscall.h>
#endif
#if defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>
#endif

#include "clock.h"

uint64_t now_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        abort(); /* cannot happen on Linux; no message, as no stdio is safe here */
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int ticks_counter;
const char *ticks_why = "CLOCK_MONOTONIC: not chosen yet";
static uint64_t tick0, mono0;        /* the start pair; mono0 0: ticks_init not called */
static uint64_t tick1, mono1;        /* the exit pair */
static _Atomic uint64_t tick_mult;   /* ns per tick, 32.32 fixed point; 0: not yet known */
static _Atomic uint64_t tick_refine; /* the tick from which a provisional rate is measured again; 0: none */
#define LD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define ST(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

/* a * b / c without overflow (a, b below 2^64; results that fit) */
static inline uint64_t muldiv(uint64_t a, uint64_t b, uint64_t c)
{
#ifdef __SIZEOF_INT128__
    return (uint64_t)((unsigned __int128)a * b / c);
#else
    return (uint64_t)((long double)a * b / c); /* no counter on such targets */
#endif
}

/* a (ticks, CLOCK_MONOTONIC ns) pair read as close together as we can:
 * the tightest of a few tries, as a thread preempted between the reads
 * (a loaded machine) would pair a tick with a time milliseconds off, and
 * the rate measured over 1 ms from such a pair would be off as many times
 * (seen: every wait reported 8 times too long) */
static void tick_pair(uint64_t *t, uint64_t *ns)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 8 && best > 2000; i++) {
        uint64_t a = now_ns(), tk = ticks_now(), b = now_ns();
        if (b - a < best) {
            best = b - a;
            *t = tk;
            *ns = a + (b - a) / 2;
        }
    }
}

#ifdef __linux__
/* the start of a small file (sysfs, /proc), NUL-terminated (at most n - 1
 * bytes), or "" when it cannot be read */
static void read_small(const char *path, char *buf, size_t n)
{
    buf[0] = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t got = read(fd, buf, n - 1);
    close(fd);
    buf[got > 0 ? got : 0] = 0;
}

/* (clock.h) A filter built from what the program calls may kill it at a
 * system call it never makes itself, such as clock_gettime's, which it
 * reaches through the vDSO. */
int seccomp_filtered(void)
{
    char buf[4096];
    read_small("/proc/self/status", buf, sizeof buf);
    const char *p = strstr(buf, "\nSeccomp:");
    if (!p)
        return 0;
    p += strlen("\nSeccomp:");
    while (*p == ' ' || *p == '\t')
        p++;
    return *p != '0';
}
#else
int seccomp_filtered(void)
{
    return 0;
}
#endif

#if defined(__x86_64__) && defined(__linux__)
/* the fewest TSC ticks one CLOCK_MONOTONIC read took in `tries`, through
 * the vDSO (via_syscall 0) or through the system call itself */
static uint64_t clock_read_ticks(int via_syscall, int tries)
{
    uint64_t best = UINT64_MAX;
    struct timespec ts;
    for (int i = 0; i < tries; i++) {
        uint64_t a = __builtin_ia32_rdtsc();
        if (via_syscall)
            syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
        else
            clock_gettime(CLOCK_MONOTONIC, &ts);
        uint64_t d = __builtin_ia32_rdtsc() - a;
        if (d < best)
            best = d;
    }
    return best;
}


/* s, or the decimal v when s is NULL, written at p (up to end, which
 * stays a NUL): snprintf without stdio */
static char *put(char *p, char *end, const char *s, uint64_t v)
{
    char digits[24], *d = digits + sizeof digits;
    if (!s) {
        *--d = 0;
        do
            *--d = (char)('0' + v % 10);
        while (v /= 10);
        s = d;
    }
    while (*s && p < end)
        *p++ = *s++;
    *p = 0;
    return p;
}

/* The TSC only if it ticks at one rate in every power state (CPUID's
 * invariant TSC bit: /proc/cpuinfo's constant_tsc + nonstop_tsc) and the
 * CPUs' counters agree, which the kernel vouches for in one of two ways:
 * - its clocksource is "tsc": it checked them at boot (and switches away
 *   if they stop agreeing; a later switch is not seen here);
 * - its clocksource is "kvm-clock" (a KVM guest) and clock_gettime runs in
 *   the vDSO: the vDSO reads kvm-clock from the TSC of whichever vCPU it
 *   runs on only while the host says every vCPU's TSC is in step
 *   (PVCLOCK_TSC_STABLE_BIT), and falls back to the system call otherwise,
 *   which then costs what the system call costs. Told apart by time: the
 *   vDSO read must take at most half the system call's (seen: 63 and
 *   2 300 ticks; a guest without page-table isolation may have a cheaper
 *   system call, hence not a larger factor). Guests whose kernel was told
 *   the TSC is unstable (tsc=unstable) use kvm-clock this way. Not under a
 *   seccomp filter, which may forbid that system call.
 * Costs a few us at start, on kvm-clock only. The reason, with the two
 * timings, goes to ticks_why. */
static int counter_usable(void)
{
    static char why[256];
    unsigned a, b, c, d;
    if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8))) {
        ticks_why = "CLOCK_MONOTONIC: the CPU reports no invariant TSC";
        return 0;
    }
    char src[32];
    read_small("/sys/devices/system/clocksource/clocksource0/current_clocksource", src, sizeof src);
    src[strcspn(src, "\n")] = 0;
    if (!strcmp(src, "tsc")) {
        ticks_why = "the TSC (invariant, and the kernel's clocksource)";
        return 1;
    }
    if (!strcmp(src, "kvm-clock")) {
        if (seccomp_filtered()) {
            ticks_why = "CLOCK_MONOTONIC: the clocksource is kvm-clock, and under a seccomp filter the "
                        "library does not time the system call that tells whether the vDSO reads the TSC";
            return 0;
        }
        uint64_t vdso = clock_read_ticks(0, 8), sys = clock_read_ticks(1, 3);
        int usable = vdso <= sys / 2;
        char *p = why, *end = why + sizeof why - 1;
        p = put(p, end, usable ? "the TSC (invariant; the clocksource is" : "CLOCK_MONOTONIC: the clocksource is", 0);
        p = put(p, end, " kvm-clock, clock_gettime ", 0);
        p = put(p, end, NULL, vdso);
        p = put(p, end, " TSC ticks in the vDSO against ", 0);
        p = put(p, end, NULL, sys);
        put(p, end,
            usable ? " for the system call: the vDSO reads the TSC, so the host keeps the vCPUs' counters in step)"
                   : " for the system call, not under half: the vDSO may not read the TSC",
            0);
        ticks_why = why;
        return usable;
    }
    ticks_why = src[0] ? "CLOCK_MONOTONIC: the kernel's clocksource is not the TSC"
                       : "CLOCK_MONOTONIC: the kernel's clocksource is not readable";
    return 0;
}
#elif defined(__aarch64__) && defined(__linux__)
/* the generic timer: one rate and one count for all cores by the
 * architecture, readable at EL0 under Linux (not tested on arm64 here) */
static int counter_usable(void)
{
    ticks_why = "the generic timer's virtual count (cntvct_el0)";
    return 1;
}
#else
static int counter_usable(void)
{
    ticks_why = "CLOCK_MONOTONIC: no cycle counter is read on this system";
    return 0;
}
#endif

void ticks_init(const char *no_counter)
{
    int saved = errno;
    if (no_counter)
        ticks_why = no_counter;
    else
        ticks_counter = counter_usable();
    tick_pair(&tick0, &mono0);
    errno = saved;
}

/* The rate for durations, from the start pair to now: over 1 ms or more,
 * where the pairs' width (about 0.1 us) bounds its error to about 1e-4 of
 * a duration, once. A process's waits in its first millisecond get a
 * provisional rate over at least 50 us (error about 2e-3), measured again
 * by the first conversion after that millisecond. Waiting it out instead
 * stalled the thread that accounted the first wait: its unlock took 740 and
 * 758 us in a program whose first wait ended 50 us after its start. */
#define RATE_NS 1000000
#define RATE_MIN_NS 50000
static __attribute__((noinline)) uint64_t tick_rate(void)
{
    uint64_t t, ns;
    do
        tick_pair(&t, &ns);
    while (ns - mono0 < RATE_MIN_NS || t == tick0);
    uint64_t m = muldiv(ns - mono0, (uint64_t)1 << 32, t - tick0);
    uint64_t left_ns = ns - mono0 < RATE_NS ? RATE_NS - (ns - mono0) : 0;
    ST(tick_refine, left_ns ? t + muldiv(left_ns, (uint64_t)1 << 32, m) : 0); /* before the rate: see ticks_ns */
    ST(tick_mult, m);
    return m;
}

uint64_t ticks_ns(uint64_t d)
{
    if (!ticks_counter)
        return d;
    uint64_t m = LD(tick_mult), refine = LD(tick_refine);
    /* (a thread that sees the rate but not yet its refine tick converts
     * with the provisional rate meanwhile) */
    if (__builtin_expect(m == 0 || (refine && ticks_now() >= refine), 0))
        m = tick_rate();
    return muldiv(d, m, (uint64_t)1 << 32);
}

/* At exit: the rate over the whole run, for the trace and for what is
 * converted from now on (the library's holds, at its report) */
void ticks_end(void)
{
    if (!ticks_counter)
        return;
    tick_pair(&tick1, &mono1);
    if (mono1 - mono0 >= RATE_NS && tick1 > tick0) {
        ST(tick_refine, 0);
        ST(tick_mult, muldiv(mono1 - mono0, (uint64_t)1 << 32, tick1 - tick0));
    }
}

/* Trace timestamps join the program's own CLOCK_MONOTONIC times, so they
 * use the rate over the whole run (start to exit), not the early one. */
uint64_t ticks_mono(uint64_t t)
{
    if (!ticks_counter)
        return t;
    if (tick1 <= tick0) /* no exit pair yet */
        return mono0 + ticks_ns(t - tick0);
    if (t >= tick0)
        return mono0 + muldiv(t - tick0, mono1 - mono0, tick1 - tick0);
    return mono0 - muldiv(tick0 - t, mono1 - mono0, tick1 - tick0);
}

/* 10 ms between the pairs: their width bounds the error to about 1e-5 */
double ticks_ns_per_tick(void)
{
    if (!mono0)
        ticks_init(NULL);
    if (!ticks_counter)
        return 1;
    while (tick1 <= tick0 || mono1 - mono0 < 10 * RATE_NS)
        ticks_end();
    return (double)(mono1 - mono0) / (double)(tick1 - tick0);
}

const char *ticks_source(void)
{
    if (!mono0)
        ticks_init(NULL);
#if defined(__x86_64__)
    if (ticks_counter)
        return "tsc";
#elif defined(__aarch64__)
    if (ticks_counter)
        return "cntvct";
#endif
    return "clock_monotonic";
}

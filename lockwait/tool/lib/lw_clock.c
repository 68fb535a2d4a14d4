/* lw_clock.c - the library's clocks: CLOCK_MONOTONIC, the ticks of waits,
 * holds and trace records (a cycle counter where the kernel trusts one,
 * chosen at start), their conversion to ns, the write prefetch and the
 * sleep probe's switch count (lw_clock.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif
#if defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>
#include <fcntl.h>
#endif

#include "lw_clock.h"

uint64_t lw_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---------------------------------------------------------------- ticks */

int lw_counter;
static uint64_t tick0, mono0;      /* the start pair */
static uint64_t tick1, mono1;      /* the exit pair */
static _Atomic uint64_t tick_mult; /* ns per tick, 32.32 fixed point; 0: not yet known */
static _Atomic uint64_t tick_refine; /* the tick from which a provisional rate is measured again; 0: none */

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
        uint64_t a = lw_now(), tk = lw_ticks(), b = lw_now();
        if (b - a < best) {
            best = b - a;
            *t = tk;
            *ns = a + (b - a) / 2;
        }
    }
}

const char *lw_counter_why = "CLOCK_MONOTONIC: not chosen yet";

#if defined(__x86_64__) && defined(__linux__)
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

/* the kernel's clocksource, or "" */
static void clocksource(char *buf, size_t n)
{
    read_small("/sys/devices/system/clocksource/clocksource0/current_clocksource", buf, n);
    buf[strcspn(buf, "\n")] = 0;
}

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

/* under a seccomp filter? (/proc/self/status "Seccomp: 2"; 0: none, or
 * not known). A filter built from what the program calls may kill it at a
 * system call it never makes itself, such as clock_gettime's, which it
 * reaches through the vDSO. */
static int seccomp_filtered(void)
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
 * timings, goes to the report. */
static int counter_usable(void)
{
    static char why[200];
    unsigned a, b, c, d;
    if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8))) {
        lw_counter_why = "CLOCK_MONOTONIC: the CPU reports no invariant TSC";
        return 0;
    }
    char src[32];
    clocksource(src, sizeof src);
    if (!strcmp(src, "tsc")) {
        lw_counter_why = "the TSC (invariant, and the kernel's clocksource)";
        return 1;
    }
    if (!strcmp(src, "kvm-clock")) {
        if (seccomp_filtered()) {
            lw_counter_why = "CLOCK_MONOTONIC: the clocksource is kvm-clock, and under a seccomp filter the "
                             "library does not time the system call that tells whether the vDSO reads the TSC";
            return 0;
        }
        uint64_t vdso = clock_read_ticks(0, 8), sys = clock_read_ticks(1, 3);
        int usable = vdso <= sys / 2;
        snprintf(why, sizeof why,
                 "%s kvm-clock, clock_gettime %llu TSC ticks in the vDSO against %llu for the system call%s",
                 usable ? "the TSC (invariant; the clocksource is" : "CLOCK_MONOTONIC: the clocksource is",
                 (unsigned long long)vdso, (unsigned long long)sys,
                 usable ? ": the vDSO reads the TSC, so the host keeps the vCPUs' counters in step)"
                        : ", not under half: the vDSO may not read the TSC");
        lw_counter_why = why;
        return usable;
    }
    lw_counter_why = src[0] ? "CLOCK_MONOTONIC: the kernel's clocksource is not the TSC"
                            : "CLOCK_MONOTONIC: the kernel's clocksource is not readable";
    return 0;
}
#elif defined(__aarch64__) && defined(__linux__)
/* the generic timer: one rate and one count for all cores by the
 * architecture, readable at EL0 under Linux (not tested on arm64 here) */
static int counter_usable(void)
{
    lw_counter_why = "the generic timer's virtual count (cntvct_el0)";
    return 1;
}
#else
static int counter_usable(void)
{
    lw_counter_why = "CLOCK_MONOTONIC: no cycle counter is read on this system";
    return 0;
}
#endif

int lw_write_prefetch;

/* CPUID's PRFCHW bit (the 3DNow! prefetch that AMD has always had and
 * Intel since Broadwell): PREFETCHW is safe to run */
static int write_prefetch_usable(void)
{
#if defined(__x86_64__) && defined(__linux__)
    unsigned a, b, c, d;
    return __get_cpuid(0x80000001, &a, &b, &c, &d) && (c & (1u << 8));
#else
    return 0;
#endif
}

void lw_ticks_init(int counter)
{
    int saved = errno; /* a constructor: the program's main must find errno as it was */
    if (counter)
        lw_counter = counter_usable();
    else
        lw_counter_why = "CLOCK_MONOTONIC: LOCKWAIT_COUNTER=0";
    lw_write_prefetch = write_prefetch_usable();
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
#define LW_RATE_NS 1000000
#define LW_RATE_MIN_NS 50000
static __attribute__((noinline)) uint64_t tick_rate(void)
{
    uint64_t t, ns;
    do
        tick_pair(&t, &ns);
    while (ns - mono0 < LW_RATE_MIN_NS || t == tick0);
    uint64_t m = muldiv(ns - mono0, (uint64_t)1 << 32, t - tick0);
    uint64_t left_ns = ns - mono0 < LW_RATE_NS ? LW_RATE_NS - (ns - mono0) : 0;
    ST(tick_refine, left_ns ? t + muldiv(left_ns, (uint64_t)1 << 32, m) : 0); /* before the rate: see lw_ticks_ns */
    ST(tick_mult, m);
    return m;
}

uint64_t lw_ticks_ns(uint64_t d)
{
    if (!lw_counter)
        return d;
    uint64_t m = LD(tick_mult), refine = LD(tick_refine);
    /* (a thread that sees the rate but not yet its refine tick converts
     * with the provisional rate meanwhile) */
    if (LW_UNLIKELY(m == 0 || (refine && lw_ticks() >= refine)))
        m = tick_rate();
    return muldiv(d, m, (uint64_t)1 << 32);
}

/* At exit: the rate over the whole run, for the trace and for what is
 * converted from now on (the holds, at the report) */
void lw_ticks_end(void)
{
    if (!lw_counter)
        return;
    tick_pair(&tick1, &mono1);
    if (mono1 - mono0 >= LW_RATE_NS && tick1 > tick0) {
        ST(tick_refine, 0);
        ST(tick_mult, muldiv(mono1 - mono0, (uint64_t)1 << 32, tick1 - tick0));
    }
}

/* Trace timestamps join the program's own CLOCK_MONOTONIC times, so they
 * use the rate over the whole run (start to exit), not the early one. */
uint64_t lw_ticks_mono(uint64_t t)
{
    if (!lw_counter)
        return t;
    if (tick1 <= tick0) /* no exit pair yet */
        return mono0 + lw_ticks_ns(t - tick0);
    if (t >= tick0)
        return mono0 + muldiv(t - tick0, mono1 - mono0, tick1 - tick0);
    return mono0 - muldiv(tick0 - t, mono1 - mono0, tick1 - tick0);
}

/* this thread's voluntary context switches, -1 where unknown (uncounted:
 * lw_probes.c times it with this) */
__attribute__((noinline)) long lw_nvcsw(void) /* its struct rusage only when called */
{
#if defined(__linux__) && defined(RUSAGE_THREAD)
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) == 0)
        return ru.ru_nvcsw;
#endif
    return -1;
}

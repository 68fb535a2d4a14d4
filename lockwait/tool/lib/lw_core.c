/* lw_core.c - liblockwait's state: the lock records and their table, each
 * thread's statistics per lock, the threads, the trace buffers, the
 * timestamps (ticks); holds and waits are recorded in lw_account.c. The wrappers
 * (lw_mutex.c, liblockwait.c, lw_waits.c) call in here off the fast path;
 * the fast-path helpers are inline in lw_fastpath.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

#include "lw_fastpath.h"
#include "lw_stacks.h"

__thread struct lw_tls lw_tls __attribute__((tls_model("initial-exec")));
struct lw_state lw;

/* ---------------------------------------------------------------- utilities */

uint64_t lw_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---------------------------------------------------------------- ticks (lw_internal.h) */

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

void lw_ticks_init(void)
{
    int saved = errno; /* a constructor: the program's main must find errno as it was */
    if (lw.cfg.counter)
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

uint32_t lw_gettid(void)
{
    uint32_t t = lw_tls.tid;
    if (LW_LIKELY(t))
        return t;
#ifdef __linux__
    t = (uint32_t)syscall(SYS_gettid);
#else
    static au32 next_id = 1;
    t = ADD(next_id, 1) + 1000000u; /* no kernel tid: a unique number */
#endif
    if (!lw_tls.forking_tid)
        lw_tls.tid = t;
    return t;
}

void lw_max_u64(au64 *x, uint64_t v)
{
    uint64_t cur = LD(*x);
    while (v > cur && !atomic_compare_exchange_weak_explicit(x, &cur, v, memory_order_relaxed,
                                                              memory_order_relaxed))
        ;
}

/* A bump allocator over one reserved mapping: lock-free, usable from signal
 * handlers and never through the program's malloc (which may take locks). */
#define LW_ARENA_BYTES ((size_t)1 << 30) /* reserved, touched only as used */
static char *arena;
static au64 arena_used;

void *lw_alloc(size_t n)
{
    if (!arena)
        return NULL;
    n = (n + 63) & ~(size_t)63;
    uint64_t off = ADD(arena_used, n);
    if (off + n > LW_ARENA_BYTES) {
        ADD(lw.arena_failed, 1);
        return NULL;
    }
    return arena + off; /* fresh anonymous pages are zero */
}

/* n bytes on 128-byte pairs of lines of their own, for what a thread writes
 * on every call (its lw_tstat): Intel's adjacent-line prefetcher moves lines
 * in 128-byte pairs, so two threads' counters 64 bytes apart behave as if
 * they shared a line (the suite's false_sharing experiment measures it) */
void *lw_alloc_pair(size_t n)
{
    char *p = lw_alloc(((n + 127) & ~(size_t)127) + 64); /* 64-aligned: at most 64 to skip */
    return p ? (void *)(((uintptr_t)p + 127) & ~(uintptr_t)127) : NULL;
}

/* the arena and the lock table: reserved address space, touched as used */
int lw_core_init(void)
{
    void *a = mmap(NULL, LW_ARENA_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    void *t = mmap(NULL, LW_TABLE_SLOTS * sizeof(void *), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (a == MAP_FAILED || t == MAP_FAILED)
        return -1;
    arena = a;
    lw.table = t;
    return 0;
}

/* ---------------------------------------------------------------- threads */

struct lw_thread *lw_thread_self(void)
{
    struct lw_thread *t = lw_tls.thr;
    if (LW_LIKELY(t))
        return t;
    t = lw_alloc(sizeof *t);
    if (!t)
        return NULL;
    t->tid = my_tid();
    LW_PUSH(lw.threads, t);
    ADD(lw.nthreads, 1);
    lw_tls.thr = t;
    return t;
}

/* ---------------------------------------------------------------- trace */

void lw_trace(struct lw_thread *t, int ev, int type, const void *lock, uint32_t holder, uint64_t when,
              uint64_t aux)
{
    lw_trace_stack(t, ev, type, lock, holder, when, aux, 0);
}

void lw_trace_stack(struct lw_thread *t, int ev, int type, const void *lock, uint32_t holder, uint64_t when,
                    uint64_t aux, uint32_t stack)
{
    if (!lw.cfg.trace || !t)
        return;
    uint64_t cap = (uint64_t)lw.cfg.trace_records;
    if (!t->tbuf) {
        /* mapped lazily and only touched as filled; a signal handler racing
         * with this first map just loses one buffer's worth of address space */
        void *p = mmap(NULL, cap * sizeof(struct lw_trace_record), PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED) {
            ADD(lw.dropped, 1);
            return;
        }
        t->tbuf = p;
    }
    uint64_t i = ADD(t->tlen, 1); /* atomic: a signal handler may trace too */
    if (i >= cap) {
        ADD(lw.dropped, 1);
        return;
    }
    struct lw_trace_record *r = &t->tbuf[i];
    r->t_ns = when;
    r->lock = (uint64_t)(uintptr_t)lock;
    r->aux = aux;
    r->tid = t->tid;
    r->holder = holder;
    r->event = (uint8_t)ev;
    r->type = (uint8_t)type;
    r->stack = stack;
}

/* ---------------------------------------------------------------- lock table */

static inline uint32_t slot_of(uintptr_t a, int kind)
{
    uint64_t h = ((uint64_t)a ^ (uint64_t)kind) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> (64 - LW_TABLE_BITS));
}

/* In a fork's child (one thread): a record another thread of the parent
 * had put in the table but not yet on the list when the fork came is
 * listed here, found by the one walk of the whole table */
void lw_records_mend(void)
{
    if (!LD(lw.records_pending))
        return;
    ST(lw.records_pending, 0);
    for (struct lw_lock *r = lw_records(); r; r = r->next)
        ST(r->listed, 1);
    for (uint32_t i = 0; lw.table && i < LW_TABLE_SLOTS; i++) {
        struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_relaxed);
        if (r && !LD(r->listed)) {
            ST(r->listed, 1);
            LW_PUSH(lw.records, r);
        }
    }
}

/* the record of (p, kind), created on first use */
struct lw_lock *lw_record(const void *p, int kind, uintptr_t pc)
{
    if (!lw.table)
        return NULL;
    uintptr_t a = (uintptr_t)p;
    struct lw_lock *fresh = NULL;
    for (uint32_t i = slot_of(a, kind), n = 0; n < LW_TABLE_SLOTS; i = (i + 1) & (LW_TABLE_SLOTS - 1), n++) {
        struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_acquire);
        if (!r) {
            if (!fresh) {
                if (LD(lw.nlocks) >= LW_TABLE_MAX) {
                    ADD(lw.untracked, 1);
                    return NULL;
                }
                fresh = lw_alloc(sizeof *fresh);
                if (!fresh) {
                    ADD(lw.untracked, 1);
                    return NULL;
                }
                fresh->addr = a;
                fresh->kind = (uint8_t)kind;
                fresh->first_pc = pc;
                ST(fresh->first_stack, lw_stack_capture(pc)); /* named by it when it is on the heap */
                ST(fresh->timed, 2); /* time the first hold */
            }
            ADD(lw.records_pending, 1); /* a fork now: its child lists it (lw_records_mend) */
            if (atomic_compare_exchange_strong_explicit(&lw.table[i], &r, fresh, memory_order_release,
                                                        memory_order_acquire)) {
                ADD(lw.nlocks, 1);
                LW_PUSH(lw.records, fresh); /* the list the reports walk */
                atomic_fetch_sub_explicit(&lw.records_pending, 1, memory_order_release); /* after the list's CAS */
                return fresh;
            }
            ADD(lw.records_pending, (uint32_t)-1);
            /* another thread filled this slot: r is its record */
        }
        if (r->addr == a && r->kind == kind)
            return r; /* a lost race leaves `fresh` unused in the arena */
    }
    ADD(lw.untracked, 1);
    return NULL;
}

/* ---------------------------------------------------------------- per-thread statistics */

/* tab's entries in a table of twice its size (of 64 when tab is NULL) */
static struct lw_ttab *ttab_grown(struct lw_ttab *tab)
{
    uint32_t cap = tab ? tab->cap * 2 : 64;
    struct lw_ttab *big = lw_alloc(sizeof *big + cap * sizeof big->slot[0]);
    if (!big)
        return NULL;
    big->cap = cap;
    for (uint32_t i = 0; tab && i < tab->cap; i++) {
        struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_relaxed);
        if (!e)
            continue;
        uint32_t j = slot_of(e->addr, e->kind) & (cap - 1);
        while (atomic_load_explicit(&big->slot[j], memory_order_relaxed))
            j = (j + 1) & (cap - 1);
        atomic_store_explicit(&big->slot[j], e, memory_order_relaxed);
        big->used++;
    }
    return big;
}

/* r's entry in tab, added if missing; NULL: no memory */
static struct lw_tstat *ttab_entry(struct lw_ttab *tab, struct lw_lock *r)
{
    for (uint32_t i = slot_of(r->addr, r->kind) & (tab->cap - 1), n = 0; n < tab->cap;
         n++, i = (i + 1) & (tab->cap - 1)) {
        struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
        if (e && e->lock == r)
            return e;
        if (!e) {
            struct lw_tstat *fresh = lw_alloc_pair(sizeof *fresh);
            if (!fresh)
                return NULL;
            fresh->lock = r;
            fresh->addr = r->addr;
            fresh->kind = r->kind;
            if (atomic_compare_exchange_strong_explicit(&tab->slot[i], &e, fresh, memory_order_release,
                                                        memory_order_acquire)) {
                tab->used++;
                return fresh;
            }
            if (e->lock == r)
                return e;
        }
    }
    return NULL; /* no free slot: cannot happen below 3/4 full */
}

/* Thread t's statistics for lock r, created on first need. A signal handler
 * running on this thread may add entries too, and grow the table: slots
 * are claimed by CAS, and a grown table replaces the one it copied only if
 * that is still the thread's (CAS). A handler that grew the table between
 * our look at it and our return may have copied it without our entry:
 * then we look again in the handler's table, or the entries the handler
 * added (or ours) would be lost with the table they were in. */
struct lw_tstat *lw_tstat_for(struct lw_thread *t, struct lw_lock *r)
{
    if (!t || !r)
        return NULL;
    for (;;) {
        struct lw_ttab *tab = atomic_load_explicit(&t->tab, memory_order_acquire);
        if (!tab || (tab->used + 1) * 4 > tab->cap * 3) { /* grow at 3/4 full */
            struct lw_ttab *big = ttab_grown(tab);
            if (!big)
                return NULL;
            if (!atomic_compare_exchange_strong_explicit(&t->tab, &tab, big, memory_order_release,
                                                         memory_order_acquire))
                continue; /* a handler grew it meanwhile: look in its table */
            tab = big;
        }
        struct lw_tstat *e = ttab_entry(tab, r);
        if (!e || atomic_load_explicit(&t->tab, memory_order_acquire) == tab)
            return e;
    }
}

/* thread t's statistics for lock r if it has any (the report: read only) */
struct lw_tstat *lw_tstat_find(struct lw_thread *t, struct lw_lock *r)
{
    struct lw_ttab *tab = t ? atomic_load_explicit(&t->tab, memory_order_acquire) : NULL;
    for (uint32_t i = tab ? slot_of(r->addr, r->kind) & (tab->cap - 1) : 0, n = 0; tab && n < tab->cap;
         n++, i = (i + 1) & (tab->cap - 1)) {
        struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
        if (!e || e->lock == r)
            return e;
    }
    return NULL;
}

/* stat_of when the cache misses: the tables; the lock found becomes the last */
__attribute__((noinline)) struct lw_tstat *lw_stat_slow(const void *p, int kind, uintptr_t pc)
{
    int saved = errno;
    struct lw_tstat *e = lw_tstat_for(lw_thread_self(), lw_record(p, kind, pc));
    errno = saved;
    if (!e)
        return NULL;
    lw_tls.prev = lw_tls.last;
    lw_tls.last = e;
    return e;
}

uint32_t lw_holder_of(const void *p, int kind, struct lw_lock *r)
{
#ifdef __GLIBC__
    if (kind == K_MUTEX)
        return (uint32_t)__atomic_load_n(&((pthread_mutex_t *)(uintptr_t)p)->__data.__owner, __ATOMIC_RELAXED);
    if (kind == K_RWLOCK)
        return (uint32_t)__atomic_load_n(&((pthread_rwlock_t *)(uintptr_t)p)->__data.__cur_writer,
                                         __ATOMIC_RELAXED);
#else
    (void)p;
#endif
    return r && (kind == K_MUTEX || kind == K_SPIN || kind == K_RWLOCK) ? LD(r->holder) : 0;
}

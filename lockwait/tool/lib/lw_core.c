/* lw_core.c - liblockwait's state: the lock records and their table, each
 * thread's statistics per lock, the threads, the trace buffers, the
 * timestamps (ticks) and the measurement of a contended wait. The wrappers
 * (liblockwait.c) call in here off the fast path; the fast-path helpers are
 * inline in lw_internal.h. */
#define _GNU_SOURCE
#include <errno.h>
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

#include "lw_internal.h"

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

/* a * b / c without overflow (a, b below 2^64; results that fit) */
static inline uint64_t muldiv(uint64_t a, uint64_t b, uint64_t c)
{
#ifdef __SIZEOF_INT128__
    return (uint64_t)((unsigned __int128)a * b / c);
#else
    return (uint64_t)((long double)a * b / c); /* no counter on such targets */
#endif
}

/* a (ticks, CLOCK_MONOTONIC ns) pair read as close together as we can */
static void tick_pair(uint64_t *t, uint64_t *ns)
{
    uint64_t a = lw_now();
    *t = lw_ticks();
    *ns = a + (lw_now() - a) / 2;
}

#if defined(__x86_64__) && defined(__linux__)
/* The TSC only if it ticks at one rate in every power state (CPUID's
 * invariant TSC bit: /proc/cpuinfo's constant_tsc + nonstop_tsc) and the
 * kernel itself keeps time with it (clocksource "tsc": the kernel checked
 * that the CPUs' counters agree, and switches away if they stop agreeing
 * at boot; a later switch is not seen here). */
static int counter_usable(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8)))
        return 0;
    char buf[16] = {0};
    int fd = open("/sys/devices/system/clocksource/clocksource0/current_clocksource", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    return n >= 3 && !memcmp(buf, "tsc", 3) && (n == 3 || buf[3] == '\n');
}
#elif defined(__aarch64__) && defined(__linux__)
/* the generic timer: one rate and one count for all cores by the
 * architecture, readable at EL0 under Linux (not tested on arm64 here) */
static int counter_usable(void)
{
    return 1;
}
#else
static int counter_usable(void)
{
    return 0;
}
#endif

void lw_ticks_init(void)
{
    lw_counter = counter_usable();
    tick_pair(&tick0, &mono0);
}

/* The rate for durations, measured once over at least 1 ms from the start
 * pair (a process younger than that waits out the rest once, here). The
 * two CLOCK_MONOTONIC reads bound the error to about 1e-4 of a duration. */
static __attribute__((noinline)) uint64_t tick_rate(void)
{
    uint64_t t, ns;
    do
        tick_pair(&t, &ns);
    while (ns - mono0 < 1000000 || t == tick0);
    uint64_t m = muldiv(ns - mono0, (uint64_t)1 << 32, t - tick0);
    ST(tick_mult, m);
    return m;
}

uint64_t lw_ticks_ns(uint64_t d)
{
    if (!lw_counter)
        return d;
    uint64_t m = LD(tick_mult);
    if (LW_UNLIKELY(m == 0))
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
    if (mono1 - mono0 >= 1000000 && tick1 > tick0)
        ST(tick_mult, muldiv(mono1 - mono0, (uint64_t)1 << 32, tick1 - tick0));
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

const char *lw_kind_name(int kind)
{
    static const char *const names[K_NKINDS] = {"?", "mutex", "spin", "sem", "rwlock", "cond"};
    return kind > 0 && kind < K_NKINDS ? names[kind] : "?";
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
    t->next = atomic_load_explicit(&lw.threads, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&lw.threads, &t->next, t, memory_order_release,
                                                  memory_order_relaxed))
        ;
    ADD(lw.nthreads, 1);
    lw_tls.thr = t;
    return t;
}

/* ---------------------------------------------------------------- trace */

void lw_trace(struct lw_thread *t, int ev, int type, const void *lock, uint32_t holder, uint64_t when,
              uint64_t aux)
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
}

int lw_trace_type(int kind, int write)
{
    switch (kind) {
    case K_MUTEX: return LW_T_MUTEX;
    case K_SPIN: return LW_T_SPIN;
    case K_SEM: return LW_T_SEM;
    case K_RWLOCK: return write ? LW_T_RWLOCK_WR : LW_T_RWLOCK_RD;
    case K_COND: return LW_T_COND;
    default: return LW_T_NONE;
    }
}

/* ---------------------------------------------------------------- lock table */

static inline uint32_t slot_of(uintptr_t a, int kind)
{
    uint64_t h = ((uint64_t)a ^ (uint64_t)kind) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> (64 - LW_TABLE_BITS));
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
                ST(fresh->timed, 2); /* time the first hold */
            }
            if (atomic_compare_exchange_strong_explicit(&lw.table[i], &r, fresh, memory_order_release,
                                                        memory_order_acquire)) {
                ADD(lw.nlocks, 1);
                return fresh;
            }
            /* another thread filled this slot: r is its record */
        }
        if (r->addr == a && r->kind == kind)
            return r; /* a lost race leaves `fresh` unused in the arena */
    }
    ADD(lw.untracked, 1);
    return NULL;
}

/* ---------------------------------------------------------------- per-thread statistics */

/* Thread t's statistics for lock r, created on first need. A signal handler
 * running on this thread may insert too: slots are claimed by CAS, and the
 * table pointer is swapped whole when it grows. */
struct lw_tstat *lw_tstat_for(struct lw_thread *t, struct lw_lock *r)
{
    if (!t || !r)
        return NULL;
    struct lw_ttab *tab = atomic_load_explicit(&t->tab, memory_order_acquire);
    if (!tab || (tab->used + 1) * 4 > tab->cap * 3) { /* grow at 3/4 full */
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
        atomic_store_explicit(&t->tab, big, memory_order_release);
        tab = big;
    }
    for (uint32_t i = slot_of(r->addr, r->kind) & (tab->cap - 1), n = 0; n < tab->cap;
         n++, i = (i + 1) & (tab->cap - 1)) {
        struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
        if (e && e->lock == r)
            return e;
        if (!e) {
            struct lw_tstat *fresh = lw_alloc(sizeof *fresh);
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

__attribute__((noinline)) struct lw_tstat *lw_stat_slow(const void *p, int kind, uintptr_t pc)
{
    int saved = errno;
    struct lw_tstat *e = lw_tstat_for(lw_thread_self(), lw_record(p, kind, pc));
    if (e)
        lw_tls.last = e;
    errno = saved;
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

/* ---------------------------------------------------------------- holds */

/* called at a thread's 1st, 65th, ... acquisition of the lock */
__attribute__((noinline)) uint64_t lw_hold_start(struct lw_tstat *e)
{
    struct lw_lock *r = e->lock;
    uint8_t t = LD(r->timed);
    if (t == 2) { /* the first hold: time it, then stop unless contended meanwhile */
        uint8_t want = 2;
        atomic_compare_exchange_strong_explicit(&r->timed, &want, 0, memory_order_relaxed,
                                                memory_order_relaxed);
    } else if (t == 0) { /* never contended: only its first hold is timed */
        return 0;
    }
    return lw_ticks(); /* inside the critical section: a counter read where there is one */
}

/* the general case of acquired() (lw_internal.h): another hold already on
 * the stack (a relock, or nested locks), a full stack, or a hold to time */
__attribute__((noinline)) void lw_acquired_slow(struct lw_tstat *e, int kind, uint64_t acq)
{
    struct lw_held *h = held_find(e);
    if (LW_UNLIKELY(h != NULL)) { /* a recursive relock */
        h->depth++;
        BUMP1(e->relocks, 1);
        return;
    }
    uint32_t i = lw_tls.nheld;
    if (LW_UNLIKELY(i == LW_HELD_MAX)) {
        lw_tls.held_lost++;
        return;
    }
    lw_tls.nheld = i + 1; /* claim the slot first: a signal handler pushes above it */
    atomic_signal_fence(memory_order_seq_cst);
    h = &lw_tls.held[i];
    h->e = e;
    h->depth = 1;
    h->pending = 0;
    h->t0 = LW_UNLIKELY(acq % LW_HOLD_SAMPLE == 1) ? lw_hold_start(e) : 0;
    if (!LW_OWNER_IN_LOCK(kind))
        ST(e->lock->holder, my_tid());
}

/* the general case of releasing() (lw_internal.h) */
__attribute__((noinline)) struct lw_tstat *lw_releasing_slow(const void *p, int kind)
{
    for (uint32_t i = lw_tls.nheld; i-- > 0;) {
        struct lw_held *h = &lw_tls.held[i];
        struct lw_tstat *e = h->e;
        if (e->addr != (uintptr_t)p || e->kind != kind)
            continue;
        if (LW_UNLIKELY(h->depth > 1)) {
            h->depth--;
            return NULL;
        }
        /* waiters are counted only when tracing (RELEASE events) */
        if (LW_UNLIKELY(h->t0 != 0 || (lw.cfg.trace && LD(e->lock->waiting))))
            lw_hold_end(e, h->t0);
        if (!LW_OWNER_IN_LOCK(kind))
            ST(e->lock->holder, 0);
        if (LW_UNLIKELY(h->pending)) { /* account it after the real unlock */
            if (lw_tls.settle_e)
                lw_settle(); /* a signal handler's leftover */
            lw_tls.settle_w = h->wait;
            lw_tls.settle_e = e;
            h->pending = 0;
        }
        uint32_t last = lw_tls.nheld - 1;
        if (LW_UNLIKELY(i != last))
            *h = lw_tls.held[last];
        atomic_signal_fence(memory_order_seq_cst);
        lw_tls.nheld = last;
        return e;
    }
    return NULL;
}

/* owner_note() found the lock's last releaser was another thread */
__attribute__((noinline)) void lw_owner_changed(struct lw_tstat *e)
{
    uint32_t old = LD(e->lock->last_holder);
    ST(e->lock->last_holder, my_tid());
    BUMP1(e->owner_changes, old != 0);
}

__attribute__((noinline)) void lw_hold_end(struct lw_tstat *e, uint64_t t0)
{
    struct lw_lock *r = e->lock;
    uint64_t now = lw_ticks();
    if (t0) {
        uint64_t h = now - t0; /* in ticks: this runs before the real unlock */
        BUMP1(e->hold_ticks, h);
        BUMP1(e->holds_timed, 1);
        if (h > LD(e->max_hold_ticks))
            ST(e->max_hold_ticks, h);
    }
    if (LD(r->waiting))
        lw_trace(lw_thread_self(), LW_EV_RELEASE, lw_trace_type(r->kind, 1), (void *)r->addr, my_tid(), now, t0);
}

/* ---------------------------------------------------------------- waits */

static long vol_switches(void)
{
#if defined(__linux__) && defined(RUSAGE_THREAD)
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) == 0)
        return ru.ru_nvcsw;
#endif
    return -1;
}

/* The sleep/spin probe (two getrusage calls, 0.2-0.5 us each) is taken on
 * each thread's first LW_PROBE_ALL contended waits and then on one wait in
 * LW_PROBE_SAMPLE: a thread that waits often must not pay a microsecond per
 * wait. sleep_share is computed over the probed waits only. */
#define LW_PROBE_ALL 16
#define LW_PROBE_SAMPLE 32

/* Before the real blocking call: only what must be read before it (the
 * holder, the sleep probe's first reading, the start time, and the count of
 * waiters the trace and condvars need), so that the real call follows the
 * failed trylock as closely as it can; everything else waits until the wait
 * is accounted. */
void lw_wait_begin(const void *p, struct lw_tstat *e, struct wait *w, int type)
{
    struct lw_lock *r = e ? e->lock : NULL;
    w->type = type;
    w->holder = r && r->kind != K_SEM && r->kind != K_COND ? lw_holder_of(p, r->kind, r) : 0;
    /* The count of waiters is shared by all threads: kept only when the
     * trace needs it (RELEASE events) and for condvars (signal times). */
    w->counted_waiting = r && (lw.cfg.trace || r->kind == K_COND);
    if (w->counted_waiting)
        ADD(r->waiting, 1);
    uint32_t n = lw_tls.nwaits++;
    w->nvcsw0 = -1;
    if (n < LW_PROBE_ALL || n % LW_PROBE_SAMPLE == 0) {
        int saved = errno;
        w->nvcsw0 = vol_switches();
        errno = saved;
    }
    w->t0 = lw_ticks();
}

/* the wait statistics of e, created on its first wait (a signal handler
 * on this thread may race: the loser's allocation stays unused) */
struct lw_twait *lw_twait_of(struct lw_tstat *e)
{
    struct lw_twait *x = atomic_load_explicit(&e->w, memory_order_acquire);
    if (LW_LIKELY(x != NULL))
        return x;
    struct lw_twait *fresh = lw_alloc(sizeof *fresh);
    if (!fresh)
        return NULL;
    if (atomic_compare_exchange_strong_explicit(&e->w, &x, fresh, memory_order_acq_rel, memory_order_acquire))
        return fresh;
    return x;
}

static void note_wait(struct lw_twait *e, uint32_t holder, uint64_t ns, uintptr_t pc)
{
    int b = ns < 2 ? 0 : 63 - __builtin_clzll(ns);
    BUMP1(e->hist[b < LW_HIST ? b : LW_HIST - 1], 1);
    uint64_t key = (uint64_t)holder + 1;
    int i;
    for (i = 0; i < LW_TPAIRS; i++) {
        uint64_t k = LD(e->pair[i].holder);
        if (k == 0)
            ST(e->pair[i].holder, k = key);
        if (k == key) {
            BUMP1(e->pair[i].wait_ns, ns);
            BUMP1(e->pair[i].n, 1);
            break;
        }
    }
    if (i == LW_TPAIRS)
        BUMP1(e->other_pairs_ns, ns);
    for (i = 0; i < LW_SITES; i++) {
        uint64_t k = LD(e->site[i].pc);
        if (k == 0)
            ST(e->site[i].pc, k = pc);
        if (k == pc) {
            BUMP1(e->site[i].wait_ns, ns);
            BUMP1(e->site[i].n, 1);
            break;
        }
    }
    if (i == LW_SITES)
        BUMP1(e->other_sites_ns, ns);
}

/* The wait is over: `got` says whether the lock was acquired. `counted` is
 * the part of the wait charged to the lock (condvars: until the signal);
 * lock_wait: the wait counts as this thread's time blocked on locks. */
void lw_wait_measure(struct lw_tstat *e, struct wait *w, int got, uintptr_t pc)
{
    /* For a mutex this runs inside the critical section the wait ended
     * with: one counter read and a few stores to the stack, no more */
    w->t1 = lw_ticks();
    w->counted = w->t1 - w->t0;
    w->nvcsw1 = -1;
    if (w->nvcsw0 >= 0) {
        int saved = errno;
        w->nvcsw1 = vol_switches();
        errno = saved;
    }
    w->pc = pc;
    w->got = got;
    w->lock_wait = 1;
    if (e && w->counted_waiting) {
        ADD(e->lock->waiting, (uint32_t)-1);
        w->counted_waiting = 0;
    }
}

void lw_wait_account(const void *p, struct lw_tstat *e, struct wait *w)
{
    int saved = errno;
    int probed = w->nvcsw0 >= 0;
    int slept = probed && w->nvcsw1 > w->nvcsw0;
    uint64_t ns = lw_ticks_ns(w->t1 - w->t0), counted = lw_ticks_ns(w->counted);
    struct lw_thread *t = lw_thread_self();
    struct lw_lock *r = e ? e->lock : NULL;
    if (r && r->kind != K_COND && LD(r->timed) != 1)
        ST(r->timed, 1); /* from now on, sample its holds */
    lw_trace(t, LW_EV_REQUEST, w->type, p, w->holder, w->t0, 0);
    if (t && w->lock_wait) {
        ADD(t->waits, 1);
        ADD(t->blocked_ns, ns);
        if (probed)
            ADD(t->probed_ns, ns);
        if (slept)
            ADD(t->sleep_ns, ns);
    }
    if (e && w->counted_waiting)
        ADD(e->lock->waiting, (uint32_t)-1);
    struct lw_twait *x = e ? lw_twait_of(e) : NULL;
    if (x) {
        BUMP1(*(w->got ? &x->contended : &x->timeouts), 1);
        BUMP1(x->wait_ns, counted);
        if (counted > LD(x->max_wait_ns))
            ST(x->max_wait_ns, counted);
        if (probed)
            BUMP1(x->probed_wait_ns, counted);
        if (slept)
            BUMP1(x->sleep_wait_ns, counted);
        note_wait(x, w->holder, counted, w->pc);
    }
    lw_trace(t, w->got ? LW_EV_ACQUIRE : LW_EV_TIMEOUT, w->type, p, w->holder, w->t1, w->t0);
    errno = saved;
}

void lw_wait_end(const void *p, struct lw_tstat *e, struct wait *w, int got, uintptr_t pc)
{
    lw_wait_measure(e, w, got, pc);
    lw_wait_account(p, e, w);
}

void lw_wait_defer(const void *p, struct lw_tstat *e, struct wait *w)
{
    for (uint32_t i = lw_tls.nheld; i-- > 0;)
        if (lw_tls.held[i].e == e) {
            lw_tls.held[i].wait = *w;
            lw_tls.held[i].pending = 1;
            return;
        }
    lw_wait_account(p, e, w); /* not on the stack (it was full) */
}

void lw_settle(void)
{
    struct lw_tstat *e = lw_tls.settle_e;
    struct wait w = lw_tls.settle_w;
    lw_tls.settle_e = NULL;
    if (e)
        lw_wait_account((const void *)e->addr, e, &w);
}

__attribute__((noinline)) void lw_trylock_failed(struct lw_tstat *e)
{
    if (e)
        BUMP1(e->trylock_failed, 1);
}

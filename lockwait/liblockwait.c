/* liblockwait.c - an LD_PRELOAD lock-contention profiler for unmodified
 * programs: wraps the pthread mutex, spinlock, semaphore, rwlock and condvar
 * calls, counts every acquisition cheaply and measures every contended wait
 * (time, whether the waiter slept in the kernel, who held the lock), then
 * reports at exit (lw_report.c). Linux + glibc or musl.
 *
 * Fast path (lock is free): the real trylock, a one-entry per-thread cache
 * hit, and a few plain loads/stores into the lock's record, which the lock
 * itself protects. No syscall, no clock read, no atomic read-modify-write,
 * no allocation. Only when the trylock fails do we read the clock and the
 * thread's voluntary context switches, then call the real blocking function.
 *
 * Hold times need a clock read at acquire and at release (about 20 ns each
 * through the vDSO, as much as a whole uncontended lock/unlock pair), so they
 * are taken only for the first hold of each lock and for every hold of a lock
 * that has been contended at least once; the report says how many holds were
 * timed (holds_timed). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "lw_internal.h"

#define LW_API __attribute__((visibility("default")))
#define RA() ((uintptr_t)__builtin_return_address(0))

__thread struct lw_tls lw_tls __attribute__((tls_model("initial-exec")));
struct lw_state lw;

/* ---------------------------------------------------------------- real calls */

/* The condvar functions exist in two versions on glibc: the old (LinuxThreads
 * compatible) one and the current one. dlsym may hand back either, so ask for
 * the version programs link against today, per architecture. */
#if defined(__GLIBC__) && (defined(__x86_64__) || defined(__i386__))
#define LW_COND_VERSION "GLIBC_2.3.2"
#elif defined(__GLIBC__) && defined(__aarch64__)
#define LW_COND_VERSION "GLIBC_2.17"
#endif

typedef int (*mfn)(pthread_mutex_t *);
typedef int (*mtfn)(pthread_mutex_t *, const struct timespec *);
typedef int (*mcfn)(pthread_mutex_t *, clockid_t, const struct timespec *);
typedef int (*sfn)(pthread_spinlock_t *);
typedef int (*semfn)(sem_t *);
typedef int (*semtfn)(sem_t *, const struct timespec *);
typedef int (*semcfn)(sem_t *, clockid_t, const struct timespec *);
typedef int (*rwfn)(pthread_rwlock_t *);
typedef int (*rwtfn)(pthread_rwlock_t *, const struct timespec *);
typedef int (*rwcfn)(pthread_rwlock_t *, clockid_t, const struct timespec *);
typedef int (*cwfn)(pthread_cond_t *, pthread_mutex_t *);
typedef int (*ctfn)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
typedef int (*ccfn)(pthread_cond_t *, pthread_mutex_t *, clockid_t, const struct timespec *);
typedef int (*csfn)(pthread_cond_t *);
typedef int (*crfn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

static struct {
    mfn mutex_lock, mutex_trylock, mutex_unlock;
    mtfn mutex_timedlock;
    mcfn mutex_clocklock;
    sfn spin_lock, spin_trylock, spin_unlock;
    semfn sem_wait, sem_trywait, sem_post;
    semtfn sem_timedwait;
    semcfn sem_clockwait;
    rwfn rdlock, wrlock, tryrdlock, trywrlock, rwunlock;
    rwtfn timedrdlock, timedwrlock;
    rwcfn clockrdlock, clockwrlock;
    cwfn cond_wait;
    ctfn cond_timedwait;
    ccfn cond_clockwait;
    csfn cond_signal, cond_broadcast;
    crfn create;
    int ready;
} real;

static void *sym(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}

static void *cond_sym(const char *name)
{
    void *p = NULL;
#ifdef LW_COND_VERSION
    p = dlvsym(RTLD_NEXT, name, LW_COND_VERSION);
#endif
    return p ? p : dlsym(RTLD_NEXT, name);
}

/* Resolve every real function once. A call that arrives while this thread is
 * resolving (an allocator that locks a mutex inside dlsym) is passed over:
 * the wrappers return success without locking, which is safe only because
 * that happens during single-threaded start-up; the report counts them. */
static __thread int resolving;
static int resolve(void)
{
    if (real.ready)
        return 1;
    if (resolving) {
        ADD(lw.bypassed, 1);
        return 0;
    }
    resolving = 1;
    int e = errno;
    real.mutex_lock = (mfn)sym("pthread_mutex_lock");
    real.mutex_trylock = (mfn)sym("pthread_mutex_trylock");
    real.mutex_unlock = (mfn)sym("pthread_mutex_unlock");
    real.mutex_timedlock = (mtfn)sym("pthread_mutex_timedlock");
    real.mutex_clocklock = (mcfn)sym("pthread_mutex_clocklock");
    real.spin_lock = (sfn)sym("pthread_spin_lock");
    real.spin_trylock = (sfn)sym("pthread_spin_trylock");
    real.spin_unlock = (sfn)sym("pthread_spin_unlock");
    real.sem_wait = (semfn)sym("sem_wait");
    real.sem_trywait = (semfn)sym("sem_trywait");
    real.sem_post = (semfn)sym("sem_post");
    real.sem_timedwait = (semtfn)sym("sem_timedwait");
    real.sem_clockwait = (semcfn)sym("sem_clockwait");
    real.rdlock = (rwfn)sym("pthread_rwlock_rdlock");
    real.wrlock = (rwfn)sym("pthread_rwlock_wrlock");
    real.tryrdlock = (rwfn)sym("pthread_rwlock_tryrdlock");
    real.trywrlock = (rwfn)sym("pthread_rwlock_trywrlock");
    real.rwunlock = (rwfn)sym("pthread_rwlock_unlock");
    real.timedrdlock = (rwtfn)sym("pthread_rwlock_timedrdlock");
    real.timedwrlock = (rwtfn)sym("pthread_rwlock_timedwrlock");
    real.clockrdlock = (rwcfn)sym("pthread_rwlock_clockrdlock");
    real.clockwrlock = (rwcfn)sym("pthread_rwlock_clockwrlock");
    real.cond_wait = (cwfn)cond_sym("pthread_cond_wait");
    real.cond_timedwait = (ctfn)cond_sym("pthread_cond_timedwait");
    real.cond_clockwait = (ccfn)sym("pthread_cond_clockwait"); /* one version */
    real.cond_signal = (csfn)cond_sym("pthread_cond_signal");
    real.cond_broadcast = (csfn)cond_sym("pthread_cond_broadcast");
    real.create = (crfn)sym("pthread_create");
    errno = e;
    resolving = 0;
    /* the functions every program needs; the others are checked at use */
    if (!real.mutex_lock || !real.mutex_trylock || !real.mutex_unlock || !real.create) {
        static const char msg[] = "lockwait: cannot find the real pthread functions; aborting\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        abort();
    }
    real.ready = 1;
    return 1;
}

/* One load and test on the fast path; resolve on first use. */
#define NEED(f)                                                                 \
    do {                                                                        \
        if (LW_UNLIKELY(!real.f)) {                                             \
            if (!resolve())                                                     \
                return 0;                                                       \
            if (!real.f)                                                        \
                return ENOSYS;                                                  \
        }                                                                       \
    } while (0)

/* ---------------------------------------------------------------- utilities */

uint64_t lw_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
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

const char *lw_kind_name(int kind)
{
    static const char *const names[K_NKINDS] = {"?", "mutex", "spin", "sem", "rwlock", "cond"};
    return kind > 0 && kind < K_NKINDS ? names[kind] : "?";
}

/* the caller's kernel tid: one TLS load once known */
static inline __attribute__((always_inline)) uint32_t my_tid(void)
{
    uint32_t t = lw_tls.tid;
    return LW_LIKELY(t) ? t : lw_gettid();
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

static void trace(struct lw_thread *t, int ev, int type, const void *lock, uint32_t holder,
                  uint64_t when, uint64_t aux)
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

static int trace_type(int kind, int write)
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
static struct lw_lock *record(const void *p, int kind, uintptr_t pc)
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
static struct lw_tstat *tstat(struct lw_thread *t, struct lw_lock *r)
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

static __attribute__((noinline)) struct lw_tstat *stat_slow(const void *p, int kind, uintptr_t pc)
{
    int saved = errno;
    struct lw_tstat *e = tstat(lw_thread_self(), record(p, kind, pc));
    if (e)
        lw_tls.last = e;
    errno = saved;
    return e;
}

/* This thread's statistics for lock p: a one-entry cache (one word, so a
 * signal handler cannot tear it), else the tables. NULL: not recorded. */
static inline __attribute__((always_inline)) struct lw_tstat *stat_of(const void *p, int kind, uintptr_t pc)
{
    struct lw_tstat *e = lw_tls.last;
    if (LW_LIKELY(e && e->addr == (uintptr_t)p && e->kind == kind))
        return e;
    return stat_slow(p, kind, pc);
}

/* The thread holding p exclusively, from the lock itself where glibc keeps
 * it (mutex __owner, rwlock __cur_writer), else from the record. 0: unknown. */
#ifdef __GLIBC__
#define LW_OWNER_IN_LOCK(kind) ((kind) == K_MUTEX || (kind) == K_RWLOCK)
#else
#define LW_OWNER_IN_LOCK(kind) 0
#endif
static uint32_t holder_of(const void *p, int kind, struct lw_lock *r)
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

/* Which holds are timed: the lock's first, then, once it has been
 * contended, one in LW_HOLD_SAMPLE of each thread's acquisitions. Timing
 * every hold would put two clock reads (2 x 20-40 ns) inside every critical
 * section of a contended lock, lengthening the very holds others wait for. */
#define LW_HOLD_SAMPLE 64
static __attribute__((noinline)) uint64_t hold_start(struct lw_tstat *e)
{
    struct lw_lock *r = e->lock;
    uint8_t t = LD(r->timed);
    if (t == 2) { /* the first hold: time it, then stop unless contended meanwhile */
        uint8_t want = 2;
        atomic_compare_exchange_strong_explicit(&r->timed, &want, 0, memory_order_relaxed,
                                                memory_order_relaxed);
    } else if (LD(e->acquisitions) % LW_HOLD_SAMPLE != 1) {
        return 0;
    }
    return lw_now();
}

static inline struct lw_held *held_find(struct lw_tstat *e)
{
    for (uint32_t i = lw_tls.nheld; i-- > 0;)
        if (lw_tls.held[i].e == e)
            return &lw_tls.held[i];
    return NULL;
}

/* An exclusive acquisition (mutex, spinlock, rwlock writer) by this thread:
 * everything written here is thread-local, except the record's holder field
 * for locks that do not keep their owner themselves. */
static inline __attribute__((always_inline)) void acquired(struct lw_tstat *e, int kind)
{
    BUMP1(e->acquisitions, 1);
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
    h->write = 1;
    h->t0 = LW_UNLIKELY(LD(e->lock->timed)) ? hold_start(e) : 0;
    if (!LW_OWNER_IN_LOCK(kind))
        ST(e->lock->holder, my_tid());
}

static __attribute__((noinline)) void hold_end(struct lw_tstat *e, uint64_t t0)
{
    struct lw_lock *r = e->lock;
    uint64_t now = lw_now();
    if (t0) {
        uint64_t h = now - t0;
        BUMP1(e->hold_ns, h);
        BUMP1(e->holds_timed, 1);
        if (h > LD(e->max_hold_ns))
            ST(e->max_hold_ns, h);
    }
    if (LD(r->waiting))
        trace(lw_thread_self(), LW_EV_RELEASE, trace_type(r->kind, 1), (void *)r->addr, my_tid(), now, t0);
}

/* Before the real unlock of p by this thread. Returns the statistics when
 * the hold ends here (the caller then calls owner_note after the real
 * unlock); NULL for an inner unlock of a recursive hold, or a lock this
 * thread does not hold as far as we know (acquired before the library
 * started, inside libc, or by another thread). */
static inline __attribute__((always_inline)) struct lw_tstat *releasing(const void *p, int kind)
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
            hold_end(e, h->t0);
        if (!LW_OWNER_IN_LOCK(kind))
            ST(e->lock->holder, 0);
        uint32_t last = lw_tls.nheld - 1;
        if (LW_UNLIKELY(i != last))
            *h = lw_tls.held[last];
        atomic_signal_fence(memory_order_seq_cst);
        lw_tls.nheld = last;
        return e;
    }
    return NULL;
}

/* After the real unlock: owner changes, counted at each release whose
 * previous release was by another thread. Outside the critical section, so
 * the record line's trip between cores does not lengthen the hold. */
static inline __attribute__((always_inline)) void owner_note(struct lw_tstat *e)
{
    uint32_t me = my_tid(), old = LD(e->lock->last_holder);
    if (LW_UNLIKELY(old != me)) {
        ST(e->lock->last_holder, me);
        BUMP1(e->owner_changes, old != 0);
    }
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

struct wait {
    uint64_t t0;
    long nvcsw0; /* -1: not probed */
    uint32_t holder;
    int errno_saved;
    int type; /* trace type */
    int counted_waiting;
};

/* The sleep/spin probe (two getrusage calls, 0.2-0.5 us each) is taken on
 * each thread's first LW_PROBE_ALL contended waits and then on one wait in
 * LW_PROBE_SAMPLE: a thread that waits often must not pay a microsecond per
 * wait. sleep_share is computed over the probed waits only. */
#define LW_PROBE_ALL 32
#define LW_PROBE_SAMPLE 8

static void wait_begin(const void *p, struct lw_tstat *e, struct wait *w, int type)
{
    struct lw_lock *r = e ? e->lock : NULL;
    w->errno_saved = errno;
    w->type = type;
    w->holder = r && r->kind != K_SEM && r->kind != K_COND ? holder_of(p, r->kind, r) : 0;
    /* The count of waiters is shared by all threads: kept only when the
     * trace needs it (RELEASE events) and for condvars (signal times). */
    w->counted_waiting = r && (lw.cfg.trace || r->kind == K_COND);
    if (w->counted_waiting)
        ADD(r->waiting, 1);
    if (r && r->kind != K_COND && LD(r->timed) != 1)
        ST(r->timed, 1); /* from now on, sample its holds */
    uint32_t n = lw_tls.nwaits++;
    w->nvcsw0 = n < LW_PROBE_ALL || n % LW_PROBE_SAMPLE == 0 ? vol_switches() : -1;
    w->t0 = lw_now();
    trace(lw_thread_self(), LW_EV_REQUEST, type, p, w->holder, w->t0, 0);
    errno = w->errno_saved;
}

static void note_wait(struct lw_tstat *e, uint32_t holder, uint64_t ns, uintptr_t pc)
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
static void wait_end_at(const void *p, struct lw_tstat *e, struct wait *w, int got, uintptr_t pc, uint64_t t1,
                        uint64_t counted, int lock_wait)
{
    int saved = errno;
    int probed = w->nvcsw0 >= 0;
    int slept = probed && vol_switches() > w->nvcsw0;
    uint64_t ns = t1 - w->t0;
    struct lw_thread *t = lw_thread_self();
    if (t && lock_wait) {
        ADD(t->waits, 1);
        ADD(t->blocked_ns, ns);
        if (probed)
            ADD(t->probed_ns, ns);
        if (slept)
            ADD(t->sleep_ns, ns);
    }
    if (e && w->counted_waiting)
        ADD(e->lock->waiting, (uint32_t)-1);
    if (e) {
        BUMP1(*(got ? &e->contended : &e->timeouts), 1);
        BUMP1(e->wait_ns, counted);
        if (counted > LD(e->max_wait_ns))
            ST(e->max_wait_ns, counted);
        if (probed)
            BUMP1(e->probed_wait_ns, counted);
        if (slept)
            BUMP1(e->sleep_wait_ns, counted);
        note_wait(e, w->holder, counted, pc);
    }
    trace(t, got ? LW_EV_ACQUIRE : LW_EV_TIMEOUT, w->type, p, w->holder, t1, w->t0);
    errno = saved;
}

static void wait_end(const void *p, struct lw_tstat *e, struct wait *w, int got, uintptr_t pc)
{
    uint64_t t1 = lw_now();
    wait_end_at(p, e, w, got, pc, t1, t1 - w->t0, 1);
}

static __attribute__((noinline)) void trylock_failed(struct lw_tstat *e)
{
    if (e)
        BUMP1(e->trylock_failed, 1);
}

/* ---------------------------------------------------------------- mutex */

enum how { PLAIN, TIMED, CLOCKED };

static int mutex_real(pthread_mutex_t *m, enum how how, clockid_t c, const struct timespec *ts)
{
    switch (how) {
    case TIMED: return real.mutex_timedlock(m, ts);
    case CLOCKED: return real.mutex_clocklock(m, c, ts);
    default: return real.mutex_lock(m);
    }
}

static inline int got_mutex(int rc)
{
    return rc == 0 || rc == EOWNERDEAD;
}

/* the trylock said no (rc): wait for it the way the caller asked */
static __attribute__((noinline)) int mutex_slow(pthread_mutex_t *m, int rc, uintptr_t pc, enum how how,
                                                clockid_t c, const struct timespec *ts)
{
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc);
    if (rc == EOWNERDEAD) { /* robust mutex: acquired, previous owner died */
        if (e)
            acquired(e, K_MUTEX);
        return rc;
    }
    if (rc != EBUSY || (e && held_find(e))) {
        /* an error the real call reports in its own way, or a relock of our
         * own mutex (errorcheck: EDEADLK; normal: a deadlock): no contention */
        rc = mutex_real(m, how, c, ts);
        if (got_mutex(rc) && e)
            acquired(e, K_MUTEX);
        return rc;
    }
    struct wait w;
    wait_begin(m, e, &w, LW_T_MUTEX);
    rc = mutex_real(m, how, c, ts);
    wait_end(m, e, &w, got_mutex(rc), pc);
    if (got_mutex(rc) && e)
        acquired(e, K_MUTEX);
    return rc;
}

static inline __attribute__((always_inline)) int mutex_lock(pthread_mutex_t *m, uintptr_t pc, enum how how,
                                                            clockid_t c, const struct timespec *ts)
{
    int rc = real.mutex_trylock(m);
    if (LW_LIKELY(rc == 0)) {
        struct lw_tstat *e = stat_of(m, K_MUTEX, pc);
        if (LW_LIKELY(e != NULL))
            acquired(e, K_MUTEX);
        return 0;
    }
    return mutex_slow(m, rc, pc, how, c, ts);
}

LW_API int pthread_mutex_lock(pthread_mutex_t *m)
{
    NEED(mutex_trylock);
    return mutex_lock(m, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *ts)
{
    NEED(mutex_timedlock);
    return mutex_lock(m, RA(), TIMED, 0, ts);
}

LW_API int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c, const struct timespec *ts)
{
    NEED(mutex_clocklock);
    return mutex_lock(m, RA(), CLOCKED, c, ts);
}

LW_API int pthread_mutex_trylock(pthread_mutex_t *m)
{
    NEED(mutex_trylock);
    int rc = real.mutex_trylock(m);
    struct lw_tstat *e = stat_of(m, K_MUTEX, RA());
    if (got_mutex(rc) && e)
        acquired(e, K_MUTEX);
    else if (rc == EBUSY)
        trylock_failed(e);
    return rc;
}

LW_API int pthread_mutex_unlock(pthread_mutex_t *m)
{
    NEED(mutex_unlock);
    struct lw_tstat *e = releasing(m, K_MUTEX);
    int rc = real.mutex_unlock(m);
    if (e)
        owner_note(e);
    return rc;
}

/* ---------------------------------------------------------------- spinlock */

LW_API int pthread_spin_lock(pthread_spinlock_t *s)
{
    NEED(spin_trylock);
    int rc = real.spin_trylock(s);
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, RA());
    if (LW_LIKELY(rc == 0)) {
        if (LW_LIKELY(e != NULL))
            acquired(e, K_SPIN);
        return 0;
    }
    struct wait w;
    wait_begin((void *)s, e, &w, LW_T_SPIN);
    rc = real.spin_lock(s);
    wait_end((void *)s, e, &w, rc == 0, RA());
    if (rc == 0 && e)
        acquired(e, K_SPIN);
    return rc;
}

LW_API int pthread_spin_trylock(pthread_spinlock_t *s)
{
    NEED(spin_trylock);
    int rc = real.spin_trylock(s);
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, RA());
    if (rc == 0 && e)
        acquired(e, K_SPIN);
    else if (rc == EBUSY)
        trylock_failed(e);
    return rc;
}

LW_API int pthread_spin_unlock(pthread_spinlock_t *s)
{
    NEED(spin_unlock);
    struct lw_tstat *e = releasing((void *)s, K_SPIN);
    int rc = real.spin_unlock(s);
    if (e)
        owner_note(e);
    return rc;
}

/* ---------------------------------------------------------------- semaphore */

/* Semaphores are not owned: no holder, no hold time. */
static int sem_real(sem_t *s, enum how how, clockid_t c, const struct timespec *ts)
{
    switch (how) {
    case TIMED: return real.sem_timedwait(s, ts);
    case CLOCKED: return real.sem_clockwait(s, c, ts);
    default: return real.sem_wait(s);
    }
}

static int sem_common(sem_t *s, uintptr_t pc, enum how how, clockid_t c, const struct timespec *ts)
{
    int e0 = errno;
    if (real.sem_trywait(s) == 0) {
        struct lw_tstat *e = stat_of(s, K_SEM, pc);
        if (e)
            BUMP1(e->acquisitions, 1);
        errno = e0; /* a successful call leaves errno alone */
        return 0;
    }
    if (errno != EAGAIN) { /* EINVAL and the like: the real call answers */
        errno = e0;
        return sem_real(s, how, c, ts);
    }
    errno = e0;
    struct lw_tstat *e = stat_of(s, K_SEM, pc);
    struct wait w;
    wait_begin(s, e, &w, LW_T_SEM);
    int rc = sem_real(s, how, c, ts);
    int e2 = errno;
    wait_end(s, e, &w, rc == 0, pc);
    if (rc == 0 && e)
        BUMP1(e->acquisitions, 1);
    errno = rc == 0 ? e0 : e2;
    return rc;
}

#define SEM_NEED(f)                                                                 \
    do {                                                                            \
        if (LW_UNLIKELY(!real.f || !real.sem_trywait)) {                            \
            if (!resolve())                                                         \
                return 0;                                                           \
            if (!real.f || !real.sem_trywait) {                                     \
                errno = ENOSYS;                                                     \
                return -1;                                                          \
            }                                                                       \
        }                                                                           \
    } while (0)

LW_API int sem_wait(sem_t *s)
{
    SEM_NEED(sem_wait);
    return sem_common(s, RA(), PLAIN, 0, NULL);
}

LW_API int sem_timedwait(sem_t *s, const struct timespec *ts)
{
    SEM_NEED(sem_timedwait);
    return sem_common(s, RA(), TIMED, 0, ts);
}

LW_API int sem_clockwait(sem_t *s, clockid_t c, const struct timespec *ts)
{
    SEM_NEED(sem_clockwait);
    return sem_common(s, RA(), CLOCKED, c, ts);
}

LW_API int sem_trywait(sem_t *s)
{
    SEM_NEED(sem_trywait);
    int rc = real.sem_trywait(s);
    int e0 = errno;
    struct lw_tstat *e = stat_of(s, K_SEM, RA());
    if (rc == 0 && e)
        BUMP1(e->acquisitions, 1);
    else if (rc != 0 && e0 == EAGAIN)
        trylock_failed(e);
    errno = e0;
    return rc;
}

LW_API int sem_post(sem_t *s)
{
    SEM_NEED(sem_post);
    if (lw.cfg.trace) { /* waiters are counted only for the trace */
        int e0 = errno;
        struct lw_tstat *e = stat_of(s, K_SEM, RA());
        if (e && LD(e->lock->waiting))
            trace(lw_thread_self(), LW_EV_RELEASE, LW_T_SEM, s, my_tid(), lw_now(), 0);
        errno = e0;
    }
    return real.sem_post(s);
}

/* ---------------------------------------------------------------- rwlock */

/* Writers hold exclusively (held stack, hold times, as for a mutex);
 * readers share the lock and only count. */
static int rw_real(pthread_rwlock_t *l, int write, enum how how, clockid_t c, const struct timespec *ts)
{
    switch (how) {
    case TIMED: return write ? real.timedwrlock(l, ts) : real.timedrdlock(l, ts);
    case CLOCKED: return write ? real.clockwrlock(l, c, ts) : real.clockrdlock(l, c, ts);
    default: return write ? real.wrlock(l) : real.rdlock(l);
    }
}

static void rw_got(struct lw_tstat *e, int write)
{
    if (!e)
        return;
    if (write)
        acquired(e, K_RWLOCK);
    else
        BUMP1(e->acquisitions, 1);
}

static int rw_common(pthread_rwlock_t *l, int write, uintptr_t pc, enum how how, clockid_t c,
                     const struct timespec *ts)
{
    int rc = write ? real.trywrlock(l) : real.tryrdlock(l);
    struct lw_tstat *e = stat_of(l, K_RWLOCK, pc);
    if (LW_LIKELY(rc == 0)) {
        rw_got(e, write);
        return 0;
    }
    if (rc != EBUSY) { /* EDEADLK, EAGAIN (too many readers), EINVAL */
        rc = rw_real(l, write, how, c, ts);
        if (rc == 0)
            rw_got(e, write);
        return rc;
    }
    struct wait w;
    wait_begin(l, e, &w, write ? LW_T_RWLOCK_WR : LW_T_RWLOCK_RD);
    rc = rw_real(l, write, how, c, ts);
    wait_end(l, e, &w, rc == 0, pc);
    if (rc == 0)
        rw_got(e, write);
    return rc;
}

#define RW_NEED(f)                                                                  \
    do {                                                                            \
        if (LW_UNLIKELY(!real.f || !real.tryrdlock || !real.trywrlock)) {           \
            if (!resolve())                                                         \
                return 0;                                                           \
            if (!real.f || !real.tryrdlock || !real.trywrlock)                      \
                return ENOSYS;                                                      \
        }                                                                           \
    } while (0)

LW_API int pthread_rwlock_rdlock(pthread_rwlock_t *l)
{
    RW_NEED(rdlock);
    return rw_common(l, 0, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_rwlock_wrlock(pthread_rwlock_t *l)
{
    RW_NEED(wrlock);
    return rw_common(l, 1, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *ts)
{
    RW_NEED(timedrdlock);
    return rw_common(l, 0, RA(), TIMED, 0, ts);
}

LW_API int pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *ts)
{
    RW_NEED(timedwrlock);
    return rw_common(l, 1, RA(), TIMED, 0, ts);
}

LW_API int pthread_rwlock_clockrdlock(pthread_rwlock_t *l, clockid_t c, const struct timespec *ts)
{
    RW_NEED(clockrdlock);
    return rw_common(l, 0, RA(), CLOCKED, c, ts);
}

LW_API int pthread_rwlock_clockwrlock(pthread_rwlock_t *l, clockid_t c, const struct timespec *ts)
{
    RW_NEED(clockwrlock);
    return rw_common(l, 1, RA(), CLOCKED, c, ts);
}

static int rw_try(pthread_rwlock_t *l, int write, uintptr_t pc)
{
    int rc = write ? real.trywrlock(l) : real.tryrdlock(l);
    struct lw_tstat *e = stat_of(l, K_RWLOCK, pc);
    if (rc == 0)
        rw_got(e, write);
    else if (rc == EBUSY)
        trylock_failed(e);
    return rc;
}

LW_API int pthread_rwlock_tryrdlock(pthread_rwlock_t *l)
{
    RW_NEED(tryrdlock);
    return rw_try(l, 0, RA());
}

LW_API int pthread_rwlock_trywrlock(pthread_rwlock_t *l)
{
    RW_NEED(trywrlock);
    return rw_try(l, 1, RA());
}

LW_API int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
    RW_NEED(rwunlock);
    struct lw_tstat *e = releasing(l, K_RWLOCK); /* our write hold, if it is one */
    if (!e && lw.cfg.trace) { /* a reader leaving */
        int e0 = errno;
        struct lw_tstat *s = stat_of(l, K_RWLOCK, RA());
        if (s && LD(s->lock->waiting))
            trace(lw_thread_self(), LW_EV_RELEASE, LW_T_RWLOCK_RD, l, my_tid(), lw_now(), 0);
        errno = e0;
    }
    int rc = real.rwunlock(l);
    if (e)
        owner_note(e);
    return rc;
}

/* ---------------------------------------------------------------- condvar */

/* The real wait releases and re-acquires the mutex inside libc, where we
 * cannot see it. So: end our hold of the mutex before, start a new one after,
 * and split the time at the last signal/broadcast that came during the wait:
 * before it = waiting for the signal (charged to the condvar), after it =
 * waking up and re-acquiring the mutex (reacquire_ns). */
static int cond_common(pthread_cond_t *cv, pthread_mutex_t *m, uintptr_t pc, enum how how, clockid_t c,
                       const struct timespec *ts)
{
    struct lw_tstat *em = stat_of(m, K_MUTEX, pc);
    struct lw_held *h = em ? held_find(em) : NULL;
    uint32_t depth = h ? h->depth : 0;
    if (h) {
        h->depth = 1;
        releasing(m, K_MUTEX);
        owner_note(em);
    }
    struct lw_tstat *e = stat_of(cv, K_COND, pc); /* after: the cache holds the condvar */
    struct wait w;
    wait_begin(cv, e, &w, LW_T_COND);
    int rc;
    switch (how) {
    case TIMED: rc = real.cond_timedwait(cv, m, ts); break;
    case CLOCKED: rc = real.cond_clockwait(cv, m, c, ts); break;
    default: rc = real.cond_wait(cv, m); break;
    }
    uint64_t t1 = lw_now();
    int relocked = rc == 0 || rc == ETIMEDOUT || rc == EOWNERDEAD;
    if (e) {
        struct lw_lock *r = e->lock;
        uint64_t sig = LD(r->last_signal_ns);
        int signalled = sig > w.t0 && sig <= t1;
        uint64_t until = signalled ? sig : t1;
        w.holder = signalled ? LD(r->signaller) : 0;
        if (rc == 0)
            BUMP1(e->acquisitions, 1);
        wait_end_at(cv, e, &w, rc == 0, pc, t1, until - w.t0, 0);
        if (signalled) {
            BUMP1(e->reacquire_ns, t1 - sig);
            if (t1 - sig > LD(e->max_reacquire_ns))
                ST(e->max_reacquire_ns, t1 - sig);
            struct lw_thread *t = lw_thread_self();
            if (t) /* re-acquiring the mutex is a lock wait of this thread */
                ADD(t->blocked_ns, t1 - sig);
        }
    }
    if (relocked && em && depth) {
        acquired(em, K_MUTEX);
        if ((h = held_find(em)) != NULL)
            h->depth = depth; /* a recursive mutex's count comes back whole */
    }
    return rc;
}

#define COND_NEED(f)                                                                \
    do {                                                                            \
        if (LW_UNLIKELY(!real.f)) {                                                 \
            if (!resolve())                                                         \
                return 0;                                                           \
            if (!real.f)                                                            \
                return ENOSYS;                                                      \
        }                                                                           \
    } while (0)

LW_API int pthread_cond_wait(pthread_cond_t *cv, pthread_mutex_t *m)
{
    COND_NEED(cond_wait);
    return cond_common(cv, m, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_cond_timedwait(pthread_cond_t *cv, pthread_mutex_t *m, const struct timespec *ts)
{
    COND_NEED(cond_timedwait);
    return cond_common(cv, m, RA(), TIMED, 0, ts);
}

LW_API int pthread_cond_clockwait(pthread_cond_t *cv, pthread_mutex_t *m, clockid_t c,
                                  const struct timespec *ts)
{
    COND_NEED(cond_clockwait);
    return cond_common(cv, m, RA(), CLOCKED, c, ts);
}

static void cond_wake(pthread_cond_t *cv, uintptr_t pc)
{
    int e0 = errno;
    struct lw_tstat *e = stat_of(cv, K_COND, pc);
    if (e && LD(e->lock->waiting)) { /* only then is the time worth reading */
        struct lw_lock *r = e->lock;
        uint64_t now = lw_now();
        ST(r->signaller, my_tid());
        ST(r->last_signal_ns, now);
        trace(lw_thread_self(), LW_EV_RELEASE, LW_T_COND, cv, my_tid(), now, 0);
    }
    errno = e0;
}

LW_API int pthread_cond_signal(pthread_cond_t *cv)
{
    COND_NEED(cond_signal);
    cond_wake(cv, RA());
    return real.cond_signal(cv);
}

LW_API int pthread_cond_broadcast(pthread_cond_t *cv)
{
    COND_NEED(cond_broadcast);
    cond_wake(cv, RA());
    return real.cond_broadcast(cv);
}

/* ---------------------------------------------------------------- threads */

/* Is p, on this thread's held stack, still held by this thread? Asked at
 * thread exit, where a stale entry (a spinlock another thread unlocked) must
 * not be flagged. */
static int still_held(struct lw_tstat *e)
{
    void *p = (void *)e->addr;
#ifdef __GLIBC__
    if (e->kind == K_MUTEX || e->kind == K_RWLOCK)
        return holder_of(p, e->kind, e->lock) == my_tid();
#endif
    if (e->kind == K_SPIN)
        return __atomic_load_n((int *)p, __ATOMIC_RELAXED) != 0;
    return 1;
}

/* A thread that ends while holding an exclusive lock: flag each such lock. */
static void thread_end(void *arg)
{
    (void)arg;
    struct lw_thread *t = lw_thread_self();
    for (uint32_t i = 0; i < lw_tls.nheld; i++)
        if (still_held(lw_tls.held[i].e))
            ADD(lw_tls.held[i].e->lock->held_at_exit, 1);
    if (lw_tls.held_lost)
        ADD(lw.held_lost, lw_tls.held_lost);
    if (t) {
#ifdef __linux__
        prctl(PR_GET_NAME, t->name, 0, 0, 0);
#endif
        trace(t, LW_EV_THREAD_EXIT, LW_T_NONE, NULL, 0, lw_now(), 0);
        atomic_store_explicit(&t->exited, 1, memory_order_release);
    }
}
struct start {
    void *(*fn)(void *);
    void *arg;
    uint32_t creator;
};

static void *thread_start(void *p)
{
    struct start s = *(struct start *)p;
    free(p);
    struct lw_thread *t = lw_thread_self();
    if (t) {
        t->creator = s.creator;
        trace(t, LW_EV_THREAD_START, LW_T_NONE, NULL, 0, lw_now(), s.creator);
    }
    void *ret;
    pthread_cleanup_push(thread_end, NULL);
    ret = s.fn(s.arg);
    pthread_cleanup_pop(1);
    return ret;
}

LW_API int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    NEED(create);
    struct start *s = malloc(sizeof *s);
    if (!s) /* cannot follow this thread: still create it, unnamed */
        return real.create(th, attr, fn, arg);
    s->fn = fn;
    s->arg = arg;
    s->creator = my_tid();
    int rc = real.create(th, attr, thread_start, s);
    if (rc != 0)
        free(s);
    return rc;
}

/* ---------------------------------------------------------------- start, fork, exit */

/* fork: the child reports on its own under its own pid, from zero; locks the
 * forking thread held stay held, under its new tid. */
/* fork: the child reports on its own under its own pid, from zero. Locks
 * the forking thread held stay held, under its new tid. */
static void at_fork_child(void)
{
    uint32_t old = lw_tls.tid;
    lw_tls.tid = 0;
    lw_tls.thr = NULL;
    lw_tls.last = NULL;
    uint32_t me = lw_gettid();
    lw.pid = (uint32_t)getpid();
    lw.start_ns = lw_now();
    ST(lw.dropped, 0);
    ST(lw.untracked, 0);
    ST(lw.held_lost, 0);
    atomic_store_explicit(&lw.threads, NULL, memory_order_relaxed);
    ST(lw.nthreads, 0);
    for (uint32_t i = 0; lw.table && i < LW_TABLE_SLOTS; i++) {
        struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_relaxed);
        if (!r)
            continue;
        ST(r->waiting, 0); /* the parent's other threads do not exist here */
        ST(r->held_at_exit, 0);
        if (LD(r->last_holder) == old)
            ST(r->last_holder, me);
        if (LD(r->holder) == old)
            ST(r->holder, me);
    }
    /* this thread's holds move to its new statistics */
    struct lw_thread *t = lw_thread_self();
    for (uint32_t i = 0; i < lw_tls.nheld; i++) {
        struct lw_tstat *e = tstat(t, lw_tls.held[i].e->lock);
        if (e)
            lw_tls.held[i].e = e;
        else /* no memory: forget the hold */
            lw_tls.held[i--] = lw_tls.held[--lw_tls.nheld];
    }
}

__attribute__((constructor)) static void lw_start(void)
{
    lw.start_ns = lw_now();
    lw.pid = (uint32_t)getpid();
    lw_config_read(&lw.cfg);
    void *a = mmap(NULL, LW_ARENA_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    void *t = mmap(NULL, LW_TABLE_SLOTS * sizeof(void *), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (a == MAP_FAILED || t == MAP_FAILED) {
        static const char msg[] = "lockwait: cannot map memory for lock records; recording nothing\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        return;
    }
    arena = a;
    lw.table = t;
    resolve();
    lw_thread_self();
    pthread_atfork(NULL, NULL, at_fork_child);
}

__attribute__((destructor)) static void lw_stop(void)
{
    lw_report();
    lw_trace_write();
}

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

static __attribute__((noinline)) struct lw_lock *lookup_slow(const void *p, int kind, uintptr_t pc)
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
                int e = errno;
                fresh = lw_alloc(sizeof *fresh);
                errno = e;
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
                lw_tls.last = fresh;
                return fresh;
            }
            /* another thread filled this slot: r is its record */
        }
        if (r->addr == a && r->kind == kind) {
            lw_tls.last = r;
            return r; /* a lost race leaves `fresh` unused in the arena */
        }
    }
    ADD(lw.untracked, 1);
    return NULL;
}

static inline __attribute__((always_inline)) struct lw_lock *lookup(const void *p, int kind, uintptr_t pc)
{
    struct lw_lock *r = lw_tls.last; /* one word: a signal handler cannot tear it */
    if (LW_LIKELY(r && r->addr == (uintptr_t)p && r->kind == kind))
        return r;
    return lookup_slow(p, kind, pc); /* which fills the cache */
}

/* ---------------------------------------------------------------- holds */

/* Which holds are timed: the lock's first, then, once it has been
 * contended, one in LW_HOLD_SAMPLE (by acquisition count). Timing every hold
 * would put two clock reads (~2 x 20-30 ns) inside every critical section of
 * a contended lock, lengthening the very holds that others wait for. */
#define LW_HOLD_SAMPLE 64
static __attribute__((noinline)) void hold_begin_timed(struct lw_lock *r)
{
    uint8_t t = LD(r->timed);
    if (t == 2) { /* the first hold: time it, then stop unless contended meanwhile */
        uint8_t want = 2;
        atomic_compare_exchange_strong_explicit(&r->timed, &want, 0, memory_order_relaxed,
                                                memory_order_relaxed);
    } else if (LD(r->acquisitions) % LW_HOLD_SAMPLE != 0) {
        return;
    }
    ST(r->hold_t0, lw_now());
}

/* An exclusive acquisition (mutex, spinlock, rwlock writer): the caller holds
 * the lock, which serialises these plain updates. */
static inline __attribute__((always_inline)) void acquired_excl_n(struct lw_lock *r, int shared_counter)
{
    uint32_t tid = my_tid();
    if (shared_counter)
        ADD(r->acquisitions, 1);
    else
        BUMP1(r->acquisitions, 1);
    uint32_t d = LD(r->depth);
    ST(r->depth, d + 1);
    if (LW_LIKELY(d == 0)) {
        ST(r->holder, tid);
        uint32_t last = LD(r->last_holder);
        if (LW_UNLIKELY(last != tid)) {
            BUMP1(r->owner_changes, last != 0);
            ST(r->last_holder, tid);
        }
        if (LW_UNLIKELY(LD(r->timed)))
            hold_begin_timed(r);
    } else {
        BUMP1(r->relocks, 1);
    }
    lw_tls.acq_minus_rel++;
}

static inline __attribute__((always_inline)) void acquired_excl(struct lw_lock *r)
{
    acquired_excl_n(r, 0);
}

static __attribute__((noinline)) void hold_end(struct lw_lock *r, int write)
{
    uint64_t t0 = LD(r->hold_t0), now = lw_now();
    if (t0) {
        uint64_t h = now - t0;
        BUMP1(r->hold_ns, h);
        BUMP1(r->holds_timed, 1);
        if (h > LD(r->max_hold_ns))
            ST(r->max_hold_ns, h);
        ST(r->hold_t0, 0);
    }
    if (LD(r->waiting))
        trace(lw_thread_self(), LW_EV_RELEASE, trace_type(r->kind, write), (void *)r->addr,
              my_tid(), now, t0);
}

/* Before the real unlock, by the holder. A depth of 0 means we never saw the
 * acquisition (made before the library started, or inside libc). */
static inline __attribute__((always_inline)) void released_excl(struct lw_lock *r, int write)
{
    uint32_t d = LD(r->depth);
    if (LW_UNLIKELY(d == 0))
        return;
    ST(r->depth, d - 1);
    if (LW_LIKELY(d == 1)) {
        ST(r->holder, 0);
        if (LW_UNLIKELY(LD(r->hold_t0) | LD(r->waiting)))
            hold_end(r, write);
    }
    lw_tls.acq_minus_rel--;
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

/* The sleep/spin probe (two getrusage calls, ~0.2-0.5 us each) is taken on
 * each thread's first LW_PROBE_ALL contended waits and then on one wait in
 * LW_PROBE_SAMPLE: a thread that waits often must not pay a microsecond per
 * wait. sleep_share is computed over the probed waits only. */
#define LW_PROBE_ALL 32
#define LW_PROBE_SAMPLE 8

static void wait_begin(struct lw_lock *r, struct wait *w, int type)
{
    w->errno_saved = errno;
    w->type = type;
    w->holder = r ? LD(r->holder) : 0;
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
    trace(lw_thread_self(), LW_EV_REQUEST, type, r ? (void *)r->addr : NULL, w->holder, w->t0, 0);
    errno = w->errno_saved;
}

/* This thread's statistics for lock r, created on first need. A signal
 * handler running on this thread may insert too: slots are claimed by CAS,
 * and the table pointer is swapped whole when it grows. */
static struct lw_tstat *tstat(struct lw_thread *t, struct lw_lock *r)
{
    if (!t || !r)
        return NULL;
    struct lw_ttab *tab = atomic_load_explicit(&t->tab, memory_order_acquire);
    for (;;) {
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
                uint32_t j = slot_of((uintptr_t)e->lock, 0) & (cap - 1);
                while (atomic_load_explicit(&big->slot[j], memory_order_relaxed))
                    j = (j + 1) & (cap - 1);
                atomic_store_explicit(&big->slot[j], e, memory_order_relaxed);
                big->used++;
            }
            atomic_store_explicit(&t->tab, big, memory_order_release);
            tab = big;
        }
        uint32_t i = slot_of((uintptr_t)r, 0) & (tab->cap - 1);
        for (uint32_t n = 0; n < tab->cap; n++, i = (i + 1) & (tab->cap - 1)) {
            struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
            if (e && e->lock == r)
                return e;
            if (!e) {
                struct lw_tstat *fresh = lw_alloc(sizeof *fresh);
                if (!fresh)
                    return NULL;
                fresh->lock = r;
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
}

static void tstat_note(struct lw_tstat *e, uint32_t holder, uint64_t ns, uintptr_t pc)
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
 * the part of the wait charged to this lock (condvars: until the signal). */
static void wait_end_at(struct lw_lock *r, struct wait *w, int got, uintptr_t pc, uint64_t t1,
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
    if (r && w->counted_waiting)
        ADD(r->waiting, (uint32_t)-1);
    struct lw_tstat *e = tstat(t, r);
    if (e) {
        BUMP1(*(got ? &e->contended : &e->timeouts), 1);
        BUMP1(e->wait_ns, counted);
        if (counted > LD(e->max_wait_ns))
            ST(e->max_wait_ns, counted);
        if (probed)
            BUMP1(e->probed_wait_ns, counted);
        if (slept)
            BUMP1(e->sleep_wait_ns, counted);
        tstat_note(e, w->holder, counted, pc);
    }
    trace(t, got ? LW_EV_ACQUIRE : LW_EV_TIMEOUT, w->type, r ? (void *)r->addr : NULL, w->holder, t1,
          w->t0);
    errno = saved;
}

static void wait_end(struct lw_lock *r, struct wait *w, int got, uintptr_t pc)
{
    uint64_t t1 = lw_now();
    wait_end_at(r, w, got, pc, t1, t1 - w->t0, 1);
}

static __attribute__((noinline)) void trylock_failed(struct lw_lock *r)
{
    struct lw_tstat *e = tstat(lw_thread_self(), r);
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
    struct lw_lock *r = lookup(m, K_MUTEX, pc);
    if (rc == EOWNERDEAD) { /* robust mutex: acquired, previous owner died */
        if (r)
            acquired_excl(r);
        return rc;
    }
    if (rc != EBUSY || (r && LD(r->depth) && LD(r->holder) == my_tid())) {
        /* an error the real call reports in its own way, or a relock of our
         * own mutex (errorcheck: EDEADLK; normal: a deadlock): no contention */
        rc = mutex_real(m, how, c, ts);
        if (got_mutex(rc) && r)
            acquired_excl(r);
        return rc;
    }
    struct wait w;
    wait_begin(r, &w, LW_T_MUTEX);
    rc = mutex_real(m, how, c, ts);
    wait_end(r, &w, got_mutex(rc), pc);
    if (got_mutex(rc) && r)
        acquired_excl(r);
    return rc;
}

/* Before the trylock: if the lock's record is at hand, start fetching its
 * hot line for writing, to overlap with the trylock's own cache miss. */
static inline __attribute__((always_inline)) void prefetch_hot(const void *p, int kind)
{
    struct lw_lock *r = lw_tls.last;
    if (r && r->addr == (uintptr_t)p && r->kind == kind)
        __builtin_prefetch(&r->holder, 1);
}

LW_API int pthread_mutex_lock(pthread_mutex_t *m)
{
    NEED(mutex_trylock);
    prefetch_hot(m, K_MUTEX);
    int rc = real.mutex_trylock(m);
    if (LW_LIKELY(rc == 0)) {
        struct lw_lock *r = lookup(m, K_MUTEX, RA());
        if (LW_LIKELY(r != NULL))
            acquired_excl(r);
        return 0;
    }
    return mutex_slow(m, rc, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *ts)
{
    NEED(mutex_timedlock);
    int rc = real.mutex_trylock(m);
    if (rc == 0) {
        struct lw_lock *r = lookup(m, K_MUTEX, RA());
        if (r)
            acquired_excl(r);
        return 0;
    }
    return mutex_slow(m, rc, RA(), TIMED, 0, ts);
}

LW_API int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c, const struct timespec *ts)
{
    NEED(mutex_clocklock);
    int rc = real.mutex_trylock(m);
    if (rc == 0) {
        struct lw_lock *r = lookup(m, K_MUTEX, RA());
        if (r)
            acquired_excl(r);
        return 0;
    }
    return mutex_slow(m, rc, RA(), CLOCKED, c, ts);
}

LW_API int pthread_mutex_trylock(pthread_mutex_t *m)
{
    NEED(mutex_trylock);
    int rc = real.mutex_trylock(m);
    struct lw_lock *r = lookup(m, K_MUTEX, RA());
    if (r) {
        if (got_mutex(rc))
            acquired_excl(r);
        else if (rc == EBUSY)
            trylock_failed(r);
    }
    return rc;
}

/* An unlock by a thread that is not the holder (allowed for some types,
 * EPERM for others): let the real call decide, then forget the hold. */
static __attribute__((noinline)) int foreign_unlock(struct lw_lock *r, int rc)
{
    if (rc == 0) {
        ST(r->depth, 0);
        ST(r->holder, 0);
        ST(r->hold_t0, 0);
    }
    return rc;
}

LW_API int pthread_mutex_unlock(pthread_mutex_t *m)
{
    NEED(mutex_unlock);
    struct lw_lock *r = lookup(m, K_MUTEX, RA());
    if (LW_LIKELY(r != NULL)) {
        if (LW_UNLIKELY(LD(r->holder) != my_tid() && LD(r->depth)))
            return foreign_unlock(r, real.mutex_unlock(m));
        released_excl(r, 1);
    }
    return real.mutex_unlock(m);
}

/* ---------------------------------------------------------------- spinlock */

LW_API int pthread_spin_lock(pthread_spinlock_t *s)
{
    NEED(spin_trylock);
    prefetch_hot((void *)s, K_SPIN);
    int rc = real.spin_trylock(s);
    struct lw_lock *r = lookup((void *)s, K_SPIN, RA());
    if (LW_LIKELY(rc == 0)) {
        if (LW_LIKELY(r != NULL))
            acquired_excl(r);
        return 0;
    }
    struct wait w;
    wait_begin(r, &w, LW_T_SPIN);
    rc = real.spin_lock(s);
    wait_end(r, &w, rc == 0, RA());
    if (rc == 0 && r)
        acquired_excl(r);
    return rc;
}

LW_API int pthread_spin_trylock(pthread_spinlock_t *s)
{
    NEED(spin_trylock);
    int rc = real.spin_trylock(s);
    struct lw_lock *r = lookup((void *)s, K_SPIN, RA());
    if (r) {
        if (rc == 0)
            acquired_excl(r);
        else if (rc == EBUSY)
            trylock_failed(r);
    }
    return rc;
}

LW_API int pthread_spin_unlock(pthread_spinlock_t *s)
{
    NEED(spin_unlock);
    struct lw_lock *r = lookup((void *)s, K_SPIN, RA());
    if (LW_LIKELY(r != NULL)) {
        if (LW_UNLIKELY(LD(r->holder) != my_tid() && LD(r->depth)))
            return foreign_unlock(r, real.spin_unlock(s));
        released_excl(r, 1);
    }
    return real.spin_unlock(s);
}

/* ---------------------------------------------------------------- semaphore */

/* Semaphores are not owned: no holder, no hold time, counters by atomics. */
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
    int e = errno;
    if (real.sem_trywait(s) == 0) {
        struct lw_lock *r = lookup(s, K_SEM, pc);
        if (r)
            ADD(r->acquisitions, 1);
        errno = e; /* a successful call leaves errno alone */
        return 0;
    }
    if (errno != EAGAIN) { /* EINVAL and the like: the real call answers */
        errno = e;
        return sem_real(s, how, c, ts);
    }
    errno = e;
    struct lw_lock *r = lookup(s, K_SEM, pc);
    struct wait w;
    wait_begin(r, &w, LW_T_SEM);
    int rc = sem_real(s, how, c, ts);
    int e2 = errno;
    wait_end(r, &w, rc == 0, pc);
    if (rc == 0 && r)
        ADD(r->acquisitions, 1);
    errno = rc == 0 ? e : e2;
    return rc;
}

#define SEM_NEED(f)                                                                 \
    do {                                                                            \
        if (LW_UNLIKELY(!real.ready) && !resolve())                                 \
            return 0;                                                               \
        if (LW_UNLIKELY(!real.f || !real.sem_trywait)) {                            \
            errno = ENOSYS;                                                         \
            return -1;                                                              \
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
    int e = errno;
    struct lw_lock *r = lookup(s, K_SEM, RA());
    if (r) {
        if (rc == 0)
            ADD(r->acquisitions, 1);
        else if (e == EAGAIN)
            trylock_failed(r);
    }
    errno = e;
    return rc;
}

LW_API int sem_post(sem_t *s)
{
    SEM_NEED(sem_post);
    struct lw_lock *r = lookup(s, K_SEM, RA());
    if (r && LD(r->waiting)) {
        int e = errno;
        trace(lw_thread_self(), LW_EV_RELEASE, LW_T_SEM, s, my_tid(), lw_now(), 0);
        errno = e;
    }
    return real.sem_post(s);
}

/* ---------------------------------------------------------------- rwlock */

/* Writers are exclusive (holder, holds, as for a mutex). Readers share the
 * lock, so their counters use atomic adds; their holds are not timed. */
static int rw_real(pthread_rwlock_t *l, int write, enum how how, clockid_t c, const struct timespec *ts)
{
    switch (how) {
    case TIMED: return write ? real.timedwrlock(l, ts) : real.timedrdlock(l, ts);
    case CLOCKED: return write ? real.clockwrlock(l, c, ts) : real.clockrdlock(l, c, ts);
    default: return write ? real.wrlock(l) : real.rdlock(l);
    }
}

static void rw_got(struct lw_lock *r, int write)
{
    if (!r)
        return;
    if (write)
        acquired_excl_n(r, 1); /* readers add to the same counter: atomic */
    else
        ADD(r->acquisitions, 1);
}

static int rw_common(pthread_rwlock_t *l, int write, uintptr_t pc, enum how how, clockid_t c,
                     const struct timespec *ts)
{
    int rc = write ? real.trywrlock(l) : real.tryrdlock(l);
    struct lw_lock *r = lookup(l, K_RWLOCK, pc);
    if (LW_LIKELY(rc == 0)) {
        rw_got(r, write);
        return 0;
    }
    if (rc != EBUSY) { /* EDEADLK, EAGAIN (too many readers), EINVAL */
        rc = rw_real(l, write, how, c, ts);
        if (rc == 0)
            rw_got(r, write);
        return rc;
    }
    struct wait w;
    wait_begin(r, &w, write ? LW_T_RWLOCK_WR : LW_T_RWLOCK_RD);
    rc = rw_real(l, write, how, c, ts);
    wait_end(r, &w, rc == 0, pc);
    if (rc == 0)
        rw_got(r, write);
    return rc;
}

#define RW_NEED(f)                                                                  \
    do {                                                                            \
        if (LW_UNLIKELY(!real.ready) && !resolve())                                 \
            return 0;                                                               \
        if (LW_UNLIKELY(!real.f || !real.tryrdlock || !real.trywrlock))             \
            return ENOSYS;                                                          \
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
    struct lw_lock *r = lookup(l, K_RWLOCK, pc);
    if (rc == 0)
        rw_got(r, write);
    else if (rc == EBUSY)
        trylock_failed(r);
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
    struct lw_lock *r = lookup(l, K_RWLOCK, RA());
    if (r) {
        if (LD(r->depth) && LD(r->holder) == my_tid()) {
            released_excl(r, 1); /* our write lock */
        } else if (LD(r->waiting)) {
            int e = errno;
            trace(lw_thread_self(), LW_EV_RELEASE, LW_T_RWLOCK_RD, l, my_tid(), lw_now(), 0);
            errno = e;
        }
    }
    return real.rwunlock(l);
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
    struct lw_lock *r = lookup(cv, K_COND, pc);
    struct lw_lock *rm = lookup(m, K_MUTEX, pc);
    uint32_t me = my_tid();
    uint32_t depth = 0;
    if (rm && LD(rm->holder) == me && (depth = LD(rm->depth)) != 0) {
        ST(rm->depth, 1);
        released_excl(rm, 1);
    }
    struct wait w;
    wait_begin(r, &w, LW_T_COND);
    int rc;
    switch (how) {
    case TIMED: rc = real.cond_timedwait(cv, m, ts); break;
    case CLOCKED: rc = real.cond_clockwait(cv, m, c, ts); break;
    default: rc = real.cond_wait(cv, m); break;
    }
    uint64_t t1 = lw_now();
    int relocked = rc == 0 || rc == ETIMEDOUT || rc == EOWNERDEAD;
    if (r) {
        uint64_t sig = LD(r->last_signal_ns);
        int signalled = sig > w.t0 && sig <= t1;
        uint64_t until = signalled ? sig : t1;
        w.holder = signalled ? LD(r->holder) : 0; /* the signalling thread */
        if (rc == 0)
            ADD(r->acquisitions, 1);
        wait_end_at(r, &w, rc == 0, pc, t1, until - w.t0, 0);
        if (signalled) {
            struct lw_thread *t = lw_thread_self();
            struct lw_tstat *e = tstat(t, r);
            if (e) {
                BUMP1(e->reacquire_ns, t1 - sig);
                if (t1 - sig > LD(e->max_reacquire_ns))
                    ST(e->max_reacquire_ns, t1 - sig);
            }
            if (t) /* re-acquiring the mutex is a lock wait of this thread */
                ADD(t->blocked_ns, t1 - sig);
        }
    }
    if (relocked && rm && depth) {
        acquired_excl(rm);
        ST(rm->depth, depth); /* a recursive mutex's count comes back whole */
    }
    return rc;
}

#define COND_NEED(f)                                                                \
    do {                                                                            \
        if (LW_UNLIKELY(!real.ready) && !resolve())                                 \
            return 0;                                                               \
        if (LW_UNLIKELY(!real.f))                                                   \
            return ENOSYS;                                                          \
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

static void cond_wake(pthread_cond_t *cv, uintptr_t pc, int ev_type)
{
    struct lw_lock *r = lookup(cv, K_COND, pc);
    if (r && LD(r->waiting)) { /* only then is the time worth reading */
        int e = errno;
        uint64_t now = lw_now();
        ST(r->holder, my_tid());
        ST(r->last_signal_ns, now);
        trace(lw_thread_self(), LW_EV_RELEASE, ev_type, cv, my_tid(), now, 0);
        errno = e;
    }
}

LW_API int pthread_cond_signal(pthread_cond_t *cv)
{
    COND_NEED(cond_signal);
    cond_wake(cv, RA(), LW_T_COND);
    return real.cond_signal(cv);
}

LW_API int pthread_cond_broadcast(pthread_cond_t *cv)
{
    COND_NEED(cond_broadcast);
    cond_wake(cv, RA(), LW_T_COND);
    return real.cond_broadcast(cv);
}

/* ---------------------------------------------------------------- threads */

/* A thread that ends while holding an exclusive lock: flag each such lock.
 * The per-thread acquire/release balance says whether to look at all. */
static void thread_end(void *arg)
{
    (void)arg;
    struct lw_thread *t = lw_thread_self();
    uint32_t me = my_tid();
    if (lw_tls.acq_minus_rel != 0 && lw.table) {
        for (uint32_t i = 0; i < LW_TABLE_SLOTS; i++) {
            struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_acquire);
            if (r && LD(r->depth) && LD(r->holder) == me)
                ADD(r->held_at_exit, 1);
        }
    }
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
static void at_fork_child(void)
{
    uint32_t old = lw_tls.tid;
    lw_tls.tid = 0;
    lw_tls.thr = NULL;
    uint32_t me = my_tid();
    lw.pid = (uint32_t)getpid();
    lw.start_ns = lw_now();
    ST(lw.dropped, 0);
    ST(lw.untracked, 0);
    atomic_store_explicit(&lw.threads, NULL, memory_order_relaxed);
    ST(lw.nthreads, 0);
    for (uint32_t i = 0; lw.table && i < LW_TABLE_SLOTS; i++) {
        struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_relaxed);
        if (!r)
            continue;
        uint32_t h = LD(r->holder), d = LD(r->depth);
        uint64_t t0 = LD(r->hold_t0);
        uint8_t timed = LD(r->timed);
        struct lw_detail *det = atomic_load_explicit(&r->detail, memory_order_relaxed);
        uintptr_t a = r->addr, pc = r->first_pc;
        uint8_t k = r->kind;
        memset((void *)r, 0, sizeof *r);
        if (det)
            memset((void *)det, 0, sizeof *det);
        r->addr = a;
        r->kind = k;
        r->first_pc = pc;
        ST(r->timed, timed);
        atomic_store_explicit(&r->detail, det, memory_order_relaxed);
        if (h == old && d) { /* still ours */
            ST(r->holder, me);
            ST(r->last_holder, me);
            ST(r->depth, d);
            ST(r->hold_t0, t0);
        } else if (d) {
            ST(r->depth, d); /* held by a thread that does not exist here */
            ST(r->holder, h);
        }
    }
    lw_thread_self();
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

/* liblockwait.c - an LD_PRELOAD lock-contention profiler for unmodified
 * programs: wraps the pthread mutex, spinlock, semaphore, rwlock and condvar
 * calls, counts every acquisition cheaply and measures every contended wait
 * (time, whether the waiter slept in the kernel, who held the lock), then
 * reports at exit (lw_report.c). This file: finding the real functions and
 * the wrappers; the state behind them is in lw_core.c and lw_internal.h.
 * Linux + glibc (musl untested).
 *
 * Fast path (lock is free): the real trylock, a one-entry per-thread cache
 * of this thread's statistics for the lock, a counter bump and a push on the
 * thread's stack of held locks, all thread-local. No syscall, no clock read,
 * no atomic read-modify-write, no allocation, no cache line another thread
 * writes. Only when the trylock fails do we take a timestamp (a cycle-counter
 * read where there is one, lw_internal.h) and, sampled, the thread's
 * voluntary context switches, then call the real blocking function. Hold
 * times are sampled (lw_hold_start in lw_core.c): two timestamps per hold
 * would cost more than an uncontended lock/unlock pair. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <locale.h>
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
    /* Try once more at once, as glibc's own lock does (the exchange in its
     * wait path) before measuring: the clock read and the sleep probe take
     * 30-250 ns, long enough for a short holder to release and come back,
     * which would turn a hand-over the bare program gets for free into a
     * futex sleep. A lock free again within a few ns is not counted as a wait. */
    if (rc == EBUSY && (rc = real.mutex_trylock(m)) == 0) {
        struct lw_tstat *e = stat_of(m, K_MUTEX, pc);
        if (e)
            acquired(e, K_MUTEX);
        return 0;
    }
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
    lw_wait_begin(m, e, &w, LW_T_MUTEX);
    rc = mutex_real(m, how, c, ts);
    lw_wait_measure(e, &w, got_mutex(rc), pc);
    if (got_mutex(rc) && e) {
        acquired(e, K_MUTEX);
        lw_wait_defer(m, e, &w); /* accounted after the unlock: keep the hold short */
    } else {
        lw_wait_account(m, e, &w);
    }
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
        lw_trylock_failed(e);
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
    lw_wait_begin((void *)s, e, &w, LW_T_SPIN);
    rc = real.spin_lock(s);
    lw_wait_measure(e, &w, rc == 0, RA());
    if (rc == 0 && e) {
        acquired(e, K_SPIN);
        lw_wait_defer((void *)s, e, &w);
    } else {
        lw_wait_account((void *)s, e, &w);
    }
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
        lw_trylock_failed(e);
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
    /* a second try at once, before measuring: see mutex_slow */
    if (real.sem_trywait(s) == 0 || (errno == EAGAIN && real.sem_trywait(s) == 0)) {
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
    lw_wait_begin(s, e, &w, LW_T_SEM);
    int rc = sem_real(s, how, c, ts);
    int e2 = errno;
    lw_wait_end(s, e, &w, rc == 0, pc);
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
        lw_trylock_failed(e);
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
            lw_trace(lw_thread_self(), LW_EV_RELEASE, LW_T_SEM, s, my_tid(), lw_ticks(), 0);
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
    if (rc == EBUSY) /* once more at once, before measuring: see mutex_slow */
        rc = write ? real.trywrlock(l) : real.tryrdlock(l);
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
    lw_wait_begin(l, e, &w, write ? LW_T_RWLOCK_WR : LW_T_RWLOCK_RD);
    rc = rw_real(l, write, how, c, ts);
    lw_wait_measure(e, &w, rc == 0, pc);
    if (rc == 0)
        rw_got(e, write);
    if (rc == 0 && write && e)
        lw_wait_defer(l, e, &w);
    else
        lw_wait_account(l, e, &w);
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
        lw_trylock_failed(e);
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
            lw_trace(lw_thread_self(), LW_EV_RELEASE, LW_T_RWLOCK_RD, l, my_tid(), lw_ticks(), 0);
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
    lw_wait_begin(cv, e, &w, LW_T_COND);
    int rc;
    switch (how) {
    case TIMED: rc = real.cond_timedwait(cv, m, ts); break;
    case CLOCKED: rc = real.cond_clockwait(cv, m, c, ts); break;
    default: rc = real.cond_wait(cv, m); break;
    }
    uint64_t t1 = lw_ticks();
    int relocked = rc == 0 || rc == ETIMEDOUT || rc == EOWNERDEAD;
    if (e) {
        struct lw_lock *r = e->lock;
        uint64_t sig = LD(r->last_signal);
        int signalled = sig > w.t0 && sig <= t1;
        uint64_t until = signalled ? sig : t1;
        w.holder = signalled ? LD(r->signaller) : 0;
        if (rc == 0)
            BUMP1(e->acquisitions, 1);
        lw_wait_measure(e, &w, rc == 0, pc);
        w.t1 = t1;
        w.counted = until - w.t0;
        w.lock_wait = 0; /* waiting for a signal is not blocking on a lock */
        lw_wait_account(cv, e, &w);
        struct lw_twait *x = signalled ? lw_twait_of(e) : NULL;
        if (x) {
            uint64_t re = lw_ticks_ns(t1 - sig);
            BUMP1(x->reacquire_ns, re);
            if (re > LD(x->max_reacquire_ns))
                ST(x->max_reacquire_ns, re);
        }
        if (signalled) {
            struct lw_thread *t = lw_thread_self();
            if (t) /* re-acquiring the mutex is a lock wait of this thread */
                ADD(t->blocked_ns, lw_ticks_ns(t1 - sig));
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
        uint64_t now = lw_ticks();
        ST(r->signaller, my_tid());
        ST(r->last_signal, now);
        lw_trace(lw_thread_self(), LW_EV_RELEASE, LW_T_COND, cv, my_tid(), now, 0);
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
        return lw_holder_of(p, e->kind, e->lock) == my_tid();
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
    lw_settle();
    for (uint32_t i = 0; i < lw_tls.nheld; i++) {
        struct lw_held *h = &lw_tls.held[i];
        if (h->pending) {
            h->pending = 0;
            lw_wait_account((void *)h->e->addr, h->e, &h->wait);
        }
        if (still_held(h->e))
            ADD(h->e->lock->held_at_exit, 1);
    }
    if (lw_tls.held_lost)
        ADD(lw.held_lost, lw_tls.held_lost);
    if (t) {
#ifdef __linux__
        prctl(PR_GET_NAME, t->name, 0, 0, 0);
#endif
        lw_trace(t, LW_EV_THREAD_EXIT, LW_T_NONE, NULL, 0, lw_ticks(), 0);
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
        lw_trace(t, LW_EV_THREAD_START, LW_T_NONE, NULL, 0, lw_ticks(), s.creator);
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
        struct lw_tstat *e = lw_tstat_for(t, lw_tls.held[i].e->lock);
        if (e)
            lw_tls.held[i].e = e;
        else /* no memory: forget the hold */
            lw_tls.held[i--] = lw_tls.held[--lw_tls.nheld];
    }
}

__attribute__((constructor)) static void lw_start(void)
{
    lw_ticks_init();
    lw.start_ns = lw_now();
    lw.pid = (uint32_t)getpid();
    lw_config_read(&lw.cfg);
    if (lw_core_init() != 0) {
        static const char msg[] = "lockwait: cannot map memory for lock records; recording nothing\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        return;
    }
    resolve();
    lw_thread_self();
    pthread_atfork(NULL, NULL, at_fork_child);
}

__attribute__((destructor)) static void lw_stop(void)
{
    /* the program may have set a locale with a decimal comma: the report
     * and the RESULT lines are printed in the C locale, on this thread only,
     * whatever it chose (the program is exiting; its locale is left as is) */
    locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    locale_t old = c ? uselocale(c) : (locale_t)0;
    lw_ticks_end();
    lw_report();
    lw_trace_write();
    if (c) {
        uselocale(old);
        freelocale(c);
    }
}

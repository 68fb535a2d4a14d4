/* lw_waits.c - liblockwait's wrappers for semaphores, rwlocks and condition
 * variables (mutexes: lw_mutex.c; spinlocks: lw_spin.c; threads: liblockwait.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

#include "lw_waits.h"
#include "../lw_kinds.h"
#include "../trace.h"
#include "lw_account.h"
#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_mutex.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"
#include "lw_wrap.h"

/* ---------------------------------------------------------------- semaphore */

/* Semaphores are not owned: no holder, no hold time. */
static int sem_real(sem_t *s, enum how how, clockid_t c, const struct timespec *ts)
{
    switch (how) {
    case TIMED: return lw_real.sem_timedwait(s, ts);
    case CLOCKED: return lw_real.sem_clockwait(s, c, ts);
    default: return lw_real.sem_wait(s);
    }
}

static int sem_common(sem_t *s, uintptr_t pc, enum how how, clockid_t c, const struct timespec *ts)
{
    if (lw_deadline_refused(how, c, ts, 1))
        return sem_real(s, how, c, ts);
    int e0 = errno;
    /* a second try at once, before measuring: see lw_mutex_wait (lw_mutex.c) */
    if (lw_real.sem_trywait(s) == 0 || (errno == EAGAIN && lw_real.sem_trywait(s) == 0)) {
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
    lw_wait_begin(s, e, &w, LW_T_SEM, pc, LW_STACK_AFTER);
    int rc = sem_real(s, how, c, ts);
    int e2 = errno;
    lw_wait_measure(e, &w, rc == 0, pc);
    if (e) { /* posted by: the last post during the wait */
        uint64_t sig = LD(e->lock->last_signal);
        if (sig > w.t0 && sig <= w.t1)
            w.holder = LD(e->lock->signaller);
    }
    lw_wait_account(s, e, &w);
    if (rc == 0 && e)
        BUMP1(e->acquisitions, 1);
    errno = rc == 0 ? e0 : e2;
    return rc;
}

#define SEM_NEED(f)                                                             \
    do {                                                                        \
        if (LW_UNLIKELY(!lw_real.f || !lw_real.sem_trywait)) {                  \
            if (!lw_resolve())                                                  \
                return 0;                                                       \
            if (!lw_real.f || !lw_real.sem_trywait) {                           \
                errno = ENOSYS;                                                 \
                return -1;                                                      \
            }                                                                   \
        }                                                                       \
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
    int rc = lw_real.sem_trywait(s);
    int e0 = errno;
    struct lw_tstat *e = stat_of(s, K_SEM, RA());
    if (rc == 0 && e)
        BUMP1(e->acquisitions, 1);
    else if (rc != 0 && e0 == EAGAIN)
        lw_trylock_failed(e);
    errno = e0;
    return rc;
}

/* A post, signal or broadcast (type) on p from pc: when someone waits on
 * it, this thread is named the waker, at this time (the waiters read both
 * after their wait) */
static void wake_noted(const void *p, int kind, int type, uintptr_t pc)
{
    int e0 = errno;
    struct lw_tstat *e = stat_of(p, kind, pc);
    if (e && LD(e->lock->waiting)) { /* only then is the time worth reading */
        uint64_t now = lw_probe_ticks();
        ST(e->lock->signaller, my_tid());
        ST(e->lock->last_signal, now);
        lw_trace(lw_thread_self(), LW_EV_RELEASE, type, p, my_tid(), now, 0, 0);
    }
    errno = e0;
}

/* a post that may have a waiter to name this thread as its poster */
static __attribute__((noinline)) int sem_post_noted(sem_t *s, uintptr_t pc)
{
    SEM_NEED(sem_post);
    wake_noted(s, K_SEM, LW_T_SEM, pc);
    return lw_real.sem_post(s);
}

/* A leaf, as pthread_cond_signal is (below): when the semaphore's
 * statistics are cached and nobody waits on it, glibc's call is a jump;
 * every other case is a jump to sem_post_noted. */
LW_API LW_LEAF int sem_post(sem_t *s)
{
    struct lw_tstat *e = stat_cached(s, K_SEM);
    if (LW_UNLIKELY(!lw_real.sem_post) || LW_UNLIKELY(!lw_real.sem_trywait) || LW_UNLIKELY(e == NULL) ||
        LD(e->lock->waiting))
        return sem_post_noted(s, RA());
    return lw_real.sem_post(s);
}

/* ---------------------------------------------------------------- rwlock */

/* Writers hold exclusively (held stack, hold times, as for a mutex);
 * readers share the lock and only count. */
static int rw_real(pthread_rwlock_t *l, int write, enum how how, clockid_t c, const struct timespec *ts)
{
    switch (how) {
    case TIMED:
        return write ? lw_real.pthread_rwlock_timedwrlock(l, ts) : lw_real.pthread_rwlock_timedrdlock(l, ts);
    case CLOCKED:
        return write ? lw_real.pthread_rwlock_clockwrlock(l, c, ts) : lw_real.pthread_rwlock_clockrdlock(l, c, ts);
    default:
        return write ? lw_real.pthread_rwlock_wrlock(l) : lw_real.pthread_rwlock_rdlock(l);
    }
}

static void rw_got(struct lw_tstat *e, int write, uintptr_t pc)
{
    if (!e)
        return;
    if (write)
        acquired(e, K_RWLOCK, pc, 0);
    else
        BUMP1(e->acquisitions, 1);
}

static int rw_common(pthread_rwlock_t *l, int write, uintptr_t pc, enum how how, clockid_t c,
                     const struct timespec *ts)
{
    if (lw_deadline_refused(how, c, ts, 1))
        return rw_real(l, write, how, c, ts);
    /* one try, no second one as a mutex's (lw_mutex_wait, lw_mutex.c): glibc's
     * rwlock sleeps at once, and a second try acted as a spin the bare call does
     * not make (the rwlock scenario slept 12-15% less under the preload) */
    int rc = write ? lw_real.pthread_rwlock_trywrlock(l) : lw_real.pthread_rwlock_tryrdlock(l);
    struct lw_tstat *e = stat_of(l, K_RWLOCK, pc);
    if (LW_LIKELY(rc == 0)) {
        rw_got(e, write, pc);
        return 0;
    }
    if (rc != EBUSY) { /* EDEADLK, EAGAIN (too many readers), EINVAL */
        rc = rw_real(l, write, how, c, ts);
        if (rc == 0)
            rw_got(e, write, pc);
        return rc;
    }
    struct wait w;
    lw_wait_begin(l, e, &w, write ? LW_T_RWLOCK_WR : LW_T_RWLOCK_RD, pc, write ? LW_STACK_BEFORE : LW_STACK_AFTER);
    rc = rw_real(l, write, how, c, ts);
    if (rc == 0 && write && e) { /* as a mutex's: accounted after the unlock */
        lw_wait_measure_held(&w, 1, pc);
        acquired(e, K_RWLOCK, pc, w.t1);
        lw_wait_defer(e, &w);
    } else {
        lw_wait_measure(e, &w, rc == 0, pc);
        if (rc == 0)
            rw_got(e, write, pc);
        lw_wait_account(l, e, &w);
    }
    return rc;
}

#define RW_NEED(f)                                                              \
    do {                                                                        \
        if (LW_UNLIKELY(!lw_real.f || !lw_real.pthread_rwlock_tryrdlock || !lw_real.pthread_rwlock_trywrlock)) { \
            if (!lw_resolve())                                                  \
                return 0;                                                       \
            if (!lw_real.f || !lw_real.pthread_rwlock_tryrdlock || !lw_real.pthread_rwlock_trywrlock)         \
                return ENOSYS;                                                  \
        }                                                                       \
    } while (0)

LW_API int pthread_rwlock_rdlock(pthread_rwlock_t *l)
{
    RW_NEED(pthread_rwlock_rdlock);
    return rw_common(l, 0, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_rwlock_wrlock(pthread_rwlock_t *l)
{
    RW_NEED(pthread_rwlock_wrlock);
    return rw_common(l, 1, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *ts)
{
    RW_NEED(pthread_rwlock_timedrdlock);
    return rw_common(l, 0, RA(), TIMED, 0, ts);
}

LW_API int pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *ts)
{
    RW_NEED(pthread_rwlock_timedwrlock);
    return rw_common(l, 1, RA(), TIMED, 0, ts);
}

LW_API int pthread_rwlock_clockrdlock(pthread_rwlock_t *l, clockid_t c, const struct timespec *ts)
{
    RW_NEED(pthread_rwlock_clockrdlock);
    return rw_common(l, 0, RA(), CLOCKED, c, ts);
}

LW_API int pthread_rwlock_clockwrlock(pthread_rwlock_t *l, clockid_t c, const struct timespec *ts)
{
    RW_NEED(pthread_rwlock_clockwrlock);
    return rw_common(l, 1, RA(), CLOCKED, c, ts);
}

static int rw_try(pthread_rwlock_t *l, int write, uintptr_t pc)
{
    int rc = write ? lw_real.pthread_rwlock_trywrlock(l) : lw_real.pthread_rwlock_tryrdlock(l);
    struct lw_tstat *e = stat_of(l, K_RWLOCK, pc);
    if (rc == 0)
        rw_got(e, write, pc);
    else if (rc == EBUSY)
        lw_trylock_failed(e);
    return rc;
}

LW_API int pthread_rwlock_tryrdlock(pthread_rwlock_t *l)
{
    RW_NEED(pthread_rwlock_tryrdlock);
    return rw_try(l, 0, RA());
}

LW_API int pthread_rwlock_trywrlock(pthread_rwlock_t *l)
{
    RW_NEED(pthread_rwlock_trywrlock);
    return rw_try(l, 1, RA());
}

LW_API int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
    RW_NEED(pthread_rwlock_unlock);
    struct lw_tstat *e = releasing(l, K_RWLOCK); /* our write hold, if it is one */
    if (!e && lw.cfg.trace) { /* a reader leaving */
        int e0 = errno;
        struct lw_tstat *s = stat_of(l, K_RWLOCK, RA());
        if (s && LD(s->lock->waiting))
            lw_trace(lw_thread_self(), LW_EV_RELEASE, LW_T_RWLOCK_RD, l, my_tid(), lw_probe_ticks(), 0, 0);
        errno = e0;
    }
    int rc = lw_real.pthread_rwlock_unlock(l);
    if (e)
        owner_note(e);
    return rc;
}

/* ---------------------------------------------------------------- condvar */

/* The real wait releases and re-acquires the mutex inside libc, where we
 * cannot see it. So: end our hold of the mutex before, start a new one after,
 * and split the time at the last signal/broadcast that came during the wait:
 * before it = waiting for the signal (charged to the condvar), after it =
 * waking up and re-acquiring the mutex (reacquire_ns). The wake comes back
 * holding the mutex: only the clock and the signal's facts are read there;
 * the wait is accounted after the mutex's release (lw_wait_defer, as a
 * mutex's own wait is), outside the critical section; in a traced run
 * too, whose reader puts each thread's events in time order. */
static int cond_common(pthread_cond_t *cv, pthread_mutex_t *m, uintptr_t pc, enum how how, clockid_t c,
                       const struct timespec *ts)
{
    struct lw_tstat *em = stat_of(m, K_MUTEX, pc);
    struct lw_held *h = em ? held_find(em) : NULL;
    uint32_t depth = h ? h->depth : 0;
    int was_default = lw_default_mutex(m);
    if (h) {
        h->depth = 1;
        releasing(m, K_MUTEX);
        lw_mutex_released(em, was_default);
    }
    struct lw_tstat *e = stat_of(cv, K_COND, pc); /* after: the cache holds the condvar */
    struct wait w;
    lw_wait_begin(cv, e, &w, LW_T_COND, pc, LW_STACK_BEFORE);
    int rc;
    switch (how) {
    case TIMED: rc = lw_real.pthread_cond_timedwait(cv, m, ts); break;
    case CLOCKED: rc = lw_real.pthread_cond_clockwait(cv, m, c, ts); break;
    default: rc = lw_real.pthread_cond_wait(cv, m); break;
    }
    lw_wait_measure_held(&w, rc == 0, pc);
    int relocked = rc == 0 || rc == ETIMEDOUT || rc == EOWNERDEAD;
    if (e) {
        struct lw_lock *r = e->lock;
        uint64_t sig = LD(r->last_signal);
        int signalled = sig > w.t0 && sig <= w.t1;
        w.holder = signalled ? LD(r->signaller) : 0;
        if (signalled) {
            w.counted = sig - w.t0;
            w.reacquire = w.t1 - sig;
        }
        if (rc == 0)
            BUMP1(e->acquisitions, 1);
        w.lock_wait = 0; /* waiting for a signal is not blocking on a lock */
        w.of = e;
    }
    if (relocked)
        lw_mutex_seen(m, em);
    int defer = e && relocked && depth; /* (depth: em held it) */
    if (relocked && depth) {
        acquired(em, K_MUTEX, pc, defer ? w.t1 : 0); /* pre: on held[], where the wait waits */
        if ((h = held_find(em)) != NULL)
            h->depth = depth; /* a recursive mutex's count comes back whole */
    }
    if (defer)
        lw_wait_defer(em, &w);
    else if (e)
        lw_wait_account(cv, e, &w);
    return rc;
}

/* the C11 wrappers' way in (lw_c11.c) */
int lw_cond_wait_at(pthread_cond_t *cv, pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts)
{
    if (ts) {
        NEED(pthread_cond_timedwait);
        return cond_common(cv, m, pc, TIMED, 0, ts);
    }
    NEED(pthread_cond_wait);
    return cond_common(cv, m, pc, PLAIN, 0, NULL);
}

LW_API int pthread_cond_wait(pthread_cond_t *cv, pthread_mutex_t *m)
{
    NEED(pthread_cond_wait);
    return cond_common(cv, m, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_cond_timedwait(pthread_cond_t *cv, pthread_mutex_t *m, const struct timespec *ts)
{
    NEED(pthread_cond_timedwait);
    return cond_common(cv, m, RA(), TIMED, 0, ts);
}

LW_API int pthread_cond_clockwait(pthread_cond_t *cv, pthread_mutex_t *m, clockid_t c,
                                  const struct timespec *ts)
{
    NEED(pthread_cond_clockwait);
    return cond_common(cv, m, RA(), CLOCKED, c, ts);
}

/* a signal (all: a broadcast) that may have a waiter to note (wake_noted):
 * the leaves' rare case below, and C11's cnd_signal and cnd_broadcast
 * (lw_c11.c), from pc */
__attribute__((noinline)) int lw_cond_signal_at(pthread_cond_t *cv, uintptr_t pc, int all)
{
    if (all) {
        NEED(pthread_cond_broadcast);
    } else {
        NEED(pthread_cond_signal);
    }
    wake_noted(cv, K_COND, LW_T_COND, pc);
    return all ? lw_real.pthread_cond_broadcast(cv) : lw_real.pthread_cond_signal(cv);
}

/* Leaves, as the mutex wrappers are (lw_mutex.c; LW_LEAF: the stack walk
 * finds their caller under a signal handler that interrupted one): when
 * the condvar's statistics are cached and nobody waits on it, glibc's call
 * is a jump; every other case is a jump to lw_cond_signal_at. */
LW_API LW_LEAF int pthread_cond_signal(pthread_cond_t *cv)
{
    struct lw_tstat *e = stat_cached(cv, K_COND);
    if (LW_UNLIKELY(!lw_real.pthread_cond_signal) || LW_UNLIKELY(e == NULL) || LD(e->lock->waiting))
        return lw_cond_signal_at(cv, RA(), 0);
    return lw_real.pthread_cond_signal(cv);
}

LW_API LW_LEAF int pthread_cond_broadcast(pthread_cond_t *cv)
{
    struct lw_tstat *e = stat_cached(cv, K_COND);
    if (LW_UNLIKELY(!lw_real.pthread_cond_broadcast) || LW_UNLIKELY(e == NULL) || LD(e->lock->waiting))
        return lw_cond_signal_at(cv, RA(), 1);
    return lw_real.pthread_cond_broadcast(cv);
}


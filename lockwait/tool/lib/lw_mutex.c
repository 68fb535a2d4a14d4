/* lw_mutex.c - the pthread mutex wrappers (lock, timed and clock locks,
 * trylock and unlock; C11's mtx_* too: lw_c11.c) and the spinlock ones
 * (lock, trylock, unlock), the generic way: glibc's own trylock takes a
 * free lock as the bare call would, and a trylock that fails goes to a
 * measured wait (mutex_slow, lw_spin_wait). On glibc the lock and unlock
 * calls are the inline path's (lw_glibc_mutex.c), which jumps here for all
 * but its common case, with the call's return address as pc. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "lw_mutex.h"
#include "../lw_kinds.h"
#include "../trace.h"
#include "lw_account.h"
#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_glibc_mutex.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"
#include "lw_wrap.h"

static int mutex_real(pthread_mutex_t *m, enum how how, clockid_t c, const struct timespec *ts)
{
    switch (how) {
    case TIMED: return lw_real.pthread_mutex_timedlock(m, ts);
    case CLOCKED: return lw_real.pthread_mutex_clocklock(m, c, ts);
    default: return lw_real.pthread_mutex_lock(m);
    }
}

static inline int got_mutex(int rc)
{
    return rc == 0 || rc == EOWNERDEAD;
}

/* m acquired (e: its statistics, or NULL; pre: as for acquired()): its
 * owner change where the mutex keeps its last holder, then the hold */
static inline void mutex_acquired(pthread_mutex_t *m, struct lw_tstat *e, uintptr_t pc, uint64_t pre)
{
    lw_mutex_seen(m, e);
    if (e)
        acquired(e, K_MUTEX, pc, pre);
}

/* A locked glibc mutex with no owner in it is between its holder's two
 * stores, at the release or the acquisition: worth one more try before a
 * wait is measured (about half the contended loop's waits in tool/bench;
 * docs/lockwait-manual.md). Other C libraries: no owner to read. */
static inline int owner_leaving(pthread_mutex_t *m)
{
#ifdef __GLIBC__
    return __atomic_load_n(&m->__data.__owner, __ATOMIC_RELAXED) == 0;
#else
    (void)m;
    return 0;
#endif
}

/* the trylock said no (rc): wait for it the way the caller asked */
static __attribute__((noinline)) int mutex_slow(pthread_mutex_t *m, int rc, uintptr_t pc, enum how how,
                                                clockid_t c, const struct timespec *ts)
{
    /* Try once more at once, as glibc's own lock does, before measuring:
     * the clock read and the sleep probe (30-250 ns) let a short holder
     * release and come back, turning a hand-over the bare program gets for
     * free into a futex sleep. One more when the holder is leaving. */
    if (rc == EBUSY)
        rc = lw_real.pthread_mutex_trylock(m);
    if (rc == EBUSY && owner_leaving(m))
        rc = lw_real.pthread_mutex_trylock(m);
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc);
    if (got_mutex(rc)) { /* EOWNERDEAD: a robust mutex acquired, its previous owner dead */
        mutex_acquired(m, e, pc, 0);
        return rc;
    }
    /* EINVAL, EAGAIN (a recursive mutex's count full), ENOTRECOVERABLE: the
     * lock call's answer too, given as the bare program gets it (glibc fails
     * the first lock or trylock of a priority-protect mutex with EINVAL,
     * once: a second call here would make it succeed) */
    if (rc != EBUSY)
        return rc;
    if (e && held_find(e)) {
        /* a relock of our own mutex (errorcheck: EDEADLK; normal: a
         * deadlock): the real call's answer, no contention */
        rc = mutex_real(m, how, c, ts);
        if (got_mutex(rc))
            mutex_acquired(m, e, pc, 0);
        return rc;
    }
    struct wait w;
    lw_wait_begin(m, e, &w, LW_T_MUTEX, pc);
    rc = mutex_real(m, how, c, ts);
    if (got_mutex(rc) && e) { /* the wait's end first: the owner note is not part of it */
        lw_wait_measure_held(&w, 1, pc);
        mutex_acquired(m, e, pc, w.t1); /* the wait's end, read inside the critical section anyway */
        lw_wait_defer(e, &w); /* accounted after the unlock: keep the hold short */
    } else {
        lw_wait_measure(e, &w, got_mutex(rc), pc);
        if (got_mutex(rc))
            lw_mutex_seen(m, e);
        lw_wait_account(m, e, &w);
    }
    return rc;
}

/* The first try: glibc's trylock. In a process that never started a
 * thread, a free mutex is locked outright, as the bare program does: glibc
 * (2.32 on) then takes it with plain stores, where a trylock would add an
 * atomic and double the cost of the lock/unlock pair. (An error of either
 * call, EAGAIN say, mutex_slow passes on; so does glibc's EINVAL for a
 * deadline it refuses, lw_deadline_refused.) */
static inline __attribute__((always_inline)) int mutex_lock(pthread_mutex_t *m, uintptr_t pc, enum how how,
                                                            clockid_t c, const struct timespec *ts)
{
    if (lw_deadline_refused(how, c, ts, 0))
        return mutex_real(m, how, c, ts);
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc); /* before the lock: its lines missed outside the hold */
    int rc = how == PLAIN && lw_lone_and_free(m) ? lw_real.pthread_mutex_lock(m) : lw_real.pthread_mutex_trylock(m);
    if (LW_LIKELY(rc == 0)) {
        mutex_acquired(m, e, pc, 0);
        return 0;
    }
    return mutex_slow(m, rc, pc, how, c, ts);
}

__attribute__((noinline)) int lw_mutex_lock_generic(pthread_mutex_t *m, uintptr_t pc)
{
    NEED(pthread_mutex_trylock);
    return mutex_lock(m, pc, PLAIN, 0, NULL);
}

/* the inline path's first try failed: the wait */
__attribute__((noinline)) int lw_mutex_wait(pthread_mutex_t *m, uintptr_t pc)
{
    return mutex_slow(m, EBUSY, pc, PLAIN, 0, NULL);
}

__attribute__((noinline)) int lw_mutex_unlock_generic(pthread_mutex_t *m)
{
    NEED(pthread_mutex_unlock);
    struct lw_tstat *e = releasing(m, K_MUTEX);
    int was_default = lw_default_mutex(m); /* before: the unlock may let m be destroyed */
    int rc = lw_real.pthread_mutex_unlock(m);
    lw_mutex_released(e, was_default);
    return rc;
}

/* the C11 wrappers' way in (lw_c11.c): as the pthread calls, from pc */
int lw_mutex_lock_at(pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts)
{
    if (ts) {
        NEED(pthread_mutex_timedlock);
        return mutex_lock(m, pc, TIMED, 0, ts);
    }
    return lw_mutex_lock_generic(m, pc);
}

LW_API int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *ts)
{
    NEED(pthread_mutex_timedlock);
    return mutex_lock(m, RA(), TIMED, 0, ts);
}

LW_API int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c, const struct timespec *ts)
{
    NEED(pthread_mutex_clocklock);
    return mutex_lock(m, RA(), CLOCKED, c, ts);
}

/* a trylock from pc (the pthread call, and C11's mtx_trylock) */
int lw_mutex_trylock_at(pthread_mutex_t *m, uintptr_t pc)
{
    NEED(pthread_mutex_trylock);
    int rc = lw_real.pthread_mutex_trylock(m);
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc);
    if (got_mutex(rc))
        mutex_acquired(m, e, pc, 0);
    else if (rc == EBUSY)
        lw_trylock_failed(e);
    return rc;
}

LW_API int pthread_mutex_trylock(pthread_mutex_t *m)
{
    return lw_mutex_trylock_at(m, RA());
}

/* ---------------------------------------------------------------- spinlock */

/* A spinlock keeps no owner: the holder's tid goes into the lock's record
 * (acquired_inline_by), for the waiters to name. */

/* the first try said no: wait in glibc's lock, measured */
__attribute__((noinline)) int lw_spin_wait(pthread_spinlock_t *s, uintptr_t pc)
{
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, pc);
    struct wait w;
    lw_wait_begin((void *)s, e, &w, LW_T_SPIN, pc);
    int rc = lw_real.pthread_spin_lock(s);
    if (rc == 0 && e) {
        lw_wait_measure_held(&w, 1, pc);
        acquired(e, K_SPIN, pc, w.t1);
        lw_wait_defer(e, &w); /* accounted after the unlock: keep the hold short */
    } else {
        lw_wait_measure(e, &w, rc == 0, pc);
        lw_wait_account((void *)s, e, &w);
    }
    return rc;
}

__attribute__((noinline)) int lw_spin_lock_generic(pthread_spinlock_t *s, uintptr_t pc)
{
    NEED(pthread_spin_trylock);
    NEED(pthread_spin_lock);
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, pc); /* before the lock, as for mutexes */
    if (lw_real.pthread_spin_trylock(s) != 0)
        return lw_spin_wait(s, pc);
    if (LW_LIKELY(e != NULL))
        acquired(e, K_SPIN, pc, 0);
    return 0;
}

__attribute__((noinline)) int lw_spin_unlock_generic(pthread_spinlock_t *s)
{
    NEED(pthread_spin_unlock);
    struct lw_tstat *e = releasing((void *)s, K_SPIN);
    int rc = lw_real.pthread_spin_unlock(s);
    if (e)
        owner_note(e);
    return rc;
}

LW_API int pthread_spin_trylock(pthread_spinlock_t *s)
{
    NEED(pthread_spin_trylock);
    uintptr_t pc = RA();
    int rc = lw_real.pthread_spin_trylock(s);
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, pc);
    if (rc == 0 && e)
        acquired(e, K_SPIN, pc, 0);
    else if (rc == EBUSY)
        lw_trylock_failed(e);
    return rc;
}

/* Elsewhere than glibc, the lock and unlock calls themselves. On glibc
 * they are the inline path's (lw_glibc_mutex.c), which comes here unless
 * its start-up check passed, and for every case but its common one. */
#if !LW_GLIBC_MUTEX
LW_API int pthread_mutex_lock(pthread_mutex_t *m)
{
    return lw_mutex_lock_generic(m, RA());
}

LW_API int pthread_mutex_unlock(pthread_mutex_t *m)
{
    return lw_mutex_unlock_generic(m);
}

LW_API int pthread_spin_lock(pthread_spinlock_t *s)
{
    return lw_spin_lock_generic(s, RA());
}

LW_API int pthread_spin_unlock(pthread_spinlock_t *s)
{
    return lw_spin_unlock_generic(s);
}
#endif

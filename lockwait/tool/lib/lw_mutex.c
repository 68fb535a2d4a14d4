/* lw_mutex.c - the pthread mutex wrappers: lock, timed and clock locks,
 * trylock and unlock (C11's mtx_* come in through lw_mutex_lock_at,
 * lw_c11.c). The first try takes a free lock as the bare call would
 * (mutex_try); a try that fails goes to mutex_slow, which measures the
 * wait. The statistics are lw_fastpath.h's.
 *
 * pthread_mutex_lock and pthread_mutex_unlock of glibc's default mutex,
 * the calls programs make most, are leaves: every case but the common one
 * (the lock free, its statistics the thread's last, the hold untimed, no
 * sleeper to wake, no owner change) ends in a jump to a function of its own
 * (a tail call: `return f(...)`). So the wrappers save no registers and,
 * under gcc, build no frame (-momit-leaf-frame-pointer, tool/build.sh).
 * That took the uncontended loop of tool/bench (build/lw_bench) from 1.22x
 * bare to 1.115x (101 rotating rounds; docs/lockwait-manual.md). A jump
 * leaves the caller's frame pointer and return address in place: the
 * function jumped to has the frame record the wrapper's own frame had, the
 * one the stack walk climbs to (lw_stacks.c). A signal handler that
 * interrupts a leaf finds no record of it: the walk reads the lock call's
 * site from the signal frame instead, knowing the leaves by their section
 * (LW_LEAF, lw_stacks.h; tests/sigleaf.sh). tests/leaf.sh checks both
 * listings. */
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
 * stores: at the release (owner cleared, then the lock word) or at the
 * acquisition (the reverse). Worth one more try before a wait is measured
 * (holder, clock, stack walk): in the contended loop of tool/bench about
 * half the measured waits found no owner, and this try made the loop about
 * 5% faster, with fewer sleeps (41 interleaved runs). Other C libraries:
 * no owner to read. */
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
    /* Try once more at once, as glibc's own lock does (the exchange in its
     * wait path) before measuring: the clock read and the sleep probe take
     * 30-250 ns, long enough for a short holder to release and come back,
     * which would turn a hand-over the bare program gets for free into a
     * futex sleep. A lock free again within a few ns is not counted as a
     * wait; nor is one whose holder is leaving it (owner_leaving): one more. */
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

/* The first try: a default mutex taken here, as glibc takes it
 * (lw_glibc_mutex.h); any other, glibc's trylock. In a process that never
 * started a thread, a free mutex is locked outright, as the bare program
 * does: glibc (2.32 on) then takes it with plain stores, where a trylock
 * would add an atomic and double the cost of the lock/unlock pair. (An
 * error of either call, EAGAIN say, mutex_slow passes on; so does glibc's
 * EINVAL for a deadline it refuses, lw_deadline_refused.) */
static inline __attribute__((always_inline)) int mutex_try(pthread_mutex_t *m, enum how how, clockid_t c,
                                                           const struct timespec *ts)
{
    if (lw_deadline_refused(how, c, ts, 0))
        return mutex_real(m, how, c, ts);
    int lone = how == PLAIN && lw_lone_and_free(m);
    if (lw_default_mutex(m)) {
        if (!lw_default_word_first(m, lone))
            return EBUSY;
        lw_default_owned(m);
        return 0;
    }
    return lone ? lw_real.pthread_mutex_lock(m) : lw_real.pthread_mutex_trylock(m);
}

static inline __attribute__((always_inline)) int mutex_lock(pthread_mutex_t *m, uintptr_t pc, enum how how,
                                                            clockid_t c, const struct timespec *ts)
{
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc); /* before the lock: as in the leaf */
    int rc = mutex_try(m, how, c, ts);
    if (LW_LIKELY(rc == 0)) {
        mutex_acquired(m, e, pc, 0);
        return 0;
    }
    return mutex_slow(m, rc, pc, how, c, ts);
}

/* the C11 wrappers' way in (lw_c11.c): as the pthread calls, from pc */
int lw_mutex_lock_at(pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts)
{
    if (ts) {
        NEED(pthread_mutex_timedlock);
        return mutex_lock(m, pc, TIMED, 0, ts);
    }
    NEED(pthread_mutex_trylock);
    return mutex_lock(m, pc, PLAIN, 0, NULL);
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
static inline __attribute__((always_inline)) int mutex_trylock(pthread_mutex_t *m, uintptr_t pc)
{
    NEED(pthread_mutex_trylock);
    int rc = lw_default_mutex(m) ? lw_default_trylock(m) : lw_real.pthread_mutex_trylock(m);
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc);
    if (got_mutex(rc))
        mutex_acquired(m, e, pc, 0);
    else if (rc == EBUSY)
        lw_trylock_failed(e);
    return rc;
}

int lw_mutex_trylock_at(pthread_mutex_t *m, uintptr_t pc)
{
    return mutex_trylock(m, pc);
}

LW_API int pthread_mutex_trylock(pthread_mutex_t *m)
{
    return mutex_trylock(m, RA());
}

/* -------------------------------------------------- lock: the leaf */

/* every plain lock but the leaf's common case, the general way */
static __attribute__((noinline)) int mutex_lock_general(pthread_mutex_t *m, uintptr_t pc)
{
    NEED(pthread_mutex_trylock);
    return mutex_lock(m, pc, PLAIN, 0, NULL);
}

/* a default mutex's word taken by the leaf: the rest, the general way */
static __attribute__((noinline)) int default_locked(pthread_mutex_t *m, uintptr_t pc)
{
    lw_default_owned(m);
    mutex_acquired(m, stat_of(m, K_MUTEX, pc), pc, 0);
    return answer_0();
}

/* a default mutex taken by the leaf from another holder: the owner change
 * noted (lw_default_seen), then the rest of the acquisition */
static __attribute__((noinline)) int default_moved(pthread_mutex_t *m, struct lw_tstat *e, uintptr_t pc,
                                                   uint32_t tid)
{
    lw_default_moved(m, e, tid);
    acquired(e, K_MUTEX, pc, 0);
    return answer_0();
}

/* another hold, a sampled or timed one, a traced run: lw_acquired_slow */
static __attribute__((noinline)) int acquired_slow(struct lw_tstat *e, uint64_t acq, uintptr_t pc)
{
    lw_acquired_slow(e, K_MUTEX, acq, pc, 0);
    return answer_0();
}

/* mutex_lock's steps for a default mutex, with every other case a jump */
LW_API LW_LEAF int pthread_mutex_lock(pthread_mutex_t *m)
{
    uintptr_t pc = RA();
    if (LW_UNLIKELY(!lw_real.pthread_mutex_trylock) || !lw_default_mutex(m))
        return mutex_lock_general(m, pc);
    /* the library's own lines first (lw_tls, the statistics), then the
     * lock: a cache miss on them is paid before the critical section */
    uint32_t tid = lw_tls.tid;
    struct lw_tstat *e = stat_cached(m, K_MUTEX);
    if (!lw_default_word_first(m, lw_lone_and_free(m)))
        return mutex_slow(m, EBUSY, pc, PLAIN, 0, NULL);
    if (LW_UNLIKELY(tid == 0) || LW_UNLIKELY(e == NULL))
        return default_locked(m, pc);
    lw_default_owned_by(m, tid);
    if (LW_UNLIKELY(!lw_default_holder_is(m, tid)))
        return default_moved(m, e, pc, tid);
    uint64_t acq = acquired_inline(e, K_MUTEX, pc, 0);
    if (LW_UNLIKELY(acq != 0))
        return acquired_slow(e, acq, pc);
    return 0;
}

/* -------------------------------------------------- unlock: the leaf */

/* every unlock but the leaf's common case, the general way */
static __attribute__((noinline)) int mutex_unlock_general(pthread_mutex_t *m)
{
    NEED(pthread_mutex_unlock);
    struct lw_tstat *e = releasing(m, K_MUTEX);
    int rc = 0, was_default = lw_default_mutex(m);
    if (was_default)
        lw_default_unlock(m);
    else
        rc = lw_real.pthread_mutex_unlock(m);
    if (e)
        lw_mutex_released(e, was_default);
    return rc;
}

/* C11's mtx_unlock (lw_c11.c): any mutex, the general way */
int lw_mutex_unlock(pthread_mutex_t *m)
{
    return mutex_unlock_general(m);
}

/* the plain hold, moved onto held[] by a signal handler (plain_released):
 * the unlock, the general way */
static __attribute__((noinline)) int default_unlock_moved(pthread_mutex_t *m, struct lw_tstat *e)
{
    e = lw_plain_moved(e);
    lw_default_unlock(m);
    if (e)
        settle_note();
    return answer_0();
}

/* a default mutex released by the leaf: a sleeper to wake, or a wait or
 * blocking hold to account */
static __attribute__((noinline)) int default_unlocked_rest(pthread_mutex_t *m, int wake)
{
    if (wake)
        lw_default_wake(m);
    settle_note();
    return answer_0();
}

/* mutex_unlock_general's steps for a default mutex in the plain hold, with
 * every other case a jump */
LW_API LW_LEAF int pthread_mutex_unlock(pthread_mutex_t *m)
{
    struct lw_tstat *e = lw_tls.plain;
    if (LW_UNLIKELY(!lw_real.pthread_mutex_unlock) || !lw_default_mutex(m) || !stat_is(e, m, K_MUTEX))
        return mutex_unlock_general(m);
    if (LW_UNLIKELY(plain_released(e, K_MUTEX)))
        return default_unlock_moved(m, e);
    int wake = lw_default_unlocked(m);
    if (LW_UNLIKELY(wake) || settle_due())
        return default_unlocked_rest(m, wake);
    return 0;
}

/* lw_spin.c - the pthread spinlock wrappers: lock, trylock and unlock.
 * Where glibc's spinlock passed the start-up check (lw_glibc_spin.h), the
 * wrappers take and release its word themselves, and pthread_spin_lock and
 * pthread_spin_unlock are leaves, as the mutex ones are (lw_mutex.c says
 * why and how): the common case (the lock free, its statistics the
 * thread's last, the hold untimed, no owner change to note) calls nothing,
 * and every other case ends in a jump to a function of its own. A wait
 * spins in glibc's pthread_spin_lock, measured by lw_account.c. Spinlocks
 * keep no owner: the holder's tid goes into the lock's record
 * (acquired_inline_by), for the waiters to name. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

#include "../lw_kinds.h"
#include "../trace.h"
#include "lw_account.h"
#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_glibc_spin.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"
#include "lw_wrap.h"

/* the first try: glibc's steps here where the check passed, else its call */
static inline __attribute__((always_inline)) int spin_try(pthread_spinlock_t *s)
{
    if (lw_spin_inline())
        return lw_spin_word(s) ? 0 : EBUSY;
    return lw_real.pthread_spin_trylock(s);
}

/* the first try said no: wait in glibc's lock, measured */
static __attribute__((noinline)) int spin_wait(pthread_spinlock_t *s, uintptr_t pc)
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

/* a word taken (by the leaf: its statistics not cached or the tid not
 * known): the rest, the general way */
static __attribute__((noinline)) int spin_taken(pthread_spinlock_t *s, uintptr_t pc)
{
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, pc);
    if (LW_LIKELY(e != NULL))
        acquired(e, K_SPIN, pc, 0);
    return answer_0();
}

/* every lock but the leaf's common case, the general way */
static __attribute__((noinline)) int spin_lock_general(pthread_spinlock_t *s, uintptr_t pc)
{
    NEED(pthread_spin_trylock);
    NEED(pthread_spin_lock);
    if (spin_try(s) != 0)
        return spin_wait(s, pc);
    return spin_taken(s, pc);
}

/* another hold, a sampled or timed one, a traced run: lw_acquired_slow */
static __attribute__((noinline)) int spin_acquired_slow(struct lw_tstat *e, uint64_t acq, uintptr_t pc)
{
    lw_acquired_slow(e, K_SPIN, acq, pc, 0);
    return answer_0();
}

LW_API LW_LEAF int pthread_spin_lock(pthread_spinlock_t *s)
{
    uintptr_t pc = RA();
    if (!lw_spin_inline())
        return spin_lock_general(s, pc);
    uint32_t tid = lw_tls.tid; /* before the lock word, as in pthread_mutex_lock */
    struct lw_tstat *e = stat_cached((void *)s, K_SPIN);
    if (LW_UNLIKELY(!lw_spin_word(s)))
        return spin_wait(s, pc);
    if (LW_UNLIKELY(tid == 0) || LW_UNLIKELY(e == NULL))
        return spin_taken(s, pc);
    uint64_t acq = acquired_inline_by(e, K_SPIN, pc, 0, tid);
    if (LW_UNLIKELY(acq != 0))
        return spin_acquired_slow(e, acq, pc);
    return 0;
}

LW_API int pthread_spin_trylock(pthread_spinlock_t *s)
{
    NEED(pthread_spin_trylock);
    uintptr_t pc = RA();
    int rc = spin_try(s);
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, pc);
    if (rc == 0 && e)
        acquired(e, K_SPIN, pc, 0);
    else if (rc == EBUSY)
        lw_trylock_failed(e);
    return rc;
}

/* every unlock but the leaf's common case, the general way */
static __attribute__((noinline)) int spin_unlock_general(pthread_spinlock_t *s)
{
    NEED(pthread_spin_unlock);
    struct lw_tstat *e = releasing((void *)s, K_SPIN);
    int rc = 0;
    if (lw_spin_inline())
        lw_spin_release(s);
    else
        rc = lw_real.pthread_spin_unlock(s);
    if (e)
        owner_note(e);
    return rc;
}

/* the plain hold, moved onto held[] by a signal handler (plain_released) */
static __attribute__((noinline)) int spin_unlock_moved(pthread_spinlock_t *s, struct lw_tstat *e)
{
    e = lw_plain_moved(e);
    lw_spin_release(s);
    if (e)
        owner_note(e);
    return answer_0();
}

/* released by the leaf: an owner change or a wait to note */
static __attribute__((noinline)) int spin_unlocked_note(struct lw_tstat *e)
{
    lw_owner_note(e);
    return answer_0();
}

LW_API LW_LEAF int pthread_spin_unlock(pthread_spinlock_t *s)
{
    struct lw_tstat *e = lw_tls.plain;
    if (!lw_spin_inline() || !stat_is(e, (void *)s, K_SPIN))
        return spin_unlock_general(s);
    if (LW_UNLIKELY(plain_released(e, K_SPIN)))
        return spin_unlock_moved(s, e);
    lw_spin_release(s);
    if (owner_note_due(e))
        return spin_unlocked_note(e);
    return 0;
}

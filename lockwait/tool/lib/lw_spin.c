/* lw_spin.c - the pthread spinlock wrappers, as lw_mutex.c's: glibc's
 * trylock first, then, when it fails, a measured wait in glibc's
 * pthread_spin_lock (on glibc, lock and unlock are the inline path's,
 * lw_glibc_mutex.c). A spinlock keeps no owner: the holder's tid goes into
 * the lock's record (acquired_inline_by), for the waiters to name. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

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

/* elsewhere than glibc, the lock and unlock calls themselves (on glibc:
 * lw_glibc_mutex.c's, as for mutexes) */
#if !LW_GLIBC_MUTEX
LW_API int pthread_spin_lock(pthread_spinlock_t *s)
{
    return lw_spin_lock_generic(s, RA());
}

LW_API int pthread_spin_unlock(pthread_spinlock_t *s)
{
    return lw_spin_unlock_generic(s);
}
#endif

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

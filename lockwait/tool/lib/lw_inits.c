/* lw_inits.c - the init calls of mutexes, rwlocks, spinlocks, semaphores and
 * condition variables: exact pass-throughs (same arguments, result and errno
 * as the real call) that, after a successful init, note the caller's stack
 * on the lock's record, so a lock outside any module's data (on the heap)
 * is named by where it was initialised. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>

#include "../lw_kinds.h"
#include "lw_core.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"
#include "lw_wrap.h"

/* the real function f: resolved with the others, or on its own when this
 * thread is inside the resolution (an init called from the loader's lookup) */
#define INIT_NEED(f)                                                                         \
    do {                                                                                     \
        if (LW_UNLIKELY(!lw_real.f) && !lw_resolve())                                        \
            lw_real_one_##f();                                                               \
    } while (0)

/* rc, after a successful init noting the caller's stack on the lock's record */
static int noted(int rc, const void *p, int kind, uintptr_t pc)
{
    if (rc != 0)
        return rc;
    int saved = errno;
    int fresh;
    struct lw_lock *r = lw_record(p, kind, pc, &fresh);
    if (fresh)
        ST(r->first_stack, lw_stack_capture(pc)); /* named by it when it is on the heap */
    if (r)
        ST(r->init_stack, lw_stack_capture(pc));
    errno = saved;
    return rc;
}

LW_API int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
    INIT_NEED(pthread_mutex_init);
    return lw_real.pthread_mutex_init ? noted(lw_real.pthread_mutex_init(m, a), m, K_MUTEX, RA()) : ENOSYS;
}

LW_API int pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *a)
{
    INIT_NEED(pthread_rwlock_init);
    return lw_real.pthread_rwlock_init ? noted(lw_real.pthread_rwlock_init(l, a), l, K_RWLOCK, RA()) : ENOSYS;
}

LW_API int pthread_spin_init(pthread_spinlock_t *s, int shared)
{
    INIT_NEED(pthread_spin_init);
    return lw_real.pthread_spin_init ? noted(lw_real.pthread_spin_init(s, shared), (const void *)s, K_SPIN, RA())
                                     : ENOSYS;
}

LW_API int sem_init(sem_t *s, int shared, unsigned value)
{
    INIT_NEED(sem_init);
    if (!lw_real.sem_init) {
        errno = ENOSYS;
        return -1;
    }
    return noted(lw_real.sem_init(s, shared, value), s, K_SEM, RA());
}

LW_API int pthread_cond_init(pthread_cond_t *cv, const pthread_condattr_t *a)
{
    INIT_NEED(pthread_cond_init);
    return lw_real.pthread_cond_init ? noted(lw_real.pthread_cond_init(cv, a), cv, K_COND, RA()) : ENOSYS;
}

/* lw_c11.c - liblockwait's wrappers for C11 <threads.h>: thrd_create,
 * mtx_* and cnd_*. glibc implements them on its pthread objects (an mtx_t
 * is a pthread_mutex_t, a cnd_t a pthread_cond_t) but calls its pthread
 * functions internally, past the symbols liblockwait wraps, so a program
 * using only C11 threads went unseen. Here each is the pthread wrapper it
 * stands for, from the program's own call site: the same report as the
 * pthread twin (type=mutex, type=cond). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <threads.h>

#include "liblockwait.h"
#include "lw_mutex.h"
#include "lw_waits.h"
#include "lw_wrap.h"

_Static_assert(sizeof(mtx_t) == sizeof(pthread_mutex_t), "mtx_t is a pthread_mutex_t");
_Static_assert(sizeof(cnd_t) == sizeof(pthread_cond_t), "cnd_t is a pthread_cond_t");
_Static_assert(sizeof(thrd_t) == sizeof(pthread_t), "thrd_t is a pthread_t");

/* a pthread error as a C11 result */
static int thrd_result(int rc)
{
    switch (rc) {
    case 0: return thrd_success;
    case EBUSY: return thrd_busy;
    case ETIMEDOUT: return thrd_timedout;
    case ENOMEM:
    case EAGAIN: return thrd_nomem;
    default: return thrd_error;
    }
}

struct c11_start {
    thrd_start_t fn;
    void *arg;
};

/* a C11 start routine returns an int, thrd_join reads it from the pointer */
static void *c11_adapter(void *p)
{
    struct c11_start s = *(struct c11_start *)p;
    free(p);
    return (void *)(intptr_t)s.fn(s.arg);
}

LW_API int thrd_create(thrd_t *thr, thrd_start_t fn, void *arg)
{
    struct c11_start *s = malloc(sizeof *s);
    if (!s)
        return thrd_nomem;
    s->fn = fn;
    s->arg = arg;
    int rc = lw_thread_create((pthread_t *)thr, NULL, c11_adapter, s, (uintptr_t)fn, RA());
    if (rc != 0)
        free(s);
    return thrd_result(rc);
}

LW_API int mtx_lock(mtx_t *m)
{
    return thrd_result(lw_mutex_lock_at((pthread_mutex_t *)m, RA(), NULL));
}

LW_API int mtx_timedlock(mtx_t *restrict m, const struct timespec *restrict ts)
{
    return thrd_result(lw_mutex_lock_at((pthread_mutex_t *)m, RA(), ts));
}

LW_API int mtx_trylock(mtx_t *m)
{
    return thrd_result(lw_mutex_trylock_at((pthread_mutex_t *)m, RA()));
}

LW_API int mtx_unlock(mtx_t *m)
{
    return thrd_result(lw_mutex_unlock_generic((pthread_mutex_t *)m));
}

LW_API int cnd_wait(cnd_t *cv, mtx_t *m)
{
    return thrd_result(lw_cond_wait_at((pthread_cond_t *)cv, (pthread_mutex_t *)m, RA(), NULL));
}

LW_API int cnd_timedwait(cnd_t *restrict cv, mtx_t *restrict m, const struct timespec *restrict ts)
{
    return thrd_result(lw_cond_wait_at((pthread_cond_t *)cv, (pthread_mutex_t *)m, RA(), ts));
}

LW_API int cnd_signal(cnd_t *cv)
{
    return thrd_result(lw_cond_signal_at((pthread_cond_t *)cv, RA(), 0));
}

LW_API int cnd_broadcast(cnd_t *cv)
{
    return thrd_result(lw_cond_signal_at((pthread_cond_t *)cv, RA(), 1));
}

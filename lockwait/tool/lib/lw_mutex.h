/* lw_mutex.h - the mutex wrappers (lw_mutex.c): the generic path, which the
 * glibc inline path's leaves jump to for every case but their common one,
 * from the lock call's pc (the leaves read it: the path jumped to needs no
 * frame to find it); the C11 wrappers' way in (lw_c11.c: an mtx_t is a
 * pthread_mutex_t; ts: an absolute CLOCK_REALTIME deadline, or NULL); and
 * what the condvar wrappers (lw_waits.c) share with the mutex ones.
 * A default mutex taken by either path keeps its last holder's tid for the
 * owner-change count in __count, which glibc uses only for recursive
 * mutexes (lw_mutex_seen): on the mutex's own line, which the acquirer has
 * just brought in, where a field of our record would be one more line to
 * move between the CPUs at every owner change (its cost: the manual). */
#ifndef LW_MUTEX_H
#define LW_MUTEX_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "lw_base.h"
#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_record.h"

#if defined(__GLIBC__) && defined(__linux__)
#define LW_GLIBC_MUTEX 1
#if __GLIBC_PREREQ(2, 32)
#include <sys/single_threaded.h>
/* set by the pthread_cancel wrapper (lw_mutex.c): from then on
 * __libc_single_threaded may say 1 while threads run */
LW_HIDDEN extern int lw_cancel_called;
#define LW_SINGLE_FLAG 1
#define LW_ALONE() (__libc_single_threaded != 0 && !__atomic_load_n(&lw_cancel_called, __ATOMIC_RELAXED))
#else
#define LW_ALONE() 0
#endif
#else
#define LW_GLIBC_MUTEX 0
#define LW_ALONE() 0
#endif

/* 1 once lw_glibc_mutex_check installed the inline mutex path */
LW_HIDDEN extern atomic_int lw_inline_mutex;
/* why it is off, or NULL when on (for the report) */
LW_HIDDEN extern const char *lw_inline_mutex_off;
/* at start: install the inline path, or say why not (a static string) */
LW_HIDDEN const char *lw_glibc_mutex_check(void);

/* the generic path, and its wait after a failed first try */
LW_HIDDEN int lw_mutex_lock_generic(pthread_mutex_t *m, uintptr_t pc);
LW_HIDDEN int lw_mutex_unlock_generic(pthread_mutex_t *m);
LW_HIDDEN int lw_mutex_wait(pthread_mutex_t *m, uintptr_t pc);

LW_HIDDEN int lw_mutex_lock_at(pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts);
LW_HIDDEN int lw_mutex_trylock_at(pthread_mutex_t *m, uintptr_t pc);

/* Is m free and this thread the process's only one? Then nobody can take
 * it before we do, and glibc itself would lock it with plain stores. */
static inline __attribute__((always_inline)) int lw_lone_and_free(const pthread_mutex_t *m)
{
#if LW_GLIBC_MUTEX
    return LW_ALONE() && (m->__data.__kind & 128) == 0 /* PTHREAD_MUTEX_PSHARED_BIT */ && m->__data.__lock == 0;
#else
    (void)m;
    return 0;
#endif
}

#if LW_GLIBC_MUTEX
/* a mutex that keeps its last holder in __count: the default kind, while
 * the inline path is on */
static inline __attribute__((always_inline)) int lw_default_mutex(const pthread_mutex_t *m)
{
    return LW_LIKELY(LD(lw_inline_mutex)) && m->__data.__kind == 0;
}

static inline __attribute__((always_inline)) int lw_default_holder_is(const pthread_mutex_t *m, uint32_t tid)
{
    return __atomic_load_n(&m->__data.__count, __ATOMIC_RELAXED) == tid;
}

/* e's default mutex m just acquired by this thread (tid): an owner change
 * when the last holder m keeps is another thread's. The caller holds m,
 * and only holders write the word. */
LW_HIDDEN void lw_default_moved(pthread_mutex_t *m, struct lw_tstat *e, uint32_t tid);
#else
static inline int lw_default_mutex(const pthread_mutex_t *m) { (void)m; return 0; }
static inline int lw_default_holder_is(const pthread_mutex_t *m, uint32_t tid) { (void)m; (void)tid; return 1; }
static inline void lw_default_moved(pthread_mutex_t *m, struct lw_tstat *e, uint32_t t) { (void)m, (void)e, (void)t; }
#endif

/* m acquired by this thread (e: its statistics, or NULL): a default mutex
 * notes an owner change here, from the last holder it keeps; any other
 * mutex at its release (lw_mutex_released) */
static inline void lw_mutex_seen(pthread_mutex_t *m, struct lw_tstat *e)
{
    uint32_t tid;
    if (lw_default_mutex(m) && LW_UNLIKELY(!lw_default_holder_is(m, tid = my_tid())))
        lw_default_moved(m, e, tid);
}

/* after the real unlock of a mutex that was a default one (was_default,
 * read before the unlock) or not */
static inline void lw_mutex_released(struct lw_tstat *e, int was_default)
{
    if (was_default)
        settle_note();
    else if (e)
        owner_note(e);
}

#endif

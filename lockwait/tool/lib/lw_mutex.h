/* lw_mutex.h - what other files use of the mutex wrappers (lw_mutex.c):
 * the start-up check of glibc's inline path, the generic unlock, the C11
 * wrappers' way in (lw_c11.c: an mtx_t is a pthread_mutex_t; ts: an
 * absolute CLOCK_REALTIME deadline, or NULL), and what the condvar wrappers
 * (lw_waits.c) share with the mutex ones.
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

/* the generic unlock (the inline one jumps to it for every case but its
 * common one), and the C11 wrappers' ways in */
LW_HIDDEN int lw_mutex_unlock_generic(pthread_mutex_t *m);
LW_HIDDEN int lw_mutex_lock_at(pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts);
LW_HIDDEN int lw_mutex_trylock_at(pthread_mutex_t *m, uintptr_t pc);

#if LW_GLIBC_MUTEX
/* a mutex that keeps its last holder in __count: the default kind, while
 * the inline path is on */
static inline __attribute__((always_inline)) int lw_default_mutex(const pthread_mutex_t *m)
{
    return LW_LIKELY(LD(lw_inline_mutex)) && m->__data.__kind == 0;
}

/* e's default mutex just went to this thread from last, the holder it
 * kept (0: none yet): an owner change counted, where last is another
 * thread's */
LW_HIDDEN void lw_default_moved(struct lw_tstat *e, uint32_t last);

/* m acquired by this thread (e: its statistics, or NULL): a default mutex
 * notes an owner change here, from the last holder it keeps, and keeps
 * this thread instead (the caller holds m, and only holders write the
 * word); any other mutex at its release (lw_mutex_released) */
static inline void lw_mutex_seen(pthread_mutex_t *m, struct lw_tstat *e)
{
    if (!lw_default_mutex(m))
        return;
    uint32_t tid = my_tid(), last = __atomic_load_n(&m->__data.__count, __ATOMIC_RELAXED);
    if (LW_UNLIKELY(last != tid)) {
        __atomic_store_n(&m->__data.__count, tid, __ATOMIC_RELAXED);
        lw_default_moved(e, last);
    }
}
#else
static inline int lw_default_mutex(const pthread_mutex_t *m) { (void)m; return 0; }
static inline void lw_mutex_seen(pthread_mutex_t *m, struct lw_tstat *e) { (void)m, (void)e; }
#endif

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

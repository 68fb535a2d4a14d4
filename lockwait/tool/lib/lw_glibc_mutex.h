/* lw_glibc_mutex.h - glibc's default mutex, taken and released by the
 * mutex wrappers themselves, in the steps glibc's own calls take:
 *   trylock: compare-and-swap the lock word from 0 to 1, then store the
 *            owner's tid and count one more user (plain stores: only the
 *            holder writes them);
 *   unlock:  clear the owner, one user less, exchange the word to 0, and
 *            wake one sleeper with a private futex wake when it was 2;
 *   in a process that never started a thread, plain stores instead of the
 *   atomics, as glibc (2.34 on) does there (never after a pthread_cancel:
 *   lw_glibc_mutex.c says why).
 * Why: each call into glibc through the wrapper is a second call layer;
 * skipping it took bench_overhead.sh's uncontended loop from about 1.31x
 * bare to 1.20x and its single loop from 1.69x to 1.24x (21 rotating rounds; docs/lockwait-manual.md).
 * Only a private mutex of the default kind (__kind 0: not recursive, not
 * errorcheck, robust, priority, shared or elided) is taken here; every other
 * mutex, and every wait, goes through glibc's calls.
 * Such a mutex also keeps its last holder's tid for the owner-change count,
 * in __count, which glibc uses only for recursive mutexes (lw_default_seen).
 * It is read and written at the acquisition, on the mutex's own line, which
 * the acquirer has just brought in. Kept in our lock record instead, it was
 * one more line to move between the CPUs at every owner change: that cost
 * the contended loop of tool/bench 0.15x bare on an AMD EPYC guest
 * (docs/lockwait-manual.md). An unlocked mutex is then all zeros but that
 * word.
 * lw_glibc_mutex_check (lw_glibc_mutex.c) turns this on at start only after
 * running these steps against glibc's own calls on a mutex of its own, and
 * only when the calls found are glibc's (not another preloaded library's)
 * and valgrind is not watching them.
 * LOCKWAIT_INLINE_MUTEX=0 turns it off; the report says which. */
#ifndef LW_GLIBC_MUTEX_H
#define LW_GLIBC_MUTEX_H

#include <errno.h>
#include <pthread.h>

#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_record.h"

#if defined(__GLIBC__) && defined(__linux__)
#define LW_GLIBC_MUTEX 1
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#if __GLIBC_PREREQ(2, 32)
#include <sys/single_threaded.h>
/* set by the pthread_cancel wrapper (lw_glibc_mutex.c): from then on
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

/* 1 once lw_glibc_mutex_check passed; read on every mutex call (threads
 * other constructors started may call before it is set: glibc's calls) */
LW_HIDDEN extern atomic_int lw_inline_mutex;
/* at start: turns lw_inline_mutex on, or says why not (a static string) */
LW_HIDDEN const char *lw_glibc_mutex_check(void);
/* why it is off, or NULL when on (for the report) */
LW_HIDDEN extern const char *lw_inline_mutex_off;
/* a futex wake that failed: said once on stderr */
LW_HIDDEN void lw_wake_failed(int err);

#if LW_GLIBC_MUTEX
/* a mutex these steps may take: the default kind, while the check holds */
static inline __attribute__((always_inline)) int lw_default_mutex(const pthread_mutex_t *m)
{
    return LW_LIKELY(LD(lw_inline_mutex)) && m->__data.__kind == 0;
}

/* Is m free and this thread the process's only one? Then nobody can take
 * it before we do, and glibc itself would lock it with plain stores. */
static inline __attribute__((always_inline)) int lw_lone_and_free(const pthread_mutex_t *m)
{
    return LW_ALONE() && (m->__data.__kind & 128) == 0 /* PTHREAD_MUTEX_PSHARED_BIT */ && m->__data.__lock == 0;
}

static inline __attribute__((always_inline)) void lw_default_owned_by(pthread_mutex_t *m, uint32_t tid)
{
    __atomic_store_n(&m->__data.__owner, (int)tid, __ATOMIC_RELAXED);
    ++m->__data.__nusers;
}

static inline __attribute__((always_inline)) void lw_default_owned(pthread_mutex_t *m)
{
    lw_default_owned_by(m, my_tid());
}

/* e's default mutex m just acquired by this thread (tid): an owner change
 * when the last holder m keeps (__count, above) is another thread's. The
 * caller holds m, and only holders write the word. */
LW_HIDDEN void lw_default_moved(pthread_mutex_t *m, struct lw_tstat *e, uint32_t tid);
static inline __attribute__((always_inline)) int lw_default_holder_is(const pthread_mutex_t *m, uint32_t tid)
{
    return __atomic_load_n(&m->__data.__count, __ATOMIC_RELAXED) == tid;
}

static inline __attribute__((always_inline)) void lw_default_seen(pthread_mutex_t *m, struct lw_tstat *e, uint32_t tid)
{
    if (LW_UNLIKELY(!lw_default_holder_is(m, tid)))
        lw_default_moved(m, e, tid);
}

/* glibc's first step of a default mutex's trylock: 1 when the word was
 * free and is now ours (the owner fields are the caller's to set) */
static inline __attribute__((always_inline)) int lw_default_word(pthread_mutex_t *m)
{
    int free_word = 0;
    return __atomic_compare_exchange_n(&m->__data.__lock, &free_word, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/* glibc's trylock of a default mutex: 0, or EBUSY */
static inline __attribute__((always_inline)) int lw_default_trylock(pthread_mutex_t *m)
{
    if (!lw_default_word(m))
        return EBUSY;
    lw_default_owned(m);
    return 0;
}

/* The first try at a default mutex's word: a plain store when
 * lw_lone_and_free said it is free (lone), as glibc's lock does then, else
 * lw_default_word. 1 when the word is now ours (the owner fields are the
 * caller's to set). */
static inline __attribute__((always_inline)) int lw_default_word_first(pthread_mutex_t *m, int lone)
{
    if (!lone)
        return lw_default_word(m);
    __atomic_store_n(&m->__data.__lock, 1, __ATOMIC_RELAXED);
    return 1;
}

/* glibc's unlock of a default mutex up to the wake: nonzero when the word
 * said a thread sleeps on it (2), to be woken with lw_default_wake */
static inline __attribute__((always_inline)) int lw_default_unlocked(pthread_mutex_t *m)
{
    __atomic_store_n(&m->__data.__owner, 0, __ATOMIC_RELAXED);
    --m->__data.__nusers;
    if (LW_ALONE()) {
        __atomic_store_n(&m->__data.__lock, 0, __ATOMIC_RELAXED);
        return 0;
    }
    return __atomic_exchange_n(&m->__data.__lock, 0, __ATOMIC_RELEASE) > 1;
}

static inline void lw_default_wake(pthread_mutex_t *m)
{
    if (LW_UNLIKELY(syscall(SYS_futex, &m->__data.__lock, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0) < 0))
        lw_wake_failed(errno);
}

/* glibc's unlock of a default mutex */
static inline __attribute__((always_inline)) void lw_default_unlock(pthread_mutex_t *m)
{
    if (LW_UNLIKELY(lw_default_unlocked(m)))
        lw_default_wake(m);
}
#else
/* elsewhere: no mutex is taken in the wrappers */
static inline int lw_default_mutex(const pthread_mutex_t *m) { (void)m; return 0; }
static inline int lw_lone_and_free(const pthread_mutex_t *m) { (void)m; return 0; }
static inline int lw_default_trylock(pthread_mutex_t *m) { (void)m; return EBUSY; }
static inline int lw_default_word(pthread_mutex_t *m) { (void)m; return 0; }
static inline int lw_default_word_first(pthread_mutex_t *m, int lone) { (void)m; (void)lone; return 0; }
static inline void lw_default_owned(pthread_mutex_t *m) { (void)m; }
static inline int lw_default_holder_is(const pthread_mutex_t *m, uint32_t tid) { (void)m; (void)tid; return 1; }
static inline void lw_default_moved(pthread_mutex_t *m, struct lw_tstat *e, uint32_t t) { (void)m, (void)e, (void)t; }
static inline void lw_default_seen(pthread_mutex_t *m, struct lw_tstat *e, uint32_t t) { (void)m, (void)e, (void)t; }
static inline void lw_default_owned_by(pthread_mutex_t *m, uint32_t tid) { (void)m; (void)tid; }
static inline int lw_default_unlocked(pthread_mutex_t *m) { (void)m; return 0; }
static inline void lw_default_wake(pthread_mutex_t *m) { (void)m; }
static inline void lw_default_unlock(pthread_mutex_t *m) { (void)m; }
#endif

/* m acquired by this thread (e: its statistics, or NULL): a default mutex
 * notes an owner change here, from the last holder it keeps; any other
 * mutex at its release (lw_mutex_released) */
static inline void lw_mutex_seen(pthread_mutex_t *m, struct lw_tstat *e)
{
    if (lw_default_mutex(m))
        lw_default_seen(m, e, my_tid());
}

/* after the real unlock of a mutex that was a default one (was_default,
 * read before the unlock) or not */
static inline void lw_mutex_released(struct lw_tstat *e, int was_default)
{
    if (was_default)
        settle_note();
    else
        owner_note(e);
}

#endif

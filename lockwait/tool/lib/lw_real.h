/* lw_real.h - the C library's own functions behind the wrappers, one row
 * each: the row gives the pointer's type, the field of lw_real and its
 * lookup (as mutrace's LOAD_FUNC(name) does, one token per function). A
 * wrapped function is called through lw_real.NAME; nothing inside the
 * library calls its own interposed entry points. */
#ifndef LW_REAL_H
#define LW_REAL_H

#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <time.h>

#include "lw_base.h"

/* X(return type, name, parameters, lookup): lookup is lw_sym_next, or
 * lw_sym_cond for the condvar functions glibc keeps in two versions */
#define LW_REAL_FUNCS(X)                                                                                  \
    X(int, pthread_mutex_lock, (pthread_mutex_t *), lw_sym_next)                                           \
    X(int, pthread_mutex_trylock, (pthread_mutex_t *), lw_sym_next)                                        \
    X(int, pthread_mutex_unlock, (pthread_mutex_t *), lw_sym_next)                                         \
    X(int, pthread_mutex_timedlock, (pthread_mutex_t *, const struct timespec *), lw_sym_next)             \
    X(int, pthread_mutex_clocklock, (pthread_mutex_t *, clockid_t, const struct timespec *), lw_sym_next)  \
    X(int, pthread_spin_lock, (pthread_spinlock_t *), lw_sym_next)                                         \
    X(int, pthread_spin_trylock, (pthread_spinlock_t *), lw_sym_next)                                      \
    X(int, pthread_spin_unlock, (pthread_spinlock_t *), lw_sym_next)                                       \
    X(int, sem_wait, (sem_t *), lw_sym_next)                                                               \
    X(int, sem_trywait, (sem_t *), lw_sym_next)                                                            \
    X(int, sem_post, (sem_t *), lw_sym_next)                                                               \
    X(int, sem_timedwait, (sem_t *, const struct timespec *), lw_sym_next)                                 \
    X(int, sem_clockwait, (sem_t *, clockid_t, const struct timespec *), lw_sym_next)                      \
    X(int, pthread_rwlock_rdlock, (pthread_rwlock_t *), lw_sym_next)                                       \
    X(int, pthread_rwlock_wrlock, (pthread_rwlock_t *), lw_sym_next)                                       \
    X(int, pthread_rwlock_tryrdlock, (pthread_rwlock_t *), lw_sym_next)                                    \
    X(int, pthread_rwlock_trywrlock, (pthread_rwlock_t *), lw_sym_next)                                    \
    X(int, pthread_rwlock_unlock, (pthread_rwlock_t *), lw_sym_next)                                       \
    X(int, pthread_rwlock_timedrdlock, (pthread_rwlock_t *, const struct timespec *), lw_sym_next)         \
    X(int, pthread_rwlock_timedwrlock, (pthread_rwlock_t *, const struct timespec *), lw_sym_next)         \
    X(int, pthread_rwlock_clockrdlock, (pthread_rwlock_t *, clockid_t, const struct timespec *), lw_sym_next) \
    X(int, pthread_rwlock_clockwrlock, (pthread_rwlock_t *, clockid_t, const struct timespec *), lw_sym_next) \
    X(int, pthread_cond_wait, (pthread_cond_t *, pthread_mutex_t *), lw_sym_cond)                          \
    X(int, pthread_cond_timedwait, (pthread_cond_t *, pthread_mutex_t *, const struct timespec *), lw_sym_cond) \
    X(int, pthread_cond_clockwait, (pthread_cond_t *, pthread_mutex_t *, clockid_t, const struct timespec *), \
      lw_sym_next) /* one version */                                                                      \
    X(int, pthread_cond_signal, (pthread_cond_t *), lw_sym_cond)                                           \
    X(int, pthread_cond_broadcast, (pthread_cond_t *), lw_sym_cond)                                        \
    X(int, pthread_create, (pthread_t *, const pthread_attr_t *, void *(*)(void *), void *), lw_sym_next)  \
    X(int, pthread_cancel, (pthread_t), lw_sym_next)                                                       \
    X(int, pthread_barrier_wait, (pthread_barrier_t *), lw_sym_next)                                       \
    X(int, pthread_mutex_init, (pthread_mutex_t *, const pthread_mutexattr_t *), lw_sym_next)              \
    X(int, pthread_rwlock_init, (pthread_rwlock_t *, const pthread_rwlockattr_t *), lw_sym_next)           \
    X(int, pthread_spin_init, (pthread_spinlock_t *, int), lw_sym_next)                                    \
    X(int, sem_init, (sem_t *, int, unsigned), lw_sym_next)                                                \
    X(int, pthread_cond_init, (pthread_cond_t *, const pthread_condattr_t *), lw_sym_cond)                 \
    X(int, sigaction, (int, const struct sigaction *, struct sigaction *), lw_sym_next)

/* the type of each: NAME_fn */
#define LW_REAL_TYPE(ret, name, params, lookup) typedef ret(*name##_fn) params;
LW_REAL_FUNCS(LW_REAL_TYPE)
#undef LW_REAL_TYPE

struct lw_real {
#define LW_REAL_FIELD(ret, name, params, lookup) name##_fn name;
    LW_REAL_FUNCS(LW_REAL_FIELD)
#undef LW_REAL_FIELD
    int ready;
};
LW_HIDDEN extern struct lw_real lw_real;

LW_HIDDEN void *lw_sym_next(const char *name); /* the next definition after ours (dlsym RTLD_NEXT) */
LW_HIDDEN void *lw_sym_cond(const char *name); /* the condvar version programs link today */

/* resolves every real function once; 0 while this thread is resolving */
LW_HIDDEN int lw_resolve(void);

/* for the inline paths' start-up checks (lw_mutex.c, lw_spin.c): foreign, or
 * valgrind, when a lock's real lock, trylock and unlock cannot be stepped
 * over (not all the C library's own, or valgrind is loaded); else NULL */
LW_HIDDEN const char *lw_not_glibcs(void *lock, void *trylock, void *unlock, const char *foreign,
                                    const char *valgrind);

/* lw_real.NAME looked up alone where lw_resolve cannot do it (called while
 * this thread resolves, or before the start): 1 when found */
#define LW_REAL_ONE(ret, name, params, lookup)                                                          \
    static inline int lw_real_one_##name(void)                                                          \
    {                                                                                                   \
        if (!lw_real.name)                                                                              \
            lw_real.name = (name##_fn)lookup(#name);                                                    \
        return lw_real.name != NULL;                                                                    \
    }
LW_REAL_FUNCS(LW_REAL_ONE)
#undef LW_REAL_ONE

#endif

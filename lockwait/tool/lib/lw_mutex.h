/* lw_mutex.h - the generic mutex and spinlock paths (lw_mutex.c), which
 * glibc's inline path (lw_glibc_mutex.c) jumps to for every case but its
 * common one, from the lock call's pc (the leaves read it: the path jumped
 * to needs no frame to find it); and the C11 wrappers' way in (lw_c11.c:
 * an mtx_t is a pthread_mutex_t); ts: an absolute CLOCK_REALTIME deadline,
 * or NULL. */
#ifndef LW_MUTEX_H
#define LW_MUTEX_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "lw_base.h"

/* the generic paths, and their waits after a failed first try */
LW_HIDDEN int lw_mutex_lock_generic(pthread_mutex_t *m, uintptr_t pc);
LW_HIDDEN int lw_mutex_unlock_generic(pthread_mutex_t *m);
LW_HIDDEN int lw_mutex_wait(pthread_mutex_t *m, uintptr_t pc);
LW_HIDDEN int lw_spin_lock_generic(pthread_spinlock_t *s, uintptr_t pc);
LW_HIDDEN int lw_spin_unlock_generic(pthread_spinlock_t *s);
LW_HIDDEN int lw_spin_wait(pthread_spinlock_t *s, uintptr_t pc);

LW_HIDDEN int lw_mutex_lock_at(pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts);
LW_HIDDEN int lw_mutex_trylock_at(pthread_mutex_t *m, uintptr_t pc);

#endif

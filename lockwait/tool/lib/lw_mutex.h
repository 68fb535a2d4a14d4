/* lw_mutex.h - the mutex wrappers as the C11 ones call them (lw_mutex.c,
 * lw_c11.c: an mtx_t is a pthread_mutex_t), from the caller's pc; ts: an
 * absolute CLOCK_REALTIME deadline, or NULL. */
#ifndef LW_MUTEX_H
#define LW_MUTEX_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "lw_base.h"

LW_HIDDEN int lw_mutex_lock_at(pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts);
LW_HIDDEN int lw_mutex_trylock_at(pthread_mutex_t *m, uintptr_t pc);
LW_HIDDEN int lw_mutex_unlock(pthread_mutex_t *m);

#endif

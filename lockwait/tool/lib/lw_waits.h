/* lw_waits.h - the condvar wrappers as the C11 ones call them (lw_waits.c,
 * lw_c11.c: a cnd_t is a pthread_cond_t), from the caller's pc; ts: an
 * absolute CLOCK_REALTIME deadline, or NULL. */
#ifndef LW_WAITS_H
#define LW_WAITS_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "lw_base.h"

LW_HIDDEN int lw_cond_wait_at(pthread_cond_t *cv, pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts);
LW_HIDDEN int lw_cond_signal_at(pthread_cond_t *cv, uintptr_t pc, int all); /* all: a broadcast */

#endif

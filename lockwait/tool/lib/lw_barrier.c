/* lw_barrier.c - liblockwait's wrapper for pthread_barrier_wait: the time
 * each thread waited for the last one to arrive, and which thread that was
 * (per barrier and call site). Every barrier wait is apart from contention
 * (../lw_rules.h: load imbalance, reported in its own section), blamed on
 * the last arrival. The kind's row: ../lw_kinds.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

#include "../lw_kinds.h"
#include "../trace.h"
#include "lw_account.h"
#include "clock.h"
#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_wrap.h"

/* glibc's pthread_barrier_t: the count it was initialised with (nptl's
 * struct pthread_barrier: in, current_round, count, ...) */
static unsigned barrier_count(const pthread_barrier_t *b)
{
#ifdef __GLIBC__
    return ((const unsigned *)(const void *)b)[2];
#else
    (void)b;
    return 0;
#endif
}

/* A wait from the thread's arrival to its release. Arrivals are numbered
 * in the record's `last_signal` (a barrier has no signal): the one that
 * completes a round of `count` is the last arrival, names itself in
 * `signaller` and waits for nobody; the others read its name after the
 * release, before any of them can arrive at the next round's end. */
LW_API int pthread_barrier_wait(pthread_barrier_t *b)
{
    NEED(pthread_barrier_wait);
    uintptr_t pc = RA();
    struct lw_tstat *e = stat_of(b, K_BARRIER, pc);
    unsigned count = barrier_count(b);
    if (!e || count == 0)
        return lw_real.pthread_barrier_wait(b);
    struct lw_lock *r = e->lock;
    BUMP1(e->acquisitions, 1);
    if ((ADD(r->last_signal, 1) + 1) % count == 0) { /* the last arrival */
        ST(r->signaller, my_tid());
        lw_trace(lw_thread_self(), LW_EV_RELEASE, LW_T_BARRIER, b, my_tid(), ticks_now(), 0, 0);
        return lw_real.pthread_barrier_wait(b);
    }
    struct wait w;
    lw_wait_begin(b, e, &w, LW_T_BARRIER, pc, LW_STACK_AFTER);
    int rc = lw_real.pthread_barrier_wait(b);
    lw_wait_measure(e, &w, 1, pc);
    w.holder = LD(r->signaller);
    lw_wait_account(b, e, &w);
    return rc;
}

/* lw_account.h - holds and waits, recorded off the fast path
 * (lw_account.c): hold timing, the wait's clock reads and sleep probe, and
 * the sums per lock and per thread. */
#ifndef LW_ACCOUNT_H
#define LW_ACCOUNT_H

#include <stdint.h>

#include "../lw_kinds.h"
#include "lw_core.h"
#include "lw_record.h"

/* the general cases of acquired(), releasing() and owner_note() (lw_fastpath.h) */
LW_HIDDEN void lw_acquired_slow(struct lw_tstat *e, int kind, uint64_t acq, uintptr_t pc, uint64_t pre);
LW_HIDDEN struct lw_tstat *lw_releasing_slow(const void *p, int kind);
LW_HIDDEN void lw_plain_to_held(void);
LW_HIDDEN struct lw_tstat *lw_plain_moved(struct lw_tstat *e);
LW_HIDDEN void lw_owner_note(struct lw_tstat *e);
LW_HIDDEN void lw_hold_end(struct lw_tstat *e, const struct lw_held *h);


/* pc: the lock call's return address, for the wait's stack; when: LW_STACK_AFTER for a
 * wait whose end holds nothing exclusively (a reader, a semaphore, a barrier): its stack is
 * walked in lw_wait_measure, after the wait, so the walk does not delay the real call (a
 * delay there acts as a spin the bare call does not make: fewer sleeps); a reader then walks
 * it inside its shared hold, where a waiting writer waits the longer (a cached site: tens
 * of ns). Else LW_STACK_BEFORE, as a walk inside an exclusive hold would lengthen it */
enum { LW_STACK_BEFORE, LW_STACK_AFTER };
LW_HIDDEN void lw_wait_begin(const void *p, struct lw_tstat *e, struct wait *w, int type, uintptr_t pc, int when);
/* the wait is over (got: with the lock): read the clock and the probe */
LW_HIDDEN void lw_wait_measure(struct lw_tstat *e, struct wait *w, int got, uintptr_t pc);
/* the same for a wait that ends holding a lock and is deferred (lw_wait_defer):
 * the sleep probe's end and the leave from the waiters' count come after the unlock */
LW_HIDDEN void lw_wait_measure_held(struct wait *w, int got, uintptr_t pc);
/* add a measured wait to the statistics and the trace */
LW_HIDDEN void lw_wait_account(const void *p, struct lw_tstat *e, struct wait *w);
/* after an exclusive acquisition that waited: keep the wait with the hold
 * of e, to be accounted after the release, outside the critical section
 * (w->of: the wait is another object's, a condvar's) */
LW_HIDDEN void lw_wait_defer(struct lw_tstat *e, struct wait *w);
LW_HIDDEN void lw_settle(void); /* account lw_tls.settle_w and note lw_tls.bhold_e */
/* this thread's waits not yet accounted, its holds' deferred ones too: at
 * its end (thread_end), and before a report (after ticks_end) for the
 * reporting thread, which does not leave through thread_end */
LW_HIDDEN void lw_settle_own(void);
LW_HIDDEN void lw_trylock_failed(struct lw_tstat *e);

/* stat_of when the cache misses (lw_fastpath.h): the tables */
LW_HIDDEN struct lw_tstat *lw_stat_slow(const void *p, int kind, uintptr_t pc);
LW_HIDDEN struct lw_twait *lw_twait_of(struct lw_tstat *e); /* created on need; NULL: no memory */

/* The thread holding p exclusively, from the lock itself where glibc keeps
 * it (mutex __owner, rwlock __cur_writer), else from the record. 0: unknown. */
#ifdef __GLIBC__
#define LW_OWNER_IN_LOCK(kind) ((kind) == K_MUTEX || (kind) == K_RWLOCK)
#else
#define LW_OWNER_IN_LOCK(kind) 0
#endif

/* A new entry on held[] for e: depth 1, untimed, nothing pending. NULL:
 * held[] is full (the hold is counted as not followed). */
static inline __attribute__((always_inline)) struct lw_held *held_push(struct lw_tstat *e, uintptr_t pc)
{
    uint32_t i = lw_tls.nheld;
    if (LW_UNLIKELY(i == LW_HELD_MAX)) {
        lw_tls.held_lost++;
        return NULL;
    }
    lw_tls.nheld = i + 1; /* claim the slot first: a signal handler pushes above it */
    atomic_signal_fence(memory_order_seq_cst);
    struct lw_held *h = &lw_tls.held[i];
    h->e = e;
    h->t0 = 0;
    h->pc = pc;
    h->stack = 0;
    h->sampled = 0;
    h->depth = 1;
    h->pending = 0;
    return h;
}

/* the plain hold onto held[], where the general paths look (lw_tls.plain) */
static inline __attribute__((always_inline)) void plain_to_held(void)
{
    if (LW_UNLIKELY(lw_tls.plain != NULL))
        lw_plain_to_held();
}

static inline struct lw_held *held_find(struct lw_tstat *e)
{
    plain_to_held();
    for (uint32_t i = lw_tls.nheld; i-- > 0;)
        if (lw_tls.held[i].e == e)
            return &lw_tls.held[i];
    return NULL;
}

#endif

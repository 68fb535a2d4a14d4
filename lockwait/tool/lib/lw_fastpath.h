/* lw_fastpath.h - the uncontended lock call, inline, in the order a call
 * runs it. A lock call reads in one direction:
 *   1. the wrapper (lw_mutex.c, lw_spin.c, lw_waits.c: semaphores,
 *      rwlocks, condvars) tries the real trylock (glibc's default mutex
 *      and spinlock: the same steps in the wrapper, with every uncommon
 *      case a jump: the inline paths of lw_mutex.c and lw_spin.c);
 *   2. this file: the thread's statistics for the lock (stat_of), the
 *      acquisition (acquired), and at the unlock the release (releasing,
 *      then owner_note, or settle_note, after the real unlock):
 *      thread-local stores only;
 *   3. only when the trylock failed or a hold is sampled, lw_account.c:
 *      the wait (lw_wait_begin, _measure, _account, outside the critical
 *      section where it can) and the hold (lw_acquired_slow, lw_hold_end);
 *   4. beneath them, lw_core.c: the lock records, the per-thread tables
 *      and the trace buffers (the clock: common/clock.c).
 * Nothing here may grow: it is the cost of every uncontended call (see
 * tool/bench/bench_overhead.sh). */
#ifndef LW_FASTPATH_H
#define LW_FASTPATH_H

#include "../lw_kinds.h"
#include "lw_account.h"
#include "lw_config.h"
#include "lw_core.h"
#include "lw_record.h"

/* Are e (NULL: none) the statistics of lock p of this kind? The fast path
 * asks it with LW_LIKELY: each test carries the hint, or gcc lays the
 * callers' slow paths in line and the common case jumps. */
static inline __attribute__((always_inline)) int stat_is(const struct lw_tstat *e, const void *p, int kind)
{
    return LW_LIKELY(e != NULL) && LW_LIKELY(e->addr == (uintptr_t)p) && LW_LIKELY(e->kind == kind);
}

/* This thread's statistics for lock p when they are cached: those of the
 * last lock it used (one word, so a signal handler cannot tear it), then
 * of the one before, which becomes the last (a mutex and the condition
 * variable signalled under it alternate; without the second entry each
 * call would look both tables up). NULL: not cached. */
static inline __attribute__((always_inline)) struct lw_tstat *stat_cached(const void *p, int kind)
{
    struct lw_tstat *e = lw_tls.last;
    if (LW_LIKELY(stat_is(e, p, kind)))
        return e;
    e = lw_tls.prev;
    if (!stat_is(e, p, kind))
        return NULL;
    lw_tls.prev = lw_tls.last; /* a signal handler in between finds neither: a table lookup */
    lw_tls.last = e;
    return e;
}

/* This thread's statistics for lock p: cached, else from the tables
 * (lw_stat_slow). NULL: not recorded. */
static inline __attribute__((always_inline)) struct lw_tstat *stat_of(const void *p, int kind, uintptr_t pc)
{
    struct lw_tstat *e = stat_cached(p, kind);
    if (LW_LIKELY(e != NULL))
        return e;
    return lw_stat_slow(p, kind, pc);
}

/* An exclusive acquisition (mutex, spinlock, rwlock writer) by this thread:
 * everything written here is thread-local, except the record's holder field
 * for locks that do not keep their owner themselves. Inline: the common
 * case, the thread's only hold, untimed and not traced, kept as the plain
 * hold (a traced RELEASE names its acquire site: held[]). Returns 0 when
 * that is all, else the acquisition's number, for lw_acquired_slow (the
 * caller calls it: acquired() below, or a wrapper that ends in it). */
/* pre: the hold's start when already read (the end of the wait that got it), or 0;
 * tid: the caller's (my_tid), where the lock keeps no owner (else unused) */
static inline __attribute__((always_inline)) uint64_t acquired_inline_by(struct lw_tstat *e, int kind, uintptr_t pc,
                                                                         uint64_t pre, uint32_t tid)
{
    /* owner_note reads and writes the holder's line right after the unlock;
     * when the last owner was another thread, the line now travels during
     * the hold, once, rather than twice after it (read, then write). Where
     * the lock keeps no owner, the holder store below does the same. A
     * mutex is left out: glibc's default one keeps its last holder itself
     * (lw_mutex_seen), and the others are glibc's calls, slower anyway. */
    if (LW_OWNER_IN_LOCK(kind) && kind != K_MUTEX)
        lw_prefetch_for_write(&e->lock->last_holder);
    uint64_t acq = LD(e->acquisitions) + 1;
    ST(e->acquisitions, acq);
    /* another hold, the sample, a traced run, and long holds, which are
     * timed whole once the lock has been contended (the record's `timed`,
     * on a line written rarely, read only then) */
    if (LW_UNLIKELY((lw_tls.nheld | (uintptr_t)lw_tls.plain) != 0 || acq % LW_HOLD_SAMPLE == 1 || lw.cfg.trace ||
                    (e->long_holds && LD(e->lock->timed) == 1)))
        return acq;
    if (pre) { /* after a wait: on held[], where the wait is deferred to (lw_wait_defer) */
        (void)held_push(e, pc);
    } else {
        lw_tls.plain = e; /* one word: a signal handler sees the hold whole or not at all */
    }
    if (!LW_OWNER_IN_LOCK(kind))
        ST(e->lock->holder, tid);
    return 0;
}

static inline __attribute__((always_inline)) uint64_t acquired_inline(struct lw_tstat *e, int kind, uintptr_t pc,
                                                                      uint64_t pre)
{
    return acquired_inline_by(e, kind, pc, pre, LW_OWNER_IN_LOCK(kind) ? 0 : my_tid());
}

static inline __attribute__((always_inline)) void acquired(struct lw_tstat *e, int kind, uintptr_t pc,
                                                           uint64_t pre)
{
    uint64_t acq = acquired_inline(e, kind, pc, pre);
    if (LW_UNLIKELY(acq != 0))
        lw_acquired_slow(e, kind, acq, pc, pre);
}

/* The plain hold e (the caller checked stat_is) ends: cleared, before the
 * real unlock. Nonzero when a signal handler that took a lock since the
 * caller read it moved the hold onto held[] (lw_plain_to_held): it then
 * ends there (lw_plain_moved). */
static inline __attribute__((always_inline)) int plain_released(struct lw_tstat *e, int kind)
{
    if (!LW_OWNER_IN_LOCK(kind))
        ST(e->lock->holder, 0);
    atomic_signal_fence(memory_order_seq_cst);
    lw_tls.plain = NULL;
    atomic_signal_fence(memory_order_seq_cst);
    return lw_tls.nheld != 0;
}

/* Before the real unlock of p by this thread. Returns the statistics when
 * the hold ends here (the caller then calls owner_note after the real
 * unlock); NULL for an inner unlock of a recursive hold, or a lock this
 * thread does not hold as far as we know (acquired before the library
 * started, inside libc, or by another thread). Inline: the plain hold. */
static inline __attribute__((always_inline)) struct lw_tstat *releasing(const void *p, int kind)
{
    struct lw_tstat *e = lw_tls.plain;
    if (LW_LIKELY(stat_is(e, p, kind)))
        return LW_UNLIKELY(plain_released(e, kind)) ? lw_plain_moved(e) : e;
    return lw_releasing_slow(p, kind);
}

/* After the real unlock: a wait or blocking hold left to account (lw_settle)? */
static inline __attribute__((always_inline)) int settle_due(void)
{
    return LW_UNLIKELY(((uintptr_t)lw_tls.settle_e | (uintptr_t)lw_tls.bhold_e) != 0);
}

/* after the real unlock of a glibc default mutex, which notes its owner
 * changes itself at the acquisition (lw_mutex_seen) */
static inline __attribute__((always_inline)) void settle_note(void)
{
    if (settle_due())
        lw_settle();
}

/* After the real unlock of any other lock: is there anything to note?
 * Owner changes are counted at each release whose previous release was by
 * another thread (lw_owner_note); a wait or blocking hold left to settle
 * is accounted there too. Outside the critical section, so the record
 * line's trip between cores does not lengthen the hold. */
static inline __attribute__((always_inline)) int owner_note_due(const struct lw_tstat *e)
{
    uint32_t tid = lw_tls.tid; /* 0 (not known yet): lw_owner_note asks */
    return settle_due() || LW_UNLIKELY(tid == 0) || LW_UNLIKELY(LD(e->lock->last_holder) != tid);
}

static inline __attribute__((always_inline)) void owner_note(struct lw_tstat *e)
{
    if (owner_note_due(e))
        lw_owner_note(e);
}

#endif

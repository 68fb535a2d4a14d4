/* lw_account.c - what liblockwait records when a lock is held and when it is
 * waited for: hold timing (sampled), the wait's clock reads and sleep probe,
 * and the per-lock and per-thread sums (the table and threads: lw_core.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif
#if defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>
#include <fcntl.h>
#endif

#include "lw_internal.h"
#include "lw_stacks.h"

/* ---------------------------------------------------------------- holds */

/* called at a thread's 1st, 65th, ... acquisition of the lock */
__attribute__((noinline)) uint64_t lw_hold_start(struct lw_tstat *e)
{
    struct lw_lock *r = e->lock;
    uint8_t t = LD(r->timed);
    if (t == 2) { /* the first hold: time it, then stop unless contended meanwhile */
        uint8_t want = 2;
        atomic_compare_exchange_strong_explicit(&r->timed, &want, 0, memory_order_relaxed,
                                                memory_order_relaxed);
    } else if (t == 0) { /* never contended: only its first hold is timed */
        return 0;
    }
    return lw_ticks(); /* inside the critical section: a counter read where there is one */
}

/* the general case of acquired() (lw_internal.h): another hold already on
 * the stack (a relock, or nested locks), a full stack, or a hold to time */
__attribute__((noinline)) void lw_acquired_slow(struct lw_tstat *e, int kind, uint64_t acq)
{
    struct lw_held *h = held_find(e);
    if (LW_UNLIKELY(h != NULL)) { /* a recursive relock */
        h->depth++;
        BUMP1(e->relocks, 1);
        return;
    }
    uint32_t i = lw_tls.nheld;
    if (LW_UNLIKELY(i == LW_HELD_MAX)) {
        lw_tls.held_lost++;
        return;
    }
    lw_tls.nheld = i + 1; /* claim the slot first: a signal handler pushes above it */
    atomic_signal_fence(memory_order_seq_cst);
    h = &lw_tls.held[i];
    h->e = e;
    h->depth = 1;
    h->pending = 0;
    h->t0 = LW_UNLIKELY(acq % LW_HOLD_SAMPLE == 1) ? lw_hold_start(e) : 0;
    if (!LW_OWNER_IN_LOCK(kind))
        ST(e->lock->holder, my_tid());
}

/* the general case of releasing() (lw_internal.h) */
__attribute__((noinline)) struct lw_tstat *lw_releasing_slow(const void *p, int kind)
{
    for (uint32_t i = lw_tls.nheld; i-- > 0;) {
        struct lw_held *h = &lw_tls.held[i];
        struct lw_tstat *e = h->e;
        if (e->addr != (uintptr_t)p || e->kind != kind)
            continue;
        if (LW_UNLIKELY(h->depth > 1)) {
            h->depth--;
            return NULL;
        }
        /* waiters are counted only when tracing (RELEASE events) */
        if (LW_UNLIKELY(h->t0 != 0 || (lw.cfg.trace && LD(e->lock->waiting))))
            lw_hold_end(e, h->t0);
        if (!LW_OWNER_IN_LOCK(kind))
            ST(e->lock->holder, 0);
        if (LW_UNLIKELY(h->pending)) { /* account it after the real unlock */
            if (lw_tls.settle_e)
                lw_settle(); /* a signal handler's leftover */
            lw_tls.settle_w = h->wait;
            lw_tls.settle_e = e;
            h->pending = 0;
        }
        uint32_t last = lw_tls.nheld - 1;
        if (LW_UNLIKELY(i != last))
            *h = lw_tls.held[last];
        atomic_signal_fence(memory_order_seq_cst);
        lw_tls.nheld = last;
        return e;
    }
    return NULL;
}

/* owner_note() found the lock's last releaser was another thread */
__attribute__((noinline)) void lw_owner_changed(struct lw_tstat *e)
{
    uint32_t old = LD(e->lock->last_holder);
    ST(e->lock->last_holder, my_tid());
    BUMP1(e->owner_changes, old != 0);
}

__attribute__((noinline)) void lw_hold_end(struct lw_tstat *e, uint64_t t0)
{
    struct lw_lock *r = e->lock;
    uint64_t now = lw_ticks();
    if (t0) {
        uint64_t h = now - t0; /* in ticks: this runs before the real unlock */
        BUMP1(e->hold_ticks, h);
        BUMP1(e->holds_timed, 1);
        if (h > LD(e->max_hold_ticks))
            ST(e->max_hold_ticks, h);
    }
    if (LD(r->waiting))
        lw_trace(lw_thread_self(), LW_EV_RELEASE, lw_trace_type(r->kind, 1), (void *)r->addr, my_tid(), now, t0);
}

/* ---------------------------------------------------------------- waits */

static long vol_switches(void)
{
#if defined(__linux__) && defined(RUSAGE_THREAD)
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) == 0)
        return ru.ru_nvcsw;
#endif
    return -1;
}

/* The sleep/spin probe (two getrusage calls, 0.2-0.5 us each) is taken on
 * each thread's first LW_PROBE_ALL contended waits and then on one wait in
 * LW_PROBE_SAMPLE: a thread that waits often must not pay a microsecond per
 * wait. sleep_share is computed over the probed waits only. */
#define LW_PROBE_ALL 16
#define LW_PROBE_SAMPLE 32

/* Before the real blocking call: only what must be read before it (the
 * holder, the sleep probe's first reading, the start time, and the count of
 * waiters the trace and condvars need), so that the real call follows the
 * failed trylock as closely as it can; everything else waits until the wait
 * is accounted. */
void lw_wait_begin(const void *p, struct lw_tstat *e, struct wait *w, int type, uintptr_t pc)
{
    struct lw_lock *r = e ? e->lock : NULL;
    w->type = type;
    w->holder = r && r->kind != K_SEM && r->kind != K_COND ? lw_holder_of(p, r->kind, r) : 0;
    /* The count of waiters is shared by all threads: kept only when the
     * trace needs it (RELEASE events) and for condvars (signal times). */
    w->counted_waiting = r && (lw.cfg.trace || r->kind == K_COND);
    if (w->counted_waiting)
        ADD(r->waiting, 1);
    /* after the holder, before the clock: the walk (tens of ns) is not part of the wait */
    w->stack = lw_stack_capture(pc);
    uint32_t n = lw_tls.nwaits++;
    w->nvcsw0 = -1;
    if (n < LW_PROBE_ALL || n % LW_PROBE_SAMPLE == 0) {
        int saved = errno;
        w->nvcsw0 = vol_switches();
        errno = saved;
    }
    w->t0 = lw_ticks();
}

/* the wait statistics of e, created on its first wait (a signal handler
 * on this thread may race: the loser's allocation stays unused) */
struct lw_twait *lw_twait_of(struct lw_tstat *e)
{
    struct lw_twait *x = atomic_load_explicit(&e->w, memory_order_acquire);
    if (LW_LIKELY(x != NULL))
        return x;
    struct lw_twait *fresh = lw_alloc(sizeof *fresh);
    if (!fresh)
        return NULL;
    if (atomic_compare_exchange_strong_explicit(&e->w, &x, fresh, memory_order_acq_rel, memory_order_acquire))
        return fresh;
    return x;
}

static void note_wait(struct lw_twait *e, uint32_t holder, uint64_t ns, uintptr_t pc)
{
    int b = ns < 2 ? 0 : 63 - __builtin_clzll(ns);
    BUMP1(e->hist[b < LW_HIST ? b : LW_HIST - 1], 1);
    uint64_t key = (uint64_t)holder + 1;
    int i;
    for (i = 0; i < LW_TPAIRS; i++) {
        uint64_t k = LD(e->pair[i].holder);
        if (k == 0)
            ST(e->pair[i].holder, k = key);
        if (k == key) {
            BUMP1(e->pair[i].wait_ns, ns);
            BUMP1(e->pair[i].n, 1);
            break;
        }
    }
    if (i == LW_TPAIRS)
        BUMP1(e->other_pairs_ns, ns);
    for (i = 0; i < LW_SITES; i++) {
        uint64_t k = LD(e->site[i].pc);
        if (k == 0)
            ST(e->site[i].pc, k = pc);
        if (k == pc) {
            BUMP1(e->site[i].wait_ns, ns);
            BUMP1(e->site[i].n, 1);
            break;
        }
    }
    if (i == LW_SITES)
        BUMP1(e->other_sites_ns, ns);
}

/* The wait is over: `got` says whether the lock was acquired. `counted` is
 * the part of the wait charged to the lock (condvars: until the signal);
 * lock_wait: the wait counts as this thread's time blocked on locks. */
void lw_wait_measure(struct lw_tstat *e, struct wait *w, int got, uintptr_t pc)
{
    /* For a mutex this runs inside the critical section the wait ended
     * with: one counter read and a few stores to the stack, no more */
    w->t1 = lw_ticks();
    w->counted = w->t1 - w->t0;
    w->nvcsw1 = -1;
    if (w->nvcsw0 >= 0) {
        int saved = errno;
        w->nvcsw1 = vol_switches();
        errno = saved;
    }
    w->pc = pc;
    w->got = got;
    w->lock_wait = 1;
    if (e && w->counted_waiting) {
        ADD(e->lock->waiting, (uint32_t)-1);
        w->counted_waiting = 0;
    }
}

void lw_wait_account(const void *p, struct lw_tstat *e, struct wait *w)
{
    int saved = errno;
    int probed = w->nvcsw0 >= 0;
    int slept = probed && w->nvcsw1 > w->nvcsw0;
    uint64_t ns = lw_ticks_ns(w->t1 - w->t0), counted = lw_ticks_ns(w->counted);
    struct lw_thread *t = lw_thread_self();
    struct lw_lock *r = e ? e->lock : NULL;
    if (r && r->kind != K_COND && LD(r->timed) != 1)
        ST(r->timed, 1); /* from now on, sample its holds */
    lw_trace_stack(t, LW_EV_REQUEST, w->type, p, w->holder, w->t0, 0, w->stack);
    if (t && w->lock_wait) {
        ADD(t->waits, 1);
        ADD(t->blocked_ns, ns);
        if (probed)
            ADD(t->probed_ns, ns);
        if (slept)
            ADD(t->sleep_ns, ns);
    }
    if (e && w->counted_waiting)
        ADD(e->lock->waiting, (uint32_t)-1);
    struct lw_twait *x = e ? lw_twait_of(e) : NULL;
    if (x) {
        BUMP1(*(w->got ? &x->contended : &x->timeouts), 1);
        BUMP1(x->wait_ns, counted);
        if (counted > LD(x->max_wait_ns))
            ST(x->max_wait_ns, counted);
        if (probed)
            BUMP1(x->probed_wait_ns, counted);
        if (slept)
            BUMP1(x->sleep_wait_ns, counted);
        note_wait(x, w->holder, counted, w->pc);
    }
    lw_lstack_note(r, w->stack, counted, w->got);
    lw_trace_stack(t, w->got ? LW_EV_ACQUIRE : LW_EV_TIMEOUT, w->type, p, w->holder, w->t1, w->t0, w->stack);
    errno = saved;
}

void lw_wait_end(const void *p, struct lw_tstat *e, struct wait *w, int got, uintptr_t pc)
{
    lw_wait_measure(e, w, got, pc);
    lw_wait_account(p, e, w);
}

void lw_wait_defer(const void *p, struct lw_tstat *e, struct wait *w)
{
    for (uint32_t i = lw_tls.nheld; i-- > 0;)
        if (lw_tls.held[i].e == e) {
            lw_tls.held[i].wait = *w;
            lw_tls.held[i].pending = 1;
            return;
        }
    lw_wait_account(p, e, w); /* not on the stack (it was full) */
}

void lw_settle(void)
{
    struct lw_tstat *e = lw_tls.settle_e;
    struct wait w = lw_tls.settle_w;
    lw_tls.settle_e = NULL;
    if (e)
        lw_wait_account((const void *)e->addr, e, &w);
}

__attribute__((noinline)) void lw_trylock_failed(struct lw_tstat *e)
{
    if (e)
        BUMP1(e->trylock_failed, 1);
}

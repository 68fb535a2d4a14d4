/* lw_account.c - what liblockwait records when a lock is held and when it is
 * waited for: hold timing (sampled), the wait's clock reads and sleep probe,
 * and the per-lock and per-thread sums (the table and threads: lw_core.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

#include "lw_account.h"
#include "../lw_kinds.h"
#include "../lw_rules.h"
#include "../trace.h"
#include "clock.h"
#include "lw_config.h"
#include "lw_core.h"
#include "lw_probes.h"
#include "lw_record.h"
#include "lw_stacks.h"

/* ---------------------------------------------------------------- statistics */

/* stat_of when the cache misses: the tables; the lock found becomes the last */
__attribute__((noinline)) struct lw_tstat *lw_stat_slow(const void *p, int kind, uintptr_t pc)
{
    int saved = errno, fresh;
    struct lw_lock *r = lw_record(p, kind, pc, &fresh);
    if (fresh)
        ST(r->first_stack, lw_stack_capture(pc)); /* named by it when it is on the heap */
    struct lw_tstat *e = lw_tstat_for(lw_thread_self(), r);
    errno = saved;
    if (!e)
        return NULL;
    lw_tls.prev = lw_tls.last;
    lw_tls.last = e;
    return e;
}

/* ---------------------------------------------------------------- holds */

/* the start of a hold that may be timed (a thread's 1st, 65th, ...
 * acquisition of the lock, or any of a contended lock's long holds), or 0:
 * not timed */
static uint64_t hold_start(struct lw_tstat *e)
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
    return lw_probe_ticks(); /* inside the critical section: a counter read where there is one */
}

/* The plain hold (lw_tls.plain) onto held[], as acquired() would have
 * pushed it. Off the plain word first: a signal handler arriving meanwhile
 * sees the hold in neither place, never in both. Read and cleared in one
 * instruction: a handler between plain_to_held()'s test and a separate
 * read would move the hold itself and leave NULL here (pushed, a crash at
 * the next release), one between a read and a clear would have it pushed
 * twice (lw_sighold). */
__attribute__((noinline)) void lw_plain_to_held(void)
{
    struct lw_tstat *e = __atomic_exchange_n(&lw_tls.plain, NULL, __ATOMIC_RELAXED);
    atomic_signal_fence(memory_order_seq_cst);
    if (e)
        (void)held_push(e, 0); /* its pc: only a traced hold needs it */
}

/* releasing() cleared the plain hold e, but a signal handler had moved it
 * onto held[] after releasing() read it: the hold ends there, or, if it is
 * not there (the handler left a hold of its own), it ended with the clear */
__attribute__((noinline)) struct lw_tstat *lw_plain_moved(struct lw_tstat *e)
{
    return held_find(e) ? lw_releasing_slow((const void *)e->addr, e->kind) : e;
}

/* the general case of acquired() (lw_fastpath.h): another hold already on
 * the stack (a relock, or nested locks), a full stack, or a hold to time */
__attribute__((noinline)) void lw_acquired_slow(struct lw_tstat *e, int kind, uint64_t acq, uintptr_t pc,
                                                uint64_t pre)
{
    struct lw_held *h = held_find(e);
    if (LW_UNLIKELY(h != NULL)) { /* a recursive relock */
        h->depth++;
        BUMP1(e->relocks, 1);
        return;
    }
    if (!(h = held_push(e, pc)))
        return;
    h->sampled = acq % LW_HOLD_SAMPLE == 1;
    int contended = LD(e->lock->timed) == 1;
    int timed = h->sampled || (contended && e->long_holds);
    /* inside the critical section: one counter read, in a hold of 10 us or
     * more, or a sample */
    h->t0 = !timed ? 0 : contended && pre ? pre : hold_start(e);
    /* The acquire stack, walked inside the critical section (about 0.1 us):
     * of a hold of 10 us or more; of a sampled hold of a lock nobody has
     * waited for yet; and in a traced run. A walk in every sampled hold of
     * a contended lock made the other thread wait and sleep more (the
     * contended loop of tool/bench). */
    int walk = e->long_holds || (h->sampled && (!contended || lw.cfg.trace));
    h->stack = h->t0 && walk ? lw_stack_capture(pc) : 0;
    if (!LW_OWNER_IN_LOCK(kind))
        ST(e->lock->holder, my_tid());
}

/* Before the real unlock of h: does another thread wait for it now? A
 * glibc mutex of the plain kinds (normal, recursive, errorcheck: a waiter
 * writes 2 before it sleeps, none spins first) says 2 in its own word, on
 * the line the holder owns anyway, while a waiter may be asleep, so below 2
 * the `waiting` count, a line the waiters write, is left unread. But not in
 * a traced run: after a futex wake the word is 0 until the woken waiter
 * runs, and says nothing of the other sleepers, so a thread that takes the
 * lock back meanwhile (on a busy CPU, up to a scheduler tick: 12-64% of
 * the span of whatif_family's 4-thread traces, 46-92% of its 8-thread
 * ones) releases it with 1 while they sleep, and those releases must be in
 * the trace (the manual: every release while anyone waits). A holder that got the lock by waiting is
 * still in the count (it leaves after its unlock, lw_settle): not counted
 * as another. */
static int others_waiting(const struct lw_tstat *e, const struct lw_held *h)
{
#ifdef __GLIBC__
    const pthread_mutex_t *m = (const pthread_mutex_t *)e->addr;
    /* not adaptive (3: spins first), robust (16), priority-inheriting (32)
     * or -protecting (64), which keep a tid there; the process-shared bit
     * (128) changes nothing */
    if (!lw.cfg.trace && e->kind == K_MUTEX && (__atomic_load_n(&m->__data.__kind, __ATOMIC_RELAXED) & 0x7f) <= 2 &&
        __atomic_load_n(&m->__data.__lock, __ATOMIC_RELAXED) < 2)
        return 0;
#endif
    uint32_t self = h->pending && h->wait.counted_waiting && !h->wait.of; /* of: another object's count */
    return LD(e->lock->waiting) > self;
}

/* the statistics a wait kept with a hold is for: its own object's (a
 * condvar's, wait.of), else the held lock's */
static struct lw_tstat *waited_for(const struct wait *w, struct lw_tstat *held)
{
    return w->of ? w->of : held;
}

/* the general case of releasing() (lw_fastpath.h) */
__attribute__((noinline)) struct lw_tstat *lw_releasing_slow(const void *p, int kind)
{
    plain_to_held();
    for (uint32_t i = lw_tls.nheld; i-- > 0;) {
        struct lw_held *h = &lw_tls.held[i];
        struct lw_tstat *e = h->e;
        if (e->addr != (uintptr_t)p || e->kind != kind)
            continue;
        if (LW_UNLIKELY(h->depth > 1)) {
            h->depth--;
            return NULL;
        }
        if (!LW_OWNER_IN_LOCK(kind))
            ST(e->lock->holder, 0);
        if (LW_UNLIKELY(h->pending)) { /* account it after the real unlock */
            if (lw_tls.settle_e || lw_tls.bhold_e)
                lw_settle(); /* a signal handler's leftover */
            lw_tls.settle_w = h->wait;
            lw_tls.settle_e = waited_for(&h->wait, e);
        }
        /* an untimed hold that made others wait still gives the trace its RELEASE */
        if (LW_UNLIKELY(h->t0 != 0 || (lw.cfg.trace && others_waiting(e, h))))
            lw_hold_end(e, h);
        h->pending = 0;
        uint32_t last = lw_tls.nheld - 1;
        if (LW_UNLIKELY(i != last))
            *h = lw_tls.held[last];
        atomic_signal_fence(memory_order_seq_cst);
        lw_tls.nheld = last;
        return e;
    }
    return NULL;
}

/* owner_note() found something to note: a wait or blocking hold to
 * settle, or a release after another thread's (or this thread's tid not
 * yet known) */
__attribute__((noinline)) void lw_owner_note(struct lw_tstat *e)
{
    if (((uintptr_t)lw_tls.settle_e | (uintptr_t)lw_tls.bhold_e) != 0)
        lw_settle();
    uint32_t old = LD(e->lock->last_holder), me = my_tid();
    if (old != me) {
        ST(e->lock->last_holder, me);
        BUMP1(e->owner_changes, old != 0);
    }
}

/* a blocking hold of e: ticks long, from `start`, acquired at pc */
static void note_blocking_hold(struct lw_tstat *e, uint64_t ticks, uint64_t start, uintptr_t pc, uint32_t stack)
{
    struct lw_bhold *b = atomic_load_explicit(&e->bh, memory_order_acquire);
    if (!b) {
        struct lw_bhold *fresh = lw_alloc(sizeof *fresh);
        if (!fresh)
            return;
        /* a signal handler on this thread may race: the loser's copy stays unused */
        if (!atomic_compare_exchange_strong_explicit(&e->bh, &b, fresh, memory_order_acq_rel,
                                                     memory_order_acquire))
            fresh = b;
        b = fresh;
    }
    BUMP1(b->n, 1);
    BUMP1(b->ticks, ticks);
    MAX1(b->max_ticks, ticks);
    int i;
    for (i = 0; i < LW_SITES; i++) {
        uint64_t k = LD(b->site[i].pc);
        if (k == 0)
            ST(b->site[i].pc, k = pc);
        if (k == pc) {
            BUMP1(b->site[i].n, 1);
            BUMP1(b->site[i].ticks, ticks);
            MAX1(b->site[i].max_ticks, ticks);
            break;
        }
    }
    if (i == LW_SITES) {
        BUMP1(b->other_sites_n, 1);
        BUMP1(b->other_sites_ticks, ticks);
    }
    /* the longest LW_BTOP, longest first: insertion */
    int j = LW_BTOP;
    while (j > 0 && ticks > LD(b->top[j - 1].ticks))
        j--;
    if (j == LW_BTOP)
        return;
    for (int k = LW_BTOP - 1; k > j; k--) {
        ST(b->top[k].ticks, LD(b->top[k - 1].ticks));
        ST(b->top[k].pc, LD(b->top[k - 1].pc));
        ST(b->top[k].start, LD(b->top[k - 1].start));
        ST(b->top[k].stack, LD(b->top[k - 1].stack));
    }
    ST(b->top[j].ticks, ticks);
    ST(b->top[j].pc, pc);
    ST(b->top[j].start, start);
    ST(b->top[j].stack, stack);
}

/* Before the real unlock of a timed hold (or, when tracing, of an untimed
 * one others wait for): is another thread waiting now? (After the unlock a
 * waiter may already have come and gone.) The rest, the hold's end where it
 * is not needed here and its notes, waits until after the unlock
 * (settle_hold), keeping the critical section short. The trace's RELEASE
 * time must come before the waiter's ACQUIRE: read here. */
__attribute__((noinline)) void lw_hold_end(struct lw_tstat *e, const struct lw_held *h)
{
    struct lw_lock *r = e->lock;
    uint64_t t0 = h->t0, now = 0;
    int blocking = others_waiting(e, h);
    if (h->sampled || lw.cfg.trace)
        now = lw_probe_ticks();
    if (t0 && h->sampled) {
        uint64_t d = now - t0; /* in ticks: this runs before the real unlock */
        BUMP1(e->hold_ticks, d);
        BUMP1(e->holds_timed, 1);
        MAX1(e->max_hold_ticks, d);
    }
    if (lw.cfg.trace && blocking) {
        int type = lw_trace_type(r->kind);
        lw_trace(lw_thread_self(), LW_EV_RELEASE, type, (void *)r->addr, my_tid(), now, t0, 0);
        if (!t0) /* untimed: its acquire site now (a timed hold's follows in settle_hold) for the blame */
            lw_trace(lw_thread_self(), LW_EV_HOLD_SITE, type, (void *)r->addr, my_tid(), now, h->pc, 0);
    }
    if (!t0)
        return;
    if (lw_tls.bhold_e)
        lw_settle(); /* a signal handler's leftover */
    lw_tls.bhold_t0 = t0;
    lw_tls.bhold_end = now;
    lw_tls.bhold_pc = h->pc;
    lw_tls.bhold_stack = h->stack;
    lw_tls.bhold_blocking = blocking;
    atomic_signal_fence(memory_order_seq_cst);
    lw_tls.bhold_e = e;
}

/* after the real unlock: the hold lw_hold_end kept, timed, noted if blocking */
static void settle_hold(void)
{
    struct lw_tstat *e = lw_tls.bhold_e;
    uint64_t t0 = lw_tls.bhold_t0, end = lw_tls.bhold_end;
    uintptr_t pc = lw_tls.bhold_pc;
    uint32_t stack = lw_tls.bhold_stack;
    int blocking = lw_tls.bhold_blocking;
    lw_tls.bhold_e = NULL;
    atomic_signal_fence(memory_order_seq_cst);
    if (!end)
        end = lw_probe_ticks();
    e->long_holds = ticks_ns(end - t0) >= LW_HOLD_LONG_NS;
    if (!blocking)
        return;
    note_blocking_hold(e, end - t0, t0, pc, stack);
    lw_trace(lw_thread_self(), LW_EV_HOLD_SITE, lw_trace_type(e->kind), (void *)e->addr, my_tid(), end, pc,
             stack);
    lw_trace_ahead(lw_thread_self());
}

/* ---------------------------------------------------------------- waits */

/* the sleep probe's reading, counted */
static long vol_switches(void)
{
    lw_probe_count(LW_PROBE_RUSAGE);
    return lw_nvcsw();
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
void lw_wait_begin(const void *p, struct lw_tstat *e, struct wait *w, int type, uintptr_t pc, int when)
{
    struct lw_lock *r = e ? e->lock : NULL;
    if (!LD(lw.waited)) /* read first: the shared line is written once */
        ST(lw.waited, 1);
    w->type = type;
    w->of = NULL;
    w->reacquire = 0;
    w->holder = r && lw_kinds[r->kind].exclusive ? lw_holder_of(p, r->kind, r) : 0;
    /* The count of waiters, shared by all threads and bumped only here on
     * the slow path: a holder reads it at release (blocking holds, RELEASE
     * events), signals and posts to know whether anyone waits. */
    w->counted_waiting = r != NULL;
    if (w->counted_waiting) {
        ADD(r->waiting, 1);
        if (lw_kinds[r->kind].exclusive && LD(r->timed) != 1)
            ST(r->timed, 1); /* from now on, time its holds */
    }
    /* after the holder, before the clock: the walk (tens of ns) is not part
     * of the wait; sampled, since any work here delays the real call */
    w->stack_after = when == LW_STACK_AFTER;
    w->stack = w->stack_after ? 0 : lw_wait_stack(pc);
    uint32_t n = lw_tls.nwaits++;
    w->nvcsw0 = -1;
    /* not on a small stack (a signal handler's may have no room for a struct rusage) */
    if ((n < LW_PROBE_ALL || n % LW_PROBE_SAMPLE == 0) && lw_on_big_stack()) {
        int saved = errno;
        w->nvcsw0 = vol_switches();
        errno = saved;
    }
    w->t0 = lw_probe_ticks();
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

/* the wait's end, read first thing after the real call; `counted` is the
 * part charged to the lock (condvars: until the signal); lock_wait: the
 * wait counts as this thread's time blocked on locks */
static void wait_end(struct wait *w, int got, uintptr_t pc)
{
    w->t1 = ticks_now(); /* counted as a probe by lw_wait_account, outside the critical section */
    w->counted = w->t1 - w->t0;
    w->pc = pc;
    w->got = got;
    w->lock_wait = 1;
}

/* the waiter is no longer waiting: out of the lock's count of waiters */
static void wait_leave(struct lw_tstat *e, struct wait *w)
{
    if (e && w->counted_waiting) {
        w->counted_waiting = 0; /* first: a signal handler settling it meanwhile leaves it once */
        atomic_signal_fence(memory_order_seq_cst);
        ADD(e->lock->waiting, (uint32_t)-1);
    }
}

/* The wait is over: `got` says whether the lock was acquired. */
void lw_wait_measure(struct lw_tstat *e, struct wait *w, int got, uintptr_t pc)
{
    wait_end(w, got, pc);
    w->nvcsw1 = -1;
    if (w->nvcsw0 >= 0) {
        int saved = errno;
        w->nvcsw1 = vol_switches();
        errno = saved;
    }
    wait_leave(e, w);
    if (w->stack_after) /* the same frames as before the wait: this thread's, in the same wrapper */
        w->stack = lw_wait_stack(pc);
}

/* After a wait another thread ended: keep it for lw_rule_join, the last
 * one per (lock, ender); the newest most often matches the last noted */
static void join_note(struct lw_thread *t, struct lw_tstat *e, const struct wait *w, uint64_t ns)
{
    if (!t)
        return;
    uint32_t k = t->joinc_last;
    if (!(t->njoinc && t->joinc[k].e == e && t->joinc[k].ender == w->holder)) {
        for (k = 0; k < t->njoinc && !(t->joinc[k].e == e && t->joinc[k].ender == w->holder); k++)
            ;
        if (k == t->njoinc && t->njoinc < LW_JOINC)
            t->njoinc++;
        else if (k == t->njoinc) /* full: replace the oldest */
            for (uint32_t i = k = 0; i < LW_JOINC; i++)
                if (t->joinc[i].end < t->joinc[k].end)
                    k = i;
    }
    t->joinc[k] = (struct lw_joinc){e, w->holder, (uint32_t)w->lock_wait, w->t1, ns};
    t->joinc_last = k;
}

/* The wait ended with an exclusive hold, to be accounted after the unlock
 * (lw_wait_defer). Inside the critical section: one counter read and a few
 * stores to the stack. The sleep probe's second reading (a getrusage, 0.2-
 * 0.5 us) and the leave from the shared count of waiters (an atomic on a
 * line the other waiters write) wait for the unlock (lw_settle): inside, they
 * lengthened the hold and made the next arrival sleep (tool/bench). So the
 * probe spans the wait and the hold: a hold that itself sleeps (a nested
 * wait, I/O under the lock) counts its wait as slept. */
void lw_wait_measure_held(struct wait *w, int got, uintptr_t pc)
{
    wait_end(w, got, pc);
    w->nvcsw1 = w->nvcsw0 >= 0 ? LW_PROBE_LATER : -1;
}
void lw_wait_account(const void *p, struct lw_tstat *e, struct wait *w)
{
    int saved = errno;
    lw_probe_count(LW_PROBE_CLOCK); /* the wait's end (wait_end): every measured wait comes here */
    wait_leave(e, w);
    if (w->nvcsw1 == LW_PROBE_LATER) { /* not on a small stack (a signal handler's): then unprobed */
        w->nvcsw1 = lw_on_big_stack() ? vol_switches() : -1;
        if (w->nvcsw1 < 0)
            w->nvcsw0 = -1;
    }
    int probed = w->nvcsw0 >= 0;
    int slept = probed && w->nvcsw1 > w->nvcsw0;
    uint64_t ns = ticks_ns(w->t1 - w->t0), counted = ticks_ns(w->counted);
    struct lw_thread *t = lw_thread_self();
    struct lw_lock *r = e ? e->lock : NULL;
    lw_trace(t, LW_EV_REQUEST, w->type, p, w->holder, w->t0, 0, w->stack);
    if (t && w->lock_wait) {
        ADD(t->waits, 1);
        ADD(t->blocked_ns, ns);
        if (probed)
            ADD(t->probed_ns, ns);
        if (slept)
            ADD(t->sleep_ns, ns);
    }
    struct lw_twait *x = e ? lw_twait_of(e) : NULL;
    /* waiting for work or results, not for a lock (lw_rules.h); whether it
     * was a join is decided at the report, once the ender's exit is known */
    struct lw_wait_facts f = {.kind = r ? r->kind : K_NONE, .got = w->got, .ender_known = w->holder != 0};
    int idle = lw_wait_class(&f) != LW_WAIT_CONTENDED; /* nobody exited yet, no count of waits: no join, no one-shot */
    if (!idle && r && w->got && w->holder && w->holder != my_tid() && (lw_kinds[r->kind].idle & LW_IDLE_JOIN))
        join_note(t, e, w, counted);
    if (x) {
        BUMP1(*(w->got ? &x->contended : &x->timeouts), 1);
        if (idle) {
            BUMP1(x->idle_wait_ns, counted);
            BUMP1(x->idle_waits, 1);
        }
        BUMP1(x->wait_ns, counted);
        MAX1(x->max_wait_ns, counted);
        if (probed)
            BUMP1(x->probed_wait_ns, counted);
        if (slept)
            BUMP1(x->sleep_wait_ns, counted);
        note_wait(x, w->holder, counted, w->pc);
        if (w->reacquire) { /* a condvar's waiter, from its signal to its wake with the mutex */
            uint64_t re = ticks_ns(w->reacquire);
            BUMP1(x->reacquire_ns, re);
            MAX1(x->max_reacquire_ns, re);
        }
    }
    if (t && w->reacquire) /* re-acquiring the mutex is a lock wait of this thread */
        ADD(t->blocked_ns, ticks_ns(w->reacquire));
    lw_lstack_note(r, w->stack, counted, w->got);
    lw_trace(t, w->got ? LW_EV_ACQUIRE : LW_EV_TIMEOUT, w->type, p, w->holder, w->t1, w->t0, w->stack);
    lw_trace_ahead(t);
    errno = saved;
}

/* the hold is on held[] (acquired() with `pre` puts it there; held_find
 * would move a plain one), where the wait waits for the release */
void lw_wait_defer(struct lw_tstat *e, struct wait *w)
{
    struct lw_held *h = held_find(e);
    if (h && !h->pending) {
        h->wait = *w;
        h->pending = 1;
        return;
    }
    struct lw_tstat *x = waited_for(w, e); /* not on the stack (it was full), or its slot taken: now */
    lw_wait_account((const void *)x->addr, x, w);
}

void lw_settle(void)
{
    if (lw_tls.settle_e) /* first: no later holder may take its wait for another's */
        wait_leave(lw_tls.settle_e, &lw_tls.settle_w);
    if (lw_tls.bhold_e)
        settle_hold();
    struct lw_tstat *e = lw_tls.settle_e;
    struct wait w = lw_tls.settle_w;
    lw_tls.settle_e = NULL;
    if (e)
        lw_wait_account((const void *)e->addr, e, &w);
}

void lw_settle_own(void)
{
    lw_settle();
    for (uint32_t i = 0; i < lw_tls.nheld; i++) {
        struct lw_held *h = &lw_tls.held[i];
        if (h->pending) {
            struct lw_tstat *e = waited_for(&h->wait, h->e);
            h->pending = 0;
            lw_wait_account((const void *)e->addr, e, &h->wait);
        }
    }
}

__attribute__((noinline)) void lw_trylock_failed(struct lw_tstat *e)
{
    if (!LD(lw.waited))
        ST(lw.waited, 1);
    if (e)
        BUMP1(e->trylock_failed, 1);
}

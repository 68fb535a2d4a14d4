/* lw_report.c - liblockwait's report (human text, then RESULT lines): at
 * exit, at a signal that ends the program, and for periodic dumps
 * (lw_signals.c, lw_interval.c), reading counters other threads may still
 * bump (relaxed atomics). Never malloc or qsort, as a report from a signal
 * handler that came inside malloc would wait for ever: mapped pages for the
 * text, the arena and lw_sort for names (lw_names.c); only file:line
 * mallocs, outside signal handlers (tests/signals.sh with tests/lw_sigmalloc.c). */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/mman.h>

#include "lw_report.h"
#include "../lw_kinds.h"
#include "clock.h"
#include "lw_config.h"
#include "lw_core.h"
#include "lw_interval.h"
#include "lw_mutex.h"
#include "lw_names.h"
#include "lw_output.h"
#include "lw_probes.h"
#include "lw_record.h"
#include "lw_report_holds.h"
#include "lw_report_idle.h"
#include "lw_spin.h"
#include "lw_stacks.h"
#include "lw_tree.h"

/* used, and not only waited on idly (those are listed apart: lw_report_idle.c) */
static int lock_active(const struct lw_lock *r)
{
    uint64_t waits = LD(r->contended) + LD(r->timeouts);
    if (waits && LD(r->idle_waits) >= waits)
        return 0;
    return LD(r->acquisitions) || waits || LD(r->trylock_failed);
}

/* order: most contention wait first, then most acquisitions, then lowest address */
static int lock_before(const struct lw_lock *a, const struct lw_lock *b)
{
    uint64_t wa = lw_contention_ns(a), wb = lw_contention_ns(b);
    if (wa != wb)
        return wa > wb;
    uint64_t na = LD(a->acquisitions), nb = LD(b->acquisitions);
    if (na != nb)
        return na > nb;
    return a->addr < b->addr;
}

static double share(uint64_t part, uint64_t whole)
{
    return whole ? (double)part / (double)whole : 0.0;
}

/* a histogram bucket's lower edge, readable */
static void edge(int b, char *out, size_t cap)
{
    uint64_t ns = b == 0 ? 0 : (uint64_t)1 << b;
    if (ns < 1000)
        snprintf(out, cap, "%lluns", (ull)ns);
    else if (ns < 1000000)
        snprintf(out, cap, "%.0fus", (double)ns / 1e3);
    else if (ns < 1000000000)
        snprintf(out, cap, "%.0fms", (double)ns / 1e6);
    else
        snprintf(out, cap, "%.1fs", (double)ns / 1e9);
}

/* Fold every thread's per-lock wait statistics into the lock records (and
 * their details), so the report reads one place. Only the reporting thread
 * writes there (lw_report_now): plain adds. Statistics and records lie
 * scattered: fetched ahead (with 100 000 locks the merge mostly waited). */
#define MERGE_AHEAD 4
static void merge_threads(void)
{
    for (struct lw_thread *t = lw_threads(); t; t = t->next) {
        struct lw_ttab *tab = atomic_load_explicit(&t->tab, memory_order_acquire);
        for (uint32_t i = 0; tab && i < tab->cap; i++) {
            if (i + MERGE_AHEAD < tab->cap) { /* its statistics now, their record two entries later */
                struct lw_tstat *next = atomic_load_explicit(&tab->slot[i + MERGE_AHEAD], memory_order_relaxed);
                if (next)
                    __builtin_prefetch(next);
                next = atomic_load_explicit(&tab->slot[i + MERGE_AHEAD / 2], memory_order_relaxed);
                if (next)
                    __builtin_prefetch(&next->lock->acquisitions, 1);
            }
            struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
            if (!e)
                continue;
            struct lw_lock *r = e->lock;
            BUMP1(r->acquisitions, LD(e->acquisitions));
            BUMP1(r->owner_changes, LD(e->owner_changes));
            BUMP1(r->relocks, LD(e->relocks));
            BUMP1(r->hold_ns, ticks_ns(LD(e->hold_ticks)));
            MAX1(r->max_hold_ns, ticks_ns(LD(e->max_hold_ticks)));
            BUMP1(r->holds_timed, LD(e->holds_timed));
            BUMP1(r->trylock_failed, LD(e->trylock_failed));
            lw_merge_blocking_holds(r, e, t->tid);
            struct lw_twait *x = atomic_load_explicit(&e->w, memory_order_acquire);
            if (!x)
                continue; /* never waited */
            BUMP1(r->contended, LD(x->contended));
            BUMP1(r->timeouts, LD(x->timeouts));
            BUMP1(r->wait_ns, LD(x->wait_ns));
            MAX1(r->max_wait_ns, LD(x->max_wait_ns));
            BUMP1(r->probed_wait_ns, LD(x->probed_wait_ns));
            BUMP1(r->sleep_wait_ns, LD(x->sleep_wait_ns));
            BUMP1(r->idle_wait_ns, LD(x->idle_wait_ns));
            BUMP1(r->idle_waits, LD(x->idle_waits));
            if (!LD(x->contended) && !LD(x->timeouts))
                continue;
            struct lw_detail *d = lw_detail_of(r);
            if (!d)
                continue;
            BUMP1(d->reacquire_ns, LD(x->reacquire_ns));
            MAX1(d->max_reacquire_ns, LD(x->max_reacquire_ns));
            for (int h = 0; h < LW_HIST; h++)
                BUMP1(d->hist[h], LD(x->hist[h]));
            BUMP1(d->other_pairs_ns, LD(x->other_pairs_ns));
            for (int p = 0; p < LW_TPAIRS && LD(x->pair[p].holder); p++)
                lw_merge_keyed(d->pair, LW_PAIRS, NULL, &d->other_pairs_ns,
                               ((LD(x->pair[p].holder) - 1) << 32 | t->tid) + 1, LD(x->pair[p].n),
                               LD(x->pair[p].wait_ns), 0);
            BUMP1(d->other_sites_ns, LD(x->other_sites_ns));
            for (int p = 0; p < LW_SITES && LD(x->site[p].pc); p++)
                lw_merge_keyed(d->site, LW_SITES, NULL, &d->other_sites_ns, LD(x->site[p].pc), LD(x->site[p].n),
                               LD(x->site[p].wait_ns), 0);
        }
    }
}

/* what one report shows: the top locks and threads, picked once */
struct picked {
    long top, nbest, ntt;
    struct lw_lock **best; /* top locks by total wait */
    struct lw_thread **tt; /* top threads by time blocked */
    struct lw_idle_pick idle; /* top locks by idle wait (lw_report_idle.c) */
    uint64_t nactive, nthreads, wall;
    struct lw_probe_cost probes; /* the library's own, at the report */
};

/* every thread's counters into the tables (the reporting thread's own
 * deferred waits: its caller's lw_settle_own) */
static void settle_for_report(void)
{
    ADD(lw.held_lost, lw_tls.held_lost);
    lw_tls.held_lost = 0; /* counted once, whatever the number of reports */
    lw_records_zero();
    merge_threads();
    lw_classify();
}

/* a thread's time blocked on locks, its idle semaphore waits left out */
static uint64_t lock_blocked_ns(const struct lw_thread *t)
{
    uint64_t b = LD(t->blocked_ns);
    return t->idle_ns < b ? b - t->idle_ns : 0;
}

/* x into kept[0..n), at most top of them, best first, when it ranks
 * above the last kept; before(a, b): a ranks above b */
#define KEEP_TOP(kept, n, top, x, before)                              \
    do {                                                               \
        if ((n) == (top) && !before((x), (kept)[(top) - 1]))           \
            break;                                                     \
        long at = (n) < (top) ? (n)++ : (top) - 1;                     \
        for (; at > 0 && before((x), (kept)[at - 1]); at--)            \
            (kept)[at] = (kept)[at - 1];                               \
        (kept)[at] = (x);                                              \
    } while (0)

static int thread_before(const struct lw_thread *a, const struct lw_thread *b)
{
    return lock_blocked_ns(a) > lock_blocked_ns(b);
}

static int idle_before(const struct lw_lock *a, const struct lw_lock *b)
{
    return LD(a->idle_wait_ns) > LD(b->idle_wait_ns);
}

/* one pass over the locks used (lw_records) and one over the threads: count, and keep
 * the top N of each (and of the locks by idle wait) */
static void pick_top(struct picked *pk)
{
    struct lw_idle_pick *ip = &pk->idle;
    ip->top = pk->top < LW_IDLE_MAX ? pk->top : LW_IDLE_MAX;
    for (struct lw_lock *r = lw_records(); r; r = r->next) {
        if (LD(r->idle_wait_ns) || LD(r->idle_waits))
            KEEP_TOP(ip->best, ip->n, ip->top, r, idle_before);
        if (!lock_active(r))
            continue;
        pk->nactive++;
        KEEP_TOP(pk->best, pk->nbest, pk->top, r, lock_before);
    }
    for (struct lw_thread *t = lw_threads(); t; t = t->next)
        KEEP_TOP(pk->tt, pk->ntt, pk->top, t, thread_before);
}

/* whether the wrappers lock these in glibc's own steps, or why not */
static void text_inline(struct buf *b, int on, const char *these, const char *each, const char *why_off)
{
    if (on)
        bprintf(b, "lockwait: %s locked in the wrapper, in glibc's own steps (checked at start; "
                   "LOCKWAIT_INLINE_MUTEX=0: glibc's calls)\n", these);
    else
        bprintf(b, "lockwait: every %s through the C library's calls: %s\n", each, why_off);
}

/* the first lines: the process, and whatever was not recorded */
static void text_header(struct buf *b, const struct picked *pk)
{
    bprintf(b, "lockwait: pid %u, %llu threads, %llu locks used, %.3f s; top %ld locks by contention wait\n",
            lw.pid, (ull)pk->nthreads, (ull)pk->nactive, (double)pk->wall / 1e9, pk->top);
    if (lw.cfg.ignored[0])
        bprintf(b, "lockwait: settings ignored: %s\n", lw.cfg.ignored);
    if (LD(lw.untracked))
        bprintf(b, "lockwait: NOT RECORDED: %llu calls on locks beyond the table (%u locks max)\n",
                (ull)LD(lw.untracked), (unsigned)LW_TABLE_MAX);
    if (LD(lw.arena_failed))
        bprintf(b, "lockwait: NOT RECORDED: %llu records or details for lack of memory\n", (ull)LD(lw.arena_failed));
    if (LD(lw.held_lost))
        bprintf(b, "lockwait: %llu holds not followed (a thread held more than %d locks at once)\n",
                (ull)LD(lw.held_lost), LW_HELD_MAX);
    if (LD(lw.bypassed))
        bprintf(b, "lockwait: %llu calls made while the library was starting were passed over unlocked\n",
                (ull)LD(lw.bypassed));
    if (LD(lw.dropped))
        bprintf(b, "lockwait: trace: %llu records dropped (per-thread buffers full)\n", (ull)LD(lw.dropped));
    if (LD(lw.stacks_lost))
        bprintf(b, "lockwait: %llu stacks not kept (stack tables full)\n", (ull)LD(lw.stacks_lost));
    lw_text_probe_cost(b, &pk->probes);
    text_inline(b, LD(lw_inline_mutex), "default mutexes", "mutex", lw_inline_mutex_off);
    text_inline(b, LD(lw_inline_spin.on), "spinlocks", "spinlock", lw_inline_spin_off);
    bprintf(b, "lockwait: timestamps: %s\n", ticks_why);
    if (lw.cfg.stack_depth == 0)
        bprintf(b, "lockwait: stacks off (LOCKWAIT_STACK_DEPTH=0): sites are one frame\n");
    else if (lw_stack_count() && lw_lines_status()[0])
        bprintf(b, "lockwait: %s\n", lw_lines_status());
    if (lw.cfg.stack_depth >= 2 && LD(lw.waited))
        bprintf(b, "lockwait: stacks of waits sampled per thread and call site (with its caller): the first %d "
                   "waits and 1 in %d after walked; the other %llu waits took the stack last walked there\n",
                LW_WAIT_STACK_ALL, LW_WAIT_STACK_SAMPLE, (ull)lw_wait_stacks_reused());
}

/* a lock's details: histogram, wait sites and holder/waiter pairs */
static void text_lock_detail(struct buf *b, const struct lw_lock *r, struct lw_detail *d)
{
    char site[256], e1[16], e2[16];
    if (r->kind == K_COND)
        bprintf(b, "   after the signal, re-acquiring the mutex: total %.3f ms, max %.3f ms\n",
                lw_ms(LD(d->reacquire_ns)), lw_ms(LD(d->max_reacquire_ns)));
    bprintf(b, "   wait histogram:");
    for (int h = 0; h < LW_HIST; h++)
        if (LD(d->hist[h])) {
            edge(h, e1, sizeof e1);
            edge(h + 1, e2, sizeof e2);
            bprintf(b, " [%s,%s) %llu", e1, e2, (ull)LD(d->hist[h]));
        }
    bprintf(b, "\n");
    for (int s = 0; s < LW_SITES && LD(d->site[s].key); s++) {
        lw_site_name((uintptr_t)LD(d->site[s].key), site, sizeof site);
        bprintf(b, "   waited at %s: %llu waits, %.3f ms\n", site, (ull)LD(d->site[s].n),
                lw_ms(LD(d->site[s].ns)));
    }
    if (LD(d->other_sites_ns))
        bprintf(b, "   waited at other sites: %.3f ms\n", lw_ms(LD(d->other_sites_ns)));
    for (int p = 0; p < LW_PAIRS && LD(d->pair[p].key); p++) {
        uint64_t key = LD(d->pair[p].key) - 1;
        if (!(key >> 32) && !lw_kinds[r->kind].exclusive)
            bprintf(b, "   no %s (timed out, or woke without one) -> waiter %u: %llu waits, %.3f ms\n",
                    lw_kinds[r->kind].ender, (unsigned)key, (ull)LD(d->pair[p].n), lw_ms(LD(d->pair[p].ns)));
        else
            lw_text_pair(b, "   ", r, d, p);
    }
    if (LD(d->other_pairs_ns))
        bprintf(b, "   other holder/waiter pairs: %.3f ms\n", lw_ms(LD(d->other_pairs_ns)));
}

/* " g_lock" for a lock in a module's data; for one elsewhere (heap,
 * stack) " (initialised at f < g < h)" from its init call's stack, else
 * " (first used at ...)" from its first use's (innermost frame first).
 * Returns 1 when the label says where it was first used. */
static int lock_label(const struct lw_lock *r, char *out, size_t cap)
{
    char name[256], frames[768];
    uint32_t init = LD(r->init_stack), first = LD(r->first_stack);
    out[0] = 0;
    if (lw_name_lock(r->addr, name, sizeof name)) {
        snprintf(out, cap, " %s", name);
    } else if (init || first) {
        lw_name_stack(init ? init : first, " < ", 0, frames, sizeof frames);
        snprintf(out, cap, " (%s at %s)", init ? "initialised" : "first used", frames);
        return !init;
    }
    return 0;
}

/* one paragraph per top lock */
static void text_locks(struct buf *b, const struct picked *pk)
{
    char site[256];
    for (long k = 0; k < pk->nbest; k++) {
        struct lw_lock *r = pk->best[k];
        struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
        uint64_t acq = LD(r->acquisitions), con = LD(r->contended), tmo = LD(r->timeouts);
        uint64_t wns = LD(r->wait_ns), waits = con + tmo;
        char label[1024];
        lw_site_name(r->first_pc, site, sizeof site);
        int first_in_label = lock_label(r, label, sizeof label); /* then not said twice */
        bprintf(b, "\n#%ld %s %#lx%s%s%s\n", k + 1, lw_kind_name(r->kind), (unsigned long)r->addr, label,
                first_in_label ? "" : ", first used at ", first_in_label ? "" : site);
        bprintf(b, "   acquisitions %llu, contended %llu, failed trylocks %llu, timeouts %llu, owner changes %llu, "
                   "recursive relocks %llu\n",
                (ull)acq, (ull)con, (ull)LD(r->trylock_failed), (ull)tmo, (ull)LD(r->owner_changes),
                (ull)LD(r->relocks));
        bprintf(b, "   %s total %.3f ms, max %.3f ms, mean %.3f ms; slept in the kernel %.0f%% of the probed time\n",
                lw_kinds[r->kind].end == LW_END_SIGNAL ? "wait for the signal" : "wait", lw_ms(wns),
                lw_ms(LD(r->max_wait_ns)), lw_ms(waits ? wns / waits : 0),
                100.0 * share(LD(r->sleep_wait_ns), LD(r->probed_wait_ns)));
        if (LD(r->idle_waits))
            bprintf(b, "   contention: %.3f ms in %llu waits; the other %llu waits, %.3f ms, were waiting for work or "
                       "results (listed apart below)\n",
                    lw_ms(lw_contention_ns(r)), (ull)(waits - LD(r->idle_waits)), (ull)LD(r->idle_waits),
                    lw_ms(LD(r->idle_wait_ns)));
        lw_text_blocking_holds(b, r);
        if (LD(r->holds_timed))
            bprintf(b, "   all holds, sampled (the first, then 1 in %d per thread): %.3f ms over %llu timed "
                       "holds of %llu, max %.3f ms\n", LW_HOLD_SAMPLE, lw_ms(LD(r->hold_ns)),
                    (ull)LD(r->holds_timed), (ull)acq, lw_ms(LD(r->max_hold_ns)));
        if (LD(r->held_at_exit))
            bprintf(b, "   HELD WHEN ITS THREAD EXITED: %u times\n", LD(r->held_at_exit));
        if (d)
            text_lock_detail(b, r, d);
        lw_text_stacks(b, r);
    }
}

/* ", main thread" or ", started in fn by tid N" (the start routine) */
static void thread_origin(const struct lw_thread *t, char *out, size_t cap)
{
    char fn[256];
    if (t->is_main) {
        snprintf(out, cap, ", main thread");
    } else if (t->start_fn) {
        lw_name_fn(t->start_fn, fn, sizeof fn);
        snprintf(out, cap, ", started in %s by tid %u", fn, t->creator);
    } else {
        out[0] = 0;
    }
}

/* threads, most blocked first (top N); "holder 0" means not known */
static void text_threads(struct buf *b, const struct picked *pk)
{
    char name[32];
    bprintf(b, "\nthreads (top %ld by time blocked on locks):\n", pk->top);
    for (long k = 0; k < pk->ntt; k++) {
        struct lw_thread *t = pk->tt[k];
        lw_thread_name(t, name, sizeof name);
        char origin[320];
        thread_origin(t, origin, sizeof origin);
        bprintf(b, "   tid %u (%s%s): blocked %.3f ms in %llu waits, asleep in the kernel %.0f%% of the probed time",
                t->tid, name, origin, lw_ms(lock_blocked_ns(t)), (ull)LD(t->waits),
                100.0 * share(LD(t->sleep_ns), LD(t->probed_ns)));
        if (t->idle_ns)
            bprintf(b, "; waiting for work or results %.3f ms more", lw_ms(t->idle_ns));
        for (long j = 0; j < pk->nbest; j++) { /* which of the top locks */
            struct lw_detail *d = atomic_load_explicit(&pk->best[j]->detail, memory_order_acquire);
            uint64_t on = 0;
            for (int p = 0; d && p < LW_PAIRS; p++)
                if (LD(d->pair[p].key) && (uint32_t)(LD(d->pair[p].key) - 1) == t->tid)
                    on += LD(d->pair[p].ns);
            if (on && lw_kinds[pk->best[j]->kind].end != LW_END_SIGNAL)
                bprintf(b, "; #%ld %.3f ms", j + 1, lw_ms(on));
        }
        bprintf(b, "\n");
    }
}

/* a lock's RESULT line and its blocker lines */
static void result_lock(struct buf *b, const struct lw_lock *r)
{
    char site[256], first[256];
    struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
    uint64_t con = LD(r->contended), tmo = LD(r->timeouts), wns = LD(r->wait_ns);
    lw_site_name(r->first_pc, first, sizeof first);
    if (d && LD(d->site[0].key)) {
        int m = 0; /* the site with most wait */
        for (int s = 1; s < LW_SITES; s++)
            if (LD(d->site[s].ns) > LD(d->site[m].ns))
                m = s;
        lw_site_name((uintptr_t)LD(d->site[m].key), site, sizeof site);
    } else {
        snprintf(site, sizeof site, "%s", first);
    }
    bprintf(b,
            "RESULT exp=lockwait kind=lock pid=%u lock=%#lx type=%s acquisitions=%llu contended=%llu "
            "trylock_failed=%llu timeouts=%llu owner_changes=%llu wait_ns=%llu max_wait_ns=%llu "
            "mean_wait_ns=%llu hold_ns=%llu max_hold_ns=%llu sleep_share=%.3f site=%s "
            "holds_timed=%llu relocks=%llu held_at_exit=%u reacquire_ns=%llu first_site=%s probed_wait_ns=%llu "
            "blocking_hold_count=%llu blocking_hold_ns=%llu max_blocking_hold_ns=%llu contention_wait_ns=%llu "
            "idle_wait_ns=%llu idle_wait_count=%llu join_wait_ns=%llu join_wait_count=%llu",
            lw.pid, (unsigned long)r->addr, lw_kind_name(r->kind), (ull)LD(r->acquisitions), (ull)con,
            (ull)LD(r->trylock_failed), (ull)tmo, (ull)LD(r->owner_changes), (ull)wns, (ull)LD(r->max_wait_ns),
            (ull)(con + tmo ? wns / (con + tmo) : 0), (ull)LD(r->hold_ns), (ull)LD(r->max_hold_ns),
            share(LD(r->sleep_wait_ns), LD(r->probed_wait_ns)), site, (ull)LD(r->holds_timed), (ull)LD(r->relocks),
            LD(r->held_at_exit), (ull)(d ? LD(d->reacquire_ns) : 0), first, (ull)LD(r->probed_wait_ns),
            (ull)(d ? LD(d->bh.n) : 0), (ull)(d ? LD(d->bh.ns) : 0), (ull)(d ? LD(d->bh.max_ns) : 0),
            (ull)lw_contention_ns(r), (ull)LD(r->idle_wait_ns), (ull)LD(r->idle_waits), (ull)LD(r->join_wait_ns),
            (ull)LD(r->join_waits));
    char name[256], init[16], first_id[16];
    if (!lw_name_lock(r->addr, name, sizeof name))
        snprintf(name, sizeof name, "NA");
    lw_stack_ref(LD(r->init_stack), init, sizeof init);
    lw_stack_ref(LD(r->first_stack), first_id, sizeof first_id);
    bprintf(b, " lock_name=%s init_stack_id=%s first_stack_id=%s\n", name, init, first_id);
    lw_result_stacks(b, r);
    lw_result_blocking_holds(b, r);
    for (int p = 0; d && p < LW_PAIRS && LD(d->pair[p].key); p++) {
        uint64_t key = LD(d->pair[p].key) - 1;
        bprintf(b, "RESULT exp=lockwait kind=blocker pid=%u lock=%#lx holder=%u waiter=%u wait_ns=%llu waits=%llu "
                   "relation=%s\n",
                lw.pid, (unsigned long)r->addr, (unsigned)(key >> 32), (unsigned)key, (ull)LD(d->pair[p].ns),
                (ull)LD(d->pair[p].n), lw_kinds[r->kind].ender);
    }
}

/* the machine-readable lines */
static void results(struct buf *b, const struct picked *pk)
{
    char name[32];
    bprintf(b, "RESULT exp=lockwait kind=process pid=%u threads=%llu locks=%llu wall_ns=%llu dropped=%llu "
               "untracked=%llu bypassed=%llu top=%ld inline_mutex=%d inline_spin=%d counter=%d",
            lw.pid, (ull)pk->nthreads, (ull)pk->nactive, (ull)pk->wall, (ull)LD(lw.dropped), (ull)LD(lw.untracked),
            (ull)LD(lw.bypassed), pk->top, LD(lw_inline_mutex), LD(lw_inline_spin.on), ticks_counter);
    bprintf(b, " wait_stacks_reused_count=%llu", (ull)lw_wait_stacks_reused());
    lw_result_probe_cost(b, &pk->probes); /* the line's last keys, and its end */
    for (long k = 0; k < pk->nbest; k++)
        result_lock(b, pk->best[k]);
    for (long k = 0; k < pk->idle.n; k++) /* the idle locks the ranking did not show */
        if (!lw_lock_in(pk->idle.best[k], pk->best, pk->nbest))
            result_lock(b, pk->idle.best[k]);
    for (long k = 0; k < pk->ntt; k++) {
        struct lw_thread *t = pk->tt[k];
        lw_thread_name(t, name, sizeof name);
        /* sleep_ns: the blocked time times the sleep share of the probed waits */
        uint64_t blocked = LD(t->blocked_ns);
        char fn[256] = "NA", cs[16];
        if (t->start_fn)
            lw_name_fn(t->start_fn, fn, sizeof fn);
        lw_stack_ref(t->create_stack, cs, sizeof cs);
        uint64_t est = (uint64_t)((double)blocked * share(LD(t->sleep_ns), LD(t->probed_ns)) + 0.5);
        bprintf(b, "RESULT exp=lockwait kind=thread pid=%u tid=%u name=%s blocked_ns=%llu sleep_ns=%llu waits=%llu "
                   "creator=%u probed_ns=%llu sleep_probed_ns=%llu main=%d start_routine=%s create_stack_id=%s "
                   "idle_wait_ns=%llu\n",
                lw.pid, t->tid, name, (ull)blocked, (ull)est, (ull)LD(t->waits), t->creator, (ull)LD(t->probed_ns),
                (ull)LD(t->sleep_ns), t->is_main, fn, cs, (ull)t->idle_ns);
    }
}

/* the report's text and lines for the moment `why` (LW_AT_EXIT, a signal
 * number, or LW_AT_INTERVAL), into b */
static void report_text(struct buf *b, struct picked *pk, int why, uint64_t t_start)
{
    settle_for_report();
    lw_interval_before(why);
    if (why <= 0) /* not from a signal handler (its report reads what an earlier one collected) */
        lw_names_refresh();
    pick_top(pk);
    pk->wall = t_start - lw.start_ns;
    pk->nthreads = LD(lw.nthreads);
    lw_probe_cost(&pk->probes);
    for (long k = 0; k < pk->nbest; k++)
        lw_names_want(pk->best[k]);
    /* file:line for the shown frames at once (addr2line, a child process):
     * not from a signal handler */
    if (lw_stack_count() && why <= 0)
        lw_lines_prepare();
    lw_report_occasion(b, why);
    text_header(b, pk);
    text_locks(b, pk);
    lw_text_idle(b, &pk->idle, pk->best, pk->nbest);
    text_threads(b, pk);
    lw_text_thread_starts(b);
    results(b, pk);
    lw_result_stack_defs(b);
    lw_report_occasion_result(b, why);
    bprintf(b, "lockwait: report took %.3f ms\n", (double)(now_ns() - t_start) / 1e6);
}

void lw_report(int why)
{
    if (why == LW_AT_EXIT && lw_report_brief())
        return;
    uint64_t t_start = now_ns();
    struct picked pk = {.top = lw.cfg.top};
    struct buf b = {0};
    size_t arrays = 2 * (size_t)pk.top * sizeof(void *); /* best, then tt */
    void *top = lw_map_zeroed(arrays);
    pk.best = top;
    pk.tt = top ? (struct lw_thread **)(pk.best + pk.top) : NULL;
    if (top)
        report_text(&b, &pk, why, t_start);
    if (why >= 0 && b.p) /* the last report: for the launcher's summary of a process tree (lw_tree.c) */
        lw_tree_report(b.p, b.len);
    /* a process of the tree below the top one: its report is in the run's
     * directory, which the summary names, unless -o asked for it; the end
     * record after it says where it went (-o's file may refuse it) */
    int wrote = LW_WROTE_ASKED;
    if (b.p && (lw.cfg.out || lw_tree_top() || why < 0))
        wrote = lw_report_write(b.p, b.len);
    if (why >= 0)
        lw_tree_end(why, wrote);
    if (b.p)
        munmap(b.p, b.cap);
    if (top)
        munmap(top, arrays);
    lw_interval_after(why);
}

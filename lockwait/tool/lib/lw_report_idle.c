/* lw_report_idle.c - waits apart from contention in the library's report:
 * idle waits (for work or results) and joins (for a thread to end), by the
 * rules of ../lw_rules.h, which lockwait_report applies to a trace too.
 * They are kept off the contention ranking and off each thread's blocked
 * time, and listed on their own. */
#define _GNU_SOURCE
#include <stdlib.h>

#include "lw_report_idle.h"
#include "../lw_array.h"
#include "../lw_kinds.h"
#include "../lw_rules.h"
#include "clock.h"
#include "lw_core.h"
#include "lw_names.h"
#include "lw_output.h"
#include "lw_record.h"

static int one_shot(const struct lw_lock *r)
{
    struct lw_wait_facts f = {.kind = r->kind, .lock_waits = LD(r->contended) + LD(r->timeouts),
                              .lock_takes = LD(r->acquisitions)}; /* merged by now (lw_report.c) */
    return lw_rule_one_shot(&f);
}

uint64_t lw_contention_ns(const struct lw_lock *r)
{
    uint64_t w = LD(r->wait_ns), idle = LD(r->idle_wait_ns);
    return idle < w ? w - idle : 0;
}

/* the exited threads by tid, for the join rule */
struct exited { uint64_t tid; struct lw_thread *t; };

static int by_tid(const void *a, const void *b)
{
    const struct exited *x = a, *y = b;
    return (x->tid > y->tid) - (x->tid < y->tid);
}

static struct exited *exited_threads(size_t *n)
{
    size_t cap = 0, k = 0;
    for (struct lw_thread *t = lw_threads(); t; t = t->next)
        cap++;
    static struct exited *x; /* kept for the next report (periodic ones): the arena is never freed */
    static size_t room;
    if (cap > room || !x) {
        x = lw_alloc((cap ? 2 * cap : 1) * sizeof *x);
        room = x ? 2 * cap : 0;
    }
    for (struct lw_thread *t = lw_threads(); x && t && k < cap; t = t->next)
        if (atomic_load_explicit(&t->exited, memory_order_acquire))
            x[k++] = (struct exited){t->tid, t};
    if (x)
        lw_sort(x, k, sizeof *x, by_tid); /* not qsort, which may malloc: this runs in signal handlers */
    *n = x ? k : 0;
    return x;
}

/* thread t's waits that were joins (lw_rule_join), into their records;
 * returns the part that counted as its blocked time */
static uint64_t classify_joins(struct lw_thread *t, const struct exited *x, size_t nx)
{
    uint64_t blocked = 0;
    for (uint32_t k = 0; k < t->njoinc; k++) {
        const struct lw_joinc *c = &t->joinc[k];
        struct exited key = {c->ender, NULL};
        const struct exited *ender = nx ? bsearch(&key, x, nx, sizeof *x, by_tid) : NULL;
        struct lw_tstat *took = ender ? lw_tstat_find(ender->t, c->e->lock) : NULL;
        /* its one hold: the first is always timed, and it made this wait (lw_account.c) */
        struct lw_bhold *bh = took ? atomic_load_explicit(&took->bh, memory_order_acquire) : NULL;
        struct lw_wait_facts f = {.kind = c->e->kind, .got = 1, .ender_known = 1, .ender_exited = ender != NULL,
                                  .ender_once = took && LD(took->acquisitions) == 1,
                                  .end_ns = ticks_mono(c->end),
                                  .ender_exit_ns = ender ? ticks_mono(ender->t->exit_ticks) : 0,
                                  .ender_start_ns = ender && ender->t->start_ticks ?
                                                        ticks_mono(ender->t->start_ticks) : 0,
                                  .ender_hold_ns = bh && LD(bh->n) == 1 ? ticks_ns(LD(bh->top[0].ticks)) : 0};
        if (!lw_rule_join(&f))
            continue;
        ADD(c->e->lock->join_wait_ns, c->ns);
        ADD(c->e->lock->join_waits, 1);
        ADD(c->e->lock->idle_wait_ns, c->ns);
        ADD(c->e->lock->idle_waits, 1);
        blocked += c->lock_wait ? c->ns : 0;
    }
    return blocked;
}

/* After the merge: joins; a one-shot lock's only wait, unless a join or
 * idle already (lw_rules.h: the first rule that matches wins); each
 * thread's waits apart from contention that counted as blocked time (since
 * the last periodic report). */
void lw_classify(void)
{
    size_t nx;
    struct exited *x = exited_threads(&nx);
    for (struct lw_thread *t = lw_threads(); t; t = t->next)
        t->idle_ns = classify_joins(t, x, nx); /* this thread's part, completed below */
    for (struct lw_lock *r = lw_records(); r; r = r->next) {
        if (one_shot(r) && !LD(r->idle_waits)) {
            ST(r->idle_wait_ns, LD(r->wait_ns));
            ST(r->idle_waits, LD(r->contended) + LD(r->timeouts));
        }
    }
    for (struct lw_thread *t = lw_threads(); t; t = t->next) {
        struct lw_ttab *tab = atomic_load_explicit(&t->tab, memory_order_acquire);
        uint64_t idle = t->idle_ns;
        for (uint32_t i = 0; tab && i < tab->cap; i++) {
            struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
            struct lw_twait *w = e ? atomic_load_explicit(&e->w, memory_order_acquire) : NULL;
            if (!w || lw_kinds[e->kind].end == LW_END_SIGNAL) /* condvar waits are not blocked time */
                continue;
            if (one_shot(e->lock) && LD(e->lock->idle_waits) == LD(e->lock->contended) + LD(e->lock->timeouts) &&
                !LD(e->lock->join_waits))
                idle += LD(w->wait_ns);
            else
                idle += LD(w->idle_wait_ns);
        }
        t->idle_ns = idle > t->idle_base ? idle - t->idle_base : 0;
    }
}

int lw_lock_in(const struct lw_lock *r, struct lw_lock *const *list, long n)
{
    for (long k = 0; k < n; k++)
        if (list[k] == r)
            return 1;
    return 0;
}

static const char *idle_why(const struct lw_lock *r)
{
    struct lw_wait_facts f = {.kind = r->kind};
    int cls = lw_rule_barrier(&f) ? LW_WAIT_BARRIER : LD(r->join_waits) ? LW_WAIT_JOIN : LW_WAIT_IDLE;
    return lw_idle_why(r->kind, cls, cls == LW_WAIT_IDLE && one_shot(r));
}

void lw_text_idle(struct buf *b, const struct lw_idle_pick *ip, struct lw_lock *const *shown, long nshown)
{
    long n = ip->n;
    if (!n)
        return;
    char site[256];
    bprintf(b, "\nwaiting for work or results, not contention (top %ld by time; off the ranking above):\n", n);
    for (long k = 0; k < n; k++) {
        const struct lw_lock *r = ip->best[k];
        lw_site_name(r->first_pc, site, sizeof site);
        bprintf(b, "   %s %#lx, first used at %s: %llu waits, %.3f ms%s: %s\n", lw_kind_name(r->kind),
                   (unsigned long)r->addr, site, (ull)LD(r->idle_waits),
                   lw_ms(LD(r->idle_wait_ns)), lw_lock_in(r, shown, nshown) ? " (also above)" : "",
                   idle_why(r));
        struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
        /* the pairs with a holder; a condvar's signalled waits are not idle */
        for (int p = 0; d && lw_kinds[r->kind].end != LW_END_SIGNAL && p < LW_PAIRS && LD(d->pair[p].key); p++)
            if ((LD(d->pair[p].key) - 1) >> 32)
                lw_text_pair(b, "      ", r, d, p);
    }
}

void lw_text_pair(struct buf *b, const char *indent, const struct lw_lock *r, const struct lw_detail *d, int p)
{
    uint64_t key = LD(d->pair[p].key) - 1;
    bprintf(b, "%s%s %u -> waiter %u: %llu waits, %.3f ms\n", indent, lw_kinds[r->kind].ended_by,
            (unsigned)(key >> 32), (unsigned)key, (ull)LD(d->pair[p].n), lw_ms(LD(d->pair[p].ns)));
}

/* lw_report_idle.c - waits for work or results, told apart from lock
 * contention in the report. Idle waits are: condition variable waits that
 * no signal ended (they timed out, or woke without one), semaphore waits
 * that timed out, and every wait on a one-shot semaphore (taken at most
 * twice in the whole run: by its owner and by the one thread that waits for
 * it, as thread-join implementations do). They are kept off the contention
 * ranking and off each thread's blocked time, and listed on their own. */
#define _GNU_SOURCE
#include <stdio.h>

#include "lw_internal.h"

int lw_one_shot(const struct lw_lock *r)
{
    return r->kind == K_SEM && LD(r->acquisitions) <= 2 && LD(r->contended) + LD(r->timeouts) > 0;
}

uint64_t lw_contention_ns(const struct lw_lock *r)
{
    uint64_t w = LD(r->wait_ns), idle = LD(r->idle_wait_ns);
    return idle < w ? w - idle : 0;
}

/* After the merge: a one-shot semaphore's waits are all idle; each thread's
 * idle lock waits (semaphores: condvar waits are not counted as blocked
 * time at all), since the last periodic report. */
void lw_classify(void)
{
    for (uint32_t i = 0; lw.table && i < LW_TABLE_SLOTS; i++) {
        struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_acquire);
        if (r && lw_one_shot(r)) {
            ST(r->idle_wait_ns, LD(r->wait_ns));
            ST(r->idle_waits, LD(r->contended) + LD(r->timeouts));
        }
    }
    for (struct lw_thread *t = atomic_load_explicit(&lw.threads, memory_order_acquire); t; t = t->next) {
        struct lw_ttab *tab = atomic_load_explicit(&t->tab, memory_order_acquire);
        uint64_t idle = 0;
        for (uint32_t i = 0; tab && i < tab->cap; i++) {
            struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
            struct lw_twait *x = e ? atomic_load_explicit(&e->w, memory_order_acquire) : NULL;
            if (x && e->kind == K_SEM)
                idle += lw_one_shot(e->lock) ? LD(x->wait_ns) : LD(x->idle_wait_ns);
        }
        t->idle_ns = idle > t->idle_base ? idle - t->idle_base : 0;
    }
}

static int shown_in(const struct lw_lock *r, struct lw_lock **shown, long nshown)
{
    for (long k = 0; k < nshown; k++)
        if (shown[k] == r)
            return 1;
    return 0;
}

/* the top locks by idle wait, into best[0..top); returns how many */
static long pick_idle(struct lw_lock **best, long top)
{
    long n = 0;
    for (uint32_t i = 0; lw.table && i < LW_TABLE_SLOTS; i++) {
        struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_acquire);
        uint64_t v = r ? LD(r->idle_wait_ns) : 0;
        if (!v && !(r && LD(r->idle_waits)))
            continue;
        if (n == top && v <= LD(best[top - 1]->idle_wait_ns))
            continue;
        long j = n < top ? n++ : top - 1;
        while (j > 0 && v > LD(best[j - 1]->idle_wait_ns)) {
            best[j] = best[j - 1];
            j--;
        }
        best[j] = r;
    }
    return n;
}

static const char *idle_why(const struct lw_lock *r)
{
    if (lw_one_shot(r))
        return "a one-shot semaphore (taken at most twice: a thread join, a result handed over once)";
    if (r->kind == K_COND)
        return "condvar waits that timed out or woke without a signal";
    return "semaphore waits that timed out";
}

#define IDLE_MAX 16 /* locks listed in the idle section at most (of the top N) */

void lw_text_idle(struct buf *b, long top, struct lw_lock **shown, long nshown)
{
    struct lw_lock *best[IDLE_MAX];
    long n = pick_idle(best, top < IDLE_MAX ? top : IDLE_MAX);
    if (!n)
        return;
    char site[256];
    bprintf(b, "\nwaiting for work or results, not contention (top %ld by time; off the ranking above):\n", n);
    for (long k = 0; k < n; k++) {
        const struct lw_lock *r = best[k];
        lw_site_name(r->first_pc, site, sizeof site);
        bprintf(b, "   %s %#lx, first used at %s: %llu waits, %.3f ms%s: %s\n", lw_kind_name(r->kind),
                   (unsigned long)r->addr, site, (unsigned long long)LD(r->idle_waits),
                   (double)LD(r->idle_wait_ns) / 1e6, shown_in(r, shown, nshown) ? " (also above)" : "",
                   idle_why(r));
        struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
        for (int p = 0; d && r->kind == K_SEM && p < LW_PAIRS && LD(d->pair[p].key); p++) {
            uint64_t key = LD(d->pair[p].key) - 1; /* a condvar's signalled waits are not idle */
            if (key >> 32)
                bprintf(b, "      %s by %u -> waiter %u: %llu waits, %.3f ms\n",
                           r->kind == K_SEM ? "posted" : "signalled", (unsigned)(key >> 32), (unsigned)key,
                           (unsigned long long)LD(d->pair[p].n), (double)LD(d->pair[p].wait_ns) / 1e6);
        }
    }
}

/* the RESULT lines of idle locks the contention ranking did not show */
void lw_result_idle(struct buf *b, long top, struct lw_lock **shown, long nshown,
                    void (*line)(struct buf *, const struct lw_lock *))
{
    struct lw_lock *best[IDLE_MAX];
    long n = pick_idle(best, top < IDLE_MAX ? top : IDLE_MAX);
    for (long k = 0; k < n; k++)
        if (!shown_in(best[k], shown, nshown))
            line(b, best[k]);
}

/* lw_report_holds.c - the holder's side of the report: the holds that made
 * another thread wait, timed from their acquisition to their release
 * (lw_account.c), merged per lock with the longest ones and their acquire
 * sites (which holds are timed: lw_account.h, LW_HOLD_LONG_NS). The
 * sampled totals of all holds stay in lw_report.c. */
#define _GNU_SOURCE
#include <string.h>

#include "lw_report_holds.h"
#include "clock.h"
#include "lw_config.h"
#include "lw_core.h"
#include "lw_names.h"
#include "lw_output.h"
#include "lw_record.h"

/* the record's detail, created on need (at the report: one thread) */
struct lw_detail *lw_detail_of(struct lw_lock *r)
{
    struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
    if (!d) {
        d = lw_alloc(sizeof *d);
        if (d)
            atomic_store_explicit(&r->detail, d, memory_order_release);
    }
    return d;
}

/* n, ns and max_ns into the slot of key among slots[0..cap) (taken when
 * free); into *other_n (unless NULL) and *other_ns when all hold other keys */
void lw_merge_keyed(struct lw_keyed *slots, int cap, au64 *other_n, au64 *other_ns, uint64_t key, uint64_t n,
                    uint64_t ns, uint64_t max_ns)
{
    int q = 0;
    while (q < cap && LD(slots[q].key) && LD(slots[q].key) != key)
        q++;
    if (q == cap) {
        if (other_n)
            BUMP1(*other_n, n);
        BUMP1(*other_ns, ns);
        return;
    }
    ST(slots[q].key, key);
    BUMP1(slots[q].n, n);
    BUMP1(slots[q].ns, ns);
    MAX1(slots[q].max_ns, max_ns);
}

static void merge_top(struct lw_bmerge *m, uint64_t ns, uint64_t pc, uint32_t tid, uint64_t stack)
{
    int j = LW_BTOP;
    while (j > 0 && ns > LD(m->top[j - 1].ns))
        j--;
    if (j == LW_BTOP)
        return;
    memmove(&m->top[j + 1], &m->top[j], (size_t)(7 - j) * sizeof m->top[0]); /* the reporting thread's alone */
    ST(m->top[j].ns, ns);
    ST(m->top[j].pc, pc);
    ST(m->top[j].tid, tid);
    ST(m->top[j].stack, stack);
}

/* thread tid's blocking holds of r (its statistics e) into r's detail */
void lw_merge_blocking_holds(struct lw_lock *r, struct lw_tstat *e, uint32_t tid)
{
    struct lw_bhold *b = atomic_load_explicit(&e->bh, memory_order_acquire);
    if (!b || !LD(b->n))
        return;
    struct lw_detail *d = lw_detail_of(r);
    if (!d)
        return;
    struct lw_bmerge *m = &d->bh;
    ADD(m->n, LD(b->n));
    ADD(m->ns, ticks_ns(LD(b->ticks)));
    MAXSET(m->max_ns, ticks_ns(LD(b->max_ticks)));
    for (int s = 0; s < LW_SITES && LD(b->site[s].pc); s++)
        lw_merge_keyed(m->site, LW_SITES, &m->other_sites_n, &m->other_sites_ns, LD(b->site[s].pc),
                       LD(b->site[s].n), ticks_ns(LD(b->site[s].ticks)), ticks_ns(LD(b->site[s].max_ticks)));
    ADD(m->other_sites_n, LD(b->other_sites_n));
    ADD(m->other_sites_ns, ticks_ns(LD(b->other_sites_ticks)));
    for (int k = 0; k < LW_BTOP && LD(b->top[k].ticks); k++)
        merge_top(m, ticks_ns(LD(b->top[k].ticks)), LD(b->top[k].pc), tid, LD(b->top[k].stack));
}

/* "holds that made others wait" under a lock's paragraph */
void lw_text_blocking_holds(struct buf *b, const struct lw_lock *r)
{
    struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
    if (!d || !LD(d->bh.n))
        return;
    const struct lw_bmerge *m = &d->bh;
    char site[256];
    bprintf(b, "   holds that made others wait: %llu timed whole (all from %d us, 1 in %d shorter): total %.3f ms, "
               "max %.3f ms\n",
            (ull)LD(m->n), LW_HOLD_LONG_NS / 1000, LW_HOLD_SAMPLE, lw_ms(LD(m->ns)), lw_ms(LD(m->max_ns)));
    for (int s = 0; s < LW_SITES && LD(m->site[s].key); s++) {
        lw_site_name((uintptr_t)LD(m->site[s].key), site, sizeof site);
        bprintf(b, "      acquired at %s: %llu holds, %.3f ms, max %.3f ms\n", site, (ull)LD(m->site[s].n),
                lw_ms(LD(m->site[s].ns)), lw_ms(LD(m->site[s].max_ns)));
    }
    if (LD(m->other_sites_n))
        bprintf(b, "      acquired at other sites: %llu holds, %.3f ms\n", (ull)LD(m->other_sites_n),
                lw_ms(LD(m->other_sites_ns)));
    bprintf(b, "      longest:");
    for (int k = 0; k < LW_BTOP && LD(m->top[k].ns); k++) {
        lw_site_name((uintptr_t)LD(m->top[k].pc), site, sizeof site);
        bprintf(b, "%s %.3f ms by tid %u at %s", k ? ";" : "", lw_ms(LD(m->top[k].ns)), (unsigned)LD(m->top[k].tid),
                site);
    }
    bprintf(b, "\n");
    uint32_t id = (uint32_t)LD(m->top[0].stack);
    if (id) { /* the longest one's acquire stack, innermost first */
        char frames[2048];
        lw_name_stack(id, " <- ", 0, frames, sizeof frames);
        bprintf(b, "      the longest acquired through: %s\n", frames);
    }
}

/* RESULT lines: one per acquire site of blocking holds, one per longest hold */
void lw_result_blocking_holds(struct buf *b, const struct lw_lock *r)
{
    struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
    if (!d || !LD(d->bh.n))
        return;
    const struct lw_bmerge *m = &d->bh;
    char site[256];
    for (int s = 0; s < LW_SITES && LD(m->site[s].key); s++) {
        lw_site_name((uintptr_t)LD(m->site[s].key), site, sizeof site);
        bprintf(b, "RESULT exp=lockwait kind=hold_site pid=%u lock=%#lx site=%s n=%llu hold_ns=%llu max_hold_ns=%llu\n",
                lw.pid, (unsigned long)r->addr, site, (ull)LD(m->site[s].n), (ull)LD(m->site[s].ns),
                (ull)LD(m->site[s].max_ns));
    }
    for (int k = 0; k < LW_BTOP && LD(m->top[k].ns); k++) {
        char sid[16];
        lw_site_name((uintptr_t)LD(m->top[k].pc), site, sizeof site);
        lw_stack_ref((uint32_t)LD(m->top[k].stack), sid, sizeof sid);
        bprintf(b, "RESULT exp=lockwait kind=hold pid=%u lock=%#lx rank=%d tid=%u hold_ns=%llu site=%s stack_id=%s\n",
                lw.pid, (unsigned long)r->addr, k + 1, (unsigned)LD(m->top[k].tid), (ull)LD(m->top[k].ns), site, sid);
    }
}

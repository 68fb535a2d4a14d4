/* report_blame.c - the holder's side of contention: each contended wait's
 * time charged to the holds that kept it waiting, summed per lock and the
 * holder's acquire site and stack (what Go's and Abseil's mutex profiles
 * call contention), so that the code to change is named from both sides:
 * the waiters' stacks (-f, -c) and the holders' sites (kind=blame). The
 * rules, moment by moment: the manual's "Who made them wait". */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_views.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* sites that are not a hold's */
#define SITE_HANDOFF UINT64_MAX
#define SITE_UNKNOWN (UINT64_MAX - 1)

struct charge { uint32_t lock, stack; uint64_t site, ns, holds; };

/* wait w, ended by the release of hold h (NOBODY: none): its time onto the
 * holds (hold_ns, by hold index) and its lock's handoff and unknown stretches */
static void charge_wait(const struct model *m, const struct wait *w, uint32_t h, uint64_t *hold_ns, uint64_t *handoff,
                        uint64_t *unknown)
{
    const struct hold *hs = m->holds + m->lk[w->lock].hold_off;
    size_t from, to;
    uint64_t covered = 0, len = w->e - w->s;
    overlapping(m, &m->lk[w->lock], w->s, w->e, &from, &to);
    for (size_t j = from; j < to && covered < len; j++) {
        uint64_t a = MAX(hs[j].s, w->s), b = MIN(hs[j].e, w->e);
        if (hs[j].who == w->thread || b <= a)
            continue;
        b = MIN(b, a + (len - covered)); /* overlapping holds (readers): no moment twice */
        hold_ns[m->lk[w->lock].hold_off + j] += b - a;
        covered += b - a;
    }
    uint64_t rest = len - covered;
    if (h == NOBODY) {
        *unknown += rest;
        return;
    }
    uint64_t hand = MIN(w->e - m->holds[h].e, rest);
    *handoff += hand;
    hold_ns[h] += rest - hand;
}

/* the wait of hold h's holder that began it, or NULL */
static const struct wait *wait_began(const struct model *m, const struct hold *h)
{
    const struct wait *w = wait_before(m, &m->th[h->who], h->s + 1, NULL); /* its last wait from before the hold */
    int began_it = w && w->lock == h->lock && !w->timed_out && w->e <= h->s + HOLD_START_SLACK_NS &&
                   w->e + HOLD_START_SLACK_NS >= h->s;
    return began_it ? w : NULL;
}

/* a hold's site and stack: from the HOLD_SITE after its release (a timed hold), else from the holder's
 * own wait that began it (its stack's innermost frame is the lock call), else none (site=unnamed) */
static struct charge hold_charge(const struct model *m, const struct hold *h, uint64_t ns)
{
    struct charge c = {h->lock, h->stack, h->site, ns, 1};
    const struct wait *w = c.stack ? NULL : wait_began(m, h);
    if (w)
        c.stack = w->stack;
    if (!c.site && c.stack)
        c.site = meta_stack_site(m, c.stack);
    return c;
}

/* order by lock and site, and (with_stack) stack */
static int compare(const struct charge *x, const struct charge *y, int with_stack)
{
    int c = x->lock != y->lock ? CMP(x->lock, y->lock) : CMP(x->site, y->site);
    return c || !with_stack ? c : CMP(x->stack, y->stack);
}

static int by_key(const void *a, const void *b)
{
    return compare(a, b, 1);
}

/* c[0..n) in key order, neighbours with the same lock, site and (with_stack)
 * stack summed; a site's stack: its most charged (a hold timed or not can
 * have a deep or a one-frame stack for the same site); returns the count */
static size_t merge(struct charge *c, size_t n, int with_stack)
{
    size_t k = 0;
    uint64_t most = 0; /* the ns of the kept stack */
    for (size_t i = 0; i < n; i++)
        if (k && !compare(&c[k - 1], &c[i], with_stack)) {
            if (c[i].ns > most) {
                c[k - 1].stack = c[i].stack;
                most = c[i].ns;
            }
            c[k - 1].ns += c[i].ns;
            c[k - 1].holds += c[i].holds;
        } else {
            c[k++] = c[i];
            most = c[i].ns;
        }
    return k;
}

static int by_ns(const void *a, const void *b)
{
    const struct charge *x = a, *y = b;
    return x->ns != y->ns ? CMP(y->ns, x->ns) : by_key(a, b);
}

/* every charge of the selected locks, summed per (lock, site, stack); count in *n */
static struct charge *gather(const struct model *m, const struct select *sel, size_t *n)
{
    uint64_t *hold_ns = zalloc(m->mstat.holds + 1, sizeof *hold_ns);
    uint32_t *enders = wait_enders(m);
    struct charge *c = xmalloc(sizeof *c * (m->mstat.holds + 2 * m->nlk + 1));
    size_t kept = 0;
    for (uint32_t l = 0; l < m->nlk; l++) {
        if (!lock_exclusive(&m->lk[l]) || !lock_selected(m, l, sel))
            continue;
        uint64_t handoff = 0, unknown = 0;
        for (size_t k = m->by_lock_off[l]; k < m->by_lock_off[l + 1]; k++) {
            const struct wait *w = &m->waits[m->by_lock[k].wait];
            if (w->cls == LW_WAIT_CONTENDED)
                charge_wait(m, w, enders[m->by_lock[k].wait], hold_ns, &handoff, &unknown);
        }
        for (size_t j = m->lk[l].hold_off; j < m->lk[l].hold_off + m->lk[l].nhold; j++)
            if (hold_ns[j])
                c[kept++] = hold_charge(m, &m->holds[j], hold_ns[j]);
        if (handoff)
            c[kept++] = (struct charge){l, 0, SITE_HANDOFF, handoff, 0};
        if (unknown)
            c[kept++] = (struct charge){l, 0, SITE_UNKNOWN, unknown, 0};
    }
    qsort(c, kept, sizeof *c, by_key);
    kept = merge(c, kept, 1);
    kept = merge(c, kept, 0);
    free(enders);
    free(hold_ns);
    *n = kept;
    return c;
}

static void site_name(const struct model *m, const struct charge *c, char *out, size_t cap)
{
    if (c->site == SITE_HANDOFF || c->site == SITE_UNKNOWN)
        snprintf(out, cap, "%s", c->site == SITE_HANDOFF ? "handoff" : "unknown");
    else if (!c->site)
        snprintf(out, cap, "unnamed");
    else
        meta_site_label(m, c->site, out, cap);
}

/* the kind=blame lines (report_views.h), and the five largest for people */
void blame(const struct model *m, long top, const struct select *sel)
{
    size_t n;
    struct charge *c = gather(m, sel, &n);
    qsort(c, n, sizeof *c, by_ns);
    char label[256], site[256], frames[4096];
    if (n)
        fprintf(stderr, "holders that kept others waiting (the waits charged to the holder's acquire site):\n");
    for (size_t i = 0; i < n && (top == 0 || i < (size_t)top); i++) {
        meta_lock_label(m, c[i].lock, label, sizeof label);
        site_name(m, &c[i], site, sizeof site);
        meta_stack_frames(m, c[i].stack, frames, sizeof frames);
        uint64_t lock_ns = m->lk[c[i].lock].contended_ns; /* the sum of its charges */
        double share = (double)c[i].ns / (double)(lock_ns ? lock_ns : 1);
        printf("RESULT exp=lockwait kind=blame pid=%" PRIu32 " lock=%s lock_addr=0x%" PRIx64 " type=%s site=%s "
               "stack=%s wait_ns=%" PRIu64 " share=%.4f hold_count=%" PRIu64 "\n", m->hdr.pid, label, m->lk[c[i].lock].addr,
               lw_type_name(m->lk[c[i].lock].type), site, frames[0] ? frames : "-", c[i].ns, share, c[i].holds);
        if (i < 5)
            fprintf(stderr, "  %.3f ms (%.0f%% of the waits on %s): %s%s\n", (double)c[i].ns / 1e6, 100 * share,
                    label, c[i].site == SITE_HANDOFF ? "the waiter waking after the release"
                           : c[i].site == SITE_UNKNOWN ? "no release ended the wait" : "held from ",
                    c[i].site >= SITE_UNKNOWN ? "" : site);
    }
    free(c);
}

/* report_whatif.c - lockwait_report --what-if FACTOR: which locks to
 * replay (a lock named by --lock, else the most waited-for), the replay of
 * each at every factor asked (report_replay.c) under the learned hand-offs
 * and, for the range, with every waiter spinning and sleeping
 * (whatif_predict in report_handoff.c), and the lines that say it.
 * Model: docs/lockwait-manual.md, "What if a lock's holds were shorter". */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_views.h"
#include "report_replay.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- which locks, and the lines ---- */

/* a lock the replay can scale: one holder at a time, holds that do not overlap */
static int replayable(const struct model *m, uint32_t l)
{
    return lw_kinds[lw_kind_of_type(m->lk[l].type)].exclusive && !m->lk[l].holds_overlap;
}

static uint64_t contended_wait_ns(const struct model *m, uint32_t l)
{
    uint64_t ns = 0;
    for (size_t k = m->by_lock_off[l]; k < m->by_lock_off[l + 1]; k++) {
        const struct wait *w = &m->waits[m->by_lock[k].wait];
        if (w->cls == LW_WAIT_CONTENDED)
            ns += w->e - w->s;
    }
    return ns;
}

/* the lock named label (its label or 0xADDR); exit 2 if none, or if the
 * label names more than one (the candidates said, by address) */
static uint32_t lock_named(const struct model *m, const char *label)
{
    char buf[256], addr[32], cands[1024] = "";
    uint32_t found = UINT32_MAX, count = 0;
    for (uint32_t l = 0; l < m->nlk; l++) {
        meta_lock_label(m, l, buf, sizeof buf);
        snprintf(addr, sizeof addr, "0x%" PRIx64, m->lk[l].addr);
        if (!strcmp(addr, label)) {
            found = l;
            count = 1;
            break;
        }
        if (strcmp(buf, label))
            continue;
        size_t n = strlen(cands);
        snprintf(cands + n, sizeof cands - n, "%s%s (%s)", count ? ", " : "", addr, lw_type_name(m->lk[l].type));
        if (!count++)
            found = l;
    }
    if (!count)
        die_usage("--lock %s: no such lock in %s (give its label or address as the report prints them)", label,
                  m->path);
    if (count > 1)
        die_usage("--lock %s: %u locks in %s have that label: %s; name one by its address", label, count, m->path,
                  cands);
    if (!replayable(m, found))
        die_usage("--lock %s: a %s whose holds overlap or that has no single holder: "
                  "the replay scales only exclusive holds", label, lw_type_name(m->lk[found].type));
    return found;
}

struct ranked { uint64_t neg_ns; uint32_t lock; }; /* leading key: largest wait first */

/* the replayable locks with contended waits, most waited for first; count in *n */
static struct ranked *top_locks(const struct model *m, size_t *n)
{
    struct ranked *r = xmalloc(sizeof *r * (m->nlk ? m->nlk : 1));
    *n = 0;
    for (uint32_t l = 0; l < m->nlk; l++) {
        uint64_t ns = contended_wait_ns(m, l);
        if (ns && replayable(m, l))
            r[(*n)++] = (struct ranked){UINT64_MAX - ns, l};
    }
    sort_by_key(r, *n, sizeof *r);
    return r;
}

/* the replay at factor f under hand-off assumption mode (whatif_predict's callback) */
static uint64_t replay_at(void *ctx, double f, enum handoff_mode mode, size_t *forced)
{
    struct replay *r = ctx;
    const struct model *m = r->m;
    r->factor = f;
    r->mode = mode;
    uint64_t ns = replay(m, r);
    *forced = r->forced;
    return ns;
}

/* the replays of lock l at each factor, calibrated by the replay at 1 */
static void what_if_lock(const struct model *m, uint32_t l, const double *factors, size_t nf, const uint32_t *enders)
{
    struct replay r;
    char label[256], said[300]; /* said: for people, told apart from a namesake */
    replay_init(m, &r, l, enders);
    meta_lock_label(m, l, label, sizeof label);
    meta_lock_label_unique(m, l, said, sizeof said);
    uint64_t wall = m->nth ? m->th[m->last_thread].end - m->t_first : 0;
    r.factor = 1;
    uint64_t base = replay(m, &r);
    untraced_shares(m, &r);
    char untraced[32] = "NA", window[32] = "NA";
    if (r.untraced_known)
        snprintf(untraced, sizeof untraced, "%" PRIu64, r.untraced_ns);
    if (r.hm.two_kinds && r.hm.window_fits)
        snprintf(window, sizeof window, "%" PRIu64, r.hm.window);
    struct whatif_pred *p = xmalloc(sizeof *p * (nf ? nf : 1));
    whatif_predict(replay_at, &r, r.hm.two_kinds ? HM_NMODES : 1, factors, nf, wall, p);
    for (size_t i = 0; i < nf; i++) {
        double pct = 100 * (1 - (base ? (double)p[i].replay_ns / (double)base : 1));
        uint64_t saved = (uint64_t)llround((double)m->lk[l].cs_ns * (1 - factors[i]));
        uint64_t naive = wall > saved ? wall - saved : 0;
        printf("RESULT exp=lockwait kind=whatif pid=%" PRIu32 " lock=%s lock_addr=0x%" PRIx64 " type=%s "
               "hold_factor=%g wall_ns=%" PRIu64 " predicted_wall_ns=%" PRIu64 " predicted_saving_pct=%.2f "
               "replay_base_ns=%" PRIu64 " replay_ns=%" PRIu64 " critpath_predicted_wall_ns=%" PRIu64
               " acquisitions=%zu forced_count=%zu untraced_hold_ns=%s predicted_wall_lo_ns=%" PRIu64
               " predicted_wall_hi_ns=%" PRIu64 " spin_window_ns=%s\n", m->hdr.pid, label, m->lk[l].addr,
               lw_type_name(m->lk[l].type), factors[i], wall, p[i].wall_ns, pct, base, p[i].replay_ns, naive, r.nacq,
               p[i].forced, untraced, p[i].lo_ns, p[i].hi_ns, window);
        whatif_say(factors[i], pct, said, i == 0);
    }
    fputc('\n', stderr);
    whatif_findings(&r.hm, factors, nf, p, wall, r.nacq, said);
    if (!r.untraced_known)
        fprintf(stderr, "  (the trace has no hold sums (HOLD_SUM, a writer before them): the hold time of %s's "
                        "holds nobody waited for is unknown and kept unscaled)\n", said);
    if (r.untraced_over) /* said, as it moves the prediction as far as it can go */
        fprintf(stderr, "  (the hold sums (HOLD_SUM) of %zu thread%s say %s held %s longer than the whole trace "
                        "(%.3f ms): a few sampled holds, or a corrupt trace; the replay counts all %s work as hold)\n",
                r.untraced_over, r.untraced_over == 1 ? "" : "s", r.untraced_over == 1 ? "it" : "they", said,
                (double)(m->t_last - m->t_first) / 1e6, r.untraced_over == 1 ? "its" : "their");
    if (nf && p[nf - 1].forced)
        fprintf(stderr, "  (the replay of %s let %zu steps through out of the observed order)\n", said,
                p[nf - 1].forced);
    free(p);
    replay_free(&r);
}

void what_if_check(const struct model *m, const char *lock)
{
    (void)lock_named(m, lock);
}

void what_if(const struct model *m, const double *factors, size_t nf, const char *lock, long top)
{
    uint32_t *enders = wait_enders(m);
    if (lock) {
        what_if_lock(m, lock_named(m, lock), factors, nf, enders);
        free(enders);
        return;
    }
    size_t n;
    struct ranked *r = top_locks(m, &n);
    if (!n)
        fprintf(stderr, "lockwait_report: --what-if: no lock with contended waits to replay\n");
    else
        fprintf(stderr, "what if the holds were shorter (a replay of the trace; docs/lockwait-manual.md):\n");
    for (size_t i = 0; i < n && (top == 0 || i < (size_t)top); i++)
        what_if_lock(m, r[i].lock, factors, nf, enders);
    free(r);
    free(enders);
}

/* report_whatif.c - lockwait_report --what-if FACTOR: which locks to
 * replay (a lock named by --lock, else the most waited-for), the replay of
 * each at every factor asked (report_replay.c) under the learned hand-offs
 * and, for the range, with every waiter spinning and sleeping, and the
 * lines that say it.
 * Model: docs/lockwait-manual.md, "What if a lock's holds were shorter". */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_views.h"
#include "report_replay.h"
#include "../lw_search.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- which locks, and the lines ---- */

/* a lock the replay can scale: one holder at a time, holds that do not overlap */
static int replayable(const struct model *m, uint32_t l)
{
    return lock_exclusive(&m->lk[l]) && !m->lk[l].holds_overlap;
}

uint32_t what_if_lock_named(const struct model *m, const char *label)
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
    for (uint32_t l = 0; l < m->nlk; l++)
        if (m->lk[l].contended_ns && replayable(m, l))
            r[(*n)++] = (struct ranked){UINT64_MAX - m->lk[l].contended_ns, l};
    sort_by_key(r, *n, sizeof *r);
    return r;
}

/* ---- the predictions of one lock, with their range ---- */

/* factors replayed besides the asked ones, so that a smaller factor never
 * predicts a longer run than a larger one, asked in this run or not: 0
 * never saves less than 0.5 */
static const double clamp_grid[] = {1, 0.75, 0.5, 0.25};
#define MAX_FACTORS 16 /* the report takes up to 8, plus the grid */

/* one factor's prediction: wall_ns, the barging one where the lock's kind
 * lets a newcomer in, else the ordered one; ordered_ns: under the learned
 * hand-offs in the observed order of grants (replay_ns its replay); lo_ns..
 * hi_ns the range over the hand-off assumptions replayed and the two
 * orders; forced: the steps its replay let through out of order;
 * steady_ns: the ordered one with its odd stretches at the typical one's
 * saving (below); lonefree_ns: with its lone stretches gone (below that);
 * barging_ns: with a thread that comes to the free lock first taking it
 * (report_replay.c), barged its grants out of turn */
struct whatif_pred {
    uint64_t wall_ns, ordered_ns, lo_ns, hi_ns, replay_ns, steady_ns, lonefree_ns, barging_ns;
    size_t forced, barged;
};

/* ---- lone stretches ----
 * One thread taking the lock back again and again while another's wait
 * spans its takes (a woken waiter queued for a busy CPU, or an unfair
 * lock): shorter holds may end them, which the replay, keeping the observed
 * order, cannot see. The lone-free prediction replays each stretch's takes
 * at the pace of the other grants, as if the waiter had got in. */
#define LONE_TAKES 4    /* takes in a row within one wait make a stretch */
#define LONE_SHARE 0.05 /* of the traced span: a finding */
#define LONE_PACE_MIN 8 /* grants outside the stretches to take their pace from */

/* n stretches and their time from first to last release (ns); each one's
 * acquisitions of the replay, [a[i], b[i]) */
struct lone { size_t n, *a, *b; uint64_t ns; };

/* the stretch of holds [i, j) of lock lk as acquisitions of replay r: from
 * the first take's to the first one after the last release */
static void lone_add(struct lone *z, const struct replay *r, const struct hold *h, size_t i, size_t j)
{
    size_t a = 0, hi = r->nacq;
    LOWER_BOUND(a, hi, r->obs_at[mid] < h[i].s);
    size_t b = a;
    hi = r->nacq;
    LOWER_BOUND(b, hi, r->obs_at[mid] < h[j - 1].e);
    z->a[z->n] = a;
    z->b[z->n] = b;
    z->n++;
    z->ns += h[j - 1].e - h[i].e;
}

static struct lone lone_stretches(const struct model *m, uint32_t l, const struct replay *r)
{
    const struct lock *lk = &m->lk[l];
    const struct hold *h = m->holds + lk->hold_off;
    uint8_t *in = zalloc(lk->nhold ? lk->nhold : 1, 1); /* holds found in a stretch */
    for (size_t k = m->by_lock_off[l]; k < m->by_lock_off[l + 1]; k++) {
        const struct wait *w = &m->waits[m->by_lock[k].wait];
        size_t from, to;
        overlapping(m, lk, w->s, w->e + 1, &from, &to);
        for (size_t i = from, j; i < to; i = j) { /* runs of one thread's releases inside the wait */
            for (j = i + 1; j < to && h[j].who == h[i].who; j++)
                ;
            size_t a = i, b = j;
            while (a < b && h[a].e <= w->s)
                a++;
            while (b > a && h[b - 1].e > w->e)
                b--;
            if (b - a >= LONE_TAKES && h[a].who != w->thread)
                memset(in + a, 1, b - a);
        }
    }
    struct lone z = {0, zalloc(lk->nhold, sizeof *z.a), zalloc(lk->nhold, sizeof *z.b), 0};
    for (size_t i = 0, j; i < lk->nhold; i = j) {
        for (j = i + 1; j < lk->nhold && in[i] && in[j] && h[j].who == h[i].who; j++)
            ;
        if (in[i])
            lone_add(&z, r, h, i, j);
    }
    free(in);
    return z;
}

/* the least end a replay at r->factor can have: each thread's start and
 * its own work and holds of the lock, scaled (the waits left out; a thread
 * with no start in the trace replays from 0, its work counted from there) */
static uint64_t own_floor(const struct model *m, const struct replay *r)
{
    uint64_t floor = 0;
    for (uint32_t t = 0; t < m->nth; t++) {
        const struct thread_work *w = &r->work[t];
        double f = r->factor, own = (double)w->own_ns * (1 - (1 - f) * w->untraced_share);
        uint64_t end = m->th[t].start + (uint64_t)llround(own + f * (double)w->held_ns);
        floor = MAX(floor, end > m->t_first ? end - m->t_first : 0);
    }
    return floor;
}

/* ns, the replay's end, with each lone stretch's takes at the median pace
 * of the grants outside the stretches: r->grant_at, the replay just run,
 * read in time order (a replay that lets a thread barge in grants out of
 * the observed order) but each stretch by its own takes, one thread's and
 * so in order; ns itself when too few grants lie outside them; no less
 * than own_floor (a stretch's thread works between its takes too) */
static uint64_t lone_free(const struct model *m, const struct replay *r, const struct lone *z, uint64_t ns)
{
    if (!z->n || r->nacq < 2)
        return ns;
    struct grant { uint64_t t; uint8_t in; } *g = zalloc(r->nacq, sizeof *g);
    for (size_t k = 0; k < r->nacq; k++)
        g[k].t = r->grant_at[k];
    for (size_t i = 0; i < z->n; i++)
        for (size_t k = z->a[i]; k < z->b[i]; k++)
            g[k].in = 1;
    sort_by_key(g, r->nacq, sizeof *g);
    double *pace = xmalloc(sizeof *pace * r->nacq), adjust = 0;
    size_t n = 0;
    for (size_t k = 0; k + 1 < r->nacq; k++)
        if (!g[k].in && g[k].t && g[k + 1].t > g[k].t)
            pace[n++] = (double)(g[k + 1].t - g[k].t);
    double med = n >= LONE_PACE_MIN ? stat_median(pace, n) : -1;
    for (size_t i = 0; med >= 0 && i < z->n; i++) {
        size_t a = z->a[i], last = z->b[i] - 1;
        if (z->b[i] <= a || r->grant_at[last] <= r->grant_at[a])
            continue;
        /* from its first take to the end of its last (one pace), and the
         * grants in that time: its own, and any that barged in */
        size_t lo = 0, hi = r->nacq, from, to;
        LOWER_BOUND(lo, hi, g[mid].t < r->grant_at[a]);
        from = lo, hi = r->nacq;
        LOWER_BOUND(lo, hi, g[mid].t <= r->grant_at[last]);
        to = lo;
        double now = (double)(r->grant_at[last] - r->grant_at[a]) + med, want = (double)(to - from) * med;
        adjust += now > want ? now - want : 0;
    }
    free(g);
    free(pace);
    double out = (double)ns - adjust;
    return MIN(ns, MAX(out > 0 ? (uint64_t)llround(out) : 0, own_floor(m, r)));
}

/* ---- the run in stretches ----
 * A stretch whose ratio of replayed to base time lies outside the others'
 * (Tukey's fences, and more than ODD_MARGIN from their median) is odd. The
 * trace cannot say why (threads off their CPUs, or a phase without the
 * lock: the manual's "Time off the CPU"), so the steady prediction, with
 * the odd stretches at the median ratio, is said beside the whole one. */
#define WINDOWS 20
#define WINDOW_GRANTS 20
#define WINDOWS_MIN 8 /* fewer stretches than this: no quartiles worth the name */
#define ODD_MARGIN 0.10

struct stretches { size_t n, odd, grants; uint64_t odd_at[3]; }; /* odd_at: the first odd ones' starts (base time) */

/* ns, the replay's end, with its odd stretches at the median ratio: its
 * grant times r->grant_at[] against base_at[], the replay's at factor 1 */
static uint64_t steadied(const struct replay *r, const uint64_t *base_at, uint64_t ns, struct stretches *st)
{
    size_t w = MAX((size_t)WINDOW_GRANTS, r->nacq / WINDOWS), n = r->nacq > w ? (r->nacq - 1) / w : 0;
    memset(st, 0, sizeof *st);
    st->grants = w;
    if (n < WINDOWS_MIN)
        return ns;
    double *ratio = xmalloc(sizeof *ratio * n), *dbase = xmalloc(sizeof *dbase * n);
    double *dnow = xmalloc(sizeof *dnow * n);
    for (size_t k = 0; k < n; k++) {
        size_t a = k * w, b = a + w;
        dbase[k] = base_at[b] > base_at[a] ? (double)(base_at[b] - base_at[a]) : 0;
        dnow[k] = r->grant_at[b] > r->grant_at[a] ? (double)(r->grant_at[b] - r->grant_at[a]) : 0;
        ratio[k] = dbase[k] > 0 ? dnow[k] / dbase[k] : 1;
    }
    double lo, hi, med = stat_median(ratio, n), adjust = 0;
    stat_fences(ratio, n, &lo, &hi);
    lo = MIN(lo, (1 - ODD_MARGIN) * med);
    hi = MAX(hi, (1 + ODD_MARGIN) * med);
    st->n = n;
    for (size_t k = 0; k < n; k++)
        if (ratio[k] < lo || ratio[k] > hi) {
            adjust += dnow[k] - med * dbase[k];
            if (st->odd < sizeof st->odd_at / sizeof *st->odd_at)
                st->odd_at[st->odd] = base_at[k * w];
            st->odd++;
        }
    free(ratio);
    free(dbase);
    free(dnow);
    double out = (double)ns - adjust;
    return out > 0 ? (uint64_t)llround(out) : 0;
}

/* the index of the least v[k] over the factors f[k] >= x, the first of
 * equals (f[0] is 1: never none) */
static size_t least_at(const double *f, const uint64_t *v, size_t n, double x)
{
    size_t best = 0;
    for (size_t k = 1; k < n; k++)
        if (f[k] >= x && v[k] < v[best])
            best = k;
    return best;
}

/* wall scaled by a replay's ratio to its base, the replay at factor 1 */
static uint64_t calibrated(uint64_t wall, uint64_t ns, uint64_t base)
{
    return base ? (uint64_t)llround((double)wall * ((double)ns / (double)base)) : wall;
}

/* out[i] for factors[i] under the first nmodes assumptions, each calibrated
 * by its own replay at 1 (wall: the traced span) and never longer than at a
 * larger factor, in the observed order; then, where the lock's kind lets a
 * newcomer in, the learned one with barging; st[i]: the stretches of the
 * learned replay at factors[i] */
static void predict(const struct model *m, struct replay *r, int nmodes, const double *factors, size_t nf,
                    uint64_t wall, const struct lone *z, struct whatif_pred *out, struct stretches *st)
{
    double f[MAX_FACTORS];
    size_t n = 0, ngrid = sizeof clamp_grid / sizeof *clamp_grid;
    for (size_t i = 0; i < ngrid + nf; i++) {
        double x = i < ngrid ? clamp_grid[i] : factors[i - ngrid];
        size_t k = 0;
        while (k < n && f[k] != x)
            k++;
        if (k == n && n < MAX_FACTORS)
            f[n++] = x;
    }
    uint64_t *base_at = zalloc(r->nacq, sizeof *base_at);
    /* the kind lets a newcomer in: the last passes, the prediction's and, with the machine's wake-ups,
     * one where every waiter wakes as it did in the trace (for the range) */
    int can_barge = r->barge, nbarge = can_barge ? 1 + (r->hm.ncurve >= 2) : 0;
    for (int pass = 0; pass < nmodes + nbarge; pass++) {
        int barging = pass >= nmodes;
        enum handoff_mode mode = !barging ? (enum handoff_mode)pass : pass == nmodes ? HM_LEARNED : HM_ALL_SLEEP;
        uint64_t ns[MAX_FACTORS], steady[MAX_FACTORS], lonefree[MAX_FACTORS];
        size_t forced[MAX_FACTORS], barged[MAX_FACTORS];
        struct stretches sk[MAX_FACTORS];
        r->barge = barging;
        for (size_t k = 0; k < n; k++) { /* f[0] is 1: the base, first */
            ns[k] = replay(m, r, f[k], mode);
            forced[k] = r->forced;
            barged[k] = r->barged_count;
            if (k == 0)
                memcpy(base_at, r->grant_at, sizeof *base_at * r->nacq);
            if (pass == 0) {
                steady[k] = steadied(r, base_at, ns[k], &sk[k]);
                lonefree[k] = lone_free(m, r, z, ns[k]);
            }
        }
        for (size_t i = 0; i < nf; i++) {
            size_t at = 0, best = least_at(f, ns, n, factors[i]); /* best: the replay the prediction comes from */
            while (f[at] != factors[i])
                at++;
            uint64_t pred = calibrated(wall, ns[best], ns[0]);
            if (pass == 0) {
                uint64_t sp = calibrated(wall, steady[least_at(f, steady, n, factors[i])], ns[0]);
                uint64_t lf = calibrated(wall, lonefree[least_at(f, lonefree, n, factors[i])], ns[0]);
                out[i] = (struct whatif_pred){pred, pred, pred, pred, ns[best], sp, MIN(lf, pred), pred, forced[at], 0};
                st[i] = sk[at];
            } else if (pass == nmodes) {
                out[i].barging_ns = pred;
                out[i].barged = barged[best];
            } else {
                out[i].lo_ns = MIN(out[i].lo_ns, pred);
                out[i].hi_ns = MAX(out[i].hi_ns, pred);
            }
        }
    }
    r->barge = can_barge;
    free(base_at);
}

/* "halving the holds of X" (the first factor) or "halving them" (the next) */
#define PHRASE_MAX 352 /* the phrase and a label of up to 300 */
static void phrase(double f, const char *label, int first, char *out, size_t cap)
{
    const char *what = first ? "the holds of " : "them", *name = first ? label : "";
    if (f == 0.5)
        snprintf(out, cap, "halving %s%s", what, name);
    else if (f == 0)
        snprintf(out, cap, "removing %s%s entirely", what, name);
    else if (f == 1) /* "scaling ... by 1 saves 7%": the lone stretches' end alone */
        snprintf(out, cap, "leaving %s%s as they are", what, name);
    else
        snprintf(out, cap, "scaling %s%s by %g", what, name, f);
}

/* the sentence for people: the first factor with the lock's name (said) */
static void say(double f, double pct, const char *said, int first)
{
    char p[PHRASE_MAX];
    phrase(f, said, first, p, sizeof p);
    const char *dir = pct >= 0 ? "sooner" : "later";
    if (first)
        fprintf(stderr, "  %s would finish the program about %.0f%% %s", p, fabs(pct), dir);
    else
        fprintf(stderr, "; %s, %.0f%%%s", p, fabs(pct), pct >= 0 ? "" : " later");
}

/* a range wider than this share of the traced span is a finding: the
 * targets the prediction is held to (issue 38) are 10% */
#define WIDE_SHARE 0.10
/* more grants let through than this share of the acquisitions: rough */
#define FORCED_SHARE 0.01

static double pct_of(uint64_t pred, uint64_t wall)
{
    return wall ? 100 * (1 - (double)pred / (double)wall) : 0;
}

/* the finding on odd stretches (ph: the phrase of the factor), when the
 * steady prediction is 2% of the run or more from the whole replay's; t0:
 * the trace's start */
static void odd_stretches(const char *ph, const struct whatif_pred *p, const struct stretches *st, uint64_t wall,
                          uint64_t t0)
{
    if (!st->odd || llabs((long long)p->ordered_ns - (long long)p->steady_ns) < (long long)(wall / 50))
        return;
    char at[96] = "";
    for (size_t k = 0; k < st->odd && k < sizeof st->odd_at / sizeof *st->odd_at; k++) {
        size_t len = strlen(at);
        snprintf(at + len, sizeof at - len, "%s%.1f ms", k ? ", " : "", (double)(st->odd_at[k] - t0) / 1e6);
    }
    fprintf(stderr, "  finding: %s saves %s in %zu of the run's %zu stretches (%zu grants each; starting at "
                    "%s%s) than in the others: in the run's typical stretch it saves %.0f%%, over the whole "
                    "replay %.0f%%. If threads were off their CPUs there (a start with both threads "
                    "time-sliced on one CPU, a preemption), which the replay keeps as work, %.0f%% is the "
                    "better guess; if the program did other work there, %.0f%% (the manual: \"Time off the "
                    "CPU\")\n", ph, p->steady_ns < p->ordered_ns ? "less" : "more", st->odd, st->n, st->grants, at,
            st->odd > 3 ? ", ..." : "", pct_of(p->steady_ns, wall), pct_of(p->ordered_ns, wall),
            pct_of(p->steady_ns, wall), pct_of(p->ordered_ns, wall));
}

/* the findings: a wide range, many grants let through, odd stretches; the learned model */
static void findings(const struct handoff_model *m, char (*ph)[PHRASE_MAX], size_t nf, const struct whatif_pred *p,
                     uint64_t wall, size_t acquisitions, const char *said, const struct stretches *st, uint64_t t0)
{
    if (m->two_kinds)
        fprintf(stderr, "  (hand-offs of %s: %zu spins of up to %.1f us, %zu wake-ups", said, m->nspin,
                (double)m->split / 1e3, m->nwake);
    if (m->two_kinds && m->window_fits)
        fprintf(stderr, "; a waiter spins when it waits up to %.1f us before the release)\n", (double)m->window / 1e3);
    else if (m->two_kinds)
        fprintf(stderr, ", and no wait before the release %s: each waiter keeps its own)\n",
                m->window <= SPIN_WINDOW_MAX_NS ? "tells them apart" : "short enough to be a spin parts them");
    if (m->ncurve >= 2) { /* a busy host's curve may fall: then a shorter sleep wakes later */
        uint64_t first = m->curve[0].q[2], last = m->curve[m->ncurve - 1].q[2];
        fprintf(stderr, "  (wake-ups on this machine, measured as the trace was written: %.1f us after a %.0f us "
                        "sleep, %.1f us after %.0f us; a waiter that sleeps less in the replay wakes %s)\n",
                (double)first / 1e3, (double)m->curve[0].sleep_ns / 1e3, (double)last / 1e3,
                (double)m->curve[m->ncurve - 1].sleep_ns / 1e3,
                first < last ? "that much sooner" : first > last ? "that much later" : "as fast");
    }
    for (size_t i = 0; i < nf; i++) {
        if ((double)(p[i].hi_ns - p[i].lo_ns) > WIDE_SHARE * (double)wall)
            fprintf(stderr, "  finding: the prediction for %s is unsure: %.0f%% to %.0f%% sooner as every waiter "
                            "%s (%.0f%% with the learned mix): the trace cannot tell which hand-off the shorter "
                            "waits will take\n", ph[i], pct_of(p[i].hi_ns, wall), pct_of(p[i].lo_ns, wall),
                    m->two_kinds ? "spins or every waiter sleeps" : "wakes as this machine wakes a shorter sleep, "
                    "or as it woke in the trace", pct_of(p[i].wall_ns, wall));
        if ((double)p[i].forced > FORCED_SHARE * (double)acquisitions)
            fprintf(stderr, "  finding: the prediction for %s is rough: its replay let %zu steps through out of "
                            "the observed order (%zu grants of the lock)\n", ph[i], p[i].forced, acquisitions);
        odd_stretches(ph[i], &p[i], &st[i], wall, t0);
    }
}

/* the replays of lock l at each factor, calibrated by the replay at 1 */
static void what_if_lock(const struct model *m, uint32_t l, const double *factors, size_t nf, const uint32_t *enders)
{
    struct replay r;
    char label[256], said[300]; /* said: for people, told apart from a namesake */
    replay_init(m, &r, l, enders);
    meta_lock_label(m, l, label, sizeof label);
    meta_lock_label_unique(m, l, said, sizeof said);
    char ph[MAX_FACTORS][PHRASE_MAX]; /* per factor: "halving the holds of X" */
    for (size_t i = 0; i < nf; i++)
        phrase(factors[i], said, 1, ph[i], sizeof ph[i]);
    uint64_t wall = m->nth ? m->th[m->last_thread].end - m->t_first : 0;
    uint64_t base = replay(m, &r, 1, HM_LEARNED);
    untraced_shares(m, &r);
    char untraced[32] = "NA", window[32] = "NA";
    if (r.untraced_known)
        snprintf(untraced, sizeof untraced, "%" PRIu64, r.untraced_ns);
    if (r.hm.two_kinds && r.hm.window_fits)
        snprintf(window, sizeof window, "%" PRIu64, r.hm.window);
    struct whatif_pred *p = xmalloc(sizeof *p * (nf ? nf : 1));
    struct stretches *st = zalloc(nf, sizeof *st);
    struct lone lone = lone_stretches(m, l, &r);
    predict(m, &r, r.hm.two_kinds || r.hm.ncurve >= 2 ? HM_NMODES : 1, factors, nf, wall, &lone, p, st);
    uint64_t floor_ns[MAX_FACTORS], unfloored[MAX_FACTORS]; /* floored: floor_ns[i] > unfloored[i] */
    for (size_t i = 0; i < nf; i++) {
        if (r.barge) { /* the kind lets a newcomer in: the prediction does too (the manual: "Order of arrivals") */
            p[i].wall_ns = p[i].barging_ns;
            p[i].lo_ns = MIN(p[i].lo_ns, p[i].wall_ns);
            p[i].hi_ns = MAX(p[i].hi_ns, p[i].wall_ns);
        }
        floor_ns[i] = cpu_floor(m, &r, factors[i]);
        unfloored[i] = p[i].wall_ns;
        uint64_t *bounded[] = {&p[i].wall_ns, &p[i].ordered_ns, &p[i].steady_ns, &p[i].lo_ns, &p[i].hi_ns,
                               &p[i].lonefree_ns, &p[i].barging_ns}; /* none below the CPU floor */
        for (size_t k = 0; k < sizeof bounded / sizeof *bounded; k++)
            *bounded[k] = MAX(*bounded[k], floor_ns[i]);
    }
    for (size_t i = 0; i < nf; i++) {
        /* the ordered replay's own saving, unless the prediction is another */
        double pct = floor_ns[i] > unfloored[i] || r.barge ? pct_of(p[i].wall_ns, wall)
                                           : 100 * (1 - (base ? (double)p[i].replay_ns / (double)base : 1));
        uint64_t saved = (uint64_t)llround((double)m->lk[l].cs_ns * (1 - factors[i]));
        uint64_t naive = wall > saved ? wall - saved : 0;
        printf("RESULT exp=lockwait kind=whatif pid=%" PRIu32 " lock=%s lock_addr=0x%" PRIx64 " type=%s "
               "hold_factor=%g wall_ns=%" PRIu64 " predicted_wall_ns=%" PRIu64 " predicted_saving_pct=%.2f "
               "replay_base_ns=%" PRIu64 " replay_ns=%" PRIu64 " critpath_predicted_wall_ns=%" PRIu64
               " acquisitions=%zu forced_count=%zu untraced_hold_ns=%s predicted_wall_lo_ns=%" PRIu64
               " predicted_wall_hi_ns=%" PRIu64 " spin_window_ns=%s stretch_count=%zu odd_stretch_count=%zu"
               " predicted_steady_wall_ns=%" PRIu64 " lone_stretch_count=%zu lone_stretch_ns=%" PRIu64
               " predicted_lonefree_wall_ns=%" PRIu64 " predicted_barging_wall_ns=%" PRIu64 " barged_count=%zu"
               " cpu_floor_wall_ns=%" PRIu64 " cpus=%" PRIu32 " predicted_ordered_wall_ns=%" PRIu64
               " wakeup_level_count=%zu\n",
               m->hdr.pid, label, m->lk[l].addr, lw_type_name(m->lk[l].type), factors[i], wall, p[i].wall_ns, pct,
               base, p[i].replay_ns, naive, r.nacq, p[i].forced, untraced, p[i].lo_ns, p[i].hi_ns, window, st[i].n,
               st[i].odd, p[i].steady_ns, lone.n, lone.ns, p[i].lonefree_ns, p[i].barging_ns, p[i].barged,
               floor_ns[i], meta_cpus(m), p[i].ordered_ns, r.hm.ncurve);
        say(factors[i], pct, said, i == 0);
    }
    fputc('\n', stderr);
    findings(&r.hm, ph, nf, p, wall, r.nacq, said, st, m->t_first);
    if ((double)lone.ns >= LONE_SHARE * (double)wall) {
        size_t i = 0; /* the first factor where the stretches' end moves the prediction by 0.5% of the run */
        while (i < nf && p[i].ordered_ns - p[i].lonefree_ns < wall / 200)
            i++;
        fprintf(stderr, "  finding: in %zu stretch%s (%.1f ms, %.0f%% of the run) one thread took %s back %d times "
                        "or more in a row while another waited for it (a woken waiter queued for a busy CPU, or "
                        "an unfair lock); shorter holds may let the waiter in sooner, which the replay, keeping "
                        "the order, cannot see", lone.n, lone.n == 1 ? "" : "es", (double)lone.ns / 1e6,
                100.0 * (double)lone.ns / (double)wall, said, LONE_TAKES);
        if (i < nf)
            fprintf(stderr, ": if the stretches end, %s saves about %.0f%% (the replay in that order: %.0f%%)", ph[i],
                    pct_of(p[i].lonefree_ns, wall), pct_of(p[i].ordered_ns, wall));
        /* where a woken waiter stops losing, the threads stop waiting for each
         * other: 2-thread convoys of whatif_family.sh ran near the floor (not
         * a bound: fewer sleeps also spend less CPU) */
        if (i < nf && floor_ns[i] && floor_ns[i] < p[i].lonefree_ns)
            fprintf(stderr, ", or about %.0f%% if the threads stop waiting for each other (the CPU floor)\n",
                    pct_of(floor_ns[i], wall));
        else if (i < nf)
            fputc('\n', stderr);
        else
            fprintf(stderr, " (nor, with too few grants outside the stretches or at this factor, by how much)\n");
    }
    for (size_t i = 0; i < nf; i++) /* the first factor the CPU floor holds up */
        if (floor_ns[i] > unfloored[i]) {
            fprintf(stderr, "  finding: %s leaves the program's threads %.1f ms of CPU time to spend on %" PRIu32
                            " CPU%s (%.1f ms at least): it saves about %.0f%%, not the %.0f%% of a replay that gives "
                            "every thread a CPU\n", ph[i], (double)floor_ns[i] * meta_cpus(m) / 1e6, meta_cpus(m),
                    meta_cpus(m) == 1 ? "" : "s", (double)floor_ns[i] / 1e6, pct_of(p[i].wall_ns, wall),
                    pct_of(unfloored[i], wall));
            break;
        }
    double need = cpu_need(m, &r, 1); /* more than the span on the CPUs: cpu_floor gave none */
    if (meta_cpus(m) && need / meta_cpus(m) > (double)wall)
        fprintf(stderr, "  (the trace says the threads spent %.1f ms of CPU time, more than %" PRIu32 " CPU%s can give in "
                        "the traced %.1f ms: its CPU count or CPU times are wrong; no CPU floor)\n", need / 1e6,
                meta_cpus(m), meta_cpus(m) == 1 ? "" : "s", (double)wall / 1e6);
    for (size_t i = 0; r.barge && i < nf; i++) /* the first factor where barging moves it by 2% of the run */
        if (llabs((long long)p[i].barging_ns - (long long)p[i].ordered_ns) >= (long long)(wall / 50)) {
            fprintf(stderr, "  finding: the prediction lets a thread that now comes to the free %s first take it "
                            "before the one whose turn it was in the trace (the lock lets it); kept in the trace's "
                            "order, as if each waiter lost to the same thread again, %s saves about %.0f%% (the "
                            "prediction: %.0f%%)\n", said, ph[i], pct_of(p[i].ordered_ns, wall),
                    pct_of(p[i].barging_ns, wall));
            break;
        }
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
    free(lone.a);
    free(lone.b);
    free(p);
    free(st);
    replay_free(&r);
}

void what_if(const struct model *m, const double *factors, size_t nf, uint32_t l, long top)
{
    uint32_t *enders = wait_enders(m);
    size_t n = 0; /* the top locks, when --lock named none */
    struct ranked *r = l == NOBODY ? top_locks(m, &n) : NULL;
    if (l != NOBODY)
        what_if_lock(m, l, factors, nf, enders);
    else if (!n)
        fprintf(stderr, "lockwait_report: --what-if: no lock with contended waits to replay\n");
    else
        fprintf(stderr, "what if the holds were shorter (a replay of the trace; docs/lockwait-manual.md):\n");
    for (size_t i = 0; i < n && (top == 0 || i < (size_t)top); i++)
        what_if_lock(m, r[i].lock, factors, nf, enders);
    free(r);
    free(enders);
}

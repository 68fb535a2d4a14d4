/* report_handoff.c - the hand-off model of the --what-if replay (declared in
 * report_handoff.h; docs/lockwait-manual.md, "What if a lock's holds were
 * shorter").
 *
 * A waiter released by an unlock either spun and takes the lock within a
 * few hundred ns, or slept and pays a wake-up: tens of us, more on a busy
 * host. Which one depends on how long it waited before the release (an
 * adaptive mutex spins a while, then sleeps; a plain one that sees the
 * release before its futex call does not sleep at all), so
 * a replay that shortens the waits must change the hand-off, not keep each
 * waiter's observed one (issue 38: half the hold and the waiter no longer
 * sleeps). Learned per lock from its traced waits:
 *   kinds    the hand-offs sorted; where the widest gap between neighbours
 *            is a factor SPLIT_RATIO or more with two on each side, the
 *            lower ones are spins and the upper ones wake-ups; otherwise
 *            one kind, and each waiter keeps its own (the replay before)
 *   window   the wait before the release that best tells the two apart:
 *            the fewest spins that waited longer plus wake-ups that waited
 *            as long or less (the smallest such wait); a window that
 *            misplaces more than 1 in 4 waits, or is longer than a spin
 *            can be (SPIN_WINDOW_MAX_NS), does not fit, and the learned
 *            replay keeps each waiter's own hand-off (the range still
 *            spans all spin to all sleep)
 * In the replay a sleep whose wait shrinks across the window to fit it
 * spins (a wait the window misplaced keeps its kind, so the replay at
 * factor 1 is the trace); a spin stays a spin: its wait grows past the
 * window mostly because the replay keeps the observed order of grants
 * (where a real run grants whoever arrives), and under load the wake-ups it
 * would draw are milliseconds of waiting for a CPU (a traced 4-thread run:
 * 0% predicted, 12% measured); the all-sleep replay bounds that case. One
 * that did not wait in the trace spins when its wait fits the window, else
 * sleeps. A grant of
 * its own kind keeps its own hand-off, else draws the next observed
 * hand-off of the kind (in trace order, cycling: the replay stays
 * deterministic and the draws follow the observed distribution, not its
 * mean). */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_handoff.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* two kinds when the widest gap between sorted hand-offs is this factor */
#define SPLIT_RATIO 2.0
/* hand-offs under this are compared as this: timer noise, not a gap */
#define SPLIT_FLOOR_NS 100u
/* a window longer than this is not a spin: glibc's adaptive mutex spins a
 * few us at most and its default one not at all, so the two kinds such a
 * window parts are fast and slow wake-ups (a 4 ms "window" on a plain mutex) */
#define SPIN_WINDOW_MAX_NS 100000u

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* the largest spin hand-off (sorted lat s[0..n)), or UINT64_MAX: one kind */
static uint64_t split_of(const uint64_t *s, size_t n)
{
    double best = SPLIT_RATIO;
    uint64_t split = UINT64_MAX;
    for (size_t k = 2; k + 2 <= n; k++) {
        double lo = (double)MAX(s[k - 1], SPLIT_FLOOR_NS), hi = (double)MAX(s[k], SPLIT_FLOOR_NS);
        if (hi / lo >= best) {
            best = hi / lo;
            split = s[k - 1];
        }
    }
    return split;
}

/* the window: spins' waits sp[0..ns) and wake-ups' wk[0..nw), both sorted;
 * *misplaced: the waits on its wrong side */
static uint64_t window_of(const uint64_t *sp, size_t ns, const uint64_t *wk, size_t nw, size_t *misplaced)
{
    size_t best_err = SIZE_MAX, j = 0;
    uint64_t best = 0;
    for (size_t i = 0; i <= ns; i++) {
        uint64_t w = i ? sp[i - 1] : 0; /* spins up to here fit, the rest do not */
        while (j < nw && wk[j] <= w)
            j++;
        size_t err = (ns - i) + j;
        if (err < best_err) {
            best_err = err;
            best = w;
        }
    }
    *misplaced = best_err;
    return best;
}

void handoff_learn(struct handoff_model *m, const uint64_t *pre, const uint64_t *lat, size_t n)
{
    memset(m, 0, sizeof *m);
    uint64_t *s = xmalloc(sizeof *s * (n ? n : 1));
    memcpy(s, lat, sizeof *s * n);
    qsort(s, n, sizeof *s, by_value);
    m->split = split_of(s, n);
    free(s);
    m->two_kinds = m->split != UINT64_MAX;
    if (!m->two_kinds)
        return;
    m->spin = xmalloc(sizeof *m->spin * n);
    m->wake = xmalloc(sizeof *m->wake * n);
    uint64_t *spin_pre = xmalloc(sizeof *spin_pre * n), *wake_pre = xmalloc(sizeof *wake_pre * n);
    for (size_t i = 0; i < n; i++)
        if (lat[i] <= m->split) {
            spin_pre[m->nspin] = pre[i];
            m->spin[m->nspin++] = lat[i];
        } else {
            wake_pre[m->nwake] = pre[i];
            m->wake[m->nwake++] = lat[i];
        }
    qsort(spin_pre, m->nspin, sizeof *spin_pre, by_value);
    qsort(wake_pre, m->nwake, sizeof *wake_pre, by_value);
    size_t misplaced;
    m->window = window_of(spin_pre, m->nspin, wake_pre, m->nwake, &misplaced);
    m->window_fits = 4 * misplaced <= n && m->window <= SPIN_WINDOW_MAX_NS;
    free(spin_pre);
    free(wake_pre);
}

void handoff_rewind(struct handoff_model *m, enum handoff_mode mode)
{
    m->next_spin = m->next_wake = 0;
    m->mode = mode;
}

uint64_t handoff_cost(struct handoff_model *m, uint64_t pre, uint64_t own, uint64_t own_pre, int own_known)
{
    if (!m->two_kinds || (m->mode == HM_LEARNED && !m->window_fits))
        return own;
    int spins = m->mode == HM_ALL_SPIN;
    if (m->mode == HM_LEARNED) {
        int own_spun = own <= m->split;
        if (!own_known)
            spins = pre <= m->window;
        else if (own_spun)
            spins = 1; /* the comment at the top says why */
        else
            spins = pre <= m->window && own_pre > m->window;
    }
    if (own_known && (own <= m->split) == spins)
        return own;
    return spins ? m->spin[m->next_spin++ % m->nspin] : m->wake[m->next_wake++ % m->nwake];
}

void handoff_free(struct handoff_model *m)
{
    free(m->spin);
    free(m->wake);
    memset(m, 0, sizeof *m);
}

/* ---- the predictions of one lock, with their range ---- */

/* factors replayed besides the asked ones, so that a smaller factor never
 * predicts a longer run than a larger one, asked in this run or not: 0
 * never saves less than 0.5 */
static const double clamp_grid[] = {1, 0.75, 0.5, 0.25};
#define MAX_FACTORS 16 /* the report takes up to 8, plus the grid */

void whatif_predict(whatif_replay_fn run, void *ctx, int nmodes, const double *factors, size_t nf, uint64_t wall,
                    struct whatif_pred *out)
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
    for (int mode = 0; mode < nmodes; mode++) {
        uint64_t ns[MAX_FACTORS];
        size_t forced[MAX_FACTORS];
        for (size_t k = 0; k < n; k++) /* f[0] is 1: the base, first */
            ns[k] = run(ctx, f[k], (enum handoff_mode)mode, &forced[k]);
        for (size_t i = 0; i < nf; i++) {
            size_t at = 0;
            uint64_t best = UINT64_MAX;
            for (size_t k = 0; k < n; k++) {
                if (f[k] == factors[i])
                    at = k;
                if (f[k] >= factors[i])
                    best = MIN(best, ns[k]);
            }
            uint64_t pred = ns[0] ? (uint64_t)llround((double)wall * ((double)best / (double)ns[0])) : wall;
            if (mode == HM_LEARNED) {
                out[i] = (struct whatif_pred){pred, pred, pred, best, forced[at]};
                continue;
            }
            out[i].lo_ns = MIN(out[i].lo_ns, pred);
            out[i].hi_ns = MAX(out[i].hi_ns, pred);
        }
    }
}

/* "halving the holds of X" (the first factor) or "halving them" (the next) */
static void phrase(double f, const char *label, int first, char *out, size_t cap)
{
    if (f == 0.5)
        snprintf(out, cap, "halving %s%s", first ? "the holds of " : "them", first ? label : "");
    else if (f == 0)
        snprintf(out, cap, "removing %s%s entirely", first ? "the holds of " : "them", first ? label : "");
    else
        snprintf(out, cap, "scaling %s%s by %g", first ? "the holds of " : "them", first ? label : "", f);
}

void whatif_say(double f, double pct, const char *said, int first)
{
    char p[352]; /* the phrase and a label of up to 300 */
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

void whatif_findings(const struct handoff_model *m, const double *factors, size_t nf, const struct whatif_pred *p,
                     uint64_t wall, size_t acquisitions, const char *said)
{
    if (m->two_kinds && m->window_fits)
        fprintf(stderr, "  (hand-offs of %s: %zu spins of up to %.1f us, %zu wake-ups; a waiter spins when it "
                        "waits up to %.1f us before the release)\n", said, m->nspin, (double)m->split / 1e3,
                m->nwake, (double)m->window / 1e3);
    else if (m->two_kinds)
        fprintf(stderr, "  (hand-offs of %s: %zu spins of up to %.1f us, %zu wake-ups, and no wait before the "
                        "release %s: each waiter keeps its own)\n", said, m->nspin, (double)m->split / 1e3,
                m->nwake,
                m->window <= SPIN_WINDOW_MAX_NS ? "tells them apart" : "short enough to be a spin parts them");
    for (size_t i = 0; i < nf; i++) {
        char ph[352];
        phrase(factors[i], said, 1, ph, sizeof ph);
        if ((double)(p[i].hi_ns - p[i].lo_ns) > WIDE_SHARE * (double)wall)
            fprintf(stderr, "  finding: the prediction for %s is unsure: %.0f%% to %.0f%% sooner as every waiter "
                            "spins or every waiter sleeps (%.0f%% with the learned mix): the trace cannot tell "
                            "which hand-off the shorter waits will take\n", ph, pct_of(p[i].hi_ns, wall),
                    pct_of(p[i].lo_ns, wall), pct_of(p[i].wall_ns, wall));
        if ((double)p[i].forced > FORCED_SHARE * (double)acquisitions)
            fprintf(stderr, "  finding: the prediction for %s is rough: its replay let %zu steps through out of "
                            "the observed order (%zu grants of the lock)\n", ph, p[i].forced, acquisitions);
    }
}

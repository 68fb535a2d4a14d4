/* report_handoff.c - the hand-off model of the --what-if replay (declared in
 * report_replay.h; docs/lockwait-manual.md, "What if a lock's holds were
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
#include "report_util.h"
#include "report_replay.h"

#include <stdlib.h>
#include <string.h>

/* two kinds when the widest gap between sorted hand-offs is this factor */
#define SPLIT_RATIO 2.0
/* hand-offs under this are compared as this: timer noise, not a gap */
#define SPLIT_FLOOR_NS 100u

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
    sort_by_key(s, n, sizeof *s);
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
    sort_by_key(spin_pre, m->nspin, sizeof *spin_pre);
    sort_by_key(wake_pre, m->nwake, sizeof *wake_pre);
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

/* report_handoff.c - the hand-off model of the --what-if replay (declared in
 * report_replay.h; the model and its measurements: docs/lockwait-manual.md,
 * "Hand-offs").
 *
 * A waiter released by an unlock either spun (a few hundred ns) or slept
 * and pays a wake-up, depending on how long it waited before the release,
 * so a replay that shortens the waits must change the hand-off, not keep
 * each waiter's observed one (issue 38: half the hold and the waiter no
 * longer sleeps). Learned per lock from its traced waits: the two kinds
 * (split_of: the widest gap, a factor SPLIT_RATIO or more, between sorted
 * hand-offs) and the spin window (window_of: the wait before the release
 * that best tells them apart; it does not fit when it misplaces more than
 * 1 wait in 4 or is longer than SPIN_WINDOW_MAX_NS, and the learned replay
 * then keeps each waiter's own hand-off).
 * In the replay (handoff_cost) a sleep whose wait shrinks across the window
 * spins, and a spin stays a spin: its wait grows past the window mostly
 * because the replay keeps the observed order of grants, and the all-sleep
 * replay bounds that case. A grant of its own kind keeps its own hand-off,
 * else draws the next observed one of the kind, cycling in trace order (a
 * deterministic replay that follows the observed distribution). */
#define _GNU_SOURCE
#include "common.h"
#include "report_util.h"
#include "report_replay.h"

#include <math.h>
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
    int own_spun = own <= m->split, spins = m->mode == HM_ALL_SPIN;
    if (m->mode == HM_LEARNED && !own_known) /* it did not wait in the trace */
        spins = pre <= m->window;
    else if (m->mode == HM_LEARNED) /* a sleep the window misplaced keeps its kind: at factor 1 the trace */
        spins = own_spun || (pre <= m->window && own_pre > m->window);
    if (own_known && own_spun == spins)
        return own;
    return spins ? m->spin[m->next_spin++ % m->nspin] : m->wake[m->next_wake++ % m->nwake];
}

/* the median wake-up after a sleep of s ns: linear between the measured sleeps, flat beyond them */
static double wake_median(const struct wake_level *w, size_t n, uint64_t s)
{
    if (s <= w[0].sleep_ns)
        return (double)w[0].q[2];
    for (size_t k = 1; k < n; k++)
        if (s <= w[k].sleep_ns) {
            double f = (double)(s - w[k - 1].sleep_ns) / (double)(w[k].sleep_ns - w[k - 1].sleep_ns);
            return (double)w[k - 1].q[2] + f * ((double)w[k].q[2] - (double)w[k - 1].q[2]);
        }
    return (double)w[n - 1].q[2];
}

uint64_t handoff_wake(const struct handoff_model *m, uint64_t own, uint64_t own_sleep, uint64_t sleep)
{
    if (m->ncurve < 2 || m->mode == HM_ALL_SLEEP || own < m->curve[0].q[0])
        return own;
    double was = wake_median(m->curve, m->ncurve, own_sleep), now = wake_median(m->curve, m->ncurve, sleep);
    /* growing by at most a second, the longest wake-up report_meta.c takes: a forged curve (a median of
     * 1 ns) would ask llround for more than 2^63 (own < 2^62: report_model.c) */
    return was > 0 ? (uint64_t)llround(MIN((double)own * now / was, (double)own + 1e9)) : own;
}

void handoff_free(struct handoff_model *m)
{
    free(m->spin);
    free(m->wake);
    memset(m, 0, sizeof *m);
}

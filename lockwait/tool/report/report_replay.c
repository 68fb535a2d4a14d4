/* report_replay.c - the what-if's replay (report_whatif.c): the trace
 * replayed with one lock's holds scaled by a factor, to predict the
 * program's wall time (the model: docs/lockwait-manual.md, "What if a
 * lock's holds were shorter"), and the CPU floor that bounds it (cpu_floor).
 *
 * Each thread is a list of steps in its observed time order, with its own
 * work between them, scaled by FACTOR inside a hold of the chosen lock:
 *   acquire  a traced acquisition of the chosen lock (a wait that ended
 *            with it, or a hold someone waited for), granted in the
 *            observed order; one that finds the previous hold running waits
 *            for its release, plus a hand-off (report_handoff.c)
 *   release  the chosen lock
 *   wait     any other wait: it ends when the thread whose release (unlock,
 *            post, signal, last arrival) ended it in the trace reaches that
 *            release, plus the observed wake-up delay; a wait nothing ended
 *            (timed out, idle) keeps its length
 *   mark     a release some other thread's wait depends on, or the creation
 *            of a traced thread (which starts when its creator reaches it)
 * The replay runs every thread as far as it can, parks it on a release or
 * mark not yet reached, and wakes it when that is reached: each step is
 * handled once. Below factor 1 a lock whose kind lets a newcomer in (a
 * mutex, a spin lock) may grant out of the observed order (barge_in); a
 * replay that cannot go on lets a parked step through (force_one); holds
 * nobody waited for shrink their thread's own work (untraced_shares). */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_replay.h"
#include "../lw_kinds.h"
#include "../lw_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum step_kind { ST_REL, ST_MARK, ST_WAIT, ST_ACQ, ST_END };
/* a step's rank at equal times: releases and marks before the waits that may need them */
static const uint8_t step_rank[] = {[ST_REL] = 0, [ST_MARK] = 1, [ST_WAIT] = 2, [ST_ACQ] = 2, [ST_END] = 3};

/* key: observed time << 2 | rank; resume: observed time the thread runs on
 * from (a wait's end); arg: acquisition order (ST_ACQ), or mark (ST_WAIT:
 * NOBODY = keep its length; ST_MARK); brief: an acquisition whose release
 * is not in the trace or comes at once (a hold of unknown start); waited:
 * an acquisition that waited in the trace for a known release (lat is its
 * own hand-off, for the hand-off model) */
struct step { uint64_t key, resume, lat; uint32_t thread, arg; uint8_t kind, brief, waited; };

struct runner {
    size_t k, end;     /* its steps [k, end) still to run */
    uint64_t now, obs; /* replay clock, and the observed time it corresponds to */
    int holding, done;
    uint32_t held;        /* the acquisition it holds */
    uint32_t next_parked; /* the next thread parked on the same mark */
    int queued;           /* in the todo list already */
    /* parked: since when it sleeps; it went back to sleep at `slept` after losing the release at
     * lost_at, before which it slept since `slept_before` */
    uint64_t slept, lost_at, slept_before;
};

static struct step *add_step(struct replay *r, uint32_t t, uint64_t at, int kind, uint64_t resume, uint64_t lat,
                             uint32_t arg)
{
    struct step *s = APPEND(r->st, r->nst, r->cap);
    *s = (struct step){at << 2 | step_rank[kind], resume, lat, t, arg, (uint8_t)kind, 0, 0};
    return s;
}

/* the waits other than for the chosen lock: each a dependency on the release
 * that ended it (a mark on the releaser), or a fixed delay */
static void dependency_steps(const struct model *m, struct replay *r, const uint32_t *enders)
{
    uint8_t *marked = zalloc(m->mstat.holds + 1, 1); /* per hold: its mark added */
    for (size_t k = 0; k < m->mstat.waits; k++) {
        const struct wait *w = &m->waits[k];
        if (w->lock == r->lock && !w->timed_out)
            continue;
        uint32_t h = enders[k];
        uint64_t lat = h == NOBODY ? w->e - w->s : w->e - m->holds[h].e;
        if (h != NOBODY && !marked[h]) {
            marked[h] = 1;
            add_step(r, m->holds[h].who, m->holds[h].e, ST_MARK, m->holds[h].e, 0, h);
        }
        add_step(r, w->thread, w->s, ST_WAIT, w->e, lat, h);
    }
    free(marked);
}

/* the start of each thread whose creator is traced: a mark on the creator */
static void creation_steps(const struct model *m, struct replay *r)
{
    struct tk { uint64_t tid; uint32_t i; } *by_tid = zalloc(m->nth, sizeof *by_tid);
    for (uint32_t t = 0; t < m->nth; t++)
        by_tid[t] = (struct tk){m->th[t].tid, t};
    sort_by_key(by_tid, m->nth, sizeof *by_tid);
    for (uint32_t t = 0; t < m->nth; t++) {
        size_t lo = 0, hi = m->nth;
        /* the creator's index: the first entry with its tid or above */
        LOWER_BOUND(lo, hi, by_tid[mid].tid < m->th[t].creator);
        if (!m->th[t].has_start || !m->th[t].creator || lo == m->nth || by_tid[lo].tid != m->th[t].creator ||
            by_tid[lo].i == t)
            continue;
        uint32_t mark = (uint32_t)(m->mstat.holds + t);
        add_step(r, by_tid[lo].i, m->th[t].start, ST_MARK, m->th[t].start, 0, mark);
        add_step(r, t, m->th[t].start, ST_WAIT, m->th[t].start, 0, mark);
    }
    free(by_tid);
}

/* an acquisition of the chosen lock at observed time at (its hold starts at
 * resume; lat: UINT64_MAX when it did not wait; waited: it waited for a
 * known release, lat is its hand-off), and the release of the hold at rel
 * (UINT64_MAX: not traced, taken as at once) */
static void acquisition(struct replay *r, uint32_t t, uint64_t at, uint64_t resume, uint64_t lat, uint64_t rel,
                        int waited)
{
    struct step *acq = add_step(r, t, at, ST_ACQ, resume, lat, 0);
    acq->waited = (uint8_t)waited;
    if (rel == UINT64_MAX || rel <= resume)
        acq->brief = 1;
    else
        add_step(r, t, rel, ST_REL, 0, 0, 0);
    r->nacq++;
}

/* the index of thread t's first wait for the chosen lock (ended with it) from k on */
static size_t next_lock_wait(const struct model *m, const struct replay *r, uint32_t t, size_t k)
{
    for (; k < m->th[t].nwait; k++) {
        const struct wait *w = &m->waits[m->th[t].wait_off + k];
        if (w->lock == r->lock && !w->timed_out)
            break;
    }
    return k;
}

/* A thread's waits for the chosen lock and its holds of it (hs[0..nh), by
 * start), merged in time: a wait's hold is the thread's next traced hold if
 * that one ends before the thread's next wait for the lock and began with
 * the wait (or its start is unknown: a hold that long was not a short
 * untimed one taken again unseen); else the wait's hold was not traced
 * (nobody waited for it). A hold no wait began was acquired without one, at
 * its start. */
static void thread_lock_steps(const struct model *m, struct replay *r, uint32_t t, const struct hold *const *hs, size_t nh,
                              const uint32_t *enders)
{
    size_t j = 0;
    for (size_t k = next_lock_wait(m, r, t, 0);; k = next_lock_wait(m, r, t, k + 1)) {
        const struct wait *w = k < m->th[t].nwait ? &m->waits[m->th[t].wait_off + k] : NULL;
        for (; j < nh && (!w || hs[j]->e <= w->s); j++) /* acquired without a wait */
            acquisition(r, t, hs[j]->s, hs[j]->s, UINT64_MAX, hs[j]->e, 0);
        if (!w)
            break;
        size_t k2 = next_lock_wait(m, r, t, k + 1);
        uint64_t next = k2 < m->th[t].nwait ? m->waits[m->th[t].wait_off + k2].s : UINT64_MAX, rel = UINT64_MAX;
        if (j < nh && hs[j]->e <= next && (hs[j]->s <= w->e + HOLD_START_SLACK_NS || hs[j]->s == hs[j]->e))
            rel = hs[j++]->e;
        uint32_t ender = enders[(size_t)(w - m->waits)]; /* its handoff: from that release to its end */
        acquisition(r, t, w->s, w->e, ender == NOBODY ? 0 : w->e - m->holds[ender].e, rel, ender != NOBODY);
    }
}

/* the chosen lock's holds, thread by thread, each thread's by start */
static const struct hold **holds_by_thread(const struct model *m, uint32_t l, size_t *first)
{
    const struct hold **out = zalloc(m->lk[l].nhold, sizeof *out);
    const struct hold *hs = m->holds + m->lk[l].hold_off;
    memset(first, 0, (m->nth + 1) * sizeof *first);
    for (size_t j = 0; j < m->lk[l].nhold; j++)
        first[hs[j].who + 1]++;
    for (uint32_t t = 0; t < m->nth; t++)
        first[t + 1] += first[t];
    size_t *fill = zalloc(m->nth + 1, sizeof *fill);
    for (size_t j = 0; j < m->lk[l].nhold; j++)
        out[first[hs[j].who] + fill[hs[j].who]++] = &hs[j];
    free(fill);
    return out;
}

/* the steps thread by thread (stably), each thread's in time order: a
 * thread's steps come in a few runs already in order (its own, and the
 * marks other threads' waits put on it), which sort_by_key merges */
static void order_steps(const struct model *m, struct replay *r)
{
    r->start_of = zalloc(m->nth + 1, sizeof *r->start_of);
    for (size_t i = 0; i < r->nst; i++)
        r->start_of[r->st[i].thread + 1]++;
    for (uint32_t t = 0; t < m->nth; t++)
        r->start_of[t + 1] += r->start_of[t];
    size_t *fill = xmalloc(sizeof *fill * (m->nth + 1));
    memcpy(fill, r->start_of, sizeof *fill * (m->nth + 1));
    struct step *out = zalloc(r->nst, sizeof *out);
    for (size_t i = 0; i < r->nst; i++)
        out[fill[r->st[i].thread]++] = r->st[i];
    for (uint32_t t = 0; t < m->nth; t++)
        sort_by_key(out + r->start_of[t], r->start_of[t + 1] - r->start_of[t], sizeof *out);
    free(fill);
    free(r->st);
    r->st = out;
}

/* The acquisitions numbered in observed order (of their holds' starts);
 * those that did not wait (lat UINT64_MAX) given the lock's mean hand-off;
 * and the hand-off model learned from those that waited for a known
 * release: the wait before that release, and the hand-off after it. */
static void number_acquisitions(struct replay *r)
{
    struct ka { uint64_t t; uint32_t i; } *a = zalloc(r->nacq, sizeof *a);
    uint64_t *pre = zalloc(r->nacq, sizeof *pre), *lat = zalloc(r->nacq, sizeof *lat), sum = 0;
    size_t n = 0, nwaited = 0, nlat = 0;
    for (size_t i = 0; i < r->nst; i++) {
        const struct step *st = &r->st[i];
        if (st->kind != ST_ACQ)
            continue;
        a[n++] = (struct ka){st->resume, (uint32_t)i};
        sum += st->lat != UINT64_MAX ? st->lat : 0;
        nlat += st->lat != UINT64_MAX;
        if (st->waited) {
            uint64_t wait = st->resume - (st->key >> 2);
            pre[nwaited] = wait > st->lat ? wait - st->lat : 0;
            lat[nwaited++] = st->lat;
        }
    }
    handoff_learn(&r->hm, pre, lat, nwaited);
    sort_by_key(a, n, sizeof *a);
    r->obs_at = zalloc(n, sizeof *r->obs_at);
    for (size_t k = 0; k < n; k++) {
        r->obs_at[k] = a[k].t;
        r->st[a[k].i].arg = (uint32_t)k;
        if (r->st[a[k].i].lat == UINT64_MAX)
            r->st[a[k].i].lat = nlat ? sum / nlat : 0;
    }
    free(a);
    free(pre);
    free(lat);
}

static void build_steps(const struct model *m, struct replay *r, const uint32_t *enders)
{
    size_t *first = xmalloc(sizeof *first * (m->nth + 1));
    const struct hold **hs = holds_by_thread(m, r->lock, first);
    dependency_steps(m, r, enders);
    creation_steps(m, r);
    for (uint32_t t = 0; t < m->nth; t++) {
        thread_lock_steps(m, r, t, hs + first[t], first[t + 1] - first[t], enders);
        add_step(r, t, m->th[t].end, ST_END, m->th[t].end, 0, 0);
    }
    number_acquisitions(r);
    r->hm.ncurve = meta_wakeups(m, &r->hm.curve);
    if (lw_kinds[lw_kind_of_type(m->lk[r->lock].type)].spins) /* its waiters never sleep */
        r->hm.ncurve = 0;
    order_steps(m, r);
    r->nmarks = m->mstat.holds + m->nth;
    free(hs);
    free(first);
}

/* ---- the replay ---- */

/* thread t's replay clock at observed time at: its work since, scaled
 * inside a hold, and outside by the share that is untraced hold; the
 * replay at factor 1 (unscaled) measures the two */
static uint64_t work_until(struct replay *r, uint32_t t, uint64_t at)
{
    const struct runner *u = &r->run[t];
    uint64_t d = at > u->obs ? at - u->obs : 0;
    if (r->factor == 1) {
        *(u->holding ? &r->work[t].held_ns : &r->work[t].own_ns) += d;
        return u->now + d;
    }
    double scale = u->holding ? r->factor : 1 - (1 - r->factor) * r->work[t].untraced_share;
    return u->now + (uint64_t)llround((double)d * scale);
}

/* once: two wake-ups before it runs (a release readying a waiter a forced
 * step already let through) overflowed the list of nth */
static void ready(struct replay *r, uint32_t t)
{
    if (r->run[t].queued)
        return;
    r->run[t].queued = 1;
    r->todo[r->ntodo++] = t;
}

static void reach_mark(struct replay *r, uint32_t mark, uint64_t at)
{
    r->mark[mark].at = at;
    for (uint32_t t = r->mark[mark].parked; t != NOBODY; t = r->run[t].next_parked)
        ready(r, t);
    r->mark[mark].parked = NOBODY;
}

static void release(struct replay *r, struct runner *u, uint64_t at)
{
    u->holding = 0;
    r->free_at = at;
    if (u->held <= r->next_acq) /* not a barged one: the turn moves on, past those barged already */
        r->next_acq = MAX(r->next_acq, (size_t)u->held + 1);
    while (r->next_acq < r->nacq && r->acq[r->next_acq].barged)
        r->next_acq++;
    if (r->next_acq < r->nacq && r->acq[r->next_acq].waiter != NOBODY)
        ready(r, r->acq[r->next_acq].waiter);
}

/* the observed wait of acquisition step s before the release that ended it */
static uint64_t own_pre(const struct step *s)
{
    uint64_t wait = s->resume - MIN(s->resume, s->key >> 2);
    return wait - MIN(wait, s->lat);
}

/* since when parked thread u sleeps before the release at free_at */
static uint64_t asleep_since(const struct replay *r, const struct runner *u)
{
    return u->lost_at == r->free_at ? u->slept_before : MAX(u->now, u->slept);
}

/* thread u's wake-up after the release at free_at, its own scaled by how long it now slept */
static uint64_t wake_lat(const struct replay *r, const struct runner *u, const struct step *s)
{
    if (!s->waited)
        return s->lat;
    return handoff_wake(&r->hm, s->lat, own_pre(s), r->free_at - MIN(r->free_at, asleep_since(r, u)));
}

/* parked thread u lost the release at free_at: woken by it after lat, it sleeps again */
static void lost_release(const struct replay *r, struct runner *u, uint64_t lat)
{
    if (u->now >= r->free_at || u->lost_at == r->free_at)
        return;
    u->slept_before = asleep_since(r, u);
    u->slept = r->free_at + lat;
    u->lost_at = r->free_at;
}

/* thread t takes the lock at acquisition step s */
static void grant(struct replay *r, uint32_t t, const struct step *s)
{
    struct runner *u = &r->run[t];
    r->acq[s->arg].waiter = NOBODY;
    if (u->now < r->free_at) {
        uint64_t cost = handoff_cost(&r->hm, r->free_at - u->now, s->lat, own_pre(s), s->waited);
        u->now = r->free_at + (cost == s->lat && r->factor != 1 ? wake_lat(r, u, s) : cost);
    }
    r->grant_at[s->arg] = u->now;
    u->obs = MAX(u->obs, s->resume);
    u->holding = 1;
    u->held = s->arg;
    if (s->brief)
        release(r, u, u->now);
}

/* a ready thread whose clock is before at */
static int earlier_ready(const struct replay *r, uint64_t at)
{
    for (size_t i = 0; i < r->ntodo; i++)
        if (r->run[r->todo[i]].now < at)
            return 1;
    return 0;
}

/* the hold acquisition step k begins waits for another thread (a nested
 * lock, a condvar): that one may come only after the turn's grant in the
 * trace, and taking the lock first could make a cycle */
static int waits_in_hold(const struct replay *r, size_t k, size_t end)
{
    if (r->st[k].brief)
        return 0;
    for (k++; k < end && r->st[k].kind != ST_REL && r->st[k].kind != ST_END; k++)
        if (r->st[k].kind == ST_WAIT && r->st[k].arg != NOBODY)
            return 1;
    return 0;
}

/* the thread whose turn it is arrives at at: the thread parked on a later
 * acquisition that arrived first (the lower acquisition at equal times),
 * if it would have had the lock by at (on arrival if free, else after the
 * release with its own observed hand-off) and waits for nobody inside its
 * hold, takes it; 1: one did */
static int barge_in(struct replay *r, uint32_t turn, uint64_t at)
{
    uint32_t best = NOBODY;
    for (uint32_t t = 0; t < r->nth; t++) {
        const struct runner *u = &r->run[t];
        if (t == turn || u->k >= u->end)
            continue;
        const struct step *s = &r->st[u->k];
        if (s->kind != ST_ACQ || s->arg <= r->next_acq || r->acq[s->arg].waiter != t)
            continue;
        uint64_t lat = wake_lat(r, u, s), had = u->now >= r->free_at ? u->now : r->free_at + lat;
        /* one that arrived in the trace before the turn's grant lost to it there: it stays behind,
         * unless it now wakes faster than it did there */
        int lost_in_trace = s->key >> 2 < r->obs_at[r->next_acq] && lat >= s->lat;
        if (u->now >= at || had > at || lost_in_trace || waits_in_hold(r, u->k, u->end))
            continue;
        if (best == NOBODY || u->now < r->run[best].now ||
            (u->now == r->run[best].now && s->arg < r->st[r->run[best].k].arg))
            best = t;
    }
    for (uint32_t t = 0; t < r->nth; t++) { /* the others parked on the lock lose this release */
        struct runner *u = &r->run[t];
        if (t != best && t != turn && u->k < u->end && r->st[u->k].kind == ST_ACQ && r->acq[r->st[u->k].arg].waiter == t)
            lost_release(r, u, wake_lat(r, u, &r->st[u->k]));
    }
    if (best == NOBODY)
        return 0;
    struct runner *b = &r->run[best];
    const struct step *s = &r->st[b->k];
    r->acq[s->arg].barged = 1;
    r->barged_count++;
    grant(r, best, s);
    b->k++;
    ready(r, best);
    return 1;
}

/* thread t's steps until it ends or must wait for a step of another thread */
static void run_thread(struct replay *r, uint32_t t)
{
    struct runner *u = &r->run[t];
    for (; u->k < u->end; u->k++) {
        const struct step *s = &r->st[u->k];
        uint64_t at = s->key >> 2;
        u->now = work_until(r, t, at);
        u->obs = MAX(u->obs, at);
        if (s->kind == ST_MARK) {
            reach_mark(r, s->arg, u->now);
        } else if (s->kind == ST_REL || s->kind == ST_END) {
            if (u->holding)
                release(r, u, u->now);
            u->done = s->kind == ST_END;
        } else if (s->kind == ST_WAIT) {
            if (s->arg != NOBODY && r->mark[s->arg].at == UINT64_MAX) {
                u->next_parked = r->mark[s->arg].parked;
                r->mark[s->arg].parked = t;
                return;
            }
            u->now = s->arg == NOBODY ? u->now + s->lat : MAX(u->now, r->mark[s->arg].at + s->lat);
            u->obs = MAX(u->obs, s->resume);
        } else { /* ST_ACQ: its turn, or one let through (forced) */
            int barging = r->barge && r->factor != 1 && s->arg == r->next_acq;
            if (barging && earlier_ready(r, u->now)) { /* they may arrive first */
                ready(r, t);
                return;
            }
            if (s->arg > r->next_acq) {
                r->acq[s->arg].waiter = t;
                return;
            }
            r->acq[s->arg].waiter = t; /* before: a barger's brief hold readies it */
            if (barging && barge_in(r, t, u->now))
                return;
            grant(r, t, s);
        }
    }
}

/* nothing can run: let the parked step that arrived first through */
static int force_one(const struct model *m, struct replay *r)
{
    uint32_t best = NOBODY;
    for (uint32_t t = 0; t < m->nth; t++)
        if (!r->run[t].done && r->run[t].k < r->run[t].end &&
            (best == NOBODY || r->run[t].now < r->run[best].now))
            best = t;
    if (best == NOBODY)
        return 0;
    const struct step *s = &r->st[r->run[best].k];
    if (s->kind == ST_ACQ) {
        r->next_acq = s->arg;
    } else {
        for (uint32_t *p = &r->mark[s->arg].parked; *p != NOBODY; p = &r->run[*p].next_parked)
            if (*p == best) { /* off the mark's list; the mark counts as reached now */
                *p = r->run[best].next_parked;
                break;
            }
        r->mark[s->arg].at = r->run[best].now;
    }
    r->forced++;
    ready(r, best);
    return 1;
}

uint64_t replay(const struct model *m, struct replay *r, double factor, enum handoff_mode mode)
{
    r->factor = factor;
    for (size_t mark = 0; mark < r->nmarks; mark++)
        r->mark[mark] = (struct mark){UINT64_MAX, NOBODY};
    for (size_t a = 0; a < r->nacq; a++) {
        r->acq[a] = (struct acq_state){NOBODY, 0};
        r->grant_at[a] = 0;
    }
    r->ntodo = r->next_acq = r->forced = r->barged_count = 0;
    r->free_at = 0;
    handoff_rewind(&r->hm, mode);
    if (factor == 1) { /* counted at factor 1 only, and kept through the others (own_floor) */
        for (uint32_t t = 0; t < m->nth; t++)
            r->work[t].own_ns = r->work[t].held_ns = 0;
    }
    for (uint32_t t = 0; t < m->nth; t++) {
        r->run[t] = (struct runner){r->start_of[t], r->start_of[t + 1], m->th[t].start, m->th[t].start, 0, 0, 0, NOBODY, 0, 0, 0, 0};
        ready(r, t);
    }
    do {
        while (r->ntodo) {
            size_t next = r->ntodo - 1; /* the last readied; barging: the earliest clock */
            for (size_t i = 0; r->barge && factor != 1 && i < r->ntodo; i++)
                if (r->run[r->todo[i]].now < r->run[r->todo[next]].now)
                    next = i;
            uint32_t t = r->todo[next];
            r->todo[next] = r->todo[--r->ntodo];
            r->run[t].queued = 0;
            run_thread(r, t);
        }
    } while (force_one(m, r));
    uint64_t end = m->t_first;
    for (uint32_t t = 0; t < m->nth; t++)
        end = MAX(end, r->run[t].now);
    return end - m->t_first;
}

void replay_init(const struct model *m, struct replay *r, uint32_t l, const uint32_t *enders)
{
    memset(r, 0, sizeof *r);
    r->lock = l;
    r->nth = m->nth;
    int kind = lw_kind_of_type(m->lk[l].type);
    r->barge = kind == K_MUTEX || kind == K_SPIN;
    build_steps(m, r, enders);
    r->run = zalloc(m->nth, sizeof *r->run);
    r->todo = zalloc(m->nth, sizeof *r->todo);
    r->mark = zalloc(r->nmarks, sizeof *r->mark);
    r->acq = zalloc(r->nacq, sizeof *r->acq);
    r->grant_at = zalloc(r->nacq, sizeof *r->grant_at);
    r->work = zalloc(m->nth + 1, sizeof *r->work);
}

/* after the replay at factor 1: each thread's untraced hold time of the
 * lock (its HOLD_SUM estimate less its traced holds, at least 0) as a share
 * of its own work (at most all of it) */
void untraced_shares(const struct model *m, struct replay *r)
{
    r->untraced_known = meta_hold_sums(m);
    r->untraced_ns = 0;
    r->untraced_over = 0;
    uint64_t span = m->t_last - m->t_first;
    for (uint32_t t = 0; t < m->nth; t++) {
        uint64_t est;
        if (!meta_hold_sum(m, m->th[t].tid, m->lk[r->lock].addr, &est) || est <= r->work[t].held_ns)
            continue;
        r->untraced_over += est > span;
        uint64_t untraced = est - r->work[t].held_ns;
        /* saturated: each estimate is below 2^62 (report_meta.c), their sum need not be */
        r->untraced_ns = untraced > UINT64_MAX - r->untraced_ns ? UINT64_MAX : r->untraced_ns + untraced;
        struct thread_work *w = &r->work[t];
        w->untraced_share = w->own_ns ? MIN(1.0, (double)untraced / (double)w->own_ns) : 0;
    }
}

/* ---- the CPU floor ----
 * The replay lets every thread run at once; a program cannot finish before
 * its threads' CPU time (less what the factor takes off their holds of the
 * lock, and less their spinning waits, which change with the holds) is
 * spent on its CPUs. Holds that slept count as CPU taken away: the floor
 * errs low, never high. */
double cpu_need(const struct model *m, const struct replay *r, double factor)
{
    double cpu = 0; /* a double: forged times near 2^64 add up without overflow */
    for (uint32_t t = 0; meta_cpus(m) && t < m->nth; t++) {
        uint64_t own = meta_thread_cpu(m, m->th[t].tid), est = 0, life = m->th[t].end - m->th[t].start;
        if (!own)
            continue;
        own = MIN(own, life); /* one thread runs on one CPU at a time: more is a forged record */
        if (!meta_hold_sum(m, m->th[t].tid, m->lk[r->lock].addr, &est) || est < r->work[t].held_ns)
            est = r->work[t].held_ns;
        double spun = 0; /* waits on a lock that spins: their CPU time changes with the holds */
        for (size_t k = 0; k < m->th[t].nwait; k++) {
            const struct wait *w = &m->waits[m->th[t].wait_off + k];
            if (lw_kinds[lw_kind_of_type(m->lk[w->lock].type)].spins)
                spun += (double)(w->e - w->s);
        }
        cpu += MAX(0.0, (double)own - spun - (1 - factor) * (double)est);
    }
    return cpu;
}

/* A floor above the traced span at factor 1 says the trace's CPU count or
 * CPU times are wrong (threads pinned elsewhere than the writer, a forged
 * record): the threads cannot have spent more CPU than the span on the
 * CPUs, and the prediction at 1 is the traced run. No floor then (0). */
uint64_t cpu_floor(const struct model *m, const struct replay *r, double factor)
{
    uint32_t cpus = meta_cpus(m);
    uint64_t span = m->nth ? m->th[m->last_thread].end - m->t_first : 0;
    if (!cpus || cpu_need(m, r, 1) / cpus > (double)span)
        return 0;
    return (uint64_t)llround(cpu_need(m, r, factor) / cpus); /* at most the span: the need grows with factor */
}

void replay_free(struct replay *r)
{
    free(r->st);
    free(r->start_of);
    free(r->run);
    free(r->todo);
    free(r->mark);
    free(r->acq);
    free(r->grant_at);
    free(r->obs_at);
    free(r->work);
    handoff_free(&r->hm);
}

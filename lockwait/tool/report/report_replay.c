/* report_replay.c - the what-if's replay (report_whatif.c): the trace
 * replayed with one lock's holds scaled by a factor, to predict the
 * program's wall time.
 *
 * Model (docs/lockwait-manual.md, "What if a lock's holds were shorter").
 * Each thread is a list of steps in its observed time order; between two
 * steps it runs its own work, kept as observed except inside a hold of the
 * chosen lock, where it is scaled by FACTOR. The steps:
 *   acquire  the chosen lock: each traced acquisition (a wait that ended
 *            with it, or a hold someone waited for), granted in the order
 *            the threads now ask for it: one that finds the lock free takes
 *            it at once; one that finds it held queues, and a release wakes
 *            the one queued longest, which takes it after a hand-off that
 *            depends on how long it now waited (report_handoff.c: a spin or
 *            a wake-up, learned from the trace). Bound (r->bound, chosen by
 *            report_whatif.c where arrival order does not give the trace
 *            back), a waiter may take it only once the hold whose release
 *            ended its wait in the trace has ended
 *   release  the chosen lock
 *   wait     any other wait: it ends when the thread whose release (unlock,
 *            post, signal, last arrival) ended it in the trace reaches that
 *            release in the replay, plus the observed wake-up delay; a wait
 *            nothing ended (timed out, idle) keeps its length
 *   mark     a release some other thread's wait depends on, or the creation
 *            of a traced thread (which starts when its creator reaches it)
 * The replay takes the threads' steps in the order of their replay times
 * (a heap), parks a thread on a mark not yet reached and wakes it when that
 * is reached: each step is handled once, so time grows with the records
 * (n log n).
 * Holds nobody waited for are not traced: they are inside their thread's
 * own work. Where the trace has the thread's estimated total hold time of
 * the lock (HOLD_SUM), the untraced part (that total less its traced holds,
 * as the replay at factor 1 measures them) is taken as spread evenly over
 * its own work, which then shrinks by (1 - FACTOR) x untraced / own work;
 * without it (older traces) own work is kept unscaled. A replay that
 * cannot go on (a cycle the observed steps make, as with a hold whose
 * release was lost) lets the parked wait that came first through and counts
 * it (forced_count=). Each factor is replayed under the learned
 * hand-offs and, for the range, with every waiter spinning and sleeping
 * (whatif_predict in report_handoff.c). */
#define _GNU_SOURCE
#include "common.h"
#include "report_meta.h"
#include "report_model.h"
#include "report_util.h"
#include "report_replay.h"
#include "../lw_search.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* at equal times: releases and marks before the waits that may need them */
enum step_kind { ST_REL, ST_MARK, ST_WAIT, ST_ACQ, ST_END };
/* a timed hold's start may come a clock read after its ACQUIRE */
#define HOLD_START_SLACK_NS 1000u
#define STEP_KEY(t, kind) ((t) << 2 | ((kind) == ST_REL ? 0u : (kind) == ST_MARK ? 1u : (kind) == ST_END ? 3u : 2u))

/* key: observed time << 2 | rank; resume: observed time the thread runs on
 * from (a wait's end); hold: the chosen lock's hold an ST_ACQ or ST_REL
 * begins or ends (NOBODY: not traced); arg: the hold whose release ended
 * the wait in the trace (ST_ACQ, NOBODY: none), or the mark (ST_WAIT:
 * NOBODY = keep its length; ST_MARK); brief: an acquisition whose release
 * is not in the trace or comes at once (a hold of unknown start); waited:
 * an acquisition that waited in the trace for a known release (lat is its
 * own hand-off, for the hand-off model) */
struct step { uint64_t key, resume, lat; uint32_t thread, arg, hold; uint8_t kind, brief, waited; };

struct runner {
    size_t k, end;     /* its steps [k, end) still to run */
    uint64_t now, obs; /* replay clock, and the observed time it corresponds to */
    uint64_t when;     /* the replay time of its next step (in the heap) */
    uint64_t arrived;  /* when it asked for the lock it is queued for */
    int holding, done;
    int woken;            /* handed the lock from the queue: it runs at now */
    uint32_t next_parked; /* the next thread parked on the same mark */
};


static void add_step(struct replay *r, uint32_t t, uint64_t at, int kind, uint64_t resume, uint64_t lat,
                     uint32_t arg)
{
    r->st = grow(r->st, &r->cap, r->nst + 1, sizeof *r->st);
    r->st[r->nst++] = (struct step){STEP_KEY(at, kind), resume, lat, t, arg, NOBODY, (uint8_t)kind, 0, 0};
}

/* the waits other than for the chosen lock: each a dependency on the release
 * that ended it (a mark on the releaser), or a fixed delay */
static void dependency_steps(const struct model *m, struct replay *r, const uint32_t *enders, uint8_t *marked)
{
    for (uint32_t t = 0; t < m->nth; t++)
        for (size_t k = 0; k < m->th[t].nwait; k++) {
            const struct wait *w = &m->waits[m->th[t].wait_off + k];
            if (w->lock == r->lock && !w->timed_out)
                continue;
            uint32_t h = enders[m->th[t].wait_off + k];
            uint64_t lat = h == NOBODY ? w->e - w->s : w->e - m->holds[h].e;
            if (h != NOBODY && !marked[h]) {
                marked[h] = 1;
                add_step(r, m->holds[h].who, m->holds[h].e, ST_MARK, m->holds[h].e, 0, h);
            }
            add_step(r, t, w->s, ST_WAIT, w->e, lat, h);
        }
}

/* the start of each thread whose creator is traced: a mark on the creator */
static void creation_steps(const struct model *m, struct replay *r)
{
    struct tk { uint64_t tid; uint32_t i; } *by_tid = xmalloc(sizeof *by_tid * (m->nth ? m->nth : 1));
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
 * resume; lat: UINT64_MAX when it did not wait; ender: the hold whose
 * release ended its wait, NOBODY if none, and then lat is its hand-off), and
 * the release of the hold at rel (UINT64_MAX: not traced, taken as at
 * once); hold: its index (NOBODY: not traced) */
static void acquisition(struct replay *r, uint32_t t, uint64_t at, uint64_t resume, uint64_t lat, uint64_t rel,
                        uint32_t ender, uint32_t hold)
{
    add_step(r, t, at, ST_ACQ, resume, lat, ender);
    r->st[r->nst - 1].waited = ender != NOBODY;
    r->st[r->nst - 1].hold = hold;
    if (rel == UINT64_MAX || rel <= resume) {
        r->st[r->nst - 1].brief = 1;
    } else {
        add_step(r, t, rel, ST_REL, 0, 0, 0);
        r->st[r->nst - 1].hold = hold;
    }
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
 * its start; where the trace did not time that start, when the first wait
 * it ended began (asked: the holder had the lock by then), or at the end of
 * its previous hold if that came later; a timed start after the REQUEST of
 * a wait that named its thread, at that (the replay at 1 gives the trace). */
static void thread_lock_steps(const struct model *m, struct replay *r, uint32_t t, const struct hold *const *hs, size_t nh,
                              const uint32_t *enders, const uint64_t *asked)
{
    size_t j = 0;
    uint64_t last = 0; /* the end of its previous hold */
    for (size_t k = next_lock_wait(m, r, t, 0);; k = next_lock_wait(m, r, t, k + 1)) {
        const struct wait *w = k < m->th[t].nwait ? &m->waits[m->th[t].wait_off + k] : NULL;
        for (; j < nh && (!w || hs[j]->e <= w->s); j++) { /* acquired without a wait */
            size_t h = (size_t)(hs[j] - m->holds); /* start untimed, or timed late (clocks of two CPUs apart) */
            uint64_t s = MAX(last, MIN(hs[j]->s, asked[hs[j]->s == hs[j]->e ? h : m->mstat.holds + 1 + h]));
            acquisition(r, t, s, s, UINT64_MAX, hs[j]->e, NOBODY, (uint32_t)h);
            last = hs[j]->e;
        }
        if (!w)
            break;
        size_t k2 = next_lock_wait(m, r, t, k + 1);
        uint64_t next = k2 < m->th[t].nwait ? m->waits[m->th[t].wait_off + k2].s : UINT64_MAX, rel = UINT64_MAX;
        uint32_t hold = NOBODY;
        if (j < nh && hs[j]->e <= next && (hs[j]->s <= w->e + HOLD_START_SLACK_NS || hs[j]->s == hs[j]->e)) {
            hold = (uint32_t)(hs[j] - m->holds);
            rel = last = hs[j++]->e;
        }
        uint32_t ender = enders[(size_t)(w - m->waits)]; /* its handoff: from that release to its end */
        acquisition(r, t, w->s, w->e, ender == NOBODY ? 0 : w->e - m->holds[ender].e, rel, ender, hold);
    }
}

/* the chosen lock's holds, thread by thread, each thread's by start */
static const struct hold **holds_by_thread(const struct model *m, uint32_t l, size_t *first)
{
    const struct hold **out = xmalloc(sizeof *out * (m->lk[l].nhold ? m->lk[l].nhold : 1));
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

/* the lock's mean handoff, for the acquisitions that did not wait (lat
 * UINT64_MAX) */
static void mean_handoff(struct replay *r)
{
    uint64_t sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < r->nst; i++)
        if (r->st[i].kind == ST_ACQ && r->st[i].lat != UINT64_MAX) {
            sum += r->st[i].lat;
            n++;
        }
    r->mean_lat = n ? sum / n : 0;
    for (size_t i = 0; i < r->nst; i++)
        if (r->st[i].kind == ST_ACQ && r->st[i].lat == UINT64_MAX)
            r->st[i].lat = r->mean_lat;
}

/* the hand-off model from the acquisitions that waited for a known release:
 * the wait before that release, and the hand-off after it */
static void learn_handoffs(struct replay *r)
{
    uint64_t *pre = xmalloc(sizeof *pre * (r->nacq ? r->nacq : 1));
    uint64_t *lat = xmalloc(sizeof *lat * (r->nacq ? r->nacq : 1));
    size_t n = 0;
    for (size_t i = 0; i < r->nst; i++)
        if (r->st[i].kind == ST_ACQ && r->st[i].waited) {
            uint64_t wait = r->st[i].resume - (r->st[i].key >> 2);
            pre[n] = wait > r->st[i].lat ? wait - r->st[i].lat : 0;
            lat[n++] = r->st[i].lat;
        }
    handoff_learn(&r->hm, pre, lat, n);
    free(pre);
    free(lat);
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
    struct step *out = xmalloc(sizeof *out * (r->nst ? r->nst : 1));
    for (size_t i = 0; i < r->nst; i++)
        out[fill[r->st[i].thread]++] = r->st[i];
    for (uint32_t t = 0; t < m->nth; t++)
        sort_by_key(out + r->start_of[t], r->start_of[t + 1] - r->start_of[t], sizeof *out);
    free(fill);
    free(r->st);
    r->st = out;
}

/* per hold h: the first start of a wait it ended, and of one naming its thread (at holds + 1 + h) */
static uint64_t *first_asked(const struct model *m, const uint32_t *enders)
{
    size_t nh = m->mstat.holds + 1;
    uint64_t *asked = xmalloc(sizeof *asked * 2 * nh);
    for (size_t h = 0; h < 2 * nh; h++)
        asked[h] = UINT64_MAX;
    for (uint32_t t = 0; t < m->nth; t++)
        for (size_t k = 0; k < m->th[t].nwait; k++) {
            size_t i = m->th[t].wait_off + k;
            uint32_t h = enders[i];
            if (h == NOBODY)
                continue;
            asked[h] = MIN(asked[h], m->waits[i].s);
            if (m->waits[i].hint == m->holds[h].who + 1)
                asked[nh + h] = MIN(asked[nh + h], m->waits[i].s);
        }
    return asked;
}

static void build_steps(const struct model *m, struct replay *r, const uint32_t *enders)
{
    uint8_t *marked = zalloc(m->mstat.holds + 1, 1);
    size_t *first = xmalloc(sizeof *first * (m->nth + 1));
    const struct hold **hs = holds_by_thread(m, r->lock, first);
    uint64_t *asked = first_asked(m, enders);
    dependency_steps(m, r, enders, marked);
    creation_steps(m, r);
    for (uint32_t t = 0; t < m->nth; t++) {
        thread_lock_steps(m, r, t, hs + first[t], first[t + 1] - first[t], enders, asked);
        add_step(r, t, m->th[t].end, ST_END, m->th[t].end, 0, 0);
    }
    mean_handoff(r);
    learn_handoffs(r);
    order_steps(m, r);
    r->nmarks = m->mstat.holds + m->nth;
    free(asked);
    free(hs);
    free(first);
    free(marked);
}

/* ---- the replay ---- */

/* The replay runs the threads' steps in the order of their replay times
 * (a heap of the threads by the time of each one's next step), so that the
 * lock goes to whoever now asks for it first: a thread that finds it free
 * takes it at once; one that finds it held queues, and each release hands
 * the lock to the one queued longest, which runs after its hand-off. */

/* thread t's replay clock at observed time at: its work since, scaled
 * inside a hold, and outside by the share that is untraced hold; the
 * replay at factor 1 (unscaled) measures the two */
static uint64_t work_until(struct replay *r, uint32_t t, uint64_t at)
{
    const struct runner *u = &r->run[t];
    uint64_t d = at > u->obs ? at - u->obs : 0;
    if (r->factor == 1) {
        *(u->holding ? &r->held_ns[t] : &r->own_ns[t]) += d;
        return u->now + d;
    }
    double scale = u->holding ? r->factor : 1 - (1 - r->factor) * r->untraced_share[t];
    return u->now + (uint64_t)llround((double)d * scale);
}

/* by time; at equal times a step that did not wait in the trace first (a
 * hold start the trace did not time is inferred as the first waiter's
 * request: the holder had the lock by then), then by thread */
static int runs_before(const struct replay *r, uint32_t a, uint32_t b)
{
    const struct runner *x = &r->run[a], *y = &r->run[b];
    if (x->when != y->when)
        return x->when < y->when;
    int wa = r->st[x->k].waited, wb = r->st[y->k].waited;
    return wa != wb ? wa < wb : a < b;
}

/* thread t's next step into the heap, at the time it comes to it (a
 * woken waiter: at its hand-off's end, already in now) */
static void schedule(struct replay *r, uint32_t t)
{
    struct runner *u = &r->run[t];
    if (u->k >= u->end)
        return;
    u->when = u->woken ? u->now : work_until(r, t, r->st[u->k].key >> 2);
    size_t i = r->nheap++;
    for (; i > 0 && runs_before(r, t, r->heap[(i - 1) / 2]); i = (i - 1) / 2)
        r->heap[i] = r->heap[(i - 1) / 2];
    r->heap[i] = t;
}

static uint32_t next_runner(struct replay *r)
{
    uint32_t top = r->heap[0], last = r->heap[--r->nheap];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= r->nheap)
            break;
        if (c + 1 < r->nheap && runs_before(r, r->heap[c + 1], r->heap[c]))
            c++;
        if (!runs_before(r, r->heap[c], last))
            break;
        r->heap[i] = r->heap[c];
        i = c;
    }
    if (r->nheap)
        r->heap[i] = last;
    return top;
}

/* a wait for a mark reached at mark_at ends: the thread runs on */
static void wait_over(struct replay *r, uint32_t t, const struct step *s)
{
    struct runner *u = &r->run[t];
    u->now = s->arg == NOBODY ? u->now + s->lat : MAX(u->now, r->mark_at[s->arg] + s->lat);
    u->obs = MAX(u->obs, s->resume);
    u->k++;
    schedule(r, t);
}

static void reach_mark(struct replay *r, uint32_t mark, uint64_t at)
{
    r->mark_at[mark] = at;
    for (uint32_t t = r->parked[mark], next; t != NOBODY; t = next) {
        next = r->run[t].next_parked;
        wait_over(r, t, &r->st[r->run[t].k]);
    }
    r->parked[mark] = NOBODY;
}

/* thread t may take the lock: in arrival order, always; bound, once the
 * hold whose release ended its wait in the trace has ended in the replay
 * too (the lock was that holder's then) */
static int may_take(const struct replay *r, uint32_t t)
{
    uint32_t ender = r->st[r->run[t].k].arg;
    return !r->bound || ender == NOBODY || r->released[ender] != UINT64_MAX;
}

/* the lock free at `at`: it goes to the waiter queued longest that may take
 * it (any, when forced), which runs after its hand-off (that depends on how
 * long it has waited) */
static void hand_on(struct replay *r, uint64_t at, int forced)
{
    r->holder = NOBODY;
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < r->nqueue; i++)
        if ((forced || may_take(r, r->queue[i])) &&
            (best == SIZE_MAX || r->run[r->queue[i]].arrived < r->run[r->queue[best]].arrived))
            best = i;
    if (best == SIZE_MAX)
        return;
    uint32_t t = r->queue[best];
    r->queue[best] = r->queue[--r->nqueue];
    struct runner *w = &r->run[t];
    const struct step *s = &r->st[w->k];
    uint64_t wait = s->resume - MIN(s->resume, s->key >> 2); /* its observed one */
    uint64_t own_pre = wait - MIN(wait, s->lat);
    at = MAX(at, w->arrived);
    w->now = at + handoff_cost(&r->hm, at - w->arrived, s->lat, own_pre, s->waited);
    w->woken = 1;
    r->holder = t;
    schedule(r, t);
}

/* hold (NOBODY: untraced) of thread u ends at `at` */
static void release(struct replay *r, struct runner *u, uint32_t hold, uint64_t at)
{
    if (hold != NOBODY)
        r->released[hold] = at;
    if (u->holding) {
        u->holding = 0;
        hand_on(r, at, 0);
    } else if (r->holder == NOBODY && hold != NOBODY) { /* a waiter may take it now */
        hand_on(r, at, 0);
    }
}

static void acquire(struct replay *r, uint32_t t, const struct step *s)
{
    struct runner *u = &r->run[t];
    if (!u->woken && (r->holder != NOBODY || !may_take(r, t))) { /* held: in the queue */
        u->arrived = u->now;
        r->queue[r->nqueue++] = t;
        return;
    }
    u->woken = 0; /* handed the lock by its release, or found it free */
    u->obs = MAX(u->obs, s->resume);
    u->holding = 1;
    r->holder = t;
    if (s->brief)
        release(r, u, s->hold, u->now);
    u->k++;
    schedule(r, t);
}

/* thread t's next step, at its time */
static void step(struct replay *r, uint32_t t)
{
    struct runner *u = &r->run[t];
    const struct step *s = &r->st[u->k];
    if (!u->woken) {
        u->now = u->when;
        u->obs = MAX(u->obs, s->key >> 2);
    }
    switch (s->kind) {
    case ST_MARK:
        reach_mark(r, s->arg, u->now);
        break;
    case ST_REL:
    case ST_END:
        if (u->holding || s->kind == ST_REL)
            release(r, u, s->kind == ST_REL ? s->hold : NOBODY, u->now);
        u->done = s->kind == ST_END;
        break;
    case ST_WAIT:
        if (s->arg != NOBODY && r->mark_at[s->arg] == UINT64_MAX) {
            u->next_parked = r->parked[s->arg];
            r->parked[s->arg] = t;
        } else {
            wait_over(r, t, s);
        }
        return;
    default:
        acquire(r, t, s);
        return;
    }
    u->k++;
    schedule(r, t);
}

/* nothing can run (a cycle the observed steps make, as with a hold whose
 * release was lost): the thread parked on a mark that came to it first
 * goes on, and the mark counts as reached then */
static int force_one(const struct model *m, struct replay *r)
{
    uint32_t best = NOBODY;
    for (uint32_t t = 0; t < m->nth; t++) {
        const struct runner *u = &r->run[t];
        if (u->k < u->end && r->st[u->k].kind == ST_WAIT && (best == NOBODY || u->now < r->run[best].now))
            best = t;
    }
    if (best == NOBODY) { /* all queued for a lock whose holder waits for it too (overlapping holds) */
        if (!r->nqueue)
            return 0;
        uint64_t at = UINT64_MAX;
        for (size_t i = 0; i < r->nqueue; i++)
            at = MIN(at, r->run[r->queue[i]].arrived);
        if (r->holder != NOBODY)
            r->run[r->holder].holding = 0;
        r->forced++;
        hand_on(r, at, 1);
        return 1;
    }
    const struct step *s = &r->st[r->run[best].k];
    for (uint32_t *p = &r->parked[s->arg]; *p != NOBODY; p = &r->run[*p].next_parked)
        if (*p == best) {
            *p = r->run[best].next_parked;
            break;
        }
    r->mark_at[s->arg] = r->run[best].now;
    r->forced++;
    wait_over(r, best, s);
    return 1;
}

/* the replay's end: the last thread's last step */
uint64_t replay(const struct model *m, struct replay *r)
{
    for (size_t mark = 0; mark < r->nmarks; mark++) {
        r->mark_at[mark] = UINT64_MAX;
        r->parked[mark] = NOBODY;
    }
    r->nheap = r->nqueue = r->forced = 0;
    for (size_t h = 0; h < r->nholds; h++)
        r->released[h] = UINT64_MAX;
    r->holder = NOBODY;
    handoff_rewind(&r->hm, r->mode);
    memset(r->own_ns, 0, sizeof *r->own_ns * m->nth);
    memset(r->held_ns, 0, sizeof *r->held_ns * m->nth);
    for (uint32_t t = 0; t < m->nth; t++) {
        r->run[t] = (struct runner){.k = r->start_of[t], .end = r->start_of[t + 1], .now = m->th[t].start,
                                    .obs = m->th[t].start, .next_parked = NOBODY};
        schedule(r, t);
    }
    do {
        while (r->nheap)
            step(r, next_runner(r));
    } while (force_one(m, r));
    uint64_t end = m->t_first;
    for (uint32_t t = 0; t < m->nth; t++)
        end = MAX(end, r->run[t].now);
    return end - m->t_first;
}

/* enders: the release that ended each wait (wait_enders) */
void replay_init(const struct model *m, struct replay *r, uint32_t l, const uint32_t *enders)
{
    memset(r, 0, sizeof *r);
    r->lock = l;
    r->m = m;
    build_steps(m, r, enders);
    r->run = xmalloc(sizeof *r->run * (m->nth ? m->nth : 1));
    r->heap = xmalloc(sizeof *r->heap * (m->nth ? m->nth : 1));
    r->queue = xmalloc(sizeof *r->queue * (m->nth ? m->nth : 1));
    r->nholds = m->mstat.holds;
    r->released = xmalloc(sizeof *r->released * (r->nholds + 1));
    r->mark_at = xmalloc(sizeof *r->mark_at * (r->nmarks ? r->nmarks : 1));
    r->parked = xmalloc(sizeof *r->parked * (r->nmarks ? r->nmarks : 1));
    r->own_ns = zalloc(m->nth + 1, sizeof *r->own_ns);
    r->held_ns = zalloc(m->nth + 1, sizeof *r->held_ns);
    r->untraced_share = zalloc(m->nth + 1, sizeof *r->untraced_share);
}

void replay_free(struct replay *r)
{
    free(r->st);
    free(r->start_of);
    free(r->run);
    free(r->heap);
    free(r->queue);
    free(r->released);
    free(r->mark_at);
    free(r->parked);
    free(r->own_ns);
    free(r->held_ns);
    free(r->untraced_share);
    handoff_free(&r->hm);
}

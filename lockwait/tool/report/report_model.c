/* report_model.c - lockwait_report's model of a trace: threads, locks, waits
 * and holds (with the starts of untimed holds inferred), each thread's
 * critical sections, and each lock's timeline.
 *
 * A lock's timeline says, for every moment, what would keep a waiter on it
 * waiting: its holds in start order each cover the moments no earlier-started
 * hold covers (holder); the stretches no hold covers are cut by the releases
 * in them, each release ending a releaser stretch since the previous one, and
 * what follows the last release is a tail (report_pieces.c turns it into the
 * waits' pieces). One segment per hold or release: memory and time grow with
 * the records (n log n for the sorts). The trace is read in chunks
 * (report_load.c). */
#define _GNU_SOURCE
#include "common.h"
#include "report_build.h"
#include "report_util.h"
#include "../lw_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void model_init(struct model *m, const char *path)
{
    *m = (struct model){.path = path, .t_first = UINT64_MAX, .th_last = UINT32_MAX, .lk_last = UINT32_MAX,
                        .trace_fd = -1};
}

int lock_selected(const struct model *m, uint32_t l, const struct select *sel)
{
    return m->lk[l].nhold >= sel->locked_min && m->by_lock_off[l + 1] - m->by_lock_off[l] >= sel->contended_min;
}

int lock_exclusive(const struct lock *l)
{
    return lw_kinds[lw_kind_of_type(l->type)].exclusive;
}

int lock_unended_idle(const struct lock *l)
{
    return (lw_kinds[lw_kind_of_type(l->type)].idle & LW_IDLE_UNENDED) != 0;
}

static uint64_t hash64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    return x ^ (x >> 33);
}

/* The slot of key in ix, a table of n entries: its entry, or the empty slot
 * it goes into (open addressing). The table is rebuilt at half load, so it
 * stays proportional to the threads or locks. */
static struct slot *slot_of(struct index *ix, size_t n, uint64_t key)
{
    if (2 * (n + 1) > ix->cap) {
        struct index old = *ix;
        ix->cap = old.cap ? 2 * old.cap : 256;
        ix->slot = zalloc(ix->cap, sizeof *ix->slot);
        for (size_t i = 0; i < old.cap; i++)
            if (old.slot[i].at) /* (at half load in the new table: no rebuild) */
                *slot_of(ix, n, old.slot[i].key) = old.slot[i];
        free(old.slot);
    }
    size_t j = hash64(key) & (ix->cap - 1);
    while (ix->slot[j].at && ix->slot[j].key != key)
        j = (j + 1) & (ix->cap - 1);
    return &ix->slot[j];
}

uint32_t thread_of(struct model *m, uint32_t tid)
{
    if (m->th_last < m->nth && m->th[m->th_last].tid == tid) /* records come thread by thread */
        return m->th_last;
    struct slot *s = slot_of(&m->th_index, m->nth, tid);
    if (!s->at) {
        *APPEND(m->th, m->nth, m->cap_th) = (struct thread){.tid = tid};
        *s = (struct slot){tid, (uint32_t)m->nth};
    }
    return m->th_last = s->at - 1;
}

/* index of the lock at addr, created on first sight */
static uint32_t lock_of(struct model *m, uint64_t addr, int type)
{
    if (m->lk_last < m->nlk && m->lk[m->lk_last].addr == addr)
        return m->lk_last;
    struct slot *s = slot_of(&m->lk_index, m->nlk, addr);
    if (!s->at) {
        *APPEND(m->lk, m->nlk, m->cap_lk) = (struct lock){.addr = addr, .type = type};
        *s = (struct slot){addr, (uint32_t)m->nlk};
    }
    return m->lk_last = s->at - 1;
}

/* ---- holds: inferred starts ---- */

/* The library times only a sample of holds; a RELEASE of an untimed one has
 * aux 0. Its start is inferred per lock, in time order. Candidates: the
 * holder's own contended acquisition of the lock, and a REQUEST that named
 * it as the holder. A candidate counts only if someone waited on the lock
 * without a break from it to the release: while anyone waits, every release
 * is traced, so the holder cannot have let go unseen in between (an
 * uncontended release and re-acquisition leave no trace). Otherwise the hold
 * stays a point at its release. Condvars have no holds (their releases are
 * signals). */
struct ev { uint64_t key; uint32_t hold, who; int kind; }; /* key: time << 2 | rank; hold: a release's */
enum { E_REQ, E_END, E_ACQ, E_REL }; /* E_END: a wait ends without the lock */
/* at equal times: requests, then releases, then the waits they end */
#define EV_KEY(t, kind) ((t) << 2 | ((kind) == E_REQ ? 0u : (kind) == E_REL ? 1u : 2u))

static void infer_hold_starts(struct model *m)
{
    uint64_t *open = zalloc(m->nth + 1, sizeof *open);
    uint32_t *stamp = zalloc(m->nth + 1, sizeof *stamp);
    struct ev *ev = NULL;
    size_t cap = 0;
    for (uint32_t l = 0; l < m->nlk; l++) {
        struct hold *hs = m->holds + m->lk[l].hold_off;
        int points = 0;
        for (size_t j = 0; j < m->lk[l].nhold && !points; j++)
            points = hs[j].s == hs[j].e;
        if (!points || m->lk[l].type == LW_T_COND)
            continue;
        size_t n = 0;
        ev = grow(ev, &cap, 2 * (m->by_lock_off[l + 1] - m->by_lock_off[l]) + m->lk[l].nhold, sizeof *ev);
        for (size_t k = m->by_lock_off[l]; k < m->by_lock_off[l + 1]; k++) {
            const struct wait *w = &m->waits[m->by_lock[k].wait];
            int end = w->timed_out ? E_END : E_ACQ;
            ev[n++] = (struct ev){EV_KEY(w->s, E_REQ), 0, w->hint ? w->hint - 1 : NOBODY, E_REQ};
            ev[n++] = (struct ev){EV_KEY(w->e, end), 0, m->by_lock[k].thread, end};
        }
        for (size_t j = 0; j < m->lk[l].nhold; j++)
            ev[n++] = (struct ev){EV_KEY(hs[j].e, E_REL), (uint32_t)j, hs[j].who, E_REL};
        sort_by_key(ev, n, sizeof *ev);
        size_t waiting = 0;
        uint64_t last_idle = 0; /* the last moment nobody waited (0: before the trace) */
        for (size_t k = 0; k < n; k++) {
            uint64_t t = ev[k].key >> 2;
            uint32_t x = ev[k].who;
            if (x != NOBODY && stamp[x] != l + 1) {
                stamp[x] = l + 1;
                open[x] = 0;
            }
            switch (ev[k].kind) {
            case E_REQ:
                waiting++;
                if (x != NOBODY && open[x] <= last_idle) /* none yet, or one from before a break */
                    open[x] = t;
                break;
            case E_ACQ:
                open[x] = t;
                /* fall through */
            case E_END:
                if (waiting && --waiting == 0)
                    last_idle = t;
                break;
            default: { /* E_REL */
                struct hold *h = &hs[ev[k].hold];
                if (h->s == h->e && open[x] > last_idle && open[x] < h->e)
                    h->s = open[x];
                open[x] = 0;
                break;
            }
            }
        }
    }
    free(ev);
    free(open);
    free(stamp);
}

/* ---- timelines ---- */

/* the stretch [a, b) that no hold covers: cut by the releases in (a, b] of
 * the point holds (all others end where a covered stretch ends), read from
 * *p on; each release ends a releaser segment, what follows the last is a
 * tail */
static size_t gap(const struct hold *hs, size_t n, uint32_t skip, size_t *p, uint64_t a, uint64_t b,
                  struct tseg *out, size_t len)
{
    uint64_t cur = a;
    for (; *p < n; ++*p) {
        const struct hold *h = &hs[*p];
        if (h->who == skip || h->e != h->s || h->e <= a)
            continue;
        if (h->e > b)
            break;
        if (h->e > cur) { /* two releases at once: the first in hold order ends the stretch */
            out[len++] = (struct tseg){cur, h->who, S_RELEASER};
            cur = h->e;
        }
    }
    if (cur < b)
        out[len++] = (struct tseg){cur, 0, S_TAIL};
    return len;
}

/* Each moment goes to the earliest-started hold covering it. */
size_t timeline(const struct hold *hs, size_t n, uint32_t skip, struct tseg *out)
{
    size_t len = 0, p = 0;
    uint64_t c = 0; /* covered up to here */
    for (size_t j = 0; j < n; j++) {
        const struct hold *h = &hs[j];
        if (h->who == skip || h->e <= h->s || h->e <= c)
            continue;
        uint64_t s = MAX(h->s, c);
        if (s > c)
            len = gap(hs, n, skip, &p, c, s, out, len);
        out[len++] = (struct tseg){s, h->who, S_HOLDER};
        c = h->e;
    }
    return gap(hs, n, skip, &p, c, UINT64_MAX, out, len);
}

size_t seg_find_from(const struct tseg *sg, size_t n, uint64_t t, size_t from)
{
    size_t lo = 0, hi = n;
    if (from < n && sg[from].x <= t) {
        size_t step = 1;
        lo = from;
        while (lo + step < n && sg[lo + step].x <= t) {
            lo += step;
            step *= 2;
        }
        hi = lo + step < n ? lo + step : n;
    }
    size_t after = lo + 1; /* sg[lo].x <= t: the first segment starting after t is above lo */
    LOWER_BOUND(after, hi, sg[mid].x <= t);
    return after - 1;
}

/* Segment k of sg[0..n) as a piece of wait w (the segment overlaps it). A
 * tail, or a releaser stretch whose release comes after the wait, is the
 * waiter being woken: a handoff, unless it is where the wait began (then
 * nothing was released during it: the REQUEST's holder, or unknown). */
void seg_piece(const struct tseg *sg, size_t n, size_t k, const struct wait *w, struct piece *p)
{
    uint64_t y = k + 1 < n ? sg[k + 1].x : UINT64_MAX;
    int kind = sg[k].kind;
    p->s = MAX(sg[k].x, w->s);
    p->e = MIN(y, w->e);
    p->by = sg[k].by;
    if (kind == S_RELEASER && y > w->e)
        kind = S_TAIL;
    if (kind != S_TAIL) {
        p->kind = kind == S_HOLDER ? P_HOLDER : P_RELEASER;
    } else if (p->s > w->s) {
        p->kind = P_HANDOFF;
        p->by = 0;
    } else if (w->hint) {
        p->kind = P_HINT;
        p->by = w->hint - 1;
    } else {
        p->kind = P_UNKNOWN;
        p->by = 0;
    }
}

static int by_end(const void *a, const void *b)
{
    const struct hold *x = a, *y = b;
    return x->e != y->e ? CMP(x->e, y->e) : CMP(x->s, y->s);
}

/* An exclusive lock has one holder at a time, so a hold that starts before
 * an earlier-ending one ends has a start that is wrong: inferred from a
 * waiter's stale view of the holder (infer_hold_starts), or a clock read on
 * another CPU. It starts at that end instead (counted: mstat.clipped). */
static void clip_exclusive(struct model *m, struct hold *hs, size_t n)
{
    qsort(hs, n, sizeof *hs, by_end);
    uint64_t last_end = 0;
    for (size_t j = 0; j < n; j++) {
        if (hs[j].s < last_end) {
            hs[j].s = MIN(last_end, hs[j].e);
            m->mstat.clipped++;
        }
        last_end = MAX(last_end, hs[j].e);
    }
}

static void build_timelines(struct model *m)
{
    size_t total = 0, off = 0;
    for (size_t l = 0; l < m->nlk; l++)
        total += 2 * m->lk[l].nhold + 1;
    m->tsegs = xmalloc(sizeof *m->tsegs * total); /* an upper bound, touched only as filled */
    for (size_t l = 0; l < m->nlk; l++) {
        struct hold *hs = m->holds + m->lk[l].hold_off;
        size_t n = m->lk[l].nhold;
        if (lock_exclusive(&m->lk[l]))
            clip_exclusive(m, hs, n);
        sort_by_key(hs, n, sizeof *hs);
        for (size_t j = 0; j < n; j++) {
            if (j && hs[j].s < hs[j - 1].e)
                m->lk[l].holds_overlap = 1; /* rwlock readers, nested locks */
            m->lk[l].max_hold = MAX(m->lk[l].max_hold, hs[j].e - hs[j].s);
        }
        m->lk[l].seg_off = off;
        m->lk[l].nseg = timeline(hs, n, NOBODY, m->tsegs + off);
        off += m->lk[l].nseg;
    }
    m->mstat.tsegs = off;
}

/* Each thread's critical sections: its holds (lock by lock, each by start,
 * then stably by start), each moment to the earliest-started one. */
static void build_sections(struct model *m)
{
    uint32_t *pos = zalloc(m->mstat.holds, sizeof *pos);
    size_t *fill = zalloc(m->nth + 1, sizeof *fill), most = 0;
    for (size_t l = 0; l < m->nlk; l++)
        for (size_t j = 0; j < m->lk[l].nhold; j++) {
            uint32_t t = m->holds[m->lk[l].hold_off + j].who;
            pos[m->th[t].cs_off + fill[t]++] = (uint32_t)(m->lk[l].hold_off + j);
        }
    for (size_t t = 0; t < m->nth; t++)
        most = MAX(most, fill[t]);
    struct tk { uint64_t s; uint32_t i; } *tmp = zalloc(most, sizeof *tmp);
    m->css = zalloc(m->mstat.holds, sizeof *m->css);
    for (size_t t = 0; t < m->nth; t++) {
        size_t n = fill[t], len = 0;
        for (size_t j = 0; j < n; j++)
            tmp[j] = (struct tk){m->holds[pos[m->th[t].cs_off + j]].s, pos[m->th[t].cs_off + j]};
        sort_by_key(tmp, n, sizeof *tmp);
        uint64_t c = 0;
        for (size_t j = 0; j < n; j++) {
            const struct hold *h = &m->holds[tmp[j].i];
            if (h->e <= h->s || h->e <= c)
                continue;
            m->css[m->th[t].cs_off + len++] = (struct cs){MAX(h->s, c), h->e, h->lock};
            c = h->e;
        }
        m->th[t].ncs = len;
    }
    free(tmp);
    free(fill);
    free(pos);
}

/* ---- building ---- */

/* records 7 to 15 (version 2) name code and threads, HOLD_SUM sums a
 * thread's holds: report_meta.c reads them; the model skips them, and takes
 * HOLD_SITE (the acquire site of the RELEASE before it) only in the second
 * pass */
static int is_meta(const struct lw_trace_record *r)
{
    return (r->event >= LW_EV_STACK && r->event < 16) || r->event == LW_EV_HOLD_SITE ||
           r->event == LW_EV_HOLD_SUM;
}

/* the first pass's checks of one event record, and the span of time */
static void check_record(struct model *m, const struct lw_trace_record *r, size_t i)
{
    if (r->event < LW_EV_REQUEST || r->event > LW_EV_THREAD_EXIT || r->type > LW_T_MAX)
        FAIL(m, "record %zu: event %u type %u: corrupt trace", i, r->event, r->type);
    if ((r->event == LW_EV_ACQUIRE || r->event == LW_EV_TIMEOUT) && r->aux > r->t_ns)
        FAIL(m, "record %zu: wait ends before it began: corrupt trace", i);
    if (r->t_ns >> 62 || r->aux >> 62) /* 146 years of uptime: not a monotonic clock */
        FAIL(m, "record %zu: timestamp out of range: corrupt trace", i);
    m->t_first = MIN(m->t_first, r->t_ns);
    if (r->event >= LW_EV_ACQUIRE && r->event <= LW_EV_RELEASE && r->aux && r->aux < m->t_first)
        m->t_first = r->aux; /* a wait or hold that began before the first event */
    if (r->event == LW_EV_RELEASE && r->aux > r->t_ns)
        FAIL(m, "record %zu: hold ends before it began: corrupt trace", i);
    m->t_last = MAX(m->t_last, r->t_ns);
}

/* pass 1: check, and count waits and holds per thread and per lock */
static void count_record(struct model *m, const struct lw_trace_record *r, size_t i)
{
    if (is_meta(r))
        return;
    check_record(m, r, i);
    uint32_t ti = thread_of(m, r->tid), li = 0; /* (index first: these may grow arrays) */
    if (r->event == LW_EV_REQUEST || r->event == LW_EV_RELEASE)
        li = lock_of(m, r->lock, r->type);
    if (r->event == LW_EV_ACQUIRE || r->event == LW_EV_TIMEOUT)
        m->th[ti].nwait++;
    else if (r->event == LW_EV_RELEASE) {
        m->th[ti].nhold++;
        m->lk[li].nhold++;
    }
}

/* contiguous slices of waits and holds, from the counts */
static void lay_out(struct model *m)
{
    size_t off = 0, hoff = 0;
    for (size_t i = 0; i < m->nth; i++) {
        m->th[i].wait_off = off;
        off += m->th[i].nwait;
        m->th[i].cs_off = hoff;
        hoff += m->th[i].nhold;
        m->th[i].nwait = 0;
        m->th[i].start = m->th[i].end = m->t_first;
    }
    for (size_t i = 0, loff = 0; i < m->nlk; i++) {
        m->lk[i].hold_off = loff;
        loff += m->lk[i].nhold;
        m->lk[i].nhold = 0;
    }
    m->mstat.waits = off;
    m->mstat.holds = hoff;
    m->waits = zalloc(off, sizeof *m->waits);
    m->holds = zalloc(hoff, sizeof *m->holds);
}

/* pass 2: one event into its thread's waits or its lock's holds */
static void fill_record(struct model *m, const struct lw_trace_record *r, size_t i)
{
    (void)i; /* the walk gives each record its index; the fill needs none */
    if (is_meta(r) && r->event != LW_EV_HOLD_SITE)
        return;
    uint32_t ti = thread_of(m, r->tid);
    struct thread *t = &m->th[ti];
    t->end = MAX(t->end, r->t_ns);
    switch (r->event) {
    case LW_EV_THREAD_START:
        t->start = r->t_ns;
        t->has_start = 1;
        t->creator = (uint32_t)r->aux;
        break;
    case LW_EV_THREAD_EXIT:
        t->exit_t = r->t_ns;
        t->has_exit = 1;
        break;
    case LW_EV_REQUEST:
        t->req_lock = r->lock;
        t->req_holder = r->holder;
        break;
    case LW_EV_ACQUIRE:
    case LW_EV_TIMEOUT: {
        struct wait *w = &m->waits[t->wait_off + t->nwait++];
        *w = (struct wait){.s = r->aux, .e = r->t_ns, .lock = lock_of(m, r->lock, r->type), .stack = r->stack,
                           .thread = ti, .timed_out = r->event == LW_EV_TIMEOUT};
        if (t->req_lock == r->lock && t->req_holder && t->req_holder != r->tid)
            w->hint = thread_of(m, t->req_holder) + 1;
        t = &m->th[ti]; /* thread_of may have moved the array */
        t->req_lock = 0;
        break;
    }
    case LW_EV_RELEASE: {
        uint32_t li = lock_of(m, r->lock, r->type);
        uint64_t s = r->aux ? r->aux : r->t_ns; /* not timed (0): a point, for now */
        m->holds[m->lk[li].hold_off + m->lk[li].nhold] = (struct hold){s, r->t_ns, ti, li, 0, 0};
        m->th[ti].last_rel = m->lk[li].hold_off + ++m->lk[li].nhold;
        break;
    }
    case LW_EV_HOLD_SITE: { /* the thread's latest RELEASE, if of this lock */
        struct hold *h = t->last_rel ? &m->holds[t->last_rel - 1] : NULL;
        if (h && m->lk[h->lock].addr == r->lock) {
            h->site = r->aux;
            h->stack = r->stack;
        }
        break;
    }
    default:
        break;
    }
}

/* each thread's waits in start order; the waits of each lock, thread by
 * thread (each a run in time order) */
static void index_waits(struct model *m)
{
    size_t off = m->mstat.waits;
    for (size_t i = 0; i < m->nth; i++) /* out of order only with nested waits (signal handlers) */
        sort_by_key(m->waits + m->th[i].wait_off, m->th[i].nwait, sizeof *m->waits);
    m->by_lock_off = zalloc(m->nlk + 1, sizeof *m->by_lock_off);
    m->by_lock = zalloc(off, sizeof *m->by_lock);
    for (size_t i = 0; i < off; i++)
        m->by_lock_off[m->waits[i].lock + 1]++;
    for (size_t l = 0; l < m->nlk; l++)
        m->by_lock_off[l + 1] += m->by_lock_off[l];
    size_t *fill = zalloc(m->nlk + 1, sizeof *fill);
    for (uint32_t k = 0; k < off; k++) {
        uint32_t l = m->waits[k].lock;
        m->by_lock[m->by_lock_off[l] + fill[l]++] = (struct wref){k, m->waits[k].thread};
    }
    free(fill);
}

/* Two passes over the records: count per thread and per lock, then fill
 * contiguous slices. */
void build(struct model *m)
{
    each_record(m, count_record);
    if (m->t_first == UINT64_MAX) /* no events */
        m->t_first = m->t_last = 0;
    lay_out(m);
    each_record(m, fill_record);
    records_done(m);
    index_waits(m);
    infer_hold_starts(m);
    build_timelines(m);
    build_sections(m);
}

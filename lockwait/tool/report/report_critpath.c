/* report_critpath.c - lockwait_report's critical path (report.c's header
 * comment describes the walk; at_wait, what an idle wait follows) and each
 * wait's class (classify_waits). */
#define _GNU_SOURCE
#include "common.h"
#include "report_build.h"
#include "report_util.h"

#include <inttypes.h>
#include <stdlib.h>

static void add_seg(struct model *m, uint32_t t, uint64_t s, uint64_t e, int state, uint32_t lock1)
{
    if (e <= s)
        return;
    *APPEND(m->segs, m->nsegs, m->cap_segs) = (struct seg){s, e, t, lock1, (uint8_t)state};
}

static void reverse(struct seg *s, size_t n)
{
    for (size_t i = 0; i + 1 < n - i; i++) {
        struct seg tmp = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = tmp;
    }
}

/* Running time [a, b) of thread t, split into critical sections and work
 * (segments are produced backwards in time, like the walk: the last
 * section first). */
static void add_running(struct model *m, uint32_t t, uint64_t a, uint64_t b)
{
    const struct cs *c0 = m->css + m->th[t].cs_off;
    size_t lo = 0, hi = m->th[t].ncs;
    LOWER_BOUND_NEAR(lo, hi, m->th[t].cs_hint, c0[mid].e <= a); /* the first section ending after a */
    m->th[t].cs_hint = lo;
    size_t end = lo; /* sections [lo, end) overlap [a, b) */
    while (end < m->th[t].ncs && c0[end].s < b)
        end++;
    uint64_t c = b;
    for (size_t j = end; j-- > lo;) {
        uint64_t s = MAX(c0[j].s, a), e = MIN(c0[j].e, b);
        add_seg(m, t, e, c, G_WORK, 0);
        add_seg(m, t, s, e, G_CS, c0[j].lock + 1);
        c = s;
    }
    add_seg(m, t, a, c, G_WORK, 0);
}

const struct wait *wait_before(const struct model *m, const struct thread *t, uint64_t at, size_t *hint)
{
    const struct wait *ws = m->waits + t->wait_off;
    size_t lo = 0, hi = t->nwait;
    LOWER_BOUND_NEAR(lo, hi, hint ? *hint : hi, ws[mid].s < at);
    if (hint)
        *hint = lo;
    return lo ? &ws[lo - 1] : NULL;
}

int names_thread(const struct model *m, const struct piece *q, uint32_t waiter)
{
    return piece_has_thread(q) && q->by < m->nth && q->by != waiter;
}

/* the facts of wait w for the rules (lw_rules.h): the thread
 * that ended it is the one its last piece names, or the one before a
 * handoff (the releaser); with none, nothing known ended it */
static enum lw_wait_class wait_class_of(struct model *m, const struct wait *w)
{
    uint32_t ender = NOBODY;
    struct piece q = {0, 0, NOBODY, P_UNKNOWN};
    if (w->e > w->s)
        piece_at(m, w, w->e, &q, &m->lk[w->lock].seg_hint);
    if (!names_thread(m, &q, w->thread) && q.kind == P_HANDOFF && q.s > w->s)
        piece_at(m, w, q.s, &q, &m->lk[w->lock].seg_hint);
    if (names_thread(m, &q, w->thread))
        ender = q.by;
    int once = ender != NOBODY && meta_took_once(m, m->th[ender].tid, m->lk[w->lock].addr);
    uint64_t hold = 0; /* the ender's one hold of an exclusive lock (as the library knows it), for the join rule */
    if (once && m->th[ender].has_start && lock_exclusive(&m->lk[w->lock])) {
        const struct lock *l = &m->lk[w->lock];
        for (size_t k = l->hold_off; k < l->hold_off + l->nhold && !hold; k++)
            if (m->holds[k].who == ender && m->holds[k].e > m->holds[k].s)
                hold = m->holds[k].e - m->holds[k].s;
    }
    struct lw_wait_facts f = {
        .kind = lw_kind_of_type(m->lk[w->lock].type),
        .got = !w->timed_out,
        .ender_known = ender != NOBODY,
        .ender_exited = ender != NOBODY && m->th[ender].has_exit,
        .ender_once = once,
        .end_ns = w->e,
        .ender_exit_ns = ender != NOBODY ? m->th[ender].exit_t : 0,
        .ender_start_ns = ender != NOBODY && m->th[ender].has_start ? m->th[ender].start : 0,
        .ender_hold_ns = hold,
        .lock_waits = m->by_lock_off[w->lock + 1] - m->by_lock_off[w->lock],
        .lock_takes = meta_lock_takes(m, m->lk[w->lock].addr),
    };
    return lw_wait_class(&f);
}

void classify_waits(struct model *m)
{
    for (struct wait *w = m->waits; w < m->waits + m->mstat.waits; w++) {
        w->cls = (uint8_t)wait_class_of(m, w);
        m->lk[w->lock].class_waits[w->cls]++;
        m->lk[w->lock].contended_ns += w->cls == LW_WAIT_CONTENDED ? w->e - w->s : 0;
    }
}

/* apart from contention (lw_rules.h): a condvar or semaphore wait nothing
 * ended (idle), or any block of a lock none of whose waits was contention
 * (the class of most of its waits: barrier, join or idle) */
int block_class(const struct model *m, const struct block *b)
{
    const struct lock *l = &m->lk[b->lock];
    if (!l->class_waits[LW_WAIT_CONTENDED]) { /* the class most of its waits have */
        for (int c = LW_WAIT_CONTENDED + 1; c < LW_WAIT_NCLASSES; c++)
            if (l->class_waits[c] * 2 > m->by_lock_off[b->lock + 1] - m->by_lock_off[b->lock])
                return c;
        return l->class_waits[LW_WAIT_JOIN] ? LW_WAIT_JOIN : LW_WAIT_IDLE;
    }
    if (b->kind == P_UNKNOWN && lock_unended_idle(l))
        return LW_WAIT_IDLE;
    return LW_WAIT_CONTENDED;
}

/* the thread whose release (signal, post) of lock l comes first at or after
 * t, or NOBODY: the holds of l are sorted by start; a condvar's or a
 * semaphore's are points */
static uint32_t next_releaser(struct model *m, uint32_t l, uint64_t t)
{
    const struct hold *hs = m->holds + m->lk[l].hold_off;
    size_t lo = 0, hi = m->lk[l].nhold;
    LOWER_BOUND(lo, hi, hs[mid].s < t);
    return lo < m->lk[l].nhold ? hs[lo].who : NOBODY;
}

struct walk {
    struct frame { uint32_t t; uint64_t bound; } *stack;
    size_t depth;
    uint32_t x;
    uint64_t cursor;
};

/* the path moves to thread y over [from, cursor): x resumes at from */
static void follow(struct model *m, struct walk *k, uint32_t y, uint64_t from)
{
    k->stack[k->depth++] = (struct frame){k->x, from};
    m->th[k->x].on_stack = 1;
    k->x = y;
}

/* x waits at the cursor in w: follow who kept it waiting, or for an idle wait (for work, not a lock)
 * the thread that next signals or posts what it waited for; with neither, charge the piece */
static void at_wait(struct model *m, struct walk *k, const struct wait *w, uint64_t bound)
{
    uint32_t x = k->x;
    struct piece q;
    piece_at(m, w, k->cursor, &q, &m->lk[w->lock].seg_hint);
    uint64_t from = MAX(q.s, bound);
    if (piece_has_thread(&q) && q.by != x && !m->th[q.by].on_stack) {
        follow(m, k, q.by, from);
        return;
    }
    int idle = w->cls == LW_WAIT_IDLE; /* a join follows the thread it waited for */
    if (idle) {
        uint32_t y = next_releaser(m, w->lock, k->cursor);
        if (y != NOBODY && y != x && !m->th[y].on_stack) {
            follow(m, k, y, from);
            return;
        }
    }
    add_seg(m, x, from, k->cursor, idle ? G_IDLE : q.kind == P_HANDOFF ? G_HANDOFF : G_WAIT, w->lock + 1);
    k->cursor = from;
}

/* one step back from the cursor on thread k->x; 0: moved to another thread */
static int step(struct model *m, struct walk *k, uint64_t bound)
{
    struct thread *t = &m->th[k->x];
    if (k->cursor <= t->start && t->has_start) { /* before the thread existed */
        uint32_t c = thread_of(m, t->creator);
        t = &m->th[k->x];
        if (c != k->x && !m->th[c].on_stack) {
            k->x = c;
            return 0;
        }
    }
    const struct wait *w = wait_before(m, t, k->cursor, &t->wait_hint);
    if (w && w->e >= k->cursor) { /* x is waiting at the cursor */
        at_wait(m, k, w, bound);
        return 1;
    }
    uint64_t from = w ? MAX(bound, w->e) : bound;
    if (t->start > from && t->start < k->cursor)
        from = t->start; /* else: before x existed and its creator is unknown or
                            already on the path: charged to x */
    add_running(m, k->x, from, k->cursor);
    k->cursor = from;
    return 1;
}

void critical_path(struct model *m)
{
    if (!m->nth)
        return;
    for (uint32_t i = 0; i < m->nth; i++)
        if (m->th[i].end > m->th[m->last_thread].end)
            m->last_thread = i;
    struct walk k = {zalloc(m->nth + 1, sizeof *k.stack), 0, m->last_thread, m->th[m->last_thread].end};
    size_t stuck = 0;
    for (;;) {
        uint64_t bound = k.depth ? k.stack[k.depth - 1].bound : m->t_first;
        if (k.cursor <= bound) {
            if (!k.depth)
                break;
            k.x = k.stack[--k.depth].t;
            m->th[k.x].on_stack = 0;
            continue;
        }
        /* cannot happen with a consistent trace (a forged one of threads that
         * created each other does it): refused as corrupt, exit 2 as the others */
        if (++stuck > 4 * m->nth + 8)
            FAIL(m, "the critical path walk made no progress at t=%" PRIu64 ": corrupt trace", k.cursor);
        size_t before = m->nsegs;
        uint64_t c0 = k.cursor;
        if (step(m, &k, bound) && (m->nsegs != before || k.cursor != c0))
            stuck = 0;
    }
    free(k.stack);
    reverse(m->segs, m->nsegs); /* forward in time */
    for (size_t i = 0; i < m->nsegs; i++) { /* its length per state, thread and lock */
        const struct seg *g = &m->segs[i];
        uint64_t d = g->e - g->s;
        m->path_by_state[g->state] += d;
        m->path_total += d;
        m->th[g->thread].path_ns += d;
        if (g->state == G_CS)
            m->lk[g->lock - 1].cs_ns += d;
        else if (g->lock)
            m->lk[g->lock - 1].wait_ns += d;
    }
}

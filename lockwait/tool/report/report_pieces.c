/* report_pieces.c - lockwait_report: the pieces of each wait, from its
 * lock's timeline (report_model.c), and the wait blocks summed from them.
 *
 * A wait's pieces are its lock's timeline clipped to the wait, unless the
 * waiter's own holds play a part in it (a thread holding the lock it waits
 * for, as a reader may): such a wait gets its own list of pieces, from a
 * timeline of the holds around it without the waiter's.
 *
 * Wait blocks (blocked time per waiter, lock and blocker) come from running
 * totals over each lock's timeline, never from the pieces one by one: a wait
 * of a convoy of T threads spans T holds, so the pieces grow with waits times
 * threads. Per (waiter, blocker) for locks with at most JOINT_MAX_BLOCKERS
 * blockers; summed over the waiters for the others. */
#define _GNU_SOURCE
#include "common.h"
#include "report_build.h"
#include "report_util.h"
#include "../lw_search.h"

#include <stdlib.h>
#include <string.h>

/* ---- waits: pieces ---- */

void overlapping(const struct model *m, const struct lock *l, uint64_t s, uint64_t e, size_t *from, size_t *to)
{
    const struct hold *hs = m->holds + l->hold_off;
    size_t lo = 0, hi = l->nhold;
    LOWER_BOUND(lo, hi, hs[mid].s < e);
    *to = lo;
    if (l->holds_overlap) /* any hold that started within max_hold before s */
        while (lo > 0 && hs[lo - 1].s + l->max_hold >= s)
            lo--;
    else /* disjoint holds end in start order too */
        while (lo > 0 && hs[lo - 1].e > s)
            lo--;
    *from = lo;
}

/* ---- the release that ended a wait (--what-if, blame) ---- */

/* the release of w's lock by another thread than its waiter that ended it:
 * the latest in [w->s, w->e]; NOBODY if none. ends: the holds by end time. */
static uint32_t ending_release(const struct model *m, const uint32_t *ends, const struct wait *w)
{
    const uint32_t *e = ends + m->lk[w->lock].hold_off;
    size_t lo = 0, hi = m->lk[w->lock].nhold;
    LOWER_BOUND(lo, hi, m->holds[e[mid]].e <= w->e); /* the first hold ending after w->e */
    while (lo-- > 0 && m->holds[e[lo]].e >= w->s)
        if (m->holds[e[lo]].who != w->thread)
            return e[lo];
    return NOBODY;
}

/* every lock's holds by end time (index into holds) */
static uint32_t *holds_by_end(const struct model *m)
{
    struct ke { uint64_t e; uint32_t i; } *tmp = zalloc(m->mstat.holds, sizeof *tmp);
    uint32_t *ends = zalloc(m->mstat.holds, sizeof *ends);
    for (size_t l = 0; l < m->nlk; l++) {
        size_t o = m->lk[l].hold_off;
        for (size_t j = 0; j < m->lk[l].nhold; j++)
            tmp[j] = (struct ke){m->holds[o + j].e, (uint32_t)(o + j)};
        sort_by_key(tmp, m->lk[l].nhold, sizeof *tmp);
        for (size_t j = 0; j < m->lk[l].nhold; j++)
            ends[o + j] = tmp[j].i;
    }
    free(tmp);
    return ends;
}

uint32_t *wait_enders(const struct model *m)
{
    uint32_t *ends = holds_by_end(m), *by = zalloc(m->mstat.waits, sizeof *by);
    for (size_t k = 0; k < m->mstat.waits; k++) {
        const struct wait *w = &m->waits[k];
        by[k] = w->timed_out ? NOBODY : ending_release(m, ends, w);
    }
    free(ends);
    return by;
}

/* A wait whose own thread's holds on the lock play a part in it (the
 * thread's segments of the timeline fall within the wait): its pieces come
 * from a timeline of the holds around it without the waiter's. */
static void own_pieces_of(struct model *m, struct wait *w)
{
    const struct lock *l = &m->lk[w->lock];
    size_t from, to;
    overlapping(m, l, w->s, w->e + 1, &from, &to); /* e + 1: a release at the very end of the wait is in it */
    struct tseg *sc = m->own_scratch = grow(m->own_scratch, &m->cap_own_scratch, 2 * (to - from) + 1, sizeof *sc);
    size_t nseg = timeline(m->holds + l->hold_off + from, to - from, w->thread, sc);
    m->own_off = grow(m->own_off, &m->cap_own_off, m->mstat.own_waits + 2, sizeof *m->own_off);
    size_t *n = &m->mstat.own_pieces;
    m->own_off[m->mstat.own_waits] = *n;
    for (size_t k = seg_find_from(sc, nseg, w->s, 0); k < nseg && sc[k].x < w->e; k++)
        seg_piece(sc, nseg, k, w, APPEND(m->own_pieces, *n, m->cap_own));
    m->own_off[m->mstat.own_waits + 1] = *n;
    w->own = (uint32_t)++m->mstat.own_waits;
}

void attribute_waits(struct model *m)
{
    size_t nw = m->by_lock_off[m->nlk];
    m->kf_of = zalloc(nw, sizeof *m->kf_of);
    m->kl_of = zalloc(nw, sizeof *m->kl_of);
    size_t *last = zalloc(m->nth, sizeof *last);
    uint32_t *stamp = zalloc(m->nth, sizeof *stamp);
    struct ord { uint64_t kl; size_t i; } *ord = zalloc(nw, sizeof *ord);
    for (uint32_t l = 0; l < m->nlk; l++) {
        const struct tseg *sg = m->tsegs + m->lk[l].seg_off;
        size_t n = m->lk[l].nseg, no = 0;
        for (size_t i = m->by_lock_off[l]; i < m->by_lock_off[l + 1]; i++) {
            struct wait *w = &m->waits[m->by_lock[i].wait];
            m->kf_of[i] = 1;
            m->kl_of[i] = 0;
            if (w->e <= w->s)
                continue;
            /* each thread's waits come in time order: gallop from its last */
            size_t from = i > m->by_lock_off[l] && m->by_lock[i - 1].thread == m->by_lock[i].thread &&
                          m->kf_of[i - 1] <= m->kl_of[i - 1] ? m->kf_of[i - 1] : 0;
            m->kf_of[i] = seg_find_from(sg, n, w->s, from);
            m->kl_of[i] = seg_find_from(sg, n, w->e - 1, m->kf_of[i]);
            ord[no++] = (struct ord){m->kl_of[i], i};
        }
        /* in the order of their last segments, with each thread's last
         * segment so far: did the waiter own one of the wait's? */
        sort_by_key(ord, no, sizeof *ord);
        for (size_t j = 0, k = 0; j < no; j++) {
            for (; k <= ord[j].kl; k++)
                if (sg[k].kind != S_TAIL) {
                    last[sg[k].by] = k;
                    stamp[sg[k].by] = l + 1;
                }
            size_t i = ord[j].i;
            uint32_t ti = m->by_lock[i].thread;
            if (stamp[ti] == l + 1 && last[ti] >= m->kf_of[i])
                own_pieces_of(m, &m->waits[m->by_lock[i].wait]);
        }
    }
    free(ord);
    free(stamp);
    free(last);
}

void piece_at(const struct model *m, const struct wait *w, uint64_t t, struct piece *q, size_t *hint)
{
    if (w->own) { /* its first piece starts at w->s, before t */
        size_t after = m->own_off[w->own - 1], hi = m->own_off[w->own];
        LOWER_BOUND(after, hi, m->own_pieces[mid].s < t);
        *q = m->own_pieces[after - 1];
        return;
    }
    const struct lock *l = &m->lk[w->lock];
    const struct tseg *sg = m->tsegs + l->seg_off;
    size_t after = 0, hi = l->nseg; /* the first segment from t on: sg[0].x is 0, and t > 0 */
    LOWER_BOUND_NEAR(after, hi, hint ? *hint + 1 : hi, sg[mid].x < t);
    if (hint)
        *hint = after - 1;
    seg_piece(sg, l->nseg, after - 1, w, q);
}

/* ---- wait blocks ---- */

static int cmp_block(const void *a, const void *b)
{
    const struct block *x = a, *y = b;
    int c = x->ns != y->ns ? CMP(y->ns, x->ns) : CMP(x->waiter, y->waiter); /* the largest first */
    c = c ? c : CMP(x->lock, y->lock);
    c = c ? c : CMP(x->by, y->by);
    return c ? c : CMP(x->kind, y->kind);
}

/* One lock's blocked time per column (blockers 0..D-1, then handoff,
 * unknown, and a column for what is counted nowhere) and per waiter (joint)
 * or summed over its waiters. Each wait is its first and last piece,
 * computed one by one, and the segments between, summed from running totals
 * over the timeline: per wait in the joint table (the totals where the
 * wait's inner segments end less those where they begin), or times the
 * number of waits spanning each segment in the summed one. The summed table comes first: its
 * blockers with any time are the lock's blockers, and at most
 * JOINT_MAX_BLOCKERS of them get the joint table. */
struct table {
    size_t D, width, rows;
    /* per thread: its column and its row, each valid where its stamp says this lock */
    struct { uint32_t col, col_stamp, row, row_stamp; } *per;
    uint32_t *blocker, *waiter; /* per column (< D): the thread; per row: the thread */
    size_t cap_blocker;
    uint64_t *ns, *n; /* [row * width + col] */
    int joint;
};
#define COL_HANDOFF(t) ((t)->D)
#define COL_UNKNOWN(t) ((t)->D + 1)
#define COL_NONE(t) ((t)->D + 2)

static size_t col_of(const struct table *t, uint32_t l, uint32_t thread)
{
    return t->per[thread].col_stamp == l + 1 ? t->per[thread].col : COL_NONE(t);
}

static void add_piece(struct table *t, uint32_t l, size_t row, const struct piece *p)
{
    size_t col = p->kind == P_HANDOFF ? COL_HANDOFF(t) : p->kind == P_UNKNOWN ? COL_UNKNOWN(t) : col_of(t, l, p->by);
    t->ns[row * t->width + col] += p->e - p->s;
    t->n[row * t->width + col]++;
}

/* the inner segments of a lock's waits: opened at kf+1, closed at kl */
struct evk { uint64_t k; size_t i; };

/* thread x's row of the joint table plus the running totals cur (ns, then
 * n), or minus them: unsigned, a row taken below 0 at a wait's open wraps,
 * and the addition at its close brings it back */
static void add_totals(struct table *t, uint32_t x, const uint64_t *cur, int minus)
{
    uint64_t *ns = t->ns + t->per[x].row * t->width, *n = t->n + t->per[x].row * t->width;
    for (size_t c = 0; c < t->width; c++) {
        ns[c] += minus ? -cur[c] : cur[c];
        n[c] += minus ? -cur[t->width + c] : cur[t->width + c];
    }
}

/* fill t->ns and t->n (zeroed, t->rows x t->width) for lock l */
static void tally(struct model *m, uint32_t l, struct table *t, const struct evk *open, const struct evk *close, size_t no)
{
    const struct tseg *sg = m->tsegs + m->lk[l].seg_off;
    size_t n = m->lk[l].nseg, b0 = m->by_lock_off[l], b1 = m->by_lock_off[l + 1];
    struct piece p;
    for (size_t i = b0; i < b1; i++) {
        const struct wait *w = &m->waits[m->by_lock[i].wait];
        size_t row = t->joint ? t->per[m->by_lock[i].thread].row : 0;
        if (w->own) {
            for (size_t j = m->own_off[w->own - 1]; j < m->own_off[w->own]; j++)
                add_piece(t, l, row, &m->own_pieces[j]);
        } else if (m->kf_of[i] <= m->kl_of[i]) {
            seg_piece(sg, n, m->kf_of[i], w, &p);
            add_piece(t, l, row, &p);
            if (m->kl_of[i] > m->kf_of[i]) {
                seg_piece(sg, n, m->kl_of[i], w, &p);
                add_piece(t, l, row, &p);
            }
        }
    }
    size_t W1 = t->width, active = 0;
    uint64_t *cur = zalloc(2 * W1, sizeof *cur); /* ns[W1], then n[W1] */
    for (size_t k = no ? open[0].k : 0, io = 0, ic = 0; ic < no; k++) {
        for (; ic < no && close[ic].k == k; ic++) {
            if (t->joint)
                add_totals(t, m->by_lock[close[ic].i].thread, cur, 0);
            active--;
        }
        for (; io < no && open[io].k == k; io++) {
            if (t->joint)
                add_totals(t, m->by_lock[open[io].i].thread, cur, 1);
            active++;
        }
        if (ic == no || k + 1 >= n)
            break;
        size_t c = sg[k].kind == S_TAIL ? COL_HANDOFF(t) : col_of(t, l, sg[k].by);
        uint64_t len = sg[k + 1].x - sg[k].x;
        if (t->joint) {
            cur[c] += len;
            cur[W1 + c]++;
        } else if (active) {
            t->ns[c] += len * active;
            t->n[c] += active;
        }
    }
    free(cur);
}

/* thread x may block a wait on lock l: a column of its own */
static void see(struct table *t, uint32_t l, uint32_t x)
{
    if (t->per[x].col_stamp == l + 1)
        return;
    t->per[x].col_stamp = l + 1;
    t->per[x].col = (uint32_t)t->D;
    *APPEND(t->blocker, t->D, t->cap_blocker) = x;
}

/* every thread a wait on l names (hint, own pieces) or the timeline holds
 * up to the last segment its waits reach */
static void find_blockers(struct model *m, uint32_t l, struct table *t)
{
    const struct tseg *sg = m->tsegs + m->lk[l].seg_off;
    size_t b0 = m->by_lock_off[l], b1 = m->by_lock_off[l + 1], kmax = 0;
    for (size_t i = b0; i < b1; i++) {
        const struct wait *w = &m->waits[m->by_lock[i].wait];
        if (w->hint)
            see(t, l, w->hint - 1);
        for (size_t j = w->own ? m->own_off[w->own - 1] : 0; w->own && j < m->own_off[w->own]; j++)
            if (piece_has_thread(&m->own_pieces[j]))
                see(t, l, m->own_pieces[j].by);
        if (m->kf_of[i] <= m->kl_of[i])
            kmax = MAX(kmax, m->kl_of[i] + 1);
    }
    for (size_t k = 0; k < kmax; k++)
        if (sg[k].kind != S_TAIL)
            see(t, l, sg[k].by);
}

/* the summed table said which blockers have time: keep those, a row per
 * waiter (the joint table) */
static void to_joint(struct model *m, uint32_t l, struct table *t)
{
    size_t k = 0;
    for (size_t c = 0; c < t->D; c++) {
        if (t->n[c]) {
            t->per[t->blocker[c]].col = (uint32_t)k;
            t->blocker[k++] = t->blocker[c];
        } else {
            t->per[t->blocker[c]].col_stamp = 0;
        }
    }
    t->D = k;
    t->width = k + 3;
    t->joint = 1;
    t->rows = 0;
    for (size_t i = m->by_lock_off[l]; i < m->by_lock_off[l + 1]; i++) {
        uint32_t x = m->by_lock[i].thread;
        if (t->per[x].row_stamp != l + 1) {
            t->per[x].row_stamp = l + 1;
            t->per[x].row = (uint32_t)t->rows;
            t->waiter[t->rows++] = x;
        }
    }
    free(t->ns);
    free(t->n);
    t->ns = zalloc(t->rows * t->width, sizeof *t->ns);
    t->n = zalloc(t->rows * t->width, sizeof *t->n);
}

/* the table's non-empty cells as blocks */
static void emit_blocks(uint32_t l, const struct table *t, struct block **bl, size_t *nb, size_t *cap)
{
    size_t D = t->D;
    for (size_t r = 0; r < t->rows; r++)
        for (size_t c = 0; c < D + 2; c++) {
            if (!t->n[r * t->width + c])
                continue;
            *APPEND(*bl, *nb, *cap) = (struct block){t->joint ? t->waiter[r] : NOBODY, l, c < D ? t->blocker[c] : 0,
                                                     c < D ? P_HOLDER : c == D ? P_HANDOFF : P_UNKNOWN,
                                                     t->ns[r * t->width + c], t->n[r * t->width + c]};
        }
}

static void lock_blocks(struct model *m, uint32_t l, struct table *t, struct block **bl, size_t *nb, size_t *cap)
{
    size_t b0 = m->by_lock_off[l], b1 = m->by_lock_off[l + 1], no = 0;
    struct evk *open = zalloc(b1 - b0 + 1, sizeof *open), *close = zalloc(b1 - b0 + 1, sizeof *close);
    for (size_t i = b0; i < b1; i++)
        if (!m->waits[m->by_lock[i].wait].own && m->kl_of[i] >= m->kf_of[i] + 2) {
            open[no] = (struct evk){m->kf_of[i] + 1, i};
            close[no++] = (struct evk){m->kl_of[i], i};
        }
    sort_by_key(open, no, sizeof *open);
    sort_by_key(close, no, sizeof *close);
    t->D = 0;
    find_blockers(m, l, t);
    t->width = t->D + 3;
    t->rows = 1;
    t->joint = 0;
    t->ns = zalloc(t->width, sizeof *t->ns);
    t->n = zalloc(t->width, sizeof *t->n);
    tally(m, l, t, open, close, no);
    size_t real = 0; /* the blockers are those with time: few enough, per waiter */
    for (size_t c = 0; c < t->D; c++)
        real += t->n[c] > 0;
    if (real <= JOINT_MAX_BLOCKERS) {
        to_joint(m, l, t);
        tally(m, l, t, open, close, no);
    }
    emit_blocks(l, t, bl, nb, cap);
    if (t->joint)
        m->mstat.joint_locks++;
    else
        m->mstat.summed_locks++;
    free(t->ns);
    free(t->n);
    free(open);
    free(close);
}

struct block *wait_blocks(struct model *m, size_t *count)
{
    struct block *bl = NULL;
    size_t nb = 0, cap = 0;
    struct table t = {0};
    t.per = zalloc(m->nth, sizeof *t.per);
    t.waiter = zalloc(m->nth, sizeof *t.waiter);
    for (uint32_t l = 0; l < m->nlk; l++)
        if (m->by_lock_off[l + 1] > m->by_lock_off[l])
            lock_blocks(m, l, &t, &bl, &nb, &cap);
    free(t.per);
    free(t.blocker);
    free(t.waiter);
    if (nb) /* bl is NULL when no lock had blocks */
        qsort(bl, nb, sizeof *bl, cmp_block);
    *count = nb;
    return bl;
}

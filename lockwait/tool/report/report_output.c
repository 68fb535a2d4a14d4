/* report_output.c - lockwait_report's output of the path and the wait blocks
 * (report_views.h lists it); -f folds a trace without stacks to "thread;lock NS". */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_views.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

void print_path(const struct model *m)
{
    const uint64_t *by_state = m->path_by_state, total = m->path_total;
    uint64_t span = m->nth ? m->th[m->last_thread].end - m->t_first : 0;
    printf("RESULT exp=lockwait kind=critpath pid=%" PRIu32 " threads=%zu locks=%zu events=%zu "
           "dropped=%" PRIu64 " span_ns=%" PRIu64 " path_ns=%" PRIu64 " last_tid=%" PRIu32
           " work_ns=%" PRIu64 " cs_ns=%" PRIu64 " wait_ns=%" PRIu64 " handoff_ns=%" PRIu64 " idle_ns=%" PRIu64 "\n",
           m->hdr.pid, m->nth, m->nlk, m->nrec, m->hdr.dropped, span, total, m->nth ? m->th[m->last_thread].tid : 0,
           by_state[G_WORK], by_state[G_CS], by_state[G_WAIT], by_state[G_HANDOFF], by_state[G_IDLE]);
    fprintf(stderr, "critical path of %s: %.3f ms (span %.3f ms): work %.3f, critical sections %.3f, "
            "waits %.3f, handoffs %.3f, idle %.3f ms\n", m->path, (double)total / 1e6, (double)span / 1e6,
            (double)by_state[G_WORK] / 1e6, (double)by_state[G_CS] / 1e6,
            (double)by_state[G_WAIT] / 1e6, (double)by_state[G_HANDOFF] / 1e6, (double)by_state[G_IDLE] / 1e6);
}

/* a waiter's tid, or "*" for a block summed over all waiters */
static const char *waiter_name(const struct model *m, const struct block *b, char *buf, size_t n)
{
    if (b->waiter == NOBODY)
        return "*";
    snprintf(buf, n, "%" PRIu32, m->th[b->waiter].tid);
    return buf;
}

static const char *blocker_name(const struct model *m, const struct block *b, char *buf, size_t n)
{
    if (b->kind == P_HANDOFF)
        return "handoff";
    if (b->kind == P_UNKNOWN) /* a condvar or semaphore wait nothing ended: waiting for work */
        return lock_unended_idle(&m->lk[b->lock]) ? "idle" : "unknown";
    snprintf(buf, n, "%" PRIu32, m->th[b->by].tid);
    return buf;
}

/* for people: the largest wait blocks (a block's kind: holder, handoff or
 * unknown), five at most and no more than -n's top (it printed five for -n 1) */
void say_blocks(const struct model *m, const struct block *bl, size_t nb, long top)
{
    char nbuf[16], wbuf[16];
    for (size_t i = 0; i < nb && i < 5 && (top == 0 || i < (size_t)top); i++) {
        const struct block *b = &bl[i];
        const struct lock *l = &m->lk[b->lock];
        const char *behind = b->kind == P_HANDOFF ? "after its release (handoff)"
                             : b->kind == P_HOLDER ? "behind thread "
                             : lock_unended_idle(l) ? "idle: waiting for work or results, no signal or post ended it"
                             : "behind no known thread";
        fprintf(stderr, "  %s%s blocked %.3f ms on %s 0x%" PRIx64 " %s%s\n", b->waiter == NOBODY ? "" : "thread ",
                b->waiter == NOBODY ? "its waiters" : waiter_name(m, b, wbuf, sizeof wbuf), (double)b->ns / 1e6,
                lw_type_name(l->type), l->addr, behind, b->kind == P_HOLDER ? blocker_name(m, b, nbuf, sizeof nbuf) : "");
    }
}

void print_shares(const struct model *m, const struct block *bl, size_t nb, long top, const struct select *sel)
{
    char nbuf[16], wbuf[16];
    uint64_t total = m->path_total;
    for (uint32_t i = 0; i < m->nth; i++)
        if (m->th[i].path_ns)
            printf("RESULT exp=lockwait kind=critpath_thread pid=%" PRIu32 " tid=%" PRIu32
                   " path_ns=%" PRIu64 " share=%.4f\n", m->hdr.pid, m->th[i].tid, m->th[i].path_ns,
                   (double)m->th[i].path_ns / (double)(total ? total : 1));
    for (uint32_t i = 0; i < m->nlk; i++)
        if ((m->lk[i].cs_ns || m->lk[i].wait_ns) && lock_selected(m, i, sel))
            printf("RESULT exp=lockwait kind=critpath_lock pid=%" PRIu32 " lock=0x%" PRIx64
                   " type=%s cs_ns=%" PRIu64 " wait_ns=%" PRIu64 " share=%.4f\n", m->hdr.pid,
                   m->lk[i].addr, lw_type_name(m->lk[i].type), m->lk[i].cs_ns, m->lk[i].wait_ns,
                   (double)(m->lk[i].cs_ns + m->lk[i].wait_ns) / (double)(total ? total : 1));
    for (size_t i = 0; i < nb && (top == 0 || i < (size_t)top); i++)
        printf("RESULT exp=lockwait kind=waitblock pid=%" PRIu32 " waiter=%s lock=0x%" PRIx64
               " type=%s blocker=%s wait_ns=%" PRIu64 " pieces=%" PRIu64 " class=%s\n", m->hdr.pid,
               waiter_name(m, &bl[i], wbuf, sizeof wbuf), m->lk[bl[i].lock].addr, lw_type_name(m->lk[bl[i].lock].type),
               blocker_name(m, &bl[i], nbuf, sizeof nbuf), bl[i].ns, bl[i].n, lw_wait_class_name(block_class(m, &bl[i])));
}

/* -s: the path itself, neighbours with the same thread, state and lock merged */
void print_segs(const struct model *m)
{
    static const char *const state_name[G_NSTATES] = {"work", "cs", "wait", "handoff", "idle"};
    for (size_t i = 0; i < m->nsegs;) {
        struct seg cur = m->segs[i];
        for (i++; i < m->nsegs && m->segs[i].thread == cur.thread && m->segs[i].state == cur.state &&
                  m->segs[i].lock == cur.lock && m->segs[i].s == cur.e; i++)
            cur.e = m->segs[i].e;
        printf("RESULT exp=lockwait kind=critpath_seg pid=%" PRIu32 " tid=%" PRIu32
               " start_ns=%" PRIu64 " end_ns=%" PRIu64 " state=%s lock=0x%" PRIx64 "\n",
               m->hdr.pid, m->th[cur.thread].tid, cur.s - m->t_first, cur.e - m->t_first, state_name[cur.state],
               cur.lock ? m->lk[cur.lock - 1].addr : 0);
    }
}

/* ---- -f ---- */

struct fold { uint32_t thread, stack, lock, cls; uint64_t ns; };

static int fold_cmp(const void *a, const void *b)
{
    const struct fold *x = a, *y = b;
    int c = x->thread != y->thread ? CMP(x->thread, y->thread) : CMP(x->stack, y->stack);
    c = c ? c : CMP(x->lock, y->lock);
    return c ? c : CMP(x->cls, y->cls);
}

static void print_fold(const struct model *m, const struct fold *f)
{
    char t[64], l[256], frames[64 * 257]; /* up to 64 frames of up to 255 bytes, ';'-joined */
    meta_thread_label(m, m->th[f->thread].tid, t, sizeof t);
    meta_lock_label(m, f->lock, l, sizeof l);
    meta_stack_frames(m, f->stack, frames, sizeof frames);
    /* waits apart from contention keep their stack, marked: "lock[join]" */
    printf("%s%s%s;%s%s%s%s %" PRIu64 "\n", t, frames[0] ? ";" : "", frames, l, f->cls ? "[" : "",
           f->cls ? lw_wait_class_name((int)f->cls) : "", f->cls ? "]" : "", f->ns);
}

/* the waits summed per (thread, stack, lock), in thread order */
void print_folded(const struct model *m)
{
    struct fold *f = zalloc(m->mstat.waits, sizeof *f);
    size_t n = 0;
    for (const struct wait *w = m->waits; w < m->waits + m->mstat.waits; w++)
        f[n++] = (struct fold){w->thread, w->stack, w->lock, w->cls, w->e - w->s};
    qsort(f, n, sizeof *f, fold_cmp);
    for (size_t i = 0; i < n;) {
        struct fold sum = f[i];
        for (i++; i < n && !fold_cmp(&f[i], &sum); i++) /* the same key: ns is not part of it */
            sum.ns += f[i].ns;
        print_fold(m, &sum);
    }
    free(f);
}

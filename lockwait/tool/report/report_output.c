/* report_output.c - lockwait_report's output: the wait blocks for people,
 * the RESULT lines of the path's shares and of the wait blocks, and the
 * path's segments (-s). */
#define _GNU_SOURCE
#include "common.h"
#include "report.h"

#include <inttypes.h>
#include <stdio.h>

/* apart from contention (lw_rules.h): a condvar or semaphore wait nothing
 * ended (idle), or any block of a lock none of whose waits was contention
 * (the class of most of its waits: barrier, join or idle) */
int block_class(const struct block *b)
{
    const struct lock *l = &lk[b->lock];
    if (!l->class_waits[LW_WAIT_CONTENDED]) /* the class most of its waits have */
        for (int c = LW_WAIT_CONTENDED + 1; c < LW_WAIT_NCLASSES; c++)
            if (l->class_waits[c] * 2 > by_lock_off[b->lock + 1] - by_lock_off[b->lock])
                return c;
    if (!l->class_waits[LW_WAIT_CONTENDED])
        return l->class_waits[LW_WAIT_JOIN] ? LW_WAIT_JOIN : LW_WAIT_IDLE;
    if (b->kind == P_UNKNOWN && (lw_kinds[lw_kind_of_type(l->type)].idle & LW_IDLE_UNENDED))
        return LW_WAIT_IDLE;
    return LW_WAIT_CONTENDED;
}

/* a waiter's tid, or "*" for a block summed over all waiters */
static const char *waiter_name(const struct block *b, char *buf, size_t n)
{
    if (b->waiter == NOBODY)
        return "*";
    snprintf(buf, n, "%" PRIu32, th[b->waiter].tid);
    return buf;
}

static const char *blocker_name(const struct block *b, char *buf, size_t n)
{
    if (b->kind == P_HANDOFF)
        return "handoff";
    if (b->kind == P_UNKNOWN) /* a condvar or semaphore wait nothing ended: waiting for work */
        return lw_kinds[lw_kind_of_type(lk[b->lock].type)].idle & LW_IDLE_UNENDED ? "idle" : "unknown";
    snprintf(buf, n, "%" PRIu32, th[b->by].tid);
    return buf;
}

/* for people: the largest wait blocks; then the RESULT lines of each
 * thread's and lock's share of the path and of the top wait blocks */
void say_blocks(const struct block *bl, size_t nb)
{
    char nbuf[16], wbuf[16];
    for (size_t i = 0; i < nb && i < 5; i++)
        fprintf(stderr, "  %s%s blocked %.3f ms on %s 0x%" PRIx64 " %s%s\n",
                bl[i].waiter == NOBODY ? "" : "thread ",
                bl[i].waiter == NOBODY ? "its waiters" : waiter_name(&bl[i], wbuf, sizeof wbuf), (double)bl[i].ns / 1e6, lw_type_name(lk[bl[i].lock].type),
                lk[bl[i].lock].addr,
                bl[i].kind == P_HANDOFF ? "after its release (handoff)"
                : bl[i].kind == P_UNKNOWN && (lw_kinds[lw_kind_of_type(lk[bl[i].lock].type)].idle & LW_IDLE_UNENDED)
                    ? "idle: waiting for work or results, no signal or post ended it"
                : bl[i].kind == P_UNKNOWN ? "behind no known thread" : "behind thread ",
                bl[i].kind == P_HANDOFF || bl[i].kind == P_UNKNOWN ? "" : blocker_name(&bl[i], nbuf, sizeof nbuf));
}

void print_shares(uint64_t total, const struct block *bl, size_t nb, long top, const struct select *sel)
{
    char nbuf[16], wbuf[16];
    for (uint32_t i = 0; i < nth; i++)
        if (th[i].path_ns)
            printf("RESULT exp=lockwait kind=critpath_thread pid=%" PRIu32 " tid=%" PRIu32
                   " path_ns=%" PRIu64 " share=%.4f\n", hdr.pid, th[i].tid, th[i].path_ns,
                   (double)th[i].path_ns / (double)(total ? total : 1));
    for (uint32_t i = 0; i < nlk; i++)
        if ((lk[i].cs_ns || lk[i].wait_ns) && lock_selected(i, sel))
            printf("RESULT exp=lockwait kind=critpath_lock pid=%" PRIu32 " lock=0x%" PRIx64
                   " type=%s cs_ns=%" PRIu64 " wait_ns=%" PRIu64 " share=%.4f\n", hdr.pid,
                   lk[i].addr, lw_type_name(lk[i].type), lk[i].cs_ns, lk[i].wait_ns,
                   (double)(lk[i].cs_ns + lk[i].wait_ns) / (double)(total ? total : 1));
    for (size_t i = 0; i < nb && (top == 0 || i < (size_t)top); i++)
        printf("RESULT exp=lockwait kind=waitblock pid=%" PRIu32 " waiter=%s lock=0x%" PRIx64
               " type=%s blocker=%s wait_ns=%" PRIu64 " pieces=%" PRIu64 " class=%s\n", hdr.pid,
               waiter_name(&bl[i], wbuf, sizeof wbuf), lk[bl[i].lock].addr, lw_type_name(lk[bl[i].lock].type),
               blocker_name(&bl[i], nbuf, sizeof nbuf), bl[i].ns, bl[i].n, lw_wait_class_name(block_class(&bl[i])));
}

/* -s: the path itself, neighbours with the same thread, state and lock merged */
void print_segs(void)
{
    struct seg m = {0, 0, 0, 0, 0};
    int have = 0;
    for (size_t i = 0; i <= nsegs; i++) { /* merge neighbours with the same thread, state, lock */
        if (i < nsegs && have && segs[i].thread == m.thread && segs[i].state == m.state &&
            segs[i].lock == m.lock && segs[i].s == m.e) {
            m.e = segs[i].e;
            continue;
        }
        if (have)
            printf("RESULT exp=lockwait kind=critpath_seg pid=%" PRIu32 " tid=%" PRIu32
                   " start_ns=%" PRIu64 " end_ns=%" PRIu64 " state=%s lock=0x%" PRIx64 "\n",
                   hdr.pid, th[m.thread].tid, m.s - t_first, m.e - t_first, seg_names[m.state],
                   m.lock ? lk[m.lock - 1].addr : 0);
        if (i < nsegs)
            m = segs[i];
        have = 1;
    }
}


/* report.c - lockwait_report: the critical path and the wait-block view of a
 * lockwait event trace (lockwait --trace FILE; format in trace.h).
 *
 * Model. Every thread is running except during its contended waits
 * [request, acquire] (ACQUIRE/TIMEOUT carry the request time). Every hold
 * that ends while someone waits has a RELEASE; its start is in aux when the
 * library timed it, else inferred (infer_hold_starts). Each wait is cut into
 * pieces, each with the thread that kept it waiting:
 *   holder   the lock was held by that thread (of overlapping holds, as with
 *            rwlock readers, each moment goes to the earliest-started one)
 *   releaser no timed hold covers the moment (the library times a sample
 *            of holds; semaphores and condvars have no holder): the thread
 *            whose release ends the stretch since the previous release
 *   hint     nothing released: the holder the REQUEST event named
 *   handoff  the lock was free and the waiter not yet running again
 *   unknown  none of the above
 * Critical path (the active-path idea of the paper): start at the end of the
 * last thread to finish and walk back in time; running time belongs to the
 * thread itself (split into critical sections of the locks it held and plain
 * work); a wait piece with a thread behind it is replaced by that thread's own
 * path over the same interval, recursively; handoff and unknown pieces stay
 * on the waiter. A thread's time before its THREAD_START is its creator's.
 * Wait blocks: blocked time per (waiter, lock, blocker); for a lock with
 * more than JOINT_MAX_BLOCKERS blockers, per (lock, blocker) summed over the
 * waiters (waiter=*). Memory and time grow with the records (n log n): the
 * model (report_model.c, report_pieces.c) never cuts the waits into pieces
 * one by one. This file: options, the critical path, the output. */
#define _GNU_SOURCE
#include "common.h"
#include "report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *f)
{
    fprintf(f,
        "usage: lockwait_report [-h] [-f] [-s] [-n TOP] [-W FILE] TRACE\n"
        "  Reads a lockwait trace (lockwait --trace FILE) and prints RESULT lines:\n"
        "    kind=critpath         span, path length, and its split: work, critical\n"
        "                          sections (cs), unresolved waits, handoffs\n"
        "    kind=critpath_thread  path time per thread;  kind=critpath_lock  per lock\n"
        "    kind=waitblock        blocked time per waiter, lock and blocker (top N); a\n"
        "                          lock with more than 64 blockers: per blocker, summed\n"
        "                          over its waiters (waiter=*)\n"
        "  -f        print only folded lines 'thread;frame;...;frame;lock NS' (flame graph\n"
        "            input): the wait time per thread, stack (outermost frame first) and\n"
        "            lock; frames and locks named from the symbols of the files the trace\n"
        "            lists (read on the machine that wrote it); without stacks (a version-1\n"
        "            trace, LOCKWAIT_STACK_DEPTH=0): 'thread;lock NS'\n"
        "  -s        also print the path itself: kind=critpath_seg, times from trace start\n"
        "  -n TOP    waitblock lines to print, largest first (default 20; 0 = all)\n"
        "  -W FILE   windows file ('request TID START_NS END_NS' and 'compile TID S E',\n"
        "            lockwait_workload -W): prints kind=tail for the requests: time spent\n"
        "            compiling, blocked on the lock most blocked behind compiles, and blocked\n"
        "            while the holder was compiling; lock_share = (compiling + lock wait) /\n"
        "            latency, compile_share = (compiling + behind a compile) / latency\n"
        "  TRACE may be a pipe (read whole). A human summary goes to stderr. A file that\n"
        "  is not a whole, native-byte-order lockwait trace is refused with exit status 2.\n");
}

enum seg_state { G_WORK, G_CS, G_WAIT, G_HANDOFF };
static const char *const seg_names[] = {"work", "cs", "wait", "handoff"};
static const char *const type_names[] = {"none", "mutex", "spin", "sem", "rwlock", "rwlock", "cond"};

/* a stretch of the critical path; lock: index + 1, 0 = none */
struct seg { uint64_t s, e; uint32_t thread, lock; uint8_t state; };
static struct seg *segs;
static size_t nsegs, cap_segs;

/* ---- the critical path ---- */

static void add_seg(uint32_t t, uint64_t s, uint64_t e, int state, uint32_t lock1)
{
    if (e <= s)
        return;
    segs = grow(segs, &cap_segs, nsegs + 1, sizeof *segs);
    segs[nsegs++] = (struct seg){s, e, t, lock1, (uint8_t)state};
}

/* Running time [a, b) of thread t, split into critical sections and work
 * (segments are produced backwards in time, like the walk). */
static void add_running(uint32_t t, uint64_t a, uint64_t b)
{
    const struct cs *c0 = css + th[t].cs_off;
    size_t lo = th[t].cs_hint, hi = th[t].ncs, first = nsegs;
    /* the first section ending after a (they are disjoint); the walk goes
     * back in time, so mostly the one found last, or the one before */
    if (lo <= hi && (lo == 0 || c0[lo - 1].e <= a) && (lo == hi || c0[lo].e > a))
        hi = lo;
    else if (lo > 0 && lo <= hi && (lo == 1 || c0[lo - 2].e <= a) && c0[lo - 1].e > a)
        hi = --lo;
    else
        lo = 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c0[mid].e <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    th[t].cs_hint = lo;
    /* forward sweep into a small list, then emit it reversed */
    uint64_t c = a;
    for (size_t j = lo; j < th[t].ncs && c0[j].s < b; j++) {
        uint64_t s = c0[j].s > a ? c0[j].s : a, e = c0[j].e < b ? c0[j].e : b;
        add_seg(t, c, s, G_WORK, 0);
        add_seg(t, s, e, G_CS, c0[j].lock + 1);
        c = e;
    }
    add_seg(t, c, b, G_WORK, 0);
    for (size_t i = first, j = nsegs; i + 1 < j; i++, j--) {
        struct seg tmp = segs[i];
        segs[i] = segs[j - 1];
        segs[j - 1] = tmp;
    }
}

static uint32_t last_thread;

static void critical_path(void)
{
    if (!nth)
        return;
    for (uint32_t i = 0; i < nth; i++)
        if (th[i].end > th[last_thread].end)
            last_thread = i;
    struct frame { uint32_t t; uint64_t bound; } *stack = xmalloc(sizeof *stack * (nth + 1));
    size_t depth = 0, idle = 0;
    uint32_t x = last_thread;
    uint64_t cursor = th[x].end;
    for (;;) {
        uint64_t bound = depth ? stack[depth - 1].bound : t_first;
        if (cursor <= bound) {
            if (!depth)
                break;
            x = stack[--depth].t;
            th[x].on_stack = 0;
            continue;
        }
        if (++idle > 4 * nth + 8) /* cannot happen with a consistent trace */
            die("%s: the critical path walk made no progress at t=%" PRIu64, path, cursor);
        struct thread *t = &th[x];
        if (cursor <= t->start && t->has_start) { /* before the thread existed */
            uint32_t c = thread_of(t->creator);
            t = &th[x];
            if (c != x && !th[c].on_stack) {
                x = c;
                continue;
            }
        }
        /* the last wait of x that began before the cursor: the walk goes
         * back in time, so mostly the one found last, or the one before */
        const struct wait *ws = waits + t->wait_off;
        size_t lo = t->wait_hint, hi = t->nwait;
#define FIRST_AT_OR_AFTER(i) ((i) <= hi && ((i) == 0 || ws[(i) - 1].s < cursor) && ((i) == hi || ws[i].s >= cursor))
        if (FIRST_AT_OR_AFTER(lo) || (lo > 0 && FIRST_AT_OR_AFTER(lo - 1) && (lo--, 1)))
            hi = lo;
        else
            lo = 0;
#undef FIRST_AT_OR_AFTER
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (ws[mid].s < cursor)
                lo = mid + 1;
            else
                hi = mid;
        }
        t->wait_hint = lo;
        const struct wait *w = lo ? &ws[lo - 1] : NULL;
        if (w && w->e >= cursor) { /* x is waiting at the cursor */
            struct piece qq, *q = &qq;
            piece_at(w, cursor, q);
            uint64_t from = q->s > bound ? q->s : bound;
            if ((q->kind == P_HOLDER || q->kind == P_RELEASER || q->kind == P_HINT) &&
                q->by != x && !th[q->by].on_stack) {
                stack[depth++] = (struct frame){x, from};
                th[x].on_stack = 1;
                x = q->by;
                continue;
            }
            add_seg(x, from, cursor, q->kind == P_HANDOFF ? G_HANDOFF : G_WAIT, w->lock + 1);
            cursor = from;
        } else {
            uint64_t from = bound;
            if (w && w->e > from)
                from = w->e;
            if (t->start > from && t->start < cursor)
                from = t->start; /* else: before x existed and its creator is unknown or
                                    already on the path: charged to x */
            add_running(x, from, cursor);
            cursor = from;
        }
        idle = 0;
    }
    free(stack);
    for (size_t i = 0, j = nsegs; i + 1 < j; i++, j--) { /* forward in time */
        struct seg tmp = segs[i];
        segs[i] = segs[j - 1];
        segs[j - 1] = tmp;
    }
}

/* ---- output ---- */

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
    if (b->kind == P_UNKNOWN)
        return "unknown";
    snprintf(buf, n, "%" PRIu32, th[b->by].tid);
    return buf;
}

/* -W: the requests' time spent compiling or blocked behind a compiling thread */
struct win { uint32_t t; uint64_t s, e; int compile; };
static int cmp_win(const void *a, const void *b)
{
    const struct win *x = a, *y = b;
    if (x->compile != y->compile) /* compiles first, by thread and start */
        return x->compile ? -1 : 1;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return (x->s > y->s) - (x->s < y->s);
}

/* how long thread t compiled during [a, b): wv[0..nw) sorted by cmp_win,
 * pmax the latest compile end so far of each thread */
static uint64_t compiling(const struct win *wv, const uint64_t *pmax, size_t nw, uint32_t t, uint64_t a, uint64_t b)
{
    size_t lo = 0, hi = nw;
    uint64_t sum = 0;
    while (lo < hi) { /* the first compile of t that may end after a */
        size_t mid = lo + (hi - lo) / 2;
        if (wv[mid].compile && (wv[mid].t < t || (wv[mid].t == t && pmax[mid] <= a)))
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < nw && wv[lo].compile && wv[lo].t == t && wv[lo].s < b; lo++) {
        uint64_t a2 = wv[lo].s > a ? wv[lo].s : a, b2 = wv[lo].e < b ? wv[lo].e : b;
        sum += b2 > a2 ? b2 - a2 : 0;
    }
    return sum;
}

static void tail_windows(const char *wpath)
{
    FILE *f = fopen(wpath, "r");
    if (!f)
        die_usage("-W %s: %s", wpath, strerror(errno));
    struct win *wv = NULL;
    size_t nw = 0, cap = 0;
    char kind[16];
    uint32_t tid;
    uint64_t s, e;
    int r;
    /* input: "request TID START_NS END_NS" or "compile TID START_NS END_NS" */
    while ((r = fscanf(f, "%15s %" SCNu32 " %" SCNu64 " %" SCNu64, kind, &tid, &s, &e)) == 4) {
        int compile = strcmp(kind, "compile") == 0;
        if ((!compile && strcmp(kind, "request") != 0) || e < s)
            die_usage("-W %s: line %zu: expected 'request|compile TID START_NS END_NS'", wpath, nw + 1);
        wv = grow(wv, &cap, nw + 1, sizeof *wv);
        wv[nw++] = (struct win){thread_of(tid), s, e, compile};
    }
    if (r != EOF)
        die_usage("-W %s: line %zu: expected 'request|compile TID START_NS END_NS'", wpath, nw + 1);
    fclose(f);
    /* the compiles, by thread and start, with the latest end so far per thread */
    qsort(wv, nw, sizeof *wv, cmp_win);
    uint64_t *pmax = xmalloc(sizeof *pmax * (nw ? nw : 1)), *wmax = xmalloc(sizeof *wmax * (mstat.waits + 1));
    for (size_t i = 0; i < nw; i++)
        pmax[i] = i && wv[i - 1].t == wv[i].t && pmax[i - 1] > wv[i].e ? pmax[i - 1] : wv[i].e;
    for (size_t i = 0; i < nth; i++) /* the same for each thread's waits */
        for (size_t k = 0; k < th[i].nwait; k++) {
            uint64_t e = waits[th[i].wait_off + k].e;
            wmax[th[i].wait_off + k] = k && wmax[th[i].wait_off + k - 1] > e ? wmax[th[i].wait_off + k - 1] : e;
        }
    uint64_t *behind = calloc(nlk ? nlk : 1, sizeof *behind), *blocked = calloc(nlk ? nlk : 1, sizeof *behind);
    if (!behind || !blocked)
        die("out of memory");
    uint64_t lat = 0, self = 0, nreq = 0;
    for (size_t i = 0; i < nw; i++) {
        if (wv[i].compile)
            continue;
        nreq++;
        lat += wv[i].e - wv[i].s;
        self += compiling(wv, pmax, nw, wv[i].t, wv[i].s, wv[i].e); /* the request's own compile */
        const struct thread *t = &th[wv[i].t];
        const struct wait *ws = waits + t->wait_off;
        size_t lo = 0, hi = t->nwait; /* the first wait that may end after the request began */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (wmax[t->wait_off + mid] <= wv[i].s)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (size_t k = lo; k < t->nwait && ws[k].s < wv[i].e; k++) {
            const struct wait *w = &ws[k];
            if (w->e <= wv[i].s)
                continue;
            struct piece_iter it;
            struct piece pc, *p = &pc;
            for (pieces_begin(&it, w, wv[i].s, wv[i].e); pieces_next(&it, p);) {
                uint64_t a = p->s > wv[i].s ? p->s : wv[i].s, b = p->e < wv[i].e ? p->e : wv[i].e;
                if (b <= a)
                    continue;
                blocked[w->lock] += b - a;
                if (p->kind == P_HOLDER || p->kind == P_RELEASER || p->kind == P_HINT) /* while the blocker was compiling */
                    behind[w->lock] += compiling(wv, pmax, nw, p->by, a, b);
            }
        }
    }
    size_t top = 0;
    for (size_t l = 1; l < nlk; l++)
        if (behind[l] > behind[top] || (behind[l] == behind[top] && blocked[l] > blocked[top]))
            top = l;
    uint64_t tb = nlk ? behind[top] : 0, tw = nlk ? blocked[top] : 0;
    double l = lat ? (double)lat : 1.0;
    printf("RESULT exp=lockwait kind=tail pid=%" PRIu32 " requests=%" PRIu64 " latency_ns=%" PRIu64
           " lock=0x%" PRIx64 " self_compile_ns=%" PRIu64 " lock_wait_ns=%" PRIu64
           " behind_compile_ns=%" PRIu64 " lock_share=%.4f compile_share=%.4f\n",
           hdr.pid, nreq, lat, nlk ? lk[top].addr : 0, self, tw, tb, (double)(self + tw) / l,
           (double)(self + tb) / l);
    fprintf(stderr, "tail: %" PRIu64 " requests, %.3f ms: compiling %.3f ms, blocked on lock 0x%" PRIx64
            " %.3f ms (%.3f ms of it while the holder was compiling): %.1f%% compiling or waiting "
            "for the lock, %.1f%% compiling or behind a compile\n", nreq, (double)lat / 1e6,
            (double)self / 1e6, nlk ? lk[top].addr : 0, (double)tw / 1e6, (double)tb / 1e6,
            100.0 * (double)(self + tw) / l, 100.0 * (double)(self + tb) / l);
    free(wv);
    free(pmax);
    free(wmax);
    free(behind);
    free(blocked);
}

/* for people: the largest wait blocks; then the RESULT lines of each
 * thread's and lock's share of the path and of the top wait blocks */
static void say_blocks(const struct block *bl, size_t nb)
{
    char nbuf[16], wbuf[16];
    for (size_t i = 0; i < nb && i < 5; i++)
        fprintf(stderr, "  %s%s blocked %.3f ms on %s 0x%" PRIx64 " %s%s\n",
                bl[i].waiter == NOBODY ? "" : "thread ",
                bl[i].waiter == NOBODY ? "its waiters" : waiter_name(&bl[i], wbuf, sizeof wbuf), (double)bl[i].ns / 1e6, type_names[lk[bl[i].lock].type],
                lk[bl[i].lock].addr,
                bl[i].kind == P_HANDOFF ? "after its release (handoff)"
                : bl[i].kind == P_UNKNOWN ? "behind no known thread" : "behind thread ",
                bl[i].kind == P_HANDOFF || bl[i].kind == P_UNKNOWN ? "" : blocker_name(&bl[i], nbuf, sizeof nbuf));
}

static void print_shares(uint64_t total, const struct block *bl, size_t nb, long top)
{
    char nbuf[16], wbuf[16];
    for (uint32_t i = 0; i < nth; i++)
        if (th[i].path_ns)
            printf("RESULT exp=lockwait kind=critpath_thread pid=%" PRIu32 " tid=%" PRIu32
                   " path_ns=%" PRIu64 " share=%.4f\n", hdr.pid, th[i].tid, th[i].path_ns,
                   (double)th[i].path_ns / (double)(total ? total : 1));
    for (uint32_t i = 0; i < nlk; i++)
        if (lk[i].cs_ns || lk[i].wait_ns)
            printf("RESULT exp=lockwait kind=critpath_lock pid=%" PRIu32 " lock=0x%" PRIx64
                   " type=%s cs_ns=%" PRIu64 " wait_ns=%" PRIu64 " share=%.4f\n", hdr.pid,
                   lk[i].addr, type_names[lk[i].type], lk[i].cs_ns, lk[i].wait_ns,
                   (double)(lk[i].cs_ns + lk[i].wait_ns) / (double)(total ? total : 1));
    for (size_t i = 0; i < nb && (top == 0 || i < (size_t)top); i++)
        printf("RESULT exp=lockwait kind=waitblock pid=%" PRIu32 " waiter=%s lock=0x%" PRIx64
               " type=%s blocker=%s wait_ns=%" PRIu64 " pieces=%" PRIu64 "\n", hdr.pid,
               waiter_name(&bl[i], wbuf, sizeof wbuf), lk[bl[i].lock].addr, type_names[lk[bl[i].lock].type],
               blocker_name(&bl[i], nbuf, sizeof nbuf), bl[i].ns, bl[i].n);
}

/* -s: the path itself, neighbours with the same thread, state and lock merged */
static void print_segs(void)
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

int main(int argc, char **argv)
{
    int folded = 0, show_segs = 0, c;
    long top = 20;
    const char *wpath = NULL;
    while ((c = getopt(argc, argv, ":hfsn:W:")) != -1) {
        switch (c) {
        case 'h': usage(stdout); return 0;
        case 'f': folded = 1; break;
        case 's': show_segs = 1; break;
        case 'n':
            if (parse_long(optarg, 0, 1000000000, &top) != 0)
                die_usage("-n %s: expected TOP, a whole number from 0 to 1000000000", optarg);
            break;
        case 'W': wpath = optarg; break;
        case ':': die_usage("-%c needs a value (see -h)", optopt);
        default: die_usage("unknown option -%c (see -h)", optopt);
        }
    }
    if (optind != argc - 1)
        die_usage("expected one TRACE file, got %d arguments (see -h)", argc - optind);
    path = argv[optind];
    load();
    meta_load();
    build();
    if (folded) {
        print_folded();
        return fflush(stdout) == 0 ? 0 : 1;
    }
    attribute_waits();

    size_t nb;
    struct block *bl = wait_blocks(&nb);

    critical_path();
    uint64_t by_state[4] = {0}, total = 0;
    for (size_t i = 0; i < nsegs; i++) {
        uint64_t d = segs[i].e - segs[i].s;
        by_state[segs[i].state] += d;
        total += d;
        th[segs[i].thread].path_ns += d;
        if (segs[i].state == G_CS)
            lk[segs[i].lock - 1].cs_ns += d;
        else if (segs[i].lock)
            lk[segs[i].lock - 1].wait_ns += d;
    }
    uint64_t span = nth ? th[last_thread].end - t_first : 0;
    printf("RESULT exp=lockwait kind=critpath pid=%" PRIu32 " threads=%zu locks=%zu events=%zu "
           "dropped=%" PRIu64 " span_ns=%" PRIu64 " path_ns=%" PRIu64 " last_tid=%" PRIu32
           " work_ns=%" PRIu64 " cs_ns=%" PRIu64 " wait_ns=%" PRIu64 " handoff_ns=%" PRIu64 "\n",
           hdr.pid, nth, nlk, nrec, hdr.dropped, span, total, nth ? th[last_thread].tid : 0,
           by_state[G_WORK], by_state[G_CS], by_state[G_WAIT], by_state[G_HANDOFF]);
    fprintf(stderr, "critical path of %s: %.3f ms (span %.3f ms): work %.3f, critical sections %.3f, "
            "waits %.3f, handoffs %.3f ms\n", path, (double)total / 1e6, (double)span / 1e6,
            (double)by_state[G_WORK] / 1e6, (double)by_state[G_CS] / 1e6,
            (double)by_state[G_WAIT] / 1e6, (double)by_state[G_HANDOFF] / 1e6);
    /* what the model holds: linear in the records (a test checks it) */
    fprintf(stderr, "lockwait_report: model: %zu records, %zu waits, %zu holds, %zu timeline segments, "
            "%zu waits with pieces of their own (%zu pieces); wait blocks per waiter on %zu locks, "
            "summed over waiters on %zu\n", nrec, mstat.waits, mstat.holds, mstat.tsegs, mstat.own_waits,
            mstat.own_pieces, mstat.joint_locks, mstat.summed_locks);
    if (!mstat.waits) /* a program without contention, or a process of it that had none */
        fprintf(stderr, "lockwait_report: %s: pid %" PRIu32 " waited for no lock (no contended events)\n",
                path, hdr.pid);
    if (hdr.dropped)
        fprintf(stderr, "warning: the trace lost %" PRIu64 " records to full buffers; the path "
                "may be incomplete\n", hdr.dropped);
    say_blocks(bl, nb);
    print_shares(total, bl, nb, top);
    if (show_segs)
        print_segs();
    if (wpath)
        tail_windows(wpath);
    free(bl);
    return fflush(stdout) == 0 ? 0 : 1;
}

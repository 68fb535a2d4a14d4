/* report_tail.c - lockwait_report -W: the requests' latency split into
 * compiling, waiting for the lock, and waiting behind a compiling holder. */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_views.h"
#include "../lw_search.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

/* -W: the requests' time spent compiling or blocked behind a compiling thread */
struct win { uint32_t t; uint64_t s, e; int compile; };
static int cmp_win(const void *a, const void *b)
{
    const struct win *x = a, *y = b;
    int c = x->compile != y->compile ? CMP(y->compile, x->compile) : CMP(x->t, y->t); /* compiles first */
    return c ? c : CMP(x->s, y->s); /* by thread and start */
}

/* how long thread t compiled during [a, b): wv[0..nw) sorted by cmp_win,
 * pmax the latest compile end so far of each thread */
static uint64_t compiling(const struct win *wv, const uint64_t *pmax, size_t nw, uint32_t t, uint64_t a, uint64_t b)
{
    size_t lo = 0, hi = nw;
    uint64_t sum = 0;
    /* the first compile of t that may end after a */
    LOWER_BOUND(lo, hi, wv[mid].compile && (wv[mid].t < t || (wv[mid].t == t && pmax[mid] <= a)));
    for (; lo < nw && wv[lo].compile && wv[lo].t == t && wv[lo].s < b; lo++) {
        uint64_t a2 = MAX(wv[lo].s, a), b2 = MIN(wv[lo].e, b);
        sum += b2 > a2 ? b2 - a2 : 0;
    }
    return sum;
}

/* the windows, read before any output (a bad file must not follow a printed
 * report); tids are mapped to threads only when the report needs them, as a
 * tid missing from the trace would add a thread */
struct windows { struct win *v; size_t n; };

__attribute__((noreturn)) static void bad_window(const char *wpath, size_t line)
{
    die_usage("-W %s: line %zu: expected 'request|compile TID START_NS END_NS' "
              "(TID from 1 to 4294967295, times whole ns with END_NS >= START_NS)", wpath, line);
}

/* the windows file: "request TID START_NS END_NS" or "compile TID START_NS END_NS" */
struct windows *tail_read(const char *wpath)
{
    struct windows *ws = zalloc(1, sizeof *ws);
    /* O_NONBLOCK: opening a FIFO nobody writes to must not hang (it then
     * reads as an empty file) */
    int fd = open(wpath, O_RDONLY | O_NONBLOCK | O_CLOEXEC), fl;
    FILE *f = fd < 0 || (fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0
                  ? NULL
                  : fdopen(fd, "r");
    if (!f)
        die_usage("-W %s: %s", wpath, strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) != 0)
        die_usage("-W %s: %s", wpath, strerror(errno));
    if (S_ISDIR(st.st_mode))
        die_usage("-W %s: a directory, not a windows file", wpath);
    size_t cap = 0;
    char kind[16], tid[24], s[24], e[24];
    int r;
    while ((r = fscanf(f, "%15s %23s %23s %23s", kind, tid, s, e)) == 4) {
        long t = 0, a = 0, b = 0;
        int compile = strcmp(kind, "compile") == 0;
        if ((!compile && strcmp(kind, "request") != 0) || parse_long(tid, 1, UINT32_MAX, &t) != 0 ||
            parse_long(s, 0, LONG_MAX, &a) != 0 || parse_long(e, a, LONG_MAX, &b) != 0)
            bad_window(wpath, ws->n + 1);
        *APPEND(ws->v, ws->n, cap) = (struct win){(uint32_t)t, (uint64_t)a, (uint64_t)b, compile};
    }
    if (ferror(f))
        die_usage("-W %s: %s", wpath, strerror(errno));
    if (r != EOF)
        bad_window(wpath, ws->n + 1);
    fclose(f);
    return ws;
}

/* request q's waits, piece by piece, into the per-lock sums: blocked, and
 * blocked while the blocker was compiling (wv[0..nw) and pmax as for
 * compiling; wmax: the latest wait end so far of each thread) */
static void tail_request(const struct model *m, const struct win *q, const struct win *wv, const uint64_t *pmax,
                         size_t nw, const uint64_t *wmax, uint64_t *blocked, uint64_t *behind)
{
    const struct thread *t = &m->th[q->t];
    const struct wait *ws = m->waits + t->wait_off;
    size_t lo = 0, hi = t->nwait; /* the first wait that may end after the request began */
    LOWER_BOUND(lo, hi, wmax[t->wait_off + mid] <= q->s);
    for (size_t k = lo; k < t->nwait && ws[k].s < q->e; k++) {
        const struct wait *w = &ws[k]; /* (one that ended before the request has no pieces in it) */
        struct piece p;
        size_t hint = 0;
        /* its pieces within the request, walking back from the end (piece_at) */
        for (uint64_t until = MIN(w->e, q->e); until > MAX(w->s, q->s); until = p.s) {
            piece_at(m, w, until, &p, &hint);
            uint64_t a = MAX(p.s, q->s), b = MIN(p.e, q->e);
            blocked[w->lock] += b - a;
            if (piece_has_thread(&p))
                behind[w->lock] += compiling(wv, pmax, nw, p.by, a, b);
        }
    }
}

void tail_threads(struct model *m, struct windows *ws)
{
    for (size_t i = 0; i < ws->n; i++)
        ws->v[i].t = thread_of(m, ws->v[i].t);
}

void tail_windows(const struct model *m, struct windows *ws)
{
    size_t nw = ws->n;
    struct win *wv = ws->v;
    /* the compiles, by thread and start, with the latest end so far per thread */
    qsort(wv, nw, sizeof *wv, cmp_win);
    uint64_t *pmax = zalloc(nw, sizeof *pmax), *wmax = zalloc(m->mstat.waits + 1, sizeof *wmax);
    for (size_t i = 0; i < nw; i++)
        pmax[i] = i && wv[i - 1].t == wv[i].t && pmax[i - 1] > wv[i].e ? pmax[i - 1] : wv[i].e;
    for (size_t k = 0; k < m->mstat.waits; k++) { /* the same for each thread's waits */
        const struct wait *w = &m->waits[k];
        wmax[k] = k && m->waits[k - 1].thread == w->thread && wmax[k - 1] > w->e ? wmax[k - 1] : w->e;
    }
    uint64_t lat = 0, self = 0, nreq = 0;
    uint64_t *behind = zalloc(m->nlk, sizeof *behind), *blocked = zalloc(m->nlk, sizeof *blocked);
    for (size_t i = 0; i < nw; i++) {
        if (wv[i].compile)
            continue;
        nreq++;
        lat += wv[i].e - wv[i].s;
        self += compiling(wv, pmax, nw, wv[i].t, wv[i].s, wv[i].e); /* the request's own compile */
        tail_request(m, &wv[i], wv, pmax, nw, wmax, blocked, behind);
    }
    size_t top = 0; /* the lock most blocked behind compiles */
    for (size_t l = 1; l < m->nlk; l++)
        if (behind[l] > behind[top] || (behind[l] == behind[top] && blocked[l] > blocked[top]))
            top = l;
    uint64_t tb = m->nlk ? behind[top] : 0, tw = m->nlk ? blocked[top] : 0;
    double l = lat ? (double)lat : 1.0;
    printf("RESULT exp=lockwait kind=tail pid=%" PRIu32 " requests=%" PRIu64 " latency_ns=%" PRIu64
           " lock=0x%" PRIx64 " self_compile_ns=%" PRIu64 " lock_wait_ns=%" PRIu64
           " behind_compile_ns=%" PRIu64 " lock_share=%.4f compile_share=%.4f\n",
           m->hdr.pid, nreq, lat, m->nlk ? m->lk[top].addr : 0, self, tw, tb, (double)(self + tw) / l,
           (double)(self + tb) / l);
    fprintf(stderr, "tail: %" PRIu64 " requests, %.3f ms: compiling %.3f ms, blocked on lock 0x%" PRIx64
            " %.3f ms (%.3f ms of it while the holder was compiling): %.1f%% compiling or waiting "
            "for the lock, %.1f%% compiling or behind a compile\n", nreq, (double)lat / 1e6,
            (double)self / 1e6, m->nlk ? m->lk[top].addr : 0, (double)tw / 1e6, (double)tb / 1e6,
            100.0 * (double)(self + tw) / l, 100.0 * (double)(self + tb) / l);
    free(wv);
    free(ws);
    free(pmax);
    free(wmax);
    free(behind);
    free(blocked);
}

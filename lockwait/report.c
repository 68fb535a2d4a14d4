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
 * Memory: the trace plus arrays linear in its records; time O(n log n). */
#define _GNU_SOURCE
#include "common.h"
#include "trace.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *f)
{
    fprintf(f,
        "usage: lockwait_report [-h] [-f] [-s] [-n TOP] [-W FILE] TRACE\n"
        "  Reads a lockwait trace (lockwait --trace FILE) and prints RESULT lines:\n"
        "    kind=critpath         span, path length, and its split: work, critical\n"
        "                          sections (cs), unresolved waits, handoffs\n"
        "    kind=critpath_thread  path time per thread;  kind=critpath_lock  per lock\n"
        "    kind=waitblock        blocked time per waiter, lock and blocker (top N)\n"
        "  -f        print only folded lines 'waiter;lock;blocker NS' (flame graph input)\n"
        "  -s        also print the path itself: kind=critpath_seg, times from trace start\n"
        "  -n TOP    waitblock lines to print, largest first (default 20; 0 = all)\n"
        "  -W FILE   windows file ('request TID START_NS END_NS' and 'compile TID S E',\n"
        "            lockwait_workload -W): prints kind=tail for the requests: time spent\n"
        "            compiling, blocked on the lock most blocked behind compiles, and blocked\n"
        "            while the holder was compiling; lock_share = (compiling + lock wait) /\n"
        "            latency, compile_share = (compiling + behind a compile) / latency\n"
        "  A human summary goes to stderr. A file that is not a whole, native-byte-order\n"
        "  lockwait trace is refused with exit status 2.\n");
}

enum piece_kind { P_HOLDER, P_RELEASER, P_HINT, P_HANDOFF, P_UNKNOWN };
enum seg_state { G_WORK, G_CS, G_WAIT, G_HANDOFF };
static const char *const seg_names[] = {"work", "cs", "wait", "handoff"};
static const char *const type_names[] = {"none", "mutex", "spin", "sem", "rwlock", "rwlock", "cond"};

struct thread {
    uint32_t tid, creator;
    uint64_t start, end;
    int has_start;
    size_t wait_off, nwait, hold_off, nhold;
    uint64_t max_hold;
    int holds_overlap;
    uint64_t req_lock; /* the pending REQUEST, for its holder hint */
    uint32_t req_holder;
    int on_stack;
    uint64_t path_ns, blocked_ns;
};
struct lock {
    uint64_t addr, max_hold;
    size_t hold_off, nhold, hint; /* hint: where the last search ended */
    uint32_t hint_thread;         /* ... for this thread's waits (index + 1) */
    int type, holds_overlap;
    uint64_t cs_ns, wait_ns; /* on the critical path */
};
struct hold { uint64_t s, e; uint32_t who; uint32_t lock; }; /* thread or lock index */
struct wait {
    uint64_t s, e;
    uint32_t lock, hint; /* hint: thread index + 1, 0 = none */
    size_t piece_off, npiece;
    int timed_out;
};
struct piece { uint64_t s, e; uint32_t by; uint8_t kind; }; /* by: thread index */
struct seg { uint64_t s, e; uint32_t thread, lock; uint8_t state; }; /* lock: index+1 */

static struct thread *th;
static size_t nth, cap_th;
static struct lock *lk;
static size_t nlk, cap_lk;
static uint32_t *th_hash, *lk_hash; /* index + 1; 0 = empty */
static size_t th_hcap, lk_hcap;
static struct hold *lock_holds, *thread_holds;
static struct wait *waits;
static struct piece *pieces;
static size_t npieces, cap_pieces;
static struct seg *segs;
static size_t nsegs, cap_segs;
static const char *path;

#define FAIL(...) (fprintf(stderr, "lockwait_report: %s: ", path), fprintf(stderr, __VA_ARGS__), \
                   fputc('\n', stderr), exit(EXIT_USAGE))

static uint64_t hash64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    return x ^ (x >> 33);
}

static void *grow(void *p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    p = realloc(p, c * elem);
    if (!p)
        die("out of memory (%zu bytes)", c * elem);
    *cap = c;
    return p;
}

/* Index of thread tid / lock addr, created on first sight. Tables are
 * rebuilt at half load, so they stay proportional to threads and locks. */
static uint32_t *rehash(uint32_t *old, size_t oldcap, size_t newcap, int locks)
{
    uint32_t *t = calloc(newcap, sizeof *t);
    if (!t)
        die("out of memory");
    for (size_t i = 0; i < oldcap; i++) {
        if (!old[i])
            continue;
        uint64_t k = locks ? lk[old[i] - 1].addr : th[old[i] - 1].tid;
        size_t j = hash64(k) & (newcap - 1);
        while (t[j])
            j = (j + 1) & (newcap - 1);
        t[j] = old[i];
    }
    free(old);
    return t;
}

static uint32_t thread_of(uint32_t tid)
{
    if (2 * (nth + 1) > th_hcap) {
        th_hash = rehash(th_hash, th_hcap, th_hcap ? 2 * th_hcap : 256, 0);
        th_hcap = th_hcap ? 2 * th_hcap : 256;
    }
    size_t j = hash64(tid) & (th_hcap - 1);
    for (; th_hash[j]; j = (j + 1) & (th_hcap - 1))
        if (th[th_hash[j] - 1].tid == tid)
            return th_hash[j] - 1;
    th = grow(th, &cap_th, nth + 1, sizeof *th);
    memset(&th[nth], 0, sizeof *th);
    th[nth].tid = tid;
    th_hash[j] = (uint32_t)++nth;
    return (uint32_t)(nth - 1);
}

static uint32_t lock_of(uint64_t addr, int type)
{
    if (2 * (nlk + 1) > lk_hcap) {
        lk_hash = rehash(lk_hash, lk_hcap, lk_hcap ? 2 * lk_hcap : 256, 1);
        lk_hcap = lk_hcap ? 2 * lk_hcap : 256;
    }
    size_t j = hash64(addr) & (lk_hcap - 1);
    for (; lk_hash[j]; j = (j + 1) & (lk_hcap - 1))
        if (lk[lk_hash[j] - 1].addr == addr)
            return lk_hash[j] - 1;
    lk = grow(lk, &cap_lk, nlk + 1, sizeof *lk);
    memset(&lk[nlk], 0, sizeof *lk);
    lk[nlk].addr = addr;
    lk[nlk].type = type;
    lk_hash[j] = (uint32_t)++nlk;
    return (uint32_t)(nlk - 1);
}

static int cmp_wait(const void *a, const void *b)
{
    const struct wait *x = a, *y = b;
    return (x->s > y->s) - (x->s < y->s);
}

/* A stable sort of n elements of `size` bytes by the uint64_t that starts
 * each one (struct hold, struct ev). The inputs are a few runs already in
 * order (one per thread buffer), so a natural merge sort needs only
 * log2(runs) passes. */
static uint64_t key_at(const char *p)
{
    uint64_t k;
    memcpy(&k, p, sizeof k);
    return k;
}
static void sort_by_key(void *base, size_t n, size_t size)
{
    char *a = base, *src = a, *dst = NULL;
    for (;;) {
        size_t i = 0, runs = 0;
        while (i < n) {
            size_t m = i + 1, e;
            while (m < n && key_at(src + (m - 1) * size) <= key_at(src + m * size))
                m++;
            if (i == 0 && m == n)
                break; /* one run: sorted */
            for (e = m < n ? m + 1 : n; e < n && key_at(src + (e - 1) * size) <= key_at(src + e * size); e++)
                ;
            if (!dst)
                dst = xmalloc(size * n);
            size_t l = i, r = m, o = i;
            while (l < m && r < e) {
                size_t from = key_at(src + r * size) < key_at(src + l * size) ? r++ : l++;
                memcpy(dst + o++ * size, src + from * size, size);
            }
            memcpy(dst + o * size, src + l * size, (m - l) * size);
            o += m - l;
            memcpy(dst + o * size, src + r * size, (e - r) * size);
            i = e;
            runs++;
        }
        if (runs == 0)
            break;
        char *t = src;
        src = dst;
        dst = t;
        if (runs == 1)
            break;
    }
    if (src != a) {
        memcpy(a, src, size * n);
        dst = src;
    }
    if (dst != a)
        free(dst);
}

/* Sort holds by start; returns whether any two overlap (rwlock readers,
 * nested locks). */
static int sort_holds(struct hold *a, size_t n)
{
    sort_by_key(a, n, sizeof *a);
    for (size_t i = 1; i < n; i++)
        if (a[i].s < a[i - 1].e)
            return 1;
    return 0;
}

static void sort_waits(struct wait *w, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (w[i].s < w[i - 1].s) { /* only with nested waits (signal handlers) */
            qsort(w, n, sizeof *w, cmp_wait);
            return;
        }
}

/* ---- loading ---- */

static struct lw_trace_header hdr;
static const struct lw_trace_record *rec;
static size_t nrec;
static uint64_t t_first = UINT64_MAX, t_last;

static void load(void)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        FAIL("cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0)
        die_errno(path);
    size_t size = (size_t)st.st_size;
    if (size == 0)
        FAIL("empty file (0 bytes), not a lockwait trace");
    /* mapped, not copied: the page cache holds the trace once */
    char *buf = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (buf == MAP_FAILED)
        die("%s: mmap: %s", path, strerror(errno));
    close(fd);
    if (size >= 8 && memcmp(buf, LW_TRACE_MAGIC, 8) != 0)
        FAIL("wrong magic: not a lockwait trace (expected \"%s\")", LW_TRACE_MAGIC);
    if (size < sizeof hdr)
        FAIL("truncated header: %zu bytes, a trace starts with %zu", size, sizeof hdr);
    memcpy(&hdr, buf, sizeof hdr);
    if (hdr.endian != LW_TRACE_ENDIAN)
        FAIL("byte-order mark 0x%08" PRIx32 ": written on a machine of the other byte order "
             "(or corrupt); this reader needs 0x%08x", hdr.endian, LW_TRACE_ENDIAN);
    if (hdr.version != LW_TRACE_VERSION)
        FAIL("trace version %" PRIu32 ", this reader knows %u", hdr.version, LW_TRACE_VERSION);
    if (hdr.record_size != sizeof(struct lw_trace_record))
        FAIL("record size %" PRIu32 ", this reader knows %zu", hdr.record_size,
             sizeof(struct lw_trace_record));
    if ((size - sizeof hdr) % sizeof(struct lw_trace_record))
        FAIL("truncated: %zu bytes after the header is not a whole number of %zu-byte records",
             size - sizeof hdr, sizeof(struct lw_trace_record));
    rec = (const struct lw_trace_record *)(buf + sizeof hdr);
    nrec = (size - sizeof hdr) / sizeof *rec;
}

/* The library times only a sample of holds; a RELEASE of an untimed one has
 * aux 0. Its start is inferred per lock, in time order. Candidates: the
 * holder's own contended acquisition of the lock, and a REQUEST that named
 * it as the holder. A candidate counts only if someone waited on the lock
 * without a break from it to the release: while anyone waits, every release
 * is traced, so the holder cannot have let go unseen in between (an
 * uncontended release and re-acquisition leave no trace). Otherwise the hold
 * stays a point at its release. Condvars have no holds (their releases are
 * signals). */
struct ev { uint64_t key; size_t hold; uint32_t who; uint8_t kind; }; /* key: time << 2 | rank */
enum { E_REQ, E_END, E_ACQ, E_REL }; /* E_END: a wait ends without the lock */
/* at equal times: requests, then releases, then the waits they end */
#define EV_KEY(t, kind) ((t) << 2 | ((kind) == E_REQ ? 0u : (kind) == E_REL ? 1u : 2u))
#define NOBODY UINT32_MAX

static void infer_hold_starts(void)
{
    size_t *off = calloc(nlk + 1, sizeof *off), nw = 0;
    if (!off)
        die("out of memory");
    for (size_t i = 0; i < nth; i++)
        for (size_t k = 0; k < th[i].nwait; k++)
            off[waits[th[i].wait_off + k].lock + 1]++;
    for (size_t l = 0; l < nlk; l++)
        off[l + 1] += off[l];
    nw = off[nlk];
    struct lw { size_t wait; uint32_t thread; } *by_lock = xmalloc(sizeof *by_lock * (nw ? nw : 1));
    size_t *fill = calloc(nlk + 1, sizeof *fill);
    uint64_t *open = calloc(nth + 1, sizeof *open);
    uint32_t *stamp = calloc(nth + 1, sizeof *stamp);
    if (!fill || !open || !stamp)
        die("out of memory");
    for (uint32_t i = 0; i < nth; i++) /* thread by thread: each a run in time order */
        for (size_t k = 0; k < th[i].nwait; k++) {
            uint32_t l = waits[th[i].wait_off + k].lock;
            by_lock[off[l] + fill[l]++] = (struct lw){th[i].wait_off + k, i};
        }
    struct ev *ev = NULL;
    size_t cap = 0;
    for (uint32_t l = 0; l < nlk; l++) {
        struct hold *hs = lock_holds + lk[l].hold_off;
        int points = 0;
        for (size_t j = 0; j < lk[l].nhold && !points; j++)
            points = hs[j].s == hs[j].e;
        if (!points || lk[l].type == LW_T_COND)
            continue;
        size_t n = 0;
        ev = grow(ev, &cap, 2 * (off[l + 1] - off[l]) + lk[l].nhold, sizeof *ev);
        for (size_t k = off[l]; k < off[l + 1]; k++) {
            const struct wait *w = &waits[by_lock[k].wait];
            int end = w->timed_out ? E_END : E_ACQ;
            ev[n++] = (struct ev){EV_KEY(w->s, E_REQ), 0, w->hint ? w->hint - 1 : NOBODY, E_REQ};
            ev[n++] = (struct ev){EV_KEY(w->e, end), 0, by_lock[k].thread, (uint8_t)end};
        }
        for (size_t j = 0; j < lk[l].nhold; j++)
            ev[n++] = (struct ev){EV_KEY(hs[j].e, E_REL), j, hs[j].who, E_REL};
        sort_by_key(ev, n, sizeof *ev);
        size_t waiting = 0;
        uint64_t last_idle = 0; /* the last moment nobody waited (0: before the trace) */
        for (size_t k = 0; k < n; k++) {
            uint32_t x = ev[k].who;
            uint64_t t = ev[k].key >> 2;
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
            case E_REL: {
                struct hold *h = &hs[ev[k].hold];
                if (h->s == h->e && open[x] > last_idle && open[x] < h->e)
                    h->s = open[x];
                open[x] = 0;
                break;
            }
            default:
                break;
            }
        }
    }
    free(ev);
    free(by_lock);
    free(fill);
    free(open);
    free(stamp);
    free(off);
}

/* Two passes: count per thread and per lock, then fill contiguous slices. */
static void build(void)
{
    for (size_t i = 0; i < nrec; i++) {
        const struct lw_trace_record *r = &rec[i];
        if (r->event < LW_EV_REQUEST || r->event > LW_EV_THREAD_EXIT || r->type > LW_T_COND)
            FAIL("record %zu: event %u type %u: corrupt trace", i, r->event, r->type);
        if ((r->event == LW_EV_ACQUIRE || r->event == LW_EV_TIMEOUT) && r->aux > r->t_ns)
            FAIL("record %zu: wait ends before it began: corrupt trace", i);
        if (r->t_ns >> 62 || r->aux >> 62) /* 146 years of uptime: not a monotonic clock */
            FAIL("record %zu: timestamp out of range: corrupt trace", i);
        if (r->t_ns < t_first)
            t_first = r->t_ns;
        if (r->event >= LW_EV_ACQUIRE && r->event <= LW_EV_RELEASE && r->aux && r->aux < t_first)
            t_first = r->aux; /* a wait or hold that began before the first event */
        if (r->event == LW_EV_RELEASE && r->aux > r->t_ns)
            FAIL("record %zu: hold ends before it began: corrupt trace", i);
        if (r->t_ns > t_last)
            t_last = r->t_ns;
        uint32_t ti = thread_of(r->tid), li = 0; /* (index first: these may grow arrays) */
        if (r->event == LW_EV_REQUEST || r->event == LW_EV_RELEASE)
            li = lock_of(r->lock, r->type);
        if (r->event == LW_EV_ACQUIRE || r->event == LW_EV_TIMEOUT)
            th[ti].nwait++;
        else if (r->event == LW_EV_RELEASE) {
            th[ti].nhold++;
            lk[li].nhold++;
        }
    }
    if (nrec == 0)
        t_first = t_last = 0;
    size_t off = 0, hoff = 0;
    for (size_t i = 0; i < nth; i++) {
        th[i].wait_off = off;
        off += th[i].nwait;
        th[i].hold_off = hoff;
        hoff += th[i].nhold;
        th[i].nwait = th[i].nhold = 0;
        th[i].start = t_first;
        th[i].end = t_first;
    }
    size_t loff = 0;
    for (size_t i = 0; i < nlk; i++) {
        lk[i].hold_off = loff;
        loff += lk[i].nhold;
        lk[i].nhold = 0;
    }
    waits = xmalloc(sizeof *waits * (off ? off : 1));
    thread_holds = xmalloc(sizeof *thread_holds * (hoff ? hoff : 1));
    lock_holds = xmalloc(sizeof *lock_holds * (loff ? loff : 1));
    for (size_t i = 0; i < nrec; i++) {
        const struct lw_trace_record *r = &rec[i];
        uint32_t ti = thread_of(r->tid);
        struct thread *t = &th[ti];
        if (r->t_ns > t->end)
            t->end = r->t_ns;
        switch (r->event) {
        case LW_EV_THREAD_START:
            t->start = r->t_ns;
            t->has_start = 1;
            t->creator = (uint32_t)r->aux;
            break;
        case LW_EV_REQUEST:
            t->req_lock = r->lock;
            t->req_holder = r->holder;
            break;
        case LW_EV_ACQUIRE:
        case LW_EV_TIMEOUT: {
            struct wait *w = &waits[t->wait_off + t->nwait++];
            w->s = r->aux;
            w->e = r->t_ns;
            w->lock = lock_of(r->lock, r->type);
            w->timed_out = r->event == LW_EV_TIMEOUT;
            w->hint = 0;
            if (t->req_lock == r->lock && t->req_holder && t->req_holder != r->tid)
                w->hint = thread_of(t->req_holder) + 1;
            t = &th[ti]; /* thread_of may have moved the array */
            t->req_lock = 0;
            break;
        }
        case LW_EV_RELEASE: {
            uint32_t li = lock_of(r->lock, r->type);
            uint64_t s = r->aux ? r->aux : r->t_ns; /* not timed (0): a point, for now */
            struct hold h = {s, r->t_ns, ti, li};
            lock_holds[lk[li].hold_off + lk[li].nhold++] = h;
            break;
        }
        default:
            break;
        }
    }
    for (size_t i = 0; i < nth; i++)
        sort_waits(waits + th[i].wait_off, th[i].nwait);
    infer_hold_starts();
    for (size_t i = 0; i < nlk; i++) {
        struct hold *hs = lock_holds + lk[i].hold_off;
        lk[i].holds_overlap = sort_holds(hs, lk[i].nhold);
        for (size_t j = 0; j < lk[i].nhold; j++) {
            if (hs[j].e - hs[j].s > lk[i].max_hold)
                lk[i].max_hold = hs[j].e - hs[j].s;
            struct thread *t = &th[hs[j].who];
            thread_holds[t->hold_off + t->nhold++] = hs[j];
            if (hs[j].e - hs[j].s > t->max_hold)
                t->max_hold = hs[j].e - hs[j].s;
        }
    }
    for (size_t i = 0; i < nth; i++)
        th[i].holds_overlap = sort_holds(thread_holds + th[i].hold_off, th[i].nhold);
}

/* The holds in hs[0..n) (sorted by start) that overlap [s, e) are among
 * [*from, *to): *to is the first starting at or after e. hint (or NULL) is
 * where the previous search of the same thread ended: that thread's waits
 * come in time order, so the search gallops forward from there. */
static void overlapping(const struct hold *hs, size_t n, int overlap, uint64_t max_hold, size_t *hint,
                        uint64_t s, uint64_t e, size_t *from, size_t *to)
{
    size_t lo = 0, hi = n;
    if (hint && *hint <= n && (*hint == 0 || hs[*hint - 1].s < e)) {
        size_t step = 1;
        lo = *hint;
        while (lo + step <= n && hs[lo + step - 1].s < e) {
            lo += step;
            step *= 2;
        }
        hi = lo + step <= n ? lo + step : n;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (hs[mid].s < e)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (hint)
        *hint = lo;
    *to = lo;
    if (overlap) /* any hold that started within max_hold before s */
        while (lo > 0 && hs[lo - 1].s + max_hold >= s)
            lo--;
    else /* disjoint holds end in start order too */
        while (lo > 0 && hs[lo - 1].e > s)
            lo--;
    *from = lo;
}

static void add_piece(uint64_t s, uint64_t e, uint32_t by, int kind)
{
    if (e <= s)
        return;
    pieces = grow(pieces, &cap_pieces, npieces + 1, sizeof *pieces);
    pieces[npieces++] = (struct piece){s, e, by, (uint8_t)kind};
}

static int cmp_end(const void *x, const void *y)
{
    const struct hold *p = *(const struct hold *const *)x, *q = *(const struct hold *const *)y;
    return (p->e > q->e) - (p->e < q->e);
}

/* The gap [a, b) of wait w (thread ti) that no timed hold covers. The
 * releases by other threads inside it, in time order, cut it up: each
 * releaser is charged from the previous release to its own (it held the
 * lock then, or, for a semaphore or condvar, it is what the waiter waited
 * for). After the last release, the waiter was only being woken: handoff. */
static void gap_pieces(const struct wait *w, uint32_t ti, const struct hold *hs, size_t from, size_t to,
                       uint64_t a, uint64_t b)
{
    static const struct hold **rel;
    static size_t cap_rel;
    size_t n = 0;
    for (size_t j = from; j < to; j++)
        if (hs[j].who != ti && hs[j].e > a && hs[j].e <= b) {
            rel = grow(rel, &cap_rel, n + 1, sizeof *rel);
            rel[n++] = &hs[j];
        }
    for (size_t j = 1; j < n; j++) /* in start order; in end order unless holds overlap */
        if (rel[j]->e < rel[j - 1]->e) {
            qsort(rel, n, sizeof *rel, cmp_end);
            break;
        }
    uint64_t c = a;
    for (size_t j = 0; j < n; j++) {
        add_piece(c, rel[j]->e, rel[j]->who, P_RELEASER);
        c = rel[j]->e > c ? rel[j]->e : c;
    }
    if (n || a > w->s)
        add_piece(c, b, 0, P_HANDOFF);
    else if (w->hint)
        add_piece(a, b, w->hint - 1, P_HINT);
    else
        add_piece(a, b, 0, P_UNKNOWN);
}

static void attribute_waits(void)
{
    for (uint32_t ti = 0; ti < nth; ti++) {
        for (size_t k = 0; k < th[ti].nwait; k++) {
            struct wait *w = &waits[th[ti].wait_off + k];
            struct lock *l = &lk[w->lock];
            const struct hold *hs = lock_holds + l->hold_off;
            if (l->hint_thread != ti + 1) {
                l->hint_thread = ti + 1;
                l->hint = 0;
            }
            size_t from, to;
            /* e + 1: a release at the very end of the wait is in it */
            overlapping(hs, l->nhold, l->holds_overlap, l->max_hold, &l->hint, w->s, w->e + 1, &from, &to);
            w->piece_off = npieces;
            uint64_t c = w->s;
            for (size_t j = from; j < to; j++) {
                uint64_t s = hs[j].s > w->s ? hs[j].s : w->s, e = hs[j].e < w->e ? hs[j].e : w->e;
                if (hs[j].who == ti || e <= s || e <= c)
                    continue;
                if (s > c)
                    gap_pieces(w, ti, hs, from, to, c, s);
                add_piece(s > c ? s : c, e, hs[j].who, P_HOLDER);
                c = e;
            }
            if (c < w->e)
                gap_pieces(w, ti, hs, from, to, c, w->e);
            w->npiece = npieces - w->piece_off;
            th[ti].blocked_ns += w->e - w->s;
        }
    }
}

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
    const struct hold *hs = thread_holds + th[t].hold_off;
    size_t from, to;
    overlapping(hs, th[t].nhold, th[t].holds_overlap, th[t].max_hold, NULL, a, b, &from, &to);
    /* forward sweep into a small list, then emit it reversed */
    size_t first = nsegs;
    uint64_t c = a;
    for (size_t j = from; j < to; j++) {
        uint64_t s = hs[j].s > a ? hs[j].s : a, e = hs[j].e < b ? hs[j].e : b;
        if (e <= s || e <= c)
            continue;
        add_seg(t, c, s, G_WORK, 0);
        add_seg(t, s > c ? s : c, e, G_CS, hs[j].lock + 1);
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
        /* the last wait of x that began before the cursor */
        const struct wait *ws = waits + t->wait_off;
        size_t lo = 0, hi = t->nwait;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (ws[mid].s < cursor)
                lo = mid + 1;
            else
                hi = mid;
        }
        const struct wait *w = lo ? &ws[lo - 1] : NULL;
        if (w && w->e >= cursor) { /* x is waiting at the cursor */
            const struct piece *p = pieces + w->piece_off, *q = NULL;
            for (size_t j = w->npiece; j-- > 0;)
                if (p[j].s < cursor) {
                    q = &p[j];
                    break;
                }
            uint64_t from = q ? (q->s > bound ? q->s : bound) : (w->s > bound ? w->s : bound);
            if (q && (q->kind == P_HOLDER || q->kind == P_RELEASER || q->kind == P_HINT) &&
                q->by != x && !th[q->by].on_stack) {
                stack[depth++] = (struct frame){x, from};
                th[x].on_stack = 1;
                x = q->by;
                continue;
            }
            add_seg(x, from, cursor, q && q->kind == P_HANDOFF ? G_HANDOFF : G_WAIT, w->lock + 1);
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

struct block { uint32_t waiter, lock, by; int kind; uint64_t ns, n; };
static int cmp_block(const void *a, const void *b)
{
    const struct block *x = a, *y = b;
    if (x->ns != y->ns)
        return x->ns < y->ns ? 1 : -1;
    if (x->waiter != y->waiter)
        return x->waiter < y->waiter ? -1 : 1;
    if (x->lock != y->lock)
        return x->lock < y->lock ? -1 : 1;
    return (x->by > y->by) - (x->by < y->by);
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

/* blocked time per (waiter, lock, blocker), from the pieces */
static struct block *wait_blocks(size_t *count)
{
    struct block *bl = NULL;
    size_t nb = 0, cap = 0;
    for (uint32_t ti = 0; ti < nth; ti++) {
        size_t first = nb;
        for (size_t k = 0; k < th[ti].nwait; k++) {
            const struct wait *w = &waits[th[ti].wait_off + k];
            for (size_t j = 0; j < w->npiece; j++) {
                const struct piece *p = &pieces[w->piece_off + j];
                int kind = p->kind == P_HANDOFF || p->kind == P_UNKNOWN ? p->kind : P_HOLDER;
                uint32_t by = kind == P_HOLDER ? p->by : 0;
                size_t i = first; /* few distinct (lock, blocker) pairs per thread */
                while (i < nb && !(bl[i].lock == w->lock && bl[i].by == by && bl[i].kind == kind))
                    i++;
                if (i == nb) {
                    bl = grow(bl, &cap, nb + 1, sizeof *bl);
                    bl[nb++] = (struct block){ti, w->lock, by, kind, 0, 0};
                }
                bl[i].ns += p->e - p->s;
                bl[i].n++;
            }
        }
    }
    qsort(bl, nb, sizeof *bl, cmp_block);
    *count = nb;
    return bl;
}

/* -W: the requests' time spent compiling or blocked behind a compiling thread */
static void tail_windows(const char *wpath)
{
    FILE *f = fopen(wpath, "r");
    if (!f)
        die_usage("-W %s: %s", wpath, strerror(errno));
    struct win { uint32_t t; uint64_t s, e; int compile; } *wv = NULL;
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
    uint64_t *behind = calloc(nlk ? nlk : 1, sizeof *behind), *blocked = calloc(nlk ? nlk : 1, sizeof *behind);
    if (!behind || !blocked)
        die("out of memory");
    uint64_t lat = 0, self = 0, nreq = 0;
    for (size_t i = 0; i < nw; i++) {
        if (wv[i].compile)
            continue;
        nreq++;
        lat += wv[i].e - wv[i].s;
        for (size_t c = 0; c < nw; c++) /* the request's own compile */
            if (wv[c].compile && wv[c].t == wv[i].t) {
                uint64_t a = wv[c].s > wv[i].s ? wv[c].s : wv[i].s, b = wv[c].e < wv[i].e ? wv[c].e : wv[i].e;
                self += b > a ? b - a : 0;
            }
        const struct thread *t = &th[wv[i].t];
        for (size_t k = 0; k < t->nwait; k++) {
            const struct wait *w = &waits[t->wait_off + k];
            if (w->e <= wv[i].s || w->s >= wv[i].e)
                continue;
            for (size_t j = 0; j < w->npiece; j++) {
                const struct piece *p = &pieces[w->piece_off + j];
                uint64_t a = p->s > wv[i].s ? p->s : wv[i].s, b = p->e < wv[i].e ? p->e : wv[i].e;
                if (b <= a)
                    continue;
                blocked[w->lock] += b - a;
                if (p->kind != P_HOLDER && p->kind != P_RELEASER && p->kind != P_HINT)
                    continue;
                for (size_t c = 0; c < nw; c++) /* while the blocker was compiling */
                    if (wv[c].compile && wv[c].t == p->by) {
                        uint64_t a2 = wv[c].s > a ? wv[c].s : a, b2 = wv[c].e < b ? wv[c].e : b;
                        behind[w->lock] += b2 > a2 ? b2 - a2 : 0;
                    }
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
    free(behind);
    free(blocked);
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
    build();
    attribute_waits();

    size_t nb;
    struct block *bl = wait_blocks(&nb);
    char nbuf[16];
    if (folded) {
        for (size_t i = 0; i < nb; i++)
            printf("%" PRIu32 ";%s@0x%" PRIx64 ";%s %" PRIu64 "\n", th[bl[i].waiter].tid,
                   type_names[lk[bl[i].lock].type], lk[bl[i].lock].addr,
                   blocker_name(&bl[i], nbuf, sizeof nbuf), bl[i].ns);
        free(bl);
        return fflush(stdout) == 0 ? 0 : 1;
    }

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
    if (hdr.dropped)
        fprintf(stderr, "warning: the trace lost %" PRIu64 " records to full buffers; the path "
                "may be incomplete\n", hdr.dropped);
    for (size_t i = 0; i < nb && i < 5; i++) /* for people: the largest wait blocks */
        fprintf(stderr, "  thread %" PRIu32 " blocked %.3f ms on %s 0x%" PRIx64 " %s%s\n",
                th[bl[i].waiter].tid, (double)bl[i].ns / 1e6, type_names[lk[bl[i].lock].type],
                lk[bl[i].lock].addr,
                bl[i].kind == P_HANDOFF ? "after its release (handoff)"
                : bl[i].kind == P_UNKNOWN ? "behind no known thread" : "behind thread ",
                bl[i].kind == P_HANDOFF || bl[i].kind == P_UNKNOWN ? "" : blocker_name(&bl[i], nbuf, sizeof nbuf));
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
        printf("RESULT exp=lockwait kind=waitblock pid=%" PRIu32 " waiter=%" PRIu32 " lock=0x%" PRIx64
               " type=%s blocker=%s wait_ns=%" PRIu64 " pieces=%" PRIu64 "\n", hdr.pid,
               th[bl[i].waiter].tid, lk[bl[i].lock].addr, type_names[lk[bl[i].lock].type],
               blocker_name(&bl[i], nbuf, sizeof nbuf), bl[i].ns, bl[i].n);
    if (show_segs) {
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
    if (wpath)
        tail_windows(wpath);
    free(bl);
    return fflush(stdout) == 0 ? 0 : 1;
}

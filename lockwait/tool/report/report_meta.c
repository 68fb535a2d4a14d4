/* report_meta.c - lockwait_report: what a version-2 trace says about its
 * code (records 7-11 of trace.h: modules, stacks, threads, locks; and the
 * facts written with them: LOCK_ONCE, HOLD_SUM), names
 * from the modules' files on disk (../lw_symbols.c: the trace must be read
 * on the machine that wrote it, with the same files, as with perf), and the
 * folded output "thread;frame;...;frame;lock NS" (outermost frame first),
 * one line per thread, stack and lock, for flame graphs. A version-1 trace,
 * or one from a run with stacks off, folds to "thread;lock NS". */
#define _GNU_SOURCE
#include "common.h"
#include "report.h"
#include "../lw_search.h"
#include "../lw_symbols.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mstack { uint32_t id, n; uint64_t *pc; };
struct mthread { uint32_t tid, creator; uint64_t start_fn; int is_main; char name[17]; };
struct mlock { uint64_t addr; uint32_t stack; int init; };

static struct mstack *stacks;
static size_t nstacks, cap_stacks;
static struct mthread *mths;
static size_t nmths, cap_mths;
static struct mlock *mlocks;
static size_t nmlocks, cap_mlocks;
struct monce { uint64_t lock, tid; }; /* LOCK_ONCE records, sorted */
static struct monce *monces;
static size_t nmonces, cap_monces;
struct mhold { uint64_t lock, tid, ns, takes; int known; }; /* HOLD_SUM records, sorted */
static struct mhold *mholds;
static size_t nmholds, cap_mholds;
static struct lw_syms *syms;

/* a record waiting for its DATA records: `want` bytes into `bytes` */
struct pending {
    int event;
    struct lw_trace_record head;
    unsigned char *bytes;
    size_t want, got;
};

static void finish(struct pending *p)
{
    const struct lw_trace_record *h = &p->head;
    if (p->event == LW_EV_STACK) {
        stacks = grow(stacks, &cap_stacks, nstacks + 1, sizeof *stacks);
        stacks[nstacks++] = (struct mstack){h->holder, h->tid, (uint64_t *)p->bytes};
        p->bytes = NULL; /* kept */
    } else if (p->event == LW_EV_MODULE) {
        char *path = (char *)p->bytes;
        path[p->want] = 0;
        const char *base = strrchr(path, '/');
        if (lw_syms_add(syms, path, base ? base + 1 : path, h->t_ns, h->lock, h->aux) != 0)
            die("out of memory");
    } else if (p->event == LW_EV_THREAD_INFO) {
        mths = grow(mths, &cap_mths, nmths + 1, sizeof *mths);
        struct mthread *t = &mths[nmths++];
        *t = (struct mthread){h->tid, h->holder, h->lock, h->type == 1, {0}};
        memcpy(t->name, p->bytes, 16);
    }
    free(p->bytes);
    p->bytes = NULL;
    p->event = 0;
}

/* one metadata record (7-12) at index i */
static void meta_record(const struct lw_trace_record *r, size_t i, struct pending *p)
{
    if (r->event == LW_EV_DATA) {
        if (!p->event)
            FAIL("record %zu: data with nothing before it: corrupt trace", i);
        size_t k = MIN(32, p->want - p->got);
        memcpy(p->bytes + p->got, r, k);
        p->got += k;
        if (p->got == p->want)
            finish(p);
        return;
    }
    if (p->event)
        FAIL("record %zu: event %u inside another's data: corrupt trace", i, r->event);
    if (r->event == LW_EV_HOLD_SUM) { /* known: some hold timed, so aux is an estimate */
        /* the writer's invariants (lw_tracemeta.c): a forged sum would
         * otherwise overflow the what-if's totals or scale all work */
        if (!r->t_ns || !r->tid || (uint64_t)r->holder > r->t_ns || r->stack > LW_HOLD_SUM_UNTIMED ||
            (r->stack && (r->holder || r->aux)) || r->aux >> 62 || !lw_kind_of_type(r->type) ||
            (!lw_kinds[lw_kind_of_type(r->type)].exclusive && !r->stack)) /* a semaphore's: its takes only */
            FAIL("record %zu: HOLD_SUM of tid %u (%" PRIu64 " acquisitions, %u timed, %" PRIu64 " ns, flags %u, "
                 "type %u) is impossible: corrupt trace", i, r->tid, r->t_ns, r->holder, r->aux, r->stack, r->type);
        mholds = grow(mholds, &cap_mholds, nmholds + 1, sizeof *mholds);
        int known = r->holder && !(r->stack & LW_HOLD_SUM_UNTIMED);
        mholds[nmholds++] = (struct mhold){r->lock, r->tid, known ? r->aux : 0, r->t_ns, known};
        return;
    }
    if (r->event > LW_EV_LOCK_ONCE)
        FAIL("record %zu: event %u: corrupt trace (or a newer writer)", i, r->event);
    if (r->event == LW_EV_LOCK_ONCE) {
        monces = grow(monces, &cap_monces, nmonces + 1, sizeof *monces);
        monces[nmonces++] = (struct monce){r->lock, r->tid};
        return;
    }
    if (r->event == LW_EV_LOCK_INFO) {
        mlocks = grow(mlocks, &cap_mlocks, nmlocks + 1, sizeof *mlocks);
        mlocks[nmlocks++] = (struct mlock){r->lock, (uint32_t)r->aux, r->holder == 1};
        return;
    }
    size_t want = r->event == LW_EV_STACK ? (size_t)r->tid * 8 : r->event == LW_EV_MODULE ? r->tid : 16;
    if ((r->event == LW_EV_STACK && (r->tid == 0 || r->tid > 64)) || want > 4096)
        FAIL("record %zu: event %u of %zu bytes: corrupt trace", i, r->event, want);
    *p = (struct pending){r->event, *r, zalloc(want + 1, 1), want, 0};
}

static int hold_cmp(const void *a, const void *b)
{
    const struct mhold *x = a, *y = b;
    if (x->lock != y->lock)
        return x->lock < y->lock ? -1 : 1;
    return (x->tid > y->tid) - (x->tid < y->tid);
}

static int stack_cmp(const void *a, const void *b)
{
    uint32_t x = ((const struct mstack *)a)->id, y = ((const struct mstack *)b)->id;
    return x < y ? -1 : x > y;
}

static int once_cmp(const void *a, const void *b)
{
    const struct monce *x = a, *y = b;
    if (x->lock != y->lock)
        return x->lock < y->lock ? -1 : 1;
    return (x->tid > y->tid) - (x->tid < y->tid);
}

void meta_load(void)
{
    syms = lw_syms_new();
    if (!syms)
        die("out of memory");
    if (hdr.version < 2)
        return;
    struct lw_trace_record *buf = xmalloc(CHUNK * sizeof *buf);
    struct pending p = {0};
    for (size_t i0 = 0; i0 < nrec; i0 += CHUNK) {
        size_t n = MIN(CHUNK, nrec - i0);
        const struct lw_trace_record *rec = records(i0, n, buf);
        for (size_t j = 0; j < n; j++)
            if ((rec[j].event >= LW_EV_STACK && rec[j].event < 16) || rec[j].event == LW_EV_HOLD_SUM ||
                p.event) /* a naming record's data follows it */
                meta_record(&rec[j], i0 + j, &p);
    }
    if (p.event)
        FAIL("the last record's data is cut short: truncated trace");
    free(buf);
    if (nstacks)
        qsort(stacks, nstacks, sizeof *stacks, stack_cmp);
    if (nmonces)
        qsort(monces, nmonces, sizeof *monces, once_cmp);
    if (nmholds)
        qsort(mholds, nmholds, sizeof *mholds, hold_cmp);
}

int meta_hold_sums(void)
{
    return nmholds != 0;
}

int meta_hold_sum(uint32_t tid, uint64_t lock, uint64_t *ns)
{
    struct mhold key = {lock, tid, 0, 0, 0};
    const struct mhold *m = nmholds ? bsearch(&key, mholds, nmholds, sizeof *mholds, hold_cmp) : NULL;
    *ns = m ? m->ns : 0;
    return m && m->known;
}

uint64_t meta_lock_takes(uint64_t lock)
{
    size_t lo = 0, hi = nmholds; /* sorted by lock: its first record, then the rest together */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (mholds[mid].lock < lock)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint64_t n = 0;
    for (size_t i = lo; i < nmholds && mholds[i].lock == lock; i++)
        n = n + mholds[i].takes < n ? UINT64_MAX : n + mholds[i].takes;
    return n;
}

int meta_took_once(uint32_t tid, uint64_t lock)
{
    struct monce key = {lock, tid};
    return nmonces && bsearch(&key, monces, nmonces, sizeof *monces, once_cmp) != NULL;
}

static const struct mstack *stack_of(uint32_t id)
{
    size_t lo = 0, hi = nstacks;
    LOWER_BOUND(lo, hi, stacks[mid].id < id);
    return lo < nstacks && stacks[lo].id == id ? &stacks[lo] : NULL;
}

/* ---- names ---- */

/* its label (lw_rules.h), from the name its THREAD_INFO record gave */
static void thread_label(uint32_t tid, char *out, size_t cap)
{
    const char *name = NULL;
    for (size_t i = 0; i < nmths && !name; i++)
        if (mths[i].tid == tid && mths[i].name[0] && mths[i].name[0] != '?')
            name = mths[i].name;
    lw_label_thread(name, tid, out, cap);
}

/* the lock's symbol, or its label (lw_rules.h) with the site of its init or first use */
static void lock_label(const struct lock *l, char *out, size_t cap)
{
    if (lw_syms_name(syms, l->addr, LW_SYM_DATA, out, cap) == 2) {
        size_t n = strlen(out);
        if (n > 4 && !strcmp(out + n - 4, "+0x0"))
            out[n - 4] = 0;
        return;
    }
    const struct mstack *s = NULL; /* elsewhere (heap): where it was initialised or first used */
    for (size_t i = 0; i < nmlocks && !s; i++)
        if (mlocks[i].addr == l->addr)
            s = stack_of(mlocks[i].stack);
    char fr[200] = "";
    if (s)
        lw_syms_name(syms, s->pc[0], LW_SYM_RETURN, fr, sizeof fr);
    lw_label_lock(lw_kind_of_type(l->type), l->addr, fr, out, cap);
}

/* ---- folded ---- */

struct fold { uint32_t thread, stack, lock, cls; uint64_t ns; };

static int fold_cmp(const void *a, const void *b)
{
    const struct fold *x = a, *y = b;
    if (x->thread != y->thread)
        return x->thread < y->thread ? -1 : 1;
    if (x->stack != y->stack)
        return x->stack < y->stack ? -1 : 1;
    if (x->lock != y->lock)
        return x->lock < y->lock ? -1 : 1;
    return x->cls < y->cls ? -1 : x->cls > y->cls;
}

static void print_fold(const struct fold *f)
{
    char t[64], l[256], fr[256];
    thread_label(th[f->thread].tid, t, sizeof t);
    lock_label(&lk[f->lock], l, sizeof l);
    printf("%s", t);
    const struct mstack *s = stack_of(f->stack);
    for (uint32_t k = s ? s->n : 0; k-- > 0;) {
        lw_syms_name(syms, s->pc[k], LW_SYM_RETURN, fr, sizeof fr);
        printf(";%s", fr);
    }
    /* waits apart from contention keep their stack, marked: "lock[join]" */
    printf(";%s%s%s%s %" PRIu64 "\n", l, f->cls ? "[" : "", f->cls ? lw_wait_class_name((int)f->cls) : "",
           f->cls ? "]" : "", f->ns);
}

/* the waits summed per (thread, stack, lock), in thread order */
void print_folded(void)
{
    struct fold *f = xmalloc(sizeof *f * (mstat.waits ? mstat.waits : 1));
    size_t n = 0;
    for (uint32_t i = 0; i < nth; i++)
        for (size_t k = 0; k < th[i].nwait; k++) {
            const struct wait *w = &waits[th[i].wait_off + k];
            f[n++] = (struct fold){i, w->stack, w->lock, (uint32_t)wait_class(w), w->e - w->s};
        }
    qsort(f, n, sizeof *f, fold_cmp);
    for (size_t i = 0; i < n;) {
        struct fold sum = f[i];
        size_t j = i + 1;
        for (; j < n && !fold_cmp(&f[j], &f[i]); j++)
            sum.ns += f[j].ns;
        print_fold(&sum);
        i = j;
    }
    free(f);
}

/* ---- names for the exports (report_export.c) ---- */

void meta_thread_label(uint32_t tid, char *out, size_t cap)
{
    thread_label(tid, out, cap);
}

void meta_lock_label(uint32_t l, char *out, size_t cap)
{
    lock_label(&lk[l], out, cap);
}

/* lock l's label, with its address when another lock has the same label
 * (two static locks named m in two files): the sentences must differ */
void meta_lock_label_unique(uint32_t l, char *out, size_t cap)
{
    char other[256];
    meta_lock_label(l, out, cap);
    for (uint32_t k = 0; k < nlk; k++) {
        if (k == l)
            continue;
        meta_lock_label(k, other, sizeof other);
        if (!strcmp(other, out)) {
            size_t n = strlen(out);
            snprintf(out + n, cap - n, " (0x%" PRIx64 ")", lk[l].addr);
            return;
        }
    }
}

/* stack id's frames, outermost first, joined by ';' ("" if unknown) */
void meta_stack_frames(uint32_t id, char *out, size_t cap)
{
    const struct mstack *s = stack_of(id);
    size_t o = 0;
    out[0] = 0;
    for (uint32_t k = s ? s->n : 0; k-- > 0 && o + 1 < cap;) {
        char fr[256];
        lw_syms_name(syms, s->pc[k], LW_SYM_RETURN, fr, sizeof fr);
        int n = snprintf(out + o, cap - o, "%s%s", o ? ";" : "", fr);
        o += n > 0 ? (size_t)n : 0;
    }
}

/* an acquire site (a return address): function+0xOFF, module+0xOFF or 0xADDR */
void meta_site_label(uint64_t pc, char *out, size_t cap)
{
    lw_syms_name(syms, pc, LW_SYM_RETURN, out, cap);
}

/* stack id's innermost frame (the lock call's site), 0 if unknown */
uint64_t meta_stack_site(uint32_t id)
{
    const struct mstack *s = stack_of(id);
    return s && s->n ? s->pc[0] : 0;
}

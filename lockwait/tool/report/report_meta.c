/* report_meta.c - lockwait_report: what a trace (version 2 on) says about its
 * code (records 7-11 of trace.h: modules, stacks, threads, locks; and the
 * facts written with them: LOCK_ONCE, WAIT_STACKS, WAKEUP, HOLD_SUM), and names from the
 * modules' files on disk (../lw_symbols.c: the trace must be read on the
 * machine that wrote it, with the same files, as with perf). */
#define _GNU_SOURCE
#include "common.h"
#include "report_build.h"
#include "report_util.h"
#include "../lw_search.h"
#include "../lw_symbols.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mstack { uint64_t id; uint64_t *pc; uint32_t n; }; /* id first: sort_by_key's key */
struct mthread { uint32_t tid; char name[17]; uint64_t cpu_ns; };
struct mlock { uint64_t addr; uint32_t stack; };

#define WAKE_LEVELS_MAX 16 /* WAKEUP records a trace may have (the library writes 7; finish() says 16) */

struct lock_tid { uint64_t lock, tid; }; /* LOCK_ONCE records, sorted */
struct mhold { struct lock_tid key; uint64_t ns, takes; int known; }; /* HOLD_SUM records, sorted */

/* a record waiting for its DATA records: `want` bytes into `bytes` */
struct pending {
    int event;
    struct lw_trace_record head;
    unsigned char *bytes;
    size_t want, got;
};

/* what the naming records say: stacks by id, threads' names, locks' init
 * sites, the LOCK_ONCE and HOLD_SUM facts, and the modules' symbols */
struct meta {
    struct mstack *stacks;
    size_t nstacks, cap_stacks;
    struct mthread *mths;
    size_t nmths, cap_mths;
    struct mlock *mlocks;
    size_t nmlocks, cap_mlocks;
    struct lock_tid *monces;
    size_t nmonces, cap_monces;
    struct mhold *mholds;
    size_t nmholds, cap_mholds;
    struct lw_syms *syms;
    /* the WAIT_STACKS record: waits walked first, then 1 in `every`; waits
     * that took their site's last walked stack (every 0: no record) */
    uint64_t wstack_first, wstack_every, wstack_reused;
    uint32_t cpus; /* THREAD_INFO: the CPUs the process could run on (0: not known) */
    struct wake_level wake[WAKE_LEVELS_MAX]; /* WAKEUP records, by sleep length */
    size_t nwake;
    struct pending pending; /* while reading: the naming record whose data follows */
};

static void finish(struct model *m, struct pending *p)
{
    const struct lw_trace_record *h = &p->head;
    struct meta *mt = m->meta;
    if (p->event == LW_EV_STACK) {
        *APPEND(mt->stacks, mt->nstacks, mt->cap_stacks) = (struct mstack){h->holder, (uint64_t *)p->bytes,
                                                                           h->tid};
        p->bytes = NULL; /* kept */
    } else if (p->event == LW_EV_MODULE) {
        char *file = (char *)p->bytes;
        file[p->want] = 0;
        const char *base = strrchr(file, '/');
        if (lw_syms_add(mt->syms, file, base ? base + 1 : file, h->t_ns, h->lock, h->aux) != 0)
            die("out of memory");
    } else if (p->event == LW_EV_THREAD_INFO) {
        struct mthread *t = APPEND(mt->mths, mt->nmths, mt->cap_mths);
        *t = (struct mthread){h->tid, {0}, 0};
        memcpy(t->name, p->bytes, 16);
        uint32_t cpus; /* the CPU time and the CPUs: writers before them, 0 */
        memcpy(&t->cpu_ns, p->bytes + 16, sizeof t->cpu_ns);
        memcpy(&cpus, p->bytes + 24, sizeof cpus);
        if (cpus > (1u << 20))
            FAIL(m, "THREAD_INFO of tid %u says %u CPUs: corrupt trace", h->tid, cpus);
        mt->cpus = MAX(mt->cpus, cpus);
    } else if (p->event == LW_EV_WAKEUP) {
        uint64_t q[4]; /* p10, p25, p75, p90 */
        memcpy(q, p->bytes, sizeof q);
        struct wake_level w = {h->t_ns, {q[0], q[1], h->aux, q[2], q[3]}};
        int ordered = h->lock && w.q[4] < 1000000000ull; /* a wake-up of a second is no measurement */
        for (int k = 1; k < 5; k++)
            ordered &= w.q[k - 1] <= w.q[k];
        const char *why = !ordered ? "none measured, percentiles out of order or one of a second"
                          : mt->nwake == WAKE_LEVELS_MAX ? "more than 16 sleep lengths"
                          : mt->nwake && mt->wake[mt->nwake - 1].sleep_ns >= h->t_ns ? "no longer than the one before"
                                                                                      : NULL;
        if (why)
            FAIL(m, "WAKEUP after %" PRIu64 " ns of sleep (%" PRIu64 " wake-ups, median %" PRIu64 " ns) is "
                 "impossible (%s): corrupt trace", h->t_ns, h->lock, h->aux, why);
        mt->wake[mt->nwake++] = w;
    }
    free(p->bytes);
    p->bytes = NULL;
    p->event = 0;
}

/* one record at index i: a naming record (7-14), the data that follows one, or HOLD_SUM */
static void meta_record(struct model *m, const struct lw_trace_record *r, size_t i)
{
    struct meta *mt = m->meta;
    struct pending *p = &mt->pending;
    if (!p->event && !(r->event >= LW_EV_STACK && r->event < 16) && r->event != LW_EV_HOLD_SUM)
        return;
    if (r->event == LW_EV_DATA) {
        if (!p->event)
            FAIL(m, "record %zu: data with nothing before it: corrupt trace", i);
        size_t k = MIN(32, p->want - p->got);
        memcpy(p->bytes + p->got, r, k);
        p->got += k;
        if (p->got == p->want)
            finish(m, p);
        return;
    }
    if (p->event)
        FAIL(m, "record %zu: event %u inside another's data: corrupt trace", i, r->event);
    if (r->event == LW_EV_HOLD_SUM) { /* known: some hold timed, so aux is an estimate */
        /* the writer's invariants (lw_tracemeta.c): a forged sum would
         * otherwise overflow the what-if's totals or scale all work */
        if (!r->t_ns || !r->tid || (uint64_t)r->holder > r->t_ns || r->stack > LW_HOLD_SUM_UNTIMED ||
            (r->stack && (r->holder || r->aux)) || r->aux >> 62 || !lw_kind_of_type(r->type) ||
            (!lw_kinds[lw_kind_of_type(r->type)].exclusive && !r->stack)) /* a semaphore's: its takes only */
            FAIL(m, "record %zu: HOLD_SUM of tid %u (%" PRIu64 " acquisitions, %u timed, %" PRIu64 " ns, flags %u, "
                 "type %u) is impossible: corrupt trace", i, r->tid, r->t_ns, r->holder, r->aux, r->stack, r->type);
        int known = r->holder && !(r->stack & LW_HOLD_SUM_UNTIMED);
        *APPEND(mt->mholds, mt->nmholds, mt->cap_mholds) =
            (struct mhold){{r->lock, r->tid}, known ? r->aux : 0, r->t_ns, known};
        return;
    }
    if (r->event == LW_EV_WAIT_STACKS) {
        if (!r->holder || !r->aux || mt->wstack_every)
            FAIL(m, "record %zu: WAIT_STACKS (first %" PRIu64 ", then 1 in %u) is impossible: corrupt trace", i,
                 r->aux, r->holder);
        mt->wstack_first = r->aux;
        mt->wstack_every = r->holder;
        mt->wstack_reused = r->t_ns;
        return;
    }
    if (r->event > LW_EV_WAKEUP)
        FAIL(m, "record %zu: event %u: corrupt trace (or a newer writer)", i, r->event);
    if (r->event == LW_EV_LOCK_ONCE) {
        *APPEND(mt->monces, mt->nmonces, mt->cap_monces) = (struct lock_tid){r->lock, r->tid};
        return;
    }
    if (r->event == LW_EV_LOCK_INFO) {
        *APPEND(mt->mlocks, mt->nmlocks, mt->cap_mlocks) = (struct mlock){r->lock, (uint32_t)r->aux};
        return;
    }
    size_t want = r->event == LW_EV_STACK ? (size_t)r->tid * 8 : r->event == LW_EV_MODULE ? r->tid : 32;
    if ((r->event == LW_EV_STACK && (r->tid == 0 || r->tid > 64)) || want > 4096)
        FAIL(m, "record %zu: event %u of %zu bytes: corrupt trace", i, r->event, want);
    *p = (struct pending){r->event, *r, zalloc(want + 1, 1), want, 0};
}

/* by lock and tid: a HOLD_SUM record by its key, its first member */
static int lock_tid_cmp(const void *a, const void *b)
{
    const struct lock_tid *x = a, *y = b;
    return x->lock != y->lock ? CMP(x->lock, y->lock) : CMP(x->tid, y->tid);
}

/* the symbol tables' memory: malloc's here, given back with free when a
 * table grows (the library uses its arena) */
static void *syms_memory(size_t n)
{
    return calloc(1, n);
}

void meta_load(struct model *m)
{
    m->meta = zalloc(1, sizeof *m->meta);
    m->meta->syms = lw_syms_new(syms_memory, free);
    if (!m->meta->syms)
        die("out of memory");
    if (m->hdr.version < 2)
        return;
    each_record(m, meta_record);
    if (m->meta->pending.event)
        FAIL(m, "the last record's data is cut short: truncated trace");
    sort_by_key(m->meta->stacks, m->meta->nstacks, sizeof *m->meta->stacks);
    if (m->meta->nmonces)
        qsort(m->meta->monces, m->meta->nmonces, sizeof *m->meta->monces, lock_tid_cmp);
    if (m->meta->nmholds)
        qsort(m->meta->mholds, m->meta->nmholds, sizeof *m->meta->mholds, lock_tid_cmp);
}

int meta_wait_stacks(const struct model *m, uint64_t *first, uint64_t *every, uint64_t *reused)
{
    *first = m->meta->wstack_first;
    *every = m->meta->wstack_every;
    *reused = m->meta->wstack_reused;
    return m->meta->wstack_every != 0;
}

uint64_t meta_thread_cpu(const struct model *m, uint32_t tid)
{
    for (size_t i = 0; i < m->meta->nmths; i++)
        if (m->meta->mths[i].tid == tid)
            return m->meta->mths[i].cpu_ns;
    return 0;
}

size_t meta_wakeups(const struct model *m, const struct wake_level **levels)
{
    *levels = m->meta->wake;
    return m->meta->nwake;
}

uint32_t meta_cpus(const struct model *m)
{
    return m->meta->cpus;
}

int meta_hold_sums(const struct model *m)
{
    return m->meta->nmholds != 0;
}

int meta_hold_sum(const struct model *m, uint32_t tid, uint64_t lock, uint64_t *ns)
{
    struct lock_tid key = {lock, tid};
    const struct mhold *found = m->meta->nmholds ? bsearch(&key, m->meta->mholds, m->meta->nmholds,
                                                           sizeof *m->meta->mholds, lock_tid_cmp) : NULL;
    *ns = found ? found->ns : 0;
    return found && found->known;
}

uint64_t meta_lock_takes(const struct model *m, uint64_t lock)
{
    size_t lo = 0, hi = m->meta->nmholds; /* sorted by lock: its first record, then the rest together */
    LOWER_BOUND(lo, hi, m->meta->mholds[mid].key.lock < lock);
    uint64_t n = 0;
    for (size_t i = lo; i < m->meta->nmholds && m->meta->mholds[i].key.lock == lock; i++)
        n = n + m->meta->mholds[i].takes < n ? UINT64_MAX : n + m->meta->mholds[i].takes;
    return n;
}

int meta_took_once(const struct model *m, uint32_t tid, uint64_t lock)
{
    struct lock_tid key = {lock, tid};
    return m->meta->nmonces &&
           bsearch(&key, m->meta->monces, m->meta->nmonces, sizeof *m->meta->monces, lock_tid_cmp) != NULL;
}

static const struct mstack *stack_of(const struct model *m, uint32_t id)
{
    size_t lo = 0, hi = m->meta->nstacks;
    LOWER_BOUND(lo, hi, m->meta->stacks[mid].id < id);
    return lo < m->meta->nstacks && m->meta->stacks[lo].id == id ? &m->meta->stacks[lo] : NULL;
}

/* ---- names ---- */

void meta_thread_label(const struct model *m, uint32_t tid, char *out, size_t cap)
{
    const char *name = NULL;
    for (size_t i = 0; i < m->meta->nmths && !name; i++)
        if (m->meta->mths[i].tid == tid && m->meta->mths[i].name[0] && m->meta->mths[i].name[0] != '?')
            name = m->meta->mths[i].name;
    lw_label_thread(name, tid, out, cap);
}

/* the lock's symbol, or its label (lw_rules.h) with the site of its init or first use */
void meta_lock_label(const struct model *m, uint32_t lock, char *out, size_t cap)
{
    const struct lock *l = &m->lk[lock];
    if (lw_syms_name(m->meta->syms, l->addr, LW_SYM_DATA, out, cap) == 2) {
        size_t n = strlen(out);
        if (n > 4 && !strcmp(out + n - 4, "+0x0"))
            out[n - 4] = 0;
        return;
    }
    const struct mstack *s = NULL; /* elsewhere (heap): where it was initialised or first used */
    for (size_t i = 0; i < m->meta->nmlocks && !s; i++)
        if (m->meta->mlocks[i].addr == l->addr)
            s = stack_of(m, m->meta->mlocks[i].stack);
    char fr[200] = "";
    if (s)
        lw_syms_name(m->meta->syms, s->pc[0], LW_SYM_RETURN, fr, sizeof fr);
    lw_label_lock(lw_kind_of_type(l->type), l->addr, fr, out, cap);
}

/* lock l's label, with its address when another lock has the same label
 * (two static locks named m in two files): the sentences must differ */
void meta_lock_label_unique(const struct model *m, uint32_t l, char *out, size_t cap)
{
    char other[256];
    meta_lock_label(m, l, out, cap);
    for (uint32_t k = 0; k < m->nlk; k++) {
        if (k == l)
            continue;
        meta_lock_label(m, k, other, sizeof other);
        if (!strcmp(other, out)) {
            size_t n = strlen(out);
            snprintf(out + n, cap - n, " (0x%" PRIx64 ")", m->lk[l].addr);
            return;
        }
    }
}

void meta_stack_frames(const struct model *m, uint32_t id, char *out, size_t cap)
{
    const struct mstack *s = stack_of(m, id);
    size_t o = 0;
    out[0] = 0;
    for (uint32_t k = s ? s->n : 0; k-- > 0 && o + 1 < cap;) {
        char fr[256];
        lw_syms_name(m->meta->syms, s->pc[k], LW_SYM_RETURN, fr, sizeof fr);
        int n = snprintf(out + o, cap - o, "%s%s", o ? ";" : "", fr);
        o += n > 0 ? (size_t)n : 0;
    }
}

void meta_site_label(const struct model *m, uint64_t pc, char *out, size_t cap)
{
    lw_syms_name(m->meta->syms, pc, LW_SYM_RETURN, out, cap);
}

uint64_t meta_stack_site(const struct model *m, uint32_t id)
{
    const struct mstack *s = stack_of(m, id);
    return s && s->n ? s->pc[0] : 0;
}

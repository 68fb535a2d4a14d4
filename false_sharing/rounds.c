/* rounds.c - how false_sharing runs its cells: workers behind a start gate,
 * one round per cell at a time, and for every worker and round what else
 * happened (time lost to other tasks, the speed canary before and after).
 * Each round belongs to the speed level of its slowest CPU's canary
 * (levels.c in common/); comparisons pair rounds of one level. Rounds with
 * interference, or in which a CPU changed level between its canaries
 * before and after (mixed), are left out and replaced until the main
 * level's intervals are narrow enough or a cap is hit. Two CPUs in two
 * levels at once are not mixed: on a shared host each virtual CPU has its
 * own state, and a line handed between them moves at the slower one's pace.
 *
 * A worker's round, in order:
 *   pin -> wait until all T are placed -> canary -> probe -> start gate
 *   -> its loop -> its own end stamp -> probe -> wait until all T are done
 *   -> canary
 * The round's time runs from the release of the gate to the last worker's
 * own end stamp, so neither the canaries nor the probes after the loop are
 * timed; the probes' window (gate and loop) is where lost time is judged. */
#define _GNU_SOURCE
#include "fs.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_LOG2 16 /* the CPU a worker is on is sampled every 2^16 increments */
#define MIN_ITERS_LOG2 12  /* the fewest increments a round times: 4096 */
#define MIN_WINDOW_NS 2.5e5 /* the speed window: 0.25 ms at the least, */
#define MAX_WINDOW_NS 4e6   /* 4 ms at the most, */
#define START_WINDOW_NS 2e6 /* and 2 ms to begin with (2^18 of the lone atomic) */

/* The counters: a guard line at each end, so nothing else the program
 * touches can share a line with them. Every layout fits. They sit at a
 * random 128-byte slot of their page, new in every process (xplaced_alloc):
 * where they land in the caches' sets is one of the things that vary
 * between runs, and every invocation of the suite samples it anew. */
#define COUNTERS_BYTES (PAD + MAX_THREADS * PAD + PAD)
static char *counters_area(void)
{
    static char *area;
    void *base; /* kept for the life of the process */
    if (!area)
        area = xplaced_alloc(PAD, COUNTERS_BYTES, &base);
    return area;
}

uint64_t *slot_of(const struct layout *l, int t)
{
    return (uint64_t *)(counters_area() + PAD + (size_t)t * l->stride);
}

/* ---- workers and the start gate ---- */

/* a polite spin: a pause the CPU's sibling thread can use */
static inline void spin_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

struct worker {
    _Alignas(PAD) pthread_t tid; /* padded: the harness must not false-share */
    inc_fn *fn;
    uint64_t *slot;
    uint64_t iters;
    int cpu;   /* CPU to pin to, -1 = none */
    int T;     /* threads in this round */
    int yield; /* oversubscribed: spin politely, a sibling may need this CPU */
    int pinned, end_cpu, moved;
    double canary_before, canary_after;
    uint64_t end_ns;
    struct probe p0, p1;
};

static struct {
    _Alignas(PAD) atomic_int placed; /* workers created and pinned */
    _Alignas(PAD) atomic_int armed;  /* workers past their canary and probe */
    _Alignas(PAD) atomic_int go;
    _Alignas(PAD) atomic_int finished; /* workers past their loop and its end stamp */
    _Alignas(PAD) uint64_t release_ns; /* written before go, read after join */
} gate;

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    w->pinned = w->cpu >= 0 && pin_self(w->cpu) == 0;
    /* Everyone placed before anyone's canary: the main thread may still be
     * creating the others on this CPU, so yield to it instead of spinning. */
    atomic_fetch_add_explicit(&gate.placed, 1, memory_order_acq_rel);
    while (atomic_load_explicit(&gate.placed, memory_order_acquire) < w->T)
        sched_yield();
    w->canary_before = canary_ns();
    probe_read(&w->p0);
    /* the last worker to arrive releases the others and stamps the release */
    if (atomic_fetch_add_explicit(&gate.armed, 1, memory_order_acq_rel) + 1 == w->T) {
        gate.release_ns = now_ns();
        atomic_store_explicit(&gate.go, 1, memory_order_release);
    } else {
        while (!atomic_load_explicit(&gate.go, memory_order_acquire))
            if (w->yield)
                sched_yield();
    }
    int start = current_cpu(), moved = 0, cpu = start;
    uint64_t chunk = (uint64_t)1 << CHUNK_LOG2;
    if (chunk > w->iters)
        chunk = w->iters;
    for (uint64_t done = 0; done < w->iters; done += chunk) {
        w->fn(w->slot, chunk);
        cpu = current_cpu();
        moved |= cpu != start;
    }
    w->end_ns = now_ns();
    probe_read(&w->p1);
    /* the canary after the loop only once every worker's loop is done: a
     * canary run beside another worker's loop (an SMT sibling on the host,
     * a contended line the other still hammers) reads slow for our own
     * reasons, and its round would look as if the host changed speed */
    atomic_fetch_add_explicit(&gate.finished, 1, memory_order_acq_rel);
    while (atomic_load_explicit(&gate.finished, memory_order_acquire) < w->T)
        if (w->yield)
            sched_yield();
        else
            spin_pause();
    w->canary_after = canary_ns();
    w->end_cpu = cpu;
    w->moved = moved;
    return NULL;
}

/* ---- one cell, one round ---- */

static void note_cpus(struct cell *c, const struct worker *w)
{
    char buf[16 * MAX_THREADS + 4];
    size_t n = 0;
    buf[n++] = '[';
    for (int t = 0; t < c->T; t++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d%s", t ? "," : "", w[t].end_cpu, w[t].moved ? "*" : "");
    n += (size_t)snprintf(buf + n, sizeof buf - n, "]");
    if (c->cpus_len + n + 1 > c->cpus_cap) {
        c->cpus_cap = 2 * (c->cpus_len + n + 1);
        char *p = realloc(c->cpus_seen, c->cpus_cap);
        if (!p)
            die("out of memory for the cpus record");
        c->cpus_seen = p;
    }
    memcpy(c->cpus_seen + c->cpus_len, buf, n + 1);
    c->cpus_len += n;
}

/* Runs cell c once, iters increments per thread, and returns ns per
 * increment; round r < 0 is a warm-up whose only other trace is its
 * canaries (they count towards the run's best) and its checksum. */
double sample_kept(double x)
{
    char b[64];
    snprintf(b, sizeof b, SAMPLE_FMT, x);
    return strtod(b, NULL);
}

static double cell_round(struct cell *c, long r, uint64_t iters, struct run *run, struct worker *w)
{
    memset(counters_area(), 0, COUNTERS_BYTES);
    atomic_store(&gate.placed, 0);
    atomic_store(&gate.armed, 0);
    atomic_store(&gate.go, 0);
    atomic_store(&gate.finished, 0);
    for (int t = 0; t < c->T; t++) {
        w[t] = (struct worker){.fn = c->inc->fn, .slot = slot_of(c->lay, t), .iters = iters,
                               .cpu = c->cpus ? c->cpus[t] : -1, .T = c->T, .yield = c->oversub};
        check_pt(pthread_create(&w[t].tid, NULL, worker_main, &w[t]), "pthread_create");
    }
    for (int t = 0; t < c->T; t++)
        check_pt(pthread_join(w[t].tid, NULL), "pthread_join");

    /* consume and check every increment */
    uint64_t sum = 0, end = 0;
    for (int t = 0; t < c->T; t++)
        sum += *slot_of(c->lay, t);
    SINK(sum);
    if (sum != (uint64_t)c->T * iters)
        die("checksum: %s/%s at %d threads summed to %" PRIu64 ", expected %" PRIu64, c->inc->name,
            c->lay->name, c->T, sum, (uint64_t)c->T * iters);

    double cmax = 0, cmin = INFINITY, csum = 0, lost = 0, wlo = NAN, whi = NAN;
    int pinned = c->cpus != NULL;
    for (int t = 0; t < c->T; t++) {
        end = w[t].end_ns > end ? w[t].end_ns : end;
        double a = w[t].canary_before, b = w[t].canary_after;
        cmax = fmax(cmax, fmax(a, b));
        cmin = fmin(cmin, fmin(a, b));
        if (isnan(wlo) || fmax(a, b) / fmin(a, b) > whi / wlo)
            wlo = fmin(a, b), whi = fmax(a, b);
        csum += a + b;
        run->best[c->group] = fmin(run->best[c->group], sample_kept(fmin(a, b))); /* printed as kept */
        struct probe d = probe_delta(&w[t].p0, &w[t].p1);
        lost = fmax(lost, probe_lost_share(&d));
        pinned &= w[t].pinned;
    }
    c->pinned_all &= pinned;
    run->done++;
    double ns = (double)(end - gate.release_ns) / (double)iters;
    if (r < 0)
        return ns;
    c->ns[r] = sample_kept(ns);
    c->canary_mean[r] = sample_kept(csum / (2.0 * c->T));
    c->canary_max[r] = sample_kept(cmax);
    c->canary_min[r] = sample_kept(cmin);
    c->worker_lo[r] = sample_kept(wlo);
    c->worker_hi[r] = sample_kept(whi);
    c->lost[r] = sample_kept(lost);
    note_cpus(c, w);
    for (int t = 0; t < c->T; t++)
        if (w[t].moved) {
            c->moved_rounds++;
            break;
        }
    return ns;
}

/* ---- speed levels and judging rounds ---- */

/* The canary readings of a block's rounds (two a cell-round: the fastest
 * and the slowest worker's), relative to their group's best, into out. */
static size_t block_readings(const struct block *b, const struct run *run, double *out)
{
    size_t n = 0;
    for (int i = 0; i < b->ncell; i++) {
        const struct cell *c = &b->cells[i];
        for (long r = 0; r < b->rounds; r++) {
            out[n++] = c->canary_min[r] / run->best[c->group];
            out[n++] = c->canary_max[r] / run->best[c->group];
        }
    }
    return n;
}

void run_levels(const struct block *b, int nb, struct run *r)
{
    size_t cap = 0;
    for (int i = 0; i < nb; i++)
        cap += 2 * (size_t)b[i].ncell * (size_t)b[i].rounds;
    double *x = xmalloc(sizeof *x * (cap ? cap : 1));
    size_t n = 0;
    for (int i = 0; i < nb; i++)
        n += block_readings(&b[i], r, x + n);
    speed_levels(x, n, &r->levels);
    free(x);
}

static char judge(const struct cell *c, long r, const struct run *run)
{
    if (!c->oversub && c->lost[r] > INTERFERENCE_SHARE)
        return ST_INTERFERED;
    double best = run->best[c->group];
    if (!speed_level_span(&run->levels, c->worker_lo[r] / best, c->worker_hi[r] / best))
        return ST_MIXED;
    int k = speed_level_of(&run->levels, c->canary_max[r] / best);
    return k ? ST_LEVEL(k) : ST_MIXED;
}

static void judge_all(struct block *b, const struct run *run)
{
    for (int i = 0; i < b->ncell; i++)
        for (long r = 0; r < b->rounds; r++)
            b->cells[i].state[r] = judge(&b->cells[i], r, run);
}

/* The values of x (a per-round array of cell c) in level k into out. */
static size_t level_values(const struct cell *c, const double *x, long rounds, int k, double *out)
{
    size_t n = 0;
    for (long r = 0; r < rounds; r++)
        if (c->state[r] == ST_LEVEL(k))
            out[n++] = x[r];
    return n;
}

/* Per-round ratios over the rounds where both cells ran in level k. */
static size_t ratio_values(const struct block *b, const struct ratio *q, int k, double *out)
{
    const struct cell *a = &b->cells[q->num], *d = &b->cells[q->den];
    size_t n = 0;
    for (long r = 0; r < b->rounds; r++)
        if (a->state[r] == ST_LEVEL(k) && d->state[r] == ST_LEVEL(k) && d->ns[r] > 0 && a->ns[r] > 0)
            out[n++] = a->ns[r] / d->ns[r];
    return n;
}

/* After a round: levels and judgement from this block's rounds so far and
 * the running best; *clean = the fewest rounds any cell or ratio has in
 * the block's main level; returns 1 when every interval there reached its
 * target width. */
static int block_status(struct block *b, struct run *run, long *clean)
{
    double *v = xmalloc(sizeof *v * (size_t)(b->rounds ? b->rounds : 1));
    int reached = 1;
    run_levels(b, 1, run);
    judge_all(b, run);
    int k = speed_main_level(&run->levels);
    *clean = b->rounds;
    for (int i = 0; i < b->ncell; i++) {
        size_t n = level_values(&b->cells[i], b->cells[i].ns, b->rounds, k, v);
        *clean = (long)n < *clean ? (long)n : *clean;
        reached &= n > 0 && ci_reached(ci_median(v, n), run->plan.rel, ABS_FLOOR);
    }
    for (int i = 0; i < b->nratio; i++) {
        size_t n = ratio_values(b, &b->ratios[i], k, v);
        *clean = (long)n < *clean ? (long)n : *clean;
        reached &= n > 0 && ci_reached(ci_ratio(v, n), run->plan.rel, ABS_FLOOR);
    }
    free(v);
    return reached;
}

/* ---- blocks ---- */

void run_init(struct run *r, uint64_t iters, struct reps_plan plan)
{
    r->plan = plan;
    r->iters = iters;
    r->window_ns = START_WINDOW_NS;
    r->done = r->total = r->shown = 0;
    r->t0 = now_ns();
    for (int g = 0; g < MAX_GROUPS; g++)
        r->best[g] = INFINITY;
}

void block_alloc(struct block *b, const struct run *r)
{
    size_t cap = (size_t)r->plan.max_rounds;
    for (int i = 0; i < b->ncell; i++) {
        struct cell *c = &b->cells[i];
        c->ns = xmalloc(sizeof(double) * cap);
        c->canary_mean = xmalloc(sizeof(double) * cap);
        c->canary_max = xmalloc(sizeof(double) * cap);
        c->canary_min = xmalloc(sizeof(double) * cap);
        c->worker_lo = xmalloc(sizeof(double) * cap);
        c->worker_hi = xmalloc(sizeof(double) * cap);
        c->lost = xmalloc(sizeof(double) * cap);
        c->state = xmalloc(cap + 1);
        c->cpus_seen = xmalloc(c->cpus_cap = 64);
        c->cpus_seen[0] = 0;
        c->cpus_len = 0;
        c->moved_rounds = 0;
        c->pinned_all = 1;
    }
    b->rounds = 0;
}

void block_free(struct block *b)
{
    for (int i = 0; i < b->ncell; i++) {
        struct cell *c = &b->cells[i];
        free(c->ns);
        free(c->canary_mean);
        free(c->canary_max);
        free(c->canary_min);
        free(c->worker_lo);
        free(c->worker_hi);
        free(c->lost);
        free(c->state);
        free(c->cpus_seen);
    }
}

void block_run(struct block *b, struct run *r)
{
    int maxT = 1;
    for (int i = 0; i < b->ncell; i++)
        maxT = b->cells[i].T > maxT ? b->cells[i].T : maxT;
    void *base;
    struct worker *w = xplaced_alloc(PAD, sizeof *w * (size_t)maxT, &base);
    /* progress counts the planned REPS + 1 rounds of each block (the total
     * is known up front); rounds the plan adds beyond them count nothing */
    long planned = (long)b->ncell * (r->plan.min_clean + 1), first = r->done;
    /* the warm-up says how long the slowest cell's loop takes: fewer
     * increments (down to 2^MIN_ITERS_LOG2) until it fits the window */
    double slowest = 0;
    b->iters = r->iters;
    for (int i = 0; i < b->ncell; i++)
        slowest = fmax(slowest, cell_round(&b->cells[i], -1, b->iters, r, w));
    while (b->iters > ((uint64_t)1 << MIN_ITERS_LOG2) && slowest * (double)b->iters > r->window_ns)
        b->iters /= 2;
    uint64_t started = now_ns();
    long clean = 0;
    int reached = 0;
    b->rounds = 0;
    while (reps_more(&r->plan, clean, b->rounds, reached, started)) {
        for (int j = 0; j < b->ncell; j++)
            cell_round(&b->cells[(b->rounds + j) % b->ncell], b->rounds, b->iters, r, w);
        b->rounds++;
        reached = block_status(b, r, &clean);
        long ran = r->done - first;
        progress("false_sharing", r->shown + (ran < planned ? ran : planned), r->total, r->t0);
    }
    r->shown += planned;
    progress("false_sharing", r->shown, r->total, r->t0);
    free(base);
    /* the next block's window: half as long after a block whose rounds
     * were often mixed (the host changed speed within them), twice as
     * long after one where almost none were */
    long mixed = 0, all = 0;
    for (int i = 0; i < b->ncell; i++)
        for (long k = 0; k < b->rounds; k++)
            mixed += b->cells[i].state[k] == ST_MIXED, all++;
    if (all && mixed > all / 10)
        r->window_ns = fmax(r->window_ns / 2, MIN_WINDOW_NS);
    else if (all && mixed < all / 50)
        r->window_ns = fmin(r->window_ns * 2, MAX_WINDOW_NS);
}

void block_finish(struct block *b, const struct run *r)
{
    long R = b->rounds;
    size_t cap = (size_t)(R ? R : 1);
    double *v = xmalloc(sizeof *v * cap), *cyc = xmalloc(sizeof *cyc * cap), *cv = xmalloc(sizeof *cv * cap);
    judge_all(b, r);
    for (int i = 0; i < b->ncell; i++) {
        struct cell *c = &b->cells[i];
        c->interfered = c->mixed = 0;
        for (long k = 0; k < R; k++) {
            c->interfered += c->state[k] == ST_INTERFERED;
            c->mixed += c->state[k] == ST_MIXED;
            cyc[k] = c->ns[k] / c->canary_mean[k];
        }
        c->state[R] = 0;
        c->two_modes_all = stat_two_modes(c->ns, (size_t)R);
        for (int k = 1; k <= r->levels.k; k++) {
            struct level_fig *f = &c->lv[k];
            size_t n = level_values(c, c->ns, R, k, v);
            f->used = (long)n;
            f->ns_iv = ci_median(v, n);
            f->min_ns = n ? stat_min(v, n) : NAN;
            f->two_modes = stat_two_modes(v, n);
            f->reached = ci_reached(f->ns_iv, r->plan.rel, ABS_FLOOR);
            level_values(c, cyc, R, k, cv);
            f->cyc_iv = ci_median(cv, n);
            level_values(c, c->canary_mean, R, k, cv);
            f->canary_ns = n ? stat_median(cv, n) : NAN;
        }
    }
    for (int i = 0; i < b->nratio; i++) {
        struct ratio *q = &b->ratios[i];
        for (int k = 1; k <= r->levels.k; k++) {
            size_t n = ratio_values(b, q, k, v);
            q->iv[k] = ci_ratio(v, n);
            q->reached[k] = ci_reached(q->iv[k], r->plan.rel, ABS_FLOOR);
            q->q[k] = NAN;
        }
    }
    free(cv);
    free(cyc);
    free(v);
}

/* results.c - false_sharing's cells, ratios and blocks as data: the
 * layouts, how a block of cells and its ratios is built, and the RESULT
 * lines of every figure per speed level. false_sharing.c (the measured run)
 * and rederive.c (figures again from a raw file's samples) share them. */
#define _GNU_SOURCE
#include "fs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct layout layouts[N_LAYOUT] = {
    {"adjacent", 8},
    {"pad64", 64},
    {"pad128", PAD},
};

/* ---- output ---- */

/* " key=value" with prec decimals, or " key=NA" for a value not measured */
void put(const char *key, double v, int prec)
{
    if (isnan(v) || isinf(v))
        printf(" %s=NA", key);
    else
        printf(" %s=%.*f", key, prec, v);
}

static void put_iv(const char *key, struct interval iv, int prec)
{
    char k[64];
    put(key, iv.est, prec);
    snprintf(k, sizeof k, "%s_lo", key);
    put(k, iv.lo, prec);
    snprintf(k, sizeof k, "%s_hi", key);
    put(k, iv.hi, prec);
}

/* Too busy in level k: fewer than REPS rounds there, or more than half of
 * all rounds left out (interfered or mixed). A merely slow host is not busy:
 * its rounds count in their own level. */
static int cell_too_busy(const struct cell *c, int k, const struct block *b, const struct run *r)
{
    return c->lv[k].used < r->plan.min_clean || 2 * (c->interfered + c->mixed) > b->rounds;
}

static void put_level(int k, double canary_ns, const struct run *r)
{
    printf(" speed_level=%d", k);
    put("canary_ns", canary_ns, 4);
    put("speed_share", r->levels.share[k], 3);
}

/* kind=cell (or pair, with extra = " class=... pair=...") per speed level
 * with rounds, then its cell_samples (pair_samples), cell_cpus (pair_cpus)
 * and checksum lines */
void print_cell(const char *kind, const char *extra, const struct cell *c, const struct block *b,
                       const struct run *r)
{
    for (int k = 1; k <= r->levels.k; k++) {
        const struct level_fig *f = &c->lv[k];
        if (f->used == 0 && k != speed_main_level(&r->levels))
            continue;
        printf("RESULT exp=false_sharing kind=%s%s increment=%s layout=%s threads=%d", kind, extra, c->inc->name,
               c->lay->name, c->T);
        put_level(k, f->canary_ns, r);
        put_iv("ns_per_inc", f->ns_iv, 4);
        put_iv("cycles_per_inc", f->cyc_iv, 3);
        put("min_ns", f->min_ns, 4);
        printf(" rounds_total=%ld rounds_used=%ld rounds_interfered=%ld rounds_mixed=%ld", b->rounds, f->used,
               c->interfered, c->mixed);
        printf(" two_modes=%d two_modes_all=%d target_reached=%d too_busy=%d reps_min=%ld moved_rounds=%d "
               "pinned=%d oversubscribed=%d\n",
               f->two_modes, c->two_modes_all, f->reached, cell_too_busy(c, k, b, r), r->plan.min_clean,
               c->moved_rounds, c->pinned_all, c->oversub);
    }
    if (!c->cpus_seen) /* re-derived from a raw file: its own samples and cpus lines stay */
        return;
    printf("RESULT exp=false_sharing kind=%s_samples%s increment=%s layout=%s threads=%d iters=%llu", kind, extra,
           c->inc->name, c->lay->name, c->T, (unsigned long long)b->iters);
    const double *cols[] = {c->ns, c->canary_mean, c->canary_min, c->canary_max, c->worker_lo, c->worker_hi, c->lost};
    const char *names[] = {"ns_per_inc", "canary_ns", "canary_min_ns", "canary_max_ns", "canary_worker_lo_ns",
                           "canary_worker_hi_ns", "lost_share"};
    for (int j = 0; j < 7; j++) {
        printf(" %s=", names[j]);
        for (long k = 0; k < b->rounds; k++)
            printf("%s" SAMPLE_FMT, k ? "," : "", cols[j][k]);
        if (b->rounds == 0)
            printf("NA");
    }
    printf(" state=%s\n", b->rounds ? c->state : "NA");
    printf("RESULT exp=false_sharing kind=%s_cpus%s increment=%s layout=%s threads=%d cpus=%s\n", kind, extra,
           c->inc->name, c->lay->name, c->T, c->cpus_len ? c->cpus_seen : "NA");
    printf("RESULT exp=false_sharing kind=checksum%s increment=%s layout=%s threads=%d expected=%llu rounds=%ld "
           "status=ok\n",
           extra, c->inc->name, c->lay->name, c->T, (unsigned long long)c->T * (unsigned long long)b->iters,
           b->rounds + 1);
}

void print_ratio(const char *kind, const char *extra, const struct block *b, const struct ratio *q,
                        const struct run *r)
{
    const struct cell *a = &b->cells[q->num], *d = &b->cells[q->den];
    for (int k = 1; k <= r->levels.k; k++) {
        const struct interval iv = q->iv[k];
        if (iv.n == 0 && k != speed_main_level(&r->levels))
            continue;
        int busy = (long)iv.n < r->plan.min_clean || cell_too_busy(a, k, b, r) || cell_too_busy(d, k, b, r);
        printf("RESULT exp=false_sharing kind=%s%s increment=%s compare=%s threads=%d", kind, extra, a->inc->name,
               q->compare, q->T);
        put_level(k, a->lv[k].canary_ns, r);
        put_iv("ratio", iv, 4);
        put("p", iv.p, 4);
        put("q", q->q[k], 4);
        printf(" n=%zu target_reached=%d too_busy=%d\n", iv.n, q->reached[k], busy);
    }
}

/* How long the host stays in one level, in the time order of the rounds:
 * the share of cell-rounds whose successor ran in the same level (both in
 * a level), the median cell-round and round in ms. A round, within which
 * the compared cells are paired, should be shorter than a stay. */
static void print_dwell(const struct block *b, int nb, const struct run *r)
{
    long same = 0, pairs = 0, n = 0, nr = 0;
    size_t cap = 1;
    for (int i = 0; i < nb; i++)
        cap += (size_t)b[i].ncell * (size_t)b[i].rounds;
    double *cell_ms = xmalloc(sizeof *cell_ms * cap), *round_ms = xmalloc(sizeof *round_ms * cap);
    for (int i = 0; i < nb; i++) {
        char prev = 0;
        for (long k = 0; k < b[i].rounds; k++) {
            double sum = 0;
            for (int j = 0; j < b[i].ncell; j++) { /* block_run's order: rotated by one every round */
                const struct cell *c = &b[i].cells[(k + j) % b[i].ncell];
                char st = c->state[k];
                if (LEVEL_OF_ST(st) && LEVEL_OF_ST(prev)) {
                    pairs++;
                    same += st == prev;
                }
                prev = st;
                double ms = c->ns[k] * (double)(b[i].iters ? b[i].iters : r->iters) / 1e6;
                cell_ms[n++] = ms;
                sum += ms;
            }
            round_ms[nr++] = sum;
        }
    }
    printf("RESULT exp=false_sharing kind=speed_dwell cell_round_count=%ld", n);
    put("same_next_share", pairs ? (double)same / (double)pairs : NAN, 3);
    put("cell_round_ms", n ? stat_median(cell_ms, (size_t)n) : NAN, 3);
    put("round_ms", nr ? stat_median(round_ms, (size_t)nr) : NAN, 3);
    printf("\n");
    free(cell_ms);
    free(round_ms);
}

/* One line per speed level of the run (common/levels.c): its canary in ns
 * (the median of its rounds' canaries relative to their best, times the
 * 1-thread best) and its share of the readings; build/combine matches the
 * levels of the invocations by it. */
void print_levels(const struct block *b, int nb, const struct run *r)
{
    print_dwell(b, nb, r);
    const struct speed_levels *L = &r->levels;
    double best = r->best[0];
    for (int k = 1; k <= L->k; k++) {
        printf("RESULT exp=false_sharing kind=speed_level level=%d levels=%d", k, L->k);
        put("canary_ns", L->mid[k] * best, 4);
        put("canary_ns_lo", L->q25[k] * best, 4);
        put("canary_ns_hi", L->q75[k] * best, 4);
        put("canary_best_ratio", L->mid[k], 3);
        put("cut_best_ratio", k < L->k ? L->cut[k - 1] : NAN, 3);
        put("share", L->share[k], 3);
        printf(" n=%zu main=%d\n", L->count[k], k == speed_main_level(L));
    }
}

/* q-values across one table of ratios (every block's ratios together) */
void adjust_table(struct block *blocks, int nblock, int levels)
{
    int n = 0, k = 0;
    for (int i = 0; i < nblock; i++)
        n += blocks[i].nratio * levels;
    double *p = xmalloc(sizeof *p * (size_t)(n ? n : 1)), *q = xmalloc(sizeof *q * (size_t)(n ? n : 1));
    for (int i = 0; i < nblock; i++)
        for (int j = 0; j < blocks[i].nratio; j++)
            for (int l = 1; l <= levels; l++)
                p[k++] = blocks[i].ratios[j].iv[l].p;
    bh_adjust(p, (size_t)n, q);
    k = 0;
    for (int i = 0; i < nblock; i++)
        for (int j = 0; j < blocks[i].nratio; j++)
            for (int l = 1; l <= levels; l++)
                blocks[i].ratios[j].q[l] = q[k++];
    free(p);
    free(q);
}

/* ---- the blocks ---- */

static struct ratio mk_ratio(int num, int den, const char *compare, int T)
{
    return (struct ratio){.num = num, .den = den, .compare = compare, .T = T};
}

/* Increment inc at every thread count of run_t: cells by (T, layout), and
 * the ratios within each T and against one thread. */
void build_block(struct block *b, const struct increment *inc, const int *run_t, int nrun,
                        int cpus_t[][MAX_THREADS], const int *oversub_t, int pinned)
{
    b->ncell = nrun * N_LAYOUT;
    b->cells = xmalloc(sizeof *b->cells * (size_t)b->ncell);
    b->ratios = xmalloc(sizeof *b->ratios * (size_t)(3 * nrun));
    b->nratio = 0;
    int one = -1;
    for (int i = 0; i < nrun; i++)
        one = run_t[i] == 1 ? i : one;
    for (int i = 0; i < nrun; i++) {
        for (int l = 0; l < N_LAYOUT; l++)
            b->cells[i * N_LAYOUT + l] = (struct cell){.inc = inc, .lay = &layouts[l], .T = run_t[i],
                                                       .cpus = pinned ? cpus_t[i] : NULL, .oversub = oversub_t[i],
                                                       .group = i};
        int base = i * N_LAYOUT;
        b->ratios[b->nratio++] = mk_ratio(base + L_ADJ, base + L_PAD128, "adjacent_over_pad128", run_t[i]);
        b->ratios[b->nratio++] = mk_ratio(base + L_PAD64, base + L_PAD128, "pad64_over_pad128", run_t[i]);
        if (one >= 0 && i != one)
            b->ratios[b->nratio++] =
                mk_ratio(base + L_PAD128, one * N_LAYOUT + L_PAD128, "pad128_over_1thread", run_t[i]);
    }
}

/* The same increment at 2 threads on one CPU pair: adjacent and pad128. */
void build_pair_block(struct block *b, const struct increment *inc, const int *pair, int group)
{
    b->ncell = 2;
    b->cells = xmalloc(sizeof *b->cells * 2);
    b->cells[0] = (struct cell){.inc = inc, .lay = &layouts[L_ADJ], .T = 2, .cpus = pair, .group = group};
    b->cells[1] = (struct cell){.inc = inc, .lay = &layouts[L_PAD128], .T = 2, .cpus = pair, .group = group};
    b->ratios = xmalloc(sizeof *b->ratios);
    b->ratios[0] = mk_ratio(0, 1, "adjacent_over_pad128", 2);
    b->nratio = 1;
}

void drop_block(struct block *b)
{
    block_free(b);
    free(b->cells);
    free(b->ratios);
}


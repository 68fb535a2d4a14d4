/* report.c - from a cell's blocks to its RESULT and samples lines, one
 * figure line per speed level (the grammar is in docs/output-grammar.md).
 * Every statistic comes from common/stats.c, the levels from common/levels.c. */
#include "common.h"
#include "ctxswitch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MIN_INTERVAL_N 6 /* ci_median and ci_shift need this many */

void cell_data_alloc(struct cell_data *d, const struct cell *c, long max_reps, long nb)
{
    memset(d, 0, sizeof *d);
    d->c = c;
    d->nb = nb;
    d->block_rounds = c->rounds / nb;
    size_t n = (size_t)(max_reps * nb);
    for (int k = 0; k < NSUB; k++)
        d->sub[k] = xmalloc(n * sizeof *d->sub[k]);
    d->canary0 = xmalloc(n * sizeof *d->canary0);
    d->canary1 = xmalloc(n * sizeof *d->canary1);
    d->interfered = xmalloc(n);
    d->state = xmalloc(n);
}

static long nblocks(const struct cell_data *d)
{
    return d->nrep * d->nb;
}

void judge_blocks(struct cell_data *d, const struct speed_levels *L)
{
    for (long g = 0; g < nblocks(d); g++) {
        int k = speed_level_span(L, fmin(d->canary0[g], d->canary1[g]), fmax(d->canary0[g], d->canary1[g]));
        d->state[g] = d->interfered[g] ? BLK_INTERFERED : k == 0 ? BLK_MIXED : (char)('0' + k);
    }
}

long level_blocks(const struct cell_data *d, int level)
{
    long n = 0;
    for (long g = 0; g < nblocks(d); g++)
        n += d->state[g] == '0' + level;
    return n;
}

int cell_main_level(const struct cell_data *d)
{
    int best = 0;
    long most = 0;
    for (int k = 1; k <= SPEED_MAX_LEVELS; k++) {
        long n = level_blocks(d, k);
        if (n > most)
            most = n, best = k;
    }
    return best;
}

void cell_data_free(struct cell_data *d)
{
    for (int k = 0; k < NSUB; k++)
        free(d->sub[k]);
    free(d->canary0), free(d->canary1), free(d->interfered), free(d->state), free(d->kept);
}

static int is_sweep(const struct cell_data *d)
{
    return d->c->acc != ACC_NONE;
}

size_t level_costs(const struct cell_data *d, int level, double *c1, double *c2, double *ind)
{
    size_t n = 0;
    for (long g = 0; g < nblocks(d); g++) {
        if (d->state[g] != '0' + level)
            continue;
        double a = d->sub[SUB_T1][g].rt_ns / 2 - d->sub[SUB_T2][g].rt_ns;
        double b = is_sweep(d) ? d->sub[SUB_S1][g].rt_ns / 2 - d->sub[SUB_S2][g].rt_ns : NAN;
        if (c1)
            c1[n] = a;
        if (c2)
            c2[n] = b;
        if (ind)
            ind[n] = b - a;
        n++;
    }
    return n;
}

int targets_reached(const struct cell_data *d, int level, double rel, double abs_ns)
{
    size_t cap = (size_t)nblocks(d) + 1;
    double *c1 = xmalloc(cap * sizeof *c1), *ind = xmalloc(cap * sizeof *ind);
    size_t n = level_costs(d, level, c1, NULL, ind);
    int ok = n >= MIN_INTERVAL_N && ci_reached(ci_median(c1, n), rel, abs_ns) &&
             (!is_sweep(d) || ci_reached(ci_shift(ind, n), rel, abs_ns));
    free(c1), free(ind);
    return ok;
}

/* ---- printing ---- */

/* " key=value" with fmt, or " key=NA" when v is not a number */
static void put(const char *key, double v, const char *fmt)
{
    printf(" %s=", key);
    if (isnan(v) || isinf(v))
        fputs("NA", stdout);
    else
        printf(fmt, v);
}

/* key=est key_lo=lo key_hi=hi */
static void put_iv(const char *key, struct interval iv)
{
    char k[64];
    put(key, iv.est, "%.1f");
    snprintf(k, sizeof k, "%s_lo", key);
    put(k, iv.lo, "%.1f");
    snprintf(k, sizeof k, "%s_hi", key);
    put(k, iv.hi, "%.1f");
}

static void put_list(const char *key, const struct cell_data *d, int sub, int field)
{
    printf(" %s=", key);
    for (long g = 0; g < nblocks(d); g++) {
        const struct subrun *s = &d->sub[sub][g];
        if (g)
            putchar(',');
        if (field == 0)
            printf("%.1f", s->rt_ns);
        else if (field == 1)
            printf("%.0f", s->wall_ns);
        else if (isnan(s->lost))
            fputs("NA", stdout);
        else
            printf("%.4f", s->lost);
    }
}

static void put_canaries(const char *key, const struct cell_data *d, const double *x)
{
    printf(" %s=", key);
    for (long g = 0; g < nblocks(d); g++)
        printf("%s%.4f", g ? "," : "", x[g]);
}

static void put_where(const struct cell *c)
{
    printf(" mode=%s size_kib=%ld access=%s stride_bytes=%ld round_trips=%ld", mode_name[c->mode], c->kib,
           access_name[c->acc], c->stride, c->rounds);
}

/* per block: each sub-run's median round trip, wall time and lost share;
 * then the blocks' states and the canary readings before and after each */
static void put_samples(const struct cell_data *d)
{
    static const char *const run[NSUB] = {"T1", "T2", "S1", "S2"};
    for (int k = 0; k < (is_sweep(d) ? NSUB : 2); k++) {
        printf("RESULT exp=ctxswitch kind=samples");
        put_where(d->c);
        printf(" run=%s", run[k]);
        put_list("rt_ns", d, k, 0);
        put_list("wall_ns", d, k, 1);
        put_list("lost_share", d, k, 2);
        putchar('\n');
    }
    printf("RESULT exp=ctxswitch kind=samples");
    put_where(d->c);
    printf(" run=block blocks_per_rep=%ld block_round_trips=%ld state=", d->nb, d->block_rounds);
    for (long g = 0; g < nblocks(d); g++)
        printf("%s%c", g ? "," : "", d->state[g]);
    put_canaries("canary_ns", d, d->canary0);
    put_canaries("canary_end_ns", d, d->canary1);
    putchar('\n');
}

/* Statistics of one cell in one level, kept until the q-values of the
 * table are known. */
struct stats {
    const struct cell_data *d;
    int level, target_reached;
    size_t n;
    struct interval c1, c2, ind, half, one;
    double q, canary;
};

static struct stats level_stats(const struct cell_data *d, int level, double rel)
{
    size_t cap = (size_t)nblocks(d) + 1;
    double *c1 = xmalloc(cap * sizeof *c1), *c2 = xmalloc(cap * sizeof *c2), *ind = xmalloc(cap * sizeof *ind);
    double *half = xmalloc(cap * sizeof *half), *one = xmalloc(cap * sizeof *one), *cn = xmalloc(2 * cap * sizeof *cn);
    struct stats s = {.d = d, .level = level, .q = NAN, .canary = NAN};
    s.n = level_costs(d, level, c1, c2, ind);
    size_t j = 0;
    for (long g = 0; g < nblocks(d); g++)
        if (d->state[g] == '0' + level) {
            half[j] = d->sub[SUB_T1][g].rt_ns / 2;
            one[j] = d->sub[SUB_T2][g].rt_ns;
            cn[2 * j] = d->canary0[g];
            cn[2 * j++ + 1] = d->canary1[g];
        }
    if (j)
        s.canary = stat_median(cn, 2 * j);
    s.c1 = ci_median(c1, s.n);
    s.half = ci_median(half, s.n);
    s.one = ci_median(one, s.n);
    if (is_sweep(d)) {
        s.c2 = ci_median(c2, s.n);
        s.ind = ci_shift(ind, s.n);
        if (s.n < MIN_INTERVAL_N) /* no interval, no test */
            s.ind.p = NAN;
    }
    s.target_reached = targets_reached(d, level, rel, TARGET_ABS_NS);
    free(c1), free(c2), free(ind), free(half), free(one), free(cn);
    return s;
}

/* The self-check keys, from the counts; rederive copies the original's. */
static void put_checks(const struct cell_data *d, const char *pinned, long cpu)
{
    if (d->kept) {
        printf(" %s", d->kept);
        return;
    }
    /* 2 switches per pair round trip (voluntary under SCHED_FIFO; without
     * it the woken side preempts the writer, so about one of them is
     * involuntary), none per single round trip, no migrations. The counts
     * include the warm-up round trips. */
    const struct cell *c = d->c;
    int known = c->mode == MODE_PROCESS || per_thread_counts;
    double prt = (double)d->pair_rts, srt = (double)d->single_rts;
    double pair_v = known ? (double)(d->pair.nvcsw + d->partner.u.nvcsw) / prt : NAN;
    double pair_iv = known ? (double)(d->pair.nivcsw + d->partner.u.nivcsw) / prt : NAN;
    double single_all = known ? (double)(d->single.nvcsw + d->single.nivcsw) / srt : NAN;
    long migr = d->parent_migrations < 0 || d->partner.u.migrations < 0 ? -1
                                                                        : d->parent_migrations + d->partner.u.migrations;
    int moved = migr > 0 || (*pinned == 'y' && (d->cpu_first != cpu || d->cpu_last != cpu ||
                                                d->partner.cpu_first != cpu || d->partner.cpu_last != cpu));
    int bad_csw = known && (pair_v + pair_iv < 1.9 || pair_v + pair_iv > 2.1 || single_all > 0.1);
    const char *check = bad_csw && moved ? "csw,migrated" : bad_csw ? "csw" : moved ? "migrated" : "ok";
    put("nvcsw_per_rt", pair_v, "%.3f");
    put("nivcsw_per_rt", pair_iv, "%.3f");
    put("single_csw_per_rt", single_all, "%.3f");
    if (migr < 0)
        printf(" migrations=NA");
    else
        printf(" migrations=%ld", migr);
    printf(" cpu=%d check=%s status=%s", d->cpu_last, check, d->parent_ok && d->partner.ok ? "ok" : "mismatch");
}

/* The RESULT line of one cell in one level. */
static void put_result(const struct stats *s, const struct speed_levels *L, const char *tag, const char *pinned,
                       long cpu)
{
    const struct cell_data *d = s->d;
    long counts[256] = {0}, used = 0;
    double lost_max = 0, *x = xmalloc(((size_t)nblocks(d) + 1) * sizeof *x);
    for (long g = 0; g < nblocks(d); g++) {
        counts[(unsigned char)d->state[g]]++;
        if (d->state[g] != '0' + s->level)
            continue;
        for (int k = 0; k < (is_sweep(d) ? NSUB : 2); k++)
            lost_max = fmax(lost_max, isnan(d->sub[k][g].lost) ? 0 : d->sub[k][g].lost);
        x[used++] = is_sweep(d) ? d->sub[SUB_S1][g].rt_ns / 2 - d->sub[SUB_S2][g].rt_ns
                                : d->sub[SUB_T1][g].rt_ns / 2 - d->sub[SUB_T2][g].rt_ns;
    }
    printf("RESULT exp=ctxswitch kind=%s%s", is_sweep(d) ? "total" : "direct", tag);
    put_where(d->c);
    printf(" speed_level=%d", s->level);
    put("canary_ns", s->canary, "%.4f");
    put("speed_share", L->share[s->level], "%.3f");
    if (is_sweep(d)) {
        put_iv("c1_ns", s->c1);
        put_iv("c2_ns", s->c2);
        put_iv("indirect_ns", s->ind);
        put("p", s->ind.p, "%.4g");
        put("q", s->q, "%.4g");
        printf(" significant=%s", s->q <= 0.05 ? "yes" : "no"); /* the interval then excludes 0 */
    } else {
        put_iv("pair_half_rt_ns", s->half);
        put_iv("single_rt_ns", s->one);
        put_iv("c1_ns", s->c1);
    }
    long mixed = counts[BLK_MIXED], interfered = counts[BLK_INTERFERED];
    printf(" rounds_total=%ld rounds_used=%ld rounds_interfered=%ld rounds_mixed=%ld rounds_other_levels=%ld",
           nblocks(d), used, interfered, mixed, nblocks(d) - used - interfered - mixed);
    printf(" two_modes=%d target_reached=%d", stat_two_modes(x, (size_t)used), s->target_reached);
    put("lost_share_max", used ? lost_max : NAN, "%.4f");
    put_checks(d, pinned, cpu);
    putchar('\n');
    free(x);
}

/* process - thread per block of one level (both measured in the same ones) */
static void put_mode_diff(const struct cell_data *p, const struct cell_data *t, int level, const char *tag)
{
    double *c1p = xmalloc(((size_t)nblocks(p) + 1) * sizeof *c1p), *c1t = xmalloc(((size_t)nblocks(t) + 1) * sizeof *c1t);
    size_t n = level_costs(p, level, c1p, NULL, NULL);
    if (level_costs(t, level, c1t, NULL, NULL) != n)
        die("mode_diff: the two direct cells have different blocks in level %d", level);
    for (size_t i = 0; i < n; i++)
        c1p[i] -= c1t[i];
    struct interval iv = ci_shift(c1p, n);
    if (n < MIN_INTERVAL_N)
        iv.p = NAN;
    printf("RESULT exp=ctxswitch kind=mode_diff%s what=process_minus_thread speed_level=%d", tag, level);
    put_iv("c1_diff_ns", iv);
    put("p", iv.p, "%.4g");
    printf(" rounds_used=%zu significant=%s\n", n, iv.p <= 0.05 ? "yes" : "no");
    free(c1p), free(c1t);
}

void report_levels(const struct speed_levels *L, const char *tag)
{
    int main_level = speed_main_level(L);
    for (int k = 1; k <= L->k; k++) {
        printf("RESULT exp=ctxswitch kind=speed_level%s level=%d levels=%d", tag, k, L->k);
        put("canary_ns", L->mid[k], "%.4f");
        put("canary_ns_lo", L->q25[k], "%.4f");
        put("canary_ns_hi", L->q75[k], "%.4f");
        printf(" share=%.3f n=%zu main=%d\n", L->share[k], L->count[k], k == main_level);
    }
}

/* the levels a cell is reported in: every level with blocks, or (none:
 * too busy) the run's main level, with no figures */
static int cell_levels(const struct cell_data *d, const struct speed_levels *L, int *out)
{
    int n = 0;
    for (int k = 1; k <= L->k; k++)
        if (level_blocks(d, k))
            out[n++] = k;
    if (n == 0)
        out[n++] = L->k ? speed_main_level(L) : 1;
    return n;
}

int report_cells(struct cell_data *d, size_t n, int mode_diff, const char *pinned, long cpu,
                 const struct speed_levels *L, double rel, const char *tag, int samples)
{
    size_t cap = (n ? n : 1) * SPEED_MAX_LEVELS;
    struct stats *s = xmalloc(cap * sizeof *s);
    double *p = xmalloc(cap * sizeof *p), *q = xmalloc(cap * sizeof *q);
    size_t ns = 0, m = 0;
    for (size_t i = 0; i < n; i++) {
        int lv[SPEED_MAX_LEVELS], nl = cell_levels(&d[i], L, lv);
        for (int j = 0; j < nl; j++) {
            s[ns] = level_stats(&d[i], lv[j], rel);
            if (is_sweep(&d[i]))
                p[m++] = s[ns].ind.p;
            ns++;
        }
    }
    bh_adjust(p, m, q); /* one family: every indirect cost of the run, in every level */
    int ok = 1;
    for (size_t i = 0, j = 0, k = 0; i < n; i++) {
        for (; k < ns && s[k].d == &d[i]; k++) {
            if (is_sweep(&d[i]))
                s[k].q = q[j++];
            put_result(&s[k], L, tag, pinned, cpu);
        }
        ok &= d[i].kept ? strstr(d[i].kept, "status=ok") != NULL : d[i].parent_ok && d[i].partner.ok;
        if (samples)
            put_samples(&d[i]);
        if (mode_diff && i == 1) {
            int lv[SPEED_MAX_LEVELS], nl = cell_levels(&d[0], L, lv);
            for (int l = 0; l < nl; l++)
                put_mode_diff(&d[0], &d[1], lv[l], tag);
        }
    }
    free(s), free(p), free(q);
    fflush(stdout);
    return ok;
}

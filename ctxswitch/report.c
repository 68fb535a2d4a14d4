/* report.c - from a cell's repetitions to its RESULT and samples lines (the
 * grammar is in README.md). Every statistic comes from common/stats.c. */
#include "common.h"
#include "ctxswitch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MIN_INTERVAL_N 6 /* ci_median and ci_shift need this many */

void cell_data_alloc(struct cell_data *d, const struct cell *c, long max_reps)
{
    memset(d, 0, sizeof *d);
    d->c = c;
    for (int k = 0; k < NSUB; k++)
        d->sub[k] = xmalloc((size_t)max_reps * sizeof *d->sub[k]);
    d->canary_ns = xmalloc((size_t)max_reps * sizeof *d->canary_ns);
    d->interfered = xmalloc((size_t)max_reps);
    d->state = xmalloc((size_t)max_reps);
}

long judge_reps(struct cell_data *d, double best_canary)
{
    long clean = 0;
    for (long i = 0; i < d->nrep; i++) {
        d->state[i] = d->interfered[i]                            ? REP_INTERFERED
                      : d->canary_ns[i] > SLOW_CANARY * best_canary ? REP_SLOW
                                                                    : REP_CLEAN;
        clean += d->state[i] == REP_CLEAN;
    }
    return clean;
}

void cell_data_free(struct cell_data *d)
{
    for (int k = 0; k < NSUB; k++)
        free(d->sub[k]);
    free(d->canary_ns), free(d->interfered), free(d->state);
}

static int is_sweep(const struct cell_data *d)
{
    return d->c->acc != ACC_NONE;
}

size_t clean_costs(const struct cell_data *d, double *c1, double *c2, double *ind)
{
    size_t n = 0;
    for (long i = 0; i < d->nrep; i++) {
        if (d->state[i] != REP_CLEAN)
            continue;
        double a = d->sub[SUB_T1][i].rt_ns / 2 - d->sub[SUB_T2][i].rt_ns;
        double b = is_sweep(d) ? d->sub[SUB_S1][i].rt_ns / 2 - d->sub[SUB_S2][i].rt_ns : NAN;
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

int targets_reached(const struct cell_data *d, double rel, double abs_ns)
{
    double *c1 = xmalloc((size_t)(d->nrep + 1) * sizeof *c1), *ind = xmalloc((size_t)(d->nrep + 1) * sizeof *ind);
    size_t n = clean_costs(d, c1, NULL, ind);
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
    for (long i = 0; i < d->nrep; i++) {
        const struct subrun *s = &d->sub[sub][i];
        if (i)
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

static void put_where(const struct cell *c)
{
    printf(" mode=%s size_kib=%ld access=%s stride_bytes=%ld round_trips=%ld", mode_name[c->mode], c->kib,
           access_name[c->acc], c->stride, c->rounds);
}

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
    printf(" run=rep state=");
    for (long i = 0; i < d->nrep; i++)
        printf("%s%c", i ? "," : "", d->state[i]);
    printf(" canary_ns=");
    for (long i = 0; i < d->nrep; i++)
        printf("%s%.4f", i ? "," : "", d->canary_ns[i]);
    putchar('\n');
}

/* Statistics of one cell, kept until the q-values of the table are known. */
struct stats {
    size_t n;
    struct interval c1, c2, ind, half, one;
    double q;
};

static struct stats cell_stats(const struct cell_data *d)
{
    size_t cap = (size_t)d->nrep + 1;
    double *c1 = xmalloc(cap * sizeof *c1), *c2 = xmalloc(cap * sizeof *c2), *ind = xmalloc(cap * sizeof *ind);
    double *half = xmalloc(cap * sizeof *half), *one = xmalloc(cap * sizeof *one);
    struct stats s = {.q = NAN};
    s.n = clean_costs(d, c1, c2, ind);
    for (long i = 0, j = 0; i < d->nrep; i++)
        if (d->state[i] == REP_CLEAN) {
            half[j] = d->sub[SUB_T1][i].rt_ns / 2;
            one[j++] = d->sub[SUB_T2][i].rt_ns;
        }
    s.c1 = ci_median(c1, s.n);
    s.half = ci_median(half, s.n);
    s.one = ci_median(one, s.n);
    if (is_sweep(d)) {
        s.c2 = ci_median(c2, s.n);
        s.ind = ci_shift(ind, s.n);
        if (s.n < MIN_INTERVAL_N) /* no interval, no test */
            s.ind.p = NAN;
    }
    free(c1), free(c2), free(ind), free(half), free(one);
    return s;
}

/* The RESULT line of one cell; returns 1 if its checksums are ok. */
static int put_result(const struct cell_data *d, const struct stats *s, const char *pinned, long cpu)
{
    const struct cell *c = d->c;
    long counts[256] = {0}, used = 0;
    double lost_max = 0, *x = xmalloc(((size_t)d->nrep + 1) * sizeof *x);
    for (long i = 0; i < d->nrep; i++) {
        counts[(unsigned char)d->state[i]]++;
        if (d->state[i] != REP_CLEAN)
            continue;
        for (int k = 0; k < (is_sweep(d) ? NSUB : 2); k++)
            lost_max = fmax(lost_max, isnan(d->sub[k][i].lost) ? 0 : d->sub[k][i].lost);
        x[used++] = is_sweep(d) ? d->sub[SUB_S1][i].rt_ns / 2 - d->sub[SUB_S2][i].rt_ns
                                : d->sub[SUB_T1][i].rt_ns / 2 - d->sub[SUB_T2][i].rt_ns;
    }
    /* self-checks: 2 switches per pair round trip (voluntary under
     * SCHED_FIFO; without it the woken side preempts the writer, so about
     * one of them is involuntary), none per single round trip, no
     * migrations. The counts include the warm-up round trips. */
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
    int ok = d->parent_ok && d->partner.ok;

    printf("RESULT exp=ctxswitch kind=%s", is_sweep(d) ? "total" : "direct");
    put_where(c);
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
    printf(" rounds_total=%ld rounds_used=%ld rounds_interfered=%ld rounds_slow=%ld", d->nrep, used,
           counts[REP_INTERFERED], counts[REP_SLOW]);
    put("slow_share", d->nrep ? (double)counts[REP_SLOW] / (double)d->nrep : NAN, "%.3f");
    printf(" two_modes=%d target_reached=%d", stat_two_modes(x, (size_t)used), d->target_reached);
    put("lost_share_max", used ? lost_max : NAN, "%.4f");
    put("nvcsw_per_rt", pair_v, "%.3f");
    put("nivcsw_per_rt", pair_iv, "%.3f");
    put("single_csw_per_rt", single_all, "%.3f");
    if (migr < 0)
        printf(" migrations=NA");
    else
        printf(" migrations=%ld", migr);
    printf(" cpu=%d check=%s status=%s\n", d->cpu_last, check, ok ? "ok" : "mismatch");
    free(x);
    return ok;
}

/* process - thread, per repetition (both measured in the same ones) */
static void put_mode_diff(const struct cell_data *p, const struct cell_data *t)
{
    double *c1p = xmalloc(((size_t)p->nrep + 1) * sizeof *c1p), *c1t = xmalloc(((size_t)t->nrep + 1) * sizeof *c1t);
    size_t n = clean_costs(p, c1p, NULL, NULL);
    if (clean_costs(t, c1t, NULL, NULL) != n)
        die("mode_diff: the two direct cells have different clean repetitions");
    for (size_t i = 0; i < n; i++)
        c1p[i] -= c1t[i];
    struct interval iv = ci_shift(c1p, n);
    if (n < MIN_INTERVAL_N)
        iv.p = NAN;
    printf("RESULT exp=ctxswitch kind=mode_diff what=process_minus_thread");
    put_iv("c1_diff_ns", iv);
    put("p", iv.p, "%.4g");
    printf(" rounds_used=%zu significant=%s\n", n, iv.p <= 0.05 ? "yes" : "no");
    free(c1p), free(c1t);
}

int report_cells(struct cell_data *d, size_t n, int mode_diff, const char *pinned, long cpu)
{
    struct stats *s = xmalloc((n ? n : 1) * sizeof *s);
    double *p = xmalloc((n ? n : 1) * sizeof *p), *q = xmalloc((n ? n : 1) * sizeof *q);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        s[i] = cell_stats(&d[i]);
        if (is_sweep(&d[i]))
            p[m++] = s[i].ind.p;
    }
    bh_adjust(p, m, q); /* one family: every indirect cost of the run */
    int ok = 1;
    for (size_t i = 0, j = 0; i < n; i++) {
        if (is_sweep(&d[i]))
            s[i].q = q[j++];
        ok &= put_result(&d[i], &s[i], pinned, cpu);
        put_samples(&d[i]);
        if (mode_diff && i == 1)
            put_mode_diff(&d[0], &d[1]);
    }
    free(s), free(p), free(q);
    fflush(stdout);
    return ok;
}

/* runs.c - what varies between runs (see common.h): levels of values that
 * carry intervals (the core-to-core classes, the placements of a run's
 * invocations), and the interval of a figure measured in several
 * independent invocations. Deterministic, like stats.c: the same inputs give
 * the same bytes. */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define Z975 1.959963984540054

static int has_interval(struct interval v)
{
    return !isnan(v.est) && !isnan(v.lo) && !isnan(v.hi);
}

struct interval stat_level_interval(const struct interval *v, size_t n, const int *level, int which)
{
    double *e = xmalloc((n ? n : 1) * sizeof *e), lo = INFINITY, hi = -INFINITY;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (level[i] == which) {
            e[m++] = v[i].est;
            lo = v[i].lo < lo ? v[i].lo : lo;
            hi = v[i].hi > hi ? v[i].hi : hi;
        }
    struct interval iv = {NAN, NAN, NAN, NAN, m};
    if (m >= 6) {
        iv = ci_median(e, m);
    } else if (m > 0) { /* too few members for an order statistic: their hull */
        iv.est = stat_median(e, m);
        iv.lo = lo;
        iv.hi = hi;
    }
    free(e);
    return iv;
}

struct ranked {
    double est;
    size_t i;
};

static int cmp_ranked(const void *x, const void *y)
{
    const struct ranked *a = x, *b = y;
    if (a->est != b->est)
        return (a->est > b->est) - (a->est < b->est);
    return (a->i > b->i) - (a->i < b->i);
}

int stat_levels(const struct interval *v, size_t n, double gap, int *level)
{
    struct ranked *r = xmalloc((n ? n : 1) * sizeof *r);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        level[i] = 0;
        if (has_interval(v[i]))
            r[m++] = (struct ranked){v[i].est, i};
    }
    qsort(r, m, sizeof *r, cmp_ranked);
    /* single linkage along the sorted values: a level breaks only where
     * both the relative gap and the neighbours' intervals say so */
    int k = 0;
    for (size_t j = 0; j < m; j++) {
        const struct interval *cur = &v[r[j].i], *prev = j ? &v[r[j - 1].i] : NULL;
        if (!prev || (cur->est > prev->est * (1 + gap) && cur->lo > prev->hi))
            k++;
        level[r[j].i] = k;
    }
    free(r);
    /* neighbouring levels whose own intervals overlap are one level */
    for (int merged = 1; merged && k > 1;) {
        merged = 0;
        for (int l = 1; l < k && !merged; l++) {
            struct interval a = stat_level_interval(v, n, level, l), b = stat_level_interval(v, n, level, l + 1);
            if (!(b.lo > a.hi)) {
                for (size_t i = 0; i < n; i++)
                    level[i] -= level[i] > l;
                k--;
                merged = 1;
            }
        }
    }
    return k;
}

/* P(B <= k) for B ~ Binomial(n, p), in logs so that large n do not underflow. */
static double binom_cdf(size_t n, size_t k, double p)
{
    double sum = 0;
    for (size_t i = 0; i <= k && i <= n; i++)
        sum += exp(lgamma((double)n + 1) - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) + (double)i * log(p) +
                   (double)(n - i) * log1p(-p));
    return sum;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile with the order statistics between which a Binomial(n, q)
 * puts 95% of its rank; ci_median is the case q = 1/2. */
struct interval ci_quantile(const double *x, size_t n, double q)
{
    struct interval iv = {NAN, NAN, NAN, NAN, n};
    if (n == 0)
        return iv;
    double *s = xmalloc(n * sizeof *s);
    memcpy(s, x, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_double);
    iv.est = stat_quantile(s, n, q);
    /* lo: the largest l with P(B <= l - 1) <= 2.5%; hi: the smallest u with
     * P(B >= u) <= 2.5%, both as 1-based ranks */
    size_t l = 0, u = n + 1;
    while (l + 1 <= n && binom_cdf(n, l, q) <= 0.025)
        l++;
    while (u > 1 && 1 - binom_cdf(n, u - 2, q) <= 0.025)
        u--;
    if (l >= 1 && u <= n && l < u) {
        iv.lo = s[l - 1];
        iv.hi = s[u - 1];
    }
    free(s);
    return iv;
}

/* The 97.5% quantile of Student's t with df degrees of freedom: exact
 * values to 30, then the Cornish-Fisher expansion around the normal (off by
 * less than 1e-4 from 31 on). */
double t_quantile975(size_t df)
{
    static const double t[31] = {NAN,   12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201, 2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080,
                                 2.074, 2.069,  2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    if (df <= 30)
        return t[df];
    double z = Z975, d = (double)df;
    return z + (z * z * z + z) / (4 * d) + (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * d * d);
}

/* Kalibera and Jones's rule for nested repetition: the interval of the
 * grand mean comes from the invocation means alone, with k - 1 degrees of
 * freedom; their spread already holds the rounds' noise. The rounds' own
 * intervals serve as the within-invocation variance: a floor on the spread
 * (k invocations that agree by chance must not give an interval narrower
 * than their rounds allow) and the part of it that is not between them. */
struct nested ci_invocations(const double *est, const double *lo, const double *hi, size_t n, int log_scale)
{
    struct nested r = {{NAN, NAN, NAN, NAN, 0}, NAN, NAN};
    double sum = 0, within = 0;
    size_t k = 0, kw = 0;
    double *y = xmalloc((n ? n : 1) * sizeof *y);
    for (size_t i = 0; i < n; i++) {
        if (isnan(est[i]) || (log_scale && est[i] <= 0))
            continue;
        y[k] = log_scale ? log(est[i]) : est[i];
        sum += y[k++];
        if (!isnan(lo[i]) && !isnan(hi[i]) && (!log_scale || lo[i] > 0)) {
            double w = log_scale ? (log(hi[i]) - log(lo[i])) : (hi[i] - lo[i]);
            within += (w / (2 * Z975)) * (w / (2 * Z975));
            kw++;
        }
    }
    r.iv.n = k;
    if (k == 0) {
        free(y);
        return r;
    }
    double m = sum / (double)k;
    if (k == 1) { /* one invocation: its own rounds' interval */
        for (size_t i = 0; i < n; i++)
            if (!isnan(est[i]) && (!log_scale || est[i] > 0)) {
                r.iv.est = est[i];
                r.iv.lo = lo[i];
                r.iv.hi = hi[i];
                break;
            }
        free(y);
        return r;
    }
    double ss = 0;
    for (size_t i = 0; i < k; i++)
        ss += (y[i] - m) * (y[i] - m);
    double s2 = ss / (double)(k - 1), w2 = kw ? within / (double)kw : 0;
    double half = t_quantile975(k - 1) * sqrt((s2 > w2 ? s2 : w2) / (double)k);
    r.sd = sqrt(s2);
    r.between_share = s2 > 0 ? (s2 > w2 ? (s2 - w2) / s2 : 0) : (kw ? 0 : NAN);
    free(y);
    r.iv.est = log_scale ? exp(m) : m;
    r.iv.lo = log_scale ? exp(m - half) : m - half;
    r.iv.hi = log_scale ? exp(m + half) : m + half;
    return r;
}

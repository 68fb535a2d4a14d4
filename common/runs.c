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

/* The regularized incomplete beta I_x(a, b) by its continued fraction
 * (modified Lentz), on the side where it converges fast. */
static double beta_cf(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = fabs(d) < tiny ? tiny : d;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 300; m++) {
        double m2 = 2.0 * m, aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + aa * d, c = 1 + aa / c;
        d = fabs(d) < tiny ? tiny : d, c = fabs(c) < tiny ? tiny : c;
        d = 1 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + aa * d, c = 1 + aa / c;
        d = fabs(d) < tiny ? tiny : d, c = fabs(c) < tiny ? tiny : c;
        d = 1 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < 1e-15)
            break;
    }
    return h;
}

static double beta_inc(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    return x < (a + 1) / (a + b + 2) ? front * beta_cf(a, b, x) / a : 1 - front * beta_cf(b, a, 1 - x) / b;
}

double t_cdf(double t, double df)
{
    if (isnan(t) || isnan(df) || df <= 0)
        return NAN;
    if (isinf(df))
        return 0.5 * erfc(-t / sqrt(2.0));
    double tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t)); /* P(T > |t|) */
    return t > 0 ? 1 - tail : tail;
}

double t_quantile(double p, double df)
{
    if (!(p > 0 && p < 1) || isnan(df) || df <= 0)
        return NAN;
    if (p < 0.5)
        return -t_quantile(1 - p, df);
    double lo = 0, hi = 1;
    while (t_cdf(hi, df) < p && hi < 1e300)
        hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) { /* bisection: t_cdf grows with t */
        double mid = (lo + hi) / 2;
        if (t_cdf(mid, df) < p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

struct mean_se published_mean_se(double est, double lo, double hi, size_t k, int log_scale)
{
    struct mean_se r = {NAN, NAN, NAN};
    if (k == 0 || isnan(est) || isnan(lo) || isnan(hi) || hi < lo || (log_scale && (est <= 0 || lo <= 0)))
        return r;
    double half = log_scale ? (log(hi) - log(lo)) / 2 : (hi - lo) / 2;
    r.m = log_scale ? log(est) : est;
    /* one invocation: its own rounds' interval, taken as normal */
    r.df = k >= 2 ? (double)(k - 1) : INFINITY;
    r.se = half / (k >= 2 ? t_quantile975(k - 1) : Z975);
    return r;
}

struct mean_se mean_se_log(struct mean_se x)
{
    struct mean_se r = {NAN, NAN, NAN};
    if (!(x.m > 0))
        return r;
    r.m = log(x.m);
    r.se = x.se / x.m;
    r.df = x.df;
    return r;
}

struct mean_se welch_diff(struct mean_se a, struct mean_se b)
{
    struct mean_se d = {b.m - a.m, NAN, NAN};
    double va = a.se * a.se, vb = b.se * b.se;
    d.se = sqrt(va + vb);
    /* Welch-Satterthwaite; an infinite df adds nothing to the sum */
    double den = (isinf(a.df) ? 0 : va * va / a.df) + (isinf(b.df) ? 0 : vb * vb / b.df);
    d.df = den > 0 ? (va + vb) * (va + vb) / den : INFINITY;
    if (isnan(d.m) || isnan(d.se))
        d.m = d.se = d.df = NAN;
    return d;
}

struct interval ci_mean_se(struct mean_se x, double level)
{
    struct interval iv = {x.m, NAN, NAN, NAN, 0};
    double t = t_quantile(1 - (1 - level) / 2, x.df), half = t * x.se;
    if (isnan(half))
        return iv;
    iv.lo = x.m - half;
    iv.hi = x.m + half;
    return iv;
}

double p_beyond_margin(struct mean_se x, double margin)
{
    if (isnan(x.m) || isnan(x.se) || isnan(x.df))
        return NAN;
    if (fabs(x.m) <= margin)
        return 1;
    if (x.se == 0)
        return 0;
    return 2 * (1 - t_cdf((fabs(x.m) - margin) / x.se, x.df));
}

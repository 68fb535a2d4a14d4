/* stats.c - intervals, tests and the two-mode check (see common.h). Nothing
 * here resamples at random: the same samples give the same bytes, so the
 * golden files of the summaries hold. */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ALPHA 0.05
#define EXACT_MAX_N 60 /* exact signed-rank distribution up to here */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double *sorted_copy(const double *x, size_t n)
{
    double *s = xmalloc(n * sizeof *s);
    memcpy(s, x, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_double);
    return s;
}

static double median_sorted(const double *s, size_t n)
{
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

double stat_quantile(const double *x, size_t n, double p)
{
    double *s = sorted_copy(x, n);
    double h = p * (double)(n - 1);
    size_t i = (size_t)h;
    double q = i + 1 < n ? s[i] + (h - (double)i) * (s[i + 1] - s[i]) : s[i];
    free(s);
    return q;
}

double stat_median(const double *x, size_t n)
{
    return stat_quantile(x, n, 0.5);
}

double stat_min(const double *x, size_t n)
{
    double m = x[0];
    for (size_t i = 1; i < n; i++)
        if (x[i] < m)
            m = x[i];
    return m;
}

/* P(B <= k) for B ~ Binomial(n, 1/2), in logs so that large n do not
 * underflow 2^-n. */
static double binom_half_cdf(size_t n, size_t k)
{
    double sum = 0, ln2n = (double)n * log(2.0);
    for (size_t i = 0; i <= k; i++)
        sum += exp(lgamma((double)n + 1) - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) - ln2n);
    return sum;
}

struct interval ci_median(const double *x, size_t n)
{
    struct interval iv = {NAN, NAN, NAN, NAN, n};
    if (n == 0)
        return iv;
    double *s = sorted_copy(x, n);
    iv.est = median_sorted(s, n);
    /* the largest k with P(B <= k) <= 2.5%: then x(k+1) .. x(n-k) (1-based)
     * holds the median with at least 95% */
    long k = -1;
    while ((size_t)(k + 1) < n / 2 && binom_half_cdf(n, (size_t)(k + 1)) <= ALPHA / 2)
        k++;
    if (k >= 0) {
        iv.lo = s[k];
        iv.hi = s[n - 1 - (size_t)k];
    }
    free(s);
    return iv;
}

/* Number of subsets of {1..n} with each rank sum t (t = 0..n(n+1)/2), the
 * null distribution of the signed-rank statistic times 2^n. */
static double *signed_rank_counts(size_t n)
{
    size_t m = n * (n + 1) / 2;
    double *c = xmalloc((m + 1) * sizeof *c);
    memset(c, 0, (m + 1) * sizeof *c);
    c[0] = 1;
    for (size_t r = 1; r <= n; r++)
        for (size_t t = r * (r + 1) / 2; t >= r; t--)
            c[t] += c[t - r];
    return c;
}

static double normal_cdf(double z)
{
    return 0.5 * erfc(-z / sqrt(2.0));
}

/* Ranks of |d| among the nonzero d (average ranks for ties); returns T+ and
 * the count used, and whether ties were seen. */
static double signed_rank_stat(const double *d, size_t n, size_t *used, int *ties, double *tie_term)
{
    double *a = xmalloc((n ? n : 1) * sizeof *a);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (d[i] != 0)
            a[m++] = fabs(d[i]);
    qsort(a, m, sizeof *a, cmp_double);
    double tplus = 0;
    *ties = 0;
    *tie_term = 0;
    for (size_t i = 0; i < m;) {
        size_t j = i;
        while (j + 1 < m && a[j + 1] == a[i])
            j++;
        double rank = ((double)i + (double)j) / 2 + 1, g = (double)(j - i + 1);
        if (j > i) {
            *ties = 1;
            *tie_term += g * g * g - g;
        }
        /* every d with this |d| that is positive gets this rank */
        for (size_t k = 0; k < n; k++)
            if (d[k] > 0 && d[k] == a[i])
                tplus += rank;
        i = j + 1;
    }
    free(a);
    *used = m;
    return tplus;
}

static double signed_rank_p(const double *d, size_t n)
{
    size_t m;
    int ties;
    double tie_term, t = signed_rank_stat(d, n, &m, &ties, &tie_term);
    if (m == 0)
        return 1;
    double mean = (double)m * (double)(m + 1) / 4, p;
    if (!ties && m <= EXACT_MAX_N) {
        double *c = signed_rank_counts(m), lo = 0, hi = 0, total = ldexp(1.0, (int)m);
        size_t top = m * (m + 1) / 2, ti = (size_t)t;
        for (size_t k = 0; k <= top; k++) {
            if (k <= ti)
                lo += c[k];
            if (k >= ti)
                hi += c[k];
        }
        free(c);
        p = 2 * fmin(lo, hi) / total;
    } else {
        double var = (double)m * (double)(m + 1) * (double)(2 * m + 1) / 24 - tie_term / 48;
        double z = (fabs(t - mean) - 0.5) / sqrt(var);
        p = 2 * (1 - normal_cdf(z > 0 ? z : 0));
    }
    return p > 1 ? 1 : p;
}

struct interval ci_shift(const double *d, size_t n)
{
    struct interval iv = {NAN, NAN, NAN, NAN, n};
    if (n == 0)
        return iv;
    size_t m = n * (n + 1) / 2, k = 0;
    double *w = xmalloc(m * sizeof *w);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i; j < n; j++)
            w[k++] = (d[i] + d[j]) / 2;
    qsort(w, m, sizeof *w, cmp_double);
    iv.est = median_sorted(w, m);
    /* C: the largest count with P(T+ < C) <= 2.5%; the interval is the
     * C-th smallest to the C-th largest Walsh average */
    size_t c = 0;
    if (n <= EXACT_MAX_N) {
        double *cnt = signed_rank_counts(n), total = ldexp(1.0, (int)n), cum = 0;
        while (c < m / 2 && (cum + cnt[c]) / total <= ALPHA / 2)
            cum += cnt[c++];
        free(cnt);
    } else {
        /* the smallest c with P(T+ <= c) > 2.5% under the normal law with
         * the continuity correction that signed_rank_p uses, so that the
         * interval excludes 0 exactly when p < 0.05 (without ties); it is
         * the exact c or one less (wider), checked up to n = 100 */
        double sd = sqrt((double)n * (double)(n + 1) * (double)(2 * n + 1) / 24);
        double cc = floor((double)m / 2 - 0.5 - 1.959963984540054 * sd) + 1;
        c = cc > 0 ? (size_t)cc : 0;
    }
    if (c >= 1) {
        iv.lo = w[c - 1];
        iv.hi = w[m - c];
    }
    free(w);
    iv.p = signed_rank_p(d, n);
    return iv;
}

struct interval ci_ratio(const double *r, size_t n)
{
    double *l = xmalloc((n ? n : 1) * sizeof *l);
    for (size_t i = 0; i < n; i++) {
        if (!(r[i] > 0))
            die("ci_ratio: ratio %g is not positive", r[i]);
        l[i] = log(r[i]);
    }
    struct interval iv = ci_shift(l, n);
    free(l);
    iv.est = exp(iv.est);
    iv.lo = exp(iv.lo); /* exp(NAN) stays NAN */
    iv.hi = exp(iv.hi);
    return iv;
}

double ci_rel_halfwidth(struct interval iv)
{
    if (isnan(iv.lo) || isnan(iv.hi) || iv.est == 0)
        return INFINITY;
    double h = fmax(iv.est - iv.lo, iv.hi - iv.est);
    return h / fabs(iv.est);
}

int ci_reached(struct interval iv, double rel, double abs_floor)
{
    if (isnan(iv.lo) || isnan(iv.hi))
        return 0;
    double h = fmax(iv.est - iv.lo, iv.hi - iv.est);
    return h <= rel * fabs(iv.est) || h <= abs_floor;
}

void bh_adjust(const double *p, size_t n, double *q)
{
    size_t m = 0;
    size_t *idx = xmalloc((n ? n : 1) * sizeof *idx);
    for (size_t i = 0; i < n; i++) {
        q[i] = NAN;
        if (!isnan(p[i]))
            idx[m++] = i;
    }
    /* order the tested indices by p (insertion sort: tables are small) */
    for (size_t i = 1; i < m; i++) {
        size_t v = idx[i], j = i;
        while (j > 0 && p[idx[j - 1]] > p[v]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
    double run = 1;
    for (size_t r = m; r >= 1; r--) {
        double a = p[idx[r - 1]] * (double)m / (double)r;
        run = a < run ? a : run;
        q[idx[r - 1]] = run;
    }
    free(idx);
}

int stat_two_modes(const double *x, size_t n)
{
    if (n < 5)
        return 0;
    double *s = sorted_copy(x, n), med = fabs(median_sorted(s, n));
    /* at least a fifth on each side, and never one sample alone: one
     * outlier is not a mode */
    size_t side = (n + 4) / 5 < 2 ? 2 : (n + 4) / 5;
    int two = 0;
    for (size_t k = side; k + side <= n && !two; k++) {
        double gap = s[k] - s[k - 1];
        two = gap > 0.1 * med && gap > s[k - 1] - s[0] && gap > s[n - 1] - s[k];
    }
    free(s);
    return two;
}

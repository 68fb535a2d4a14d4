/* stats.c - intervals, tests and the two-mode check (see common.h). Nothing
 * here resamples at random: the same samples give the same bytes, so the
 * golden files of the summaries hold. */
#include "common.h"

#include <math.h>
#include <stdint.h>
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

/* (a + b) / 2 without overflow: the sum first (the correctly rounded mean
 * whenever it is finite, so the bytes of the goldens stay), the halves first
 * only where the sum overflows (1e308 and 1e308 average 1e308, not inf) */
static double midpoint(double a, double b)
{
    double s = a + b;
    return isfinite(s) ? s / 2 : a / 2 + b / 2;
}

static double median_sorted(const double *s, size_t n)
{
    return n % 2 ? s[n / 2] : midpoint(s[n / 2 - 1], s[n / 2]);
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

void stat_fences(const double *x, size_t n, double *lo, double *hi)
{
    double q1 = stat_quantile(x, n, 0.25), q3 = stat_quantile(x, n, 0.75);
    *lo = q1 - 1.5 * (q3 - q1);
    *hi = q3 + 1.5 * (q3 - q1);
}

double stat_min(const double *x, size_t n)
{
    double m = x[0];
    for (size_t i = 1; i < n; i++)
        if (x[i] < m)
            m = x[i];
    return m;
}

/* P(B = i) for B ~ Binomial(n, 1/2), in logs so that large n do not
 * underflow 2^-n (ln2n: n log 2). */
static double binom_half_pmf(size_t n, size_t i, double ln2n)
{
    return exp(lgamma((double)n + 1) - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) - ln2n);
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
    /* P(B <= k + 1) one term more per step: linear in n (summing it afresh
     * each step was quadratic: 85 s for 100 000 values) */
    double cdf = 0, ln2n = (double)n * log(2.0);
    while ((size_t)(k + 1) < n / 2) {
        cdf += binom_half_pmf(n, (size_t)(k + 1), ln2n);
        if (cdf > ALPHA / 2)
            break;
        k++;
    }
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

struct magnitude {
    double abs;
    int positive;
};

static int cmp_magnitude(const void *a, const void *b)
{
    return cmp_double(&((const struct magnitude *)a)->abs, &((const struct magnitude *)b)->abs);
}

/* Ranks of |d| among the nonzero d (average ranks for ties); returns T+ and
 * the count used, and whether ties were seen. Each |d| carries its sign
 * through the sort, so T+ takes O(n log n), not a pass over d per rank. */
static double signed_rank_stat(const double *d, size_t n, size_t *used, int *ties, double *tie_term)
{
    struct magnitude *a = xmalloc((n ? n : 1) * sizeof *a);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (d[i] != 0)
            a[m++] = (struct magnitude){fabs(d[i]), d[i] > 0};
    qsort(a, m, sizeof *a, cmp_magnitude);
    double tplus = 0;
    *ties = 0;
    *tie_term = 0;
    for (size_t i = 0; i < m;) {
        size_t j = i;
        while (j + 1 < m && a[j + 1].abs == a[i].abs)
            j++;
        double rank = ((double)i + (double)j) / 2 + 1, g = (double)(j - i + 1);
        if (j > i) {
            *ties = 1;
            *tie_term += g * g * g - g;
        }
        /* every d with this |d| that is positive gets this rank */
        for (size_t k = i; k <= j; k++)
            if (a[k].positive)
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

/* How many Walsh averages of the sorted s are <= v; *below is the largest
 * of them. midpoint() grows with either argument, so the last j of each i
 * only moves down as i grows: one pass, O(n). */
static size_t walsh_count(const double *s, size_t n, double v, double *below)
{
    size_t count = 0, j = n; /* pairs (i, i..j-1) are <= v */
    *below = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        while (j > i && midpoint(s[i], s[j - 1]) > v)
            j--;
        if (j <= i)
            break;
        count += j - i;
        double w = midpoint(s[i], s[j - 1]);
        if (w > *below)
            *below = w;
    }
    return count;
}

/* a double's place in the order of doubles, as an unsigned integer, and back */
static uint64_t order_key(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u >> 63 ? ~u : u | (UINT64_C(1) << 63);
}
static double key_double(uint64_t k)
{
    uint64_t u = k >> 63 ? k & ~(UINT64_C(1) << 63) : ~k;
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* The r-th smallest (1-based) of the n(n+1)/2 Walsh averages of the sorted
 * s: a bisection over the doubles between s[0] and s[n-1] (at most 64
 * counts of O(n)) instead of sorting them all (40 GB for 100 000 values) */
static double walsh_rank(const double *s, size_t n, size_t r)
{
    uint64_t lo = order_key(s[0]), hi = order_key(s[n - 1]);
    double below;
    while (lo < hi) { /* the r-th lies in [lo, hi] */
        uint64_t mid = lo + (hi - lo) / 2;
        if (walsh_count(s, n, key_double(mid), &below) >= r)
            hi = mid;
        else
            lo = mid + 1;
    }
    walsh_count(s, n, key_double(lo), &below);
    return below;
}

struct interval ci_shift(const double *d, size_t n)
{
    struct interval iv = {NAN, NAN, NAN, NAN, n};
    if (n == 0)
        return iv;
    size_t m = n * (n + 1) / 2;
    double *s = sorted_copy(d, n);
    iv.est = m % 2 ? walsh_rank(s, n, m / 2 + 1) : midpoint(walsh_rank(s, n, m / 2), walsh_rank(s, n, m / 2 + 1));
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
        iv.lo = walsh_rank(s, n, c);
        iv.hi = walsh_rank(s, n, m - c + 1);
    }
    free(s);
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

/* stats_check.c - common/stats.c against answers worked out another way:
 * order-statistic ranks from the binomial in exact integers, the signed-rank
 * distribution by enumerating every sign pattern, textbook examples done by
 * hand, and the p-value against the interval on many random samples.
 * Built and run by common/tests/stats.sh only (not by build.sh). Prints
 * "ok - NAME" or "not ok - NAME: why" per group of checks, then "# done". */
#include "check.h"
#include "common.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void shuffle(double *x, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(uniform01() * (double)i);
        double t = x[i - 1];
        x[i - 1] = x[j];
        x[j] = t;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ---- ci_median ---- */

/* The textbook ranks (Conover, table of order statistics for the median):
 * n = 6: x(1)..x(6), 11: x(2)..x(10), 20: x(6)..x(15), 100: x(40)..x(61). */
static void check_median_ranks(void)
{
    static const size_t ns[] = {6, 11, 20, 100}, lo_rank[] = {1, 2, 6, 40}, hi_rank[] = {6, 10, 15, 61};
    double x[100];
    begin("ci_median: order-statistic ranks for n = 6, 11, 20, 100 (textbook table)");
    for (size_t t = 0; t < 4; t++) {
        size_t n = ns[t];
        for (size_t i = 0; i < n; i++)
            x[i] = 10.0 * (double)(i + 1); /* x(k) = 10 k */
        shuffle(x, n);
        struct interval iv = ci_median(x, n);
        double med = 10.0 * ((double)n + 1) / 2; /* odd or even n alike */
        expect(iv.lo == 10.0 * (double)lo_rank[t] && iv.hi == 10.0 * (double)hi_rank[t],
               "n=%zu: interval %g..%g, expected x(%zu)..x(%zu) = %g..%g", n, iv.lo, iv.hi, lo_rank[t], hi_rank[t],
               10.0 * (double)lo_rank[t], 10.0 * (double)hi_rank[t]);
        expect(iv.est == med, "n=%zu: median %g, expected %g", n, iv.est, med);
        expect(isnan(iv.p) && iv.n == n, "n=%zu: p=%g n=%zu, expected NAN and %zu", n, iv.p, iv.n, n);
    }
    end();

    /* every n up to 57 against the binomial in exact integers: the lower
     * rank is k+1 for the largest k with sum_{i<=k} C(n,i) <= 2^n / 40 */
    begin("ci_median: ranks for n = 6..57 from exact binomial sums");
    for (size_t n = 6; n <= 57; n++) {
        uint64_t c = 1, sum = 0, two_n = (uint64_t)1 << n;
        long k = -1;
        for (size_t i = 0; i < n / 2; i++) {
            sum += c;
            if (40 * sum > two_n)
                break;
            k = (long)i;
            c = c * (n - i) / (i + 1);
        }
        for (size_t i = 0; i < n; i++)
            x[i] = (double)(i + 1);
        shuffle(x, n);
        struct interval iv = ci_median(x, n);
        expect(k >= 0 && iv.lo == (double)(k + 1) && iv.hi == (double)n - (double)k,
               "n=%zu: x(%g)..x(%g), expected x(%ld)..x(%ld)", n, iv.lo, iv.hi, k + 1, (long)n - k);
    }
    end();

    begin("ci_median: no interval below n = 6 (NAN), the median still");
    for (size_t n = 1; n <= 5; n++) {
        for (size_t i = 0; i < n; i++)
            x[i] = (double)(n - i);
        struct interval iv = ci_median(x, n);
        expect(isnan(iv.lo) && isnan(iv.hi), "n=%zu: interval %g..%g", n, iv.lo, iv.hi);
        expect(iv.est == ((double)n + 1) / 2, "n=%zu: median %g", n, iv.est);
    }
    struct interval z = ci_median(x, 0);
    expect(isnan(z.est) && z.n == 0, "n=0: est %g", z.est);
    end();
}

/* ---- ci_shift: brute force over every sign pattern ---- */

/* Walsh averages (d_i + d_j) / 2, i <= j, sorted; returns their count */
static size_t walsh(const double *d, size_t n, double *w)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i; j < n; j++)
            w[m++] = (d[i] + d[j]) / 2;
    qsort(w, m, sizeof *w, cmp_double);
    return m;
}

/* What ci_shift should give for d (no ties, no zeros), from first
 * principles: the null distribution of T+ by enumerating all 2^n ways to
 * sign the ranks 1..n, the interval's rank c as the smallest k with
 * P(T+ <= k) > 2.5% (R's qsignrank), the p-value by counting patterns at
 * least as extreme as the observed T+. */
static struct interval brute_shift(const double *d, size_t n)
{
    size_t top = n * (n + 1) / 2;
    uint64_t *cnt = calloc(top + 1, sizeof *cnt);
    double *w = malloc(top * sizeof *w);
    if (!cnt || !w)
        die("out of memory");
    for (uint64_t s = 0; s < ((uint64_t)1 << n); s++) {
        size_t t = 0;
        for (size_t r = 1; r <= n; r++)
            if (s >> (r - 1) & 1)
                t += r;
        cnt[t]++;
    }
    uint64_t total = (uint64_t)1 << n, cum = 0;
    size_t c = 0;
    while (40 * (cum + cnt[c]) <= total)
        cum += cnt[c++];
    size_t tplus = 0; /* rank of |d_i| = 1 + how many |d_j| are smaller */
    for (size_t i = 0; i < n; i++) {
        size_t rank = 1;
        for (size_t j = 0; j < n; j++)
            rank += fabs(d[j]) < fabs(d[i]);
        if (d[i] > 0)
            tplus += rank;
    }
    uint64_t le = 0, ge = 0;
    for (size_t t = 0; t <= top; t++) {
        le += t <= tplus ? cnt[t] : 0;
        ge += t >= tplus ? cnt[t] : 0;
    }
    size_t m = walsh(d, n, w);
    struct interval iv = {m % 2 ? w[m / 2] : (w[m / 2 - 1] + w[m / 2]) / 2, NAN, NAN, 0, n};
    if (c >= 1) {
        iv.lo = w[c - 1];
        iv.hi = w[m - c];
    }
    iv.p = fmin(1, 2 * (double)(le < ge ? le : ge) / (double)total);
    free(cnt);
    free(w);
    return iv;
}

static void check_shift_known(void)
{
    /* Hollander & Wolfe's depression example (Hamilton scale, first visit x
     * minus second y), R: wilcox.test(x, y, paired = TRUE, conf.int = TRUE)
     * gives V = 40, p = 0.03906, interval 0.010..0.786, estimate 0.46. By
     * hand: d has two negatives, ranks 2 (-0.08) and 3 (-0.147), so T- = 5;
     * 10 of the 512 sign patterns have a rank sum <= 5 (sets of {1..9}:
     * {}, 1, 2, 3, 12, 4, 13, 5, 14, 23), so p = 2 * 10/512; 14 have <= 6,
     * so c = 6: the 6th smallest and 6th largest of the 45 Walsh averages,
     * d9 = 0.01 and (d1 + d5)/2 = 0.786; the 23rd is (d4 + d7)/2 = 0.46. */
    static const double x[] = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
    static const double y[] = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
    double d[9], r[9];
    for (int i = 0; i < 9; i++)
        d[i] = x[i] - y[i];
    struct interval iv = ci_shift(d, 9);
    begin("ci_shift: Hollander & Wolfe's depression data (R wilcox.test: 0.46, 0.010..0.786, p 0.03906)");
    expect(iv.est == (d[3] + d[6]) / 2, "estimate %.6f, expected 0.46", iv.est);
    expect(iv.lo == d[8] && iv.hi == (d[0] + d[4]) / 2, "interval %.6f..%.6f, expected 0.010..0.786", iv.lo,
           iv.hi);
    expect(same(iv.p, 20.0 / 512, 1e-12), "p %.6f, expected %.6f", iv.p, 20.0 / 512);
    expect(iv.n == 9, "n %zu", iv.n);
    end();

    /* the same as ratios: exp of each d; est, bounds exp of the above */
    for (int i = 0; i < 9; i++)
        r[i] = exp(d[i]);
    struct interval ir = ci_ratio(r, 9);
    begin("ci_ratio: the depression data as ratios exp(d): exp of the shift's estimate and bounds, same p");
    expect(same(ir.est, exp(0.46), 1e-12), "estimate %.9f, expected exp(0.46) = %.9f", ir.est, exp(0.46));
    expect(same(ir.lo, exp(0.01), 1e-12) && same(ir.hi, exp(0.786), 1e-12), "interval %.9f..%.9f", ir.lo, ir.hi);
    expect(same(ir.p, 20.0 / 512, 1e-9), "p %.6f", ir.p);
    end();

    /* 1..6: every sign pattern but all-positive has T+ < 21, so p = 2/64;
     * c = 1 (1/64 <= 2.5% < 2/64): the extreme Walsh averages 1 and 6; the
     * 11th of the 21 averages is 3.5 */
    double seq[6] = {4, 1, 6, 2, 5, 3};
    iv = ci_shift(seq, 6);
    begin("ci_shift: d = 1..6: estimate 3.5, interval 1..6, p = 2/64");
    expect(iv.est == 3.5 && iv.lo == 1 && iv.hi == 6 && iv.p == 2.0 / 64, "got %g, %g..%g, p %g", iv.est, iv.lo,
           iv.hi, iv.p);
    iv = ci_shift(seq, 5); /* 4 1 6 2 5 */
    expect(isnan(iv.lo) && isnan(iv.hi) && iv.est == 3.5, "n=5: got %g, %g..%g (no interval below 6)", iv.est,
           iv.lo, iv.hi);
    end();

    /* ratios all 1: no effect at all; a ratio of 0 is refused (die) */
    double ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    ir = ci_ratio(ones, 8);
    begin("ci_ratio: eight ratios of exactly 1 give 1, 1..1, p = 1");
    expect(ir.est == 1 && ir.lo == 1 && ir.hi == 1 && ir.p == 1, "got %g, %g..%g, p %g", ir.est, ir.lo, ir.hi,
           ir.p);
    end();
}

static void check_shift_brute(void)
{
    double d[16];
    begin("ci_shift: estimate, interval and p equal a brute force over all 2^n sign patterns, n = 6..16");
    for (size_t n = 6; n <= 16; n++) {
        for (int rep = 0; rep < 12; rep++) {
            double shift = 0.15 * rep; /* from no effect to a clear one */
            for (size_t i = 0; i < n; i++)
                d[i] = shift + normal01();
            struct interval a = ci_shift(d, n), b = brute_shift(d, n);
            expect(same(a.est, b.est, 1e-12) && same(a.lo, b.lo, 0) && same(a.hi, b.hi, 0),
                   "n=%zu rep %d: %g, %g..%g; brute force %g, %g..%g", n, rep, a.est, a.lo, a.hi, b.est, b.lo,
                   b.hi);
            expect(same(a.p, b.p, 1e-12), "n=%zu rep %d: p %.9g, brute force %.9g", n, rep, a.p, b.p);
        }
    }
    end();
}

/* The interval's bounds are the c-th smallest and largest Walsh averages
 * and the estimate their median: ci_shift must pick exactly those of the
 * sorted list (walsh() here), also with ties, zeros and n past the exact
 * branch, whatever way it finds them */
static void check_shift_walsh_ranks(void)
{
    static const size_t sizes[] = {1, 2, 5, 6, 7, 30, 61, 62, 150, 301};
    double d[301], *w = malloc(301 * 302 / 2 * sizeof *w);
    if (!w)
        die("out of memory");
    begin("ci_shift: estimate and bounds are the sorted Walsh averages' median and c-th (ties, zeros, n = 1..301)");
    for (size_t t = 0; t < sizeof sizes / sizeof *sizes; t++) {
        size_t n = sizes[t], c = 0; /* c depends on n only: found on the continuous sample (all distinct) */
        for (int kind = 0; kind < 3; kind++) {
            for (size_t i = 0; i < n; i++) /* continuous, rounded (ties, zeros), 1e300s of both signs */
                d[i] = kind == 0 ? normal01() : kind == 1 ? round(2 * normal01()) : 1e300 * normal01();
            size_t m = walsh(d, n, w);
            struct interval iv = ci_shift(d, n);
            double est = m % 2 ? w[m / 2] : (w[m / 2 - 1] + w[m / 2]) / 2;
            expect(iv.est == est, "n=%zu kind %d: estimate %.17g, sorted Walsh median %.17g", n, kind, iv.est, est);
            if (isnan(iv.lo))
                continue;
            if (kind == 0)
                while (c < m && w[c] != iv.lo)
                    c++;
            expect(c < m && w[c] == iv.lo && iv.hi == w[m - 1 - c],
                   "n=%zu kind %d: %.17g..%.17g are not the %zu-th smallest and largest Walsh averages", n, kind,
                   iv.lo, iv.hi, c + 1);
        }
    }
    end();
    free(w);
}

/* ---- the normal approximation (n > 60) next to the exact branch ---- */

/* P(T+ <= k) for k = 0..n(n+1)/2 by the subset-sum recursion, in long
 * double (written here again on purpose, not taken from stats.c) */
static long double *exact_cdf(size_t n)
{
    size_t top = n * (n + 1) / 2;
    long double *c = calloc(top + 1, sizeof *c);
    if (!c)
        die("out of memory");
    c[0] = 1;
    for (size_t r = 1; r <= n; r++)
        for (size_t t = top; t >= r; t--)
            c[t] += c[t - r];
    long double cum = 0, total = ldexpl(1.0L, (int)n);
    for (size_t t = 0; t <= top; t++) {
        cum += c[t];
        c[t] = cum / total;
    }
    return c;
}

static void check_normal_branch(void)
{
    /* continuous random d: all Walsh averages distinct, so the position
     * of ci_shift's lower bound among them is its rank c */
    double d[100], *w = malloc(5050 * sizeof *w);
    if (!w)
        die("out of memory");
    begin("ci_shift: interval rank c equals the exact one up to n = 60, at most 1 rank wider for n = 61..100");
    for (size_t n = 50; n <= 100; n++) {
        for (size_t i = 0; i < n; i++)
            d[i] = normal01();
        long double *cdf = exact_cdf(n);
        size_t c_exact = 0;
        while (cdf[c_exact] <= 0.025L)
            c_exact++;
        size_t m = walsh(d, n, w), c = 0;
        struct interval iv = ci_shift(d, n);
        while (c < m && w[c] != iv.lo)
            c++;
        c++; /* 1-based rank */
        expect(iv.hi == w[m - c], "n=%zu: the bounds are not the c-th smallest and largest", n);
        if (n <= 60)
            expect(c == c_exact, "n=%zu (exact branch): c=%zu, exact %zu", n, c, c_exact);
        else
            expect(c <= c_exact && c + 1 >= c_exact, "n=%zu (normal branch): c=%zu, exact %zu", n, c, c_exact);
        /* the coverage the chosen ranks achieve, under the exact law */
        double cover = 1 - 2 * (double)cdf[c - 1];
        expect(cover >= 0.95 && cover < 0.96, "n=%zu: c=%zu covers %.4f", n, c, cover);
        free(cdf);
    }
    end();

    begin("ci_shift: p-values of the normal branch (n = 61..70) within 0.003 of the exact law, 0.001 for p in "
          "0.02..0.10");
    for (size_t n = 61; n <= 70; n++) {
        long double *cdf = exact_cdf(n);
        size_t top = n * (n + 1) / 2;
        for (int rep = 0; rep < 40; rep++) {
            double shift = 0.01 * rep;
            for (size_t i = 0; i < n; i++)
                d[i] = shift + normal01();
            struct interval iv = ci_shift(d, n);
            size_t tplus = 0;
            for (size_t i = 0; i < n; i++) {
                size_t rank = 1;
                for (size_t j = 0; j < n; j++)
                    rank += fabs(d[j]) < fabs(d[i]);
                tplus += d[i] > 0 ? rank : 0;
            }
            size_t lo = tplus < top - tplus ? tplus : top - tplus;
            double pe = fmin(1, 2 * (double)cdf[lo]);
            double tol = pe > 0.02 && pe < 0.1 ? 0.001 : 0.003;
            expect(fabs(iv.p - pe) <= tol, "n=%zu T+=%zu: p %.5f, exact %.5f", n, tplus, iv.p, pe);
        }
        free(cdf);
    }
    end();
    free(w);
}

/* ---- the interval and the p-value tell the same story ---- */
static void check_agreement(void)
{
    static double d[150];
    long tried = 0, disagree = 0, tied_tried = 0, tied_disagree = 0;
    begin("ci_shift: interval excludes 0 exactly when p < 0.05, 4000 samples without ties, n = 6..150");
    for (int rep = 0; rep < 4000; rep++) {
        size_t n = 6 + (size_t)(uniform01() * 145);
        double shift = uniform01() * 3 / sqrt((double)n); /* p from ~1 down to ~0.001 */
        for (size_t i = 0; i < n; i++)
            d[i] = shift + normal01();
        struct interval iv = ci_shift(d, n);
        int excl = iv.lo > 0 || iv.hi < 0;
        tried++;
        if (excl != (iv.p < 0.05)) {
            disagree++;
            expect(0, "n=%zu: interval %.4f..%.4f, p %.5f", n, iv.lo, iv.hi, iv.p);
        }
    }
    expect(disagree == 0, "%ld of %ld disagree", disagree, tried);
    end();

    /* ratios: ci_shift on the logs, so the interval excludes 1 exactly when p < 0.05 */
    begin("ci_ratio: interval excludes 1 exactly when p < 0.05, 1000 samples of ratios near 1, n = 6..80");
    for (int rep = 0; rep < 1000; rep++) {
        size_t n = 6 + (size_t)(uniform01() * 75);
        double shift = uniform01() * 0.03 / sqrt((double)n);
        for (size_t i = 0; i < n; i++)
            d[i] = exp(shift + 0.01 * normal01());
        struct interval iv = ci_ratio(d, n);
        expect((iv.lo > 1 || iv.hi < 1) == (iv.p < 0.05), "n=%zu: interval %.5f..%.5f, p %.5f", n, iv.lo, iv.hi,
               iv.p);
        expect(iv.lo <= iv.est && iv.est <= iv.hi, "n=%zu: estimate %.5f outside %.5f..%.5f", n, iv.est, iv.lo,
               iv.hi);
    }
    end();

    /* with ties (values on a grid of 0.25, zeros included) the p-value
     * comes from the normal law with the tie correction while the
     * interval's ranks stay exact (common.h): the two may disagree where a
     * bound is a Walsh average of exactly 0 (the interval touches 0) or
     * where p is near 0.05 (0.04..0.07), and nowhere else */
    long touching = 0;
    begin("ci_shift: with ties, interval and p disagree only where a bound is exactly 0 or p is 0.04..0.07");
    for (int rep = 0; rep < 4000; rep++) {
        size_t n = 6 + (size_t)(uniform01() * 60);
        double shift = uniform01() * 3 / sqrt((double)n);
        for (size_t i = 0; i < n; i++)
            d[i] = round(4 * (shift + normal01())) / 4;
        struct interval iv = ci_shift(d, n);
        int excl = iv.lo > 0 || iv.hi < 0;
        tied_tried++;
        if (excl != (iv.p < 0.05)) {
            tied_disagree++;
            if (iv.lo == 0 || iv.hi == 0)
                touching++;
            else
                expect(iv.p >= 0.04 && iv.p <= 0.07, "n=%zu: interval %.4f..%.4f, p %.5f", n, iv.lo, iv.hi, iv.p);
        }
    }
    end();
    printf("# tied samples: %ld of %ld disagree, %ld of them with a bound of exactly 0\n", tied_disagree, tied_tried,
           touching);
}

/* ---- Benjamini-Hochberg ---- */
static void check_bh(void)
{
    /* by hand: tested p sorted .01 .02 .02 .03 .8 (m = 5), p*m/rank = .05
     * .05 .0333 .0375 .8; running minimum from the top: .8 .0375 .0333
     * .0333 .0333. The tie at .02 gets one q; NAN stays NAN and does not
     * count towards m. */
    double p[7] = {0.01, 0.02, 0.02, NAN, 0.8, 0.03, NAN}, q[7];
    double want[7] = {1.0 / 30, 1.0 / 30, 1.0 / 30, NAN, 0.8, 0.0375, NAN};
    bh_adjust(p, 7, q);
    begin("bh_adjust: hand-computed example with a tie and NANs");
    for (int i = 0; i < 7; i++)
        expect(same(q[i], want[i], 1e-12), "q[%d] = %.6g, expected %.6g", i, q[i], want[i]);
    /* the same p-values in another order give the same q per p */
    double p2[7] = {NAN, 0.03, 0.8, 0.02, NAN, 0.01, 0.02}, q2[7];
    double want2[7] = {NAN, 0.0375, 0.8, 1.0 / 30, NAN, 1.0 / 30, 1.0 / 30};
    bh_adjust(p2, 7, q2);
    for (int i = 0; i < 7; i++)
        expect(same(q2[i], want2[i], 1e-12), "reordered: q[%d] = %.6g, expected %.6g", i, q2[i], want2[i]);
    end();

    /* Benjamini & Hochberg (1995), section 4: 15 p-values, 4 rejected at
     * 0.05 (0.0095 * 15/4 = 0.0356; 0.0201 * 15/5 = 0.0603 and every later
     * p * 15/k is larger still) */
    double bh95[15] = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                       0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000};
    double qb[15];
    shuffle(bh95, 15);
    bh_adjust(bh95, 15, qb);
    begin("bh_adjust: Benjamini & Hochberg's 15 p-values: the four smallest significant, q(0.0095) = 0.035625");
    for (int i = 0; i < 15; i++) {
        expect((qb[i] <= 0.05) == (bh95[i] <= 0.0095), "p %.4f: q %.4f", bh95[i], qb[i]);
        expect(qb[i] >= bh95[i] && qb[i] <= 1, "p %.4f: q %.4f outside p..1", bh95[i], qb[i]);
        if (bh95[i] == 0.0095)
            expect(same(qb[i], 0.035625, 1e-12), "q(0.0095) = %.6f", qb[i]);
        if (bh95[i] == 0.0201)
            expect(same(qb[i], 0.0201 * 3, 1e-12), "q(0.0201) = %.6f, expected 0.0603", qb[i]);
    }
    double none[2] = {NAN, NAN}, qn[2] = {0, 0};
    bh_adjust(none, 2, qn);
    bh_adjust(none, 0, qn);
    expect(isnan(qn[0]) && isnan(qn[1]), "all-NAN input: q %g %g", qn[0], qn[1]);
    end();
}

/* ---- two modes ---- */
static void check_two_modes(void)
{
    double x[20];
    begin("stat_two_modes: clearly bimodal 1; unimodal 0; one outlier 0 (n = 5 and 20); a fifth per side");
    for (int i = 0; i < 20; i++)
        x[i] = i < 10 ? 100 + 0.1 * i : 150 + 0.1 * i;
    shuffle(x, 20);
    expect(stat_two_modes(x, 20) == 1, "10 near 100 and 10 near 150: not two modes");
    for (int i = 0; i < 20; i++)
        x[i] = 100 + i;
    shuffle(x, 20);
    expect(stat_two_modes(x, 20) == 0, "100..119 evenly: two modes");
    for (int i = 0; i < 20; i++)
        x[i] = 100 + 0.5 * normal01();
    expect(stat_two_modes(x, 20) == 0, "20 normal samples: two modes");
    x[7] = 1000;
    expect(stat_two_modes(x, 20) == 0, "19 samples and one outlier: two modes");
    double five[5] = {100, 101, 102, 103, 1000};
    expect(stat_two_modes(five, 5) == 0, "100 101 102 103 1000: two modes");
    double five2[5] = {100, 101, 200, 201, 202};
    expect(stat_two_modes(five2, 5) == 1, "100 101 | 200 201 202: not two modes");
    for (int i = 0; i < 20; i++)
        x[i] = i < 4 ? 200 + i : 100 + 0.1 * i; /* 4 of 20 high: a fifth */
    expect(stat_two_modes(x, 20) == 1, "16 near 100, 4 near 200: not two modes");
    x[3] = 101; /* 3 of 20: less than a fifth */
    expect(stat_two_modes(x, 20) == 0, "17 near 100, 3 near 200: two modes");
    double four[4] = {1, 1, 9, 9};
    expect(stat_two_modes(four, 4) == 0, "n = 4: two modes");
    end();
}

/* ---- Tukey's fences ---- */
static void check_fences(void)
{
    begin("stat_fences: q1 - 1.5 IQR and q3 + 1.5 IQR (1..9: quartiles 3 and 7, fences -3 and 13)");
    double x[9] = {5, 1, 9, 3, 7, 2, 8, 4, 6}, lo, hi;
    stat_fences(x, 9, &lo, &hi);
    expect(same(lo, -3, 1e-12) && same(hi, 13, 1e-12), "fences %g and %g, expected -3 and 13", lo, hi);
    double flat[5] = {2, 2, 2, 2, 2};
    stat_fences(flat, 5, &lo, &hi);
    expect(lo == 2 && hi == 2, "all equal: fences %g and %g, expected 2 and 2", lo, hi);
    expect(x[0] == 5 && x[8] == 6, "the input was reordered");
    end();
}

/* ---- the target rule ---- */
static void check_reached(void)
{
    begin("ci_reached and ci_rel_halfwidth: the larger half-width against rel x |est| or the floor");
    struct interval iv = {100, 97, 104, 0.01, 20};
    expect(ci_reached(iv, 0.05, 0), "4 <= 5%% of 100: not reached");
    expect(!ci_reached(iv, 0.03, 0), "4 > 3%% of 100: reached");
    expect(ci_reached(iv, 0.03, 4), "4 <= floor 4: not reached");
    expect(!ci_reached(iv, 0.03, 3.9), "4 > floor 3.9: reached");
    expect(same(ci_rel_halfwidth(iv), 0.04, 1e-12), "rel half-width %g, expected 0.04", ci_rel_halfwidth(iv));
    struct interval neg = {-100, -104, -97, 0.01, 20};
    expect(ci_reached(neg, 0.05, 0) && !ci_reached(neg, 0.03, 0), "negative estimate: |est| not used");
    struct interval na = {100, NAN, NAN, NAN, 4};
    expect(!ci_reached(na, 1, 1e9), "no interval counts as reached");
    expect(isinf(ci_rel_halfwidth(na)), "no interval: rel half-width %g", ci_rel_halfwidth(na));
    struct interval zero = {0, -0.5, 0.5, 1, 20};
    expect(!ci_reached(zero, 0.05, 0) && ci_reached(zero, 0.05, 0.5), "estimate 0: only the floor can reach");
    expect(isinf(ci_rel_halfwidth(zero)), "estimate 0: rel half-width %g", ci_rel_halfwidth(zero));
    end();
}

int main(void)
{
    check_median_ranks();
    check_shift_known();
    check_shift_brute();
    check_shift_walsh_ranks();
    check_normal_branch();
    check_agreement();
    check_bh();
    check_two_modes();
    check_fences();
    check_reached();
    printf("# done\n");
    return any_bad;
}

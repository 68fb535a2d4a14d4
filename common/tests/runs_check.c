/* runs_check.c - common/runs.c against known answers: Student's quantiles
 * from tables, an interval worked out by hand, and simulated runs whose
 * between-invocation component is known, where the interval must cover the
 * true value about 95% of the time (a within-run interval does not). Built
 * and run by common/tests/stats.sh. */
#include "check.h"
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void check_t(void)
{
    begin("t_quantile975 matches the tables (df 1, 5, 30, 40, 60, 120, 10^6)");
    const size_t df[] = {1, 5, 30, 40, 60, 120, 1000000};
    const double want[] = {12.706, 2.571, 2.042, 2.021, 2.000, 1.980, 1.960};
    for (size_t i = 0; i < sizeof df / sizeof *df; i++)
        expect(fabs(t_quantile975(df[i]) - want[i]) < 6e-4, "df=%zu: %.4f, want %.3f", df[i], t_quantile975(df[i]),
               want[i]);
    end();
}

static void check_by_hand(void)
{
    begin("ci_invocations by hand: 1, 2, 3 with no within spread; one invocation; NAN skipped");
    double e[] = {1, NAN, 2, 3}, lo[] = {1, NAN, 2, 3}, hi[] = {1, NAN, 2, 3};
    struct nested r = ci_invocations(e, lo, hi, 4, 0);
    /* mean 2, s = 1, t(2) = 4.303: 2 -+ 4.303 / sqrt(3) */
    expect(r.iv.n == 3 && same(r.iv.est, 2, 1e-12), "n=%zu est=%g", r.iv.n, r.iv.est);
    expect(same(r.iv.lo, 2 - 4.303 / sqrt(3), 1e-9) && same(r.iv.hi, 2 + 4.303 / sqrt(3), 1e-9), "[%g, %g]", r.iv.lo,
           r.iv.hi);
    expect(same(r.between_share, 1, 1e-12) && same(r.sd, 1, 1e-12), "share %g sd %g", r.between_share, r.sd);
    double e1[] = {NAN, 5}, lo1[] = {NAN, 4}, hi1[] = {NAN, 7};
    r = ci_invocations(e1, lo1, hi1, 2, 0);
    expect(r.iv.n == 1 && r.iv.est == 5 && r.iv.lo == 4 && r.iv.hi == 7 && isnan(r.between_share),
           "one invocation: n=%zu %g [%g, %g] share %g", r.iv.n, r.iv.est, r.iv.lo, r.iv.hi, r.between_share);
    /* invocations that agree by chance: the rounds' spread is the floor */
    double e2[] = {10, 10, 10}, lo2[] = {8, 8, 8}, hi2[] = {12, 12, 12};
    r = ci_invocations(e2, lo2, hi2, 3, 0);
    expect(r.iv.lo < 10 - 1 && r.iv.hi > 10 + 1 && r.between_share == 0, "floor: [%g, %g] share %g", r.iv.lo,
           r.iv.hi, r.between_share);
    end();
}

/* k invocations of a figure whose true value is mu: each invocation is off
 * by a between-run effect (sd sb) and measures it with its rounds' noise (sd
 * sw), reporting est -+ 1.96 sw. Returns the share of `trials` runs whose
 * interval covers mu; *naive: the same for the first invocation's own
 * interval; *share: the mean between_share. On logs when log_scale. */
static double coverage(int k, double mu, double sb, double sw, int log_scale, int trials, double *naive, double *share)
{
    int cover = 0, cover1 = 0;
    double sum_share = 0;
    double e[16], lo[16], hi[16];
    for (int t = 0; t < trials; t++) {
        for (int i = 0; i < k; i++) {
            double y = (log_scale ? log(mu) : mu) + sb * normal01() + sw * normal01();
            double l = y - 1.959964 * sw, h = y + 1.959964 * sw;
            e[i] = log_scale ? exp(y) : y;
            lo[i] = log_scale ? exp(l) : l;
            hi[i] = log_scale ? exp(h) : h;
        }
        struct nested r = ci_invocations(e, lo, hi, (size_t)k, log_scale);
        cover += r.iv.lo <= mu && mu <= r.iv.hi;
        cover1 += lo[0] <= mu && mu <= hi[0];
        sum_share += r.between_share;
    }
    *naive = (double)cover1 / trials;
    *share = sum_share / trials;
    return (double)cover / trials;
}

static void check_coverage(void)
{
    double naive, share, c;
    begin("between component 2x the rounds' noise: 95% coverage, share ~0.8; a run's own interval covers ~62%");
    c = coverage(6, 100, 2, 1, 0, 4000, &naive, &share);
    expect(c > 0.93 && c < 0.97, "coverage %.3f", c);
    expect(naive < 0.7, "a single run's interval covered %.3f", naive);
    /* a ratio of variances from six invocations: biased low (0.69 here) */
    expect(share > 0.6 && share < 0.9, "mean between_share %.3f, true 0.8", share);
    end();

    begin("no between component: coverage at least 95% (the floor), share near 0");
    c = coverage(6, 100, 0, 1, 0, 4000, &naive, &share);
    expect(c > 0.94 && c < 0.995, "coverage %.3f", c);
    expect(share < 0.25, "mean between_share %.3f, true 0", share);
    end();

    begin("ratios on logs: 5% between-run spread, 95% coverage with 8 invocations");
    c = coverage(8, 1.5, 0.05, 0.01, 1, 4000, &naive, &share);
    expect(c > 0.93 && c < 0.97, "coverage %.3f", c);
    expect(share > 0.9, "mean between_share %.3f, true 0.96", share);
    end();
}

static void check_quantile(void)
{
    begin("ci_quantile at 1/2 is ci_median; at 1/4 of 1..40 the binomial ranks 5 and 16");
    double x[40];
    for (int n = 6; n <= 40; n++) {
        for (int i = 0; i < n; i++)
            x[i] = (double)((i * 7919) % n); /* 0..n-1, shuffled */
        struct interval a = ci_quantile(x, (size_t)n, 0.5), b = ci_median(x, (size_t)n);
        expect(same(a.est, b.est, 1e-12) && same(a.lo, b.lo, 0) && same(a.hi, b.hi, 0), "n=%d: %g [%g, %g] against %g [%g, %g]",
               n, a.est, a.lo, a.hi, b.est, b.lo, b.hi);
    }
    for (int i = 0; i < 40; i++)
        x[i] = i + 1;
    /* Binomial(40, 1/4): P(B <= 4) = 0.016, P(B <= 5) = 0.043; P(B >= 16) = 0.026, P(B >= 17) = 0.012 */
    struct interval q = ci_quantile(x, 40, 0.25);
    expect(q.lo == 5 && q.hi == 17, "[%g, %g], want [5, 17]", q.lo, q.hi);
    end();
}

static void check_levels(void)
{
    begin("stat_levels: a hand-off of 217 ns among ones of 63-65 ns is a second level");
    struct interval v[] = {{64, 62, 66, NAN, 9}, {65, 63, 67, NAN, 9}, {217, 210, 224, NAN, 9},
                           {63, 61, 65, NAN, 9}, {NAN, NAN, NAN, NAN, 0}};
    int level[5];
    int k = stat_levels(v, 5, 0.15, level);
    expect(k == 2, "%d levels", k);
    expect(level[0] == 1 && level[1] == 1 && level[3] == 1 && level[2] == 2 && level[4] == 0,
           "levels %d %d %d %d %d", level[0], level[1], level[2], level[3], level[4]);
    end();
}

/* speed_levels (levels.c): n readings around each of the given centres,
 * spread by sd (relative, log-normal) */
static size_t readings(double *x, const double *centre, const size_t *count, int k, double sd)
{
    size_t n = 0;
    for (int j = 0; j < k; j++)
        for (size_t i = 0; i < count[j]; i++)
            x[n++] = centre[j] * exp(sd * normal01());
    return n;
}

static void check_speed_levels(void)
{
    static double x[40000];
    struct speed_levels L;
    begin("speed_levels: a fast spike and a broad slow band are two levels, cut between them");
    /* the slow-host fixture's shape: 0.335 ns +-1% (15%), 0.55 ns +-15% (85%) */
    double c1[] = {0.335, 0.55};
    size_t n1[] = {3000, 17000};
    size_t n = readings(x, c1, n1, 2, 0.01);
    for (size_t i = 3000; i < n; i++) /* the band: redraw wider */
        x[i] = 0.55 * exp(0.12 * normal01());
    speed_levels(x, n, &L);
    expect(L.k >= 2 && L.cut[0] > 0.345 && L.cut[0] < 0.42, "k=%d cut %g", L.k, L.k > 1 ? L.cut[0] : NAN);
    expect(speed_level_of(&L, 0.335) == 1 && speed_level_of(&L, 0.55) == 2, "0.335 in %d, 0.55 in %d",
           speed_level_of(&L, 0.335), speed_level_of(&L, 0.55));
    expect(speed_main_level(&L) == 2 && fabs(L.share[1] - 0.15) < 0.02, "main %d, share of 1 %g",
           speed_main_level(&L), L.share[1]);
    expect(fabs(L.mid[1] - 0.335) < 0.005, "level 1's median %g", L.mid[1]);
    end();

    begin("speed_levels: one band, however wide, is one level; a few outliers make none");
    double c2[] = {0.5};
    size_t n2[] = {5000};
    n = readings(x, c2, n2, 1, 0.15);
    x[n++] = 5.0, x[n++] = 5.1, x[n++] = 0.05; /* three wild readings */
    speed_levels(x, n, &L);
    expect(L.k == 1, "k=%d", L.k);
    end();

    begin("speed_levels: speed steps 20% apart are one level each; steps within 15% are one level");
    double c3[] = {0.33, 0.41, 0.52};
    size_t n3[] = {2000, 900, 250};
    n = readings(x, c3, n3, 3, 0.003);
    speed_levels(x, n, &L);
    expect(L.k == 3, "k=%d", L.k);
    for (int j = 0; j < 3 && L.k == 3; j++)
        expect(speed_level_of(&L, c3[j]) == j + 1, "%g in level %d", c3[j], speed_level_of(&L, c3[j]));
    double c4[] = {0.334, 0.368, 0.404, 0.455}; /* the AMD guest's steps: 10%, 10%, 13% apart */
    size_t n4[] = {2000, 600, 900, 250};
    struct speed_levels L4;
    speed_levels(x, readings(x, c4, n4, 4, 0.003), &L4);
    expect(L4.k == 2 && speed_level_of(&L4, 0.368) == 1 && speed_level_of(&L4, 0.404) == 2, "k=%d", L4.k);
    end();

    begin("speed_levels: a measurement straddling a cut is mixed; none without readings");
    expect(L.k == 3 && speed_level_span(&L, 0.33, 0.331) == 1 && speed_level_span(&L, 0.33, 0.41) == 0,
           "span %d %d", speed_level_span(&L, 0.33, 0.331), speed_level_span(&L, 0.33, 0.41));
    speed_levels(x, 0, &L);
    expect(L.k == 0 && speed_level_of(&L, 1.0) == 0 && speed_main_level(&L) == 0, "k=%d", L.k);
    end();

    begin("speed_levels: the same readings give the same levels (deterministic)");
    n = readings(x, c4, n4, 4, 0.003);
    struct speed_levels A, B;
    speed_levels(x, n, &A);
    speed_levels(x, n, &B);
    expect(memcmp(&A, &B, sizeof A) == 0, "two calls differ");
    end();
}

/* the change between two runs (common/compare.c): Student's law at any
 * level and df, a published interval read back, Welch's difference */
static void check_change(void)
{
    begin("t_cdf and t_quantile match the tables (0.975 at df 1, 10, inf; 0.995 at 4; 0.9995 at 3; df 7.5)");
    expect(same(t_quantile(0.975, 1), 12.706, 1e-3) && same(t_quantile(0.975, 10), 2.228, 1e-3) &&
               same(t_quantile(0.975, INFINITY), 1.959964, 1e-5),
           "0.975: %g %g %g", t_quantile(0.975, 1), t_quantile(0.975, 10), t_quantile(0.975, INFINITY));
    expect(same(t_quantile(0.995, 4), 4.604, 1e-3) && same(t_quantile(0.9995, 3), 12.924, 2e-3),
           "0.995 at 4: %g; 0.9995 at 3: %g", t_quantile(0.995, 4), t_quantile(0.9995, 3));
    expect(t_quantile(0.975, 7.5) < 2.365 && t_quantile(0.975, 7.5) > 2.306, "df 7.5: %g", t_quantile(0.975, 7.5));
    expect(same(t_cdf(2.228, 10), 0.975, 1e-4) && same(t_cdf(0, 3), 0.5, 1e-12) &&
               same(t_cdf(-2.228, 10), 0.025, 1e-3) && same(t_quantile(0.025, 10), -t_quantile(0.975, 10), 1e-9),
           "cdf %g %g %g", t_cdf(2.228, 10), t_cdf(0, 3), t_cdf(-2.228, 10));
    expect(isnan(t_quantile(1, 3)) && isnan(t_cdf(1, 0)), "out of range: %g %g", t_quantile(1, 3), t_cdf(1, 0));
    end();

    begin("published_mean_se reads ci_invocations back (lin and log); welch_diff by hand; p_beyond_margin");
    double e[] = {1, 2, 3}, w[] = {1, 2, 3};
    struct nested r = ci_invocations(e, w, w, 3, 0);
    struct mean_se a = published_mean_se(r.iv.est, r.iv.lo, r.iv.hi, r.iv.n, 0);
    expect(same(a.m, 2, 1e-12) && same(a.se, 1 / sqrt(3), 1e-9) && a.df == 2, "lin: m %g se %g df %g", a.m, a.se,
           a.df);
    double el[] = {1, 2, 4};
    r = ci_invocations(el, el, el, 3, 1);
    a = published_mean_se(r.iv.est, r.iv.lo, r.iv.hi, r.iv.n, 1);
    expect(same(a.m, log(2), 1e-12) && same(a.se, log(2) / sqrt(3), 1e-9), "log: m %g se %g", a.m, a.se);
    a = published_mean_se(5, 4, 7, 1, 0);
    expect(same(a.se, 1.5 / 1.959964, 1e-6) && isinf(a.df), "one invocation: se %g df %g", a.se, a.df);
    struct mean_se x = {1, 2, 9}, y = {3, 1, 4}, d = welch_diff(x, y);
    /* df = (4 + 1)^2 / (16/9 + 1/4) = 12.33 */
    expect(same(d.m, 2, 1e-12) && same(d.se, sqrt(5), 1e-12) && same(d.df, 25 / (16.0 / 9 + 0.25), 1e-9),
           "welch: %g %g %g", d.m, d.se, d.df);
    struct mean_se n = {3, 1, INFINITY};
    struct interval iv = ci_mean_se(n, 0.95);
    expect(same(iv.lo, 3 - 1.959964, 1e-5) && same(iv.hi, 3 + 1.959964, 1e-5), "ci [%g, %g]", iv.lo, iv.hi);
    /* (3 - 1) / 1 = 2 standard errors beyond the margin: 2 (1 - Phi(2)) */
    expect(same(p_beyond_margin(n, 1), 0.0455003, 1e-6) && p_beyond_margin(n, 3.5) == 1,
           "p %g %g", p_beyond_margin(n, 1), p_beyond_margin(n, 3.5));
    /* at the level 1 - p the interval just touches the margin */
    struct mean_se m = {0.3, 0.05, 6};
    double p = p_beyond_margin(m, 0.1);
    iv = ci_mean_se(m, 1 - p);
    expect(same(iv.lo, 0.1, 1e-6), "p %g: lo %g", p, iv.lo);
    end();
}

int main(void)
{
    check_speed_levels();
    check_t();
    check_by_hand();
    check_coverage();
    check_quantile();
    check_levels();
    check_change();
    printf("# done\n");
    return any_bad;
}

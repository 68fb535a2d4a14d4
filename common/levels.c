/* levels.c - the speed levels of a shared host (see common.h). A cloud host
 * runs a virtual CPU at a few speeds and switches between them many times a
 * second; the speed canary before and after each measurement says which
 * speed it ran at. Within one level the figures agree from invocation to
 * invocation, so measurements are compared within a level, never across.
 *
 * The levels are the modes of the readings' density on a log scale: the
 * readings go into bins 2% wide, smoothed by [1 2 1]/4, and a stretch of
 * bins splits in two at its deepest valley when that valley holds less than
 * half of the smaller of the two peaks beside it and the dip is larger than
 * three times the counting noise of that peak (sqrt of its count), so that
 * a few readings cannot make a level. Each side is then split again the
 * same way. Last, neighbouring levels whose medians lie within STEP_SPAN
 * of the fastest of them are one level: a host with speed steps a few
 * percent apart (the AMD guest: 0.309, 0.334, 0.355 ns) runs a loop at
 * nearly one speed on all of them, and telling them apart would only leave
 * the rounds that straddle two of them out. Deterministic: the same
 * readings give the same levels. */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BIN_LOG 0.0198026272961797 /* log(1.02) */
#define MAX_BINS 4096
#define VALLEY_SHARE 0.5
#define NOISE_SIGMAS 3.0
#define STEP_SPAN 1.15 /* SLOW_CANARY: what earlier versions called one speed */

struct hist {
    double y0, w; /* the first bin's lower edge and the bins' width, on log scale */
    int nb;
    double *s; /* smoothed counts */
};

/* The deepest valley of s[a..e) that splits it (see the header), or -1. */
static int best_split(const struct hist *h, int a, int e)
{
    if (e - a < 3)
        return -1;
    int m = e - a, best = -1;
    double *left = xmalloc(sizeof *left * (size_t)m * 2), *right = left + m, best_score = VALLEY_SHARE;
    for (int i = 0; i < m; i++)
        left[i] = fmax(i ? left[i - 1] : 0, h->s[a + i]);
    for (int i = m - 1; i >= 0; i--)
        right[i] = fmax(i < m - 1 ? right[i + 1] : 0, h->s[a + i]);
    for (int i = 1; i < m - 1; i++) {
        double peak = fmin(left[i - 1], right[i + 1]), v = h->s[a + i];
        if (peak <= 0 || peak - v <= NOISE_SIGMAS * sqrt(peak))
            continue;
        double score = v / peak;
        if (score < best_score) {
            best_score = score;
            best = a + i;
        }
    }
    free(left);
    return best;
}

static void split(const struct hist *h, int a, int e, struct speed_levels *L)
{
    int b = L->k < SPEED_MAX_LEVELS ? best_split(h, a, e) : -1;
    if (b < 0) {
        L->k++;
        return;
    }
    split(h, a, b, L);
    /* the valley's middle is the cut: readings below it are the faster level */
    if (L->k < SPEED_MAX_LEVELS)
        L->cut[L->k - 1] = exp(h->y0 + ((double)b + 0.5) * h->w);
    split(h, b, e, L);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* each level's median reading, quartiles and share */
static void describe(const double *x, size_t n, size_t valid, struct speed_levels *L)
{
    double *v = xmalloc(sizeof *v * valid);
    for (int k = 1; k <= L->k; k++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (x[i] > 0 && isfinite(x[i]) && speed_level_of(L, x[i]) == k)
                v[m++] = x[i];
        qsort(v, m, sizeof *v, cmp_double);
        L->count[k] = m;
        L->share[k] = (double)m / (double)valid;
        L->mid[k] = m ? stat_quantile(v, m, 0.5) : NAN;
        L->q25[k] = m ? stat_quantile(v, m, 0.25) : NAN;
        L->q75[k] = m ? stat_quantile(v, m, 0.75) : NAN;
    }
    for (int k = L->k + 1; k <= SPEED_MAX_LEVELS; k++)
        L->count[k] = 0, L->share[k] = L->mid[k] = L->q25[k] = L->q75[k] = 0;
    free(v);
}

void speed_levels(const double *x, size_t n, struct speed_levels *L)
{
    memset(L, 0, sizeof *L);
    double lo = INFINITY, hi = -INFINITY;
    size_t valid = 0;
    for (size_t i = 0; i < n; i++)
        if (x[i] > 0 && isfinite(x[i])) {
            lo = fmin(lo, log(x[i]));
            hi = fmax(hi, log(x[i]));
            valid++;
        }
    if (!valid)
        return;
    struct hist h = {lo - BIN_LOG, BIN_LOG, 0, NULL};
    while ((hi - h.y0) / h.w + 2 > MAX_BINS) /* a wild reading: coarser bins, not a huge array */
        h.w *= 2;
    h.nb = (int)((hi - h.y0) / h.w) + 2;
    double *count = xmalloc(sizeof *count * (size_t)h.nb * 2);
    h.s = count + h.nb;
    memset(count, 0, sizeof *count * (size_t)h.nb);
    for (size_t i = 0; i < n; i++)
        if (x[i] > 0 && isfinite(x[i]))
            count[(int)((log(x[i]) - h.y0) / h.w)]++;
    for (int b = 0; b < h.nb; b++)
        h.s[b] = ((b ? count[b - 1] : 0) + 2 * count[b] + (b + 1 < h.nb ? count[b + 1] : 0)) / 4;
    split(&h, 0, h.nb, L);
    free(count);
    describe(x, n, valid, L);
    /* steps close together are one level: keep a cut only where the level
     * above it starts beyond STEP_SPAN of the fastest level of its group */
    struct speed_levels m = *L;
    int k = 1;
    for (int j = 2, first = 1; j <= L->k; j++)
        if (L->mid[j] > STEP_SPAN * L->mid[first]) {
            m.cut[k++ - 1] = L->cut[j - 2];
            first = j;
        }
    if (k < L->k) {
        m.k = k;
        *L = m;
        describe(x, n, valid, L);
    }
}

int speed_level_of(const struct speed_levels *L, double x)
{
    if (!(x > 0) || !isfinite(x) || L->k == 0)
        return 0;
    int k = 1;
    while (k < L->k && x >= L->cut[k - 1])
        k++;
    return k;
}

int speed_level_span(const struct speed_levels *L, double lo, double hi)
{
    int a = speed_level_of(L, lo), b = speed_level_of(L, hi);
    return a == b ? a : 0;
}

int speed_main_level(const struct speed_levels *L)
{
    int main = 0;
    for (int k = 1; k <= L->k; k++) /* the most readings; ties: the faster */
        if (!main || L->count[k] > L->count[main])
            main = k;
    return main;
}

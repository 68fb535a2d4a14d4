/* pairs_intervals.c - `lockwait_pairs intervals`: the figures files that
 * lockwait_pairs (pairs.c) wrote for every scenario, turned into the raw
 * file's kind=overhead, runs, latency and whatif_check lines with common's
 * statistics (stats.c): the Hodges-Lehmann estimate and Wilcoxon interval
 * of the used pairs' ratios, q across the scenarios of one file (one
 * table), and medians with order-statistic intervals of the runs' figures.
 * Only the pairs of each scenario's main speed level (or, level 0, its
 * mixed pairs: pairs.c's classify) are used (used=1). */
#define _GNU_SOURCE
#include "common.h"
#include "pairs.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *overhead_cols[] = {OVERHEAD_COLUMNS(PAIRS_NAME)};
static const char *whatif_cols[] = {WHATIF_COLUMNS(PAIRS_NAME)};

struct cell {
    char name[32], canary[64];
    long reps, total, mixed, used;
    int level, compared; /* compared: the pairs have a ratio (not bare only) */
    double *col[PAIRS_MAX_COLUMNS]; /* the used pairs' figures */
    struct interval ratio;
    double q;
};

static struct cell *find(struct cell *c, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(c[i].name, name) == 0)
            return &c[i];
    return NULL;
}

/* The cells of a figures file ("cell S reps level canary_ns compared",
 * then "pair S rep level used figure..."), in order; exits on a bad line. */
static struct cell *read_figures(const char *path, int ncol, size_t *count)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("lockwait_pairs intervals: cannot read %s: %s", path, strerror(errno));
    struct cell *c = NULL;
    size_t n = 0;
    char *line = NULL, name[32], word[64];
    size_t cap = 0;
    long lineno = 0;
    while (getline(&line, &cap, f) != -1) {
        lineno++;
        int off, level, used;
        long a;
        if (sscanf(line, "cell %31s %ld %d %31s %d", name, &a, &level, word, &used) == 5) {
            c = realloc(c, sizeof *c * (n + 1));
            if (!c)
                die("out of memory");
            struct cell *x = memset(&c[n++], 0, sizeof *c);
            snprintf(x->name, sizeof x->name, "%s", name);
            snprintf(x->canary, sizeof x->canary, "%s", word);
            x->reps = a, x->level = level, x->compared = used;
            for (int k = 0; k < ncol; k++)
                x->col[k] = xmalloc(sizeof(double));
            continue;
        }
        struct cell *x;
        if (sscanf(line, "pair %31s %ld %d %d%n", name, &a, &level, &used, &off) != 4 || !(x = find(c, n, name)))
            die("lockwait_pairs intervals: %s line %ld: not a cell or pair line of a known scenario", path, lineno);
        x->total++;
        x->mixed += level == 0;
        if (!used)
            continue;
        for (int k = 0; k < ncol; k++) {
            x->col[k] = realloc(x->col[k], sizeof(double) * (size_t)(x->used + 1));
            int m;
            if (!x->col[k] || sscanf(line + off, "%63s%n", word, &m) != 1)
                die("lockwait_pairs intervals: %s line %ld: %d figures expected", path, lineno, ncol);
            off += m;
            x->col[k][x->used] = strcmp(word, "NA") == 0 ? NAN : strtod(word, NULL);
        }
        x->used++;
    }
    if (ferror(f) || fclose(f) != 0)
        die("lockwait_pairs intervals: cannot read %s", path);
    free(line);
    *count = n;
    return c;
}

/* The used pairs' values of one column without the NA ones. */
static size_t known(const struct cell *c, int k, double *out)
{
    size_t m = 0;
    for (long i = 0; i < c->used; i++)
        if (!isnan(c->col[k][i]))
            out[m++] = c->col[k][i];
    return m;
}

/* The ratios of each cell: its interval, q across the cells compared. */
static void ratios(struct cell *c, size_t n)
{
    double *p = xmalloc(sizeof *p * (n + 1)), *q = xmalloc(sizeof *q * (n + 1));
    for (size_t i = 0; i < n; i++) {
        double *x = xmalloc(sizeof *x * (size_t)(c[i].used + 1));
        size_t m = known(&c[i], 0, x);
        c[i].ratio = m ? ci_ratio(x, m) : (struct interval){NAN, NAN, NAN, NAN, 0};
        p[i] = c[i].compared ? c[i].ratio.p : NAN;
        free(x);
    }
    bh_adjust(p, n, q);
    for (size_t i = 0; i < n; i++)
        c[i].q = q[i];
    free(p), free(q);
}

static void num(const char *key, double x, const char *fmt)
{
    printf(" %s=", key);
    if (isnan(x))
        printf("NA");
    else
        printf(fmt, x);
}

/* " col=M col_lo=L col_hi=H": the median of a column and its interval;
 * nothing when every value is NA (the wrapped runs, without the preload) */
static void median_of(const struct cell *c, int k, const char *name)
{
    double *x = xmalloc(sizeof *x * (size_t)(c->used + 1));
    size_t m = known(c, k, x);
    if (c->used == 0 || m > 0) {
        struct interval iv = m ? ci_median(x, m) : (struct interval){NAN, NAN, NAN, NAN, 0};
        char lo[64], hi[64];
        snprintf(lo, sizeof lo, "%s_lo", name);
        snprintf(hi, sizeof hi, "%s_hi", name);
        num(name, iv.est, "%.6g"), num(lo, iv.lo, "%.6g"), num(hi, iv.hi, "%.6g");
    }
    free(x);
}

static void level_keys(const struct cell *c)
{
    printf(" pairs_used=%ld pairs_total=%ld pairs_mixed=%ld pairs_other=%ld pairs_basis=level speed_level=%d "
           "speed_canary_ns=%s pairs_min=%ld",
           c->used, c->total, c->mixed, c->total - c->used - (c->level ? c->mixed : 0), c->level, c->canary, c->reps);
}

/* Sleeps under the preload against bare, pair by pair: the Hodges-Lehmann
 * estimate of (wrapped + 1) / (bare + 1) with its interval (+1: a run may
 * not sleep at all). One run's sleeps vary several-fold with where the
 * host places the threads, so a difference of medians says little without
 * it. */
static struct interval sleeps_ratio(const struct cell *x)
{
    double *r = xmalloc(sizeof *r * (size_t)(x->used + 1));
    size_t m = 0;
    int b = PAIRS_COLUMN(bare_nvcsw), w = PAIRS_COLUMN(wrapped_nvcsw);
    for (long i = 0; i < x->used; i++)
        if (x->col[b][i] >= 0 && x->col[w][i] >= 0) /* NAN: not known */
            r[m++] = (x->col[w][i] + 1) / (x->col[b][i] + 1);
    struct interval iv = m ? ci_ratio(r, m) : (struct interval){NAN, NAN, NAN, NAN, 0};
    free(r);
    return iv;
}

static void overhead_lines(struct cell *c, size_t n, double target)
{
    ratios(c, n);
    for (size_t i = 0; i < n; i++) {
        struct cell *x = &c[i];
        if (x->compared) {
            struct interval r = x->ratio;
            double *v = xmalloc(sizeof *v * (size_t)(x->used + 1));
            size_t m = known(x, 0, v);
            printf("RESULT exp=lockwait kind=overhead scenario=%s", x->name);
            num("overhead_pct", 100 * (r.est - 1), "%.3f"), num("overhead_pct_lo", 100 * (r.lo - 1), "%.3f");
            num("overhead_pct_hi", 100 * (r.hi - 1), "%.3f"), num("p", r.p, "%.4g"), num("q", x->q, "%.4g");
            level_keys(x);
            printf(" target_reached=%d two_modes=%d", ci_reached(r, 0, target), stat_two_modes(v, m));
            struct interval sl = sleeps_ratio(x);
            num("sleeps_ratio", sl.est, "%.4g"), num("sleeps_ratio_lo", sl.lo, "%.4g");
            num("sleeps_ratio_hi", sl.hi, "%.4g");
            printf("\n");
            free(v);
        }
        printf("RESULT exp=lockwait kind=runs scenario=%s runs=%ld speed_level=%d", x->name, x->used, x->level);
        for (int k = 1; k < NCOL_OVERHEAD; k++)
            if (!strstr(overhead_cols[k], "_us")) /* in the latency lines */
                median_of(x, k, overhead_cols[k]);
        printf("\n");
        if (strcmp(x->name, "cache") != 0)
            continue;
        for (int w = 0; w < 2; w++) {
            const char *var = w ? "wrapped" : "bare";
            int k0 = w ? PAIRS_COLUMN(wrapped_p50_us) : PAIRS_COLUMN(bare_p50_us); /* then p99, max */
            double *tmp = xmalloc(sizeof *tmp * (size_t)(x->used + 1));
            size_t have = known(x, k0, tmp);
            free(tmp);
            if (x->used && !have)
                continue;
            printf("RESULT exp=lockwait kind=latency scenario=%s variant=%s runs=%ld speed_level=%d", x->name, var, x->used,
                   x->level);
            for (int k = k0; k < k0 + 3; k++)
                median_of(x, k, overhead_cols[k] + strlen(var) + 1);
            printf("\n");
        }
    }
}

/* The predictions file of exp.sh: "check S cs_ns half_cs_ns traces" per
 * scenario checked, and "trace S K LINE" for each kind=whatif line the
 * report gave on trace K. */
struct predictions {
    char **line;
    size_t n;
};

static struct predictions read_predictions(const char *path)
{
    struct predictions pr = {NULL, 0};
    FILE *f = fopen(path, "r");
    if (!f)
        die("lockwait_pairs intervals: cannot read %s: %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) != -1) {
        pr.line = realloc(pr.line, sizeof *pr.line * (pr.n + 1));
        if (!pr.line || !(pr.line[pr.n++] = strdup(line)))
            die("out of memory");
    }
    if (ferror(f) || fclose(f) != 0)
        die("lockwait_pairs intervals: cannot read %s", path);
    free(line);
    return pr;
}

static double field(const char *line, const char *key)
{
    char b[64], *end;
    kv_get(line, key, b, sizeof b);
    double v = strtod(b, &end);
    return *b && !*end ? v : NAN;
}

/* Trace k's prediction: the lock the hold belongs to is the one saving most
 * at the factor; its saving there, there with its lone stretches gone and
 * there in the trace's order of grants (NAN from a report before them), and
 * with the lock free (factor 0). */
static void trace_prediction(const struct predictions *pr, const char *s, long k, double factor, double *saving,
                             double *lonefree_saving, double *ordered_saving, double *free_saving, double *wall_ns,
                             char *lock, size_t cap)
{
    char name[32];
    long kk;
    int off;
    *saving = *lonefree_saving = *ordered_saving = *free_saving = *wall_ns = NAN;
    snprintf(lock, cap, "NA");
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < pr->n; i++) {
            const char *l = pr->line[i];
            if (sscanf(l, "trace %31s %ld %n", name, &kk, &off) != 2 || strcmp(name, s) != 0 || kk != k)
                continue;
            double h = field(l + off, "hold_factor"), p = field(l + off, "predicted_saving_pct");
            char lk[128];
            kv_get(l + off, "lock", lk, sizeof lk);
            double lf = field(l + off, "predicted_lonefree_wall_ns"), wall = field(l + off, "wall_ns");
            double od = field(l + off, "predicted_ordered_wall_ns");
            if (pass == 0 && h == factor && !isnan(p) && (isnan(*saving) || p > *saving)) {
                *saving = p, snprintf(lock, cap, "%s", lk);
                *lonefree_saving = wall > 0 && !isnan(lf) ? 100 * (1 - lf / wall) : NAN;
                *ordered_saving = wall > 0 && !isnan(od) ? 100 * (1 - od / wall) : NAN;
                *wall_ns = wall;
            }
            else if (pass == 1 && h == 0 && strcmp(lk, lock) == 0)
                *free_saving = p;
        }
}

static void whatif_lines(struct cell *c, size_t n, const char *predictions, const char *factor)
{
    ratios(c, n);
    struct predictions pr = read_predictions(predictions);
    char name[32], cs[32], half[32], lock[128], first_lock[128];
    long traces;
    for (size_t i = 0; i < pr.n; i++) {
        if (sscanf(pr.line[i], "check %31s %31s %31s %ld", name, cs, half, &traces) != 4)
            continue;
        struct cell *x = find(c, n, name);
        if (!x)
            die("lockwait_pairs intervals: %s: no what-if pairs of %s", predictions, name);
        double *sv = xmalloc(sizeof *sv * (size_t)(5 * traces + 5)), *fr = sv + traces + 1, *lf = fr + traces + 1;
        double *od = lf + traces + 1, *tw = od + traces + 1, a, b, c, o, w;
        size_t ns = 0, nf = 0, nl = 0, no = 0, nw = 0;
        snprintf(first_lock, sizeof first_lock, "NA");
        for (long k = 1; k <= traces; k++) {
            trace_prediction(&pr, name, k, strtod(factor, NULL), &a, &c, &o, &b, &w, lock, sizeof lock);
            if (k == 1)
                snprintf(first_lock, sizeof first_lock, "%s", lock);
            if (!isnan(a))
                sv[ns++] = a;
            if (!isnan(b))
                fr[nf++] = b;
            if (!isnan(c))
                lf[nl++] = c;
            if (!isnan(o))
                od[no++] = o;
            if (!isnan(w) && w > 0)
                tw[nw++] = w / 1e6;
        }
        struct interval pv = ns ? ci_median(sv, ns) : (struct interval){NAN, NAN, NAN, NAN, 0};
        double free_est = nf ? ci_median(fr, nf).est : NAN, lonefree_est = nl ? ci_median(lf, nl).est : NAN;
        double ordered_est = no ? ci_median(od, no).est : NAN, traced_ms = nw ? ci_median(tw, nw).est : NAN;
        double *bw = xmalloc(sizeof *bw * (size_t)(x->used + 1)); /* the bare runs at the full hold, ms */
        size_t nb = known(x, 1, bw);
        double bare_ms = nb ? ci_median(bw, nb).est : NAN;
        free(bw);
        free(sv);
        struct interval r = x->ratio;
        printf("RESULT exp=lockwait kind=whatif_check scenario=%s hold_factor=%s cs_ns=%s half_cs_ns=%s lock=%s "
               "traces_count=%ld",
               x->name, factor, cs, half, first_lock, traces);
        num("predicted_saving_pct", pv.est, "%.10g"), num("predicted_saving_pct_lo", pv.lo, "%.10g");
        num("predicted_saving_pct_hi", pv.hi, "%.10g"), num("predicted_free_saving_pct", free_est, "%.10g");
        num("predicted_lonefree_saving_pct", lonefree_est, "%.10g");
        num("predicted_ordered_saving_pct", ordered_est, "%.10g");
        /* the traces' span against the bare run: a trace of a program the tracing slowed */
        num("traced_bare_ratio", bare_ms > 0 ? traced_ms / bare_ms : NAN, "%.4g");
        /* a shorter run is a saving: the ratio's upper bound is the saving's lower one */
        num("measured_saving_pct", 100 * (1 - r.est), "%.3f"), num("measured_saving_pct_lo", 100 * (1 - r.hi), "%.3f");
        num("measured_saving_pct_hi", 100 * (1 - r.lo), "%.3f"), num("p", r.p, "%.4g"), num("q", x->q, "%.4g");
        level_keys(x);
        median_of(x, 3, whatif_cols[3]), median_of(x, 4, whatif_cols[4]);
        printf("\n");
    }
    for (size_t i = 0; i < pr.n; i++)
        free(pr.line[i]);
    free(pr.line);
}

static void free_cells(struct cell *c, size_t n, int ncol)
{
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < ncol; k++)
            free(c[i].col[k]);
    free(c);
}

int intervals_main(int argc, char **argv)
{
    double target = 0.01;
    int opt;
    optind = 1;
    while ((opt = getopt(argc, argv, "+a:")) != -1) {
        char *end;
        if (opt != 'a' || (target = strtod(optarg, &end), *end || !(target >= 0)))
            die_usage("lockwait_pairs intervals: expected [-a TARGET] FIGURES [WHATIF_FIGURES PREDICTIONS FACTOR]");
    }
    argc -= optind, argv += optind;
    if (argc != 1 && argc != 4)
        die_usage("lockwait_pairs intervals: expected [-a TARGET] FIGURES [WHATIF_FIGURES PREDICTIONS FACTOR]");
    size_t n;
    struct cell *c = read_figures(argv[0], NCOL_OVERHEAD, &n);
    overhead_lines(c, n, target);
    free_cells(c, n, NCOL_OVERHEAD);
    if (argc == 4) {
        c = read_figures(argv[1], NCOL_WHATIF, &n);
        whatif_lines(c, n, argv[2], argv[3]);
        free_cells(c, n, NCOL_WHATIF);
    }
    if (fflush(stdout) != 0 || ferror(stdout))
        die_errno("lockwait_pairs intervals: stdout");
    return 0;
}

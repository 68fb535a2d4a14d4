/* compare - what changed between two runs: each figure of run A set against
 * the same figure of run B, with the interval of the change and a verdict
 * against the figure's own margin (docs/method.md, "Comparing two runs").
 * common/compare.sh finds the raw files and writes the report around these
 * lines.
 *
 * - Only the published (untagged) lines count. Each carries the mean of k
 *   invocations' estimates and Student's interval over them
 *   (ci_invocations), so the mean, its standard error and k - 1 degrees of
 *   freedom are read back (published_mean_se); the change is Welch's
 *   difference of the two (welch_diff), on logs for log-scale figures and
 *   for plain figures, in the unit for comparisons with an absolute margin.
 * - Figures pair within one speed level (the levels matched by their canary,
 *   15% apart at most: a level's number is the run's own) and, for
 *   placement-dependent kinds, only when the two runs' main placements lie
 *   within 30% (build/combine's gap); a run whose every invocation moved has
 *   no placement to set against the other's. Between two CPU models only
 *   dimensionless values get a verdict.
 * - The m figures that get a verdict share one family: every interval is
 *   taken at 1 - 0.05 / m (Bonferroni), so all verdicts hold together at
 *   95%; whether anything changed is then what Holm's first step says. q=
 *   is Benjamini-Hochberg over the same p-values (bh_adjust). */
#define _GNU_SOURCE
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_KEYS 160
#define MAX_SPECS 32
#define MAX_VALUES 8
#define SPEED_MATCH 1.15     /* two levels are one speed when their canaries lie within 15% */
#define PLACEMENT_MATCH 1.30 /* build/combine's placement gap */
#define PLACEMENTS_APART 1   /* the main placements' hand-offs lie over 30% apart */
#define PLACEMENTS_MOVED 2   /* a run whose every invocation moved: it has no placement to compare */

static void usage(FILE *f)
{
    fprintf(f, "usage: compare [-h] [-m SHARE] EXP SPEC RAW_A RAW_B [EXP SPEC RAW_A RAW_B ...]\n"
               "  Sets each published figure of RAW_B against the same figure of RAW_A\n"
               "  (SPEC: the experiment's EXP_figures) and prints one RESULT kind=compare\n"
               "  line per figure and value, a kind=compare_summary line per experiment and\n"
               "  one kind=compare_total line. Every interval is at 1 - 0.05/m for the m\n"
               "  figures with a verdict (Bonferroni).\n"
               "  -m SHARE  margin of figures that state none (default 0.05: 5%%)\n"
               "exit: 0 nothing changed beyond its margin, 1 something did, 2 bad input\n");
}

struct spec {
    char kind[64];
    char *ids[MAX_VALUES], *values[MAX_VALUES];
    int nids, nvalues, log_scale, placed, has_claim;
    double margin;
};

struct line {
    int n;
    char *key[MAX_KEYS], *val[MAX_KEYS];
};

struct run {
    const char *path;
    char cpu_model[256];
    struct line *lines;
    size_t nlines;
    double placement_ns; /* the main placement's hand-off; NAN: none */
    int moved_all;       /* build/combine main_level=0: every invocation moved, no placement of its own */
    double canary[SPEED_MAX_LEVELS + 1]; /* per speed level (1-based); NAN: none */
};

struct fig {
    const struct spec *s;
    const struct line *l;
    char id[512];
    int level;     /* speed_level=; -1 without one (an older version) */
    int paired;
};

struct cmp {
    const char *exp;
    const struct spec *s;
    const struct fig *fa, *fb;
    const char *value;
    struct mean_se d; /* the change on its scale */
    int log_change;   /* d is a log ratio; else a difference in the unit */
    double margin, a, b, alo, ahi, blo, bhi, p, q;
    const char *why; /* NULL: it gets a verdict */
};

static struct spec specs[MAX_SPECS];
static int nspecs;
static struct cmp *cmps;
static size_t ncmps, capcmps;
static double plain_margin = 0.05;

static const char *get(const struct line *l, const char *key)
{
    for (int i = 0; l && i < l->n; i++)
        if (strcmp(l->key[i], key) == 0)
            return l->val[i];
    return NULL;
}

static double num(const char *s)
{
    char *end;
    if (!s || strcmp(s, "NA") == 0 || !*s)
        return NAN;
    double v = strtod(s, &end);
    return *end ? NAN : v;
}

static char *xstrdup(const char *s)
{
    char *d = strdup(s);
    if (!d)
        die("out of memory");
    return d;
}

static int split_list(char *s, char **out)
{
    int n = 0;
    for (char *save, *t = strtok_r(s, ",", &save); t && n < MAX_VALUES; t = strtok_r(NULL, ",", &save))
        out[n++] = t;
    return n;
}

/* SPEC: "KIND ID_KEYS VALUE_KEYS lin|log CLAIM PLACEMENT" lines */
static int read_spec(const char *path, struct spec *out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die_usage("compare: cannot read the spec %s", path);
    char buf[512];
    int n = 0;
    while (fgets(buf, sizeof buf, f)) {
        char kind[64], ids[200], values[200], scale[8], claim[64], placed[8];
        double null;
        if (buf[0] == '#' || buf[0] == '\n')
            continue;
        if (sscanf(buf, "%63s %199s %199s %7s %63s %7s", kind, ids, values, scale, claim, placed) != 6 ||
            nspecs + n == MAX_SPECS)
            die_usage("compare: %s: bad spec line '%.60s'", path, buf);
        struct spec *s = &out[n++];
        snprintf(s->kind, sizeof s->kind, "%s", kind);
        s->nids = split_list(xstrdup(ids), s->ids);
        s->nvalues = split_list(xstrdup(values), s->values);
        for (int v = 0; v < s->nvalues; v++) { /* NAME:log (build/combine's scale for it): the key is NAME */
            char *suffix = strchr(s->values[v], ':');
            if (suffix)
                *suffix = 0;
        }
        s->log_scale = strcmp(scale, "log") == 0;
        s->placed = strcmp(placed, "pair") == 0;
        s->has_claim = strcmp(claim, "-") != 0;
        if (s->has_claim && sscanf(claim, "%lf:%lf", &null, &s->margin) != 2)
            die_usage("compare: %s: bad claim '%s'", path, claim);
    }
    if (ferror(f))
        die_errno(path);
    fclose(f);
    return n;
}

/* A raw file of experiment exp: its provenance and its untagged RESULT
 * lines. Another experiment's file, or no raw file at all, is refused. */
static void read_run(const char *exp, const char *path, struct run *r)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die_usage("compare: cannot read %s", path);
    memset(r, 0, sizeof *r);
    r->path = path;
    r->placement_ns = NAN;
    for (int k = 0; k <= SPEED_MAX_LEVELS; k++)
        r->canary[k] = NAN;
    char *buf = NULL, want[128], prefix[128];
    size_t cap = 0, capl = 0;
    long no = 0;
    snprintf(want, sizeof want, "# sharecost raw results: %s", exp);
    snprintf(prefix, sizeof prefix, "RESULT exp=%s ", exp);
    while (getline(&buf, &cap, f) != -1) {
        buf[strcspn(buf, "\n")] = 0;
        if (no++ == 0 && strcmp(buf, want) != 0)
            die_usage("compare: %s is not %s's raw file (its first line is '%.60s', expected '%s')", path, exp, buf, want);
        if (strncmp(buf, "# cpu_model: ", 13) == 0)
            snprintf(r->cpu_model, sizeof r->cpu_model, "%s", buf + 13);
        if (strncmp(buf, "RESULT ", 7) != 0)
            continue;
        if (strncmp(buf, prefix, strlen(prefix)) != 0)
            die_usage("compare: %s: a line of another experiment in %s's raw file: '%.60s'", path, exp, buf);
        struct line l = {0};
        char *copy = xstrdup(buf + 7), *save;
        for (char *t = strtok_r(copy, " ", &save); t && l.n < MAX_KEYS; t = strtok_r(NULL, " ", &save)) {
            char *eq = strchr(t, '=');
            if (!eq)
                continue;
            *eq = 0;
            l.key[l.n] = t;
            l.val[l.n++] = eq + 1;
        }
        if (l.n >= 3 && strcmp(l.key[2], "inv") == 0) { /* one invocation's line */
            free(copy);
            continue;
        }
        if (strcmp(get(&l, "kind") ? get(&l, "kind") : "", "placement_level") == 0 && num(get(&l, "main")) == 1)
            r->placement_ns = num(get(&l, "one_way_ns"));
        if (strcmp(get(&l, "kind") ? get(&l, "kind") : "", "placement_runs") == 0 && num(get(&l, "main_level")) == 0)
            r->moved_all = 1;
        int k = (int)num(get(&l, "level"));
        if (strcmp(get(&l, "kind") ? get(&l, "kind") : "", "speed_level_run") == 0 && k >= 1 && k <= SPEED_MAX_LEVELS)
            r->canary[k] = num(get(&l, "canary_ns"));
        if (r->nlines == capl) {
            capl = capl ? 2 * capl : 256;
            struct line *g = realloc(r->lines, capl * sizeof *g);
            if (!g)
                die("out of memory");
            r->lines = g;
        }
        r->lines[r->nlines++] = l;
    }
    if (ferror(f))
        die_errno(path);
    if (no == 0)
        die_usage("compare: %s is empty", path);
    free(buf);
    fclose(f);
}

/* the figures of one run: lines of a spec'd kind; a figure seen twice keeps its last line */
static struct fig *figures_of(const struct run *r, const struct spec *sp, int nsp, size_t *nf)
{
    struct fig *fs = xmalloc((r->nlines ? r->nlines : 1) * sizeof *fs);
    size_t n = 0;
    for (size_t i = 0; i < r->nlines; i++) {
        const struct line *l = &r->lines[i];
        const struct spec *s = NULL;
        for (int j = 0; j < nsp && !s; j++)
            if (strcmp(sp[j].kind, get(l, "kind")) == 0)
                s = &sp[j];
        if (!s)
            continue;
        struct fig f = {.s = s, .l = l, .level = -1};
        size_t len = 0;
        for (int k = 0; k < s->nids; k++) {
            const char *v = get(l, s->ids[k]);
            len += (size_t)snprintf(f.id + len, len < sizeof f.id ? sizeof f.id - len : 0, "%s=%s ", s->ids[k],
                                    v ? v : "NA");
        }
        if (len >= sizeof f.id)
            die_usage("compare: %s: identity too long in a %s line", r->path, s->kind);
        if (get(l, "speed_level"))
            f.level = (int)num(get(l, "speed_level"));
        size_t j = 0;
        while (j < n && !(fs[j].s == s && strcmp(fs[j].id, f.id) == 0 && fs[j].level == f.level))
            j++;
        fs[j] = f;
        n += j == n;
    }
    *nf = n;
    return fs;
}

/* A's speed level -> B's: the levels of the two runs matched by their
 * canary, the closest pair first, each level once, 15% apart at most (a
 * level's number is its run's own) */
static int level_map[SPEED_MAX_LEVELS + 1];

static void match_levels(const struct run *a, const struct run *b)
{
    int used[SPEED_MAX_LEVELS + 1] = {0};
    memset(level_map, 0, sizeof level_map);
    for (;;) {
        int bi = 0, bj = 0;
        double best = SPEED_MATCH;
        for (int i = 1; i <= SPEED_MAX_LEVELS; i++)
            for (int j = 1; j <= SPEED_MAX_LEVELS; j++) {
                double x = a->canary[i], y = b->canary[j];
                if (level_map[i] || used[j] || !(x > 0) || !(y > 0))
                    continue;
                double r = x > y ? x / y : y / x;
                if (r <= best)
                    best = r, bi = i, bj = j;
            }
        if (!bi)
            return;
        level_map[bi] = bj;
        used[bj] = 1;
    }
}

/* 1 when b's level is a's: matched by canary (match_levels), both mixed
 * (0), or one file without levels (older, which kept only the rounds near
 * the run's best canary) against the other's fastest level */
static int same_level(const struct fig *a, const struct fig *b)
{
    if (a->level < 0 || b->level < 0)
        return a->level < 0 && b->level < 0 ? 1 : (a->level < 0 ? b->level : a->level) == 1;
    if (a->level == 0 || b->level == 0)
        return a->level == b->level;
    return a->level <= SPEED_MAX_LEVELS && level_map[a->level] == b->level;
}

static int dimensionless(const struct spec *s, const char *key)
{
    size_t n = strlen(key);
    return s->log_scale || strcmp(key, "ratio") == 0 || strncmp(key, "cycles", 6) == 0 ||
           (n > 4 && strcmp(key + n - 4, "_pct") == 0) || (n > 6 && strcmp(key + n - 6, "_ratio") == 0);
}

static void add_cmp(struct cmp c)
{
    if (ncmps == capcmps) {
        capcmps = capcmps ? 2 * capcmps : 256;
        struct cmp *g = realloc(cmps, capcmps * sizeof *g);
        if (!g)
            die("out of memory");
        cmps = g;
    }
    cmps[ncmps++] = c;
}

static void value_of(const struct fig *f, const char *v, double *est, double *lo, double *hi)
{
    char k[96];
    *est = num(get(f->l, v));
    snprintf(k, sizeof k, "%s_lo", v);
    *lo = num(get(f->l, k));
    snprintf(k, sizeof k, "%s_hi", v);
    *hi = num(get(f->l, k));
}

/* one value of a pair of figures (either may be NULL: only in one run);
 * placements: 0 comparable (or unknown), PLACEMENTS_APART, PLACEMENTS_MOVED */
static void compare_value(const char *exp, const struct fig *fa, const struct fig *fb, const char *v, int models_differ,
                          int placements_apart, const char *why)
{
    const struct spec *s = (fa ? fa : fb)->s;
    struct cmp c = {.exp = exp, .s = s, .fa = fa, .fb = fb, .value = v, .why = why, .p = NAN, .q = NAN};
    c.a = c.alo = c.ahi = c.b = c.blo = c.bhi = NAN;
    c.d = (struct mean_se){NAN, NAN, NAN};
    if (fa)
        value_of(fa, v, &c.a, &c.alo, &c.ahi);
    if (fb)
        value_of(fb, v, &c.b, &c.blo, &c.bhi);
    int headline = strcmp(v, s->values[0]) == 0;
    /* a comparison's own margin, in its unit, for its headline; else relative */
    int absolute = !s->log_scale && s->has_claim && headline;
    double rel = s->has_claim && headline ? s->margin : plain_margin;
    double ka = fa ? num(get(fa->l, "invocations")) : NAN, kb = fb ? num(get(fb->l, "invocations")) : NAN;
    if (!c.why && (isnan(ka) || isnan(kb)))
        c.why = "no_invocations"; /* an older version's figure: its interval is not over invocations */
    else if (!c.why && (isnan(c.alo) || isnan(c.ahi) || isnan(c.blo) || isnan(c.bhi) || isnan(c.a) || isnan(c.b) ||
                        ka < 1 || kb < 1))
        c.why = "no_interval";
    if (!c.why || strcmp(c.why, "no_invocations") != 0) {
        struct mean_se a = published_mean_se(c.a, c.alo, c.ahi, (size_t)(ka > 0 ? ka : 0), s->log_scale);
        struct mean_se b = published_mean_se(c.b, c.blo, c.bhi, (size_t)(kb > 0 ? kb : 0), s->log_scale);
        c.log_change = s->log_scale || (!absolute && c.a > 0 && c.b > 0);
        if (!s->log_scale && c.log_change)
            a = mean_se_log(a), b = mean_se_log(b);
        c.d = welch_diff(a, b);
        c.margin = c.log_change ? log1p(rel) : absolute ? s->margin : rel * fabs(c.a);
        if (!c.why && isnan(c.d.se))
            c.why = "no_interval";
    }
    if (!c.why && placements_apart)
        c.why = placements_apart == PLACEMENTS_MOVED ? "placement_moved" : "placement";
    if (!c.why && models_differ && !dimensionless(s, v))
        c.why = "cpu_model";
    if (!c.why)
        c.p = p_beyond_margin(c.d, c.margin);
    add_cmp(c);
}

static void compare_pair(const char *exp, const struct fig *fa, const struct fig *fb, int models_differ,
                         int placements_apart, const char *why)
{
    const struct spec *s = (fa ? fa : fb)->s;
    int any_dimensionless = dimensionless(s, s->values[0]);
    for (int v = 0; v < s->nvalues; v++) /* the headline, and dimensionless others when it is not */
        if (v == 0 || (!any_dimensionless && dimensionless(s, s->values[v])))
            compare_value(exp, fa, fb, s->values[v], models_differ, placements_apart, why);
}

static void compare_experiment(const char *exp, const struct spec *sp, int nsp, const struct run *ra,
                               const struct run *rb)
{
    size_t na, nb;
    struct fig *fa = figures_of(ra, sp, nsp, &na), *fb = figures_of(rb, sp, nsp, &nb);
    int models_differ = strcmp(ra->cpu_model, rb->cpu_model) != 0;
    double pa = ra->placement_ns, pb = rb->placement_ns;
    /* a run whose every invocation moved pooled its placements (it read as
     * one whose placement is unknown, and its figures got verdicts) */
    int apart = 0;
    if (ra->moved_all || rb->moved_all)
        apart = PLACEMENTS_MOVED;
    else if (!isnan(pa) && !isnan(pb) && (pa > PLACEMENT_MATCH * pb || pb > PLACEMENT_MATCH * pa))
        apart = PLACEMENTS_APART;
    match_levels(ra, rb);
    for (size_t i = 0; i < na; i++) {
        struct fig *best = NULL;
        int same_id = 0;
        for (size_t j = 0; j < nb && !best; j++) {
            if (fb[j].s != fa[i].s || fb[j].paired || strcmp(fb[j].id, fa[i].id) != 0)
                continue;
            same_id = 1;
            if (same_level(&fa[i], &fb[j]))
                best = &fb[j];
        }
        if (best)
            best->paired = 1;
        compare_pair(exp, &fa[i], best, models_differ, fa[i].s->placed ? apart : 0,
                     best ? NULL : same_id ? "speed_level" : "only_a");
    }
    for (size_t j = 0; j < nb; j++)
        if (!fb[j].paired) {
            int same_id = 0;
            for (size_t i = 0; i < na; i++)
                same_id |= fa[i].s == fb[j].s && strcmp(fa[i].id, fb[j].id) == 0;
            compare_pair(exp, NULL, &fb[j], models_differ, 0, same_id ? "speed_level" : "only_b");
        }
}

static void put(const char *key, double x)
{
    if (isnan(x) || isinf(x))
        printf(" %s=NA", key);
    else
        printf(" %s=%.6g", key, x == 0 ? 0.0 : x); /* no -0 */
}

static const char *verdict_of(struct interval iv, double m)
{
    if (iv.lo > m || iv.hi < -m)
        return "changed";
    return iv.lo >= -m && iv.hi <= m ? "same" : "unclear";
}

static void print_cmp(const struct cmp *c, double level, int *changed, int *up, int *same, int *geo_n, double *geo)
{
    const struct fig *f = c->fa ? c->fa : c->fb;
    printf("RESULT exp=%s kind=compare %s", c->exp, f->id);
    if (f->level >= 0 || (c->fb && c->fb->level >= 0)) {
        printf("speed_level=%s", c->fa && c->fa->level >= 0 ? get(c->fa->l, "speed_level") : "NA");
        printf(" speed_level_b=%s ", c->fb && c->fb->level >= 0 ? get(c->fb->l, "speed_level") : "NA");
    }
    printf("figure=%s value=%s", c->s->kind, c->value);
    put("a", c->a), put("a_lo", c->alo), put("a_hi", c->ahi);
    put("b", c->b), put("b_lo", c->blo), put("b_hi", c->bhi);
    struct interval iv = ci_mean_se(c->d, level);
    if (c->log_change) {
        put("change_pct", 100 * expm1(c->d.m)), put("change_pct_lo", 100 * expm1(iv.lo));
        put("change_pct_hi", 100 * expm1(iv.hi));
        put("margin_share", expm1(c->margin));
    } else {
        double a = fabs(c->a) > 0 ? fabs(c->a) : NAN;
        put("change_pct", 100 * c->d.m / a), put("change_pct_lo", 100 * iv.lo / a), put("change_pct_hi", 100 * iv.hi / a);
        put("diff", c->d.m), put("diff_lo", iv.lo), put("diff_hi", iv.hi);
        const char *unit = strrchr(c->value, '_');
        if (c->s->has_claim && strcmp(c->value, c->s->values[0]) == 0)
            printf(" margin_%s=%g", unit ? unit + 1 : "unit", c->margin);
        else
            put("margin_share", c->margin / fabs(c->a));
    }
    put("df", c->d.df);
    put("p", c->p), put("q", c->q);
    const char *ca = c->fa ? get(c->fa->l, "claim") : NULL, *cb = c->fb ? get(c->fb->l, "claim") : NULL;
    if (ca || cb)
        printf(" claim_a=%s claim_b=%s", ca ? ca : "NA", cb ? cb : "NA");
    if (c->why) {
        printf(" verdict=none why=%s\n", c->why);
        return;
    }
    const char *v = verdict_of(iv, c->margin);
    printf(" verdict=%s\n", v);
    *changed += strcmp(v, "changed") == 0;
    *up += strcmp(v, "changed") == 0 && c->d.m > 0;
    *same += strcmp(v, "same") == 0;
    if (c->a > 0 && c->b > 0)
        *geo += log(c->b / c->a), ++*geo_n;
}

int main(int argc, char **argv)
{
    int i = 1;
    if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "-m") == 0) {
        plain_margin = num(argv[2]);
        if (!(plain_margin > 0 && plain_margin < 1))
            die_usage("compare: -m %s: expected a share between 0 and 1, such as 0.05", argv[2]);
        i = 3;
    }
    if (argc - i < 4 || (argc - i) % 4 != 0 || argv[i][0] == '-') {
        usage(stderr);
        return 2;
    }
    int ngroups = (argc - i) / 4;
    for (int g = 0; g < ngroups; g++) {
        char **a = argv + i + 4 * g;
        struct run ra, rb;
        int first = nspecs;
        nspecs += read_spec(a[1], specs + nspecs);
        read_run(a[0], a[2], &ra);
        read_run(a[0], a[3], &rb);
        compare_experiment(a[0], specs + first, nspecs - first, &ra, &rb);
    }
    /* the family: every value with a verdict */
    size_t m = 0;
    double *p = xmalloc((ncmps ? ncmps : 1) * 2 * sizeof *p), *q = p + ncmps;
    for (size_t c = 0; c < ncmps; c++) {
        p[c] = cmps[c].why ? NAN : cmps[c].p;
        m += !cmps[c].why;
    }
    bh_adjust(p, ncmps, q);
    for (size_t c = 0; c < ncmps; c++)
        cmps[c].q = q[c];
    double level = 1 - 0.05 / (double)(m ? m : 1);
    int total_changed = 0;
    for (size_t c = 0; c < ncmps;) {
        const char *exp = cmps[c].exp;
        int figs = 0, compared = 0, changed = 0, up = 0, same = 0, geo_n = 0, claims = 0;
        double geo = 0;
        for (; c < ncmps && cmps[c].exp == exp; c++) {
            const struct cmp *x = &cmps[c];
            print_cmp(x, level, &changed, &up, &same, &geo_n, &geo);
            figs++;
            compared += !x->why;
            const char *ca = x->fa ? get(x->fa->l, "claim") : NULL, *cb = x->fb ? get(x->fb->l, "claim") : NULL;
            claims += ca && cb && strcmp(ca, cb) != 0 && strcmp(x->value, x->s->values[0]) == 0;
        }
        printf("RESULT exp=%s kind=compare_summary values=%d compared=%d changed=%d up=%d down=%d same=%d unclear=%d "
               "none=%d claims_changed=%d",
               exp, figs, compared, changed, up, changed - up, same, compared - changed - same, figs - compared, claims);
        put("geomean_pct", geo_n ? 100 * expm1(geo / geo_n) : NAN);
        printf(" geomean_n=%d\n", geo_n);
        total_changed += changed;
    }
    printf("RESULT exp=compare kind=compare_total compared=%zu changed=%d correction=bonferroni", m, total_changed);
    put("level", level);
    printf("\n");
    free(p);
    return total_changed ? 1 : 0;
}

/* combine - the published figures of a run from its independent
 * invocations. run.sh runs every experiment K times (fresh processes, fresh
 * buffers, spread over the run) and tags each line an invocation printed
 * with inv=I right after its kind; this program reads those lines and prints
 * the untagged lines the summaries read (docs/method.md, "Two levels"):
 *
 * - for each figure kind of the spec, one line per figure with its value
 *   keys' estimate and 95% interval over the invocations (ci_invocations in
 *   common/runs.c), invocations= used, invocations_total=, between_share=,
 *   inv_min=/inv_max= (the headline value's invocation estimates) and, for
 *   comparisons, margin_UNIT= and claim=beyond|within|unclear;
 * - the placements: the hand-off probes taken before and after every
 *   invocation (kind=handoff) grouped into levels (stat_levels); figures
 *   that depend on the placement use only the invocations of the main one;
 * - the speed levels: each invocation's levels (kind=speed_level, found in
 *   its own canary readings by common/levels.c) matched across the
 *   invocations by their canary speed (stat_levels, a 5% gap); a figure
 *   line with speed_level=K belongs to the run's level its invocation's K
 *   maps to, and figures of different levels are never pooled;
 *   each invocation's own level lines are printed again as kind=speed_level_inv
 *   (invs=I, speed_level= the run's level);
 * - every other line once, from the first invocation of the main placement.
 *
 * Spec lines (from each exp.sh's EXP_figures): KIND ID_KEYS VALUE_KEYS
 * lin|log CLAIM PLACEMENT, e.g. "ratio increment,compare,threads ratio log
 * 1:0.02 pair" (CLAIM "-" or NULL:MARGIN, PLACEMENT "pair" or "-"); a
 * value key after the first may end in ":log" (a ratio beside a
 * difference: combined on logarithms). */
#define _GNU_SOURCE
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_KEYS 160
#define MAX_SPECS 32
#define MAX_VALUES 10
#define PLACEMENT_GAP 0.30 /* SMT siblings, one cache domain, two: 1.5x apart or more */
#define SPEED_GAP 0.05     /* a host's speed steps lie 10% apart and more; one level's median moves less */

static void usage(FILE *f)
{
    fprintf(f, "usage: combine [-h] SPEC RAW\n"
               "  Reads the invocation-tagged RESULT lines (kind=K inv=I) of RAW and prints\n"
               "  the published, untagged lines: each figure of SPEC over the invocations,\n"
               "  the placements, and the other lines of one invocation. SPEC: one line per\n"
               "  figure kind, KIND ID_KEYS VALUE_KEYS lin|log CLAIM PLACEMENT (the output of\n"
               "  an experiment's EXP_figures; docs/adding-an-experiment.md); a value key\n"
               "  after the first may end in :log, combined on logarithms whatever the scale.\n");
}

struct line {
    char *text; /* the line as read */
    int n;
    char *key[MAX_KEYS], *val[MAX_KEYS];
    int inv;
    const struct spec *spec;
    char *id; /* the figure's identity: its ID_KEYS' values */
    int done;
};

struct spec {
    char kind[64];
    char *ids[MAX_VALUES], *values[MAX_VALUES];
    int nids, nvalues, log_scale, placed, has_claim;
    int log_value[MAX_VALUES]; /* a value key written NAME:log: on logarithms, whatever the kind's scale */
    double null, margin;
};

static struct spec specs[MAX_SPECS];
static int nspecs;
static struct line *lines;
static size_t nlines;
static int ninv;        /* the highest inv= seen */
static int *placement;  /* per invocation (1-based): its level; 0 moved or none */
static int main_level;  /* the placement most invocations ran in */
/* speed levels: each invocation's level K (1..SPEED_MAX_LEVELS) of a scope
 * (its scenario, where levels are found per scenario; "" elsewhere) -> the run's */
struct speed_entry {
    int inv, k, run;
    const char *scope;
};
static struct speed_entry *speed_map;
static size_t nspeed_map;
static int nspeed, main_speed;
static struct interval *speed_iv; /* per run level (1-based) */
static double *speed_share;

static const char *get(const struct line *l, const char *key)
{
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->key[i], key) == 0)
            return l->val[i];
    return NULL;
}

static double num(const char *s)
{
    char *end;
    if (!s || strcmp(s, "NA") == 0)
        return NAN;
    double v = strtod(s, &end);
    return *end ? NAN : v;
}

static int split_list(char *s, char **out)
{
    int n = 0;
    for (char *t = strtok(s, ","); t && n < MAX_VALUES; t = strtok(NULL, ","))
        out[n++] = t;
    return n;
}

static void read_spec(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die_errno(path);
    char buf[512];
    while (fgets(buf, sizeof buf, f)) {
        char kind[64], ids[200], values[200], scale[8], claim[64], placed[8];
        if (buf[0] == '#' || buf[0] == '\n')
            continue;
        if (sscanf(buf, "%63s %199s %199s %7s %63s %7s", kind, ids, values, scale, claim, placed) != 6 ||
            nspecs == MAX_SPECS)
            die_usage("combine: %s: bad spec line '%.60s'", path, buf);
        struct spec *s = &specs[nspecs++];
        snprintf(s->kind, sizeof s->kind, "%s", kind);
        s->nids = split_list(strdup(ids), s->ids);
        s->nvalues = split_list(strdup(values), s->values);
        s->log_scale = strcmp(scale, "log") == 0;
        for (int v = 0; v < s->nvalues; v++) {
            char *suffix = strchr(s->values[v], ':');
            s->log_value[v] = s->log_scale || (suffix && strcmp(suffix, ":log") == 0);
            if (suffix && (strcmp(suffix, ":log") != 0 || v == 0))
                die_usage("combine: %s: bad value key '%s' (a key after the first may end in :log)", path,
                          s->values[v]);
            if (suffix)
                *suffix = 0;
        }
        s->placed = strcmp(placed, "pair") == 0;
        s->has_claim = strcmp(claim, "-") != 0;
        if (s->has_claim && sscanf(claim, "%lf:%lf", &s->null, &s->margin) != 2)
            die_usage("combine: %s: bad claim '%s' (expected - or NULL:MARGIN)", path, claim);
    }
    if (ferror(f))
        die_errno(path);
    fclose(f);
}

static const struct spec *spec_of(const char *kind)
{
    for (int i = 0; i < nspecs; i++)
        if (strcmp(specs[i].kind, kind) == 0)
            return &specs[i];
    return NULL;
}

/* A tagged line: "RESULT exp=E kind=K inv=I key=value ..."; others are skipped. */
static void add_line(const char *text)
{
    if (strncmp(text, "RESULT ", 7) != 0)
        return;
    struct line l = {.text = strdup(text)};
    char *copy = strdup(text);
    if (!l.text || !copy)
        die("out of memory");
    for (char *t = strtok(copy + 7, " \n"); t && l.n < MAX_KEYS; t = strtok(NULL, " \n")) {
        char *eq = strchr(t, '=');
        if (!eq)
            continue;
        *eq = 0;
        l.key[l.n] = t;
        l.val[l.n++] = eq + 1;
    }
    if (l.n < 3 || strcmp(l.key[2], "inv") != 0) {
        free(copy);
        free(l.text);
        return;
    }
    l.inv = (int)num(l.val[2]);
    if (l.inv < 1 || l.inv > 100000)
        die_usage("combine: bad inv=%s", l.val[2]);
    ninv = l.inv > ninv ? l.inv : ninv;
    l.spec = spec_of(l.val[1]);
    if (l.spec) {
        size_t cap = 256, len = 0;
        l.id = xmalloc(cap);
        l.id[0] = 0;
        for (int i = 0; i < l.spec->nids; i++) {
            const char *v = get(&l, l.spec->ids[i]);
            len += (size_t)snprintf(l.id + len, len < cap ? cap - len : 0, "%s=%s ", l.spec->ids[i], v ? v : "?");
            if (len >= cap)
                die("combine: identity too long in '%.60s'", text);
        }
    }
    struct line *grown = realloc(lines, (nlines + 1) * sizeof *lines);
    if (!grown)
        die("out of memory");
    lines = grown;
    lines[nlines++] = l;
}

static int is_kind(const struct line *l, const char *kind)
{
    return strcmp(l->val[1], kind) == 0;
}

/* ---- placements: levels of the hand-off probes around each invocation ---- */

static void find_placements(void)
{
    placement = xmalloc((size_t)(ninv + 1) * sizeof *placement);
    struct interval *v = xmalloc((nlines ? nlines : 1) * sizeof *v);
    int *level = xmalloc((nlines ? nlines : 1) * sizeof *level), *which = xmalloc((nlines ? nlines : 1) * sizeof *which);
    size_t np = 0;
    for (size_t i = 0; i < nlines; i++)
        if (is_kind(&lines[i], "handoff") && !isnan(num(get(&lines[i], "one_way_ns")))) {
            v[np] = (struct interval){num(get(&lines[i], "one_way_ns")), num(get(&lines[i], "one_way_ns_lo")),
                                      num(get(&lines[i], "one_way_ns_hi")), NAN, 1};
            which[np++] = (int)i;
        }
    int nlevels = stat_levels(v, np, PLACEMENT_GAP, level);
    int *count = xmalloc((size_t)(nlevels + 2) * sizeof *count);
    memset(count, 0, (size_t)(nlevels + 2) * sizeof *count);
    for (int inv = 1; inv <= ninv; inv++) {
        int lv = -1; /* -1: no probe yet; 0: probes disagree or have no interval */
        for (size_t p = 0; p < np; p++)
            if (lines[which[p]].inv == inv)
                lv = lv == -1 || lv == level[p] ? level[p] : 0;
        placement[inv] = np == 0 ? 1 : lv < 0 ? 0 : lv; /* no probes at all: one CPU, one placement */
        count[placement[inv]]++;
    }
    main_level = np == 0 ? 1 : 0;
    for (int inv = 1; inv <= ninv; inv++) /* most invocations; ties: the earliest */
        if (placement[inv] && (main_level == 0 || count[placement[inv]] > count[main_level]))
            main_level = placement[inv];
    for (int l = 1; l <= nlevels; l++) {
        struct interval iv = stat_level_interval(v, np, level, l);
        printf("RESULT exp=%s kind=placement_level level=%d main=%d cpus=%s one_way_ns=%.2f one_way_ns_lo=%.2f "
               "one_way_ns_hi=%.2f probes=%zu invocations=%d invs=",
               lines[which[0]].val[0], l, l == main_level, get(&lines[which[0]], "cpus"), iv.est, iv.lo, iv.hi, iv.n,
               count[l]);
        for (int inv = 1, k = 0; inv <= ninv; inv++)
            if (placement[inv] == l)
                printf("%s%d", k++ ? "," : "", inv);
        printf("%s\n", count[l] ? "" : "NA");
    }
    /* main_level 0: no invocation kept one placement, so none ran in a main
     * one (count[0] is the moved ones; it said invocations_main=1 of 1 moved) */
    if (np)
        printf("RESULT exp=%s kind=placement_runs levels=%d main_level=%d invocations=%d invocations_main=%d "
               "invocations_moved=%d\n",
               lines[which[0]].val[0], nlevels, main_level, ninv, main_level ? count[main_level] : 0, count[0]);
    free(v), free(level), free(which), free(count);
}

/* ---- speed levels: the invocations' own levels matched by their canary ---- */

static const char *scope_of(const struct line *l)
{
    const char *s = get(l, "scenario");
    return s ? s : "";
}

/* how many readings (or, for lockwait, pairs) a level line stands for */
static double weight(const struct line *l)
{
    double w = num(get(l, "n"));
    if (isnan(w))
        w = num(get(l, "pairs"));
    return w > 0 ? w : 0;
}

static void find_speed_levels(void)
{
    speed_map = xmalloc((nlines ? nlines : 1) * sizeof *speed_map);
    struct interval *v = xmalloc((nlines ? nlines : 1) * sizeof *v);
    int *level = xmalloc((nlines ? nlines : 1) * sizeof *level), *which = xmalloc((nlines ? nlines : 1) * sizeof *which);
    size_t n = 0;
    double total = 0;
    for (size_t i = 0; i < nlines; i++) {
        const struct line *l = &lines[i];
        int k = (int)num(get(l, "level"));
        const char *check = get(l, "check"); /* lockwait: the levels of its overhead pairs */
        if (!is_kind(l, "speed_level") || k < 1 || k > SPEED_MAX_LEVELS || isnan(num(get(l, "canary_ns"))) ||
            (check && strcmp(check, "overhead") != 0))
            continue;
        double c = num(get(l, "canary_ns")), lo = num(get(l, "canary_ns_lo")), hi = num(get(l, "canary_ns_hi"));
        v[n] = (struct interval){c, isnan(lo) ? c : lo, isnan(hi) ? c : hi, NAN, 1}; /* no quartiles: a point */
        which[n++] = (int)i;
        total += weight(l);
    }
    nspeed = stat_levels(v, n, SPEED_GAP, level);
    speed_iv = xmalloc((size_t)(nspeed + 1) * sizeof *speed_iv);
    speed_share = xmalloc((size_t)(nspeed + 1) * sizeof *speed_share);
    int *invs = xmalloc((size_t)(nspeed + 1) * sizeof *invs);
    for (int r = 0; r <= nspeed; r++)
        speed_share[r] = 0, invs[r] = 0;
    for (size_t j = 0; j < n; j++) {
        const struct line *l = &lines[which[j]];
        speed_map[nspeed_map++] = (struct speed_entry){l->inv, (int)num(get(l, "level")), level[j], scope_of(l)};
        speed_share[level[j]] += total > 0 ? weight(l) / total : 0;
        int seen = 0; /* invocations, not lines: lockwait has a line per scenario */
        for (size_t i = 0; i < j; i++)
            seen |= level[i] == level[j] && lines[which[i]].inv == l->inv;
        invs[level[j]] += !seen;
    }
    main_speed = 0;
    for (int r = 1; r <= nspeed; r++) { /* the most readings; ties: the faster */
        speed_iv[r] = stat_level_interval(v, n, level, r);
        if (!main_speed || speed_share[r] > speed_share[main_speed])
            main_speed = r;
    }
    for (int r = 1; r <= nspeed; r++) {
        printf("RESULT exp=%s kind=speed_level_run level=%d levels=%d main=%d", lines[which[0]].val[0], r, nspeed,
               r == main_speed);
        printf(" canary_ns=%.4f canary_ns_lo=%.4f canary_ns_hi=%.4f share=%.3f invocations=%d\n", speed_iv[r].est,
               speed_iv[r].lo, speed_iv[r].hi, speed_share[r], invs[r]);
    }
    /* every invocation's own level line again, untagged, with the run's level
     * it belongs to: the lines copied from one invocation cannot say what the
     * others had in each level (lockwait's pairs per scenario and level) */
    for (size_t j = 0; j < n; j++) {
        const struct line *l = &lines[which[j]];
        printf("RESULT exp=%s kind=speed_level_inv invs=%d", l->val[0], l->inv);
        for (int i = 3; i < l->n; i++)
            printf(" %s=%s", l->key[i], l->val[i]);
        printf(" speed_level=%d\n", level[j]);
    }
    free(v), free(level), free(which), free(invs);
}

/* The run's speed level of a figure line (0: none, or mixed) */
static int run_speed(const struct line *l)
{
    double k = num(get(l, "speed_level"));
    for (size_t i = 0; i < nspeed_map; i++)
        if (speed_map[i].inv == l->inv && speed_map[i].k == k && strcmp(speed_map[i].scope, scope_of(l)) == 0)
            return speed_map[i].run;
    return 0;
}

/* A figure's identity gets its run level: levels are never pooled. */
static void add_speed_to_ids(void)
{
    for (size_t i = 0; i < nlines; i++) {
        struct line *l = &lines[i];
        if (!l->spec || !get(l, "speed_level"))
            continue;
        size_t len = strlen(l->id);
        char *id = xmalloc(len + 32);
        snprintf(id, len + 32, "%sspeed_level=%d ", l->id, run_speed(l));
        free(l->id);
        l->id = id;
    }
}

/* ---- one figure over the invocations ---- */

/* a figure that depends on the placement counts only the invocations of
 * the main one */
static int eligible(const struct line *l)
{
    return !l->spec->placed || placement[l->inv] == main_level;
}

/* An invocation counts when it measured the headline value at all, with an
 * interval of its own (6 clean rounds or more) or without one (fewer). Its
 * own "too busy" verdict (most of its rounds left out) is not needed here:
 * whether its few clean rounds were a lucky draw shows in the spread between
 * invocations, which the published interval holds. */
static int usable(const struct line *l)
{
    return !isnan(num(get(l, l->spec->values[0])));
}

static void put_num(const char *key, double x)
{
    char v[32];
    snprintf(v, sizeof v, "%.6g", x);
    if (isnan(x))
        printf(" %s=NA", key);
    else /* -1 alone is the grammar's spelling of 'unknown' (NA here): a real -1 says -1.0 */
        printf(" %s=%s", key, strcmp(v, "-1") ? v : "-1.0");
}

static const char *claim_of(const struct spec *s, struct interval iv)
{
    double lo_band = s->log_scale ? s->null / (1 + s->margin) : s->null - s->margin;
    double hi_band = s->log_scale ? s->null * (1 + s->margin) : s->null + s->margin;
    if (isnan(iv.lo) || isnan(iv.hi))
        return "unclear";
    if (iv.lo > hi_band || iv.hi < lo_band)
        return "beyond";
    return iv.lo >= lo_band && iv.hi <= hi_band ? "within" : "unclear";
}

static int is_value_key(const struct spec *s, const char *key)
{
    for (int v = 0; v < s->nvalues; v++) {
        size_t m = strlen(s->values[v]);
        if (strncmp(key, s->values[v], m) == 0 &&
            (key[m] == 0 || strcmp(key + m, "_lo") == 0 || strcmp(key + m, "_hi") == 0))
            return 1;
    }
    return 0;
}

/* counts of rounds, batches, pairs or runs add up over the invocations;
 * their minimum or maximum wanted does not */
static int is_counter(const char *key)
{
    size_t n = strlen(key);
    int bound = n > 4 && (strcmp(key + n - 4, "_min") == 0 || strcmp(key + n - 4, "_max") == 0);
    return !bound && (strncmp(key, "rounds_", 7) == 0 || strncmp(key, "batches_", 8) == 0 ||
                      strncmp(key, "pairs_", 6) == 0 || strcmp(key, "n") == 0 || strcmp(key, "runs") == 0);
}

/* one figure: its lines in the invocations that count, and the result */
struct figure {
    const struct spec *s;
    const struct line *ref;     /* the first usable line: the keys to copy */
    const struct line **of;     /* usable lines (k), then every eligible one (total) */
    const struct line **all;
    int k, total, reached, modes; /* reached: the combined interval's target */
    struct nested r[MAX_VALUES]; /* per value key */
    double min, max;             /* the headline value's invocation estimates */
};

static double rounds_of(const struct line *l)
{
    double n = num(get(l, "rounds_used"));
    return isnan(n) ? num(get(l, "n")) : n;
}

/* Two of an invocation's levels that map to one run level: the one with
 * more rounds stands for the invocation (1: l was placed or dropped). */
static int replaces_same_inv(struct figure *f, const struct line *l)
{
    for (int j = 0; j < f->total; j++)
        if (f->all[j]->inv == l->inv) {
            if (rounds_of(l) > rounds_of(f->all[j])) {
                for (int u = 0; u < f->k; u++)
                    if (f->of[u] == f->all[j])
                        f->of[u] = usable(l) ? l : f->of[--f->k];
                f->all[j] = l;
            }
            return 1;
        }
    return 0;
}

static void gather(size_t first, struct figure *f)
{
    const struct line *ref = &lines[first];
    f->s = ref->spec;
    f->of = xmalloc((size_t)ninv * 2 * sizeof *f->of);
    f->all = f->of + ninv;
    f->k = f->total = f->modes = 0;
    for (size_t i = first; i < nlines; i++)
        if (lines[i].spec == f->s && strcmp(lines[i].id, ref->id) == 0) {
            lines[i].done = 1;
            if (!eligible(&lines[i]))
                continue;
            if (replaces_same_inv(f, &lines[i]))
                continue;
            f->all[f->total++] = &lines[i];
            if (usable(&lines[i]))
                f->of[f->k++] = &lines[i];
        }
    f->ref = f->k ? f->of[0] : ref;
    for (int j = 0; j < f->k; j++) {
        const char *m = get(f->of[j], "two_modes");
        f->modes |= m && strcmp(m, "1") == 0;
    }
}

static void estimate(struct figure *f)
{
    int k = f->k;
    double *e = xmalloc((size_t)(k ? k : 1) * 3 * sizeof *e), *lo = e + k, *hi = lo + k;
    f->min = f->max = NAN;
    for (int v = 0; v < f->s->nvalues; v++) {
        char klo[96], khi[96];
        snprintf(klo, sizeof klo, "%s_lo", f->s->values[v]);
        snprintf(khi, sizeof khi, "%s_hi", f->s->values[v]);
        for (int j = 0; j < k; j++) {
            e[j] = num(get(f->of[j], f->s->values[v]));
            lo[j] = num(get(f->of[j], klo));
            hi[j] = num(get(f->of[j], khi));
            if (v == 0 && !isnan(e[j])) {
                f->min = isnan(f->min) || e[j] < f->min ? e[j] : f->min;
                f->max = isnan(f->max) || e[j] > f->max ? e[j] : f->max;
            }
        }
        f->r[v] = ci_invocations(e, lo, hi, (size_t)k, f->s->log_value[v]);
    }
    free(e);
    /* narrow enough: within 5% of the estimate, or, for a comparison,
     * within its margin (20 ns for a difference of a few ns) */
    struct interval iv = f->r[0].iv;
    double half = (iv.hi - iv.lo) / 2;
    f->reached = !isnan(half) && (half <= 0.05 * fabs(iv.est) ||
                                  (f->s->has_claim && !f->s->log_scale && half <= f->s->margin));
}

/* the reference line's other keys: counters summed, flags recomputed, the
 * rest copied; the values, and one invocation's p, q and significance,
 * are replaced (unless that invocation is all there is) */
static void put_other_keys(const struct figure *f, int busy)
{
    const struct line *ref = f->ref;
    int single = f->r[0].iv.n == 1 && f->total == 1;
    for (int i = 3; i < ref->n; i++) {
        const char *key = ref->key[i];
        if (is_value_key(f->s, key) || (!single && (strcmp(key, "p") == 0 || strcmp(key, "q") == 0)) ||
            strcmp(key, "significant") == 0)
            continue;
        int word = isnan(num(ref->val[i])) && strcmp(ref->val[i], "NA") != 0; /* pairs_basis=all: copied */
        if (is_counter(key) && !word) {
            double sum = 0;
            for (int j = 0; j < f->total; j++)
                sum += num(get(f->all[j], key)) >= 0 ? num(get(f->all[j], key)) : 0;
            printf(" %s=%.0f", key, sum);
        } else if (strcmp(key, "target_reached") == 0) {
            printf(" target_reached=%d", f->reached);
        } else if (strcmp(key, "speed_level") == 0) {
            int r = run_speed(ref);
            printf(" speed_level=%d", r);
            put_num("canary_ns", r ? speed_iv[r].est : NAN);
            put_num("speed_share", r ? speed_share[r] : NAN);
            printf(" speed_main=%d", r == main_speed);
        } else if (strcmp(key, "canary_ns") == 0 || strcmp(key, "speed_share") == 0) {
            continue;
        } else if (strcmp(key, "two_modes") == 0) {
            printf(" two_modes=%d", f->modes);
        } else if (strcmp(key, "too_busy") == 0 || strcmp(key, "busy") == 0) {
            printf(" %s=%d", key, busy);
        } else {
            printf(" %s=%s", key, ref->val[i]);
        }
    }
}

static void combine_figure(size_t first)
{
    struct figure f;
    gather(first, &f);
    estimate(&f);
    const struct spec *s = f.s;
    /* too busy: fewer than half of the invocations that count measured it */
    int busy = 2 * (int)f.r[0].iv.n < f.total || f.r[0].iv.n == 0;
    printf("RESULT exp=%s kind=%s", f.ref->val[0], f.ref->val[1]);
    put_other_keys(&f, busy);
    for (int v = 0; v < s->nvalues; v++) {
        char klo[96], khi[96];
        snprintf(klo, sizeof klo, "%s_lo", s->values[v]);
        snprintf(khi, sizeof khi, "%s_hi", s->values[v]);
        put_num(s->values[v], f.r[v].iv.est);
        put_num(klo, f.r[v].iv.lo);
        put_num(khi, f.r[v].iv.hi);
    }
    if (!get(f.ref, "too_busy") && !get(f.ref, "busy")) /* every figure says it */
        printf(" too_busy=%d", busy);
    printf(" invocations=%zu invocations_total=%d", f.r[0].iv.n, f.total);
    put_num("between_share", f.r[0].between_share);
    put_num("inv_min", f.min);
    put_num("inv_max", f.max);
    if (s->has_claim) {
        const struct interval iv = f.r[0].iv;
        int excl = !isnan(iv.lo) && (iv.lo > s->null || iv.hi < s->null);
        /* the margin in the headline's unit: a share of 1 for ratios, else
         * the unit word that ends the headline key (indirect_ns: ns) */
        const char *unit = strrchr(s->values[0], '_');
        printf(" significant=%s margin_%s=%g claim=%s", excl ? "yes" : "no",
               s->log_scale || !unit ? "share" : unit + 1, s->margin, claim_of(s, iv));
    }
    if (s->placed)
        printf(" placement=%d", main_level);
    printf("\n");
    free(f.of);
}

int main(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc != 3 || argv[1][0] == '-') {
        usage(stderr);
        return 2;
    }
    read_spec(argv[1]);
    FILE *f = fopen(argv[2], "r");
    if (!f)
        die_errno(argv[2]);
    /* a device or a directory is no raw file: /dev/zero was read forever,
     * one line of NULs that never ends */
    struct stat st;
    if (fstat(fileno(f), &st) != 0)
        die_errno(argv[2]);
    if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode))
        die_usage("combine: %s is not a regular file or a pipe: expected a raw file of text lines", argv[2]);
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    for (long n = 1; (len = getline(&buf, &cap, f)) != -1; n++) {
        if (memchr(buf, 0, (size_t)len))
            die_usage("combine: %s: line %ld holds a NUL byte: expected a raw file of text lines", argv[2], n);
        add_line(buf);
    }
    if (ferror(f))
        die_errno(argv[2]);
    fclose(f);
    free(buf);
    if (!ninv)
        return 0; /* nothing tagged: an older raw file, read as it is */
    find_placements();
    find_speed_levels();
    add_speed_to_ids();
    int ref_inv = 0;
    for (int inv = 1; inv <= ninv && !ref_inv; inv++)
        if (placement[inv] == main_level)
            ref_inv = inv;
    if (!ref_inv)
        ref_inv = 1;
    for (size_t i = 0; i < nlines; i++) {
        struct line *l = &lines[i];
        if (l->spec && !l->done) {
            combine_figure(i);
        } else if (!l->spec && l->inv == ref_inv && !is_kind(l, "handoff") && !is_kind(l, "speed_level")) {
            /* the line without its tag */
            const char *tag = strstr(l->text, " inv=");
            const char *rest = tag + 5 + strcspn(tag + 5, " \n");
            printf("%.*s%s%s", (int)(tag - l->text), l->text, rest, *rest && rest[strlen(rest) - 1] == '\n' ? "" : "\n");
        }
    }
    return 0;
}

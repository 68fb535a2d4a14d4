/* rederive.c - false_sharing's figures again from a raw file: every round
 * an invocation ran is kept in its samples lines (ns per increment, the
 * canaries, the time lost), so its cells, ratios and speed levels can be
 * computed anew by a newer version of the method (run.sh --summarize).
 * The blocks are rebuilt from the samples lines of each invocation, in the
 * order they stand there, and go through the same block_finish and output
 * as a measured run. A raw file without canary_min_ns (older versions)
 * gives the fastest canary of a one-thread round as 2 x mean - max (two
 * readings) and the mean otherwise. */
#define _GNU_SOURCE
#include "fs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 64
#define MAX_BLOCKS 64

struct words {
    int n;
    char *key[MAX_WORDS], *val[MAX_WORDS];
};

static void split_words(char *line, struct words *w)
{
    w->n = 0;
    for (char *t = strtok(line, " \n"); t && w->n < MAX_WORDS; t = strtok(NULL, " \n")) {
        char *eq = strchr(t, '=');
        if (!eq)
            continue;
        *eq = 0;
        w->key[w->n] = t;
        w->val[w->n++] = eq + 1;
    }
}

static const char *word(const struct words *w, const char *key)
{
    for (int i = 0; i < w->n; i++)
        if (strcmp(w->key[i], key) == 0)
            return w->val[i];
    return NULL;
}

static double number(const char *s)
{
    char *end;
    if (!s || strcmp(s, "NA") == 0)
        return NAN;
    double v = strtod(s, &end);
    return *end ? NAN : v;
}

/* "a,b,c" into a fresh array; *n its length */
static double *list(const char *s, long *n)
{
    *n = 0;
    if (!s || strcmp(s, "NA") == 0)
        return xmalloc(sizeof(double));
    long cap = 1;
    for (const char *p = s; *p; p++)
        cap += *p == ',';
    double *v = xmalloc(sizeof *v * (size_t)cap);
    for (const char *p = s; *p; p += *p == ',') {
        char *end;
        v[(*n)++] = strtod(p, &end);
        if (end == p)
            die("rederive: a bad number in a samples list near '%.20s'", p);
        p = end;
    }
    return v;
}

/* one invocation's blocks, as the run built them */
struct inv {
    struct block b[MAX_BLOCKS];
    char extra[MAX_BLOCKS][96];
    int nb, run_t[16], oversub_t[16], nrun;
    double best[MAX_GROUPS];
    long reps_min, iters_log2;
    char pair_class[MAX_GROUPS][64];
    int npair;
};

static int thread_index(struct inv *v, int T)
{
    for (int i = 0; i < v->nrun; i++)
        if (v->run_t[i] == T)
            return i;
    return -1;
}

static struct cell *find_cell(struct block *b, const char *layout, int T)
{
    for (int i = 0; i < b->ncell; i++)
        if (strcmp(b->cells[i].lay->name, layout) == 0 && b->cells[i].T == T)
            return &b->cells[i];
    return NULL;
}

/* the block of increment inc (and pair extra, "" for none), made on first use */
static struct block *block_of(struct inv *v, const struct increment *inc, const char *extra, const char *cls,
                              int pair_cpus[2])
{
    for (int i = 0; i < v->nb; i++)
        if (v->b[i].cells[0].inc == inc && strcmp(v->extra[i], extra) == 0)
            return &v->b[i];
    if (v->nb == MAX_BLOCKS)
        die("rederive: more than %d blocks in one invocation", MAX_BLOCKS);
    struct block *b = &v->b[v->nb];
    snprintf(v->extra[v->nb++], sizeof v->extra[0], "%s", extra);
    if (!*extra) {
        build_block(b, inc, v->run_t, v->nrun, NULL, v->oversub_t, 0);
        return b;
    }
    int g = v->nrun;
    while (g < MAX_GROUPS && v->pair_class[g][0] && strcmp(v->pair_class[g], cls) != 0)
        g++;
    if (g == MAX_GROUPS)
        die("rederive: too many CPU pairs");
    snprintf(v->pair_class[g], sizeof v->pair_class[g], "%s", cls);
    static int pairs[MAX_GROUPS][2];
    pairs[g][0] = pair_cpus[0], pairs[g][1] = pair_cpus[1];
    build_pair_block(b, inc, pairs[g], g);
    return b;
}

static void fill_cell(struct cell *c, const struct words *w)
{
    long n, m;
    c->ns = list(word(w, "ns_per_inc"), &n);
    c->canary_mean = list(word(w, "canary_ns"), &m);
    c->canary_max = list(word(w, "canary_max_ns"), &m);
    c->lost = list(word(w, "lost_share"), &m);
    if (word(w, "canary_min_ns")) {
        c->canary_min = list(word(w, "canary_min_ns"), &m);
    } else {
        c->canary_min = xmalloc(sizeof(double) * (size_t)(n ? n : 1));
        for (long r = 0; r < n; r++)
            c->canary_min[r] = c->T == 1 ? 2 * c->canary_mean[r] - c->canary_max[r] : c->canary_mean[r];
    }
    c->state = xmalloc((size_t)n + 1);
    c->cpus_seen = NULL;
    c->pinned_all = 1;
}

/* the invocation's lines (already split) into blocks */
static void build_inv(struct inv *v, struct words *w, int nw, const struct increment *incs, int ninc)
{
    for (int i = 0; i < nw; i++) { /* the thread counts and their best canary, from the placement lines */
        const char *k = w[i].val[1];
        if (strcmp(k, "placement") == 0 && v->nrun < 16) {
            v->run_t[v->nrun] = (int)number(word(&w[i], "threads"));
            v->oversub_t[v->nrun] = number(word(&w[i], "oversubscribed")) == 1;
            v->best[v->nrun++] = number(word(&w[i], "canary_best_ns"));
        } else if (strcmp(k, "plan") == 0) {
            v->reps_min = (long)number(word(&w[i], "reps_min"));
            v->iters_log2 = (long)number(word(&w[i], "iters_log2"));
        }
    }
    long rounds = -1;
    for (int i = 0; i < nw; i++) {
        const char *k = w[i].val[1];
        int pair = strcmp(k, "pair_samples") == 0;
        if (!pair && strcmp(k, "cell_samples") != 0)
            continue;
        const char *name = word(&w[i], "increment"), *lay = word(&w[i], "layout"), *cls = word(&w[i], "class");
        int T = (int)number(word(&w[i], "threads")), inc = -1, cpus[2] = {-1, -1};
        for (int j = 0; j < ninc; j++)
            inc = name && strcmp(incs[j].name, name) == 0 ? j : inc;
        if (inc < 0 || !lay || (!pair && thread_index(v, T) < 0))
            die("rederive: a samples line of an unknown cell (%s %s at %d threads)", name ? name : "?",
                lay ? lay : "?", T);
        char extra[96] = "";
        if (pair) {
            const char *pc = word(&w[i], "pair");
            if (!cls || !pc || sscanf(pc, "%d,%d", &cpus[0], &cpus[1]) != 2)
                die("rederive: a pair_samples line without class= and pair=");
            snprintf(extra, sizeof extra, " class=%s pair=%s", cls, pc);
        }
        struct block *b = block_of(v, &incs[inc], extra, cls ? cls : "", cpus);
        struct cell *c = find_cell(b, lay, T);
        if (!c)
            die("rederive: no cell %s at %d threads in its block", lay, T);
        fill_cell(c, &w[i]);
        long n;
        free(list(word(&w[i], "ns_per_inc"), &n));
        if (b->rounds && b->rounds != n)
            die("rederive: the cells of one block ran %ld and %ld rounds", b->rounds, n);
        b->rounds = n;
        rounds = n;
    }
    (void)rounds;
    for (int i = 0; i < nw; i++) /* a pair's best canary */
        if (strcmp(w[i].val[1], "pair_placement") == 0)
            for (int g = v->nrun; g < MAX_GROUPS && v->pair_class[g][0]; g++)
                if (word(&w[i], "class") && strcmp(word(&w[i], "class"), v->pair_class[g]) == 0)
                    v->best[g] = number(word(&w[i], "canary_best_ns"));
}

static void derive_inv(struct inv *v, int inv)
{
    struct run run;
    run_init(&run, v->iters_log2 > 0 && v->iters_log2 < 63 ? (uint64_t)1 << v->iters_log2 : 0, (struct reps_plan){.min_clean = v->reps_min > 0 ? v->reps_min : 11, .rel = 0.05});
    for (int g = 0; g < MAX_GROUPS; g++) /* no best recorded: the fastest canary the rounds kept */
        run.best[g] = v->best[g] > 0 ? v->best[g] : INFINITY;
    for (int i = 0; i < v->nb; i++)
        for (int c = 0; c < v->b[i].ncell; c++)
            for (long r = 0; r < v->b[i].rounds; r++)
                if (!(v->best[v->b[i].cells[c].group] > 0))
                    run.best[v->b[i].cells[c].group] =
                        fmin(run.best[v->b[i].cells[c].group], v->b[i].cells[c].canary_min[r]);
    run_levels(v->b, v->nb, &run);
    int pair_first = 0;
    while (pair_first < v->nb && !v->extra[pair_first][0])
        pair_first++;
    for (int i = 0; i < v->nb; i++)
        block_finish(&v->b[i], &run);
    adjust_table(v->b, pair_first, run.levels.k);
    adjust_table(v->b + pair_first, v->nb - pair_first, run.levels.k);
    /* every line tagged with its invocation, as run.sh tags them */
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        die_errno("rederive: open_memstream");
    FILE *out = stdout;
    stdout = mem;
    for (int i = 0; i < v->nb; i++) {
        const char *kind = v->extra[i][0] ? "pair" : "cell";
        for (int c = 0; c < v->b[i].ncell; c++)
            print_cell(kind, v->extra[i], &v->b[i].cells[c], &v->b[i], &run);
    }
    for (int i = 0; i < v->nb; i++)
        for (int q = 0; q < v->b[i].nratio; q++)
            print_ratio(v->extra[i][0] ? "pair_ratio" : "ratio", v->extra[i], &v->b[i], &v->b[i].ratios[q], &run);
    print_levels(v->b, v->nb, &run);
    if (fclose(mem) != 0)
        die_errno("rederive: the lines");
    stdout = out;
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        char *kind = strstr(line, " kind=");
        size_t k = kind ? (size_t)(kind - line) + 6 + strcspn(kind + 6, " ") : strlen(line);
        printf("%.*s inv=%d%s\n", (int)k, line, inv, line + k);
    }
    free(buf);
}

void rederive(const char *path, const struct increment *incs, int ninc)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die_errno(path);
    char *line = NULL;
    size_t cap = 0;
    int n = 0, ncap = 0, maxinv = 0, *inv_of = NULL;
    char **texts = NULL;
    while (getline(&line, &cap, f) != -1) {
        const char *t = strstr(line, " inv=");
        int inv = t && strncmp(line, "RESULT exp=false_sharing kind=", 30) == 0 ? atoi(t + 5) : 0;
        if (inv <= 0)
            continue;
        if (n == ncap) {
            ncap = ncap ? 2 * ncap : 1024;
            texts = realloc(texts, sizeof *texts * (size_t)ncap);
            inv_of = realloc(inv_of, sizeof *inv_of * (size_t)ncap);
            if (!texts || !inv_of)
                die("out of memory");
        }
        if (!(texts[n] = strdup(line + 7)))
            die("out of memory");
        inv_of[n++] = inv;
        maxinv = inv > maxinv ? inv : maxinv;
    }
    if (ferror(f))
        die_errno(path);
    fclose(f);
    free(line);
    /* each invocation's lines, wherever they stand in the file */
    struct words *w = xmalloc(sizeof *w * (size_t)(n ? n : 1));
    for (int inv = 1; inv <= maxinv; inv++) {
        int nw = 0;
        for (int i = 0; i < n; i++)
            if (inv_of[i] == inv)
                split_words(texts[i], &w[nw++]);
        if (!nw)
            continue;
        struct inv *v = calloc(1, sizeof *v);
        if (!v)
            die("out of memory");
        build_inv(v, w, nw, incs, ninc);
        derive_inv(v, inv);
        for (int i = 0; i < v->nb; i++)
            drop_block(&v->b[i]);
        free(v);
    }
    for (int i = 0; i < n; i++)
        free(texts[i]);
    free(texts);
    free(inv_of);
    free(w);
}

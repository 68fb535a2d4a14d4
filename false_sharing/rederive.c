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

#define MAX_BLOCKS 64

static double number(const char *line, const char *key)
{
    return kv_number(line, key);
}

/* a word's value as a string, "" when absent */
static const char *word(const char *line, const char *key, char *buf, size_t cap)
{
    size_t n;
    const char *v = kv_value(line, key, &n);
    snprintf(buf, cap, "%.*s", v ? (int)n : 0, v ? v : "");
    return buf;
}

/* the samples list under key: its values, *n their count */
static double *list(const char *line, const char *key, long *n)
{
    double *v;
    *n = kv_list(line, key, &v);
    if (*n == -2)
        die("rederive: a bad number in %s near '%.40s'", key, kv_value(line, key, NULL));
    if (*n < 0)
        *n = 0;
    return v ? v : xmalloc(sizeof(double));
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

static void fill_cell(struct cell *c, const char *line)
{
    long n, m;
    c->ns = list(line, "ns_per_inc", &n);
    c->canary_mean = list(line, "canary_ns", &m);
    c->canary_max = list(line, "canary_max_ns", &m);
    c->lost = list(line, "lost_share", &m);
    if (kv_value(line, "canary_min_ns", NULL)) {
        c->canary_min = list(line, "canary_min_ns", &m);
    } else {
        c->canary_min = xmalloc(sizeof(double) * (size_t)(n ? n : 1));
        for (long r = 0; r < n; r++)
            c->canary_min[r] = c->T == 1 ? 2 * c->canary_mean[r] - c->canary_max[r] : c->canary_mean[r];
    }
    if (kv_value(line, "canary_worker_lo_ns", NULL)) {
        c->worker_lo = list(line, "canary_worker_lo_ns", &m);
        c->worker_hi = list(line, "canary_worker_hi_ns", &m);
    } else { /* before per-worker readings: the spread of all of them */
        c->worker_lo = xmalloc(sizeof(double) * (size_t)(n ? n : 1));
        c->worker_hi = xmalloc(sizeof(double) * (size_t)(n ? n : 1));
        memcpy(c->worker_lo, c->canary_min, sizeof(double) * (size_t)n);
        memcpy(c->worker_hi, c->canary_max, sizeof(double) * (size_t)n);
    }
    c->state = xmalloc((size_t)n + 1);
    c->cpus_seen = NULL;
    c->pinned_all = 1;
}

static int is(const char *line, const char *kind)
{
    char buf[32];
    return strcmp(word(line, "kind", buf, sizeof buf), kind) == 0;
}

/* the invocation's lines into blocks */
static void build_inv(struct inv *v, char **lines, int nl, const struct increment *incs, int ninc, int inv)
{
    for (int i = 0; i < nl; i++) { /* the thread counts and their best canary, from the placement lines */
        if (is(lines[i], "placement") && v->nrun < 16) {
            v->run_t[v->nrun] = (int)number(lines[i], "threads");
            v->oversub_t[v->nrun] = number(lines[i], "oversubscribed") == 1;
            v->best[v->nrun++] = number(lines[i], "canary_best_ns");
        } else if (is(lines[i], "plan")) {
            v->reps_min = (long)number(lines[i], "reps_min");
            v->iters_log2 = (long)number(lines[i], "iters_log2");
        }
    }
    for (int i = 0; i < nl; i++) {
        int pair = is(lines[i], "pair_samples");
        if (!pair && !is(lines[i], "cell_samples"))
            continue;
        char name[32], lay[32], cls[48], pc[32], extra[96] = "";
        word(lines[i], "increment", name, sizeof name);
        word(lines[i], "layout", lay, sizeof lay);
        word(lines[i], "class", cls, sizeof cls);
        int T = (int)number(lines[i], "threads"), inc = -1, cpus[2] = {-1, -1};
        for (int j = 0; j < ninc; j++)
            inc = strcmp(incs[j].name, name) == 0 ? j : inc;
        if (inc < 0 || !*lay)
            die("rederive: a samples line of an unknown cell (%s %s at %d threads)", name, lay, T);
        if (!pair && thread_index(v, T) < 0)
            die("rederive: invocation %d has samples at %d threads but no kind=placement line for them "
                "(is the raw file cut short?)", inv, T);
        if (pair) {
            if (!*cls || sscanf(word(lines[i], "pair", pc, sizeof pc), "%d,%d", &cpus[0], &cpus[1]) != 2)
                die("rederive: a pair_samples line without class= and pair=");
            snprintf(extra, sizeof extra, " class=%s pair=%s", cls, pc);
        }
        struct block *b = block_of(v, &incs[inc], extra, cls, cpus);
        struct cell *c = find_cell(b, lay, T);
        if (!c)
            die("rederive: no cell %s at %d threads in its block", lay, T);
        fill_cell(c, lines[i]);
        double it = number(lines[i], "iters"); /* since the speed window; else the run's */
        b->iters = it > 0 ? (uint64_t)it : v->iters_log2 > 0 && v->iters_log2 < 63 ? (uint64_t)1 << v->iters_log2 : 0;
        long n;
        free(list(lines[i], "ns_per_inc", &n));
        if (b->rounds && b->rounds != n)
            die("rederive: the cells of one block ran %ld and %ld rounds", b->rounds, n);
        b->rounds = n;
    }
    for (int i = 0; i < nl; i++) { /* a pair's best canary */
        char cls[64];
        if (is(lines[i], "pair_placement"))
            for (int g = v->nrun; g < MAX_GROUPS && v->pair_class[g][0]; g++)
                if (strcmp(word(lines[i], "class", cls, sizeof cls), v->pair_class[g]) == 0)
                    v->best[g] = number(lines[i], "canary_best_ns");
    }
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
    FILE *f = open_regular_input("--rederive", path);
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
        if (!(texts[n] = strdup(line)))
            die("out of memory");
        inv_of[n++] = inv;
        maxinv = inv > maxinv ? inv : maxinv;
    }
    if (ferror(f))
        die_errno(path);
    fclose(f);
    free(line);
    if (n == 0) /* printed nothing and exited 0, as if the file had been read */
        die("%s: no false_sharing RESULT lines of an invocation (inv=N)", path);
    /* each invocation's lines, wherever they stand in the file */
    char **mine = xmalloc(sizeof *mine * (size_t)(n ? n : 1));
    for (int inv = 1; inv <= maxinv; inv++) {
        int nw = 0;
        for (int i = 0; i < n; i++)
            if (inv_of[i] == inv)
                mine[nw++] = texts[i];
        if (!nw)
            continue;
        struct inv *v = calloc(1, sizeof *v);
        if (!v)
            die("out of memory");
        build_inv(v, mine, nw, incs, ninc, inv);
        derive_inv(v, inv);
        for (int i = 0; i < v->nb; i++)
            drop_block(&v->b[i]);
        free(v);
    }
    for (int i = 0; i < n; i++)
        free(texts[i]);
    free(texts);
    free(inv_of);
    free(mine);
}

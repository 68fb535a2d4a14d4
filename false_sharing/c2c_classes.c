/* false_sharing/c2c_classes.c - from a matrix of measured hand-off latencies
 * to classes of pairs, the OS topology's view of the same pairs, speed
 * classes of the CPUs, and an order of the CPUs in which the classes show as
 * blocks. Nothing is measured here: `false_sharing_c2c -f FILE` runs only
 * this part, so the tests feed it synthetic matrices. */
#include "c2c.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const os_rel_name[N_OS_REL] = {"unknown", "smt", "shared_l2", "shared_l3_only", "across_l3"};

enum os_rel os_relation(int a, int b)
{
    int llc = 3;
    cache_llc(a, &llc, NULL);
    int smt = cpus_are_smt_siblings(a, b), l2 = cpus_share_cache(a, b, 2), l3 = cpus_share_cache(a, b, llc);
    if (smt < 0 || l2 < 0 || l3 < 0)
        return OS_UNKNOWN;
    return smt ? OS_SMT : l2 ? OS_L2 : (l3 && llc > 2) ? OS_L3 : OS_ACROSS;
}

int os_rel_parse(const char *s)
{
    for (int r = 0; r < N_OS_REL; r++)
        if (strcmp(s, os_rel_name[r]) == 0)
            return r;
    return -1;
}

/* ---- printing helpers ---- */

static void put_iv(FILE *out, const char *key, struct interval iv)
{
    const double x[3] = {iv.est, iv.lo, iv.hi};
    static const char *const suffix[3] = {"", "_lo", "_hi"};
    for (int i = 0; i < 3; i++) {
        /* key "one_way_ns" -> one_way_ns, one_way_ns_lo, one_way_ns_hi */
        if (isnan(x[i]))
            fprintf(out, " %s%s=NA", key, suffix[i]);
        else
            fprintf(out, " %s%s=%.*f", key, suffix[i], x[i] < 10 ? 4 : 2, x[i]);
    }
}

/* The pair nearest the median of those with sel[i] set (ties: lowest a, b). */
static size_t typical_pair(const struct c2c_pair *p, size_t np, const int *sel, double med)
{
    size_t best = np;
    for (size_t i = 0; i < np; i++) {
        if (!sel[i])
            continue;
        if (best == np)
            best = i;
        double d = fabs(p[i].iv.est - med), db = fabs(p[best].iv.est - med);
        if (d < db || (d == db && (p[i].a < p[best].a || (p[i].a == p[best].a && p[i].b < p[best].b))))
            best = i;
    }
    return best;
}

/* ---- the CPU order: nested components, one level of classes at a time ---- */

static int uf_find(int *parent, int x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* set: ascending CPU ids; e: indices of the pairs with both ends in set.
 * At level L the CPUs joined by pairs of class <= L form components; each
 * is ordered by the level below; components go in order of their lowest
 * CPU, so every class shows as blocks along the diagonal. */
static void order_rec(const int *set, int m, const struct c2c_pair *p, const size_t *e, size_t ne, int level,
                      int *out, int *nout)
{
    if (level == 0 || m <= 1) {
        for (int i = 0; i < m; i++)
            out[(*nout)++] = set[i];
        return;
    }
    int *pos = xmalloc(C2C_MAX_CPUS * sizeof *pos), *parent = xmalloc((size_t)m * sizeof *parent);
    for (int i = 0; i < m; i++) {
        pos[set[i]] = i;
        parent[i] = i;
    }
    for (size_t j = 0; j < ne; j++) {
        const struct c2c_pair *q = &p[e[j]];
        if (q->cls >= 1 && q->cls <= level) {
            int x = uf_find(parent, pos[q->a]), y = uf_find(parent, pos[q->b]);
            parent[x > y ? x : y] = x < y ? x : y; /* the root is the lowest position */
        }
    }
    int *sub = xmalloc((size_t)m * sizeof *sub);
    size_t *se = xmalloc((ne ? ne : 1) * sizeof *se);
    for (int root = 0; root < m; root++) {
        if (uf_find(parent, root) != root)
            continue;
        int ns = 0;
        size_t nse = 0;
        for (int i = 0; i < m; i++)
            if (uf_find(parent, i) == root)
                sub[ns++] = set[i];
        for (size_t j = 0; j < ne; j++)
            if (uf_find(parent, pos[p[e[j]].a]) == root)
                se[nse++] = e[j];
        order_rec(sub, ns, p, se, nse, level - 1, out, nout);
    }
    free(se);
    free(sub);
    free(parent);
    free(pos);
}

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* ---- the analysis ---- */

static void print_classes(struct c2c_pair *p, size_t np, int k, FILE *out)
{
    struct interval *v = xmalloc(np * sizeof *v);
    int *lev = xmalloc(np * sizeof *lev), *sel = xmalloc(np * sizeof *sel);
    int *deg = xmalloc(C2C_MAX_CPUS * sizeof *deg);
    for (size_t i = 0; i < np; i++) {
        v[i] = p[i].iv;
        lev[i] = p[i].cls;
    }
    for (int c = 1; c <= k; c++) {
        struct interval iv = stat_level_interval(v, np, lev, c);
        size_t n = 0, nos[N_OS_REL] = {0};
        double mn = INFINITY, mx = -INFINITY;
        int matching = 1;
        memset(deg, 0, C2C_MAX_CPUS * sizeof *deg);
        for (size_t i = 0; i < np; i++) {
            sel[i] = lev[i] == c;
            if (!sel[i])
                continue;
            n++;
            nos[p[i].os]++;
            mn = p[i].iv.est < mn ? p[i].iv.est : mn;
            mx = p[i].iv.est > mx ? p[i].iv.est : mx;
            matching &= ++deg[p[i].a] == 1 && ++deg[p[i].b] == 1;
        }
        size_t rep = typical_pair(p, np, sel, iv.est);
        fprintf(out, "RESULT exp=false_sharing kind=c2c_class class=%d pairs=%zu", c, n);
        put_iv(out, "one_way_ns", iv);
        fprintf(out, " min_ns=%.2f max_ns=%.2f typical_pair=%d,%d matching=%d", mn, mx, p[rep].a, p[rep].b, matching);
        for (int r = 1; r < N_OS_REL; r++)
            fprintf(out, " os_%s=%zu", os_rel_name[r], nos[r]);
        fprintf(out, " os_unknown=%zu members=", nos[OS_UNKNOWN]);
        size_t shown = 0;
        for (size_t i = 0; i < np; i++)
            if (sel[i] && shown++ < 24)
                fprintf(out, "%s%d:%d", shown > 1 ? "," : "", p[i].a, p[i].b);
        if (shown > 24)
            fprintf(out, ",+%zu", shown - 24);
        fprintf(out, "\n");
        fprintf(stderr, "false_sharing_c2c: class %d: %zu pair%s, %.1f ns one-way (95%% CI %.1f-%.1f)\n", c, n,
                n == 1 ? "" : "s", iv.est, iv.lo, iv.hi);
    }
    /* the OS's own classes over the same pairs, and which measured classes
     * each one spans: different classes inside one OS class is where the OS
     * does not tell the whole story */
    for (int r = 0; r < N_OS_REL; r++) {
        size_t n = 0;
        int spans[64], nspan = 0;
        for (size_t i = 0; i < np; i++) {
            sel[i] = lev[i] > 0 && p[i].os == (enum os_rel)r;
            n += (size_t)sel[i];
        }
        if (!n)
            continue;
        for (int c = 1; c <= k; c++)
            for (size_t i = 0; i < np; i++)
                if (sel[i] && lev[i] == c && nspan < 64) {
                    spans[nspan++] = c;
                    break;
                }
        int *one = xmalloc(np * sizeof *one);
        for (size_t i = 0; i < np; i++)
            one[i] = sel[i];
        struct interval iv = stat_level_interval(v, np, one, 1);
        free(one);
        size_t rep = typical_pair(p, np, sel, iv.est);
        fprintf(out, "RESULT exp=false_sharing kind=c2c_os os=%s pairs=%zu", os_rel_name[r], n);
        put_iv(out, "one_way_ns", iv);
        fprintf(out, " typical_pair=%d,%d classes=", p[rep].a, p[rep].b);
        put_int_list(out, spans, nspan);
        fprintf(out, "\n");
    }
    free(deg);
    free(sel);
    free(lev);
    free(v);
}

/* Speed classes from each CPU's best canary: the best is the CPU's own
 * speed (load only slows it), so the levels have no width. */
static void print_speeds(struct c2c_cpu *c, size_t nc, double gap, FILE *out)
{
    if (!nc)
        return;
    struct interval *v = xmalloc(nc * sizeof *v);
    int *lev = xmalloc(nc * sizeof *lev);
    for (size_t i = 0; i < nc; i++)
        v[i] = (struct interval){c[i].best, c[i].best, c[i].best, NAN, 1};
    int k = stat_levels(v, nc, gap, lev);
    for (int s = 1; s <= k; s++) {
        double mn = INFINITY, mx = -INFINITY;
        struct interval iv = stat_level_interval(v, nc, lev, s);
        fprintf(out, "RESULT exp=false_sharing kind=c2c_speed class=%d cpus=", s);
        int first = 1;
        for (size_t i = 0; i < nc; i++)
            if (lev[i] == s) {
                c[i].speed = s;
                mn = c[i].best < mn ? c[i].best : mn;
                mx = c[i].best > mx ? c[i].best : mx;
                fprintf(out, "%s%d", first ? "" : ",", c[i].cpu);
                first = 0;
            }
        fprintf(out, " canary_best_ns=%.4f min_ns=%.4f max_ns=%.4f ghz=%.3f\n", iv.est, mn, mx, 1 / iv.est);
    }
    free(lev);
    free(v);
}

void c2c_analyse(struct c2c_pair *p, size_t np, struct c2c_cpu *c, size_t nc, double gap, FILE *out)
{
    struct interval *v = xmalloc((np ? np : 1) * sizeof *v);
    int *lev = xmalloc((np ? np : 1) * sizeof *lev);
    size_t busy = 0;
    for (size_t i = 0; i < np; i++) {
        v[i] = p[i].iv;
        if (p[i].busy) { /* too busy to measure: no class */
            v[i].est = NAN;
            busy++;
        }
    }
    int k = stat_levels(v, np, gap, lev);
    size_t classed = 0;
    for (size_t i = 0; i < np; i++) {
        p[i].cls = lev[i];
        classed += lev[i] > 0;
    }
    fprintf(out, "RESULT exp=false_sharing kind=c2c_classes classes=%d pairs=%zu pairs_classed=%zu pairs_busy=%zu "
                 "gap_pct=%.0f\n", k, np, classed, busy, 100 * gap);
    print_classes(p, np, k, out);
    print_speeds(c, nc, gap, out);

    /* every CPU of the matrix, ascending, then in the nested-block order */
    int *set = xmalloc((2 * np + nc + 1) * sizeof *set), m = 0, *ord, nord = 0;
    for (size_t i = 0; i < nc; i++)
        set[m++] = c[i].cpu;
    for (size_t i = 0; i < np; i++) {
        set[m++] = p[i].a;
        set[m++] = p[i].b;
    }
    qsort(set, (size_t)m, sizeof *set, cmp_int);
    int u = 0;
    for (int i = 0; i < m; i++)
        if (!u || set[i] != set[u - 1])
            set[u++] = set[i];
    ord = xmalloc((size_t)(u ? u : 1) * sizeof *ord);
    size_t *e = xmalloc((np ? np : 1) * sizeof *e);
    for (size_t i = 0; i < np; i++)
        e[i] = i;
    order_rec(set, u, p, e, np, k, ord, &nord);
    fprintf(out, "RESULT exp=false_sharing kind=c2c_order cpus=");
    put_int_list(out, ord, nord);
    fprintf(out, "\n");
    free(e);
    free(ord);
    free(set);
    free(lev);
    free(v);
}

/* ---- -f FILE: read pair and CPU lines, only classify ---- */

/* the value of key in a RESULT line, or NULL; the line is not modified */
static const char *field(const char *line, const char *key, char *buf, size_t cap)
{
    size_t kl = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += kl) {
        if ((p == line || p[-1] == ' ') && p[kl] == '=') {
            size_t n = strcspn(p + kl + 1, " \n");
            if (n >= cap)
                n = cap - 1;
            memcpy(buf, p + kl + 1, n);
            buf[n] = 0;
            return buf;
        }
    }
    return NULL;
}

static double num_field(const char *line, const char *key, const char *file, long ln, int required)
{
    char buf[64], *end;
    if (!field(line, key, buf, sizeof buf)) {
        if (required)
            die_usage("%s:%ld: no %s= in a c2c line", file, ln, key);
        return NAN;
    }
    if (strcmp(buf, "NA") == 0)
        return NAN;
    errno = 0;
    double x = strtod(buf, &end);
    if (end == buf || *end || errno)
        die_usage("%s:%ld: %s=%s is not a number", file, ln, key, buf);
    return x;
}

static int cpu_field(const char *line, const char *key, const char *file, long ln)
{
    double x = num_field(line, key, file, ln, 1);
    if (!(x >= 0 && x < C2C_MAX_CPUS) || x != floor(x))
        die_usage("%s:%ld: %s= is not a CPU number below %d", file, ln, key, C2C_MAX_CPUS);
    return (int)x;
}

int c2c_classify_file(const char *file, double gap)
{
    FILE *f = open_regular_input("-f", file);
    if (!f)
        die_usage("-f %s: %s", file, strerror(errno));
    size_t np = 0, nc = 0, capp = 64, capc = 16;
    struct c2c_pair *p = xmalloc(capp * sizeof *p);
    struct c2c_cpu *c = xmalloc(capc * sizeof *c);
    char *line = NULL, buf[64];
    size_t len = 0;
    long ln = 0;
    while (getline(&line, &len, f) > 0) {
        ln++;
        if (strncmp(line, "RESULT exp=false_sharing kind=c2c ", 34) == 0) {
            if (np == capp)
                p = realloc(p, (capp *= 2) * sizeof *p);
            if (!p)
                die("out of memory reading %s", file);
            struct c2c_pair *q = &p[np++];
            *q = (struct c2c_pair){.a = cpu_field(line, "cpu_a", file, ln), .b = cpu_field(line, "cpu_b", file, ln)};
            q->iv = (struct interval){num_field(line, "one_way_ns", file, ln, 1),
                                      num_field(line, "one_way_ns_lo", file, ln, 1),
                                      num_field(line, "one_way_ns_hi", file, ln, 1), NAN, 0};
            double busy = num_field(line, "busy", file, ln, 0);
            q->busy = !isnan(busy) && busy != 0;
            int os = field(line, "os", buf, sizeof buf) ? os_rel_parse(buf) : OS_UNKNOWN;
            if (os < 0)
                die_usage("%s:%ld: os=%s is not one of smt, shared_l2, shared_l3_only, across_l3, unknown", file, ln, buf);
            q->os = (enum os_rel)os;
            if (q->a >= q->b)
                die_usage("%s:%ld: expected cpu_a < cpu_b", file, ln);
        } else if (strncmp(line, "RESULT exp=false_sharing kind=c2c_cpu ", 38) == 0) {
            if (nc == capc)
                c = realloc(c, (capc *= 2) * sizeof *c);
            if (!c)
                die("out of memory reading %s", file);
            c[nc++] = (struct c2c_cpu){.cpu = cpu_field(line, "cpu", file, ln),
                                       .best = num_field(line, "canary_best_ns", file, ln, 1),
                                       .survey = {num_field(line, "canary_ns", file, ln, 0),
                                                  num_field(line, "canary_ns_lo", file, ln, 0),
                                                  num_field(line, "canary_ns_hi", file, ln, 0), NAN, 0}};
        }
    }
    if (ferror(f) || fclose(f) != 0)
        die("reading %s: %s", file, strerror(errno));
    free(line);
    if (np == 0)
        die_usage("-f %s: no 'RESULT exp=false_sharing kind=c2c' lines", file);
    c2c_analyse(p, np, c, nc, gap, stdout);
    free(p);
    free(c);
    return 0;
}

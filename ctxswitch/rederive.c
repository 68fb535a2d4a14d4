/* rederive.c - the figure lines of every invocation of a raw file, computed
 * again from its samples lines (ctxswitch --rederive RAW): the speed levels
 * of the invocation's canary readings, each block's level, and one figure
 * line per cell and level, printed by report.c as the run itself prints
 * them (tagged inv=I as in the raw file). The self-check keys (switches per
 * round trip, migrations, cpu, check, status) are not in the samples: they
 * are copied from the cell's original figure line.
 *
 * Two formats of samples lines are read:
 *   run=T1|T2|S1|S2 rt_ns=v,... wall_ns=v,... lost_share=v,...   (per block)
 *   run=block blocks_per_rep=NB block_round_trips=R state=1,m,i,... canary_ns=... canary_end_ns=...
 *   run=rep state=c,i,s,... canary_ns=...   (before blocks: one block per
 *       repetition, its one reading the slowest canary around it; i is
 *       interfered, c and s are judged again by level)
 * A raw file with inv= tags is read per invocation (its untagged samples,
 * copies build/combine made, are skipped); one without is one invocation. */
#define _GNU_SOURCE
#include "common.h"
#include "ctxswitch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_KEYS "nvcsw_per_rt nivcsw_per_rt single_csw_per_rt migrations cpu check status"

struct rline {
    char *text;
    long inv; /* -1: untagged */
    long no;  /* line number, for errors */
};

static const char *path;

static const char *value(const char *line, const char *key, size_t *len)
{
    return kv_value(line, key, len);
}

static int has(const char *line, const char *key, const char *want)
{
    size_t n;
    const char *v = value(line, key, &n);
    return v && n == strlen(want) && strncmp(v, want, n) == 0;
}

static const struct rline *cur;

static void bad(const char *what, const char *key)
{
    die("%s:%ld: %s %s", path, cur->no, what, key);
}

static long number(const char *line, const char *key)
{
    size_t n;
    const char *v = value(line, key, &n);
    long x;
    char buf[32];
    if (!v || n >= sizeof buf)
        bad("no whole number in", key);
    memcpy(buf, v, n);
    buf[n] = 0;
    if (parse_long(buf, 0, 1L << 40, &x) != 0)
        bad("no whole number in", key);
    return x;
}

/* The comma list of numbers under key (NA: NAN); returns the count. */
static long list(const char *line, const char *key, double **out)
{
    long cnt = kv_list(line, key, out);
    if (cnt == -1)
        bad("no list", key);
    if (cnt < 0)
        bad("a bad number in", key);
    return cnt;
}

/* one cell as its samples lines give it */
struct rcell {
    struct cell c;
    struct cell_data d;
    double *sub[NSUB][3]; /* rt_ns, wall_ns, lost_share per block */
    long nsub[NSUB];
    const struct rline *blocks; /* the run=block or run=rep line */
    const struct rline *figure; /* its first figure line */
};

static int same_cell(const struct cell *a, const struct cell *b)
{
    return a->mode == b->mode && a->acc == b->acc && a->kib == b->kib && a->stride == b->stride &&
           a->rounds == b->rounds;
}

static int word(const char *line, const char *key, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (has(line, key, names[i]))
            return i;
    bad("an unknown word in", key);
    return 0;
}

static struct cell where(const char *line)
{
    struct cell c = {(enum mode)word(line, "mode", mode_name, 2), (enum access)word(line, "access", access_name, 4),
                     number(line, "size_kib"), number(line, "stride_bytes"), number(line, "round_trips")};
    return c;
}

/* "key=value ..." of the self-check keys of a figure line (NA if missing) */
static char *checks(const char *line)
{
    char keys[] = CHECK_KEYS, *save, *out = xmalloc(512);
    size_t used = 0;
    for (char *k = strtok_r(keys, " ", &save); k; k = strtok_r(NULL, " ", &save)) {
        size_t n;
        const char *v = line ? value(line, k, &n) : NULL;
        used += (size_t)snprintf(out + used, 512 - used, "%s%s=%.*s", used ? " " : "", k, v ? (int)n : 2,
                                 v ? v : "NA");
        if (used >= 512)
            die("%s: a figure line's check keys are too long", path);
    }
    return out;
}

/* Fill r->d from the lines read; returns its canary readings (appended to
 * *rd) when count_readings. */
static void build(struct rcell *r, int count_readings, double **rd, size_t *nrd, size_t *caprd)
{
    cur = r->blocks;
    const char *line = r->blocks->text;
    int old = has(line, "run", "rep");
    long nb = old ? 1 : number(line, "blocks_per_rep");
    double *c0, *c1 = NULL;
    long n = list(line, "canary_ns", &c0);
    size_t sl;
    const char *states = value(line, "state", &sl);
    if (!states || (long)(sl + 1) / 2 != n || nb < 1 || n % nb)
        bad("states and readings do not agree in", "state");
    if (!old && list(line, "canary_end_ns", &c1) != n)
        bad("not one reading per block in", "canary_end_ns");
    cell_data_alloc(&r->d, &r->c, n / nb, nb);
    r->d.nrep = n / nb;
    r->d.block_rounds = old ? r->c.rounds : number(line, "block_round_trips");
    for (long g = 0; g < n; g++) {
        r->d.canary0[g] = c0[g];
        r->d.canary1[g] = old ? c0[g] : c1[g];
        r->d.interfered[g] = states[2 * g] == BLK_INTERFERED;
    }
    for (int k = 0; k < (r->c.acc == ACC_NONE ? 2 : NSUB); k++) {
        if (r->nsub[k] != n)
            die("%s: a %s cell of %ld KiB has %ld blocks but %ld values in run %d", path, mode_name[r->c.mode], r->c.kib,
                n, r->nsub[k], k);
        for (long g = 0; g < n; g++)
            r->d.sub[k][g] = (struct subrun){.rt_ns = r->sub[k][0][g], .wall_ns = r->sub[k][1][g], .lost = r->sub[k][2][g]};
    }
    r->d.kept = checks(r->figure ? r->figure->text : NULL);
    r->d.parent_ok = r->d.partner.ok = 1;
    /* the readings once each: every block's first, and the last block's
     * second in each repetition (old: the one per repetition) */
    for (long g = 0; count_readings && g < n; g++)
        for (int e = 0; e < 1 + (!old && g % nb == nb - 1); e++) {
            if (*nrd == *caprd) {
                *caprd = *caprd ? 2 * *caprd : 1024;
                double *x = xmalloc(*caprd * sizeof *x);
                if (*nrd)
                    memcpy(x, *rd, *nrd * sizeof *x);
                free(*rd);
                *rd = x;
            }
            (*rd)[(*nrd)++] = e ? c1[g] : c0[g];
        }
    free(c0), free(c1);
}

/* one invocation: its cells in the order of their samples lines */
static int one_invocation(struct rline *lines, long nl, long inv)
{
    struct rcell *rc = xmalloc((size_t)nl * sizeof *rc);
    long n = 0;
    static const char *const runs[NSUB] = {"T1", "T2", "S1", "S2"};
    for (long i = 0; i < nl; i++) {
        const char *t = lines[i].text;
        if (lines[i].inv != inv)
            continue;
        cur = &lines[i];
        int samples = has(t, "kind", "samples"), fig = has(t, "kind", "direct") || has(t, "kind", "total");
        if (!samples && !fig)
            continue;
        struct cell c = where(t);
        long j = 0;
        while (j < n && !same_cell(&rc[j].c, &c))
            j++;
        if (j == n) {
            memset(&rc[n], 0, sizeof rc[n]);
            rc[n++].c = c;
        }
        if (fig) {
            if (!rc[j].figure)
                rc[j].figure = &lines[i];
            continue;
        }
        if (has(t, "run", "rep") || has(t, "run", "block")) {
            rc[j].blocks = &lines[i];
            continue;
        }
        int k = word(t, "run", runs, NSUB);
        rc[j].nsub[k] = list(t, "rt_ns", &rc[j].sub[k][0]);
        if (list(t, "wall_ns", &rc[j].sub[k][1]) != rc[j].nsub[k] || list(t, "lost_share", &rc[j].sub[k][2]) != rc[j].nsub[k])
            bad("lists of different lengths in", "run");
    }
    double *rd = NULL;
    size_t nrd = 0, caprd = 0;
    struct cell_data *d = xmalloc((size_t)(n ? n : 1) * sizeof *d);
    int first_direct = 1;
    for (long j = 0; j < n; j++) {
        if (!rc[j].blocks)
            die("%s: invocation %ld: a %s cell of %ld KiB has no run=block or run=rep samples line", path, inv,
                mode_name[rc[j].c.mode], rc[j].c.kib);
        /* the direct cells share their blocks: their readings count once */
        int direct = rc[j].c.acc == ACC_NONE;
        build(&rc[j], !direct || first_direct, &rd, &nrd, &caprd);
        first_direct &= !direct;
    }
    struct speed_levels L;
    speed_levels(rd, nrd, &L);
    char tag[32] = "";
    if (inv >= 0)
        snprintf(tag, sizeof tag, " inv=%ld", inv);
    for (long j = 0; j < n; j++) {
        judge_blocks(&rc[j].d, &L);
        d[j] = rc[j].d;
    }
    report_levels(&L, tag);
    int mode_diff = n >= 2 && d[0].c->acc == ACC_NONE && d[1].c->acc == ACC_NONE && d[0].c->mode == MODE_PROCESS &&
                    d[1].c->mode == MODE_THREAD;
    int ok = report_cells(d, (size_t)n, mode_diff, "no", -1, &L, 0.05, tag, 0);
    for (long j = 0; j < n; j++) {
        cell_data_free(&d[j]);
        for (int k = 0; k < NSUB; k++)
            for (int f = 0; f < 3; f++)
                free(rc[j].sub[k][f]);
    }
    free(d), free(rc), free(rd);
    return ok;
}

int rederive(const char *file)
{
    path = file;
    FILE *f = open_regular_input("--rederive", file);
    if (!f)
        die_errno(file);
    struct rline *lines = NULL;
    long nl = 0, cap = 0, no = 0, *invs = NULL, ninv = 0;
    char *buf = NULL;
    size_t bcap = 0;
    int tagged = 0;
    while (getline(&buf, &bcap, f) >= 0) {
        no++;
        if (strncmp(buf, "RESULT exp=ctxswitch kind=", 26) != 0)
            continue;
        if (nl == cap) {
            cap = cap ? 2 * cap : 256;
            struct rline *x = xmalloc((size_t)cap * sizeof *x);
            if (nl)
                memcpy(x, lines, (size_t)nl * sizeof *x);
            free(lines);
            lines = x;
        }
        struct rline *l = &lines[nl++];
        l->text = strdup(buf);
        if (!l->text)
            die_errno("strdup");
        l->no = no;
        l->inv = -1;
        cur = l;
        size_t vl;
        if (value(l->text, "inv", &vl)) {
            l->inv = number(l->text, "inv");
            tagged = 1;
        }
    }
    if (ferror(f) || fclose(f) != 0)
        die_errno(file);
    free(buf);
    invs = xmalloc((size_t)(nl + 1) * sizeof *invs);
    for (long i = 0; i < nl; i++) { /* the invocations in the order they first show */
        long j = 0;
        if (tagged && lines[i].inv < 0)
            continue;
        while (j < ninv && invs[j] != lines[i].inv)
            j++;
        if (j == ninv)
            invs[ninv++] = lines[i].inv;
    }
    int ok = 1;
    for (long j = 0; j < ninv; j++)
        ok &= one_invocation(lines, nl, invs[j]);
    for (long i = 0; i < nl; i++)
        free(lines[i].text);
    free(lines), free(invs);
    if (ninv == 0)
        die("%s: no ctxswitch RESULT lines", file);
    return ok ? 0 : 1;
}

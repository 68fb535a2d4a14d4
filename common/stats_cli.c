/* stats - common/stats.c for shell scripts: intervals over series of numbers
 * read from a file or stdin, one RESULT line per series, and the speed
 * canary. Scripts call this instead of computing a median or an interval in
 * awk, so the statistics stay written once. It never calls setlocale, so
 * strtod and printf keep the C locale's '.' whatever LC_ALL says (tested
 * under de_DE.UTF-8 by common/tests/stats_cli.sh). */
#define _GNU_SOURCE
#include "common.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: stats [-r REL] [-a ABS] median|shift|ratio [FILE]\n"
            "       stats canary\n"
            "       stats levels [FILE]\n"
            "  Reads series from FILE (default stdin), one per line: an optional label\n"
            "  (a word starting with a letter or '_'; letters, digits and _ . : / + -),\n"
            "  then whitespace-separated decimal numbers. Blank lines and lines starting\n"
            "  with '#' are skipped. Prints one line per series:\n"
            "    RESULT exp=stats kind=CMD series=K [label=L] est= est_lo= est_hi= p= q= n= two_modes= target_reached=\n"
            "  median  the median and its order-statistic 95%% interval (n >= 6)\n"
            "  shift   paired differences: Hodges-Lehmann estimate, Wilcoxon signed-rank\n"
            "          95%% interval, p against 0\n"
            "  ratio   per-round ratios (> 0): the same on their logs, p against 1\n"
            "  q       Benjamini-Hochberg across the series of this call (one table)\n"
            "  target_reached 1 when the interval's larger half-width is within REL x |est|\n"
            "          (-r, default 0.05) or within ABS (-a, default 0)\n"
            "  NA marks what could not be computed (no interval below 6 values, no p for\n"
            "  a median). Numbers are read and printed in the C locale, whatever LC_ALL.\n"
            "  canary  the speed canary once: canary_ns= (ns per add of a 1-cycle add\n"
            "          chain, best of 3) and slow_canary= (above that times the run's\n"
            "          best, a measurement is in a slow state)\n"
            "  levels  the speed levels of each series' readings (> 0; common/levels.c):\n"
            "          one line per level: level= lo= hi= (its range; NA: open) mid=\n"
            "          (median) q25= q75= share= n=\n"
            "  Bad input exits 2 with one line naming the line and the word.\n");
}

/* a decimal number as people write them: [+-]digits[.digits][e[+-]digits],
 * finite. Stricter than strtod, which also takes hex, inf and nan. */
static int parse_number(const char *s, double *out)
{
    /* 0: a number; -1: not one; -2: one, but not finite in a double */
    const char *p = s;
    int digits = 0;
    if (*p == '+' || *p == '-')
        p++;
    while (isdigit((unsigned char)*p))
        p++, digits++;
    if (*p == '.')
        for (p++; isdigit((unsigned char)*p); p++)
            digits++;
    if (!digits)
        return -1;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return -1;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (*p)
        return -1;
    errno = 0;
    double v = strtod(s, NULL);
    if (!isfinite(v) || (errno == ERANGE && v != 0))
        return -2;
    *out = v;
    return 0;
}

static int is_label(const char *s)
{
    /* what strtod would read as a number is not a label */
    if (strcasecmp(s, "nan") == 0 || strcasecmp(s, "inf") == 0 || strcasecmp(s, "infinity") == 0)
        return 0;
    if (!isalpha((unsigned char)*s) && *s != '_')
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("_.:/+-", *s))
            return 0;
    return 1;
}

struct series {
    char *label; /* NULL when the line had none */
    double *x;
    size_t n;
    struct interval iv;
};

/* All series of the input; exits 2 on a bad word. */
static struct series *read_series(FILE *in, const char *name, int positive, size_t *count)
{
    struct series *all = NULL;
    size_t ns = 0, cap_s = 0, len = 0;
    char *line = NULL;
    long lineno = 0;
    while (getline(&line, &len, in) != -1) {
        lineno++;
        char *save = NULL, *w = strtok_r(line, " \t\r\n\f\v", &save);
        if (!w || *w == '#')
            continue;
        if (ns == cap_s) {
            cap_s = cap_s ? 2 * cap_s : 8;
            all = realloc(all, cap_s * sizeof *all);
            if (!all)
                die("out of memory");
        }
        struct series *s = &all[ns++];
        size_t cap = 16;
        s->label = NULL;
        s->n = 0;
        s->x = xmalloc(cap * sizeof *s->x);
        for (; w; w = strtok_r(NULL, " \t\r\n\f\v", &save)) {
            double v;
            int rc = parse_number(w, &v);
            if (rc == -2)
                die_usage("stats: %s line %ld: '%.40s' is out of range", name, lineno, w);
            if (rc != 0) {
                if (s->n == 0 && !s->label && is_label(w)) {
                    s->label = strdup(w);
                    if (!s->label)
                        die("out of memory");
                    continue;
                }
                die_usage("stats: %s line %ld: '%.40s' is not a %s", name, lineno, w,
                          s->n == 0 && !s->label ? "number or a label" : "number");
            }
            if (positive && !(v > 0))
                die_usage("stats: %s line %ld: ratio '%.40s' is not positive", name, lineno, w);
            if (s->n == cap) {
                cap *= 2;
                s->x = realloc(s->x, cap * sizeof *s->x);
                if (!s->x)
                    die("out of memory");
            }
            s->x[s->n++] = v;
        }
    }
    /* a directory opens but fails to read (EISDIR): name it like a fopen failure */
    if (ferror(in))
        die_usage("stats: cannot read '%s': %s", name, strerror(errno));
    free(line);
    if (ns == 0)
        die_usage("stats: %s has no series (expected lines of numbers)", name);
    *count = ns;
    return all;
}

static void print_num(const char *key, double v)
{
    char s[32];
    snprintf(s, sizeof s, "%.10g", v);
    if (isnan(v))
        printf(" %s=NA", key);
    else /* "-1" alone spells unknown in the grammar (as put_num in combine.c): a measured -1 is -1.0 */
        printf(" %s=%s", key, strcmp(s, "-1") ? s : "-1.0");
}

/* -r/-a values: a number >= 0 */
static double parse_option(int opt, const char *arg)
{
    double v;
    if (parse_number(arg, &v) != 0 || v < 0)
        die_usage("stats: -%c %s: expected a number >= 0", opt, arg);
    return v;
}

/* stats levels: one line per speed level of each series */
static void print_levels(struct series *all, size_t ns)
{
    for (size_t i = 0; i < ns; i++) {
        struct speed_levels L;
        speed_levels(all[i].x, all[i].n, &L);
        for (int k = 1; k <= L.k; k++) {
            printf("RESULT exp=stats kind=levels series=%zu", i + 1);
            if (all[i].label)
                printf(" label=%s", all[i].label);
            printf(" level=%d levels=%d", k, L.k);
            print_num("lo", k > 1 ? L.cut[k - 2] : NAN);
            print_num("hi", k < L.k ? L.cut[k - 1] : NAN);
            print_num("mid", L.mid[k]);
            print_num("q25", L.q25[k]);
            print_num("q75", L.q75[k]);
            print_num("share", L.share[k]);
            printf(" n=%zu main=%d\n", L.count[k], k == speed_main_level(&L));
        }
        free(all[i].x);
        free(all[i].label);
    }
    free(all);
}

int main(int argc, char **argv)
{
    double rel = 0.05, abs_floor = 0;
    int opt;
    opterr = 0; /* one line of our own instead of getopt's plus the usage */
    const char *cmd = NULL, *file = NULL;
    if (help_asked(argc, argv)) {
        usage(stdout);
        return 0;
    }
    /* options before and after the command; "+": stop at the first word */
    while (optind < argc) {
        if ((opt = getopt(argc, argv, "+hr:a:")) != -1) {
            switch (opt) {
            case 'h': usage(stdout); return 0;
            case 'r': rel = parse_option('r', optarg); break;
            case 'a': abs_floor = parse_option('a', optarg); break;
            default: die_usage("stats: unknown option or missing value '%s' (see -h)", getopt_bad_option(argv));
            }
            continue;
        }
        if (optind >= argc)
            break;
        if (!cmd)
            cmd = argv[optind++];
        else if (!file)
            file = argv[optind++];
        else
            die_usage("stats: unexpected argument '%s' (see -h)", argv[optind]);
    }
    if (!cmd)
        die_usage("stats: expected a command: median, shift, ratio or canary (see -h)");
    if (strcmp(cmd, "canary") == 0) {
        if (file)
            die_usage("stats: canary takes no argument ('%s')", file);
        printf("RESULT exp=stats kind=canary canary_ns=%.6g slow_canary=%.6g\n", canary_ns(), SLOW_CANARY);
        return 0;
    }
    int which = strcmp(cmd, "median") == 0   ? 0
                : strcmp(cmd, "shift") == 0  ? 1
                : strcmp(cmd, "ratio") == 0  ? 2
                : strcmp(cmd, "levels") == 0 ? 3
                                             : -1;
    if (which < 0)
        die_usage("stats: unknown command '%s': expected median, shift, ratio, levels or canary", cmd);

    FILE *in = stdin;
    const char *name = "stdin";
    if (file && strcmp(file, "-") != 0) {
        in = fopen(file, "r");
        if (!in)
            die_usage("stats: cannot read '%s': %s", file, strerror(errno));
        name = file;
    }
    size_t ns;
    struct series *all = read_series(in, name, which >= 2, &ns);
    if (in != stdin && fclose(in) != 0)
        die_errno("stats: closing the input");
    if (which == 3) {
        print_levels(all, ns);
        return 0;
    }

    double *p = xmalloc(ns * sizeof *p), *q = xmalloc(ns * sizeof *q);
    for (size_t i = 0; i < ns; i++) {
        struct series *s = &all[i];
        if (s->n == 0)
            s->iv = (struct interval){NAN, NAN, NAN, NAN, 0};
        else
            s->iv = which == 0 ? ci_median(s->x, s->n) : which == 1 ? ci_shift(s->x, s->n) : ci_ratio(s->x, s->n);
        p[i] = s->iv.p;
    }
    bh_adjust(p, ns, q);
    for (size_t i = 0; i < ns; i++) {
        struct series *s = &all[i];
        printf("RESULT exp=stats kind=%s series=%zu", cmd, i + 1);
        if (s->label)
            printf(" label=%s", s->label);
        print_num("est", s->iv.est);
        print_num("est_lo", s->iv.lo);
        print_num("est_hi", s->iv.hi);
        print_num("p", s->iv.p);
        print_num("q", q[i]);
        printf(" n=%zu two_modes=%d target_reached=%d\n", s->n, stat_two_modes(s->x, s->n), ci_reached(s->iv, rel, abs_floor));
        free(s->x);
        free(s->label);
    }
    free(all);
    free(p);
    free(q);
    return 0;
}

/* pairs.c - lockwait's pairing loop (build/lockwait_pairs): one scenario of
 * build/lockwait_workload run bare and under liblockwait.so (or, for the
 * what-if check, bare at the full and at the scaled hold) in pairs of
 * adjacent runs, the order rotating from pair to pair so that drift and
 * warm-up fall on both sides alike. common's speed canary runs before each
 * run and after the pair; the canary readings of the invocation are grouped
 * into speed levels (common/levels.c), a pair whose readings lie in two
 * levels is mixed, and the figure comes from the level most pairs lie in
 * (or from the mixed pairs, when they are the most).
 * Pairs are added on common's reps_plan/reps_more until that level holds
 * REPS pairs and (overhead only) the interval of the wall-time ratio has
 * reached its target. docs/lockwait-method.md; `lockwait_pairs -h`. */
#define _GNU_SOURCE
#include "common.h"
#include "pairs.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>
#endif

extern char **environ;

#define RETRIES 3 /* failed runs an invocation runs again; one more stops it */
#define MAX_READINGS (1 << 20)

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lockwait_pairs [-w] [-r REPS] [-c CAP_S] [-a TARGET] [-m MAX_PAIRS] [-P PRELOAD]\n"
            "                      [-H HALF_CS] [-K READINGS] -d DIR -o FIGURES SCENARIO WORKLOAD [ARG...]\n"
            "       lockwait_pairs intervals [-a TARGET] FIGURES [WHATIF_FIGURES PREDICTIONS FACTOR]\n"
            "  Runs WORKLOAD ARG... SCENARIO in pairs, bare and under the library PRELOAD (bare\n"
            "  alone without -P), or with -w at the workload's hold (full) and at -H HALF_CS\n"
            "  (half), with the speed canary before each run and after each pair, while\n"
            "  common's reps_more asks: -r REPS pairs in the main speed level (default 8),\n"
            "  the overhead interval within -a TARGET of the ratio (default 0.01; not -w),\n"
            "  -c CAP_S seconds (default 4), -m MAX_PAIRS (default 4 x REPS + 10).\n"
            "  stdout: the runs' RESULT lines tagged scenario= variant= rep=, a kind=pair\n"
            "  (whatif_pair) line per pair, kind=speed_level lines; a failed run's\n"
            "  kind=failed_run line (it runs again, 3 times per invocation). DIR keeps the\n"
            "  invocation's canary readings and failures; FIGURES the pairs' figures, which\n"
            "  `intervals` turns into kind=overhead, runs, latency, whatif_check lines.\n"
            "  The workload runs without the caller's LOCKWAIT_* variables.\n"
            "  -K READINGS: the canary readings from a file instead (tests).\n");
}

struct opts {
    int whatif, wrapped; /* -w; -P given */
    long reps, max_pairs, half_cs;
    double cap_s, target;
    const char *preload, *dir, *figs, *scenario;
    char **wl_argv; /* the workload and its flags */
    int wl_argc;
};

/* one run's figures: the workload's line and the sums of the library's */
struct run_vals {
    double wall, threads, ops_per_s, p50, p99, max, nvcsw;
    double blocked, sleep, acq, cont;
};

struct pair {
    long rep;
    int first; /* the variant that ran first */
    double can[3];
    double fig[PAIRS_MAX_COLUMNS];
    int level, used;
};

static double *readings; /* the invocation's canary readings */
static size_t nreadings, readings_cap;
static FILE *fake_canaries; /* -K: readings from a file, for the tests */
static void add_reading(double x)
{
    if (nreadings == readings_cap) {
        readings_cap = readings_cap ? 2 * readings_cap : 256;
        if (readings_cap > MAX_READINGS)
            die("lockwait_pairs: more than %d canary readings", MAX_READINGS);
        readings = realloc(readings, readings_cap * sizeof *readings);
        if (!readings)
            die("out of memory");
    }
    readings[nreadings++] = x;
}

/* common's speed canary, or the next reading of -K's file (its last again
 * when it runs out) */
static double canary(void)
{
    static double last = 0.5;
    if (!fake_canaries)
        return canary_ns();
    if (fscanf(fake_canaries, "%lf", &last) != 1 && !feof(fake_canaries))
        die("lockwait_pairs: -K: not a number");
    return last;
}

static char *path_in(const char *dir, const char *name)
{
    char *p;
    if (asprintf(&p, "%s/%s", dir, name) < 0)
        die("out of memory");
    return p;
}

const char *kv_get(const char *line, const char *key, char *buf, size_t cap)
{
    size_t kl = strlen(key);
    for (const char *p = strchr(line, ' '); p; p = strchr(p + 1, ' '))
        if (strncmp(p + 1, key, kl) == 0 && p[1 + kl] == '=') {
            const char *v = p + 2 + kl;
            size_t n = strcspn(v, " \n");
            n = n < cap ? n : cap - 1;
            memcpy(buf, v, n);
            buf[n] = 0;
            return buf;
        }
    buf[0] = 0;
    return buf;
}

static double kv_num(const char *line, const char *key)
{
    char b[64], *end;
    kv_get(line, key, b, sizeof b);
    double v = strtod(b, &end);
    return *b && !*end ? v : NAN;
}

/* The RESULT lines of path to stdout, tagged (scenario= only where the line
 * lacks it: a key is given once), and their figures into v. */
static void take_lines(const struct opts *o, const char *path, const char *variant, long rep, struct run_vals *v)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("lockwait_pairs: cannot read %s: %s", path, strerror(errno));
    char *line = NULL, kind[32], b[8];
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) != -1) {
        if (strncmp(line, "RESULT ", 7) != 0)
            continue;
        if (line[n - 1] == '\n')
            line[n - 1] = 0;
        int tagged = *kv_get(line, "scenario", b, sizeof b) != 0;
        printf("%s%s%s variant=%s rep=%ld\n", line, tagged ? "" : " scenario=", tagged ? "" : o->scenario, variant, rep);
        kv_get(line, "kind", kind, sizeof kind);
        if (strcmp(kind, "workload") == 0) {
            v->wall = kv_num(line, "wall_ns"), v->threads = kv_num(line, "threads");
            v->ops_per_s = kv_num(line, "ops_per_s"), v->nvcsw = kv_num(line, "nvcsw");
            v->p50 = kv_num(line, "p50_ns"), v->p99 = kv_num(line, "p99_ns"), v->max = kv_num(line, "max_ns");
        } else if (strcmp(kind, "thread") == 0) {
            v->blocked += kv_num(line, "blocked_ns"), v->sleep += kv_num(line, "sleep_ns");
        } else if (strcmp(kind, "lock") == 0) {
            v->acq += kv_num(line, "acquisitions"), v->cont += kv_num(line, "contended");
        }
    }
    if (ferror(f) || fclose(f) != 0)
        die("lockwait_pairs: cannot read %s", path);
    free(line);
}

/* The caller's settings for the library are not the experiment's: every
 * LOCKWAIT_* variable goes (the workload reads none). */
static void clear_lockwait_env(void)
{
    for (int found = 1; found;) {
        found = 0;
        for (char **e = environ; *e; e++)
            if (strncmp(*e, "LOCKWAIT_", 9) == 0) {
                char name[256];
                size_t n = strcspn(*e, "=");
                snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), *e);
                if (unsetenv(name) != 0) {
                    dprintf(2, "lockwait_pairs: unsetenv %s: %s\n", name, strerror(errno));
                    _exit(127);
                }
                found = 1;
                break;
            }
    }
}

static void redirect(const char *path, int fd)
{
    int f = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (f < 0 || dup2(f, fd) < 0) {
        dprintf(2, "lockwait_pairs: cannot open %s: %s\n", path, strerror(errno));
        _exit(127);
    }
}

/* One run of the variant vi (0 bare/full, 1 wrapped/half); its stdout in
 * DIR/run.out, the library's report in DIR/lw.out. 0, or how it failed. */
static int run_once(const struct opts *o, int vi, char *how, size_t hcap)
{
    int wrapped = vi == 1 && !o->whatif;
    char *out = path_in(o->dir, "run.out"), *err = path_in(o->dir, "run.err"), *lw = path_in(o->dir, "lw.out");
    char half[32], **argv = xmalloc(sizeof *argv * (size_t)(o->wl_argc + 4));
    int a = 0;
    for (int i = 0; i < o->wl_argc; i++)
        argv[a++] = o->wl_argv[i];
    if (vi == 1 && o->whatif) {
        snprintf(half, sizeof half, "%ld", o->half_cs);
        argv[a++] = "-c", argv[a++] = half;
    }
    argv[a++] = (char *)o->scenario, argv[a] = NULL;
    if (unlink(lw) != 0 && errno != ENOENT)
        die_errno("lockwait_pairs: unlink lw.out");
    if (fflush(stdout) != 0) /* the child must not inherit our buffered lines */
        die_errno("lockwait_pairs: stdout");
#ifdef __linux__
    pid_t parent = getpid();
#endif
    pid_t pid = fork();
    if (pid < 0)
        die_errno("fork");
    if (pid == 0) {
        redirect(out, 1);
        redirect(err, 2);
#ifdef __linux__
        /* killed with us, as run.sh's children are with it (common.c) */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) {
            dprintf(2, "lockwait_pairs: prctl or parent gone: %s\n", strerror(errno));
            _exit(127);
        }
#endif
        clear_lockwait_env();
        if (wrapped && (setenv("LD_PRELOAD", o->preload, 1) != 0 || setenv("LOCKWAIT_OUT", lw, 1) != 0 ||
                        setenv("LOCKWAIT_FULL_REPORTS", "1", 1) != 0)) /* a run that waited for no lock too */
            _exit(127);
        execv(argv[0], argv);
        dprintf(2, "lockwait_pairs: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int st, rc = 0;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            die_errno("waitpid");
    if (WIFEXITED(st) && WEXITSTATUS(st) != 0)
        snprintf(how, hcap, "exit status %d", WEXITSTATUS(st)), rc = 1;
    else if (WIFSIGNALED(st))
        snprintf(how, hcap, "killed by signal %d", WTERMSIG(st)), rc = 1;
    else if (wrapped && access(lw, R_OK) != 0)
        snprintf(how, hcap, "no library report"), rc = 1;
    free(out), free(err), free(lw), free(argv);
    return rc;
}

/* The last non-blank line of path as one token of at most 120 characters. */
static void last_line(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t lc = 0;
    snprintf(buf, cap, "none");
    while (f && getline(&line, &lc, f) != -1) {
        if (strspn(line, " \t\r\n") == strlen(line))
            continue;
        size_t n = 0;
        for (char *p = line; *p && *p != '\n' && n + 1 < cap && n < 120; p++)
            buf[n++] = strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,:/_+-", *p) ? *p : '_';
        buf[n] = 0;
        fputs(line, stderr); /* the failed run's stderr, for people */
    }
    if (f && fclose(f) != 0)
        die_errno("lockwait_pairs: run.err");
    free(line);
}

static long failures(const struct opts *o, long add)
{
    char *p = path_in(o->dir, "failed");
    long n = 0;
    FILE *f = fopen(p, "r");
    if (f && (fscanf(f, "%ld", &n) != 1 || fclose(f) != 0))
        die("lockwait_pairs: %s is corrupt", p);
    if (add) {
        n += add;
        if (!(f = fopen(p, "w")) || fprintf(f, "%ld\n", n) < 0 || fclose(f) != 0)
            die("lockwait_pairs: cannot write %s", p);
    }
    free(p);
    return n;
}

static const char *variant_name(const struct opts *o, int vi)
{
    return o->whatif ? (vi ? "half" : "full") : (vi ? "wrapped" : "bare");
}

/* One run, again after a failure (one failed run of thousands must not
 * throw a 20-minute run away); its lines to stdout, its figures into v. */
static void run_checked(const struct opts *o, int vi, long rep, struct run_vals *v)
{
    const char *name = variant_name(o, vi), *what = vi && !o->whatif ? "under the preload" : name;
    char how[64], last[128];
    while (run_once(o, vi, how, sizeof how) != 0) {
        char *err = path_in(o->dir, "run.err");
        last_line(err, last, sizeof last);
        free(err);
        long n = failures(o, 1);
        char tok[64];
        snprintf(tok, sizeof tok, "%s", how);
        for (char *p = tok; *p; p++)
            *p = *p == ' ' ? '_' : *p;
        printf("RESULT exp=lockwait kind=failed_run scenario=%s variant=%s rep=%ld status=%s stderr_last=%s\n",
               o->scenario, name, rep, tok, last);
        if (n > RETRIES)
            die("lockwait: %s (%s) failed (%s); %ld runs of this invocation failed, more than the %d run again",
                o->scenario, what, how, n, RETRIES);
        fprintf(stderr, "lockwait_pairs: lockwait: %s (%s) failed (%s); running it again (%ld of at most %d)\n",
                o->scenario, what, how, n, RETRIES);
    }
    *v = (struct run_vals){NAN, NAN, NAN, NAN, NAN, NAN, NAN, 0, 0, 0, 0};
    char *out = path_in(o->dir, "run.out"), *lw = path_in(o->dir, "lw.out");
    take_lines(o, out, name, rep, v);
    if (vi == 1 && !o->whatif)
        take_lines(o, lw, name, rep, v);
    if (!(v->wall > 0)) /* NAN too */
        die("lockwait: %s: no workload line in the %s run of pair %ld", o->scenario, name, rep);
    free(out), free(lw);
}

/* a ratio as the raw file's 9 decimals give it, so that a test recomputing
 * it from the workload lines gets the same interval */
static double ratio9(double a, double b)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.9f", a / b);
    return strtod(buf, NULL);
}

/* A pair's figures (the columns of pairs.h) from its runs; w NULL: bare only. */
static void figures(const struct opts *o, const struct run_vals *b, const struct run_vals *w, double *f)
{
    if (o->whatif) {
        double g[NCOL_WHATIF] = {ratio9(w->wall, b->wall), b->wall / 1e6, w->wall / 1e6, b->nvcsw, w->nvcsw};
        memcpy(f, g, sizeof g);
        return;
    }
    double x = NAN;
    double g[NCOL_OVERHEAD] = {w ? ratio9(w->wall, b->wall) : x, b->wall / 1e6, w ? w->wall / 1e6 : x,
                               b->ops_per_s / 1e3, w ? w->ops_per_s / 1e3 : x,
                               w ? w->blocked / (w->threads * w->wall) : x,
                               w ? (w->blocked > 0 ? w->sleep / w->blocked : 0) : x,
                               w ? (w->acq > 0 ? w->cont / w->acq : 0) : x,
                               b->p50 / 1e3, b->p99 / 1e3, b->max / 1e3,
                               w ? w->p50 / 1e3 : x, w ? w->p99 / 1e3 : x, w ? w->max / 1e3 : x,
                               b->nvcsw, w ? w->nvcsw : x};
    memcpy(f, g, sizeof g);
}

/* Each pair's level (0: mixed) by the levels of every reading so far; the
 * level most pairs lie in (ties: the faster) is the figure's, its pairs
 * used; or the mixed pairs, when more lie in two levels than in any one: a
 * host that changes speed faster than a pair lasts leaves no pair in one
 * level, each run then averages over the levels it met, and a pair still
 * compares two adjacent runs in a rotating order. Returns how many. */
static long classify(struct pair *p, long n, int nc, const struct speed_levels *L, int *main_level)
{
    long count[SPEED_MAX_LEVELS + 1] = {0};
    for (long i = 0; i < n; i++) {
        double lo = p[i].can[0], hi = lo;
        for (int c = 1; c < nc; c++)
            lo = fmin(lo, p[i].can[c]), hi = fmax(hi, p[i].can[c]);
        p[i].level = speed_level_span(L, lo, hi);
        count[p[i].level]++;
    }
    int m = 1;
    for (int k = 2; k <= L->k; k++)
        if (count[k] > count[m])
            m = k;
    if (count[0] > count[m])
        m = 0;
    for (long i = 0; i < n; i++)
        p[i].used = p[i].level == m;
    *main_level = m;
    return count[m];
}

static int reached(const struct opts *o, const struct pair *p, long n, long used)
{
    if (used < o->reps)
        return 0;
    if (o->whatif || !o->wrapped) /* no target: REPS pairs are all */
        return 1;
    double *r = xmalloc(sizeof *r * (size_t)used);
    long k = 0;
    for (long i = 0; i < n; i++)
        if (p[i].used)
            r[k++] = p[i].fig[0];
    int ok = ci_reached(ci_ratio(r, (size_t)k), 0, o->target);
    free(r);
    return ok;
}

static void load_readings(const struct opts *o)
{
    char *p = path_in(o->dir, "canaries");
    FILE *f = fopen(p, "r");
    double x;
    while (f && fscanf(f, "%lf", &x) == 1)
        add_reading(x);
    if (f && (ferror(f) || !feof(f) || fclose(f) != 0))
        die("lockwait_pairs: %s is corrupt", p);
    free(p);
}

static void save_readings(const struct opts *o, size_t from)
{
    char *p = path_in(o->dir, "canaries");
    FILE *f = fopen(p, "a");
    if (!f)
        die("lockwait_pairs: cannot write %s: %s", p, strerror(errno));
    for (size_t i = from; i < nreadings; i++)
        fprintf(f, "%.6g\n", readings[i]);
    if (ferror(f) || fclose(f) != 0)
        die("lockwait_pairs: cannot write %s", p);
    free(p);
}

/* the scenario so far: its lines are printed at its end, or at an exit on
 * a failure (die), so that a failed run keeps what it measured */
static struct state {
    const struct opts *o;
    const struct pair *p;
    long n; /* complete pairs, classified by L */
    int nc, m, printed;
    struct speed_levels L;
} st;

/* the kind=pair and kind=speed_level lines */
static void report(void)
{
    const struct opts *o = st.o;
    const struct pair *p = st.p;
    const struct speed_levels *L = &st.L;
    long n = st.n;
    int nc = st.nc, m = st.m;
    if (st.printed || n == 0)
        return;
    st.printed = 1;
    const char *check = o->whatif ? "whatif" : "overhead";
    for (long i = 0; i < n; i++) {
        int slow = 0;
        double mx = 0;
        printf("RESULT exp=lockwait kind=%s scenario=%s rep=%ld first=%s wall_ratio=", o->whatif ? "whatif_pair" : "pair",
               o->scenario, p[i].rep, variant_name(o, p[i].first));
        if (isnan(p[i].fig[0]))
            printf("NA");
        else
            printf("%.9f", p[i].fig[0]);
        for (int c = 0; c < nc; c++) {
            printf("%s%.6g", c ? "," : " canary_ns=", p[i].can[c]);
            slow += speed_level_of(L, p[i].can[c]) > 1;
            mx = fmax(mx, p[i].can[c]);
        }
        printf(" canary_max_ns=%.6g speed_level=%d slow_share=%.3f used=%d\n", mx, p[i].level, (double)slow / nc,
               p[i].used);
    }
    for (int k = 0; k <= L->k; k++) {
        long count = 0;
        for (long i = 0; i < n; i++)
            count += p[i].level == k;
        if (k == 0 && count == 0)
            continue;
        printf("RESULT exp=lockwait kind=speed_level scenario=%s check=%s level=%d", o->scenario, check, k);
        if (k)
            printf(" canary_ns=%.4g readings_share=%.3f", L->mid[k], L->share[k]);
        printf(" pairs=%ld used=%d\n", count, k == m);
    }
}

/* the figures file, for `lockwait_pairs intervals` */
static void write_figures(const struct opts *o, const struct pair *p, long n, const struct speed_levels *L, int m)
{
    FILE *f = fopen(o->figs, "a");
    if (!f)
        die("lockwait_pairs: cannot write %s: %s", o->figs, strerror(errno));
    fprintf(f, "cell %s %ld %d ", o->scenario, o->reps, m);
    if (m && L->k)
        fprintf(f, "%.4g", L->mid[m]);
    else
        fputs("NA", f); /* the mixed pairs have no one canary */
    fprintf(f, " %d\n", o->wrapped || o->whatif);
    for (long i = 0; i < n; i++) {
        fprintf(f, "pair %s %ld %d %d", o->scenario, p[i].rep, p[i].level, p[i].used);
        for (int c = 0; c < (o->whatif ? NCOL_WHATIF : NCOL_OVERHEAD); c++)
            isnan(p[i].fig[c]) ? fputs(" NA", f) : fprintf(f, " %.10g", p[i].fig[c]);
        fputc('\n', f);
    }
    if (ferror(f) || fclose(f) != 0)
        die("lockwait_pairs: cannot write %s", o->figs);
}

static long opt_long(int c, const char *arg, long min, long max)
{
    long v;
    if (parse_long(arg, min, max, &v) != 0)
        die_usage("lockwait_pairs: -%c %s: expected a whole number from %ld to %ld", c, arg, min, max);
    return v;
}

static double opt_double(int c, const char *arg)
{
    char *end;
    double v = strtod(arg, &end);
    if (!*arg || *end || !(v >= 0) || !isfinite(v))
        die_usage("lockwait_pairs: -%c %s: expected a number >= 0", c, arg);
    return v;
}

static void parse(int argc, char **argv, struct opts *o)
{
    *o = (struct opts){.reps = 8, .max_pairs = -1, .half_cs = -1, .cap_s = 4, .target = 0.01};
    int c;
    opterr = 0;
    if (help_asked(argc, argv)) {
        usage(stdout);
        exit(0);
    }
    while ((c = getopt(argc, argv, "+hwr:c:a:m:P:H:d:o:K:")) != -1)
        switch (c) {
        case 'h': usage(stdout); exit(0);
        case 'w': o->whatif = 1; break;
        case 'r': o->reps = opt_long(c, optarg, 1, 1001); break;
        case 'c': o->cap_s = opt_double(c, optarg); break;
        case 'a': o->target = opt_double(c, optarg); break;
        case 'm': o->max_pairs = opt_long(c, optarg, 1, 100000); break;
        case 'P': o->preload = optarg; break;
        case 'H': o->half_cs = opt_long(c, optarg, 0, 1000000000); break;
        case 'd': o->dir = optarg; break;
        case 'o': o->figs = optarg; break;
        case 'K':
            if (!(fake_canaries = fopen(optarg, "r")))
                die_usage("lockwait_pairs: -K %s: %s", optarg, strerror(errno));
            break;
        default: die_usage("lockwait_pairs: unknown option or missing value '%s' (see -h)", getopt_bad_option(argv));
        }
    if (argc - optind < 2 || !o->dir || !o->figs)
        die_usage("lockwait_pairs: expected -d DIR -o FIGURES SCENARIO WORKLOAD (see -h)");
    if (o->whatif && (o->half_cs < 0 || o->preload))
        die_usage("lockwait_pairs: -w takes -H HALF_CS and no -P");
    o->scenario = argv[optind];
    o->wl_argv = argv + optind + 1;
    o->wl_argc = argc - optind - 1;
    o->wrapped = o->preload != NULL;
    if (o->max_pairs < 0)
        o->max_pairs = REPS_BASE_ROUNDS(o->reps);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "intervals") == 0)
        return intervals_main(argc - 1, argv + 1);
    struct opts o;
    parse(argc, argv, &o);
    int nv = o.whatif || o.wrapped ? 2 : 1, nc = nv + 1;
    load_readings(&o);
    size_t first_new = nreadings;
    for (int i = nreadings ? 3 : 0; i < 3; i++) /* the levels start from a few readings of their own */
        add_reading(canary());
    struct reps_plan plan = {o.reps, o.max_pairs, o.cap_s, 0};
    struct pair *p = xmalloc(sizeof *p * (size_t)o.max_pairs);
    st = (struct state){&o, p, 0, nc, 1, 0, {0}};
    if (atexit(report) != 0)
        die("atexit failed");
    long n = 0, used = 0;
    int done = 0;
    uint64_t t0 = now_ns();
    while (reps_more(&plan, used, n, done, t0)) {
        struct pair *q = &p[n];
        struct run_vals v[2];
        q->rep = ++n;
        q->first = nv == 2 && n % 2 == 0; /* bare (full) first in odd pairs */
        for (int i = 0; i < nv; i++) {
            int vi = (q->first + i) % nv;
            add_reading(q->can[i] = canary());
            run_checked(&o, vi, n, &v[vi]);
        }
        add_reading(q->can[nv] = canary());
        figures(&o, &v[0], nv == 2 ? &v[1] : NULL, q->fig);
        speed_levels(readings, nreadings, &st.L);
        used = classify(p, n, nc, &st.L, &st.m);
        st.n = n;
        done = reached(&o, p, n, used);
    }
    report();
    write_figures(&o, p, n, &st.L, st.m);
    save_readings(&o, first_new);
    free(p);
    free(readings);
    return 0;
}

/* ctxswitch - the direct and the indirect cost of a context switch, after
 * Li, Ding and Shen, "Quantifying the Cost of Context Switch" (ExpCS 2007).
 *
 * Direct cost C1: two processes (or threads) bounce one byte over two pipes
 * (the pair run, T1); one process writes to itself over one pipe (the single
 * run, T2). A pair round trip holds two switches and, per side, one write
 * and one read; a single round trip the same syscalls and no switch:
 *     C1 = T1/2 - T2   (median round trip of each run).
 * Total cost C2: the same, but before each write a side walks its own array
 * of D bytes (S1, S2; read, write or read-modify-write, strided); the single
 * run walks its one array once per round trip, so the walking cancels
 * except for what the switch does to the caches:
 *     C2 = S1/2 - S2,   indirect = C2 - C1.
 * What is compared is measured together: every repetition of a sweep cell
 * is cut into short blocks, each running T1, T2, S1 and S2 back to back (in
 * rotated order, one partner serving all four) between two readings of the
 * speed canary, and C1, C2 and the indirect cost are computed per block.
 * Every round trip is timed (ticks_now()) and each run contributes its
 * median round trip. The canary readings of the whole run fall into speed
 * levels (common/levels.c); a block counts in the level its readings lie
 * in, and every figure is given once per level. A block in which another
 * task took time from the two sides, or whose readings straddle two levels,
 * is left out; repetitions are added until the interval is narrow enough
 * or a time cap is hit.
 * Everything runs on one CPU (pinned) at SCHED_FIFO when permitted; what was
 * granted is printed. Output: '# ' provenance lines, then RESULT and samples
 * lines on stdout (grammar in docs/output-grammar.md); progress on stderr.
 * Files: this one (options, plan, repetitions), pingpong.c (walk, partner,
 * timed run), report.c (statistics and output), rederive.c (the figures
 * again from a raw file's samples). */
#define _GNU_SOURCE
#include "common.h"
#include "ctxswitch.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sched.h>
#endif

const char *const access_name[4] = {"none", "read", "write", "rmw"};
const char *const mode_name[2] = {"process", "thread"};

/* ---- options ---- */

static void usage(FILE *f)
{
    fputs("usage: ctxswitch [-h] [-n] [--rederive RAW]\n"
          "  Measures the direct (C1) and indirect (C2 - C1) cost of a context switch.\n"
          "  -n  check the knobs, print the plan and an estimate (eta_s=) and exit\n"
          "  --rederive RAW  every invocation's figure and speed_level lines again from\n"
          "      RAW's samples lines (old files: each repetition one block)\n"
          "environment (unset or empty = default; anything else invalid exits 2):\n"
          "  ROUNDS=N       timed round trips per run of the direct cells (1..100000000;\n"
          "                 default 4000); sweep cells use\n"
          "                 min(ROUNDS, max(50, 512 KiB / D))\n"
          "  REPS=N         the least number of clean repetitions per cell (1..1001; default 11;\n"
          "                 intervals need 6); more are run until the interval is\n"
          "                 narrow enough (5% or 20 ns) or MAX_CELL_S is reached\n"
          "  MAX_CELL_S=S   time cap per cell for those extra repetitions (0..3600; default 1);\n"
          "                 never more than 4 x REPS + 10 repetitions\n"
          "  MAX_ROUNDS=N   at most N repetitions per cell (1..100000; default 4 x REPS + 10)\n"
          "  DIRECT_ONLY=0|1  measure the direct cost C1 only (no sweep)\n"
          "  SIZES=K,...    array sizes D in KiB (1..4194304); default: powers of two from 1 KiB\n"
          "                 to 2 x LLC plus 1/2, 3/4 and 1 x L2 and LLC, all capped at MAX_KIB\n"
          "  MAX_KIB=K      cap on the default sweep (1..4194304; default 2048)\n"
          "  STRIDES=B,...  walk strides in bytes, multiples of 8 (8..4096; default 8,128)\n"
          "  ACCESS=A,...   read, write, rmw (default rmw,read,write); rmw runs every stride,\n"
          "                 read and write the first stride only\n"
          "  MODE=M,...     process, thread (default process,thread); thread mode runs the\n"
          "                 first ACCESS only (the process-thread difference needs one)\n"
          "  CPU=N          the CPU to run on (default: the last allowed CPU)\n"
          "  PIN=0|1        pin to CPU and ask for SCHED_FIFO (default 1)\n"
          "(run.sh's QUICK=1 sets smaller ROUNDS, REPS, MAX_CELL_S, MAX_KIB and SIZES:\n"
          "ctxswitch/exp.sh)\n",
          f);
}

#define MAX_SIZES 64
#define MAX_STRIDES 8
/* Blocks per repetition. On the slow-host fixture (2026-12-06) consecutive
 * repetitions, ~50 ms apart, had canaries in one state in 84% of pairs: a
 * state lasts ~300 ms, so a quarter of a direct repetition (~11 ms)
 * straddles a change in ~4% of blocks, and its runs keep 1000 round trips
 * (sweep cells: 12 or more) for their medians. */
#define BLOCKS_PER_REP 4
#define MIN_SWEEP_ROUNDS 50
#define SWEEP_WALK_BYTES (512L << 10) /* per side and run, see rounds_for() */

static struct {
    long rounds, max_kib, cpu, pin, direct_only;
    long sizes[MAX_SIZES], strides[MAX_STRIDES];
    size_t nsizes, nstrides;
    enum access access[3];
    enum mode modes[2];
    size_t naccess, nmodes;
    struct reps_plan plan;
} opt;

/* A comma-separated list of distinct words from names[lo..hi] (def if unset);
 * exits 2 naming the knob and what it accepts otherwise. */
static size_t env_words(const char *knob, const char *def, const char *const *names, int lo, int hi,
                        const char *accepts, int *out, size_t cap)
{
    const char *s = getenv(knob) && *getenv(knob) ? getenv(knob) : def;
    size_t n = 0, len = strlen(s);
    for (const char *p = s; p <= s + len && n <= cap;) {
        size_t wl = strcspn(p, ",");
        int k = lo;
        while (k <= hi && (strlen(names[k]) != wl || strncmp(p, names[k], wl) != 0))
            k++;
        for (size_t i = 0; i < n && k <= hi; i++)
            k = out[i] == k ? hi + 1 : k;
        if (k > hi || n == cap)
            die_usage("%s=%s: expected distinct comma-separated words from: %s", knob, s, accepts);
        out[n++] = k;
        p += wl + 1;
    }
    return n;
}

static int default_cpu(void)
{
    for (int c = 1023; c >= 0; c--)
        if (cpu_allowed(c))
            return c;
    return 0;
}

static void read_knobs(void)
{
    opt.rounds = env_long("ROUNDS", 4000, 1, 100000000);
    opt.plan = reps_plan_from_env(11, 1);
    opt.direct_only = env_long("DIRECT_ONLY", 0, 0, 1);
    opt.max_kib = env_long("MAX_KIB", 2048, 1, 4194304);
    opt.pin = env_long("PIN", 1, 0, 1);
    opt.nsizes = env_long_list("SIZES", 1, 4194304, opt.sizes, MAX_SIZES);
    opt.nstrides = env_long_list("STRIDES", 8, 4096, opt.strides, MAX_STRIDES);
    for (size_t i = 0; i < opt.nstrides; i++) {
        if (opt.strides[i] % 8)
            die_usage("STRIDES=%s: %ld is not a multiple of 8 (the element size)", getenv("STRIDES"), opt.strides[i]);
        for (size_t j = 0; j < i; j++)
            if (opt.strides[j] == opt.strides[i])
                die_usage("STRIDES=%s: %ld given twice", getenv("STRIDES"), opt.strides[i]);
    }
    if (opt.nstrides == 0) {
        opt.strides[0] = 8, opt.strides[1] = 128;
        opt.nstrides = 2;
    }
    int w[3];
    opt.naccess = env_words("ACCESS", "rmw,read,write", access_name, ACC_READ, ACC_RMW, "read, write, rmw", w, 3);
    for (size_t i = 0; i < opt.naccess; i++)
        opt.access[i] = (enum access)w[i];
    opt.nmodes = env_words("MODE", "process,thread", mode_name, MODE_PROCESS, MODE_THREAD, "process, thread", w, 2);
    for (size_t i = 0; i < opt.nmodes; i++)
        opt.modes[i] = (enum mode)w[i];
    const char *cpu = getenv("CPU");
    if (cpu && *cpu) {
        opt.cpu = env_long("CPU", 0, 0, 1023);
        if (!cpu_allowed((int)opt.cpu))
            die_usage("CPU=%s: not a CPU this process may run on (0..%d, allowed set)", cpu, online_cpus() - 1);
    } else {
        opt.cpu = default_cpu();
    }
}

/* ---- setup: caches, the sweep, pinning ---- */

static struct {
    long l1d, l2, llc, line; /* bytes, 0 = unknown */
    int llc_level;
    enum cache_source src;
} cache;

/* Print what every source says for each level (and the line size) for our
 * CPU (NA: the source does not say); disagree=1 marks a level the sources
 * report differently. */
static void put_bytes(const char *key, long v)
{
    if (v > 0)
        printf(" %s=%ld", key, v);
    else
        printf(" %s=NA", key);
}

static void describe_caches(int print)
{
    cache.l1d = cache_size(1, (int)opt.cpu, NULL);
    cache.l2 = cache_size(2, (int)opt.cpu, NULL);
    cache.llc = cache_llc((int)opt.cpu, &cache.llc_level, &cache.src);
    cache.line = cache_line((int)opt.cpu, NULL);
    static const enum cache_source srcs[] = {SRC_SYSFS, SRC_SYSCONF, SRC_SYSCTL};
    for (int level = 0; print && level <= 4; level++) { /* level 0: the L1d line size */
        long v[3] = {0, 0, 0}, first = 0;
        int differ = 0;
        for (int s = 0; s < 3; s++) {
            struct cache_level c[8];
            int n = cache_levels(srcs[s], (int)opt.cpu, c, 8);
            for (int i = 0; i < n; i++)
                if (c[i].level == (level ? level : 1))
                    v[s] = level ? c[i].size : c[i].line;
            differ |= v[s] > 0 && first > 0 && v[s] != first;
            first = first ? first : v[s];
        }
        enum cache_source u = SRC_SYSFS;
        char name[8] = "line";
        if (level)
            snprintf(name, sizeof name, "L%d", level);
        if (first && (level ? cache_size(level, (int)opt.cpu, &u) : cache_line((int)opt.cpu, &u))) {
            printf("RESULT exp=ctxswitch kind=cache level=%s", name);
            put_bytes("sysfs_bytes", v[0]);
            put_bytes("sysconf_bytes", v[1]);
            put_bytes("sysctl_bytes", v[2]);
            printf(" used=%s disagree=%d\n", cache_source_name(u), differ);
        }
    }
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static void add_size(long kib, long top)
{
    if (kib >= 1 && kib <= top && opt.nsizes < MAX_SIZES)
        opt.sizes[opt.nsizes++] = kib;
}

/* The default sweep: 1 KiB up to 2 x LLC in powers of two plus 1/2, 3/4 and
 * 1 x L2 and LLC, never above MAX_KIB (2 x LLC is far too big to sweep in a
 * minute on most machines; SIZES= reaches any size). Returns the top. */
static long plan_sizes(void)
{
    if (opt.nsizes > 0) {
        qsort(opt.sizes, opt.nsizes, sizeof *opt.sizes, cmp_long);
    } else {
        long top = cache.llc > 0 ? 2 * cache.llc / 1024 : opt.max_kib;
        top = top < opt.max_kib ? top : opt.max_kib;
        for (long k = 1; k <= top; k *= 2)
            add_size(k, top);
        long marks[] = {cache.l2 / 1024, cache.llc / 1024};
        for (int i = 0; i < 2; i++) {
            add_size(marks[i] / 2, top);
            add_size(marks[i] * 3 / 4, top);
            add_size(marks[i], top);
            add_size(2 * marks[i], top);
        }
        qsort(opt.sizes, opt.nsizes, sizeof *opt.sizes, cmp_long);
    }
    size_t n = 0; /* drop duplicates */
    for (size_t i = 0; i < opt.nsizes; i++)
        if (n == 0 || opt.sizes[i] != opt.sizes[n - 1])
            opt.sizes[n++] = opt.sizes[i];
    opt.nsizes = n;
    return n ? opt.sizes[n - 1] : 0;
}

/* Round trips for a sweep cell: about SWEEP_WALK_BYTES walked per side and
 * run, never fewer than MIN_SWEEP_ROUNDS (nor more than ROUNDS). Each round
 * trip is timed, so a run's median is steady after far fewer round trips
 * than a whole-run average would need; at large D the walks dominate. */
static long rounds_for(long kib)
{
    long r = SWEEP_WALK_BYTES / (kib * 1024);
    r = r > MIN_SWEEP_ROUNDS ? r : MIN_SWEEP_ROUNDS;
    return r < opt.rounds ? r : opt.rounds;
}

static struct cell *cells;
static size_t ncells, ndirect; /* the direct cells first, one per mode */

static void plan_cells(void)
{
    cells = xmalloc((opt.nmodes * (1 + opt.nsizes * (opt.nstrides + 2))) * sizeof *cells);
    for (size_t m = 0; m < opt.nmodes; m++)
        cells[ncells++] = (struct cell){opt.modes[m], ACC_NONE, 0, 0, opt.rounds};
    ndirect = ncells;
    for (size_t m = 0; m < opt.nmodes && !opt.direct_only; m++) {
        for (size_t s = 0; s < opt.nsizes; s++)
            for (size_t a = 0; a < (opt.modes[m] == MODE_THREAD ? 1 : opt.naccess); a++)
                for (size_t k = 0; k < (opt.access[a] == ACC_RMW ? opt.nstrides : 1); k++)
                    cells[ncells++] = (struct cell){opt.modes[m], opt.access[a], opt.sizes[s],
                                                    opt.strides[k], rounds_for(opt.sizes[s])};
    }
}

/* A rough cost model for the ETA, per repetition of REPS: 5 us per pair
 * and 1 us per single round trip, walks of D at 4 GB/s (3 per round trip of
 * S1 and S2 together), plus the rt_pause eighth. */
static double cell_eta_s(const struct cell *c)
{
    double walk = c->acc == ACC_NONE ? 0 : (double)c->kib * 1024 / 4e9;
    double per_rep = (double)(c->rounds + 1) * (6e-6 * (c->acc == ACC_NONE ? 1 : 2) + 3 * walk);
    return (double)opt.plan.min_clean * per_rep * 9 / 8;
}

static const char *pinned = "no", *sched = "default";
/* what pin_and_schedule got, for the kind=config line: a state and the
 * error behind a refusal (strerror with blanks as _) */
static const char *pinning = "not_requested", *sched_state = "not_requested";
static char pin_error[64] = "NA", sched_error[64] = "NA";
static int sched_priority = -1;

#ifdef __linux__
static void error_token(char *dst, size_t n, int err)
{
    snprintf(dst, n, "%s", strerror(err));
    for (char *c = dst; *c; c++)
        if (*c == ' ' || *c == '=')
            *c = '_';
}
#endif

static void pin_and_schedule(void)
{
    const char *unplaced = "the OS places both sides";
    if (!opt.pin) {
        printf("# ctxswitch_pinning: not requested (PIN=0); %s\n", unplaced);
        printf("# ctxswitch_sched: not requested (PIN=0); default policy\n");
        return;
    }
#ifdef __linux__
    if (pin_self((int)opt.cpu) == 0) {
        pinned = "yes";
        pinning = "granted";
        printf("# ctxswitch_pinning: granted, both sides on CPU %ld\n", opt.cpu);
    } else {
        pinning = "not_granted";
        error_token(pin_error, sizeof pin_error, errno);
        printf("# ctxswitch_pinning: not granted (%s); %s\n", strerror(errno), unplaced);
    }
    struct sched_param sp = {.sched_priority = sched_get_priority_max(SCHED_FIFO)};
    if (sp.sched_priority >= 0 && sched_setscheduler(0, SCHED_FIFO, &sp) == 0) {
        sched = "fifo";
        sched_state = "granted";
        sched_priority = sp.sched_priority;
        rt_fifo = 1;
        printf("# ctxswitch_sched: SCHED_FIFO priority %d granted (inherited by the partner)\n", sp.sched_priority);
    } else {
        sched_state = "refused";
        error_token(sched_error, sizeof sched_error, errno);
        printf("# ctxswitch_sched: SCHED_FIFO refused (%s); default policy\n", strerror(errno));
    }
#else /* macOS: no affinity API and no SCHED_FIFO for normal users; not tested there */
    pinning = sched_state = "not_available";
    printf("# ctxswitch_pinning: not available on this OS (no CPU affinity API); %s\n", unplaced);
    printf("# ctxswitch_sched: SCHED_FIFO not available on this OS; default policy\n");
#endif
}

/* ---- repetitions ---- */

/* What is measured together: the direct cells of every mode (each
 * repetition runs T1 and T2 of each, so process - thread is paired too), or
 * one sweep cell (T1, T2, S1, S2). */
struct job {
    struct cell_data *d; /* ncell cells */
    size_t ncell, nsub;
    struct partner *p[2]; /* one per cell */
    struct side sd;       /* the parent's array (sweep cells) */
    int sub_cell[4], sub_kind[4];
};

static double best_canary = INFINITY;
static int judge_lost; /* pinned: lost time is time other tasks took */

/* The interference line, once: whether lost time is judged, and why not. */
static void say_interference(const struct partner *p)
{
    static int said;
    const char *why;
    if (said++)
        return;
    int clock_ok = partner_clock_ok(p, &why);
    printf("RESULT exp=ctxswitch kind=interference judged=%d why=", clock_ok && judge_lost);
    if (clock_ok && judge_lost)
        printf("NA");
    else if (clock_ok)
        printf("not_pinned");
    else
        for (const char *c = why; *c; c++)
            putchar(*c == ' ' || *c == '=' ? '_' : *c);
    printf(" interference_share=%.2f\n", INTERFERENCE_SHARE);
    if (!clock_ok)
        printf("# ctxswitch_interference: off (%s); blocks are left out only when their canary readings straddle"
               " two speed levels\n", why);
    else if (!judge_lost)
        printf("# ctxswitch_interference: off (not pinned: the two sides can run at once on two CPUs or wait for"
               " an idle one to wake, so wall minus CPU time is not time taken by others); lost= is recorded\n");
    else
        printf("# ctxswitch_interference: on (per run, lost = wall - parent CPU - partner CPU time; a repetition"
               " with a run above %.2f of its wall time is left out)\n", INTERFERENCE_SHARE);
}

/* The run's canary readings, in the order taken: their speed levels say
 * which state of the host each block ran in. */
static double *readings;
static size_t nreadings, readings_cap;

static double reading(void)
{
    if (nreadings == readings_cap) {
        readings_cap = readings_cap ? 2 * readings_cap : 4096;
        if (!(readings = realloc(readings, readings_cap * sizeof *readings)))
            die_errno("realloc");
    }
    double x = round(canary_ns() * 1e4) / 1e4; /* as printed (%.4f), for --rederive */
    best_canary = fmin(best_canary, x);
    return readings[nreadings++] = x;
}

/* One repetition: BLOCKS_PER_REP blocks, each running every sub-run of the
 * job once (block_rounds round trips each, from sub-run g mod nsub on for
 * block g), with a canary reading between blocks (never inside a timed
 * window): so T1 and T2 (S1 and S2) are compared within a few ms, in one
 * state of the host. */
static void run_rep(struct job *j, long rep)
{
    uint64_t t0 = now_ns();
    long nb = j->d[0].nb, rounds = j->d[0].block_rounds;
    double before = reading();
    for (long b = 0; b < nb; b++) {
        long g = rep * nb + b;
        int interfered = 0;
        for (size_t k = 0; k < j->nsub; k++) {
            size_t e = ((size_t)g + k) % j->nsub;
            struct cell_data *d = &j->d[j->sub_cell[e]];
            int kind = j->sub_kind[e], pair = kind == SUB_T1 || kind == SUB_S1;
            struct subrun *s = &d->sub[kind][g];
            subrun_run(pair ? j->p[j->sub_cell[e]] : NULL, &j->sd, kind >= SUB_S1, rounds, s);
            s->rt_ns = round(s->rt_ns * 10) / 10; /* as the samples print it: --rederive gives the same figures */
            struct usage *u = pair ? &d->pair : &d->single;
            u->nvcsw += s->u.nvcsw;
            u->nivcsw += s->u.nivcsw;
            *(pair ? &d->pair_rts : &d->single_rts) += rounds + 1;
            interfered |= judge_lost && s->lost > INTERFERENCE_SHARE; /* NAN: unknown, not judged */
        }
        double after = reading();
        for (size_t c = 0; c < j->ncell; c++) {
            j->d[c].canary0[g] = before;
            j->d[c].canary1[g] = after;
            j->d[c].interfered[g] = (char)interfered;
        }
        before = after;
    }
    for (size_t c = 0; c < j->ncell; c++)
        j->d[c].nrep = rep + 1; /* only now: judge_blocks reads whole repetitions */
    rt_pause(now_ns() - t0);
}

/* Repetitions until the job's cells have REPS repetitions' worth of blocks
 * in their main level and its targets, or a cap is hit (reps_more); then
 * the quit handshakes. The levels are those of every reading so far; the
 * main level is the job's own (the level with most of its usable blocks),
 * which on a host that changed state between cells need not be the run's. */
static void run_job(struct job *j)
{
    struct usage u0 = usage_now();
    /* processes are forked before any thread is created */
    for (int pass = 0; pass < 2; pass++)
        for (size_t c = 0; c < j->ncell; c++)
            if ((j->d[c].c->mode == MODE_PROCESS) == (pass == 0)) {
                j->d[c].cpu_first = current_cpu();
                j->p[c] = partner_start(j->d[c].c);
                say_interference(j->p[c]);
            }
    side_init(&j->sd, j->d[0].c);
    uint64_t started = now_ns();
    long rep = 0, clean = 0;
    int reached = 0;
    while (reps_more(&opt.plan, clean, rep, reached, started)) {
        run_rep(j, rep++);
        struct speed_levels L;
        speed_levels(readings, nreadings, &L);
        reached = 1, clean = LONG_MAX;
        for (size_t c = 0; c < j->ncell; c++) {
            judge_blocks(&j->d[c], &L);
            int k = cell_main_level(&j->d[c]);
            long n = k ? level_blocks(&j->d[c], k) / j->d[c].nb : 0;
            clean = n < clean ? n : clean;
            reached &= k && targets_reached(&j->d[c], k, opt.plan.rel, TARGET_ABS_NS);
        }
    }
    struct usage all = usage_diff(usage_now(), u0);
    for (size_t c = 0; c < j->ncell; c++) {
        struct cell_data *d = &j->d[c];
        partner_stop(j->p[c], &d->partner); /* after the last timed round trip */
        if (d->partner.round_trips != d->pair_rts)
            die("the partner served %ld round trips, the parent ran %ld", d->partner.round_trips, d->pair_rts);
        d->parent_migrations = all.migrations;
        d->cpu_last = current_cpu();
        d->parent_ok = side_verify(&j->sd);
    }
    side_free(&j->sd);
}

/* ---- main ---- */

int main(int argc, char **argv)
{
    int dry = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "-n") == 0) {
            dry = 1;
        } else if (strcmp(argv[i], "--rederive") == 0 && i + 2 == argc) {
            return rederive(argv[i + 1]);
        } else if (strcmp(argv[i], "--rederive") == 0) { /* was "unknown argument '--rederive'" */
            fprintf(stderr, "ctxswitch: %s\n", i + 1 == argc ? "--rederive needs RAW, a raw file"
                                                            : "--rederive RAW comes last, with nothing after RAW");
            return EXIT_USAGE;
        } else {
            fprintf(stderr, "ctxswitch: unknown argument '%s'; expected -h, -n or --rederive RAW (knobs are environment"
                            " variables)\n",
                    argv[i]);
            return EXIT_USAGE;
        }
    }
    read_knobs();
    describe_caches(!dry);
    long top = plan_sizes();
    plan_cells();
    double eta = 0;
    for (size_t i = 0; i < ncells; i++)
        eta += cell_eta_s(&cells[i]);
    printf("RESULT exp=ctxswitch kind=plan cells=%zu eta_s=%.0f sizes_kib=", ncells, eta);
    for (size_t i = 0; i < opt.nsizes && !opt.direct_only; i++)
        printf("%s%ld", i ? "," : "", opt.sizes[i]);
    printf("%s\n", opt.nsizes && !opt.direct_only ? "" : "NA");
    if (dry)
        return 0;

    if (signal(SIGPIPE, SIG_IGN) == SIG_ERR) /* a dead partner: EPIPE, not a silent death */
        die_errno("signal(SIGPIPE)");
    pin_and_schedule();
    judge_lost = *pinned == 'y';
    ticks_ns_per_tick(); /* its one-off 10 ms calibration, before anything is timed */
    for (int i = 0; i < 10; i++) /* not among the readings: the first ones run while the CPU wakes up */
        best_canary = fmin(best_canary, canary_ns());
    /* what the summary needs about the run; l1d/l2/llc/line 0 = unknown */
    printf("RESULT exp=ctxswitch kind=config cpu=%ld pinned=%d pinning=%s pin_error=%s sched=%s sched_state=%s",
           opt.cpu, *pinned == 'y', pinning, pin_error, sched, sched_state);
    if (sched_priority >= 0)
        printf(" sched_priority=%d", sched_priority);
    else
        printf(" sched_priority=NA");
    printf(" sched_error=%s round_trips=%ld reps_min=%ld reps_max=%ld max_cell_s=%.0f direct_only=%ld"
           " sweep_rounds_min=%d sweep_walk_bytes=%ld blocks_per_rep=%d ticks=%s canary_start_ns=%.4f",
           sched_error, opt.rounds, opt.plan.min_clean, opt.plan.max_rounds, opt.plan.cap_s,
           opt.direct_only, MIN_SWEEP_ROUNDS, SWEEP_WALK_BYTES, BLOCKS_PER_REP, ticks_source(), best_canary);
    put_bytes("l1d_bytes", cache.l1d);
    put_bytes("l2_bytes", cache.l2);
    put_bytes("llc_bytes", cache.llc);
    printf(" llc_level=%d", cache.llc_level);
    put_bytes("line_bytes", cache.line);
    printf(" cache_source=%s top_kib=%ld max_kib=%ld sizes_from=%s\n", cache_source_name(cache.src), top,
           opt.max_kib, getenv("SIZES") && *getenv("SIZES") ? "SIZES" : "default");
    fflush(stdout);

    struct cell_data *data = xmalloc(ncells * sizeof *data);
    for (size_t i = 0; i < ncells; i++)
        cell_data_alloc(&data[i], &cells[i], opt.plan.max_rounds, cells[i].rounds < BLOCKS_PER_REP ? cells[i].rounds : BLOCKS_PER_REP);
    double done = 0;
    uint64_t t0 = now_ns();
    /* the sweep cells one by one, then the direct cells of every mode
     * together (by then the canary has most likely seen the machine's fast
     * state, against which every repetition is judged) */
    for (size_t i = ndirect; i <= ncells; i++) {
        size_t first = i < ncells ? i : 0;
        struct job j = {.d = &data[first], .ncell = i < ncells ? 1 : ndirect};
        for (size_t c = 0; c < j.ncell; c++)
            for (int k = 0; k < (cells[first].acc == ACC_NONE ? 2 : NSUB); k++) {
                j.sub_cell[j.nsub] = (int)c;
                j.sub_kind[j.nsub++] = k;
            }
        run_job(&j);
        for (size_t c = 0; c < j.ncell; c++)
            done += cell_eta_s(&cells[first + c]);
        progress("ctxswitch", (long)(done * 1000), (long)(eta * 1000), t0);
    }
    /* the levels of all the run's readings: every block is judged again
     * against them, and each figure is printed once per level */
    struct speed_levels L;
    speed_levels(readings, nreadings, &L);
    for (size_t i = 0; i < ncells; i++)
        judge_blocks(&data[i], &L);
    printf("RESULT exp=ctxswitch kind=canary canary_best_ns=%.4f levels=%d\n", best_canary, L.k);
    report_levels(&L, "");
    int ok = report_cells(data, ncells, ndirect == 2, pinned, opt.cpu, &L, opt.plan.rel, "", 1);
    for (size_t i = 0; i < ncells; i++)
        cell_data_free(&data[i]);
    free(data), free(cells), free(readings);
    if (!ok)
        die("checksum mismatch: a walk did not do what it should (see status=mismatch above)");
    return 0;
}

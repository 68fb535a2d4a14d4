/* common.h - what every sharecost benchmark needs: a monotonic timer, honesty
 * macros, die-on-error helpers, statistics, validated environment knobs, the
 * CPU a thread runs on, and the machine's cache topology.
 * Each experiment links common/common.c; nothing here is copied elsewhere. */
#ifndef SHARECOST_COMMON_H
#define SHARECOST_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "clock.h" /* now_ns, and the ticks of short events */

/* Any clock in ns (a thread's or another process's CPU-time clock, say);
 * exits naming the clock if it cannot be read. */
uint64_t clock_ns(clockid_t id);

/* SINK(x): forces x to be computed into a register, so the compiler cannot
 * delete the work that produced it. It does NOT stop the compiler from
 * hoisting, merging or vectorising that work, and it does not make memory
 * writes happen: use CLOBBER() for that. */
#define SINK(x) __asm__ volatile("" : : "r"(x))
/* ESCAPE(p): the pointer p escapes to unknown code, so writes through it must
 * be performed before this point. It does not order them with other threads. */
#define ESCAPE(p) __asm__ volatile("" : : "g"(p) : "memory")
/* CLOBBER(): all memory may have been read or written here. */
#define CLOBBER() __asm__ volatile("" : : : "memory")

/* Errors: one line to stderr (control characters escaped), exit 1 (a failed
 * run); usage errors exit 2. Every program linked with common.c also exits 1
 * with a message when its stdout could not be written (a full disk), and,
 * started by run.sh (SHARECOST_RUN_PID), dies with run.sh (Linux). */
#define EXIT_USAGE 2
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void die_errno(const char *what) __attribute__((noreturn));
void die_usage(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* The option getopt() just refused, as typed: "--bogus" (getopt sees only
 * its second '-', so "-%c" of optopt named '--'), else "-q". */
const char *getopt_bad_option(char *const argv[]);
/* 1 when the first argument is -h or --help: every script takes both, and
 * seven programs refused --help with exit 2 */
int help_asked(int argc, char *const argv[]);
/* pthread functions return an error number instead of setting errno. */
void check_pt(int rc, const char *what);
void *xmalloc(size_t n);
void *xaligned_alloc(size_t align, size_t n);
/* n bytes aligned to align, at a random multiple of align within a 4 KiB
 * page (different in every process): where a buffer lands in the caches'
 * sets is part of what varies between runs, so every invocation samples a
 * new place. Free *base, not the result. */
void *xplaced_alloc(size_t align, size_t n, void **base);

/* Environment knobs: unset or empty -> def; anything not a whole number in
 * [min, max] -> exit 2 with one line naming the knob and what it accepts. */
long env_long(const char *name, long def, long min, long max);
/* Parse a decimal whole number in [min, max]; 0 on success, -1 otherwise. */
int parse_long(const char *s, long min, long max, long *out);
/* Parse a comma-separated list of whole numbers in [min, max] (at most cap);
 * returns the count, or exits 2 naming `name`. */
size_t parse_long_list(const char *name, const char *s, long min, long max,
                       long *out, size_t cap);
/* The same for an environment variable; unset or empty -> 0 entries. */
size_t env_long_list(const char *name, long min, long max, long *out, size_t cap);

/* The CPU the calling thread runs on now: sched_getcpu() on Linux; -1 where
 * the OS gives no such call (macOS: see common.c for what is used instead). */
int current_cpu(void);
/* Online CPUs. */
int online_cpus(void);
/* Pin the calling thread to one CPU. Returns 0 if granted, -1 if the OS has no
 * affinity API (macOS) or refused (errno kept); never exits. */
int pin_self(int cpu);
/* 1 where the OS lets a thread pin itself to a CPU (Linux), else 0 (macOS
 * offers only affinity hints, which are not pinning). */
int affinity_supported(void);
/* Is cpu in the calling thread's allowed set? (Always 1 without an API.) */
int cpu_allowed(int cpu);
/* The CPUs the calling thread may run on (Linux: sched_getaffinity, so a
 * taskset or a container's CPU set counts; elsewhere 0..online-1): fills up
 * to cap ids into list (list may be NULL) and returns how many there are.
 * This, not online_cpus(), is how many threads can run at once. */
int allowed_cpus(int *list, int cap);

/* The first line of a small file (sysfs, /proc) without its newline; 0 on
 * success, -1 if it cannot be opened or is empty. */
int read_line(const char *path, char *buf, size_t cap);

/* path opened for reading; NULL (errno set) when it cannot be opened;
 * refused (exit 2, "WHAT PATH: ...") unless a regular file: a FIFO or
 * /dev/zero would be read for ever; an empty path is refused (exit 2) */
FILE *open_regular_input(const char *what, const char *path);

/* Caches. One record per level as a given source reports it. */
enum cache_source { SRC_SYSFS, SRC_SYSCONF, SRC_SYSCTL };
const char *cache_source_name(enum cache_source s);
struct cache_level {
    int level;        /* 1, 2, 3, 4 */
    long size;        /* bytes; 0 = unknown */
    long line;        /* bytes; 0 = unknown */
    char shared[128]; /* sysfs shared_cpu_list, "" if unknown */
};
/* Fills up to cap data/unified levels for cpu as src reports them; returns
 * the count (0 if the source does not exist on this OS). */
int cache_levels(enum cache_source src, int cpu, struct cache_level *out, int cap);
/* The best size of level L for cpu and the source it came from, trying sysfs,
 * then sysctl, then sysconf. 0 if no source knows. */
long cache_size(int level, int cpu, enum cache_source *used);
/* Line size: L1d coherency line from sysfs, then hw.cachelinesize, then sysconf. */
long cache_line(int cpu, enum cache_source *used);
/* Last-level cache size for cpu (highest level any source knows). */
long cache_llc(int cpu, int *level, enum cache_source *used);

/* Topology (Linux sysfs). */
/* Do cpus a and b share a cache at `level`? 1 yes, 0 no, -1 unknown. */
int cpus_share_cache(int a, int b, int level);
/* Are a and b SMT siblings of one core? 1 yes, 0 no, -1 unknown. */
int cpus_are_smt_siblings(int a, int b);

/* Write v[0..n) to f as "a,b,c" (nothing for n = 0): the CPU lists of the
 * RESULT lines. */
void put_int_list(FILE *f, const int *v, int n);

/* Progress for long runs, on stderr: "label: done/total, E s elapsed, ~R s
 * left" ("time left not known yet" while done is 0). On a terminal one line
 * updated in place at most every second; elsewhere the first line, at most
 * one every 5 s, and the last; t0 is the run's start (now_ns). */
void progress(const char *label, long done, long total, uint64_t t0);

/* ---- statistics (stats.c) ---- */

/* Over n samples (n >= 1); none of them modify the input. */
double stat_median(const double *x, size_t n);
/* The p-quantile (0 <= p <= 1), interpolated linearly between order
 * statistics; stat_median is stat_quantile(x, n, 0.5). */
double stat_quantile(const double *x, size_t n, double p);
double stat_min(const double *x, size_t n);
/* Tukey's fences: q1 - 1.5 (q3 - q1) and q3 + 1.5 (q3 - q1); a sample
 * outside them is an outlier by the box-plot rule. */
void stat_fences(const double *x, size_t n, double *lo, double *hi);

/* ---- intervals and tests (stats.c) ----
 * Every published figure carries a 95% interval. All of these are
 * deterministic (no resampling), so golden files stay stable. */
struct interval {
    double est;    /* the estimate */
    double lo, hi; /* 95% interval; NAN when n is too small for one */
    double p;      /* two-sided p-value against no effect (0 for a shift, 1
                    * for a ratio); NAN for a plain median */
    size_t n;      /* samples used */
};
/* Median with a distribution-free interval: the order statistics whose
 * ranks a Binomial(n, 1/2) puts 95% between (needs n >= 6). */
struct interval ci_median(const double *x, size_t n);
/* Paired differences d[i] (one per round): the Hodges-Lehmann estimate (the
 * median of the Walsh averages), the Wilcoxon signed-rank interval and its
 * p-value against 0 (exact up to n = 60, normal beyond; needs n >= 6).
 * Without ties or zeros among |d| the interval excludes 0 exactly when
 * p < 0.05, in both branches (the normal branch's interval is then at most
 * one rank wider than the exact one). With ties the p-value comes from the
 * normal law with the tie correction while the interval keeps its exact
 * ranks, so near p = 0.05 the two can disagree, and a bound can be a Walsh
 * average of exactly 0 while p < 0.05 (common/tests/stats_check.c). */
struct interval ci_shift(const double *d, size_t n);
/* Per-round ratios r[i] > 0: ci_shift on their logarithms, exponentiated;
 * p-value against a ratio of 1. */
struct interval ci_ratio(const double *r, size_t n);
/* The interval's larger half-width relative to |est|; INFINITY without one. */
double ci_rel_halfwidth(struct interval iv);
/* Target reached: half-width within rel of |est| or within abs_floor. */
int ci_reached(struct interval iv, double rel, double abs_floor);
/* Benjamini-Hochberg: q[i] = p[i] adjusted for the n tests of one table
 * (NAN entries are skipped and stay NAN). q <= 0.05 means significant with
 * the false-discovery rate held at 5% across the table. */
void bh_adjust(const double *p, size_t n, double *q);
/* 1 when the samples fall into two groups: a gap between neighbours (sorted)
 * that leaves at least a fifth of them, and at least two, on each side and
 * is wider than 10% of the median and than each group's own spread. Never
 * for n < 5; a single outlier is not a second mode. */
int stat_two_modes(const double *x, size_t n);

/* ---- what varies between runs (runs.c) ---- */

/* Groups values with intervals into levels: sorted by estimate, a new level
 * starts where the next value is more than `gap` (relative) above the
 * previous one AND their intervals do not overlap; then neighbouring levels
 * whose own intervals overlap are merged again. A level's interval is the
 * order-statistic interval of its members' estimates (6 or more members) or
 * the hull of their intervals (fewer). Values with a NAN estimate or
 * interval get level 0. Returns the number of levels; level[i] = 1.. in
 * order of increasing estimate. */
int stat_levels(const struct interval *v, size_t n, double gap, int *level);
/* The interval of one level (as stat_levels defines it). */
struct interval stat_level_interval(const struct interval *v, size_t n, const int *level, int which);
/* The q-quantile (0 < q < 1) with its distribution-free 95% interval: the
 * order statistics a Binomial(n, q) puts 95% of the quantile's rank between
 * (NAN bounds when n is too small for them). */
struct interval ci_quantile(const double *x, size_t n, double q);
/* The 97.5% quantile of Student's t (df >= 1). */
double t_quantile975(size_t df);
/* One figure measured in n independent invocations (fresh processes, fresh
 * buffers), each with its estimate and the 95% interval of its own rounds
 * (NAN entries: that invocation has no figure and is skipped). The
 * interval is Student's over the invocation estimates (on their logs when
 * log_scale, for ratios), with the mean within-invocation variance as its
 * floor; one invocation gives its own interval. between_share: the share of
 * the estimates' variance not explained by the rounds' own intervals, the
 * part a single run cannot see (NAN below two invocations). */
struct nested {
    struct interval iv; /* n = invocations used; p unused (NAN) */
    double between_share;
    double sd; /* of the invocation estimates, on the scale used */
};
struct nested ci_invocations(const double *est, const double *lo, const double *hi, size_t n, int log_scale);
/* Student's t: the CDF and the p-quantile (0 < p < 1) for any df > 0,
 * INFINITY for the normal law (the regularized incomplete beta; runs.c). */
double t_cdf(double t, double df);
double t_quantile(double p, double df);
/* A published figure's mean, standard error and degrees of freedom on the
 * scale its interval was taken on (the log for log_scale), recovered from
 * ci_invocations' output: est -+ t(k - 1) se over k invocations; k = 1
 * (the invocation's own rounds) is read as a normal interval (df INFINITY).
 * NAN fields when the interval is missing. */
struct mean_se {
    double m, se, df;
};
struct mean_se published_mean_se(double est, double lo, double hi, size_t k, int log_scale);
/* x on the log scale by the delta method (se / m); NAN unless m > 0. */
struct mean_se mean_se_log(struct mean_se x);
/* b - a of two independent runs' figures: Welch's standard error and the
 * Welch-Satterthwaite degrees of freedom (docs/method.md, "Comparing two
 * runs"). */
struct mean_se welch_diff(struct mean_se a, struct mean_se b);
/* The two-sided interval at `level` (0.95, or 1 - 0.05 / m for m
 * comparisons) of x: m -+ t(df) se; est = m, p unused. */
struct interval ci_mean_se(struct mean_se x, double level);
/* The two-sided p-value against |true value| <= margin: ci_mean_se lies
 * wholly beyond the margin at every level below 1 - p (p = 1 when the
 * estimate lies within the margin). */
double p_beyond_margin(struct mean_se x, double margin);

/* ---- speed levels (levels.c) ----
 * A shared host runs a virtual CPU at a few speeds (another tenant on the
 * core's sibling, the host's power state) and switches between them many
 * times a second. The speed canary around each measurement says which one
 * it ran at. The levels are the modes of the canary readings' density on a
 * log scale, split where the density between two modes falls below half of
 * the smaller one, beyond counting noise; level 1 is the fastest. A
 * measurement belongs to a level when every reading around it lies in that
 * level; one that straddles two is mixed (the host changed speed during
 * it) and is left out. docs/method.md, "Speed levels". */
#define SPEED_MAX_LEVELS 9
struct speed_levels {
    int k;                                  /* levels found; 0 without readings */
    double cut[SPEED_MAX_LEVELS];           /* cut[j]: the lower bound of level j + 2 */
    double mid[SPEED_MAX_LEVELS + 1];       /* per level (1-based): the median reading, */
    double q25[SPEED_MAX_LEVELS + 1];       /* its quartiles, */
    double q75[SPEED_MAX_LEVELS + 1];
    double share[SPEED_MAX_LEVELS + 1];     /* the share of the readings in it */
    size_t count[SPEED_MAX_LEVELS + 1];     /* and their count */
};
/* The levels of n readings x (> 0; others are skipped). */
void speed_levels(const double *x, size_t n, struct speed_levels *L);
/* The level of one reading: 1..k, 0 for no reading. */
int speed_level_of(const struct speed_levels *L, double x);
/* The level of a measurement whose readings run from lo to hi; 0 = mixed. */
int speed_level_span(const struct speed_levels *L, double lo, double hi);
/* The level with the most readings (ties: the faster). */
int speed_main_level(const struct speed_levels *L);

/* ---- reading RESULT lines back (kvline.c) ---- */
/* The value of " key=" in line and its length (*len, may be NULL), or NULL. */
const char *kv_value(const char *line, const char *key, size_t *len);
/* That value as a number; NAN when absent, NA or not a number. */
double kv_number(const char *line, const char *key);
/* The comma list of numbers under key into a fresh *out (NA: NAN): the
 * count; -1 without the key, -2 for a word that is not a number. */
long kv_list(const char *line, const char *key, double **out);

/* ---- what else ran: interference and speed (probe.c) ---- */

/* A snapshot of the calling thread. */
struct probe {
    uint64_t wall_ns;    /* CLOCK_MONOTONIC */
    uint64_t cpu_ns;     /* CLOCK_THREAD_CPUTIME_ID: time this thread ran */
    uint64_t rq_wait_ns; /* Linux: time runnable but waiting for a CPU
                          * (/proc/thread-self/schedstat, 2nd field); else 0 */
    long nivcsw;         /* involuntary context switches (RUSAGE_THREAD) */
};
void probe_read(struct probe *p);
/* b - a, field by field. */
struct probe probe_delta(const struct probe *a, const struct probe *b);
/* Which sources exist here, as a short text for the raw file, e.g.
 * "cpu_time,schedstat,nivcsw" ("schedstat" is Linux-only). */
const char *probe_sources(void);
/* Share of a window's wall time the thread did not run: (wall - cpu) / wall,
 * clamped to [0, 1]. For a thread that never blocks on purpose, everything
 * above timer noise is time another task (or the host, in a VM with steal
 * accounting) took from it. */
double probe_lost_share(const struct probe *d);
/* A round is interfered with when a worker lost more than this share. */
#define INTERFERENCE_SHARE 0.02

/* The speed canary: ns per add of a one-cycle dependent add chain of
 * CANARY_ADDS adds, best of three (~70 us at 3 GHz). Its inverse is the
 * clock in GHz at that moment; a virtual CPU whose physical core is shared
 * with someone else's work runs it slower. */
#define CANARY_ADDS (1u << 16)
double canary_ns(void);
/* A round whose canary took more than SLOW_CANARY x the run's best is in a
 * slow state of the machine. */
#define SLOW_CANARY 1.15
/* The one-cycle add chain itself (also used by clock_estimate); returns n. */
uint64_t add_chain(uint64_t n);

/* Adaptive repetition: rounds are added until every tracked interval has
 * reached its target, or the cap is hit. */
struct reps_plan {
    long min_clean;    /* REPS: at least this many clean rounds */
    long max_rounds;   /* never more rounds than this, clean or not */
    double cap_s;      /* per-cell time cap (MAX_CELL_S) */
    double rel;        /* target half-width relative to the estimate (0.05) */
};
/* 1 while another round is wanted: fewer than min_clean clean rounds (up to
 * REPS_BASE_ROUNDS, then only within the time cap), or a target not reached
 * and the time cap not hit; never beyond max_rounds. started_ns: now_ns() at
 * the cell's first round. */
int reps_more(const struct reps_plan *p, long clean, long rounds, int targets_reached, uint64_t started_ns);
/* The rounds any cell may take to replace the ones left out. An experiment
 * whose rounds are short may raise max_rounds above it: the extra rounds
 * then come only within the time cap. */
#define REPS_BASE_ROUNDS(min_clean) (4 * (min_clean) + 10)
/* The plan from the knobs: REPS (min clean, default def_reps), MAX_CELL_S
 * (default def_cap_s), and max_rounds = MAX_ROUNDS (default
 * REPS_BASE_ROUNDS(REPS)). */
struct reps_plan reps_plan_from_env(long def_reps, double def_cap_s);

#endif

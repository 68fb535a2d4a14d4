/* common.h - what every sharecost benchmark needs: a monotonic timer, honesty
 * macros, die-on-error helpers, statistics, validated environment knobs, the
 * CPU a thread runs on, and the machine's cache topology.
 * Each experiment links common/common.c; nothing here is copied elsewhere. */
#ifndef SHARECOST_COMMON_H
#define SHARECOST_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* Monotonic wall time in ns (CLOCK_MONOTONIC; never REALTIME, which jumps). */
uint64_t now_ns(void);

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

/* Errors: message to stderr, exit 1 (a failed run); usage errors exit 2. */
#define EXIT_USAGE 2
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void die_errno(const char *what) __attribute__((noreturn));
void die_usage(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* pthread functions return an error number instead of setting errno. */
void check_pt(int rc, const char *what);
void *xmalloc(size_t n);
void *xaligned_alloc(size_t align, size_t n);

/* Statistics over n samples (n >= 1); none of them modify the input. */
double stat_median(const double *x, size_t n);
/* The p-quantile (0 <= p <= 1), interpolated linearly between order
 * statistics; stat_median is stat_quantile(x, n, 0.5). */
double stat_quantile(const double *x, size_t n, double p);
double stat_min(const double *x, size_t n);
double stat_mean(const double *x, size_t n);
/* Coefficient of variation: sample stddev / mean (0 for n < 2). */
double stat_cv(const double *x, size_t n);

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
/* A floating knob such as CLOCK_GHZ; unset/empty -> def; else must be > 0. */
double env_double(const char *name, double def);

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

/* Progress for long runs, on stderr: "label: done/total, E s elapsed, ~R s
 * left". Rate-limited to one line a second; t0 is the run's start (now_ns). */
void progress(const char *label, long done, long total, uint64_t t0);

#endif

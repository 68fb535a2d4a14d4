/* fs.h - what false_sharing's files share: false_sharing.c owns the
 * measured loops, the placement and the run; rounds.c owns the workers,
 * the start gate, the rounds and their bookkeeping (interference, canaries,
 * speed levels, adaptive repetition, per-block intervals); results.c the
 * blocks and their RESULT lines; rederive.c the figures again from a raw
 * file's samples lines. */
#ifndef FALSE_SHARING_FS_H
#define FALSE_SHARING_FS_H

#include "common.h"

#include <stddef.h>
#include <stdint.h>

#define MAX_THREADS 64
#define PAD 128 /* the pad128 stride: one counter per 128 B */
/* target half-width of every interval: 5% of the estimate, or this much
 * (ns for a cell, plain units for a ratio) when the value is tiny */
#define ABS_FLOOR 0.02

typedef void inc_fn(uint64_t *slot, uint64_t n);

struct increment {
    const char *name;
    inc_fn *fn;
};

struct layout {
    const char *name;
    size_t stride;
};

/* Round states, one letter per round in the samples lines: the speed level
 * the round ran in ('1' the fastest, up to '9'; common/levels.c), or left
 * out. A round that is both interfered and mixed counts as interfered. */
/* a round's samples as the raw file keeps them (results.c prints them with
 * SAMPLE_FMT): the live figures are computed from these, so that
 * `./run.sh --summarize` (rederive.c) gives every figure back exactly */
#define SAMPLE_FMT "%.4f"
double sample_kept(double x);
#define ST_INTERFERED 'i' /* a worker lost > INTERFERENCE_SHARE of its window */
#define ST_MIXED 'm'      /* its canaries lie in two speed levels: the host changed speed */
#define ST_LEVEL(k) ((char)('0' + (k)))
#define LEVEL_OF_ST(c) ((c) >= '1' && (c) <= '9' ? (c) - '0' : 0)

/* A cell's figures over the rounds of one speed level. */
struct level_fig {
    struct interval ns_iv, cyc_iv;
    double min_ns, canary_ns; /* canary_ns: the median canary of those rounds */
    long used;
    int two_modes, reached;
};

/* One cell: an increment, a layout and T threads on cpus[] (NULL =
 * unpinned), with every round it ran and, after block_finish, its figures. */
struct cell {
    const struct increment *inc;
    const struct layout *lay;
    int T;
    const int *cpus;
    int oversub; /* more threads than allowed CPUs: they take time from
                  * each other by design, so lost time is not judged */
    int group;   /* speed group: cells with the same placement, whose
                  * canaries run under the same load (see struct run) */
    /* per timed round, left-out rounds included */
    double *ns;          /* wall ns per increment */
    double *canary_mean; /* mean of the workers' canaries: the clock then */
    double *canary_min;  /* the fastest and the slowest canary of all workers: */
    double *canary_max;  /* the round runs at the pace of its slowest CPU */
    double *worker_lo;   /* the before and after canaries of the worker whose */
    double *worker_hi;   /* two differ most: mixed when they lie in two levels */
    double *lost;        /* the largest share a worker lost */
    char *state;         /* ST_*; final after block_finish */
    char *cpus_seen;     /* "[0,1][0,1*]...": where each round ended */
    size_t cpus_len, cpus_cap;
    int moved_rounds, pinned_all;
    /* figures per speed level, over its rounds (block_finish) */
    struct level_fig lv[SPEED_MAX_LEVELS + 1];
    long interfered, mixed;
    int two_modes_all;
};

/* A paired comparison: ns[num] / ns[den] per round in which both cells
 * ran in the same speed level, per level. */
struct ratio {
    int num, den;        /* cell indexes in the block */
    const char *compare; /* adjacent_over_pad128, pad64_over_pad128, pad128_over_1thread */
    int T;
    struct interval iv[SPEED_MAX_LEVELS + 1];
    double q[SPEED_MAX_LEVELS + 1]; /* bh_adjust across the ratio table (the caller sets it) */
    int reached[SPEED_MAX_LEVELS + 1];
};

/* A set of cells measured together: one round runs each cell once, in an
 * order rotated by one every round, so drift lands on every cell alike. */
struct block {
    struct cell *cells;
    int ncell;
    struct ratio *ratios;
    int nratio;
    long rounds;    /* timed rounds run */
    uint64_t iters; /* increments per thread and round: the run's, or fewer so
                     * that the slowest cell's loop fits the speed window */
};

/* What the whole run shares. The best canary is kept per speed group
 * (one per thread count, one per CPU pair): with T workers busy the canary
 * runs slower wherever CPUs share a core (SMT siblings, which a virtual
 * machine does not show), so the speed levels are found among the
 * canaries relative to their group's best: level 1 is each group at its
 * fastest, and a T-thread round pairs with a 1-thread one of its level. */
#define MAX_GROUPS 32
struct run {
    struct reps_plan plan;
    uint64_t iters;
    double best[MAX_GROUPS]; /* the fastest canary seen so far, per group */
    struct speed_levels levels; /* of every round's canaries / best (run_levels) */
    double window_ns; /* the longest loop a round may time: shorter than the host's
                       * stays in one speed, halved after a block with many mixed rounds */
    long done;          /* cell-rounds run */
    long total, shown;  /* planned cell-rounds: all, and those of the blocks done (progress) */
    uint64_t t0;
};

/* The run: its plan; no canary seen yet. */
void run_init(struct run *r, uint64_t iters, struct reps_plan plan);
/* Allocate a block's per-round arrays for r->plan.max_rounds rounds. */
void block_alloc(struct block *b, const struct run *r);
void block_free(struct block *b);
/* One warm-up round (discarded), then rounds until every cell and ratio
 * has REPS rounds in the block's main speed level and its interval there
 * reached the target width, or the plan's caps are hit. */
void block_run(struct block *b, struct run *r);
/* The speed levels of every round of the nb blocks (r->levels). */
void run_levels(const struct block *b, int nb, struct run *r);
/* Judge every round by r->levels and compute the cells' and ratios'
 * figures in each level (all but the ratios' q). */
void block_finish(struct block *b, const struct run *r);
/* The address of thread t's counter in layout l. */
uint64_t *slot_of(const struct layout *l, int t);

/* ---- results.c ---- */
#define N_LAYOUT 3
enum { L_ADJ, L_PAD64, L_PAD128 };
extern const struct layout layouts[N_LAYOUT];
/* Increment inc at every thread count of run_t (cells by T and layout, the
 * ratios within each T and against one thread); cpus_t NULL: unpinned. */
void build_block(struct block *b, const struct increment *inc, const int *run_t, int nrun,
                 int cpus_t[][MAX_THREADS], const int *oversub_t, int pinned);
/* The same increment at 2 threads on one CPU pair: adjacent and pad128. */
void build_pair_block(struct block *b, const struct increment *inc, const int *pair, int group);
void drop_block(struct block *b);
/* " key=value" with prec decimals, or " key=NA" */
void put(const char *key, double v, int prec);
/* kind=cell or pair (extra: " class=... pair=...") per speed level, then
 * its samples lines and, for a measured cell, its cpus and checksum lines */
void print_cell(const char *kind, const char *extra, const struct cell *c, const struct block *b,
                const struct run *r);
void print_ratio(const char *kind, const char *extra, const struct block *b, const struct ratio *q,
                 const struct run *r);
/* kind=speed_level: one line per level of the run, after kind=speed_dwell:
 * how long the host stayed in one level, in the blocks' time order */
void print_levels(const struct block *b, int nb, const struct run *r);
/* q-values across one table of ratios (every block's, every level's) */
void adjust_table(struct block *blocks, int nblock, int levels);

/* ---- rederive.c ---- */
/* Reads a raw file's invocation-tagged samples lines and prints, per
 * invocation, its figure and speed_level lines again, tagged inv=I. */
void rederive(const char *path, const struct increment *incs, int ninc);

#endif

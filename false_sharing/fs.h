/* fs.h - what false_sharing's two files share: false_sharing.c owns the
 * measured loops, the placement and the output; rounds.c owns the workers,
 * the start gate, the rounds and their bookkeeping (interference, canaries,
 * adaptive repetition, per-block intervals). */
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

/* Round states, one letter per round in the samples lines. A round that
 * is both interfered and slow counts as interfered. */
#define ST_CLEAN 'c'
#define ST_INTERFERED 'i' /* a worker lost > INTERFERENCE_SHARE of its window */
#define ST_SLOW 's'       /* a worker's canary > SLOW_CANARY x the run's best */

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
    double *canary_max;  /* the slowest canary: what marks a slow round */
    double *lost;        /* the largest share a worker lost */
    char *state;         /* ST_*; final after block_finish */
    char *cpus_seen;     /* "[0,1][0,1*]...": where each round ended */
    size_t cpus_len, cpus_cap;
    int moved_rounds, pinned_all;
    /* figures over the clean rounds (block_finish) */
    struct interval ns_iv, cyc_iv;
    double min_ns, slow_share;
    long used, interfered, slow;
    int two_modes, two_modes_all, reached;
};

/* A paired comparison: ns[num] / ns[den] per round in which both cells
 * were clean. */
struct ratio {
    int num, den;        /* cell indexes in the block */
    const char *compare; /* adjacent_over_pad128, pad64_over_pad128, pad128_over_1thread */
    int T;
    struct interval iv;
    double q; /* bh_adjust across the ratio table (the caller sets it) */
    int reached;
};

/* A set of cells measured together: one round runs each cell once, in an
 * order rotated by one every round, so drift lands on every cell alike. */
struct block {
    struct cell *cells;
    int ncell;
    struct ratio *ratios;
    int nratio;
    long rounds; /* timed rounds run */
};

/* What the whole run shares. The best canary is kept per speed group
 * (one per thread count, one per CPU pair): with T workers busy the canary
 * runs slower wherever CPUs share a core (SMT siblings, which a virtual
 * machine does not show), so a T-thread round is judged against the best
 * T-thread canary, not the 1-thread one. */
#define MAX_GROUPS 32
struct run {
    struct reps_plan plan;
    uint64_t iters;
    double best[MAX_GROUPS]; /* the fastest canary seen so far, per group */
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
 * has REPS clean rounds and its interval reached the target width, or the
 * plan's caps are hit. */
void block_run(struct block *b, struct run *r);
/* Judge every round against the run's final best canary and compute the
 * cells' and ratios' figures (all but the ratios' q). */
void block_finish(struct block *b, const struct run *r);
/* The address of thread t's counter in layout l. */
uint64_t *slot_of(const struct layout *l, int t);

#endif

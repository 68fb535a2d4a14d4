/* ctxswitch.h - what the three files of ctxswitch share:
 *   ctxswitch.c  options, the plan, pinning, repetitions until the interval
 *                is narrow enough, main;
 *   pingpong.c   the arrays and their walk, the partner and one timed sub-run;
 *   report.c     statistics per cell and speed level, the RESULT and samples lines;
 *   rederive.c   the figure lines again from a raw file's samples lines. */
#ifndef SHARECOST_CTXSWITCH_H
#define SHARECOST_CTXSWITCH_H

#include <stdint.h>
#include <stdio.h>

#include "common.h"

enum access { ACC_NONE, ACC_READ, ACC_WRITE, ACC_RMW };
enum mode { MODE_PROCESS, MODE_THREAD };
extern const char *const access_name[4], *const mode_name[2];

/* What one RESULT line is about. acc == ACC_NONE: a direct-cost cell (no
 * array); otherwise a sweep cell with an array of kib KiB per side. */
struct cell {
    enum mode mode;
    enum access acc;
    long kib, stride, rounds; /* rounds: timed round trips per sub-run */
};

/* ---- pingpong.c ---- */

/* One side's array and what it has done to it. */
struct side {
    uint64_t *a;
    void *base; /* what was allocated: a sits at a random line within its first page */
    size_t n, step; /* elements; stride in elements */
    enum access acc;
    uint64_t walks, sum;
};
void side_init(struct side *sd, const struct cell *c);
int side_verify(const struct side *sd); /* 1: array and sum are what the walks must give */
void side_free(struct side *sd);

/* Switch counts and CPU migrations of the calling thread (migrations -1:
 * unknown). */
struct usage {
    long nvcsw, nivcsw, migrations;
};
struct usage usage_now(void);
struct usage usage_diff(struct usage later, struct usage earlier);
/* 1 where getrusage counts per thread (RUSAGE_THREAD); macOS counts per
 * process, which mixes a thread partner's switches with the parent's. */
extern const int per_thread_counts;

/* What a partner reports after the quit byte (outside every timed region). */
struct report {
    int ok, cpu_first, cpu_last;
    long round_trips; /* pair round trips it served */
    struct usage u;   /* over all of them (the quit's blocking read excluded) */
};

struct partner; /* a child process or a thread, serving one cell's pair sub-runs */
struct partner *partner_start(const struct cell *c);
/* The quit handshake, then the partner's report; waits for it to end. */
void partner_stop(struct partner *p, struct report *out);
/* 1 when the partner's CPU time can be read (Linux); else 0 and why. */
int partner_clock_ok(const struct partner *p, const char **why);

/* One sub-run: one untimed warm-up round trip, then `rounds` timed ones,
 * each stamped with ticks_now(). p == NULL: the single run (the parent
 * writes to itself); walk: each side walks its array before writing. */
struct subrun {
    double rt_ns;   /* median round trip */
    double wall_ns; /* the timed round trips end to end */
    double lost;    /* share of the wall time neither side ran (NAN: unknown) */
    struct usage u; /* the parent's switches in this sub-run */
};
void subrun_run(struct partner *p, struct side *parent_side, int walk, long rounds, struct subrun *out);

/* SCHED_FIFO's 95% limit: idle an eighth of what just ran (no-op otherwise). */
void rt_pause(uint64_t ran_ns);
extern int rt_fifo;

/* ---- report.c ---- */

#define TARGET_ABS_NS 20.0 /* the interval's half-width target, besides 5% */

/* The sub-runs of a block, as indexes into its records. */
enum { SUB_T1, SUB_T2, SUB_S1, SUB_S2, NSUB };
/* A block's state: interfered (a sub-run lost more than INTERFERENCE_SHARE
 * of its wall time), mixed (its canary readings lie in two speed levels),
 * or the level's digit '1'..'9'. Only the blocks of one level are
 * compared with each other. */
enum { BLK_INTERFERED = 'i', BLK_MIXED = 'm' };

/* Everything measured for one cell. Each repetition is nb blocks; block
 * g = rep * nb + b runs every sub-run of the job once, with rounds / nb
 * round trips each, between two canary readings. */
struct cell_data {
    const struct cell *c;
    long nrep, nb;              /* repetitions run; blocks per repetition */
    long block_rounds;          /* timed round trips per sub-run of a block */
    struct subrun *sub[NSUB];   /* [block]; S1, S2 only in sweep cells */
    double *canary0, *canary1;  /* [block]: the readings before and after it */
    char *interfered;           /* [block]: 1 if a sub-run lost too much time */
    char *state;                /* [block]: see judge_blocks */
    struct usage pair, single;  /* the parent's switches, summed */
    long pair_rts, single_rts;  /* round trips behind those sums */
    long parent_migrations;     /* -1: unknown */
    struct report partner;
    int parent_ok, cpu_first, cpu_last;
    char *kept;                 /* rederive: the original line's self-check keys */
};
void cell_data_alloc(struct cell_data *d, const struct cell *c, long max_reps, long nb);
/* Set every block's state against the speed levels L of the run's
 * readings so far (a level can split in two as readings come in). */
void judge_blocks(struct cell_data *d, const struct speed_levels *L);
/* The level with the cell's most usable blocks (ties: the faster); 0: none. */
int cell_main_level(const struct cell_data *d);
long level_blocks(const struct cell_data *d, int level);
void cell_data_free(struct cell_data *d);

/* Per-block costs of the blocks in one level: C1 = T1/2 - T2 (per round
 * trip), C2 = S1/2 - S2, indirect = C2 - C1. Returns how many. */
size_t level_costs(const struct cell_data *d, int level, double *c1, double *c2, double *ind);
/* The adaptive rule's targets in one level: C1 (and in sweep cells the
 * indirect cost) within rel of the estimate or within abs_ns. */
int targets_reached(const struct cell_data *d, int level, double rel, double abs_ns);

/* Print the RESULT and samples lines of n cells, one figure line per speed
 * level of L with blocks in it, and one speed_level line per level; the
 * sweep cells' q-values are computed across all of them (one table).
 * Returns 0 if any cell's checksum failed. mode_diff: also the paired
 * process - thread C1 lines from the two direct cells d[0], d[1] (measured
 * in the same blocks). tag: printed after kind= (" inv=I" or ""); samples
 * 0: without the samples lines (rederive). */
int report_cells(struct cell_data *d, size_t n, int mode_diff, const char *pinned, long cpu,
                 const struct speed_levels *L, double rel, const char *tag, int samples);
void report_levels(const struct speed_levels *L, const char *tag);

/* ---- rederive.c ---- */

/* Re-derive every invocation's figure and speed_level lines of a raw file
 * from its samples lines (inv=I tags kept); returns the exit status. */
int rederive(const char *path);

#endif

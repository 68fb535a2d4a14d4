/* c2c.h - what the core-to-core map's measurement (c2c.c) and its analysis
 * (c2c_classes.c) share: one record per CPU pair and per CPU, and the
 * functions that turn measured latencies into classes. */
#ifndef SHARECOST_C2C_H
#define SHARECOST_C2C_H

#include "common.h"

#include <stdio.h>

#define C2C_MAX_CPUS 1024 /* CPU ids below this (CPU_SETSIZE on Linux) */

/* How the OS topology (sysfs) sees a pair; the names are false_sharing.c's
 * pair classes, so the two tables read alike. */
enum os_rel { OS_UNKNOWN, OS_SMT, OS_L2, OS_L3, OS_ACROSS, N_OS_REL };
extern const char *const os_rel_name[N_OS_REL];
/* The OS relation of two CPUs; OS_UNKNOWN where sysfs does not say. */
enum os_rel os_relation(int a, int b);
/* "smt" -> OS_SMT, ...; -1 for a name that is none of them. */
int os_rel_parse(const char *s);

struct c2c_pair {
    int a, b;          /* CPU ids, a < b */
    struct interval iv; /* one-way ns: median of the clean batches, 95% interval */
    int busy;          /* 1: too few clean batches; left out of the classes */
    enum os_rel os;
    int cls;           /* measured class, 1 = fastest; 0 = not classed */
};

struct c2c_cpu {
    int cpu;
    double best;            /* ns per add of the speed canary pinned here: the
                             * run's best, the CPU's own speed (load only slows) */
    struct interval survey; /* the median of the survey at the start */
    int speed;              /* speed class, 1 = fastest; 0 = not known */
};



/* Classes of the pairs and speed classes of the CPUs, then every analysis
 * line (c2c_class, c2c_os, c2c_speed, c2c_order) on out. */
void c2c_analyse(struct c2c_pair *p, size_t np, struct c2c_cpu *c, size_t nc, double gap, FILE *out);

/* ---- c2c_plan.c: which CPUs and pairs ---- */

/* A seeded generator (splitmix64), so the order and the sample repeat. */
void c2c_seed(uint64_t seed);
uint64_t c2c_rng(void);
size_t c2c_rng_below(size_t n);
/* The CPUs this process may use (sched_getaffinity at the start, not merely
 * the online ones), or the nwant CPUs of want checked against them (exit 2
 * naming C2C_CPUS otherwise); ascending. 0 where the OS cannot pin. */
int c2c_cpus(const long *want, size_t nwant, int *cpu);
/* Back to the mask c2c_cpus found, after pinning the calling thread. */
void c2c_restore_affinity(void);
struct c2c_plan {
    size_t total, measured;
    int sampled, domain_cpus, min_partners;
};
/* All pairs of cpu[0..n-1], or above max_pairs a sample: every pair inside
 * the first CPU's LLC domain (capped to half the budget), then rounds in
 * which each CPU gets one more partner (the CPU half-way round the list,
 * its OS sibling or next neighbour, then seeded random ones). Shuffled by
 * the generator; a < b in every pair. */
struct c2c_pair *c2c_plan_pairs(const int *cpu, int n, size_t max_pairs, struct c2c_plan *pl);

/* ---- c2c_classes.c ---- */

/* -f FILE: read the c2c and c2c_cpu lines of FILE, then c2c_analyse. */
int c2c_classify_file(const char *file, double gap);

#endif

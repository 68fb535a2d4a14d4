/* crosscheck.c - an independent check of false_sharing's headline figure,
 * the adjacent atomic at 2 threads against the padded one, that shares
 * none of the suite's machinery but its timer and the canary: no rounds.c,
 * no levels.c, no combine. Two threads pinned to CPUs A and B increment
 * their own counters with a relaxed atomic add, in pairs of short windows
 * (adjacent, then 128 B apart, then the order swapped in the next pair),
 * with the speed canary read by both threads before and after each pair.
 * Each pair's ratio is grouped by the pair's slowest canary into bins 10%
 * wide (a different grouping from the suite's), and the median ratio of
 * every bin with enough pairs is printed, with the pairs whose canaries
 * differ by more than 10% left out as mixed.
 * usage: build/false_sharing_crosscheck [PAIRS] [CPU_A CPU_B]   (default 2000 pairs on CPUs 0 and 1)
 * Output: one RESULT exp=false_sharing kind=crosscheck line per canary bin
 * with enough pairs, then kind=crosscheck_total. */
#define _GNU_SOURCE
#include "common.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 65536 /* increments per thread and window: ~2 ms adjacent, 0.4 ms padded */
#define BIN 0.0953101798 /* log(1.1) */
#define MIN_PAIRS 30

static _Alignas(128) uint64_t area[64];
static _Alignas(128) atomic_int phase, arrived;
static int ncpu[2];
static long npairs;
static double *t_adj, *t_pad, *can_lo, *can_hi;

static void barrier(int *sense)
{
    *sense = !*sense;
    if (atomic_fetch_add(&arrived, 1) == 1) {
        atomic_store(&arrived, 0);
        atomic_store(&phase, *sense);
    } else {
        while (atomic_load(&phase) != *sense)
            ;
    }
}

static void run(uint64_t *slot)
{
    for (int i = 0; i < WINDOW; i++)
        __atomic_fetch_add(slot, 1, __ATOMIC_RELAXED);
}

static double c_lo[2], c_hi[2];

static void *worker(void *arg)
{
    int me = (int)(intptr_t)arg, sense = 0;
    if (pin_self(ncpu[me]) != 0)
        die("cannot pin to CPU %d", ncpu[me]);
    for (long p = 0; p < npairs; p++) {
        double c0 = canary_ns();
        for (int w = 0; w < 2; w++) {
            int adjacent = (w == 0) == (p % 2 == 0);
            uint64_t *slot = &area[adjacent ? me : 16 * me]; /* 8 B apart, or 128 B */
            barrier(&sense);
            uint64_t t0 = now_ns();
            run(slot);
            barrier(&sense);
            if (me == 0)
                (adjacent ? t_adj : t_pad)[p] = (double)(now_ns() - t0);
        }
        double c1 = canary_ns();
        c_lo[me] = fmin(c0, c1), c_hi[me] = fmax(c0, c1);
        barrier(&sense);
        if (me == 0) {
            can_lo[p] = fmin(c_lo[0], c_lo[1]);
            can_hi[p] = fmax(c_hi[0], c_hi[1]);
        }
        barrier(&sense);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        printf("usage: false_sharing_crosscheck [PAIRS] [CPU_A CPU_B]\n"
               "  The adjacent atomic at 2 threads over the padded one, paired in time (windows\n"
               "  of %d increments), grouped by the canary in bins 10%% wide; an independent\n"
               "  check of false_sharing's figure (docs/false_sharing.md).\n",
               WINDOW);
        return 0;
    }
    /* parsed whole: atoi read "a b" as CPUs 0 and 0, both threads on one CPU */
    long a = 0, b = 1;
    npairs = 2000;
    if ((argc != 1 && argc != 2 && argc != 4) || (argc > 1 && parse_long(argv[1], 10, 1000000, &npairs) != 0) ||
        (argc > 3 && (parse_long(argv[2], 0, 1023, &a) != 0 || parse_long(argv[3], 0, 1023, &b) != 0)))
        die_usage("usage: false_sharing_crosscheck [PAIRS (10..1000000)] [CPU_A CPU_B (0..1023)]");
    if (a == b)
        die_usage("CPU_A and CPU_B are both %ld: the check needs two CPUs", a);
    ncpu[0] = (int)a;
    ncpu[1] = (int)b;
    t_adj = xmalloc(sizeof *t_adj * (size_t)npairs);
    t_pad = xmalloc(sizeof *t_pad * (size_t)npairs);
    can_lo = xmalloc(sizeof *can_lo * (size_t)npairs);
    can_hi = xmalloc(sizeof *can_hi * (size_t)npairs);
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        check_pt(pthread_create(&th[i], NULL, worker, (void *)(intptr_t)i), "pthread_create");
    for (int i = 0; i < 2; i++)
        check_pt(pthread_join(th[i], NULL), "pthread_join");
    uint64_t sum = 0;
    for (int i = 0; i < 64; i++)
        sum += area[i];
    if (sum != (uint64_t)npairs * 4 * WINDOW)
        die("checksum: %llu increments, expected %llu", (unsigned long long)sum,
            (unsigned long long)npairs * 4 * WINDOW);
    double best = INFINITY;
    for (long p = 0; p < npairs; p++)
        best = fmin(best, can_lo[p]);
    /* bins of the slowest canary over the best, 10% wide; mixed pairs out */
    double *r = xmalloc(sizeof *r * (size_t)npairs);
    long mixed = 0;
    for (int bin = 0; bin < 40; bin++) {
        size_t n = 0;
        double can = 0;
        for (long p = 0; p < npairs; p++) {
            if (can_hi[p] > 1.1 * can_lo[p]) {
                mixed += bin == 0;
                continue;
            }
            if ((int)(log(can_hi[p] / best) / BIN) != bin)
                continue;
            r[n++] = t_adj[p] / t_pad[p];
            can += can_hi[p];
        }
        if (n < MIN_PAIRS)
            continue;
        struct interval iv = ci_median(r, n);
        printf("RESULT exp=false_sharing kind=crosscheck canary_ns=%.4f pairs=%zu ratio=%.4f ratio_lo=%.4f "
               "ratio_hi=%.4f pairs_total=%ld pairs_mixed=%ld\n",
               can / (double)n, n, iv.est, iv.lo, iv.hi, npairs, mixed);
    }
    printf("RESULT exp=false_sharing kind=crosscheck_total pairs_total=%ld pairs_mixed=%ld canary_best_ns=%.4f\n",
           npairs, mixed, best);
    return 0;
}

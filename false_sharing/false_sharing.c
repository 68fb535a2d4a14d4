/* false_sharing/false_sharing.c - what a second core touching your cache line costs.
 *
 * T threads each increment their own 64-bit counter 2^ITERS_LOG2 times. Only
 * two things vary: where the counters sit (8 B apart in one line, 64 B apart,
 * 128 B apart) and how an increment reaches memory (a plain store, a
 * volatile load-add-store, a relaxed atomic add, or a register-only add chain
 * that is the one-cycle bound). Wall time from the release of a start gate
 * to the last worker's end, divided by the increments per thread, is ns per
 * increment per thread: a flat value across T is linear scaling.
 *
 * For each increment, one round runs every (layout, thread count) cell once
 * in a rotated order, so the ratios (adjacent/pad128, pad64/pad128, T-thread
 * over 1-thread) are taken inside one round, from one state of the machine.
 * rounds.c runs the rounds and leaves out those another task or a slow
 * phase of the machine disturbed; this file owns the loops, the placement
 * and the output.
 *
 * Output: RESULT / samples / cpus lines on stdout (grammar in docs/output-grammar.md),
 * progress on stderr. Knobs come from the environment; see usage(). */
#define _GNU_SOURCE
#include "fs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEF_ITERS_LOG2 18
#define DEF_REPS 11
#define DEF_CAP_S 10 /* MAX_CELL_S: seconds per increment's block of cells */
#define MAX_PAIRS 8  /* CPU pairs at 2 threads; each has its speed group */
_Static_assert(16 + MAX_PAIRS <= MAX_GROUPS, "a speed group per thread count and per pair");

/* ---- options ---- */

static void usage(FILE *f)
{
    fprintf(f,
        "usage: false_sharing [-h] [--rederive RAW]\n"
        "  Threads increment their own counters placed 8, 64 or 128 bytes apart and\n"
        "  report ns and cycles per increment with 95%% intervals. Knobs come from\n"
        "  the environment:\n"
        "  ITERS_LOG2=%d     increments per thread and round = 2^N (10..34)\n"
        "  REPS=%d           at least this many clean rounds per cell (1..1001); rounds\n"
        "                    are added until every interval is within 5%% of its\n"
        "                    estimate, up to 4 x REPS + 10 rounds\n"
        "  MAX_CELL_S=%d     seconds of rounds per increment's block of cells (0..3600)\n"
        "  THREADS=1,2,4,8   thread counts (1..%d, no repeats); counts above the CPUs\n"
        "                    this process may run on are skipped unless named here,\n"
        "                    then run as oversubscribed\n"
        "  PIN=1             Linux: pin one thread per physical core, a shared-cache\n"
        "                    domain first; 0 leaves placement to the OS (default 0\n"
        "                    where the OS has no affinity API)\n"
        "  PAIRS=1           at 2 threads, also measure each CPU-pair class the\n"
        "                    topology has (shared L2, shared L3 only, across, SMT)\n"
        "  PAIR_CPUS=a,b:name;c,d:name  those pairs instead of the topology's (at most\n"
        "                    %d; run.sh names one per class of the core-to-core map)\n"
        "  Cycles per increment come from a speed canary run in the same round.\n"
        "  --rederive RAW  measure nothing: the figure and speed_level lines of each\n"
        "                  invocation again from RAW's inv-tagged samples lines\n",
        DEF_ITERS_LOG2, DEF_REPS, DEF_CAP_S, MAX_THREADS, MAX_PAIRS);
}

struct knobs {
    uint64_t iters;
    long iters_log2, pin, pairs;
    long threads[16];
    size_t nthreads;
    int threads_forced;
};

static void read_knobs(struct knobs *k)
{
#ifdef __linux__
    long pin_default = 1;
#else
    long pin_default = 0;
#endif
    k->iters_log2 = env_long("ITERS_LOG2", DEF_ITERS_LOG2, 10, 34);
    k->iters = (uint64_t)1 << k->iters_log2;
    k->pin = env_long("PIN", pin_default, 0, 1);
    k->pairs = env_long("PAIRS", 1, 0, 1);
    k->nthreads = env_long_list("THREADS", 1, MAX_THREADS, k->threads, 16);
    k->threads_forced = k->nthreads > 0;
    /* a count named twice would be measured twice and one result dropped */
    for (size_t i = 0; i < k->nthreads; i++)
        for (size_t j = 0; j < i; j++)
            if (k->threads[i] == k->threads[j])
                die_usage("THREADS=%s: %ld is named twice; name each thread count once",
                          getenv("THREADS"), k->threads[i]);
    if (!k->threads_forced) {
        static const long def[] = {1, 2, 4, 8};
        memcpy(k->threads, def, sizeof def);
        k->nthreads = 4;
    }
}

/* ---- the increments: one noinline function each, so build.sh's listing
 * shows exactly the loop that runs (the tests check it) ---- */

/* One loop iteration = one increment, so the listing reads directly and the
 * tests can count instructions per increment; both gcc and clang take this. */
#define NO_UNROLL _Pragma("GCC unroll 1")

/* count in a register, one plain store of it per increment */
static __attribute__((noinline)) void inc_store(uint64_t *slot, uint64_t n)
{
    volatile uint64_t *p = slot;
    uint64_t c = *p;
    NO_UNROLL
    for (uint64_t i = 0; i < n; i++) {
        c++;
        *p = c;
    }
}

/* counter[i]++ through volatile: a load, an add and a store per increment */
static __attribute__((noinline)) void inc_rmw(uint64_t *slot, uint64_t n)
{
    volatile uint64_t *p = slot;
    NO_UNROLL
    for (uint64_t i = 0; i < n; i++)
        (*p)++;
}

/* one relaxed atomic add per increment: lock add on x86, ldadd on arm64 (LSE) */
static __attribute__((noinline)) void inc_atomic(uint64_t *slot, uint64_t n)
{
    NO_UNROLL
    for (uint64_t i = 0; i < n; i++)
        __atomic_fetch_add(slot, 1, __ATOMIC_RELAXED);
}

/* the add chain in a register; the empty asm stops the compiler folding it
 * into one add. One store after the loop. The 1-cycle bound. */
static __attribute__((noinline)) void inc_register(uint64_t *slot, uint64_t n)
{
    uint64_t c = *slot;
    NO_UNROLL
    for (uint64_t i = 0; i < n; i++) {
        c++;
        __asm__ volatile("" : "+r"(c));
    }
    *slot = c;
}

static const struct increment increments[] = {
    {"store", inc_store},
    {"rmw", inc_rmw},
    {"atomic", inc_atomic},
    {"register", inc_register},
};
#define N_INC (int)(sizeof increments / sizeof *increments)


/* ---- placement ---- */

/* Order the allowed CPUs for pinning: one per physical core first, cores
 * that share the last-level cache with the first CPU before others, and
 * within that the L2 domain of the first CPU first; SMT siblings last. */
static int cpu_order(const int *allowed, int nallowed, int *order, int cap)
{
    int n = 0, llc_level = 3;
    cache_llc(allowed[0], &llc_level, NULL);
    for (int pass = 0; pass < 4 && n < cap; pass++) {
        for (int i = 0; i < nallowed && n < cap; i++) {
            int c = allowed[i], taken = 0, sibling = 0;
            for (int j = 0; j < n; j++) {
                taken |= order[j] == c;
                sibling |= cpus_are_smt_siblings(order[j], c) == 1;
            }
            if (taken)
                continue;
            int first = n ? order[0] : c;
            int l2 = cpus_share_cache(first, c, 2) != 0; /* unknown counts as near */
            int llc = cpus_share_cache(first, c, llc_level) != 0;
            int want = pass == 0 ? !sibling && l2 && llc
                     : pass == 1 ? !sibling && llc
                     : pass == 2 ? !sibling : 1;
            if (want)
                order[n++] = c;
        }
    }
    return n;
}

enum pair_class { PAIR_SMT, PAIR_L2, PAIR_L3, PAIR_ACROSS, N_PAIR };
static const char *pair_name[N_PAIR] = {"smt", "shared_l2", "shared_l3_only", "across_l3"};

struct cpu_pair {
    int cpu[2];
    char name[48];
};

/* First allowed pair of each class, from sysfs, in class order. Returns how
 * many found. */
static int find_pairs(const int *allowed, int nallowed, struct cpu_pair out[MAX_PAIRS])
{
    int found = 0, llc_level = 3, pairs[N_PAIR][2];
    cache_llc(allowed[0], &llc_level, NULL);
    for (int i = 0; i < N_PAIR; i++)
        pairs[i][0] = -1;
    for (int i = 0; i < nallowed; i++) {
        for (int j = i + 1; j < nallowed; j++) {
            int a = allowed[i], b = allowed[j];
            int smt = cpus_are_smt_siblings(a, b), l2 = cpus_share_cache(a, b, 2),
                llc = cpus_share_cache(a, b, llc_level);
            if (smt < 0 || l2 < 0 || llc < 0)
                return 0; /* topology unknown: no classes */
            enum pair_class pc = smt ? PAIR_SMT : l2 ? PAIR_L2 : (llc && llc_level > 2) ? PAIR_L3 : PAIR_ACROSS;
            if (pairs[pc][0] < 0) {
                pairs[pc][0] = a;
                pairs[pc][1] = b;
            }
        }
    }
    for (int pc = 0; pc < N_PAIR; pc++)
        if (pairs[pc][0] >= 0) {
            out[found] = (struct cpu_pair){{pairs[pc][0], pairs[pc][1]}, ""};
            snprintf(out[found++].name, sizeof out[0].name, "%s", pair_name[pc]);
        }
    return found;
}

/* PAIR_CPUS=a,b:name;c,d:name: the pairs to measure instead of the
 * topology's (run.sh takes one per class of the core-to-core map). Every
 * CPU must be allowed, a pair two CPUs, a name [a-z0-9_] and used once. */
static int pairs_from_env(const int *allowed, int nallowed, struct cpu_pair out[MAX_PAIRS])
{
    const char *v = getenv("PAIR_CPUS");
    int n = 0;
    for (const char *p = v; p && *p; n++) {
        int a, b, len = 0, used = 0;
        if (n == MAX_PAIRS || sscanf(p, "%d,%d:%n", &a, &b, &len) != 2 || len == 0)
            die_usage("PAIR_CPUS=%s: expected up to %d entries a,b:name separated by ';'", v, MAX_PAIRS);
        p += len;
        size_t nl = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_");
        if (nl == 0 || nl >= sizeof out[0].name || (p[nl] != ';' && p[nl] != 0))
            die_usage("PAIR_CPUS=%s: a name is 1-%zu of a-z, 0-9, _", v, sizeof out[0].name - 1);
        for (int i = 0; i < nallowed; i++)
            used += allowed[i] == a || allowed[i] == b;
        if (a == b || used != 2)
            die_usage("PAIR_CPUS=%s: %d,%d is not two CPUs this process may run on", v, a, b);
        out[n] = (struct cpu_pair){{a, b}, ""};
        memcpy(out[n].name, p, nl);
        for (int i = 0; i < n; i++)
            if (strcmp(out[i].name, out[n].name) == 0)
                die_usage("PAIR_CPUS=%s: the name %s is used twice", v, out[n].name);
        if (p[nl] == ';' && p[nl + 1] == 0)
            die_usage("PAIR_CPUS=%s: trailing ';'", v);
        p += nl + (p[nl] == ';');
    }
    return n;
}

/* Where each thread count ran, for the placement lines. */
struct placement {
    int nrun, norder, nallowed;
    const int *run_t, *oversub_t;
    int (*cpus_t)[MAX_THREADS];
};

/* Every line of the results: cells, placements, ratios, then the pairs. */
static void print_all(struct block *blocks, int nb, int pair_first, char (*extra)[96], const struct placement *pl,
                      const struct run *run)
{
    for (int v = 0; v < pair_first; v++)
        for (int c = 0; c < blocks[v].ncell; c++)
            print_cell("cell", "", &blocks[v].cells[c], &blocks[v], run);
    for (int i = 0; i < pl->nrun; i++) {
        int pinned = pl->norder > 0;
        for (int v = 0; v < pair_first; v++)
            for (int l = 0; l < N_LAYOUT; l++)
                pinned &= blocks[v].cells[i * N_LAYOUT + l].pinned_all;
        printf("RESULT exp=false_sharing kind=placement threads=%d cpus=", pl->run_t[i]);
        put_int_list(stdout, pl->cpus_t[i], pl->norder ? pl->run_t[i] : 0);
        printf("%s pinning=%s oversubscribed=%d allowed_cpus=%d", pl->norder ? "" : "none",
               pl->norder == 0 ? "none" : pinned ? "granted" : "refused", pl->oversub_t[i], pl->nallowed);
        put("canary_best_ns", run->best[i], 4);
        printf("\n");
    }
    for (int v = 0; v < pair_first; v++)
        for (int q = 0; q < blocks[v].nratio; q++)
            print_ratio("ratio", "", &blocks[v], &blocks[v].ratios[q], run);
    for (int i = pair_first; i < nb; i++) {
        for (int c = 0; c < blocks[i].ncell; c++)
            print_cell("pair", extra[i - pair_first], &blocks[i].cells[c], &blocks[i], run);
        print_ratio("pair_ratio", extra[i - pair_first], &blocks[i], &blocks[i].ratios[0], run);
        if ((i - pair_first) % (N_INC - 1) == 0) {
            printf("RESULT exp=false_sharing kind=pair_placement%s threads=2", extra[i - pair_first]);
            put("canary_best_ns", run->best[blocks[i].cells[0].group], 4);
            printf("\n");
        }
    }
}

/* ---- main ---- */

int main(int argc, char **argv)
{
    if (argc > 1) {
        if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[1], "--rederive") == 0 && argc == 3) {
            rederive(argv[2], increments, N_INC);
            if (fflush(stdout) != 0 || ferror(stdout))
                die("cannot write the results to stdout");
            return 0;
        }
        if (strcmp(argv[1], "--rederive") == 0) /* was "unknown argument '--rederive'" */
            die_usage("%s", argc == 2 ? "--rederive needs RAW, a raw file"
                                      : "--rederive RAW comes last, with nothing after RAW");
        die_usage("unknown argument '%s': false_sharing takes -h or --rederive RAW (knobs are "
                  "environment variables)", argv[1]);
    }
    struct knobs k;
    read_knobs(&k);
    struct reps_plan plan = reps_plan_from_env(DEF_REPS, DEF_CAP_S);
    /* rounds are short (0.1-10 ms): on a host busy in bursts, up to four
     * times the usual replacements, within MAX_CELL_S */
    plan.max_rounds = 4 * REPS_BASE_ROUNDS(plan.min_clean);
    static int allowed[1024];
    int nallowed = allowed_cpus(allowed, 1024);
    if (nallowed > 1024)
        nallowed = 1024;
    struct cpu_pair pairs[MAX_PAIRS];
    int npairs = pairs_from_env(allowed, nallowed, pairs); /* checked even when unused */

    /* line sizes: what this build pads to, and what each OS source says */
    printf("RESULT exp=false_sharing kind=line source=compiled_pad_stride line_bytes=%d\n", PAD);
    static const enum cache_source srcs[] = {SRC_SYSFS, SRC_SYSCONF, SRC_SYSCTL};
    for (size_t s = 0; s < 3; s++) {
        struct cache_level c[8];
        int n = cache_levels(srcs[s], 0, c, 8);
        for (int i = 0; i < n; i++)
            if (c[i].level == 1 && c[i].line > 0)
                printf("RESULT exp=false_sharing kind=line source=%s line_bytes=%ld\n",
                       cache_source_name(srcs[s]), c[i].line);
    }
    printf("RESULT exp=false_sharing kind=plan iters_log2=%ld reps_min=%ld rounds_max=%ld max_cell_s=%g "
           "rel_target=%g abs_floor_ns=%g interference_share=%g slow_canary=%g probes=%s allowed_cpus=%d "
           "online_cpus=%d\n",
           k.iters_log2, plan.min_clean, plan.max_rounds, plan.cap_s, plan.rel, ABS_FLOOR, INTERFERENCE_SHARE,
           SLOW_CANARY, probe_sources(), nallowed, online_cpus());

    int order[MAX_THREADS];
    int norder = k.pin && affinity_supported() ? cpu_order(allowed, nallowed, order, MAX_THREADS) : 0;
    if (!k.pin)
        printf("RESULT exp=false_sharing kind=unpinned why=pin_0\n");
    else if (!affinity_supported())
        printf("RESULT exp=false_sharing kind=unpinned why=no_affinity_api\n");
    else if (norder == 0)
        printf("RESULT exp=false_sharing kind=unpinned why=no_allowed_cpu\n");
    if (k.pin && norder == 0)
        fprintf(stderr, "false_sharing: PIN=1 but threads cannot be pinned here; running unpinned\n");

    /* which thread counts run: the CPUs this process may use decide */
    int run_t[16], oversub_t[16], nrun = 0;
    static int cpus_t[16][MAX_THREADS];
    for (size_t i = 0; i < k.nthreads; i++) {
        int T = (int)k.threads[i];
        if (T > nallowed && !k.threads_forced) {
            printf("RESULT exp=false_sharing kind=skip threads=%d allowed_cpus=%d reason=above_allowed_cpus\n", T,
                   nallowed);
            fprintf(stderr, "false_sharing: skipping %d threads: this process may run on %d CPU%s "
                            "(THREADS=%d runs it oversubscribed)\n", T, nallowed, nallowed == 1 ? "" : "s", T);
            continue;
        }
        for (int t = 0; t < T && norder; t++)
            cpus_t[nrun][t] = order[t % norder]; /* wraps only when oversubscribed */
        oversub_t[nrun] = T > nallowed;
        run_t[nrun++] = T;
    }
    if (!k.pairs || norder < 2) /* needs pinning and two CPUs */
        npairs = 0;
    else if (npairs == 0)
        npairs = find_pairs(allowed, nallowed, pairs);

    /* every block first, then every judgement against the best canary of
     * the whole run, then the output */
    struct run run;
    run_init(&run, k.iters, plan);
    struct block blocks[N_INC + MAX_PAIRS * (N_INC - 1)];
    int nb = 0, pair_first;
    for (int v = 0; v < N_INC && nrun; v++, nb++)
        build_block(&blocks[nb], &increments[v], run_t, nrun, cpus_t, oversub_t, norder > 0);
    /* the pair classes: adjacent vs pad128 at 2 threads, register left out
     * since it never touches the line inside its loop */
    char extra[MAX_PAIRS * (N_INC - 1)][96];
    pair_first = nb;
    for (int pc = 0; pc < npairs; pc++) {
        for (int v = 0; v < N_INC - 1; v++, nb++) {
            snprintf(extra[nb - pair_first], sizeof extra[0], " class=%s pair=%d,%d", pairs[pc].name,
                     pairs[pc].cpu[0], pairs[pc].cpu[1]);
            build_pair_block(&blocks[nb], &increments[v], pairs[pc].cpu, nrun + pc);
        }
    }
    for (int i = 0; i < nb; i++)
        run.total += (long)blocks[i].ncell * (plan.min_clean + 1);
    for (int i = 0; i < nb; i++) {
        block_alloc(&blocks[i], &run);
        block_run(&blocks[i], &run);
    }
    fprintf(stderr, "false_sharing: done; %ld cell-rounds in %.1f s\n", run.done, (double)(now_ns() - run.t0) / 1e9);
    run_levels(blocks, nb, &run);
    for (int i = 0; i < nb; i++)
        block_finish(&blocks[i], &run);
    struct placement place = {nrun, norder, nallowed, run_t, oversub_t, cpus_t};
    adjust_table(blocks, pair_first, run.levels.k);
    adjust_table(blocks + pair_first, nb - pair_first, run.levels.k);
    print_levels(blocks, nb, &run);

    print_all(blocks, nb, pair_first, extra, &place, &run);
    for (int i = 0; i < nb; i++)
        drop_block(&blocks[i]);
    if (k.pairs && !npairs)
        printf("RESULT exp=false_sharing kind=pairs_skip reason=%s\n",
               norder ? "topology_unknown" : "unpinned");
    if (fflush(stdout) != 0 || ferror(stdout))
        die("cannot write the results to stdout");
    return 0;
}

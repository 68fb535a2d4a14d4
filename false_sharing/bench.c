/* false_sharing/bench.c - what a second core touching your cache line costs.
 *
 * T threads each increment their own 64-bit counter 2^ITERS_LOG2 times. Only
 * two things vary: where the counters sit (8 B apart in one line, 64 B apart,
 * 128 B apart) and how an increment reaches memory (a plain store, a
 * volatile load-add-store, a relaxed atomic add, or a register-only add chain
 * that is the one-cycle bound). Wall time from the release of a spin barrier
 * to the last join, divided by the increments per thread, is ns per increment
 * per thread: a flat value across T is linear scaling.
 *
 * Output: RESULT / samples / cpus lines on stdout (grammar in README.md),
 * progress on stderr. Knobs come from the environment; see usage(). */
#define _GNU_SOURCE
#include "common.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 64
#define PAD 128          /* the pad128 stride: one counter per 128 B */
#define CHUNK_LOG2 20    /* the CPU is sampled every 2^20 increments */

/* ---- options ---- */

static void usage(FILE *f)
{
    fprintf(f,
        "usage: false_sharing [-h]\n"
        "  Threads increment their own counters placed 8, 64 or 128 bytes apart and\n"
        "  report ns (and cycles) per increment. Knobs come from the environment:\n"
        "  ITERS_LOG2=24     increments per thread = 2^N (10..34)\n"
        "  REPS=11           timed rounds per cell after one warm-up round (1..1001)\n"
        "  THREADS=1,2,4,8   thread counts (1..%d); counts above the online CPUs are\n"
        "                    skipped unless named here, then run as oversubscribed\n"
        "  PIN=1             Linux: pin one thread per physical core, a shared-cache\n"
        "                    domain first; 0 leaves placement to the OS (default 0\n"
        "                    where the OS has no affinity API)\n"
        "  PAIRS=1           at 2 threads, also measure each CPU-pair class the\n"
        "                    topology has (shared L2, shared L3 only, across, SMT)\n"
        "  CLOCK_GHZ, CLOCK_GHZ_T2, _T4, _T8  clock estimates for cycles per\n"
        "                    increment (run.sh measures them); absent -> cycles=NA\n",
        MAX_THREADS);
}

struct knobs {
    uint64_t iters;
    long iters_log2, reps, pin, pairs;
    long threads[16];
    size_t nthreads;
    int threads_forced;
    double ghz[MAX_THREADS + 1]; /* clock estimate to use at T threads, 0 = unknown */
};

static void read_knobs(struct knobs *k)
{
#ifdef __linux__
    long pin_default = 1;
#else
    long pin_default = 0;
#endif
    k->iters_log2 = env_long("ITERS_LOG2", 24, 10, 34);
    k->iters = (uint64_t)1 << k->iters_log2;
    k->reps = env_long("REPS", 11, 1, 1001);
    k->pin = env_long("PIN", pin_default, 0, 1);
    k->pairs = env_long("PAIRS", 1, 0, 1);
    k->nthreads = env_long_list("THREADS", 1, MAX_THREADS, k->threads, 16);
    k->threads_forced = k->nthreads > 0;
    if (!k->threads_forced) {
        static const long def[] = {1, 2, 4, 8};
        memcpy(k->threads, def, sizeof def);
        k->nthreads = 4;
    }
    /* the estimate measured with the most copies not above T */
    double g1 = env_double("CLOCK_GHZ", 0), g = g1;
    for (int t = 1; t <= MAX_THREADS; t++) {
        if (t == 2 || t == 4 || t == 8) {
            char name[32];
            snprintf(name, sizeof name, "CLOCK_GHZ_T%d", t);
            double gt = env_double(name, 0);
            if (gt > 0)
                g = gt;
        }
        k->ghz[t] = g;
    }
}

/* ---- the increments: one noinline function each, so build.sh's listing
 * shows exactly the loop that runs (the tests check it) ---- */

/* One loop iteration = one increment, so the listing reads directly and the
 * tests can count instructions per increment; both gcc and clang take this. */
#define NO_UNROLL _Pragma("GCC unroll 1")

typedef void inc_fn(uint64_t *slot, uint64_t n);

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

static const struct increment {
    const char *name;
    inc_fn *fn;
} increments[] = {
    {"store", inc_store},
    {"rmw", inc_rmw},
    {"atomic", inc_atomic},
    {"register", inc_register},
};
#define N_INC (sizeof increments / sizeof *increments)

static const struct layout {
    const char *name;
    size_t stride;
} layouts[] = {
    {"adjacent", 8},
    {"pad64", 64},
    {"pad128", PAD},
};
#define N_LAYOUT (sizeof layouts / sizeof *layouts)

/* The counters: a guard line at each end, so nothing else the program
 * touches can share a line with them. Every layout fits. */
static _Alignas(PAD) uint64_t counters[(PAD + MAX_THREADS * PAD + PAD) / sizeof(uint64_t)];

static uint64_t *slot_of(const struct layout *l, int t)
{
    return (uint64_t *)((char *)counters + PAD + (size_t)t * l->stride);
}

/* ---- threads: start gate, pinning, CPU sampling ---- */

struct worker {
    _Alignas(PAD) pthread_t tid; /* padded: the harness must not false-share */
    inc_fn *fn;
    uint64_t *slot;
    uint64_t iters;
    int cpu;          /* CPU to pin to, -1 = none */
    int pinned;       /* pin granted */
    int end_cpu;
    int moved;        /* seen on another CPU at any sample */
};

static _Alignas(PAD) atomic_int gate_ready;
static _Alignas(PAD) atomic_int gate_go;

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    w->pinned = w->cpu >= 0 && pin_self(w->cpu) == 0;
    atomic_fetch_add_explicit(&gate_ready, 1, memory_order_release);
    while (!atomic_load_explicit(&gate_go, memory_order_acquire))
        ;
    int start = current_cpu(), moved = 0, cpu = start;
    uint64_t chunk = w->iters < ((uint64_t)1 << CHUNK_LOG2) ? w->iters : (uint64_t)1 << CHUNK_LOG2;
    for (uint64_t done = 0; done < w->iters; done += chunk) {
        w->fn(w->slot, chunk);
        cpu = current_cpu();
        moved |= cpu != start;
    }
    w->end_cpu = cpu;
    w->moved = moved;
    return NULL;
}

/* One round: T threads on cpus[] (or unpinned), returns wall ns. */
static double run_round(const struct increment *inc, const struct layout *lay, int T,
                        const int *cpus, uint64_t iters, struct worker *w)
{
    memset(counters, 0, sizeof counters);
    atomic_store(&gate_ready, 0);
    atomic_store(&gate_go, 0);
    for (int t = 0; t < T; t++) {
        w[t] = (struct worker){.fn = inc->fn, .slot = slot_of(lay, t), .iters = iters,
                               .cpu = cpus ? cpus[t] : -1};
        check_pt(pthread_create(&w[t].tid, NULL, worker_main, &w[t]), "pthread_create");
    }
    while (atomic_load_explicit(&gate_ready, memory_order_acquire) < T)
        ;
    uint64_t t0 = now_ns();
    atomic_store_explicit(&gate_go, 1, memory_order_release);
    for (int t = 0; t < T; t++)
        check_pt(pthread_join(w[t].tid, NULL), "pthread_join");
    uint64_t t1 = now_ns();

    /* consume and check every increment */
    uint64_t sum = 0;
    for (int t = 0; t < T; t++)
        sum += *slot_of(lay, t);
    SINK(sum);
    if (sum != (uint64_t)T * iters)
        die("checksum: %s/%s at %d threads summed to %" PRIu64 ", expected %" PRIu64,
            inc->name, lay->name, T, sum, (uint64_t)T * iters);
    return (double)(t1 - t0);
}

/* ---- placement ---- */

/* Order allowed CPUs for pinning: one per physical core first, cores that
 * share the last-level cache with the first CPU before others, and within
 * that the L2 domain of the first CPU first; SMT siblings last. */
static int cpu_order(int *order, int cap)
{
    int n = 0, ncpu = online_cpus();
    int llc_level = 3;
    cache_llc(0, &llc_level, NULL);
    for (int pass = 0; pass < 4 && n < cap; pass++) {
        for (int c = 0; c < ncpu && n < cap; c++) {
            if (!cpu_allowed(c))
                continue;
            int taken = 0, sibling = 0;
            for (int i = 0; i < n; i++) {
                taken |= order[i] == c;
                sibling |= cpus_are_smt_siblings(order[i], c) == 1;
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

/* ---- measurement of one set of cells ---- */

struct cell {
    const struct increment *inc;
    const struct layout *lay;
    double *ns;      /* per timed round */
    char cpus[4096]; /* one [..] per timed round */
    int moved_rounds;
};

static void note_cpus(struct cell *c, const struct worker *w, int T)
{
    size_t len = strlen(c->cpus);
    int moved = 0;
    len += (size_t)snprintf(c->cpus + len, sizeof c->cpus - len, "[");
    for (int t = 0; t < T && len < sizeof c->cpus; t++) {
        moved |= w[t].moved;
        len += (size_t)snprintf(c->cpus + len, sizeof c->cpus - len, "%s%d%s", t ? "," : "",
                                w[t].end_cpu, w[t].moved ? "*" : "");
    }
    if (len < sizeof c->cpus)
        snprintf(c->cpus + len, sizeof c->cpus - len, "]");
    c->moved_rounds += moved;
}

/* Runs the cells round-robin: one warm-up round, then reps timed rounds. */
static void measure(struct cell *cells, int ncell, int T, const int *cpus, const struct knobs *k,
                    long *done, long total, uint64_t t0, int *pinned_all)
{
    struct worker *w = xaligned_alloc(PAD, sizeof *w * (size_t)T);
    *pinned_all = cpus != NULL;
    for (long r = -1; r < k->reps; r++) {
        for (int i = 0; i < ncell; i++) {
            double ns = run_round(cells[i].inc, cells[i].lay, T, cpus, k->iters, w);
            for (int t = 0; t < T; t++)
                *pinned_all &= w[t].pinned;
            if (r >= 0) {
                cells[i].ns[r] = ns / (double)k->iters;
                note_cpus(&cells[i], w, T);
            }
            progress("false_sharing", ++*done, total, t0);
        }
    }
    free(w);
}

static void print_cell(const char *kind, const char *extra, const struct cell *c, int T,
                       const struct knobs *k, int oversub, int pinned)
{
    double med = stat_median(c->ns, (size_t)k->reps);
    char cyc[32] = "NA";
    if (k->ghz[T] > 0)
        snprintf(cyc, sizeof cyc, "%.3f", med * k->ghz[T]);
    printf("RESULT exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d ns_per_inc=%.4f "
           "cv=%.4f min_ns=%.4f cycles_per_inc=%s reps=%ld moved_rounds=%d pinned=%d "
           "oversubscribed=%d\n",
           kind, extra, c->inc->name, c->lay->name, T, med, stat_cv(c->ns, (size_t)k->reps),
           stat_min(c->ns, (size_t)k->reps), cyc, k->reps, c->moved_rounds, pinned, oversub);
    printf("samples exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d ns_per_inc=",
           kind, extra, c->inc->name, c->lay->name, T);
    for (long r = 0; r < k->reps; r++)
        printf("%s%.4f", r ? "," : "", c->ns[r]);
    printf("\ncpus exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d cpus=%s\n", kind,
           extra, c->inc->name, c->lay->name, T, c->cpus);
    printf("RESULT exp=false_sharing kind=checksum%s variant=%s layout=%s threads=%d "
           "expected=%" PRIu64 " rounds=%ld status=ok\n",
           extra, c->inc->name, c->lay->name, T, (uint64_t)T * k->iters, k->reps + 1);
}

static struct cell *new_cells(int n, long reps)
{
    struct cell *c = xmalloc(sizeof *c * (size_t)n);
    memset(c, 0, sizeof *c * (size_t)n);
    for (int i = 0; i < n; i++)
        c[i].ns = xmalloc(sizeof(double) * (size_t)reps);
    return c;
}

static void free_cells(struct cell *c, int n)
{
    for (int i = 0; i < n; i++)
        free(c[i].ns);
    free(c);
}

/* ---- CPU-pair classes at T=2 ---- */

enum pair_class { PAIR_SMT, PAIR_L2, PAIR_L3, PAIR_ACROSS, N_PAIR };
static const char *pair_name[N_PAIR] = {"smt", "shared_l2", "shared_l3_only", "across_l3"};

/* First allowed pair of each class, from sysfs. Returns how many found. */
static int find_pairs(int pairs[N_PAIR][2])
{
    int found = 0, ncpu = online_cpus(), llc_level = 3;
    cache_llc(0, &llc_level, NULL);
    for (int i = 0; i < N_PAIR; i++)
        pairs[i][0] = -1;
    for (int a = 0; a < ncpu; a++) {
        for (int b = a + 1; b < ncpu; b++) {
            if (!cpu_allowed(a) || !cpu_allowed(b))
                continue;
            int smt = cpus_are_smt_siblings(a, b), l2 = cpus_share_cache(a, b, 2),
                llc = cpus_share_cache(a, b, llc_level);
            if (smt < 0 || l2 < 0 || llc < 0)
                return 0; /* topology unknown: no classes */
            enum pair_class pc = smt ? PAIR_SMT : l2 ? PAIR_L2 : (llc && llc_level > 2) ? PAIR_L3 : PAIR_ACROSS;
            if (pairs[pc][0] < 0) {
                pairs[pc][0] = a;
                pairs[pc][1] = b;
                found++;
            }
        }
    }
    return found;
}

/* ---- main ---- */

int main(int argc, char **argv)
{
    if (argc > 1) {
        if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
            usage(stdout);
            return 0;
        }
        die_usage("unknown argument '%s': false_sharing takes only -h (knobs are environment "
                  "variables)", argv[1]);
    }
    struct knobs k;
    read_knobs(&k);
    int ncpu = online_cpus();

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

    int order[MAX_THREADS];
    int norder = k.pin && affinity_supported() ? cpu_order(order, MAX_THREADS) : 0;
    if (!k.pin)
        printf("# pinning: none (PIN=0: placement left to the OS)\n");
    else if (!affinity_supported())
        printf("# pinning: none (this OS has no thread affinity API; placement left to the OS)\n");
    else if (norder == 0)
        printf("# pinning: none (no allowed CPU found)\n");
    if (k.pin && norder == 0)
        fprintf(stderr, "false_sharing: PIN=1 but threads cannot be pinned here; running unpinned\n");

    /* which thread counts run; the work estimate for the ETA */
    int run_t[16], nrun = 0;
    for (size_t i = 0; i < k.nthreads; i++) {
        int T = (int)k.threads[i];
        if (T > ncpu && !k.threads_forced) {
            printf("RESULT exp=false_sharing kind=skip threads=%d online_cpus=%d reason=above_online_cpus\n",
                   T, ncpu);
            fprintf(stderr, "false_sharing: skipping %d threads: only %d CPUs online "
                            "(THREADS=%d runs it oversubscribed)\n", T, ncpu, T);
            continue;
        }
        run_t[nrun++] = T;
    }
    int pairs[N_PAIR][2], npairs = 0;
    if (k.pairs && norder >= 2) /* needs pinning and two CPUs */
        npairs = find_pairs(pairs);
    const int ncell = (int)(N_INC * N_LAYOUT), npair_cell = (int)(N_INC - 1) * 2;
    long total = (long)(nrun * ncell + npairs * npair_cell) * (k.reps + 1), done = 0;
    uint64_t t0 = now_ns();

    for (int i = 0; i < nrun; i++) {
        int T = run_t[i], oversub = T > ncpu;
        int cpus[MAX_THREADS];
        for (int t = 0; t < T && norder; t++)
            cpus[t] = order[t % norder]; /* wraps only when oversubscribed */
        struct cell *cells = new_cells(ncell, k.reps);
        for (int c = 0; c < ncell; c++) {
            cells[c].inc = &increments[c / (int)N_LAYOUT];
            cells[c].lay = &layouts[c % (int)N_LAYOUT];
        }
        int pinned;
        measure(cells, ncell, T, norder ? cpus : NULL, &k, &done, total, t0, &pinned);
        if (norder) {
            printf("# pinned_t%d: %s cpus=", T, pinned ? "granted" : "refused");
            for (int t = 0; t < T; t++)
                printf("%s%d", t ? "," : "", cpus[t]);
            printf("\n");
        }
        for (int c = 0; c < ncell; c++)
            print_cell("cell", "", &cells[c], T, &k, oversub, pinned);
        free_cells(cells, ncell);
        fflush(stdout);
    }

    /* the pair classes: adjacent vs pad128 at 2 threads, register left out
     * since it never touches the line inside its loop */
    for (int pc = 0; pc < N_PAIR && npairs; pc++) {
        if (pairs[pc][0] < 0)
            continue;
        struct cell *cells = new_cells(npair_cell, k.reps);
        for (int c = 0; c < npair_cell; c++) {
            cells[c].inc = &increments[c / 2];
            cells[c].lay = &layouts[c % 2 ? 2 : 0];
        }
        int pinned;
        measure(cells, npair_cell, 2, pairs[pc], &k, &done, total, t0, &pinned);
        char extra[96];
        snprintf(extra, sizeof extra, " class=%s pair=%d,%d", pair_name[pc], pairs[pc][0], pairs[pc][1]);
        for (int c = 0; c < npair_cell; c++)
            print_cell("pair", extra, &cells[c], 2, &k, 0, pinned);
        free_cells(cells, npair_cell);
    }
    if (k.pairs && !npairs)
        printf("RESULT exp=false_sharing kind=skip pairs=none reason=%s\n",
               norder ? "topology_unknown" : "unpinned");
    return 0;
}

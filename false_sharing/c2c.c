/* false_sharing/c2c.c - a measured core-to-core map: for every pair of CPUs
 * this process may run on, what it costs to hand one cache line from one to
 * the other, and the classes of pairs that measurement (not the OS) shows.
 *
 * Two threads pinned to the pair's CPUs bounce one line: the initiator writes
 * an odd value and waits for the next even one; the responder waits for the
 * odd value and writes the even one. A batch is C2C_ROUNDTRIPS round trips
 * timed on the initiator; one-way = round trip / 2. Both threads read the
 * interference probe around each batch and run the speed canary before and
 * after it; interfered and slow batches are replaced, up to a cap. At the
 * end every batch is judged by the run's speed levels (common/levels.c, over
 * all batches' canaries): a pair reports the median of its batches in the
 * run's main level with a 95% interval, so a host slow most of the time is
 * measured in its slow level rather than found too busy.
 * Pairs run in a seeded random order, so drift lands on all of them; then
 * c2c_classes.c groups them by latency and sets them beside the OS topology.
 *
 * Modes: no argument measures this machine; -f FILE reads the pair (and CPU)
 * lines of an earlier run or a synthetic matrix and only classifies them.
 * Output: RESULT / samples lines on stdout (grammar in docs/output-grammar.md), progress on stderr. */
#define _GNU_SOURCE
#include "c2c.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define LINE 128 /* keep what the two threads share apart from the bounced line */
#define ABS_FLOOR_NS 0.5 /* a pair's interval within 0.5 ns is narrow enough */

/* ---- options ---- */

static void usage(FILE *f)
{
    fprintf(f,
        "usage: false_sharing_c2c [-h] [-f FILE | --plan N]\n"
        "  Measures the one-way latency of handing a cache line between every pair of\n"
        "  allowed CPUs, groups the pairs into classes by latency and compares them\n"
        "  with the OS topology. -f FILE: only classify the c2c pair lines in FILE\n"
        "  (an earlier raw file or a synthetic matrix). --plan N: print which pairs\n"
        "  of N CPUs (0..N-1) would be measured, in which order, and measure nothing.\n"
        "  Knobs (environment):\n"
        "  C2C_ROUNDTRIPS=2000  round trips per batch (100..10000000)\n"
        "  C2C_BATCHES=9        clean batches wanted per pair (6..1001); more are added\n"
        "                       until the interval is within 5%%, up to 4x+10 batches\n"
        "  C2C_PASSES=3         visits to every pair, each pass in a new random order,\n"
        "                       so that drift lands on all pairs (1..100)\n"
        "  C2C_BUDGET_S=20      time for all pairs, shared out: at least 20 ms and\n"
        "                       at most 2 s per pair (1..86400)\n"
        "  C2C_MAX_PAIRS=496    pair budget; above it a sample is measured: all pairs\n"
        "                       within the first LLC domain plus every CPU against a\n"
        "                       few others (1..1000000)\n"
        "  C2C_CPUS=a,b,...     only these CPUs (two or more, each allowed)\n"
        "  C2C_SEED=1           seed of the pair order and the sample (0..2^31)\n"
        "  C2C_GAP_PCT=15       classes differ by more than this (percent, 1..1000) and\n"
        "                       their intervals do not overlap\n"
        "  C2C_TEST_SLOW_PCT=0  tests: this percent of the batches (a fixed pattern)\n"
        "                       read their canaries 2x slower, as on a slow host\n");
}

struct knobs {
    long roundtrips, batches, passes, budget_s, max_pairs, seed, gap_pct, test_slow_pct;
    long cpus[C2C_MAX_CPUS];
    size_t ncpus;
};

static void read_knobs(struct knobs *k)
{
    k->roundtrips = env_long("C2C_ROUNDTRIPS", 2000, 100, 10000000);
    k->batches = env_long("C2C_BATCHES", 9, 6, 1001);
    k->passes = env_long("C2C_PASSES", 3, 1, 100);
    k->budget_s = env_long("C2C_BUDGET_S", 20, 1, 86400);
    k->max_pairs = env_long("C2C_MAX_PAIRS", 496, 1, 1000000);
    k->seed = env_long("C2C_SEED", 1, 0, 2147483648L);
    k->gap_pct = env_long("C2C_GAP_PCT", 15, 1, 1000);
    k->test_slow_pct = env_long("C2C_TEST_SLOW_PCT", 0, 0, 100);
    k->ncpus = env_long_list("C2C_CPUS", 0, C2C_MAX_CPUS - 1, k->cpus, C2C_MAX_CPUS);
    if (k->ncpus == 1) /* was "no map: fewer than two allowed CPUs", exit 0 */
        die_usage("C2C_CPUS=%s: one CPU, and the map needs two or more", getenv("C2C_CPUS"));
}

/* ---- the speed of each CPU: the canary pinned there, round-robin across
 * the CPUs so that a burst of host load lands on all of them ---- */

#define SURVEY 9
static double best_canary[C2C_MAX_CPUS]; /* per CPU id: the run's best so far */
/* per CPU id: the best canary run beside a partner's, during the batches.
 * Batches are judged against this, not the lone survey: two virtual CPUs
 * that are SMT siblings on the host run the add chain up to 2x slower
 * together than alone, which is their normal state in a duel, not a slow
 * state of the machine (false_sharing's rounds judge per placement too). */
static double best_duel_canary[C2C_MAX_CPUS];
static long test_slow_pct; /* C2C_TEST_SLOW_PCT */

static void survey_speeds(struct c2c_cpu *c, const int *cpu, int n)
{
    double *s = xmalloc(sizeof *s * (size_t)n * SURVEY);
    for (int r = 0; r < SURVEY; r++)
        for (int i = 0; i < n; i++) {
            if (pin_self(cpu[i]) != 0)
                die("pinning the canary to CPU %d: %s", cpu[i], strerror(errno));
            s[i * SURVEY + r] = canary_ns();
        }
    c2c_restore_affinity();
    for (int i = 0; i < n; i++) {
        c[i] = (struct c2c_cpu){.cpu = cpu[i], .survey = ci_median(s + i * SURVEY, SURVEY)};
        best_canary[cpu[i]] = stat_min(s + i * SURVEY, SURVEY);
        best_duel_canary[cpu[i]] = INFINITY;
    }
    free(s);
}

/* ---- one pair's batches, kept so that they can be judged again at the
 * end against the whole run's best canary ---- */

enum batch_fate { CLEAN, INTERFERED, SLOW };

struct batches {
    int cpu[2];           /* [0] initiates */
    int pinned;           /* both threads pinned, on every visit */
    long n;               /* batches run (the warm-ups not counted) */
    uint64_t spent_ns;    /* time spent on the pair so far */
    double *one_way;      /* ns per batch */
    double *canary_hi[2]; /* per side: the slower of its canaries around the batch */
    double *canary_lo[2]; /* ... and the faster */
    char *hard;           /* lost time, moved or cut off: left out whatever the canary says */
};

/* The final judgement: the run's speed levels over every batch's canaries,
 * and its main level (most batches; ties: the faster); level 0: not yet,
 * while the pairs run, when the rule is the run's best canary so far. */
static struct speed_levels run_levels;
static int run_main_level;

static int batch_level(const struct batches *b, long i)
{
    double lo = fmin(b->canary_lo[0][i], b->canary_lo[1][i]), hi = fmax(b->canary_hi[0][i], b->canary_hi[1][i]);
    return speed_level_span(&run_levels, lo, hi);
}

static enum batch_fate fate_of(const struct batches *b, long i)
{
    if (b->hard[i])
        return INTERFERED;
    if (run_main_level)
        return batch_level(b, i) == run_main_level ? CLEAN : SLOW; /* another level, or mixed */
    for (int s = 0; s < 2; s++)
        if (b->canary_hi[s][i] > SLOW_CANARY * best_duel_canary[b->cpu[s]])
            return SLOW;
    return CLEAN;
}

struct tally {
    long used, interfered, slow;
    struct interval iv;
    int reached, two_modes, busy;
};

/* The batches judged against the best canaries known now. clean: room for
 * b->n values (the clean ones, in order). */
static struct tally tally(const struct batches *b, long min_clean, double *clean)
{
    struct tally t = {0, 0, 0, {NAN, NAN, NAN, NAN, 0}, 0, 0, 1};
    for (long i = 0; i < b->n; i++) {
        enum batch_fate f = fate_of(b, i);
        t.interfered += f == INTERFERED;
        t.slow += f == SLOW;
        if (f == CLEAN)
            clean[t.used++] = b->one_way[i];
    }
    if (t.used)
        t.iv = ci_median(clean, (size_t)t.used);
    t.reached = t.used >= 6 && ci_reached(t.iv, 0.05, ABS_FLOOR_NS);
    t.two_modes = stat_two_modes(clean, (size_t)t.used);
    /* too busy to measure: fewer clean batches than wanted, or (while the
     * pairs run) more than half of them left out; at the end, batches of the
     * other levels are no fault of the pair: only too few in the main one */
    t.busy = !b->pinned || t.used < min_clean || (!run_main_level && 2 * (b->n - t.used) > b->n);
    return t;
}

/* ---- one pair: two pinned threads, batches behind a spin barrier ---- */

enum { CMD_RUN = 1, CMD_STOP = 2 };

struct side {
    _Alignas(LINE) int cpu;
    int pinned, cpu_seen;
    pthread_t tid;
    struct probe p0, p1;
    double can0, can1;
    uint64_t seen; /* the responder: the last value it waited for */
};

struct duel {
    _Alignas(LINE) _Atomic uint64_t line; /* the line that is handed over */
    _Alignas(LINE) atomic_int bar_count;
    _Alignas(LINE) atomic_int bar_sense;
    _Alignas(LINE) atomic_int cmd;
    _Alignas(LINE) atomic_int abort; /* the initiator gave up on this batch */
    struct side side[2];             /* [0] initiates and decides */
    uint64_t n;                      /* round trips per batch */
    uint64_t started, deadline;      /* the pair's first batch; its time cap */
    double batch_ns;
    int completed;
    int last;        /* the pair's last visit: the adaptive rule decides */
    long goal, nmax; /* earlier visits: clean batches, batches to reach */
    struct reps_plan plan;
    struct batches *b;
    double *clean; /* scratch for tally() */
};

static void barrier(struct duel *d, int *sense)
{
    *sense = !*sense;
    if (atomic_fetch_add_explicit(&d->bar_count, 1, memory_order_acq_rel) == 1) {
        atomic_store_explicit(&d->bar_count, 0, memory_order_relaxed);
        atomic_store_explicit(&d->bar_sense, *sense, memory_order_release);
    } else {
        while (atomic_load_explicit(&d->bar_sense, memory_order_acquire) != *sense)
            ;
    }
}

/* No pause instruction in the spins: on recent x86 one pause takes ~140
 * cycles and would be measured as hand-off latency. The clock is read once
 * every 256 round trips, and after 2^16 idle spins, to give up at the
 * pair's deadline when a thread has been descheduled for long. */
static int initiate(struct duel *d)
{
    for (uint64_t i = 0; i < d->n; i++) {
        atomic_store_explicit(&d->line, 2 * i + 1, memory_order_release);
        unsigned spins = 0;
        while (atomic_load_explicit(&d->line, memory_order_acquire) != 2 * i + 2)
            if (++spins == 1u << 16 && (spins = 0, now_ns() > d->deadline))
                goto cut;
        if ((i & 255) == 255 && now_ns() > d->deadline)
            goto cut;
    }
    return 1;
cut:
    atomic_store_explicit(&d->abort, 1, memory_order_release);
    return 0;
}

static void respond(struct duel *d, struct side *me)
{
    uint64_t v = 0;
    for (uint64_t i = 0; i < d->n; i++) {
        unsigned spins = 0;
        while ((v = atomic_load_explicit(&d->line, memory_order_acquire)) != 2 * i + 1)
            if (++spins == 1u << 12 && (spins = 0, atomic_load_explicit(&d->abort, memory_order_acquire)))
                return;
        atomic_store_explicit(&d->line, 2 * i + 2, memory_order_release);
    }
    me->seen = v;
}

/* The initiator, after a batch: check the hand-offs, record the batch. */
static void record(struct duel *d, int warmup)
{
    uint64_t end = atomic_load_explicit(&d->line, memory_order_relaxed);
    if (d->completed && (end != 2 * d->n || d->side[1].seen != 2 * d->n - 1))
        die("c2c: CPUs %d,%d: the line ended at %llu (responder saw %llu), expected %llu", d->side[0].cpu,
            d->side[1].cpu, (unsigned long long)end, (unsigned long long)d->side[1].seen,
            (unsigned long long)(2 * d->n));
    if (warmup)
        return;
    struct batches *b = d->b;
    double lost = 0;
    int moved = 0;
    for (int s = 0; s < 2; s++) {
        struct side *e = &d->side[s];
        struct probe dp = probe_delta(&e->p0, &e->p1);
        double l = probe_lost_share(&dp);
        lost = l > lost ? l : lost;
        moved |= e->cpu_seen >= 0 && e->cpu_seen != e->cpu;
        /* the test's slow batches: b->n * 37 % 100 visits every residue once in 100 batches */
        double x = (b->n * 37 % 100) < test_slow_pct ? 2 : 1;
        double lo = x * (e->can0 < e->can1 ? e->can0 : e->can1);
        b->canary_hi[s][b->n] = x * (e->can0 > e->can1 ? e->can0 : e->can1);
        b->canary_lo[s][b->n] = lo;
        if (lo < best_canary[e->cpu])
            best_canary[e->cpu] = lo;
        if (lo < best_duel_canary[e->cpu])
            best_duel_canary[e->cpu] = lo;
    }
    b->one_way[b->n] = d->batch_ns / (2.0 * (double)d->n);
    b->hard[b->n++] = (char)(lost > INTERFERENCE_SHARE || moved || !d->completed);
}

struct seat {
    struct duel *d;
    int me;
};

static void *seat_main(void *arg)
{
    struct seat *st = arg;
    struct duel *d = st->d;
    struct side *me = &d->side[st->me];
    int sense = 0, initiator = st->me == 0;
    me->pinned = pin_self(me->cpu) == 0;
    barrier(d, &sense);
    for (long k = -1;; k++) { /* batch -1 warms the line and the threads up */
        if (initiator) {
            int go = d->side[0].pinned && d->side[1].pinned;
            if (go && k >= 0) {
                struct tally t = tally(d->b, d->plan.min_clean, d->clean);
                /* the last visit: the suite's adaptive rule; and a pair
                 * that would count as too busy goes on while the caps
                 * allow, since its clean batches may yet outnumber the rest */
                if (d->last)
                    go = reps_more(&d->plan, t.used, d->b->n, t.reached, d->started) ||
                         (t.busy && d->b->n < d->plan.max_rounds);
                else
                    go = t.used < d->goal && d->b->n < d->nmax;
                go = go && now_ns() < d->deadline;
            }
            atomic_store_explicit(&d->cmd, go ? CMD_RUN : CMD_STOP, memory_order_relaxed);
            atomic_store_explicit(&d->abort, 0, memory_order_relaxed);
            atomic_store_explicit(&d->line, 0, memory_order_relaxed);
        }
        barrier(d, &sense);
        if (atomic_load_explicit(&d->cmd, memory_order_relaxed) == CMD_STOP)
            break;
        me->can0 = canary_ns();
        probe_read(&me->p0);
        barrier(d, &sense);
        if (initiator) {
            uint64_t t0 = now_ns();
            if (k == 0)
                d->started = t0;
            d->completed = initiate(d);
            d->batch_ns = (double)(now_ns() - t0);
        } else {
            respond(d, me);
        }
        probe_read(&me->p1);
        me->can1 = canary_ns();
        me->cpu_seen = current_cpu();
        barrier(d, &sense);
        if (initiator)
            record(d, k < 0);
    }
    return NULL;
}

/* One visit to a pair (pass of passes): the first visits take their share
 * of the clean batches wanted, the last one goes on by the adaptive rule.
 * The batches stay in *b for the judgement at the end. */
static void measure_pair(const struct knobs *k, int pass, int passes, double cap_s, struct batches *b)
{
    struct duel *d = xaligned_alloc(LINE, sizeof *d);
    memset(d, 0, sizeof *d);
    d->side[0].cpu = b->cpu[0];
    d->side[1].cpu = b->cpu[1];
    d->n = (uint64_t)k->roundtrips;
    d->last = pass == passes - 1;
    d->plan = (struct reps_plan){.min_clean = k->batches, .max_rounds = 4 * REPS_BASE_ROUNDS(k->batches), .rel = 0.05};
    d->goal = (k->batches * (pass + 1) + passes - 1) / passes;
    d->nmax = d->plan.max_rounds * (pass + 1) / passes;
    /* this visit's time: a share of the pair's cap, the rest on the last */
    double share = cap_s / passes, left = cap_s - (double)b->spent_ns / 1e9;
    d->plan.cap_s = d->last && left > share ? left : share;
    uint64_t t0 = now_ns();
    d->deadline = t0 + (uint64_t)(d->plan.cap_s * 1e9); /* the warm-up counts */
    size_t cap = (size_t)d->plan.max_rounds;
    if (!b->one_way) {
        b->one_way = xmalloc(cap * sizeof *b->one_way);
        b->canary_hi[0] = xmalloc(cap * sizeof *b->canary_hi[0]);
        b->canary_hi[1] = xmalloc(cap * sizeof *b->canary_hi[1]);
        b->canary_lo[0] = xmalloc(cap * sizeof *b->canary_lo[0]);
        b->canary_lo[1] = xmalloc(cap * sizeof *b->canary_lo[1]);
        b->hard = xmalloc(cap);
        b->pinned = 1;
    }
    d->b = b;
    d->clean = xmalloc(cap * sizeof *d->clean);
    struct seat seats[2] = {{d, 0}, {d, 1}};
    for (int s = 0; s < 2; s++)
        check_pt(pthread_create(&d->side[s].tid, NULL, seat_main, &seats[s]), "pthread_create");
    for (int s = 0; s < 2; s++)
        check_pt(pthread_join(d->side[s].tid, NULL), "pthread_join");
    b->pinned &= d->side[0].pinned && d->side[1].pinned;
    b->spent_ns += now_ns() - t0;
    free(d->clean);
    free(d);
}

/* The run's levels from every batch's canaries but the interfered ones,
 * and the level most batches lie in. */
static void judge_by_levels(const struct batches *b, size_t npairs)
{
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < npairs; i++)
        cap += 4 * (size_t)b[i].n;
    double *x = xmalloc((cap ? cap : 1) * sizeof *x);
    for (size_t i = 0; i < npairs; i++)
        for (long j = 0; j < b[i].n; j++)
            for (int s = 0; s < 2 && !b[i].hard[j]; s++)
                x[n++] = b[i].canary_lo[s][j], x[n++] = b[i].canary_hi[s][j];
    speed_levels(x, n, &run_levels);
    free(x);
    long count[SPEED_MAX_LEVELS + 1] = {0};
    for (size_t i = 0; i < npairs; i++)
        for (long j = 0; j < b[i].n; j++)
            if (!b[i].hard[j])
                count[batch_level(&b[i], j)]++;
    int m = 0;
    for (int k = 1; k <= run_levels.k; k++)
        if (m == 0 || count[k] > count[m])
            m = k;
    run_main_level = m;
}

static void print_num(const char *key, double x)
{
    if (isnan(x))
        printf(" %s=NA", key);
    else
        printf(" %s=%.*f", key, x < 10 ? 4 : 2, x);
}

/* A pair's RESULT and samples lines, judged against the final best canaries. */
static void print_pair(struct c2c_pair *p, const struct batches *b, long seq, long min_clean)
{
    double *clean = xmalloc((size_t)(b->n ? b->n : 1) * sizeof *clean);
    struct tally t = tally(b, min_clean, clean);
    free(clean);
    p->iv = t.iv;
    p->busy = t.busy;
    p->os = os_relation(p->a, p->b);
    printf("RESULT exp=false_sharing kind=c2c cpu_a=%d cpu_b=%d", p->a, p->b);
    print_num("one_way_ns", t.iv.est);
    print_num("one_way_ns_lo", t.iv.lo);
    print_num("one_way_ns_hi", t.iv.hi);
    printf(" batches_used=%ld batches_total=%ld batches_interfered=%ld batches_slow=%ld slow_share=%.3f "
           "two_modes=%d target_reached=%d busy=%d os=%s initiator=%d seq=%ld pinned=%d map_level=%d",
           t.used, b->n, t.interfered, t.slow, b->n ? (double)t.slow / (double)b->n : 0.0, t.two_modes, t.reached,
           t.busy, os_rel_name[p->os], b->cpu[0], seq, b->pinned, run_main_level);
    print_num("map_canary_ns", run_main_level ? run_levels.mid[run_main_level] : NAN); /* map_: not the rounds' level */
    printf("\n");
    /* every batch in order; i = interfered, s = in another speed level (or mixed): those are left out */
    printf("RESULT exp=false_sharing kind=c2c_samples cpu_a=%d cpu_b=%d one_way_ns=", p->a, p->b);
    for (long i = 0; i < b->n; i++) {
        enum batch_fate f = fate_of(b, i);
        printf("%s%.2f%s", i ? "," : "", b->one_way[i], f == INTERFERED ? "i" : f == SLOW ? "s" : "");
    }
    printf("\n");
}

static void free_batches(struct batches *b)
{
    free(b->one_way);
    free(b->canary_hi[0]);
    free(b->canary_hi[1]);
    free(b->canary_lo[0]);
    free(b->canary_lo[1]);
    free(b->hard);
}

static void plan_line(int n, const struct c2c_plan *pl, const struct knobs *k, double cap_s)
{
    printf("RESULT exp=false_sharing kind=c2c_plan cpu_count=%d pairs_total=%zu pairs_measured=%zu sampled=%d "
           "domain_cpus=%d min_partners=%d seed=%ld round_trips=%ld batches_min=%ld batches_max=%ld passes=%ld "
           "pair_cap_ms=%.0f budget_s=%ld gap_pct=%ld\n",
           n, pl->total, pl->measured, pl->sampled, pl->domain_cpus, pl->min_partners, k->seed, k->roundtrips,
           k->batches, 4 * k->batches + 10, k->passes, 1e3 * cap_s, k->budget_s, k->gap_pct);
}

/* the budget shared out: at least 20 ms and at most 2 s per pair */
static double pair_cap_s(const struct knobs *k, size_t pairs)
{
    double cap_s = (double)k->budget_s / (double)pairs;
    return cap_s < 0.02 ? 0.02 : cap_s > 2 ? 2 : cap_s;
}

/* --plan N: the pairs of CPUs 0..N-1 this run would measure, in order */
static int print_plan(int n, const struct knobs *k)
{
    static int cpu[C2C_MAX_CPUS];
    for (int i = 0; i < n; i++)
        cpu[i] = i;
    c2c_seed((uint64_t)k->seed);
    struct c2c_plan pl;
    struct c2c_pair *p = c2c_plan_pairs(cpu, n, (size_t)k->max_pairs, &pl);
    plan_line(n, &pl, k, pair_cap_s(k, pl.measured));
    for (size_t i = 0; i < pl.measured; i++)
        printf("RESULT exp=false_sharing kind=c2c_planned cpu_a=%d cpu_b=%d seq=%zu\n", p[i].a, p[i].b, i + 1);
    free(p);
    return 0;
}

/* ---- main ---- */

int main(int argc, char **argv)
{
    const char *file = NULL;
    long plan_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "-f") == 0 && i + 1 < argc && !file && !plan_only) {
            file = argv[++i];
        } else if (strcmp(argv[i], "--plan") == 0 && i + 1 < argc && !file && !plan_only) {
            if (parse_long(argv[++i], 2, C2C_MAX_CPUS, &plan_only) != 0)
                die_usage("--plan %s: expected a CPU count from 2 to %d", argv[i], C2C_MAX_CPUS);
        } else if (strcmp(argv[i], "-f") == 0 || strcmp(argv[i], "--plan") == 0) { /* was "unknown argument" */
            if (i + 1 == argc)
                die_usage("%s needs %s (see -h)", argv[i], argv[i][1] == 'f' ? "FILE" : "N, a CPU count");
            die_usage("%s: -f FILE and --plan N go alone, once (see -h)", argv[i]);
        } else {
            die_usage("unknown argument '%s': false_sharing_c2c takes -h, -f FILE or --plan N (knobs are "
                      "environment variables)", argv[i]);
        }
    }
    struct knobs k;
    read_knobs(&k);
    test_slow_pct = k.test_slow_pct;
    double gap = (double)k.gap_pct / 100;
    if (file)
        return c2c_classify_file(file, gap);

    static int cpu[C2C_MAX_CPUS];
    if (plan_only)
        return print_plan((int)plan_only, &k);
    int n = affinity_supported() ? c2c_cpus(k.cpus, k.ncpus, cpu) : 0;
    if (n < 2) {
        int api = affinity_supported();
        printf("RESULT exp=false_sharing kind=c2c_skip reason=%s allowed_cpus=%d\n",
               api ? "fewer_than_two_cpus" : "no_affinity_api", n);
        fprintf(stderr, "false_sharing_c2c: no map: %s\n",
                api ? "fewer than two allowed CPUs" : "this OS cannot pin a thread to a CPU");
        return 0;
    }
    c2c_seed((uint64_t)k.seed);
    struct c2c_plan pl;
    struct c2c_pair *p = c2c_plan_pairs(cpu, n, (size_t)k.max_pairs, &pl);
    double cap_s = pair_cap_s(&k, pl.measured);
    plan_line(n, &pl, &k, cap_s);
    if (pl.sampled)
        fprintf(stderr, "false_sharing_c2c: a sample of %zu of %zu pairs (C2C_MAX_PAIRS=%ld): all pairs of the "
                        "first %d CPUs' LLC domain, and every CPU against at least %d others\n",
                pl.measured, pl.total, k.max_pairs, pl.domain_cpus, pl.min_partners);

    uint64_t t0 = now_ns();
    struct c2c_cpu *c = xmalloc(sizeof *c * (size_t)n);
    survey_speeds(c, cpu, n);
    /* which CPU of a pair initiates: a coin, so neither direction is
     * systematically the one measured */
    struct batches *b = xmalloc(sizeof *b * pl.measured);
    size_t *visit = xmalloc(sizeof *visit * pl.measured);
    memset(b, 0, sizeof *b * pl.measured);
    for (size_t i = 0; i < pl.measured; i++) {
        int flip = (int)(c2c_rng() & 1);
        b[i].cpu[0] = flip ? p[i].b : p[i].a;
        b[i].cpu[1] = flip ? p[i].a : p[i].b;
        visit[i] = i;
    }
    /* every pass visits every pair, each in a new random order, so that
     * drift over the run lands on all pairs alike */
    for (int pass = 0; pass < k.passes; pass++) {
        for (size_t i = pl.measured; pass > 0 && i > 1; i--) {
            size_t j = c2c_rng_below(i), t = visit[i - 1];
            visit[i - 1] = visit[j];
            visit[j] = t;
        }
        for (size_t i = 0; i < pl.measured; i++) {
            measure_pair(&k, pass, (int)k.passes, cap_s, &b[visit[i]]);
            progress("false_sharing_c2c", (long)(pass * pl.measured + i + 1), (long)(k.passes * pl.measured), t0);
        }
    }
    free(visit);
    double el = (double)(now_ns() - t0) / 1e9;

    judge_by_levels(b, pl.measured);
    for (size_t i = 0; i < pl.measured; i++) {
        print_pair(&p[i], &b[i], (long)i + 1, k.batches);
        free_batches(&b[i]);
    }
    free(b);
    for (int i = 0; i < n; i++) {
        c[i].best = best_canary[c[i].cpu];
        printf("RESULT exp=false_sharing kind=c2c_cpu cpu=%d", c[i].cpu);
        print_num("canary_best_ns", c[i].best);
        print_num("canary_ns", c[i].survey.est);
        print_num("canary_ns_lo", c[i].survey.lo);
        print_num("canary_ns_hi", c[i].survey.hi);
        printf(" ghz=%.3f\n", 1 / c[i].best);
    }
    printf("RESULT exp=false_sharing kind=c2c_time elapsed_s=%.3f pairs=%zu per_pair_ms=%.2f\n", el, pl.measured,
           1e3 * el / (double)pl.measured);
    c2c_analyse(p, pl.measured, c, (size_t)n, gap, stdout);
    free(p);
    free(c);
    return 0;
}

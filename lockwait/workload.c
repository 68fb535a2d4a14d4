/* workload.c - contention workloads for the lockwait experiment: one binary,
 * one scenario per run, each a small pthread program that checks its own
 * result and prints one RESULT line.
 *
 *   mutex   T threads, one mutex, CS_NS inside and WORK_NS outside per op
 *   spin    the same with pthread_spin_lock
 *   sem     T threads share K permits of a counting semaphore
 *   rwlock  read-mostly table; every 64th op of a thread writes
 *   cond    bounded queue: T/2 producers, the rest consumers (mutex + 2 condvars);
 *           items carry 20 us of work on each side, like a pipeline stage
 *   cache   request threads look scripts up in a shared cache under one lock;
 *           a miss "compiles" the script while holding the lock (the Apache
 *           OPcache case in miniature), so requests arriving meanwhile stall
 *
 * Work "set in ns" is a busy loop that runs until the monotonic clock has
 * advanced that far (so a preempted thread still ends its section on time, as
 * a real one would once rescheduled). Latency per op = lock request to
 * release (cache: the whole request). Only lock calls the preload can see are
 * used in the measured loop; the start gate is an atomic flag. */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

static void usage(FILE *f)
{
    fprintf(f,
        "usage: lockwait_workload [-h] [-t THREADS] [-n OPS] [-c CS_NS] [-w WORK_NS]\n"
        "                         [-k PERMITS] [-m MISS_EVERY] [-W FILE] [-X] SCENARIO\n"
        "  SCENARIO    mutex | spin | sem | rwlock | cond | cache\n"
        "  -t THREADS  worker threads, 1-1024 (default 4; spin: min(4, online CPUs),\n"
        "              since spinning on an oversubscribed CPU only burns the holder's\n"
        "              time slice; cond needs >= 2: half produce, the rest consume)\n"
        "  -n OPS      operations per thread (cond: items per producer; cache: requests)\n"
        "  -c CS_NS    busy time inside the lock per op (cache: compile time of a miss)\n"
        "  -w WORK_NS  busy time outside the lock per op (cache: request execution)\n"
        "  -k PERMITS  sem: permits of the semaphore (default 2)\n"
        "  -m MISS_EVERY  cache: one request in MISS_EVERY asks for a new script (default 128)\n"
        "  -W FILE     cache: write the tail requests (latency >= p99) and the compile\n"
        "              intervals as 'request|compile TID START_NS END_NS' for lockwait_report -W\n"
        "  -X          tests only: inject one unguarded update so the check must fail\n"
        "defaults per scenario (OPS CS_NS WORK_NS): mutex 20000 1000 2000, spin 20000 1000 2000,\n"
        "  sem 10000 4000 2000, rwlock 20000 500 1000, cond 5000 0 20000, cache 400 1000000 10000\n"
        "  (cond is a pipeline stage: 20 us of work per item on each side, an application's\n"
        "  lock rate; mutex, spin, sem and rwlock hammer their lock on purpose)\n"
        "  (cache threads also sleep 200000 ns between requests: client think time)\n"
        "output: RESULT exp=lockwait kind=workload scenario=S threads=N wall_ns=N ops=N\n"
        "  ops_per_s=F p50_ns=N p99_ns=N max_ns=N check=ok  (exit 1 if a check fails)\n");
}

enum scenario { S_MUTEX, S_SPIN, S_SEM, S_RWLOCK, S_COND, S_CACHE, S_COUNT };
static const char *const scenario_names[S_COUNT] = {"mutex", "spin", "sem", "rwlock", "cond", "cache"};
/* default ops per thread, CS ns, work ns (see usage) */
static const long defaults[S_COUNT][3] = {
    {20000, 1000, 2000}, {20000, 1000, 2000}, {10000, 4000, 2000},
    {20000, 500, 1000},  {5000, 0, 20000},    {400, 1000000, 10000},
};
#define CACHE_THINK_NS 200000L
#define CACHE_HOT 64          /* scripts compiled before the timed region */
#define RW_TABLE 1024
#define RW_WRITE_EVERY 64
#define QUEUE_CAP 8

static struct {
    enum scenario sc;
    long threads, ops, cs_ns, work_ns, permits, miss_every;
    const char *windows;
    int fault;
} opt;

/* ---- helpers ---- */

static uint64_t mix(uint64_t x) /* splitmix64 finaliser: a pure "script" function */
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Busy for ns of wall time; the LCG keeps the core doing real work. */
static uint64_t burn_ns(long ns, uint64_t x)
{
    if (ns <= 0)
        return x;
    uint64_t end = now_ns() + (uint64_t)ns;
    do {
        for (int k = 0; k < 32; k++)
            x = x * 6364136223846793005ull + 1442695040888963407ull;
    } while (now_ns() < end);
    return x;
}

static uint32_t my_tid(void)
{
#ifdef __linux__
    return (uint32_t)syscall(SYS_gettid);
#else
    return 0; /* -W is refused off Linux: the trace uses kernel tids */
#endif
}

/* The start gate: an atomic flag, so the preload sees no gate lock. */
static atomic_long gate_ready;
static atomic_int gate_go;
static void gate_wait(void)
{
    atomic_fetch_add(&gate_ready, 1);
    while (!atomic_load(&gate_go))
        sched_yield();
}

struct worker {
    long idx, nops;          /* ops this thread records */
    uint64_t *lat, *start;   /* per op latency and start (start: cache only) */
    uint64_t *cstart, *cend; /* cache: compile intervals of this thread */
    long ncompile;
    uint32_t tid;
    uint64_t sink, sum, expect; /* checksums (cond, cache) */
    long count;
    char name[16];
} __attribute__((aligned(64)));

/* ---- shared state of the scenarios ---- */
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
#if defined(__APPLE__)
/* macOS has no pthread spinlocks: a test-and-set lock the preload cannot see */
static atomic_flag spin = ATOMIC_FLAG_INIT;
static void spin_lock(void) { while (atomic_flag_test_and_set(&spin)) sched_yield(); }
static void spin_unlock(void) { atomic_flag_clear(&spin); }
#else
static pthread_spinlock_t spin;
static void spin_lock(void) { check_pt(pthread_spin_lock(&spin), "pthread_spin_lock"); }
static void spin_unlock(void) { check_pt(pthread_spin_unlock(&spin), "pthread_spin_unlock"); }
#endif
static sem_t *sem;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER, not_full = PTHREAD_COND_INITIALIZER;

static long guarded_a, guarded_b, violations; /* mutex, spin: a == b outside the lock */
static atomic_long in_use, max_in_use, uses;   /* sem */
static long table[RW_TABLE], writes;           /* rwlock */
static uint64_t queue[QUEUE_CAP];              /* cond */
static long q_head, q_len;
static struct { uint64_t id, code; } *cache;   /* cache: open addressing, id 0 = empty */
static long cache_cap, compiles;

static uint64_t cache_find_or_compile(struct worker *w, uint64_t id)
{
    uint64_t code;
    check_pt(pthread_mutex_lock(&mtx), "pthread_mutex_lock(cache)");
    long i = (long)(mix(id) & (uint64_t)(cache_cap - 1));
    while (cache[i].id && cache[i].id != id)
        i = (i + 1) & (cache_cap - 1);
    if (cache[i].id == id) {
        code = cache[i].code;
    } else { /* miss: compile under the lock, as the cache in the paper did */
        uint64_t t0 = now_ns();
        w->sink = burn_ns(opt.cs_ns, w->sink);
        code = mix(id);
        cache[i].id = id;
        cache[i].code = code;
        compiles++;
        if (w->cstart) {
            w->cstart[w->ncompile] = t0;
            w->cend[w->ncompile] = now_ns();
        }
        w->ncompile++;
    }
    check_pt(pthread_mutex_unlock(&mtx), "pthread_mutex_unlock(cache)");
    return code;
}

/* ---- workers: one op = lock request .. release ---- */

static void *run_locked(void *arg) /* mutex, spin, sem, rwlock */
{
    struct worker *w = arg;
    uint64_t x = (uint64_t)w->idx + 1;
    gate_wait();
    for (long i = 0; i < w->nops; i++) {
        uint64_t t0 = now_ns();
        switch (opt.sc) {
        case S_MUTEX:
        case S_SPIN:
            if (opt.sc == S_MUTEX)
                check_pt(pthread_mutex_lock(&mtx), "pthread_mutex_lock");
            else
                spin_lock();
            if (guarded_a != guarded_b)
                violations++;
            guarded_a++;
            x = burn_ns(opt.cs_ns, x);
            guarded_b++;
            if (opt.sc == S_MUTEX)
                check_pt(pthread_mutex_unlock(&mtx), "pthread_mutex_unlock");
            else
                spin_unlock();
            break;
        case S_SEM: {
            while (sem_wait(sem) != 0)
                if (errno != EINTR)
                    die_errno("sem_wait");
            long v = atomic_fetch_add(&in_use, 1) + 1;
            long m = atomic_load(&max_in_use);
            while (v > m && !atomic_compare_exchange_weak(&max_in_use, &m, v))
                ;
            x = burn_ns(opt.cs_ns, x);
            atomic_fetch_add(&uses, 1);
            atomic_fetch_sub(&in_use, 1);
            if (sem_post(sem) != 0)
                die_errno("sem_post");
            break;
        }
        case S_RWLOCK:
            if ((i + w->idx * 7) % RW_WRITE_EVERY == RW_WRITE_EVERY - 1) {
                check_pt(pthread_rwlock_wrlock(&rw), "pthread_rwlock_wrlock");
                long a = (long)(mix(x) % RW_TABLE), b = (a + 1 + i) % RW_TABLE;
                table[a] += 3;
                table[b] -= 3;
                writes++;
                x = burn_ns(opt.cs_ns, x);
            } else {
                check_pt(pthread_rwlock_rdlock(&rw), "pthread_rwlock_rdlock");
                long s = 0;
                for (long k = 0; k < RW_TABLE; k++)
                    s += table[k];
                if (s != RW_TABLE * 1000L)
                    w->count++; /* a torn read: counted as a violation */
                x = burn_ns(opt.cs_ns, x);
            }
            check_pt(pthread_rwlock_unlock(&rw), "pthread_rwlock_unlock");
            break;
        default:
            die("run_locked: bad scenario");
        }
        w->lat[i] = now_ns() - t0;
        x = burn_ns(opt.work_ns, x);
    }
    w->sink = x;
    return NULL;
}

static void *run_producer(void *arg)
{
    struct worker *w = arg;
    gate_wait();
    for (long i = 0; i < w->nops; i++) {
        uint64_t v = mix((uint64_t)w->idx * (uint64_t)opt.ops + (uint64_t)i);
        w->sink = burn_ns(opt.work_ns, w->sink);
        uint64_t t0 = now_ns();
        check_pt(pthread_mutex_lock(&mtx), "pthread_mutex_lock(queue)");
        while (q_len == QUEUE_CAP)
            check_pt(pthread_cond_wait(&not_full, &mtx), "pthread_cond_wait(not_full)");
        queue[(q_head + q_len) % QUEUE_CAP] = v;
        q_len++;
        w->sink = burn_ns(opt.cs_ns, w->sink);
        check_pt(pthread_cond_signal(&not_empty), "pthread_cond_signal");
        check_pt(pthread_mutex_unlock(&mtx), "pthread_mutex_unlock(queue)");
        w->lat[i] = now_ns() - t0;
        w->sum += v;
    }
    return NULL;
}

static void *run_consumer(void *arg)
{
    struct worker *w = arg;
    gate_wait();
    for (long i = 0; i < w->nops; i++) {
        uint64_t t0 = now_ns();
        check_pt(pthread_mutex_lock(&mtx), "pthread_mutex_lock(queue)");
        while (q_len == 0)
            check_pt(pthread_cond_wait(&not_empty, &mtx), "pthread_cond_wait(not_empty)");
        uint64_t v = queue[q_head];
        q_head = (q_head + 1) % QUEUE_CAP;
        q_len--;
        w->sink = burn_ns(opt.cs_ns, w->sink);
        check_pt(pthread_cond_signal(&not_full), "pthread_cond_signal");
        check_pt(pthread_mutex_unlock(&mtx), "pthread_mutex_unlock(queue)");
        w->lat[i] = now_ns() - t0;
        w->sum += v;
        w->count++;
        w->sink = burn_ns(opt.work_ns, w->sink ^ v);
    }
    return NULL;
}

static void *run_cache(void *arg)
{
    struct worker *w = arg;
    uint64_t rng = mix((uint64_t)w->idx + 99);
    /* misses are spread evenly and staggered between threads */
    long phase = w->idx * opt.miss_every / opt.threads;
    w->tid = my_tid();
    gate_wait();
    for (long i = 0; i < w->nops; i++) {
        struct timespec think = {0, CACHE_THINK_NS};
        while (nanosleep(&think, &think) != 0)
            if (errno != EINTR)
                die_errno("nanosleep");
        uint64_t id;
        rng = mix(rng);
        if ((i + phase) % opt.miss_every == opt.miss_every - 1)
            id = 1000000u + (uint64_t)w->idx * 1000000u + (uint64_t)i; /* a new script */
        else
            id = 1 + rng % CACHE_HOT;
        uint64_t t0 = now_ns();
        uint64_t code = cache_find_or_compile(w, id);
        w->sink = burn_ns(opt.work_ns, w->sink ^ code); /* execute the script */
        w->start[i] = t0;
        w->lat[i] = now_ns() - t0;
        w->sum += code;
        w->expect += mix(id);
    }
    return NULL;
}

/* ---- checks ---- */

static void check_result(struct worker *ws, long n, long *ops)
{
    long expect = opt.threads * opt.ops;
    *ops = expect;
    switch (opt.sc) {
    case S_MUTEX:
    case S_SPIN:
        if (violations || guarded_a != expect || guarded_b != expect)
            die("check failed: %s: %ld ops counted under the lock, %ld expected, %ld seen "
                "unguarded", scenario_names[opt.sc], guarded_b, expect, violations);
        break;
    case S_SEM:
        if (atomic_load(&uses) != expect || atomic_load(&max_in_use) > opt.permits)
            die("check failed: sem: %ld uses (expected %ld), up to %ld holders (permits %ld)",
                atomic_load(&uses), expect, atomic_load(&max_in_use), opt.permits);
        break;
    case S_RWLOCK: {
        long torn = 0, want_writes = 0;
        for (long t = 0; t < n; t++) {
            torn += ws[t].count;
            for (long i = 0; i < opt.ops; i++)
                want_writes += (i + t * 7) % RW_WRITE_EVERY == RW_WRITE_EVERY - 1;
        }
        if (torn || writes != want_writes)
            die("check failed: rwlock: %ld torn reads, %ld writes (expected %ld)", torn, writes,
                want_writes);
        break;
    }
    case S_COND: {
        uint64_t made = 0, got = 0;
        long items = 0;
        for (long t = 0; t < n; t++) {
            if (t < n / 2)
                made += ws[t].sum;
            else {
                got += ws[t].sum;
                items += ws[t].count;
            }
        }
        *ops = (n / 2) * opt.ops;
        if (items != *ops || made != got || q_len != 0)
            die("check failed: cond: %ld of %ld items consumed, checksum %s, %ld left in queue",
                items, *ops, made == got ? "ok" : "MISMATCH", q_len);
        break;
    }
    case S_CACHE: {
        long misses = 0;
        for (long t = 0; t < n; t++) {
            if (ws[t].sum != ws[t].expect)
                die("check failed: cache: thread %ld executed wrong code", t);
            misses += ws[t].ncompile;
        }
        if (compiles != misses + CACHE_HOT)
            die("check failed: cache: %ld compiles, expected %ld", compiles, misses + CACHE_HOT);
        break;
    }
    default:
        break;
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* nearest-rank percentile of a sorted array */
static uint64_t pct(const uint64_t *s, size_t n, double p)
{
    size_t r = (size_t)(p * (double)n + 0.999999);
    return s[r ? r - 1 : 0];
}

static void write_windows(struct worker *ws, long n, uint64_t p99)
{
    FILE *f = fopen(opt.windows, "w");
    if (!f)
        die_errno(opt.windows);
    /* input of lockwait_report -W: the tail requests and the compiles */
    for (long t = 0; t < n; t++) {
        for (long i = 0; i < ws[t].nops; i++)
            if (ws[t].lat[i] >= p99)
                fprintf(f, "request %" PRIu32 " %" PRIu64 " %" PRIu64 "\n", ws[t].tid,
                        ws[t].start[i], ws[t].start[i] + ws[t].lat[i]);
        for (long c = 0; c < ws[t].ncompile; c++)
            fprintf(f, "compile %" PRIu32 " %" PRIu64 " %" PRIu64 "\n", ws[t].tid, ws[t].cstart[c],
                    ws[t].cend[c]);
    }
    if (fclose(f) != 0)
        die_errno(opt.windows);
}

static long num_arg(const char *s, char flag, long min, long max, const char *what)
{
    long v;
    if (parse_long(s, min, max, &v) != 0)
        die_usage("-%c %s: expected %s, a whole number from %ld to %ld", flag, s, what, min, max);
    return v;
}

int main(int argc, char **argv)
{
    long t_opt = -1, n_opt = -1, c_opt = -1, w_opt = -1;
    opt.permits = 2;
    opt.miss_every = 128;
    int c;
    while ((c = getopt(argc, argv, ":ht:n:c:w:k:m:W:X")) != -1) {
        switch (c) {
        case 'h': usage(stdout); return 0;
        case 't': t_opt = num_arg(optarg, 't', 1, 1024, "THREADS"); break;
        case 'n': n_opt = num_arg(optarg, 'n', 1, 100000000, "OPS"); break;
        case 'c': c_opt = num_arg(optarg, 'c', 0, 1000000000, "CS_NS"); break;
        case 'w': w_opt = num_arg(optarg, 'w', 0, 1000000000, "WORK_NS"); break;
        case 'k': opt.permits = num_arg(optarg, 'k', 1, 1024, "PERMITS"); break;
        case 'm': opt.miss_every = num_arg(optarg, 'm', 1, 1000000, "MISS_EVERY"); break;
        case 'W': opt.windows = optarg; break;
        case 'X': opt.fault = 1; break;
        case ':': die_usage("-%c needs a value (see -h)", optopt);
        default: die_usage("unknown option -%c (see -h)", optopt);
        }
    }
    if (optind != argc - 1)
        die_usage("expected one SCENARIO (mutex spin sem rwlock cond cache), got %d arguments",
                  argc - optind);
    opt.sc = S_COUNT;
    for (int s = 0; s < S_COUNT; s++)
        if (strcmp(argv[optind], scenario_names[s]) == 0)
            opt.sc = (enum scenario)s;
    if (opt.sc == S_COUNT)
        die_usage("SCENARIO '%s': expected one of mutex spin sem rwlock cond cache", argv[optind]);
    long ncpu = online_cpus();
    opt.threads = t_opt > 0 ? t_opt : opt.sc == S_SPIN && ncpu < 4 ? (ncpu > 0 ? ncpu : 1) : 4;
    opt.ops = n_opt > 0 ? n_opt : defaults[opt.sc][0];
    opt.cs_ns = c_opt >= 0 ? c_opt : defaults[opt.sc][1];
    opt.work_ns = w_opt >= 0 ? w_opt : defaults[opt.sc][2];
    if (opt.sc == S_COND && opt.threads < 2)
        die_usage("-t %ld: cond needs at least 2 threads (producers and consumers)", opt.threads);
    if (opt.windows && opt.sc != S_CACHE)
        die_usage("-W: only the cache scenario writes request windows");
#ifndef __linux__
    if (opt.windows)
        die_usage("-W: needs kernel thread ids (Linux only)");
#endif

    /* setup, outside the timed region */
    long n = opt.threads;
    struct worker *ws = xaligned_alloc(64, sizeof *ws * (size_t)n);
    memset(ws, 0, sizeof *ws * (size_t)n);
    long ncons = n - n / 2, total_items = (n / 2) * opt.ops;
    for (long t = 0; t < n; t++) {
        ws[t].idx = t;
        ws[t].nops = opt.ops;
        if (opt.sc == S_COND && t >= n / 2) /* consumers share the items evenly */
            ws[t].nops = total_items / ncons + (t - n / 2 < total_items % ncons);
        ws[t].lat = xmalloc(sizeof(uint64_t) * (size_t)(ws[t].nops ? ws[t].nops : 1));
        if (opt.sc == S_CACHE) {
            ws[t].start = xmalloc(sizeof(uint64_t) * (size_t)opt.ops);
            if (opt.windows) {
                long most = opt.ops / opt.miss_every + 1;
                ws[t].cstart = xmalloc(sizeof(uint64_t) * (size_t)most);
                ws[t].cend = xmalloc(sizeof(uint64_t) * (size_t)most);
            }
        }
    }
#if !defined(__APPLE__)
    check_pt(pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE), "pthread_spin_init");
#endif
    if (opt.sc == S_SEM) {
#if defined(__APPLE__) /* no unnamed semaphores on macOS (not tested on macOS) */
        char name[64];
        snprintf(name, sizeof name, "/lockwait-%d", (int)getpid());
        sem = sem_open(name, O_CREAT | O_EXCL, 0600, (unsigned)opt.permits);
        if (sem == SEM_FAILED)
            die_errno("sem_open");
        sem_unlink(name);
#else
        static sem_t sem_storage;
        sem = &sem_storage;
        if (sem_init(sem, 0, (unsigned)opt.permits) != 0)
            die_errno("sem_init");
#endif
    }
    for (long k = 0; k < RW_TABLE; k++)
        table[k] = 1000;
    if (opt.sc == S_CACHE) {
        long want = 2 * (CACHE_HOT + n * (opt.ops / opt.miss_every + 1));
        for (cache_cap = 64; cache_cap < want; cache_cap *= 2)
            ;
        cache = xmalloc(sizeof *cache * (size_t)cache_cap);
        memset(cache, 0, sizeof *cache * (size_t)cache_cap);
        struct worker warm = {0};
        long cs = opt.cs_ns;
        opt.cs_ns = 0; /* the hot scripts are compiled before the clock starts */
        for (uint64_t id = 1; id <= CACHE_HOT; id++)
            cache_find_or_compile(&warm, id);
        opt.cs_ns = cs;
    }

    pthread_t *th = xmalloc(sizeof *th * (size_t)n);
    for (long t = 0; t < n; t++) {
        void *(*fn)(void *) = opt.sc == S_COND ? (t < n / 2 ? run_producer : run_consumer)
                              : opt.sc == S_CACHE ? run_cache
                                                  : run_locked;
        check_pt(pthread_create(&th[t], NULL, fn, &ws[t]), "pthread_create");
#ifdef __linux__
        snprintf(ws[t].name, sizeof ws[t].name, "%.6s-%d",
                 opt.sc == S_COND ? (t < n / 2 ? "prod" : "cons") : scenario_names[opt.sc], (int)t);
        check_pt(pthread_setname_np(th[t], ws[t].name), "pthread_setname_np");
#endif
    }
    while (atomic_load(&gate_ready) < n)
        sched_yield();
    uint64_t t0 = now_ns(); /* timed region: gate open .. all joined */
    atomic_store(&gate_go, 1);
    for (long t = 0; t < n; t++)
        check_pt(pthread_join(th[t], NULL), "pthread_join");
    uint64_t wall = now_ns() - t0;

    if (opt.fault) { /* -X: one update outside every lock; the check must notice */
        guarded_a++;
        guarded_b++;
        atomic_fetch_add(&uses, 1);
        writes++;
        ws[n - 1].sum++;
    }
    long ops;
    check_result(ws, n, &ops);

    size_t nlat = 0;
    for (long t = 0; t < n; t++)
        nlat += (size_t)ws[t].nops;
    uint64_t *all = xmalloc(sizeof(uint64_t) * (nlat ? nlat : 1));
    size_t k = 0;
    for (long t = 0; t < n; t++) {
        memcpy(all + k, ws[t].lat, sizeof(uint64_t) * (size_t)ws[t].nops);
        k += (size_t)ws[t].nops;
    }
    qsort(all, nlat, sizeof *all, cmp_u64);
    uint64_t p50 = pct(all, nlat, 0.50), p99 = pct(all, nlat, 0.99), mx = all[nlat - 1];
    if (opt.windows)
        write_windows(ws, n, p99);
    uint64_t sink = 0;
    for (long t = 0; t < n; t++)
        sink ^= ws[t].sink;
    SINK(sink);

    printf("RESULT exp=lockwait kind=workload scenario=%s threads=%ld wall_ns=%" PRIu64
           " ops=%ld ops_per_s=%.1f p50_ns=%" PRIu64 " p99_ns=%" PRIu64 " max_ns=%" PRIu64
           " check=ok\n",
           scenario_names[opt.sc], n, wall, ops, (double)ops * 1e9 / (double)wall, p50, p99, mx);
    fprintf(stderr, "lockwait_workload: %s, %ld threads: %ld ops in %.1f ms, p50 %.1f us, p99 %.1f us, "
            "max %.1f us\n", scenario_names[opt.sc], n, ops, (double)wall / 1e6,
            (double)p50 / 1e3, (double)p99 / 1e3, (double)mx / 1e3);
    if (fflush(stdout) != 0)
        die_errno("stdout");
    for (long t = 0; t < n; t++) {
        free(ws[t].lat);
        free(ws[t].start);
        free(ws[t].cstart);
        free(ws[t].cend);
    }
    free(ws);
    free(th);
    free(all);
    free(cache);
#if !defined(__APPLE__)
    check_pt(pthread_spin_destroy(&spin), "pthread_spin_destroy");
    if (opt.sc == S_SEM && sem_destroy(sem) != 0)
        die_errno("sem_destroy");
#endif
    return 0;
}

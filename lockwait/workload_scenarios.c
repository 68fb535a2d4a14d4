/* workload_scenarios.c - the scenarios of lockwait_workload (workload.c):
 * each thread's loop, the state its lock guards, and the check that the
 * lock did guard it. One op = lock request .. release (cache: the whole
 * request). */
#define _GNU_SOURCE
#include "common.h"
#include "workload.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

const char *const scenario_names[S_COUNT] = {"mutex", "spin", "sem", "rwlock", "cond", "cache"};

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
atomic_long gate_ready;
atomic_int gate_go;
static void gate_wait(void)
{
    atomic_fetch_add(&gate_ready, 1);
    while (!atomic_load(&gate_go))
        sched_yield();
}

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

void *run_locked(void *arg) /* mutex, spin, sem, rwlock */
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

void *run_producer(void *arg)
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

void *run_consumer(void *arg)
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

void *run_cache(void *arg)
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

void check_result(struct worker *ws, long n, long *ops)
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

/* -X: one update outside every lock; the check must notice */
void inject_fault(struct worker *ws, long n)
{
    guarded_a++;
    guarded_b++;
    atomic_fetch_add(&uses, 1);
    writes++;
    ws[n - 1].sum++;
}

/* the locks and the shared data of the scenario, before the clock starts */
void setup_shared(long n)
{
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
}

void free_shared(void)
{
    free(cache);
#if !defined(__APPLE__)
    check_pt(pthread_spin_destroy(&spin), "pthread_spin_destroy");
    if (opt.sc == S_SEM && sem_destroy(sem) != 0)
        die_errno("sem_destroy");
#endif
}

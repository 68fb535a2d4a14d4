/* lw_bench.c - the loops lockwait/tool/bench/bench_overhead.sh times with and without
 * liblockwait preloaded (the binary is the same; only LD_PRELOAD differs).
 *   usage: lw_bench MODE [PAIRS]
 *   uncontended  2 threads, each locks/unlocks its own mutex PAIRS times
 *                (default 5000000); the mutexes sit on separate cache lines
 *   single       as uncontended, in a process that never starts a thread:
 *                glibc then locks with plain stores, no atomic, so the
 *                wrapper's own work is most of what it adds
 *   trylock      as uncontended, but locking with pthread_mutex_trylock: the
 *                floor of a trylock-first wrapper (glibc's trylock costs more
 *                than its lock)
 *   signal       as uncontended, and each critical section also signals the
 *                thread's own condition variable, which nobody waits on:
 *                a producer's or consumer's pattern, two objects in turn
 *   spin         as uncontended, with a spinlock of each thread's own
 *   post         as uncontended, with sem_wait/sem_post on a semaphore of
 *                each thread's own (count 1): a semaphore used as a lock
 *   contended    2 threads share one mutex, PAIRS pairs each, with a little
 *                work (64 steps of an LCG) outside the lock between pairs
 *   fork         one thread forks PAIRS (default 200) children in turn, each
 *                of which locks and unlocks a mutex and exits (the
 *                library's report at exit runs): ns_per_pair is ns per
 *                fork, child and wait, what a shell or a forking server
 *                pays per child
 *   probe        ns per clock_gettime(CLOCK_MONOTONIC), per read of the
 *                cycle counter the library times waits with where it can
 *                (x86-64 rdtsc, arm64 cntvct_el0; -1 elsewhere) and per
 *                getrusage(RUSAGE_THREAD): what the library pays for a
 *                timestamp and for the sleep/spin test on a contended wait
 * Thread i is pinned to CPU i where allowed (best effort). Threads start
 * together behind a spinning gate (no pthread call, so the
 * gate itself is not wrapped); the time runs from the gate's release to the
 * last thread's end. Every critical section increments a counter, checked
 * against the expected total; a mismatch fails the run.
 * stdout: RESULT exp=lockwait_overhead kind=run loop=L threads=2 pairs_per_thread=N
 *         wall_ns=N ns_per_pair=F nvcsw=N (the process's voluntary context
 *         switches: how often a thread went to sleep on the lock)
 *         (probe: kind=probe loop=probe clock_ns=F counter_ns=F|NA getrusage_ns=F) */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

#define THREADS 2

struct slot {
    pthread_mutex_t m;
    pthread_cond_t cv; /* signalled in the signal loop */
    pthread_spinlock_t spin; /* the spin loop's lock */
    sem_t sem;               /* the post loop's */
    uint64_t count;
} __attribute__((aligned(64)));

static struct slot own[THREADS];
static struct slot shared = {.m = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};
static long pairs = 5000000;
static int contended, use_trylock, use_signal, nthreads = THREADS;
static enum { MUTEX, SPIN, SEM } lock_kind = MUTEX;
static atomic_int ready, go;
static uint64_t sink_total;

static void *worker(void *arg)
{
    struct slot *s = contended ? &shared : &own[(long)arg];
    uint64_t x = (uint64_t)(long)arg + 1;
    /* one thread per CPU where the OS lets us: two cores meeting at the lock,
     * not two threads taking turns on one CPU (best effort, not checked) */
    if (online_cpus() >= nthreads)
        (void)pin_self((int)(long)arg);
    atomic_fetch_add(&ready, 1);
    while (!atomic_load_explicit(&go, memory_order_acquire))
        ;
    for (long i = 0; i < pairs; i++) {
        if (lock_kind == SPIN) {
            check_pt(pthread_spin_lock(&s->spin), "spin_lock");
            s->count++;
            check_pt(pthread_spin_unlock(&s->spin), "spin_unlock");
            continue;
        }
        if (lock_kind == SEM) {
            if (sem_wait(&s->sem) != 0)
                die_errno("sem_wait");
            s->count++;
            if (sem_post(&s->sem) != 0)
                die_errno("sem_post");
            continue;
        }
        if (use_trylock) {
            if (pthread_mutex_trylock(&s->m) != 0)
                die("lw_bench: trylock of an uncontended mutex failed");
        } else {
            check_pt(pthread_mutex_lock(&s->m), "lock");
        }
        s->count++;
        if (use_signal)
            check_pt(pthread_cond_signal(&s->cv), "cond_signal");
        check_pt(pthread_mutex_unlock(&s->m), "unlock");
        if (contended)
            for (int k = 0; k < 64; k++)
                x = x * 6364136223846793005ull + 1442695040888963407ull;
    }
    return (void *)(uintptr_t)x;
}

static void run(const char *mode)
{
    pthread_t t[THREADS];
    uint64_t t0, wall;
    for (long i = 0; i < nthreads; i++) {
        check_pt(pthread_mutex_init(&own[i].m, NULL), "mutex_init");
        check_pt(pthread_cond_init(&own[i].cv, NULL), "cond_init");
        check_pt(pthread_spin_init(&own[i].spin, PTHREAD_PROCESS_PRIVATE), "spin_init");
        if (sem_init(&own[i].sem, 0, 1) != 0)
            die_errno("sem_init");
    }
    if (nthreads == 1) { /* no thread started: this one runs the loop, the gate open */
        atomic_store(&go, 1);
        t0 = now_ns();
        sink_total += (uint64_t)(uintptr_t)worker((void *)0);
        wall = now_ns() - t0;
    } else {
        for (long i = 0; i < nthreads; i++)
            check_pt(pthread_create(&t[i], NULL, worker, (void *)i), "pthread_create");
        while (atomic_load(&ready) < nthreads)
            ;
        t0 = now_ns();
        atomic_store_explicit(&go, 1, memory_order_release);
        for (int i = 0; i < nthreads; i++) {
            void *x;
            check_pt(pthread_join(t[i], &x), "pthread_join");
            sink_total += (uint64_t)(uintptr_t)x;
        }
        wall = now_ns() - t0;
    }
    SINK(sink_total);
    uint64_t got = contended ? shared.count : own[0].count + own[1].count;
    if (got != (uint64_t)(nthreads * pairs))
        die("lw_bench: %llu critical sections counted, expected %ld", (unsigned long long)got, nthreads * pairs);
    struct rusage ru; /* voluntary switches: how often a thread slept on the lock */
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        die_errno("getrusage");
    printf("RESULT exp=lockwait_overhead kind=run loop=%s threads=%d pairs_per_thread=%ld wall_ns=%llu ns_per_pair=%.3f "
           "nvcsw=%ld\n",
           mode, nthreads, pairs, (unsigned long long)wall, (double)wall / (double)(nthreads * pairs), ru.ru_nvcsw);
}

/* a shared mutex once in this process, then `pairs` children in turn that
 * take it once and exit: each fork copies what the library knows, and each
 * child's exit writes a report */
static void forks(void)
{
    check_pt(pthread_mutex_lock(&shared.m), "lock");
    shared.count++;
    check_pt(pthread_mutex_unlock(&shared.m), "unlock");
    fflush(stdout); /* nothing buffered for a child's exit to write again */
    uint64_t t0 = now_ns();
    for (long i = 0; i < pairs; i++) {
        pid_t pid = fork();
        if (pid < 0)
            die_errno("fork");
        if (pid == 0) {
            check_pt(pthread_mutex_lock(&shared.m), "lock (child)");
            shared.count++;
            check_pt(pthread_mutex_unlock(&shared.m), "unlock (child)");
            exit(shared.count == 2 ? 0 : 3);
        }
        int st;
        while (waitpid(pid, &st, 0) < 0)
            if (errno != EINTR)
                die_errno("waitpid");
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            die("lw_bench: fork child %ld ended with status %d", i, st);
    }
    uint64_t wall = now_ns() - t0;
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        die_errno("getrusage");
    printf("RESULT exp=lockwait_overhead kind=run loop=fork threads=1 pairs_per_thread=%ld wall_ns=%llu ns_per_pair=%.3f "
           "nvcsw=%ld\n",
           pairs, (unsigned long long)wall, (double)wall / (double)pairs, ru.ru_nvcsw);
}

/* one read of the counter liblockwait uses for ticks (common/clock.h) */
static int counter_read(uint64_t *v)
{
#if defined(__x86_64__)
    *v = __builtin_ia32_rdtsc();
    return 1;
#elif defined(__aarch64__)
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(*v));
    return 1;
#else
    *v = 0;
    return 0;
#endif
}

static void probe(void)
{
    enum { N = 200000 };
    struct timespec ts;
    struct rusage ru;
    uint64_t acc = 0, t0 = now_ns();
    for (int i = 0; i < N; i++) {
        clock_gettime(CLOCK_MONOTONIC, &ts);
        acc += (uint64_t)ts.tv_nsec;
    }
    uint64_t t1 = now_ns();
    for (int i = 0; i < N; i++) {
        if (getrusage(RUSAGE_THREAD, &ru) != 0)
            die_errno("getrusage");
        acc += (uint64_t)ru.ru_nvcsw;
    }
    uint64_t t2 = now_ns();
    int have = 0;
    for (int i = 0; i < N; i++) {
        uint64_t v;
        have = counter_read(&v);
        acc += v;
    }
    uint64_t t3 = now_ns();
    SINK(acc);
    printf("RESULT exp=lockwait_overhead kind=probe loop=probe clock_ns=%.1f", (double)(t1 - t0) / N);
    if (have) /* no cycle counter: the library times with the clock */
        printf(" counter_ns=%.1f", (double)(t3 - t2) / N);
    else
        printf(" counter_ns=NA");
    printf(" getrusage_ns=%.1f\n", (double)(t2 - t1) / N);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_bench uncontended|single|trylock|signal|spin|post|contended|fork|probe [PAIRS]\n"
             "  PAIRS: lock/unlock pairs per thread, 1..1000000000 (default 5000000;\n"
             "  fork: the children forked one after the other, default 200)");
        return 0;
    }
    if (argc < 2 || argc > 3)
        die_usage("lw_bench: expected MODE [PAIRS] (see -h)");
    if (argc == 3 && parse_long(argv[2], 1, 1000000000, &pairs) != 0)
        die_usage("lw_bench: PAIRS='%s': expected a whole number from 1 to 1000000000", argv[2]);
    if (!strcmp(argv[1], "uncontended"))
        run("uncontended");
    else if (!strcmp(argv[1], "single"))
        nthreads = 1, run("single");
    else if (!strcmp(argv[1], "trylock"))
        use_trylock = 1, run("trylock");
    else if (!strcmp(argv[1], "signal"))
        use_signal = 1, run("signal");
    else if (!strcmp(argv[1], "spin"))
        lock_kind = SPIN, run("spin");
    else if (!strcmp(argv[1], "post"))
        lock_kind = SEM, run("post");
    else if (!strcmp(argv[1], "contended"))
        contended = 1, run("contended");
    else if (!strcmp(argv[1], "fork"))
        pairs = argc == 3 ? pairs : 200, forks();
    else if (!strcmp(argv[1], "probe"))
        probe();
    else
        die_usage("lw_bench: MODE='%s': expected uncontended, single, trylock, signal, spin, post, contended, fork or probe",
                  argv[1]);
    return 0;
}

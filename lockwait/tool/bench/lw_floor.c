/* lw_floor.c - the least a lock profiler that times its waits costs: an
 * LD_PRELOAD library (build/liblw_floor.so) for the contended loop of
 * bench_overhead.sh. Its pthread_mutex_lock does what liblockwait's does
 * before any bookkeeping: a trylock first; when that fails, a read of the
 * cycle counter, the real lock, and a second read, which falls inside the
 * critical section the wait ends with. Nothing else: no statistics, no
 * unlock wrapper. What the contended loop pays for it is the part of
 * liblockwait's overhead no design that times every wait can avoid.
 * Each thread sums its waits' ticks and adds the sum to a global at its
 * exit (the reads are used; nothing is printed). Linux/glibc: x86-64 rdtsc,
 * arm64 cntvct_el0, else clock_gettime(CLOCK_MONOTONIC) ns. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef int (*mutex_fn)(pthread_mutex_t *);
static mutex_fn real_lock, real_trylock;
static pthread_key_t sum_key;
static _Atomic uint64_t all_waits_ticks; /* the threads' sums, added at their exit */
static __thread uint64_t my_ticks;
static __thread int hooked; /* this thread's exit adds my_ticks */
static int key_made; /* sum_key exists (setup() has run) */

__attribute__((noreturn)) static void die(const char *msg);

static inline uint64_t ticks(void)
{
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t v;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
    return v;
#else
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        die("lw_floor: clock_gettime(CLOCK_MONOTONIC) failed\n");
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

static void die(const char *msg)
{
    ssize_t w = write(2, msg, __builtin_strlen(msg));
    (void)w;
    abort();
}

static void thread_done(void *p)
{
    (void)p;
    atomic_fetch_add_explicit(&all_waits_ticks, my_ticks, memory_order_relaxed);
}

/* the real functions; also called from the wrapper, as another library's
 * constructor can lock before ours has run (threads racing here store the
 * same pointers) */
static void resolve_real(void)
{
    mutex_fn lock = (mutex_fn)dlsym(RTLD_NEXT, "pthread_mutex_lock");
    mutex_fn trylock = (mutex_fn)dlsym(RTLD_NEXT, "pthread_mutex_trylock");
    if (!lock || !trylock)
        die("lw_floor: cannot find the real pthread_mutex_lock/trylock\n");
    __atomic_store_n(&real_lock, lock, __ATOMIC_RELAXED);
    __atomic_store_n(&real_trylock, trylock, __ATOMIC_RELEASE); /* after real_lock */
}

__attribute__((constructor)) static void setup(void)
{
    resolve_real();
    if (pthread_key_create(&sum_key, thread_done) != 0)
        die("lw_floor: pthread_key_create failed\n");
    __atomic_store_n(&key_made, 1, __ATOMIC_RELEASE);
}

__attribute__((destructor)) static void main_done(void)
{
    thread_done(NULL);
}

__attribute__((visibility("default"))) int pthread_mutex_lock(pthread_mutex_t *m)
{
    if (__builtin_expect(__atomic_load_n(&real_trylock, __ATOMIC_ACQUIRE) == NULL, 0))
        resolve_real();
    int rc = real_trylock(m);
    if (rc != EBUSY)
        return rc;
    if (!hooked && __atomic_load_n(&key_made, __ATOMIC_ACQUIRE)) { /* once per thread, before the wait */
        if (pthread_setspecific(sum_key, &my_ticks) != 0)
            die("lw_floor: pthread_setspecific failed\n");
        hooked = 1;
    }
    uint64_t t0 = ticks();
    rc = real_lock(m);
    uint64_t t1 = ticks(); /* inside the critical section, as a profiler's must be */
    my_ticks += t1 - t0;
    return rc;
}

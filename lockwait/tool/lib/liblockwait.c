/* liblockwait.c - an LD_PRELOAD lock-contention profiler for unmodified
 * programs: wraps the pthread mutex, spinlock, semaphore, rwlock and condvar
 * calls, counts every acquisition cheaply and measures every contended wait
 * (time, whether the waiter slept in the kernel, who held the lock), then
 * reports at exit (lw_report.c). This file: finding the real functions and
 * the thread wrappers (mutexes: lw_mutex.c; spinlocks: lw_spin.c;
 * semaphores, rwlocks, condvars: lw_waits.c; start, fork and exit:
 * lw_life.c); the state behind them is in lw_core.c and lw_internal.h.
 * Linux + glibc (musl untested).
 *
 * Fast path (lock is free): the real trylock, or for glibc's default mutex
 * and its spinlock the same steps taken in the wrapper (lw_glibc_mutex.h,
 * lw_mutex.c; lw_glibc_spin.h, lw_spin.c; a mutex in a process of one
 * thread locked outright, as the bare program does), a per-thread cache of
 * this thread's statistics for its last two locks, a counter bump and the
 * hold noted in one word (lw_fastpath.h), all thread-local but the holder
 * of a lock that keeps none itself (a spinlock's). No syscall, no clock read,
 * no atomic read-modify-write, no allocation, no wait for a cache line
 * another thread writes (a mutex asks for its record's holder line, a
 * prefetch). Only when the trylock fails do we take a timestamp (a cycle-counter
 * read where there is one, lw_internal.h) and, sampled, the thread's
 * voluntary context switches, then call the real blocking function. Hold
 * times are sampled, and holds of contended locks timed whole when they run
 * long (lw_internal.h, LW_HOLD_LONG_NS): two timestamps per hold would cost
 * more than an uncontended lock/unlock pair. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "lw_wrap.h"
#include "lw_glibc_mutex.h"
#include "lw_stacks.h"

/* ---------------------------------------------------------------- real calls */

/* The condvar functions exist in two versions on glibc: the old (LinuxThreads
 * compatible) one and the current one. dlsym may hand back either, so ask for
 * the version programs link against today, per architecture. */
#if defined(__GLIBC__) && (defined(__x86_64__) || defined(__i386__))
#define LW_COND_VERSION "GLIBC_2.3.2"
#elif defined(__GLIBC__) && defined(__aarch64__)
#define LW_COND_VERSION "GLIBC_2.17"
#endif

struct lw_real lw_real;


static void *sym(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}

void *lw_cond_sym(const char *name)
{
    void *p = NULL;
#ifdef LW_COND_VERSION
    p = dlvsym(RTLD_NEXT, name, LW_COND_VERSION);
#endif
    return p ? p : dlsym(RTLD_NEXT, name);
}

/* Resolve every real function once. A call that arrives while this thread is
 * resolving (an allocator that locks a mutex inside dlsym) is passed over:
 * the wrappers return success without locking, which is safe only because
 * that happens during single-threaded start-up; the report counts them. */
static __thread int resolving;
int lw_resolve(void)
{
    if (lw_real.ready)
        return 1;
    if (resolving) {
        ADD(lw.bypassed, 1);
        return 0;
    }
    resolving = 1;
    int e = errno;
    lw_real.mutex_lock = (mfn)sym("pthread_mutex_lock");
    lw_real.mutex_trylock = (mfn)sym("pthread_mutex_trylock");
    lw_real.mutex_unlock = (mfn)sym("pthread_mutex_unlock");
    lw_real.mutex_timedlock = (mtfn)sym("pthread_mutex_timedlock");
    lw_real.mutex_clocklock = (mcfn)sym("pthread_mutex_clocklock");
    lw_real.spin_lock = (sfn)sym("pthread_spin_lock");
    lw_real.spin_trylock = (sfn)sym("pthread_spin_trylock");
    lw_real.spin_unlock = (sfn)sym("pthread_spin_unlock");
    lw_real.sem_wait = (semfn)sym("sem_wait");
    lw_real.sem_trywait = (semfn)sym("sem_trywait");
    lw_real.sem_post = (semfn)sym("sem_post");
    lw_real.sem_timedwait = (semtfn)sym("sem_timedwait");
    lw_real.sem_clockwait = (semcfn)sym("sem_clockwait");
    lw_real.rdlock = (rwfn)sym("pthread_rwlock_rdlock");
    lw_real.wrlock = (rwfn)sym("pthread_rwlock_wrlock");
    lw_real.tryrdlock = (rwfn)sym("pthread_rwlock_tryrdlock");
    lw_real.trywrlock = (rwfn)sym("pthread_rwlock_trywrlock");
    lw_real.rwunlock = (rwfn)sym("pthread_rwlock_unlock");
    lw_real.timedrdlock = (rwtfn)sym("pthread_rwlock_timedrdlock");
    lw_real.timedwrlock = (rwtfn)sym("pthread_rwlock_timedwrlock");
    lw_real.clockrdlock = (rwcfn)sym("pthread_rwlock_clockrdlock");
    lw_real.clockwrlock = (rwcfn)sym("pthread_rwlock_clockwrlock");
    lw_real.cond_wait = (cwfn)lw_cond_sym("pthread_cond_wait");
    lw_real.cond_timedwait = (ctfn)lw_cond_sym("pthread_cond_timedwait");
    lw_real.cond_clockwait = (ccfn)sym("pthread_cond_clockwait"); /* one version */
    lw_real.cond_signal = (csfn)lw_cond_sym("pthread_cond_signal");
    lw_real.cond_broadcast = (csfn)lw_cond_sym("pthread_cond_broadcast");
    lw_real.create = (crfn)sym("pthread_create");
    lw_real.cancel = (cancelfn)sym("pthread_cancel");
    lw_real.mutex_init = (minitfn)sym("pthread_mutex_init");
    lw_real.rwlock_init = (rwinitfn)sym("pthread_rwlock_init");
    lw_real.spin_init = (spinitfn)sym("pthread_spin_init");
    lw_real.sem_init = (seminitfn)sym("sem_init");
    lw_real.cond_init = (cinitfn)lw_cond_sym("pthread_cond_init");
    errno = e;
    resolving = 0;
    /* the functions every program needs; the others are checked at use */
    if (!lw_real.mutex_lock || !lw_real.mutex_trylock || !lw_real.mutex_unlock || !lw_real.create) {
        static const char msg[] = "lockwait: cannot find the real pthread functions; aborting\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        abort();
    }
    lw_real.ready = 1;
    return 1;
}

/* ---------------------------------------------------------------- threads */

/* Is spinlock p locked? Its word differs from a free one's: free is 1 in
 * glibc's x86 spinlocks (a locking decrement), 0 in the generic ones. */
static int spin_locked(const void *p)
{
    pthread_spinlock_t free_one;
    if (!lw_real.spin_init || lw_real.spin_init(&free_one, PTHREAD_PROCESS_PRIVATE) != 0)
        return 1; /* cannot tell: held, as the stack says */
    return __atomic_load_n((const int *)p, __ATOMIC_RELAXED) != *(const int *)(const void *)&free_one;
}

/* Is p, on this thread's held stack, still held by this thread? Asked at
 * thread exit, where a stale entry (a spinlock another thread unlocked) must
 * not be flagged. */
static int still_held(struct lw_tstat *e)
{
    void *p = (void *)e->addr;
#ifdef __GLIBC__
    if (e->kind == K_MUTEX || e->kind == K_RWLOCK)
        return lw_holder_of(p, e->kind, e->lock) == my_tid();
#endif
    if (e->kind == K_SPIN)
        return spin_locked(p);
    return 1;
}

/* A thread that ends while holding an exclusive lock: flag each such lock. */
static void thread_end(void *arg)
{
    (void)arg;
    struct lw_thread *t = lw_thread_self();
    lw_settle();
    plain_to_held();
    for (uint32_t i = 0; i < lw_tls.nheld; i++) {
        struct lw_held *h = &lw_tls.held[i];
        if (h->pending)
            lw_wait_account_pending(h);
        if (still_held(h->e))
            ADD(h->e->lock->held_at_exit, 1);
    }
    if (lw_tls.held_lost)
        ADD(lw.held_lost, lw_tls.held_lost);
    if (t) {
#ifdef __linux__
        prctl(PR_GET_NAME, t->name, 0, 0, 0);
#endif
        t->exit_ticks = lw_ticks();
        lw_trace(t, LW_EV_THREAD_EXIT, LW_T_NONE, NULL, 0, t->exit_ticks, 0);
        atomic_store_explicit(&t->exited, 1, memory_order_release);
    }
}
struct start {
    void *(*fn)(void *);
    void *arg;
    uintptr_t named; /* the start routine to name the thread by (C11: the program's, not our adapter) */
    uint32_t creator, create_stack;
    uintptr_t stack_lo; /* the user stack's base, or 0: the size below */
    uint64_t stack_size;
};

static void *thread_start(void *p)
{
    struct start s = *(struct start *)p;
    free(p);
    uintptr_t hi = (uintptr_t)__builtin_frame_address(0); /* the program's frames are below */
    lw_stack_bounds(s.stack_lo ? s.stack_lo : lw_stack_low(hi, s.stack_size), hi);
    struct lw_thread *t = lw_thread_self();
    if (t) {
        t->creator = s.creator;
        t->start_fn = s.named;
        t->create_stack = s.create_stack;
        t->start_ticks = lw_ticks(); /* the THREAD_START's time: both reports see one start */
        lw_trace(t, LW_EV_THREAD_START, LW_T_NONE, NULL, 0, t->start_ticks, s.creator);
    }
    void *ret;
    pthread_cleanup_push(thread_end, NULL);
    ret = s.fn(s.arg);
    pthread_cleanup_pop(1);
    return ret;
}

/* Where the new thread's stack is, as far as the walk needs: a stack the
 * program gave exactly; else the size it asked for or the default (read on
 * the creating thread: the walk itself must not ask, it may run anywhere). */
static void thread_stack_of(const pthread_attr_t *attr, struct start *s)
{
    size_t size = 0;
    void *addr = NULL;
    s->stack_lo = 0;
    s->stack_size = 0;
    if (attr) {
        /* without a stack of its own, glibc answers 0 - size: it wraps */
        if (pthread_attr_getstack(attr, &addr, &size) == 0 && addr && (uintptr_t)addr + size > (uintptr_t)addr) {
            s->stack_lo = (uintptr_t)addr;
            return;
        }
        if (pthread_attr_getstacksize(attr, &size) == 0)
            s->stack_size = size;
        return;
    }
#ifdef __GLIBC__
    pthread_attr_t a;
    if (pthread_getattr_default_np(&a) == 0) {
        if (pthread_attr_getstacksize(&a, &size) == 0)
            s->stack_size = size;
        pthread_attr_destroy(&a);
    }
#endif
}

int lw_thread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg, uintptr_t named,
                     uintptr_t pc)
{
    NEED(create);
    struct start *s = malloc(sizeof *s);
    if (!s) /* cannot follow this thread: still create it, unnamed */
        return lw_real.create(th, attr, fn, arg);
    s->fn = fn;
    s->arg = arg;
    s->named = named;
    s->creator = my_tid();
    s->create_stack = lw_stack_capture(pc);
    thread_stack_of(attr, s);
    int rc = lw_real.create(th, attr, thread_start, s);
    if (rc != 0)
        free(s);
    return rc;
}

LW_API int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    return lw_thread_create(th, attr, fn, arg, (uintptr_t)fn, RA());
}

/* liblockwait.c - an LD_PRELOAD lock-contention profiler for unmodified
 * programs: wraps the pthread mutex, spinlock, semaphore, rwlock and condvar
 * calls, counts every acquisition cheaply and measures every contended wait
 * (time, whether the waiter slept in the kernel, who held the lock), then
 * reports at exit (lw_report.c). This file: the thread wrappers (the real
 * functions: lw_real.c; mutexes: lw_mutex.c; spinlocks: lw_spin.c;
 * semaphores, rwlocks, condvars: lw_waits.c; start, fork and exit:
 * lw_life.c); the state behind them is in lw_core.c (lw_core.h).
 * Linux + glibc (musl untested).
 *
 * Each part is a .c file with its own .h, and calls only the parts after it:
 *   start, fork, exit, signals, periodic reports (lw_life, lw_signals, lw_interval)
 *   > wrappers (this file, lw_mutex, lw_spin, lw_waits, lw_barrier, lw_c11,
 *     lw_inits) > the real functions (lw_real)
 *   > fast path (lw_fastpath.h) > accounting (lw_account) > stacks (lw_stacks) > core (lw_core);
 *   the report (lw_report > lw_report_holds, lw_report_idle, lw_probes, lw_tracemeta
 *     > lw_names) > output (lw_output) > core;
 *   beneath all: common/clock.c, lw_config, lw_modules (the process's modules).
 * Still calling each other: lw_report and lw_interval (the periodic base),
 * lw_output and lw_probes, lw_tracemeta (the brief report, the trace's end).
 *
 * A free lock costs the real trylock (or glibc's own steps: lw_mutex.c, lw_spin.c)
 * and thread-local stores (lw_fastpath.h): no syscall, clock read, atomic
 * read-modify-write or allocation. Only a failed trylock reads the clock
 * and, sampled, the thread's context switches; hold times are sampled
 * (lw_config.h, LW_HOLD_SAMPLE). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "liblockwait.h"
#include "../lw_kinds.h"
#include "../trace.h"
#include "lw_account.h"
#include "clock.h"
#include "lw_core.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"
#include "lw_tracemeta.h"
#include "lw_wrap.h"

/* ---------------------------------------------------------------- threads */

/* Is spinlock p locked? Its word differs from a free one's: free is 1 in
 * glibc's x86 spinlocks (a locking decrement), 0 in the generic ones. */
static int spin_locked(const void *p)
{
    pthread_spinlock_t free_one;
    if (!lw_real.pthread_spin_init || lw_real.pthread_spin_init(&free_one, PTHREAD_PROCESS_PRIVATE) != 0)
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
    lw_settle_own();
    plain_to_held();
    for (uint32_t i = 0; i < lw_tls.nheld; i++)
        if (still_held(lw_tls.held[i].e))
            ADD(lw_tls.held[i].e->lock->held_at_exit, 1);
    if (lw_tls.held_lost)
        ADD(lw.held_lost, lw_tls.held_lost);
    if (t) {
#ifdef __linux__
        prctl(PR_GET_NAME, t->name, 0, 0, 0);
#endif
        t->exit_ticks = ticks_now();
        struct timespec cpu;
        if (lw.cfg.trace && !lw.filtered && clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu) == 0)
            t->cpu_ns = (uint64_t)cpu.tv_sec * 1000000000u + (uint64_t)cpu.tv_nsec;
        if (lw.cfg.trace && !lw.filtered)
            lw_trace_note_cpus();
        lw_trace(t, LW_EV_THREAD_EXIT, LW_T_NONE, NULL, 0, t->exit_ticks, 0, 0);
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
        t->start_ticks = ticks_now(); /* the THREAD_START's time: both reports see one start */
        lw_trace(t, LW_EV_THREAD_START, LW_T_NONE, NULL, 0, t->start_ticks, s.creator, 0);
    }
    void *ret;
    pthread_cleanup_push(thread_end, NULL);
    ret = s.fn(s.arg);
    pthread_cleanup_pop(1);
    return ret;
}

/* Where the new thread's stack is, as far as the walk needs: a stack the
 * program gave exactly; else the size it asked for or the default (read on
 * the creating thread: the walk itself must not ask, it may run anywhere),
 * into s's stack fields, which come zeroed. */
static void thread_stack_of(const pthread_attr_t *attr, struct start *s)
{
    size_t size = 0;
    void *addr = NULL;
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
    NEED(pthread_create);
    struct start *s = malloc(sizeof *s);
    if (!s) /* cannot follow this thread: still create it, unnamed */
        return lw_real.pthread_create(th, attr, fn, arg);
    *s = (struct start){.fn = fn, .arg = arg, .named = named, .creator = my_tid()};
    s->create_stack = lw_stack_capture(pc);
    thread_stack_of(attr, s);
    int rc = lw_real.pthread_create(th, attr, thread_start, s);
    if (rc != 0)
        free(s);
    return rc;
}

LW_API int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    return lw_thread_create(th, attr, fn, arg, (uintptr_t)fn, RA());
}

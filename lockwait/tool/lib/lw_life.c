/* lw_life.c - the library's life in a process: the start (constructor:
 * clock, settings, memory, the real functions, the check of glibc's mutex,
 * signals, the periodic reporter), fork (the child reports on its own),
 * and the exit (destructor: the report, on a stack of its own when the
 * exiting thread's is small). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <ucontext.h>
#endif

#include "lw_account.h"
#include "clock.h"
#include "lw_config.h"
#include "lw_core.h"
#include "lw_interval.h"
#include "lw_mutex.h"
#include "lw_output.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_signals.h"
#include "lw_spin.h"
#include "lw_stacks.h"
#include "lw_tracemeta.h"
#include "lw_tree.h"

/* A fork's child runs the handlers registered before ours first, and they
 * may lock a default mutex, whose owner field the wrapper writes: from our
 * prepare on, the forking thread's tid is not cached (lw_gettid), so each
 * process writes its own. */
static void at_fork_prepare(void)
{
    lw_tls.forking_tid = my_tid();
    lw_tls.tid = 0;
}

static void at_fork_parent(void)
{
    lw_tls.tid = lw_tls.forking_tid;
    lw_tls.forking_tid = 0;
}

/* fork: the child reports on its own under its own pid, from zero. Locks
 * the forking thread held stay held, under its new tid. */
static void at_fork_child(void)
{
    uint32_t old = lw_tls.forking_tid;
    lw_tls.forking_tid = 0;
    /* the last holder a default mutex keeps may be this thread's parent
     * self, or its self in a generation before (a mutex the parent never
     * took since its own fork: a daemon's double fork) */
    for (int i = LW_FORMER_TIDS - 1; i > 0; i--)
        lw_tls.former_tids[i] = lw_tls.former_tids[i - 1];
    lw_tls.former_tids[0] = old;
    lw_tls.tid = 0;
    lw_tls.thr = NULL;
    lw_tls.last = NULL;
    lw_tls.prev = NULL;
    uint32_t me = lw_gettid();
    lw.pid = (uint32_t)getpid();
    lw.start_ns = now_ns();
    ST(lw.dropped, 0);
    ST(lw.untracked, 0);
    ST(lw.held_lost, 0);
    lw_trace_forget_cpus();
    atomic_store_explicit(&lw.threads, NULL, memory_order_relaxed);
    ST(lw.nthreads, 0);
    lw_records_mend();
    /* each store only where the value changes: a store copies the page
     * the record is on, and a parent with 50 000 records made every child
     * copy all their pages (tens of MiB) */
    for (struct lw_lock *r = lw_records(); r; r = r->next) {
        if (LD(r->waiting))
            ST(r->waiting, 0); /* the parent's other threads do not exist here */
        if (LD(r->held_at_exit))
            ST(r->held_at_exit, 0);
        if (LD(r->last_holder) == old)
            ST(r->last_holder, me);
        if (LD(r->holder) == old)
            ST(r->holder, me);
    }
    /* this thread's holds move to its new statistics; a wait kept for a
     * hold's release (lw_wait_defer) is the parent's, and its leave from
     * the count of waiters was done by the zeroing above */
    struct lw_thread *t = lw_thread_self();
    if (t)
        t->is_main = 1; /* the child's first thread */
    plain_to_held();
    for (uint32_t i = 0; i < lw_tls.nheld; i++) {
        lw_tls.held[i].pending = 0;
        struct lw_tstat *e = lw_tstat_for(t, lw_tls.held[i].e->lock);
        if (e)
            lw_tls.held[i].e = e;
        else /* no memory: forget the hold */
            lw_tls.held[i--] = lw_tls.held[--lw_tls.nheld];
    }
    lw_tree_mark("fork");
}

__attribute__((constructor)) static void lw_start(void)
{
    lw.start_ns = now_ns();
    lw.pid = (uint32_t)getpid();
    lw_config_read(&lw.cfg);
    int e = errno;
    /* Programs may close stderr before exit (GNU coreutils do, in an atexit
     * handler), or close every descriptor and open their own: which file
     * stderr is, so the report finds it again at exit (lw_output.c) */
    lw_err_note(&lw.cfg);
    lw_trace_start(&lw.cfg);
    lw.filtered = lw.cfg.trace && seccomp_filtered();
    errno = e;
    ticks_init(lw.cfg.counter ? NULL : "CLOCK_MONOTONIC: LOCKWAIT_COUNTER=0");
    if (lw_core_init() != 0 || lw_stacks_init() != 0) {
        static const char msg[] = "lockwait: cannot map memory for lock records; recording nothing\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        return;
    }
    lw_resolve();
    lw_glibc_mutex_check();
    lw_glibc_spin_check();
    lw_stack_bounds_main();
    struct lw_thread *t = lw_thread_self();
    if (t)
        t->is_main = 1;
    pthread_atfork(at_fork_prepare, at_fork_parent, at_fork_child);
    lw_interval_start(); /* first: the reports' locale (lw_report_now) */
    lw_signals_start();
    lw_tree_mark("start");
}

static void report_now(void)
{
    lw_report_now(LW_AT_EXIT, 1);
}

#ifdef __GLIBC__
/* A thread with a small stack (16 KiB: PTHREAD_STACK_MIN), or a coroutine
 * on a few KiB of its own, may call exit(): the report, which needs far more,
 * then runs on a stack of its own, on the same thread (its pending waits are
 * this thread's). Only a known stack of 256 KiB or more is used as it is. */
static ucontext_t report_ctx, exit_ctx;

static int report_on_own_stack(void)
{
    uintptr_t lo = lw_tls.stack_lo, hi = lw_tls.stack_hi, fp = (uintptr_t)__builtin_frame_address(0);
    if (fp >= lo && fp < hi && hi - lo >= (256u << 10)) /* (lw_stack_low: lo = hi for small ones) */
        return 0;
    size_t size = 8u << 20;
    void *stack = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED)
        return 0;
    int ran = 0;
    if (getcontext(&report_ctx) == 0) {
        report_ctx.uc_stack.ss_sp = stack;
        report_ctx.uc_stack.ss_size = size;
        report_ctx.uc_link = &exit_ctx;
        makecontext(&report_ctx, report_now, 0);
        ran = swapcontext(&exit_ctx, &report_ctx) == 0;
    }
    munmap(stack, size);
    return ran;
}
#endif

__attribute__((destructor)) static void lw_stop(void)
{
#ifdef __GLIBC__
    if (report_on_own_stack())
        return;
#endif
    report_now();
}

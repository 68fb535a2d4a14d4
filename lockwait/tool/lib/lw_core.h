/* lw_core.h - liblockwait's state (lw_core.c): the lock table and the
 * records' list, the threads, the per-thread state every wrapper reads
 * (lw_tls), the arena, the trace buffers. */
#ifndef LW_CORE_H
#define LW_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "clock.h"
#include "lw_config.h"
#include "lw_record.h"

/* Per-thread state, reachable without a lookup (initial-exec TLS): lw_tls,
 * with the waits and holds it keeps. */
/* one contended wait: measured around the real call, accounted later */
struct wait {
    uint64_t t0, t1; /* ticks */
    uint64_t counted; /* ticks charged to the lock (condvars: until the signal) */
    long nvcsw0, nvcsw1; /* voluntary switches before/after; -1: not probed; nvcsw1 LW_PROBE_LATER: read after the unlock */
    uintptr_t pc;
    uint32_t holder;
    uint32_t stack; /* its stack id (lw_stacks.h), 0: none */
    int stack_after; /* lw_wait_measure walks it (LW_STACK_AFTER) */
    int type; /* trace type */
    int counted_waiting;
    int got;       /* ended with the lock */
    int lock_wait; /* counts as the thread's time blocked on locks */
    struct lw_tstat *of; /* deferred with another lock's hold: the statistics it is
                          * for (a condvar wait, kept with the mutex's hold), else NULL */
    uint64_t reacquire;  /* condvars: ticks from the signal to the wake, 0: not signalled */
};

/* a lock this thread holds exclusively */
struct lw_held {
    struct lw_tstat *e;
    uint64_t t0;    /* start of a timed hold in ticks, 0 if not timed */
    uintptr_t pc;   /* where the hold was acquired (the lock call's return address) */
    uint32_t stack; /* its acquire stack (lw_stacks.h) when captured, 0: pc only */
    uint32_t sampled; /* a timed hold that counts in the sampled hold totals */
    uint32_t depth; /* recursive depth */
    uint32_t pending; /* `wait` is the contended wait that got this hold, not yet accounted */
    struct wait wait;
};
#define LW_HELD_MAX 32
#define LW_FORMER_TIDS 4

struct lw_tls {
    uint32_t tid;          /* 0 until first needed */
    uint32_t forking_tid;  /* in a fork: the parent's tid, and no tid cached (lw_life.c) */
    uint32_t nwaits;       /* contended waits so far (sleep probe sampling) */
    uint32_t nheld;        /* entries in held[] */
    uint32_t held_lost;    /* holds not tracked: held[] was full */
    struct lw_tstat *last; /* this thread's stats of the last lock used (stat_of) */
    struct lw_tstat *prev; /* and of the one before (stat_cached) */
    /* The thread's plain hold, one word instead of a held[] entry: its only
     * hold, untimed, untraced, taken on the fast path (lw_fastpath.h). Moved
     * onto held[] (lw_plain_to_held) before anything else reads the stack. */
    struct lw_tstat *plain;
    struct lw_thread *thr; /* created on the first slow event */
    struct lw_tstat *settle_e; /* a released hold's wait, to account after the real unlock */
    struct lw_tstat *bhold_e;  /* a released hold that made others wait, to note after the real unlock */
    uint64_t bhold_t0, bhold_end; /* its start; its end if read before the unlock, else 0 */
    uintptr_t bhold_pc;
    uint32_t bhold_stack;
    int bhold_blocking; /* another thread waited for it */
    struct wait settle_w;
    struct lw_held held[LW_HELD_MAX];
    uintptr_t stack_lo, stack_hi; /* where stack walks may read (lw_stacks.c) */
    /* in a fork child's thread: its tids in the processes it was forked
     * from, its parent's first (lw_default_moved); 0: none */
    uint32_t former_tids[LW_FORMER_TIDS];
};

extern __thread struct lw_tls lw_tls __attribute__((tls_model("initial-exec")));

struct lw_state {
    struct lw_lock *_Atomic *table; /* LW_TABLE_SLOTS pointers */
    /* every record, newest first (lw_lock.next): a walk over the locks used,
     * where one over the table's slots would read (and, in a fork's child,
     * map) its 4 MiB at each report and fork */
    struct lw_lock *_Atomic records;
    au32 records_pending; /* records in the table and not yet on the list */
    au64 nlocks, untracked, bypassed, arena_failed, held_lost;
    au64 stacks_lost; /* stacks or (lock, stack) sums not kept: tables full */
    struct lw_thread *_Atomic threads;
    au64 nthreads;
    au64 dropped;
    au32 waited; /* set by the first contended wait or failed trylock (lw_report_brief: one line without) */
    uint64_t start_ns;
    uint32_t pid;
    /* tracing under a seccomp filter (clock.h): no system call the program
     * may never make (each thread's CPU time and CPUs at its exit) */
    int filtered;
    struct lw_config cfg;
};

#define LW_TABLE_BITS 19 /* 512k slots; filled to 3/4 at most */
#define LW_TABLE_SLOTS (1u << LW_TABLE_BITS)
#define LW_TABLE_MAX (LW_TABLE_SLOTS / 4 * 3)

LW_HIDDEN extern struct lw_state lw;

/* the newest record: with lw_lock.next, every lock used so far */
static inline struct lw_lock *lw_records(void)
{
    return atomic_load_explicit(&lw.records, memory_order_acquire);
}
LW_HIDDEN void lw_records_mend(void); /* a fork's child: records a thread was adding, listed */

/* the newest thread: with lw_thread.next, every thread started so far */
static inline struct lw_thread *lw_threads(void)
{
    return atomic_load_explicit(&lw.threads, memory_order_acquire);
}

LW_HIDDEN int lw_core_init(void); /* 0, or -1: no memory (record nothing) */

/* a probe of kind k by this thread (slow paths only: two TLS loads and a store) */
static inline void lw_probe_count(enum lw_probe k)
{
    struct lw_thread *t = lw_tls.thr;
    if (LW_LIKELY(t != NULL))
        BUMP1(t->probes[k], 1);
}
/* Ask for p's cache line for writing, without waiting for it: a hint that
 * holds nothing up. x86-64: PREFETCHW where CPUID lists it (lw_core_init;
 * older CPUs need not accept it); elsewhere the compiler's write prefetch
 * (arm64: PRFM PSTL1KEEP). */
LW_HIDDEN extern int lw_write_prefetch;
static inline __attribute__((always_inline)) void lw_prefetch_for_write(const void *p)
{
#if defined(__x86_64__)
    if (LW_LIKELY(lw_write_prefetch))
        __asm__ volatile("prefetchw %0" ::"m"(*(const char *)p));
#else
    __builtin_prefetch(p, 1, 3);
#endif
}
/* a timestamp of a wait or hold: ticks_now(), counted */
static inline uint64_t lw_probe_ticks(void)
{
    lw_probe_count(LW_PROBE_CLOCK);
    return ticks_now();
}
LW_HIDDEN uint32_t lw_gettid(void);
/* the caller's kernel tid: one TLS load once known */
static inline __attribute__((always_inline)) uint32_t my_tid(void)
{
    uint32_t t = lw_tls.tid;
    return LW_LIKELY(t) ? t : lw_gettid();
}
LW_HIDDEN void *lw_alloc(size_t n); /* zeroed, 64-byte aligned, never freed; NULL if out */
LW_HIDDEN void *lw_alloc_pair(size_t n); /* the same on 128-byte line pairs of its own */
LW_HIDDEN void lw_max_u64(au64 *x, uint64_t v);
LW_HIDDEN struct lw_thread *lw_thread_self(void);

#define MAXSET(x, v) lw_max_u64(&(x), (v))

/* an event into t's trace buffer (stack: a wait's stack id, lw_stacks.h, or 0) */
LW_HIDDEN void lw_trace(struct lw_thread *t, int ev, int type, const void *lock, uint32_t holder, uint64_t when,
                        uint64_t aux, uint32_t stack);
/* where no lock of the thread's is held up by it (after a real unlock):
 * the trace buffer's next pages touched, so that a RELEASE written inside
 * a hold does not fault there */
LW_HIDDEN void lw_trace_ahead(struct lw_thread *t);
/* the record of (p, kind), created on first use (*fresh_out: by this call) */
LW_HIDDEN struct lw_lock *lw_record(const void *p, int kind, uintptr_t pc, int *fresh_out);
LW_HIDDEN struct lw_tstat *lw_tstat_for(struct lw_thread *t, struct lw_lock *r);
LW_HIDDEN struct lw_tstat *lw_tstat_find(struct lw_thread *t, struct lw_lock *r); /* NULL: none */
LW_HIDDEN uint32_t lw_holder_of(const void *p, int kind, struct lw_lock *r);

#endif

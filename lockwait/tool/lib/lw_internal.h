/* lw_internal.h - what the parts of liblockwait.so share: the records and
 * per-thread statistics, the settings and the declarations of each part
 * (listed below by file). A lock call's own path: lw_fastpath.h. The lock
 * kinds and the rules of a wait are shared with lockwait_report
 * (../lw_kinds.h, ../lw_rules.h). Nothing here is visible outside the
 * library (built with -fvisibility=hidden).
 *
 * Concurrency model: one record per lock (struct lw_lock), found through a
 * lock-free open-addressing table keyed by (address, kind), holds what the
 * lock is and state that changes rarely. Everything counted per call lives
 * in the calling thread's own statistics for that lock (struct lw_tstat),
 * written only by that thread with plain loads and stores, and merged into
 * the records at exit. So a lock that moves between cores drags one extra
 * cache line at most through its critical section, and no one waits for
 * it: inside it the wrappers touch only thread-local memory, and the
 * record's holder line, which the last owner wrote after its unlock:
 * spinlocks and non-glibc mutexes store their holder there, glibc mutexes
 * and rwlocks only ask for it (a write prefetch, lw_fastpath.h acquired).
 * The locks a thread holds sit on a small per-thread stack (recursion,
 * hold timing, locks held at thread exit). */
#ifndef LOCKWAIT_INTERNAL_H
#define LOCKWAIT_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <sys/types.h>

#include "../lw_kinds.h"
#include "../lw_rules.h"
#include "../trace.h"

#define LW_HIDDEN __attribute__((visibility("hidden")))
#define LW_LIKELY(x) __builtin_expect(!!(x), 1)
#define LW_UNLIKELY(x) __builtin_expect(!!(x), 0)

typedef _Atomic uint64_t au64;
typedef _Atomic uint32_t au32;

/* relaxed load/store: plain moves on x86-64 and arm64 */
#define LD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define ST(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)
/* increment by the only writer (the holder): no lock prefix */
#define BUMP1(x, v) ST(x, LD(x) + (v))
/* increment by any thread */
#define ADD(x, v) atomic_fetch_add_explicit(&(x), (v), memory_order_relaxed)
/* node onto the front of the lock-free list at head (an _Atomic pointer),
 * through node->next: safe against other threads and signal handlers
 * pushing too, and against readers walking the list meanwhile */
#define LW_PUSH(head, node)                                                                              \
    do {                                                                                                 \
        (node)->next = atomic_load_explicit(&(head), memory_order_relaxed);                              \
        while (!atomic_compare_exchange_weak_explicit(&(head), &(node)->next, (node), memory_order_release, \
                                                      memory_order_relaxed))                             \
            ;                                                                                            \
    } while (0)
#define MAXSET(x, v) lw_max_u64(&(x), (v))
/* the maximum, by the only writer */
#define MAX1(x, v)                                                              \
    do {                                                                        \
        uint64_t v_ = (v);                                                      \
        if (v_ > LD(x))                                                         \
            ST(x, v_);                                                          \
    } while (0)

/* What a record describes: enum lw_kind, one row each in ../lw_kinds.h. */

#define LW_HIST 40  /* log2 ns buckets: [2^i, 2^(i+1)) ns, bucket 0 = below 2 ns */
#define LW_PAIRS 8  /* holder->waiter pairs kept per lock, the rest summed */
#define LW_SITES 4  /* contended call sites kept per lock */

/* the threads' blocking holds of one lock, merged at the report */
struct lw_bmerge {
    au64 n, ns, max_ns;
    struct { au64 ns; au64 pc; au64 tid; au64 stack; } top[8]; /* longest first */
    struct { au64 pc; au64 n; au64 ns; au64 max_ns; } site[4];
    au64 other_sites_n, other_sites_ns;
};

/* The part of a record only contended locks need; allocated on first wait. */
struct lw_detail {
    au64 hist[LW_HIST];
    struct { au64 key; au64 wait_ns; au64 n; } pair[LW_PAIRS]; /* key: holder<<32|waiter, +1 */
    au64 other_pairs_ns;
    struct { au64 pc; au64 wait_ns; au64 n; } site[LW_SITES];
    au64 other_sites_ns;
    /* condition variables: time from the signal to the re-acquired mutex */
    au64 reacquire_ns, max_reacquire_ns;
    struct lw_bmerge bh;
};

struct lw_lock {
    /* line 1: identity and state written rarely, read on every call */
    uintptr_t addr;       /* the lock's address: the key with kind */
    uint8_t kind;         /* enum lw_kind */
    _Atomic uint8_t timed; /* 2: time the next hold; 1: contended: time the sample and long holds; 0: neither */
    _Atomic uint8_t listed; /* 1: seen on lw.records by a fork's child (lw_records_mend) */
    uint8_t pad0;
    au32 pad1;
    uintptr_t first_pc;   /* the call site that first used it */
    struct lw_detail *_Atomic detail;
    au32 init_stack;      /* the stack of its init call (lw_stacks.h), 0: not seen */
    au32 first_stack;     /* the stack of its first use, 0: not kept */
    au64 last_signal;     /* condition variables: last signal/broadcast, in ticks; barriers: arrivals */
    au32 held_at_exit;    /* times a thread exited holding it */
    au32 signaller;       /* condvars, semaphores, barriers: the last signalling, posting or arriving thread */
    struct lw_snap *snap; /* its counters at the last periodic report (lw_interval.c) */
    /* line 2: written by the holder outside the critical section (after the
     * real unlock), for owner changes; and the holder's tid where the lock
     * itself does not record it (spinlocks; mutexes outside glibc). The
     * holder's alone: each new owner asks for it at its acquisition
     * (acquired, lw_prefetch_for_write) */
    au32 last_holder __attribute__((aligned(64)));
    au32 holder;
    /* the record created before it (lw.records), written once before the
     * record is published, read only by reports and a fork's child */
    struct lw_lock *next;
    /* lines 3-5: merged at exit from the threads' statistics (lw_report.c),
     * every au64 from here up to `waiting` (lw_interval.c relies on it) */
    au64 acquisitions __attribute__((aligned(64)));
    au64 owner_changes, relocks;
    au64 hold_ns, max_hold_ns, holds_timed;
    au64 contended, trylock_failed, timeouts;
    au64 wait_ns, max_wait_ns;
    au64 probed_wait_ns, sleep_wait_ns; /* waits probed for sleep; of those, slept */
    au64 idle_wait_ns, idle_waits; /* waits apart from contention, joins included (lw_report_idle.c) */
    au64 join_wait_ns, join_waits; /* of those, waits for a thread to end (lw_rules.h) */
    /* threads in a contended wait now (one that got an exclusive lock
     * leaves after its unlock): written by waiters, so kept off the line
     * the fast path reads (`timed`) and the holder's line; read by a timed
     * hold's release, signals and posts */
    au32 waiting;
} __attribute__((aligned(64)));

/* One thread's waits on one lock: allocated on its first wait, so that a
 * lock used without contention costs a thread only its lw_tstat. */
#define LW_TPAIRS 4
struct lw_twait {
    au64 contended, timeouts;
    au64 idle_wait_ns, idle_waits; /* condvar waits unsignalled or timed out, semaphore timeouts */
    au64 wait_ns, max_wait_ns, probed_wait_ns, sleep_wait_ns;
    au64 reacquire_ns, max_reacquire_ns;
    au64 hist[LW_HIST];
    struct { au64 holder; au64 wait_ns; au64 n; } pair[LW_TPAIRS]; /* holder + 1 */
    au64 other_pairs_ns;
    struct { au64 pc; au64 wait_ns; au64 n; } site[LW_SITES];
    au64 other_sites_ns;
};

/* One thread's use of one lock. Written only by that thread (and signal
 * handlers running on it), so its counters are plain relaxed stores: no
 * cache line another thread writes. Merged into the lock records at exit. */
struct lw_tstat {
    struct lw_lock *lock;
    uintptr_t addr; /* copies of lock->addr and kind: the cache check reads one line */
    uint8_t kind;
    uint8_t long_holds; /* this thread's last timed hold of it was long: time every hold */
    au64 acquisitions, owner_changes, relocks, trylock_failed;
    au64 hold_ticks, max_hold_ticks, holds_timed; /* ticks: converted at exit */
    struct lw_twait *_Atomic w; /* NULL until the first wait */
    struct lw_bhold *_Atomic bh; /* NULL until a hold of it made another thread wait */
};

/* Are e (NULL: none) the statistics of lock p of this kind? The fast path
 * asks it with LW_LIKELY: each test carries the hint, or gcc lays the
 * callers' slow paths in line and the common case jumps. */
static inline __attribute__((always_inline)) int stat_is(const struct lw_tstat *e, const void *p, int kind)
{
    return LW_LIKELY(e != NULL) && LW_LIKELY(e->addr == (uintptr_t)p) && LW_LIKELY(e->kind == kind);
}

/* One thread's holds of one lock that made another thread wait: every one
 * timed (from the acquisition to the release), the longest kept with their
 * acquire site, the rest summed per site. */
#define LW_BTOP 8
struct lw_bhold {
    au64 n, ticks, max_ticks;
    struct { au64 ticks; au64 pc; au64 start; au64 stack; } top[LW_BTOP]; /* longest first; start: ticks */
    struct { au64 pc; au64 n; au64 ticks; au64 max_ticks; } site[LW_SITES];
    au64 other_sites_n, other_sites_ticks;
};

/* a thread's lock -> lw_tstat table: open addressing, grown by doubling */
struct lw_ttab {
    uint32_t cap, used;
    struct lw_tstat *_Atomic slot[];
};

/* A wait another thread ended, kept until the report asks lw_rule_join
 * whether that thread exited right after (a join): the last one per lock
 * and ender, LW_JOINC per thread, the oldest replaced. */
#define LW_JOINC 16
struct lw_joinc {
    struct lw_tstat *e;
    uint32_t ender;
    uint32_t lock_wait; /* it counts as the thread's time blocked on locks */
    uint64_t end;       /* ticks */
    uint64_t ns;
};

/* the library's own probes, counted per thread for the report's cost
 * estimate (lw_probes.c): clock reads, sleep probes (getrusage), stack walks */
enum lw_probe { LW_PROBE_CLOCK, LW_PROBE_RUSAGE, LW_PROBE_STACK, LW_PROBES };

struct lw_thread {
    struct lw_thread *next; /* the global list, newest first */
    struct lw_ttab *_Atomic tab; /* this thread's per-lock wait statistics */
    uint32_t tid, creator;
    uintptr_t start_fn;    /* the start routine it was created with, 0: main or not seen */
    uint32_t create_stack; /* the creator's stack at pthread_create (lw_stacks.h) */
    int is_main;           /* the process's initial thread */
    char name[16];
    _Atomic int exited;
    uint64_t exit_ticks; /* when it exited (valid once `exited`) */
    uint64_t start_ticks; /* when its start routine began (the join rule), 0: main or not seen */
    struct lw_joinc joinc[LW_JOINC]; /* written by this thread only */
    uint32_t njoinc, joinc_last;
    au64 waits, blocked_ns;
    au64 probed_ns, sleep_ns; /* blocked time probed for sleep; of that, slept */
    au64 probes[LW_PROBES]; /* the library's own probes this thread ran (lw_probes.c) */
    uint64_t dumped[4]; /* waits, blocked_ns, probed_ns, sleep_ns as a periodic report showed them */
    uint64_t idle_ns, idle_base; /* at the report: its lock waits that were idle; the part shown before */
    /* the trace buffer, mapped on the first traced event */
    struct lw_trace_record *tbuf;
    au64 tlen; /* records written, or wanted when larger than the buffer */
};

#define LW_PROBE_LATER (-2L)

/* Per-thread state, reachable without a lookup (initial-exec TLS). */
/* one contended wait: measured around the real call, accounted later */
struct wait {
    uint64_t t0, t1; /* ticks */
    uint64_t counted; /* ticks charged to the lock (condvars: until the signal) */
    long nvcsw0, nvcsw1; /* voluntary switches before/after; -1: not probed; nvcsw1 LW_PROBE_LATER: read after the unlock */
    uintptr_t pc;
    uint32_t holder;
    uint32_t stack; /* its stack id (lw_stacks.h), 0: none */
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

/* settings, read once at start (lw_config.c) */
struct lw_config {
    const char *out;   /* LOCKWAIT_OUT or NULL for stderr */
    const char *trace; /* LOCKWAIT_TRACE or NULL */
    long top;
    long trace_records; /* per-thread trace buffer capacity */
    long interval_s;    /* LOCKWAIT_INTERVAL: seconds between periodic reports, 0: none */
    int dump_signal;    /* LOCKWAIT_DUMP_SIGNAL: a signal that asks for a report now, 0: none */
    int on_signals;     /* LOCKWAIT_SIGNALS: report when a signal ends the program (default 1) */
    int full_reports;   /* LOCKWAIT_FULL_REPORTS: the whole report even from a process that waited for no lock */
    const char *tree;   /* LOCKWAIT_TREE: the launcher's directory of the run (lw_tree.c), or NULL */
    long tree_top;      /* LOCKWAIT_TREE_TOP: the launcher's pid (its child is the run's top process) */
    long stack_depth;   /* frames per stack, 0: no stacks */
    long probe_warn;    /* LOCKWAIT_PROBE_WARN: the report warns when its probes cost more than this % of CPU */
    int inline_mutex;   /* LOCKWAIT_INLINE_MUTEX: default mutexes and spinlocks taken in the wrappers
                         * (lw_glibc_mutex.h, lw_glibc_spin.h; default 1) */
    int counter;        /* LOCKWAIT_COUNTER: ticks from a cycle counter where usable (default 1; lw_core.c) */
    char ignored[512];  /* what was ignored, for the report */
    /* stderr at start, for the report (lw_output.c) */
    int err_known;      /* fd 2 was open */
    int err_fd;         /* a private copy of it, or -1 */
    dev_t err_dev;      /* its identity */
    ino_t err_ino;
    char err_path[512]; /* the path to reopen it by, or "" */
};

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
    au32 waited; /* set by the first contended wait or failed trylock (lw_report.c: one line without) */
    uint64_t start_ns;
    uint32_t pid;
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

LW_HIDDEN int lw_core_init(void); /* 0, or -1: no memory (record nothing) */
LW_HIDDEN uint64_t lw_now(void); /* CLOCK_MONOTONIC ns */

/* Ticks: the timestamps of waits, holds, signals and trace records. A read
 * of CLOCK_MONOTONIC costs tens of ns even through the vDSO, and a contended
 * wait needs one just before the waiter's real lock call and one inside the
 * critical section it then starts; both delays let the holder come back for
 * the lock, turning hand-overs into futex sleeps. Where a counter the kernel
 * trusts is readable in user space (x86-64: an invariant TSC that is the
 * kernel's clocksource; arm64: the generic timer's virtual count) a tick is
 * one counter read; elsewhere a tick is a CLOCK_MONOTONIC ns. Waits are
 * converted to ns when they are accounted (outside any critical section),
 * holds and trace timestamps at exit, with a rate measured against
 * CLOCK_MONOTONIC (lw_core.c). */
LW_HIDDEN extern int lw_counter; /* 1: ticks are counter reads */
LW_HIDDEN extern const char *lw_counter_why; /* what ticks are and why, for the report (a static string) */
static inline __attribute__((always_inline)) uint64_t lw_ticks(void)
{
#if defined(__x86_64__)
    if (LW_LIKELY(lw_counter))
        return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    if (LW_LIKELY(lw_counter)) {
        uint64_t v;
        __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
        return v;
    }
#endif
    return lw_now();
}
/* Ask for p's cache line for writing, without waiting for it: a hint that
 * holds nothing up. x86-64: PREFETCHW where CPUID lists it (lw_core.c;
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
/* a probe of kind k by this thread (slow paths only: two TLS loads and a store) */
static inline void lw_probe_count(enum lw_probe k)
{
    struct lw_thread *t = lw_tls.thr;
    if (LW_LIKELY(t != NULL))
        BUMP1(t->probes[k], 1);
}
/* a timestamp of a wait or hold: lw_ticks(), counted */
static inline uint64_t lw_probe_ticks(void)
{
    lw_probe_count(LW_PROBE_CLOCK);
    return lw_ticks();
}
LW_HIDDEN void lw_ticks_init(void); /* after lw_config_read: choose the counter (and the write prefetch), note the start pair */
LW_HIDDEN uint64_t lw_ticks_ns(uint64_t d); /* a duration in ticks, in ns */
LW_HIDDEN void lw_ticks_end(void); /* note the exit pair (before the report and the trace) */
LW_HIDDEN uint64_t lw_ticks_mono(uint64_t t); /* a tick time as CLOCK_MONOTONIC ns (after lw_ticks_end) */
LW_HIDDEN uint32_t lw_gettid(void);
LW_HIDDEN long lw_nvcsw(void); /* this thread's voluntary switches (getrusage), -1: unknown; not counted as a probe */
LW_HIDDEN void *lw_alloc(size_t n); /* zeroed, 64-byte aligned, never freed; NULL if out */
LW_HIDDEN void *lw_alloc_pair(size_t n); /* the same on 128-byte line pairs of its own */
LW_HIDDEN void lw_max_u64(au64 *x, uint64_t v);
LW_HIDDEN struct lw_thread *lw_thread_self(void);


/* lw_core.c: records, per-thread statistics, trace; lw_account.c: holds and waits */
LW_HIDDEN void lw_trace(struct lw_thread *t, int ev, int type, const void *lock, uint32_t holder, uint64_t when,
                        uint64_t aux);
/* the same with the stack id of a wait (lw_stacks.h) */
LW_HIDDEN void lw_trace_stack(struct lw_thread *t, int ev, int type, const void *lock, uint32_t holder,
                              uint64_t when, uint64_t aux, uint32_t stack);
LW_HIDDEN struct lw_lock *lw_record(const void *p, int kind, uintptr_t pc);
LW_HIDDEN struct lw_tstat *lw_tstat_for(struct lw_thread *t, struct lw_lock *r);
LW_HIDDEN struct lw_tstat *lw_tstat_find(struct lw_thread *t, struct lw_lock *r); /* NULL: none */
LW_HIDDEN struct lw_tstat *lw_stat_slow(const void *p, int kind, uintptr_t pc);
LW_HIDDEN struct lw_twait *lw_twait_of(struct lw_tstat *e); /* created on need; NULL: no memory */
LW_HIDDEN uint32_t lw_holder_of(const void *p, int kind, struct lw_lock *r);
/* Which holds are timed: the lock's first; one in LW_HOLD_SAMPLE of each
 * thread's acquisitions (the sampled hold totals); and, once the lock has
 * been contended, every hold of a thread whose last timed hold of it lasted
 * LW_HOLD_LONG_NS or more (the sample finds them). A timed hold that
 * another thread waited for is a blocking hold: timed whole, with its
 * acquire site. A timed hold reads the clock inside the critical section,
 * which lengthens the short critical sections of a hot lock: one in 16
 * probed made the contended micro loop of tool/bench about 4% slower and
 * its threads sleep more than one in 64 (docs/lockwait-manual.md). Holds of
 * 10 us and more, the ones worth naming, are timed from the sample that
 * finds the first of them (up to 63 acquisitions late), at a cost below 1%. */
#define LW_HOLD_SAMPLE 64
#define LW_HOLD_LONG_NS 10000
LW_HIDDEN uint64_t lw_hold_start(struct lw_tstat *e); /* the hold's start, or 0: not timed */
/* the general cases of acquired(), releasing() and owner_note() (lw_fastpath.h) */
LW_HIDDEN void lw_acquired_slow(struct lw_tstat *e, int kind, uint64_t acq, uintptr_t pc, uint64_t pre);
LW_HIDDEN struct lw_tstat *lw_releasing_slow(const void *p, int kind);
LW_HIDDEN void lw_plain_to_held(void);
LW_HIDDEN struct lw_tstat *lw_plain_moved(struct lw_tstat *e);
LW_HIDDEN void lw_owner_note(struct lw_tstat *e);
LW_HIDDEN void lw_hold_end(struct lw_tstat *e, const struct lw_held *h);


/* pc: the lock call's return address, for the wait's stack */
LW_HIDDEN void lw_wait_begin(const void *p, struct lw_tstat *e, struct wait *w, int type, uintptr_t pc);
/* the wait is over (got: with the lock): read the clock and the probe */
LW_HIDDEN void lw_wait_measure(struct lw_tstat *e, struct wait *w, int got, uintptr_t pc);
/* the same for a wait that ends holding a lock and is deferred (lw_wait_defer):
 * the sleep probe's end and the leave from the waiters' count come after the unlock */
LW_HIDDEN void lw_wait_measure_held(struct wait *w, int got, uintptr_t pc);
/* add a measured wait to the statistics and the trace */
LW_HIDDEN void lw_wait_account(const void *p, struct lw_tstat *e, struct wait *w);
/* after an exclusive acquisition that waited: keep the wait with the hold
 * of e, to be accounted after the release, outside the critical section
 * (w->of: the wait is another object's, a condvar's) */
LW_HIDDEN void lw_wait_defer(struct lw_tstat *e, struct wait *w);
/* a hold's deferred wait, accounted now (the thread's end, a report) */
LW_HIDDEN void lw_wait_account_pending(struct lw_held *h);
LW_HIDDEN void lw_settle(void); /* account lw_tls.settle_w and note lw_tls.bhold_e */
LW_HIDDEN void lw_trylock_failed(struct lw_tstat *e);

/* the fast path, inline: lw_fastpath.h */

/* lw_output.c: where the report and messages at exit go */
LW_HIDDEN void lw_err_note(struct lw_config *c); /* at start: who stderr is */
LW_HIDDEN int lw_deliver(int fd, const char *p, size_t n); /* 0 or an errno; never SIGPIPE */
LW_HIDDEN void lw_say(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* a line at exit */
LW_HIDDEN void lw_report_write(const char *path, const char *p, size_t n); /* path NULL: stderr */
LW_HIDDEN int lw_report_brief(void); /* at exit: one line if nothing was waited for (1), else 0 */
LW_HIDDEN void lw_trace_start(const struct lw_config *c); /* at start: the run's first process clears the path */
/* at exit: where this process's trace goes (shared: a path without %p) */
LW_HIDDEN int lw_trace_open(const char *path, int shared, int has_records, char *used, size_t cap);
/* lw_tree.c: the records of a run of a process tree, for the launcher's summary */
LW_HIDDEN void lw_tree_start(void);
LW_HIDDEN void lw_tree_fork(void);
LW_HIDDEN void lw_tree_end(int why); /* LW_AT_EXIT or the signal that ends the process */
LW_HIDDEN int lw_tree_top(void);     /* the launcher's child, or no tree: reports where the user asked */
LW_HIDDEN void lw_tree_report(const char *p, size_t n);

/* lw_probes.c: the library's own probes, counted, and their estimated cost */
struct lw_probe_cost {
    uint64_t n[LW_PROBES];
    double ns_each[LW_PROBES];
    double ns;       /* their estimated total */
    uint64_t cpu_ns; /* the process's CPU time so far */
    double share;    /* ns / cpu_ns */
    int over;        /* share above LOCKWAIT_PROBE_WARN percent (default 1) */
};
struct buf;
LW_HIDDEN void lw_probe_cost(struct lw_probe_cost *c);
LW_HIDDEN void lw_text_probe_cost(struct buf *b, const struct lw_probe_cost *c);   /* a line */
LW_HIDDEN void lw_result_probe_cost(struct buf *b, const struct lw_probe_cost *c); /* kind=process: last keys, \n */
LW_HIDDEN int lw_brief_probe_cost(char *out, size_t cap); /* the one-line report's part; snprintf's return */

/* lw_report_holds.c: the blocking holds in the report */
struct buf;
LW_HIDDEN void lw_merge_blocking_holds(struct lw_lock *r, struct lw_tstat *e, uint32_t tid);
LW_HIDDEN void lw_text_blocking_holds(struct buf *b, const struct lw_lock *r);
LW_HIDDEN void lw_result_blocking_holds(struct buf *b, const struct lw_lock *r);
LW_HIDDEN void lw_blocking_holds_want(const struct lw_lock *r); /* their stacks' file:line (lw_lines_want) */
LW_HIDDEN struct lw_detail *lw_detail_of(struct lw_lock *r); /* created on need; NULL: no memory */

/* lw_report_idle.c: waiting for work or results, told apart from contention */
LW_HIDDEN void lw_join_note(struct lw_thread *t, struct lw_tstat *e, const struct wait *w, uint64_t ns);
LW_HIDDEN void lw_classify(void); /* after the merge: joins, one-shot locks, each thread's idle time */
LW_HIDDEN uint64_t lw_contention_ns(const struct lw_lock *r); /* its waits that were contention */
LW_HIDDEN int lw_one_shot(const struct lw_lock *r);
/* the top locks by idle wait, gathered in the report's one pass over the locks */
#define LW_IDLE_MAX 16 /* locks listed in the idle section at most (of the top N) */
struct lw_idle_pick {
    long top, n; /* top: min(the report's top, LW_IDLE_MAX) */
    struct lw_lock *best[LW_IDLE_MAX];
};
LW_HIDDEN void lw_idle_consider(struct lw_idle_pick *ip, struct lw_lock *r);
LW_HIDDEN void lw_text_idle(struct buf *b, const struct lw_idle_pick *ip, struct lw_lock **shown, long nshown);
LW_HIDDEN void lw_result_idle(struct buf *b, const struct lw_idle_pick *ip, struct lw_lock **shown, long nshown,
                              void (*line)(struct buf *, const struct lw_lock *));

/* lw_report.c: lw_report(why) */
#define LW_AT_EXIT 0
#define LW_AT_INTERVAL (-1) /* a periodic report, or one the dump signal asked for */
/* lw_interval.c */
LW_HIDDEN void lw_interval_start(void); /* at start: the reporting thread, the dump signal */
LW_HIDDEN void lw_interval_before(int why); /* after the merge: counters since the last periodic report */
LW_HIDDEN void lw_interval_after(int why);  /* after the report: a periodic one becomes the new base */
LW_HIDDEN void lw_records_zero(void);       /* before the merge: the merged counters back to 0 */
LW_HIDDEN int lw_report_enter(void);        /* one report at a time: 1 when this one may run */
LW_HIDDEN void lw_report_leave(void);
LW_HIDDEN void lw_report_occasion(struct buf *b, int why);        /* the report's first line */
LW_HIDDEN void lw_report_occasion_result(struct buf *b, int why); /* its RESULT kind=report line */
/* lw_signals.c */
LW_HIDDEN void lw_signals_start(void); /* at start: report when a signal ends the program */
LW_HIDDEN int lw_signal_real_sigaction(int sig, const struct sigaction *act, struct sigaction *old);
LW_HIDDEN const char *lw_signal_name(int sig); /* "SIGTERM", or "signal" */

/* lw_report.c */
LW_HIDDEN void *lw_map_zeroed(size_t n); /* zeroed pages (mmap, not malloc); NULL: none */
struct buf { /* the report being written (mapped pages: lw_output.c) */
    char *p;
    size_t len, cap;
};
LW_HIDDEN void bprintf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
LW_HIDDEN void lw_site_name(uintptr_t pc, char *out, size_t cap);
LW_HIDDEN void lw_report(int why); /* LW_AT_EXIT, a signal number, or LW_AT_INTERVAL */
LW_HIDDEN void lw_thread_name(struct lw_thread *t, char *out, size_t cap); /* its name, '_' for spaces */
/* lw_config.c */
LW_HIDDEN void lw_config_read(struct lw_config *c);
LW_HIDDEN void lw_expand_path(const char *path, char *out, size_t cap);
/* lw_tracemeta.c: after the events, what names them (trace.h records 7-12); returns err or a new errno */
LW_HIDDEN int lw_trace_meta(int fd, int err);
LW_HIDDEN void lw_trace_write(void);

#endif

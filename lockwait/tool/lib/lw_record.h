/* lw_record.h - what liblockwait records: of each lock (struct lw_lock),
 * of each thread's use of it (struct lw_tstat, its waits: struct lw_twait)
 * and of each thread (struct lw_thread). Types only: the table that finds
 * them and the per-thread state are lw_core.h's.
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
#ifndef LW_RECORD_H
#define LW_RECORD_H

#include <stdint.h>

#include "../trace.h"
#include "lw_base.h"

/* What a record describes: enum lw_kind, one row each in ../lw_kinds.h. */

#define LW_HIST 40  /* log2 ns buckets: [2^i, 2^(i+1)) ns, bucket 0 = below 2 ns */
#define LW_PAIRS 8  /* holder->waiter pairs kept per lock, the rest summed */
#define LW_SITES 4  /* contended call sites kept per lock */
#define LW_BTOP 8   /* blocking holds kept per lock, the longest */

/* time and count summed per key in one of a few slots (key 0: a free slot) */
struct lw_keyed { au64 key; au64 ns; au64 n; au64 max_ns; };

/* the threads' blocking holds of one lock, merged at the report */
struct lw_bmerge {
    au64 n, ns, max_ns;
    struct { au64 ns; au64 pc; au64 tid; au64 stack; } top[LW_BTOP]; /* longest first */
    struct lw_keyed site[LW_SITES]; /* key: the acquire site's pc */
    au64 other_sites_n, other_sites_ns;
};

/* The part of a record only contended locks need; allocated on first wait. */
struct lw_detail {
    au64 hist[LW_HIST];
    struct lw_keyed pair[LW_PAIRS]; /* key: holder<<32|waiter, +1; no max_ns */
    au64 other_pairs_ns;
    struct lw_keyed site[LW_SITES]; /* key: the call site's pc; no max_ns */
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

/* One thread's holds of one lock that made another thread wait: every one
 * timed (from the acquisition to the release), the longest kept with their
 * acquire site, the rest summed per site. */
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
    uint64_t cpu_ns;      /* its CPU time at its exit (the what-if's CPU floor), 0: not known */
    struct lw_joinc joinc[LW_JOINC]; /* written by this thread only */
    uint32_t njoinc, joinc_last;
    au64 waits, blocked_ns;
    au64 probed_ns, sleep_ns; /* blocked time probed for sleep; of that, slept */
    au64 probes[LW_PROBES]; /* the library's own probes this thread ran (lw_probes.c) */
    au64 wait_stacks_reused; /* waits given their site's last walked stack (lw_wait_stack) */
    uint64_t dumped[4]; /* waits, blocked_ns, probed_ns, sleep_ns as a periodic report showed them */
    uint64_t idle_ns, idle_base; /* at the report: its lock waits that were idle; the part shown before */
    /* the trace buffer, mapped on the first traced event */
    struct lw_trace_record *tbuf;
    au64 tlen;       /* records written, or wanted when larger than the buffer */
    uint64_t tready; /* records whose pages are touched (lw_trace_ahead) */
};

#define LW_PROBE_LATER (-2L)

#endif

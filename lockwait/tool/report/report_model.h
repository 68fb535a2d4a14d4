/* report_model.h - lockwait_report's model of a trace, the centre of the
 * reader: report_model.c builds it (threads, locks, waits, holds, each
 * lock's timeline) from the records report_load.c reads; report_pieces.c
 * adds the pieces of each wait, report_critpath.c each wait's class (by
 * ../lw_rules.h) and the critical path, report_meta.c the names. The views
 * (report_views.h) read it through a const pointer, by the functions here.
 * The lock kinds are ../lw_kinds.h's. */
#ifndef LOCKWAIT_REPORT_MODEL_H
#define LOCKWAIT_REPORT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "../lw_kinds.h"
#include "../lw_rules.h"
#include "../trace.h"

/* what kept a waiter waiting during one piece of its wait (report.c's
 * header comment describes them) */
enum piece_kind { P_HOLDER, P_RELEASER, P_HINT, P_HANDOFF, P_UNKNOWN };
#define NOBODY UINT32_MAX

struct thread {
    uint32_t tid, creator;
    uint64_t start, end;
    uint64_t exit_t; /* its THREAD_EXIT, when has_exit */
    int has_start, has_exit;
    size_t wait_off, nwait; /* its waits, in start order */
    size_t cs_off, ncs;     /* its critical sections (struct cs), in time order */
    size_t nhold;           /* holds (counting, while building) */
    uint64_t req_lock;      /* the pending REQUEST, for its holder hint */
    uint32_t req_holder;
    int on_stack;
    size_t wait_hint, cs_hint; /* where the critical path's walk found its wait and section last */
    size_t last_rel;           /* while building: its latest RELEASE (hold index + 1), for HOLD_SITE */
    uint64_t path_ns;
};
struct lock {
    uint64_t addr, max_hold;
    size_t hold_off, nhold; /* its holds, sorted by start */
    size_t seg_off, nseg;   /* its timeline (report_model.c) */
    size_t seg_hint;        /* the segment the critical path's piece_at found last */
    int type, holds_overlap;
    uint64_t cs_ns, wait_ns; /* on the critical path */
    uint64_t class_waits[LW_WAIT_NCLASSES]; /* its waits by class (lw_rules.h), from classify_waits */
    uint64_t contended_ns;                  /* the time of its contended waits, from classify_waits */
};
struct wait {
    uint64_t s, e;
    uint32_t lock, hint; /* hint: thread index + 1 of the holder the REQUEST named, 0 = none */
    uint32_t own;        /* 0, or 1 + index of its own list of pieces (report_pieces.c) */
    uint32_t stack;      /* its stack id (trace version 2), 0: none */
    uint32_t thread;     /* the waiter (thread index) */
    uint8_t timed_out;
    uint8_t cls; /* enum lw_wait_class, from classify_waits */
};
struct piece { uint64_t s, e; uint32_t by; uint8_t kind; }; /* by: thread index */
/* a thread's time inside critical sections: disjoint, in time order */
struct cs { uint64_t s, e; uint32_t lock; };
/* a release: a hold from s to e (s == e: a point, its start unknown);
 * site, stack: its acquire site and stack from the HOLD_SITE after it
 * (a timed hold that made others wait), 0: none */
struct hold { uint64_t s, e; uint32_t who, lock; uint64_t site; uint32_t stack; };
/* a lock's timeline: segment k spans [x, next segment's x), the last one to
 * the end of time; by: the holder or releaser (thread index) */
enum seg_kind { S_HOLDER, S_RELEASER, S_TAIL };
struct tseg { uint64_t x; uint32_t by; uint8_t kind; };
struct wref { uint32_t wait, thread; };
/* blocked time per (waiter, lock, blocker); waiter NOBODY: summed over all waiters */
struct block { uint32_t waiter, lock, by; int kind; uint64_t ns, n; };
/* the critical path's states; a stretch of it (lock: index + 1, 0 = none) */
enum seg_state { G_WORK, G_CS, G_WAIT, G_HANDOFF, G_IDLE, G_NSTATES };
struct seg { uint64_t s, e; uint32_t thread, lock; uint8_t state; };

/* what the model holds, for the stat line: it grows with the records */
struct model_stats {
    size_t waits, holds, tsegs, own_waits, own_pieces, joint_locks, summed_locks;
    size_t clipped; /* holds of exclusive locks whose start was moved to the previous hold's end */
};

struct meta; /* the trace's names (report_meta.c) */
/* a hash table from a tid or a lock address to its index + 1 (0 = empty) */
struct index { struct slot { uint64_t key; uint32_t at; } *slot; size_t cap; };

struct model {
    const char *path; /* the trace */
    struct lw_trace_header hdr;
    size_t nrec;
    uint64_t t_first, t_last;
    struct thread *th;
    size_t nth;
    struct lock *lk;
    size_t nlk;
    struct wait *waits;   /* per thread (wait_off, nwait) */
    struct cs *css;       /* per thread (cs_off, ncs) */
    struct hold *holds;   /* per lock (hold_off, nhold), by start */
    struct tseg *tsegs;   /* per lock (seg_off, nseg) */
    struct wref *by_lock; /* the waits of each lock, thread by thread */
    size_t *by_lock_off;  /* lock l's: by_lock[by_lock_off[l] .. by_lock_off[l + 1]) */
    /* report_pieces.c: the waits' own lists of pieces (own_off[i] ..
     * own_off[i + 1]: list i), and per wait in by_lock order the first and
     * last segment of its lock's timeline it overlaps (none: kf > kl) */
    struct piece *own_pieces;
    size_t *own_off, *kf_of, *kl_of;
    /* report_critpath.c: the critical path, forward in time, from the
     * thread that ends last; its length in all and per state */
    struct seg *segs;
    size_t nsegs;
    uint32_t last_thread;
    uint64_t path_total, path_by_state[G_NSTATES];
    struct model_stats mstat;
    struct meta *meta;
    /* the builders' bookkeeping: capacities, the tid and address tables,
     * the last thread and lock found, the trace, the timeline of the holds
     * around a wait with its own pieces */
    size_t cap_th, cap_lk, cap_own, cap_own_off, cap_segs, cap_own_scratch;
    struct index th_index, lk_index;
    struct tseg *own_scratch;
    uint32_t th_last, lk_last;
    int trace_fd;
    char *stream;
};

/* a lock with more distinct blockers than this gets its wait blocks summed
 * over waiters: the full waiter x blocker table would cost time and lines
 * growing with the square of the threads */
#define JOINT_MAX_BLOCKERS 64
/* a timed hold's start may come a clock read after its holder's ACQUIRE */
#define HOLD_START_SLACK_NS 1000u

/* ---- building (report.c calls them in this order) ---- */
void model_init(struct model *m, const char *path);
void load(struct model *m);  /* report_load.c: refused with exit 2 unless whole and native */
void meta_load(struct model *m); /* report_meta.c: version 2: modules, stacks, names (before build) */
void build(struct model *m); /* threads, locks, waits, holds, timelines */
void attribute_waits(struct model *m); /* the waits the timelines do not describe get pieces of their own */
void classify_waits(struct model *m);  /* each lock's class_waits, and each wait's class */
struct block *wait_blocks(struct model *m, size_t *n); /* all wait blocks (count in *n), largest first */
void critical_path(struct model *m); /* segs, and the path's time per thread, lock and state */
uint32_t thread_of(struct model *m, uint32_t tid); /* index of tid, created on first sight */

/* ---- reading ---- */
/* a holder, releaser or hint piece: one with a thread behind it (by) */
static inline int piece_has_thread(const struct piece *p)
{
    return p->kind <= P_HINT;
}
/* q has a thread behind it, and not waiter itself */
int names_thread(const struct model *m, const struct piece *q, uint32_t waiter);
/* the piece of wait w that starts last before t (w->s < t <= w->e); hint:
 * NULL, or where to look first and where it was found (a walk back in time) */
void piece_at(const struct model *m, const struct wait *w, uint64_t t, struct piece *q, size_t *hint);
/* the last of thread t's waits starting before `at`, or NULL; hint: NULL,
 * or where to look first and where it was found (a walk back in time) */
const struct wait *wait_before(const struct model *m, const struct thread *t, uint64_t at, size_t *hint);
/* the holds of lock l (by start) that overlap [s, e) are among [*from, *to)
 * of its holds, *to the first starting at or after e */
void overlapping(const struct model *m, const struct lock *l, uint64_t s, uint64_t e, size_t *from, size_t *to);
/* for each wait (index into waits), the release that ended it (index into
 * holds: the latest of its lock by another thread within the wait), NOBODY
 * if it timed out or there is none */
uint32_t *wait_enders(const struct model *m);
int block_class(const struct model *m, const struct block *b); /* enum lw_wait_class of a wait block */
struct select { uint64_t locked_min, contended_min; }; /* per-lock thresholds (0: all) */
int lock_selected(const struct model *m, uint32_t l, const struct select *sel);
/* its kind's facts (../lw_kinds.h): one holder at a time; a wait on it
 * that nothing ended is idle (a condvar, a semaphore) */
int lock_exclusive(const struct lock *l);
int lock_unended_idle(const struct lock *l);

/* ---- names (report_meta.c): what a version-2 trace says about its code,
 * threads and locks, and the facts written with them (LOCK_ONCE,
 * WAIT_STACKS, HOLD_SUM) ---- */
/* "name-TID" (the name its THREAD_INFO record gave) or "tid-TID" (lw_rules.h) */
void meta_thread_label(const struct model *m, uint32_t tid, char *out, size_t cap);
/* its symbol, or TYPE@0xADDR(init site) */
void meta_lock_label(const struct model *m, uint32_t l, char *out, size_t cap);
/* the same, " (0xADDR)" added if another lock has that label */
void meta_lock_label_unique(const struct model *m, uint32_t l, char *out, size_t cap);
void meta_stack_frames(const struct model *m, uint32_t id, char *out, size_t cap); /* outermost first, ';'-joined; "": none */
/* an acquire site (a return address): function+0xOFF, module+0xOFF or 0xADDR */
void meta_site_label(const struct model *m, uint64_t pc, char *out, size_t cap);
uint64_t meta_stack_site(const struct model *m, uint32_t id); /* its innermost frame (the lock call), 0: none */
int meta_took_once(const struct model *m, uint32_t tid, uint64_t lock); /* a LOCK_ONCE record says so (the join rule) */
/* the trace says how its waits' stacks were sampled (WAIT_STACKS): the first `first` waits per thread and
 * site walked, then 1 in `every`; `reused` waits took their site's last walked stack. 0: every wait walked */
int meta_wait_stacks(const struct model *m, uint64_t *first, uint64_t *every, uint64_t *reused);
uint64_t meta_thread_cpu(const struct model *m, uint32_t tid); /* THREAD_INFO: CPU ns at its exit, 0: not known */
uint32_t meta_cpus(const struct model *m); /* THREAD_INFO: the CPUs the process could run on, 0: not known */
/* WAKEUP: how soon a thread woken after sleep_ns of sleep ran on the trace's machine (q: p10 p25 p50 p75 p90) */
struct wake_level { uint64_t sleep_ns, q[5]; };
size_t meta_wakeups(const struct model *m, const struct wake_level **levels); /* 0: not measured */
int meta_hold_sums(const struct model *m); /* the trace has HOLD_SUM records (writers before them: none) */
/* tid's estimated total hold time of lock in *ns (HOLD_SUM); 0: not known (no record, or no hold timed) */
int meta_hold_sum(const struct model *m, uint32_t tid, uint64_t lock, uint64_t *ns);
/* its acquisitions by all threads (HOLD_SUM); 0: not known */
uint64_t meta_lock_takes(const struct model *m, uint64_t lock);

#endif

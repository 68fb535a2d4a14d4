/* report.h - what the parts of lockwait_report share: reading the trace
 * (report_load.c) and what names its code (report_meta.c: modules, stacks,
 * thread and lock labels, folded lines); the model built from it
 * (report_model.c: threads, locks, waits, holds, each lock's timeline;
 * report_pieces.c: the pieces of each wait, the wait blocks); the critical
 * path and each wait's class (report_critpath.c, by ../lw_rules.h); and the
 * output (report.c: options and summary; report_output.c: RESULT lines;
 * report_export.c: JSON and CSV; report_tail.c: tail windows;
 * report_blame.c: the waits charged to the holders' sites;
 * report_whatif.c: the --what-if replay). The lock
 * kinds are ../lw_kinds.h's, shared with the library. */
#ifndef LOCKWAIT_REPORT_H
#define LOCKWAIT_REPORT_H

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
    uint64_t path_ns, blocked_ns;
};
struct lock {
    uint64_t addr, max_hold;
    size_t hold_off, nhold; /* its holds, sorted by start */
    size_t seg_off, nseg;   /* its timeline (report_model.c) */
    size_t seg_hint;        /* the segment piece_at found last */
    int type, holds_overlap;
    uint64_t cs_ns, wait_ns; /* on the critical path */
    uint64_t class_waits[LW_WAIT_NCLASSES]; /* its waits by class (lw_rules.h), from classify_waits */
};
struct wait {
    uint64_t s, e;
    uint32_t lock, hint; /* hint: thread index + 1 of the holder the REQUEST named, 0 = none */
    uint32_t own;        /* 0, or 1 + index of its own list of pieces (report_pieces.c) */
    uint32_t stack;      /* its stack id (trace version 2), 0: none */
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

extern struct thread *th;
extern size_t nth;
extern struct lock *lk;
extern size_t nlk;
extern struct wait *waits;
extern struct cs *css;
extern struct hold *holds;      /* per lock (hold_off, nhold), by start */
extern struct tseg *tsegs;        /* per lock (seg_off, nseg) */
extern struct wref *by_lock;    /* the waits of each lock, thread by thread */
extern size_t *by_lock_off;     /* lock l's: by_lock[by_lock_off[l] .. by_lock_off[l + 1]) */
extern struct lw_trace_header hdr;
extern size_t nrec;
extern uint64_t t_first, t_last;
extern const char *path;

/* what the model holds, for the stat line: it grows with the records */
struct model_stats {
    size_t waits, holds, tsegs, own_waits, own_pieces, joint_locks, summed_locks;
    size_t clipped; /* holds of exclusive locks whose start was moved to the previous hold's end */
};
extern struct model_stats mstat;

/* a lock with more distinct blockers than this gets its wait blocks summed
 * over waiters: the full waiter x blocker table would cost time and lines
 * growing with the square of the threads */
#define JOINT_MAX_BLOCKERS 64

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* a trace that cannot be read: one line naming it, exit 2 */
#define FAIL(...) (fprintf(stderr, "lockwait_report: %s: ", path), fprintf(stderr, __VA_ARGS__), \
                   fputc('\n', stderr), exit(EXIT_USAGE))

/* report_load.c */
#define CHUNK 65536         /* records read at once */
void load(void);            /* the trace (path): refused with exit 2 unless whole and native */
/* records [i, i + n) (n <= CHUNK), through buf */
const struct lw_trace_record *records(size_t i, size_t n, struct lw_trace_record *buf);
void records_done(void);    /* the trace is read: close it */

/* report_model.c */
void build(void);           /* threads, locks, waits, holds, timelines */
uint32_t thread_of(uint32_t tid); /* index of tid, created on first sight (may move th) */
/* the timeline of holds hs[0..n) (by start) without thread skip's (NOBODY:
 * none), into out (room for 2n + 1 segments); returns its length */
size_t timeline(const struct hold *hs, size_t n, uint32_t skip, struct tseg *out);
/* the last segment of sg[0..n) starting at or before t; from: a guess at or
 * before it, to gallop forward from (0: none) */
size_t seg_find_from(const struct tseg *sg, size_t n, uint64_t t, size_t from);
size_t seg_find(const struct tseg *sg, size_t n, uint64_t t);
/* segment k of sg[0..n) as a piece of wait w (the segment overlaps it) */
void seg_piece(const struct tseg *sg, size_t n, size_t k, const struct wait *w, struct piece *p);
void *zalloc(size_t n, size_t elem); /* zeroed, or exit 1 */
void *grow(void *p, size_t *cap, size_t need, size_t elem); /* room for need elements */
void sort_by_key(void *base, size_t n, size_t size); /* stable, by the leading uint64_t */

/* report_meta.c */
void meta_load(void);     /* version 2: modules, stacks, thread and lock names (before build) */
void print_folded(void);  /* -f: "thread;frame;...;frame;lock NS", outermost frame first */
void meta_thread_label(uint32_t tid, char *out, size_t cap); /* "name-TID" or "tid-TID" */
void meta_lock_label(uint32_t l, char *out, size_t cap);     /* its symbol, or TYPE@0xADDR(init site) */
void meta_lock_label_unique(uint32_t l, char *out, size_t cap); /* the same, " (0xADDR)" added if another has it */
void meta_stack_frames(uint32_t id, char *out, size_t cap);  /* outermost first, ';'-joined */
void meta_site_label(uint64_t pc, char *out, size_t cap);    /* symbol+0xOFF, or 0xADDR */
uint64_t meta_stack_site(uint32_t id);                       /* its innermost frame, 0: none */
int meta_took_once(uint32_t tid, uint64_t lock); /* a LOCK_ONCE record says so (the join rule) */
int meta_hold_sums(void); /* the trace has HOLD_SUM records (writers before them: none) */
/* tid's estimated total hold time of lock in *ns (HOLD_SUM); 0: not known (no record, or no hold timed) */
int meta_hold_sum(uint32_t tid, uint64_t lock, uint64_t *ns);
uint64_t meta_lock_takes(uint64_t lock); /* its acquisitions by all threads (HOLD_SUM); 0: not known */

/* report_pieces.c */
void attribute_waits(void); /* blocked time per thread; the waits the timelines do not describe */

/* the piece of wait w that starts last before t (w->s < t <= w->e) */
void piece_at(const struct wait *w, uint64_t t, struct piece *q);
/* the pieces of w that overlap [a, b), in time order, each clipped to w */
struct piece_iter {
    const struct wait *w;
    uint64_t b;
    size_t k, end;
};
void pieces_begin(struct piece_iter *it, const struct wait *w, uint64_t a, uint64_t b);
int pieces_next(struct piece_iter *it, struct piece *p);

/* the holds in hs[0..n) (by start) that overlap [s, e) are among [*from, *to)
 * (overlap: the holds may overlap each other, none longer than max_hold) */
void overlapping(const struct hold *hs, size_t n, int overlap, uint64_t max_hold, uint64_t s, uint64_t e,
                 size_t *from, size_t *to);
/* for each wait (index into waits), the release that ended it (index into
 * holds: the latest of its lock by another thread within the wait), NOBODY
 * if it timed out or there is none */
uint32_t *wait_enders(void);

/* all wait blocks (count in *n), largest first */
struct block *wait_blocks(size_t *n);

/* report_critpath.c: the critical path, as segments forward in time */
enum seg_state { G_WORK, G_CS, G_WAIT, G_HANDOFF, G_IDLE, G_NSTATES };
extern const char *const seg_names[G_NSTATES];
/* a stretch of the critical path; lock: index + 1, 0 = none */
struct seg { uint64_t s, e; uint32_t thread, lock; uint8_t state; };
extern struct seg *segs;
extern size_t nsegs;
extern uint32_t last_thread; /* the thread that ends last: where the path starts */
void critical_path(void);
/* the class of wait w (lw_rules.h: contended, idle, join) */
int wait_class(const struct wait *w);
void classify_waits(void); /* each lock's class_waits, and each wait's class (after attribute_waits) */

/* report_output.c */
int block_class(const struct block *b); /* enum lw_wait_class of a wait block */
void say_blocks(const struct block *bl, size_t nb);
struct select;
void print_shares(uint64_t total, const struct block *bl, size_t nb, long top, const struct select *sel);
void print_segs(void);

/* report_export.c */
void export_chrome(const char *file); /* -j: Chrome trace-event JSON */
struct select { uint64_t locked_min, contended_min; }; /* per-lock thresholds (0: all) */
int lock_selected(uint32_t l, const struct select *sel);
void export_csv(const char *file, const struct select *sel); /* -c: per-lock and per-stack rows */

/* report_tail.c */
void tail_read(const char *wpath); /* -W: the windows file, checked (exit 2) */
void tail_windows(void);            /* -W: the requests' kind=tail line */

/* report_blame.c: kind=blame, the contended waits charged to the holder's
 * acquire site and stack, largest first (top: lines, 0 = all) */
void blame(long top, const struct select *sel);

/* report_whatif.c: --what-if, the replay with a lock's holds scaled by each
 * factor (0..1): the named lock (label or 0xADDR), else the top locks by
 * contended wait; kind=whatif lines and a sentence per lock */
void what_if(const double *factors, size_t nf, const char *lock, long top);
void what_if_check(const char *lock); /* --lock: exit 2 unless it names a lock the replay can scale */

#endif

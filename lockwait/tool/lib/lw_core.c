/* lw_core.c - liblockwait's state: the lock records and their table, each
 * thread's statistics per lock, the threads, the trace buffers (the clock:
 * common/clock.c); holds and waits are recorded in lw_account.c. The wrappers
 * (lw_mutex.c, lw_spin.c, liblockwait.c, lw_waits.c) call in here off the fast path;
 * the fast-path helpers are inline in lw_fastpath.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif
#if defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>
#endif

#include "lw_core.h"
#include "../lw_kinds.h"
#include "../trace.h"
#include "lw_record.h"

__thread struct lw_tls lw_tls __attribute__((tls_model("initial-exec")));
struct lw_state lw;

/* ---------------------------------------------------------------- utilities */

uint32_t lw_gettid(void)
{
    uint32_t t = lw_tls.tid;
    if (LW_LIKELY(t))
        return t;
#ifdef __linux__
    t = (uint32_t)syscall(SYS_gettid);
#else
    static au32 next_id = 1;
    t = ADD(next_id, 1) + 1000000u; /* no kernel tid: a unique number */
#endif
    if (!lw_tls.forking_tid)
        lw_tls.tid = t;
    return t;
}

void lw_max_u64(au64 *x, uint64_t v)
{
    uint64_t cur = LD(*x);
    while (v > cur && !atomic_compare_exchange_weak_explicit(x, &cur, v, memory_order_relaxed,
                                                              memory_order_relaxed))
        ;
}

/* A bump allocator over one reserved mapping: lock-free, usable from signal
 * handlers and never through the program's malloc (which may take locks). */
#define LW_ARENA_BYTES ((size_t)1 << 30) /* reserved, touched only as used */
static char *arena;
static au64 arena_used;

void *lw_alloc(size_t n)
{
    if (!arena)
        return NULL;
    n = (n + 63) & ~(size_t)63;
    uint64_t off = ADD(arena_used, n);
    if (off + n > LW_ARENA_BYTES) {
        ADD(lw.arena_failed, 1);
        return NULL;
    }
    return arena + off; /* fresh anonymous pages are zero */
}

/* n bytes on 128-byte pairs of lines of their own, for what a thread writes
 * on every call (its lw_tstat): Intel's adjacent-line prefetcher moves lines
 * in 128-byte pairs, so two threads' counters 64 bytes apart behave as if
 * they shared a line (the suite's false_sharing experiment measures it) */
void *lw_alloc_pair(size_t n)
{
    char *p = lw_alloc(((n + 127) & ~(size_t)127) + 64); /* 64-aligned: at most 64 to skip */
    return p ? (void *)(((uintptr_t)p + 127) & ~(uintptr_t)127) : NULL;
}

int lw_write_prefetch;

/* the arena and the lock table: reserved address space, touched as used;
 * and whether PREFETCHW may run: CPUID's PRFCHW bit (the 3DNow! prefetch
 * that AMD has always had and Intel since Broadwell) */
int lw_core_init(void)
{
#if defined(__x86_64__) && defined(__linux__)
    unsigned ea, eb, ec, ed;
    lw_write_prefetch = __get_cpuid(0x80000001, &ea, &eb, &ec, &ed) && (ec & (1u << 8));
#endif
    void *a = mmap(NULL, LW_ARENA_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    void *t = mmap(NULL, LW_TABLE_SLOTS * sizeof(void *), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (a == MAP_FAILED || t == MAP_FAILED)
        return -1;
    arena = a;
    lw.table = t;
    return 0;
}

/* ---------------------------------------------------------------- threads */

struct lw_thread *lw_thread_self(void)
{
    struct lw_thread *t = lw_tls.thr;
    if (LW_LIKELY(t))
        return t;
    t = lw_alloc(sizeof *t);
    if (!t)
        return NULL;
    t->tid = my_tid();
    LW_PUSH(lw.threads, t);
    ADD(lw.nthreads, 1);
    lw_tls.thr = t;
    return t;
}

/* ---------------------------------------------------------------- trace */

/* A page fault costs microseconds, more in a guest; a RELEASE record is
 * written inside the hold (lw_hold_end), and its fault there made the
 * traced mutex scenario a convoy: 1.4x the bare run, 4-10x its sleeps.
 * So where no lock waits on the thread, the pages of the records it will
 * write next are made present, in one call where the kernel has it
 * (MADV_POPULATE_WRITE, Linux 5.14), else a page at a time. The run-up is
 * as many records as the thread has written, from 128 to 2,048: the buffer
 * is still touched only as it fills (twice that at most), however many
 * threads trace a few events. */
#define LW_TRACE_AHEAD_MIN 128u
#define LW_TRACE_AHEAD_MAX 2048u
#if defined(__linux__) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23
#endif
void lw_trace_ahead(struct lw_thread *t)
{
    if (!t || !t->tbuf)
        return;
    uint64_t cap = (uint64_t)lw.cfg.trace_records, len = LD(t->tlen);
    uint64_t ahead = len < LW_TRACE_AHEAD_MIN ? LW_TRACE_AHEAD_MIN : len > LW_TRACE_AHEAD_MAX ? LW_TRACE_AHEAD_MAX : len;
    uint64_t want = len + ahead, soon = len + ahead / 2;
    if (t->tready >= (soon < cap ? soon : cap)) /* half the run-up left: not yet */
        return;
    if (want > cap)
        want = cap;
    char *b = (char *)t->tbuf;
    size_t page = (size_t)getpagesize();
    size_t from = ((size_t)t->tready * sizeof *t->tbuf) / page * page, to = (size_t)want * sizeof *t->tbuf;
    t->tready = want;
#ifdef __linux__
    int e = errno;
    int done = madvise(b + from, to - from, MADV_POPULATE_WRITE) == 0;
    errno = e;
    if (done)
        return;
#endif
    /* a write of the 0 a byte not yet written holds; a compare-exchange, so
     * that a record a signal handler writes meanwhile stays as written */
    for (size_t off = from; off < to; off += page) {
        char zero = 0;
        __atomic_compare_exchange_n(&b[off], &zero, 0, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    }
}

void lw_trace(struct lw_thread *t, int ev, int type, const void *lock, uint32_t holder, uint64_t when, uint64_t aux,
              uint32_t stack)
{
    if (!lw.cfg.trace || !t)
        return;
    uint64_t cap = (uint64_t)lw.cfg.trace_records;
    if (!t->tbuf) {
        /* mapped lazily and only touched as filled; a signal handler racing
         * with this first map just loses one buffer's worth of address space */
        void *p = mmap(NULL, cap * sizeof(struct lw_trace_record), PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED) {
            ADD(lw.dropped, 1);
            return;
        }
        t->tbuf = p;
    }
    uint64_t i = ADD(t->tlen, 1); /* atomic: a signal handler may trace too */
    if (i >= cap) {
        ADD(lw.dropped, 1);
        return;
    }
    struct lw_trace_record *r = &t->tbuf[i];
    r->t_ns = when;
    r->lock = (uint64_t)(uintptr_t)lock;
    r->aux = aux;
    r->tid = t->tid;
    r->holder = holder;
    r->event = (uint8_t)ev;
    r->type = (uint8_t)type;
    r->stack = stack;
}

/* ---------------------------------------------------------------- lock table */

static inline uint32_t slot_of(uintptr_t a, int kind)
{
    uint64_t h = ((uint64_t)a ^ (uint64_t)kind) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> (64 - LW_TABLE_BITS));
}

/* In a fork's child (one thread): a record another thread of the parent
 * had put in the table but not yet on the list when the fork came is
 * listed here, found by the one walk of the whole table */
void lw_records_mend(void)
{
    if (!LD(lw.records_pending))
        return;
    ST(lw.records_pending, 0);
    for (struct lw_lock *r = lw_records(); r; r = r->next)
        ST(r->listed, 1);
    for (uint32_t i = 0; lw.table && i < LW_TABLE_SLOTS; i++) {
        struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_relaxed);
        if (r && !LD(r->listed)) {
            ST(r->listed, 1);
            LW_PUSH(lw.records, r);
        }
    }
}

/* the record of (p, kind), created on first use (*fresh_out: by this call; its
 * first_stack is then the caller's to note, lw_stacks.h lying above) */
struct lw_lock *lw_record(const void *p, int kind, uintptr_t pc, int *fresh_out)
{
    *fresh_out = 0;
    if (!lw.table)
        return NULL;
    uintptr_t a = (uintptr_t)p;
    struct lw_lock *fresh = NULL;
    for (uint32_t i = slot_of(a, kind), n = 0; n < LW_TABLE_SLOTS; i = (i + 1) & (LW_TABLE_SLOTS - 1), n++) {
        struct lw_lock *r = atomic_load_explicit(&lw.table[i], memory_order_acquire);
        if (!r) {
            if (!fresh) {
                if (LD(lw.nlocks) >= LW_TABLE_MAX) {
                    ADD(lw.untracked, 1);
                    return NULL;
                }
                fresh = lw_alloc(sizeof *fresh);
                if (!fresh) {
                    ADD(lw.untracked, 1);
                    return NULL;
                }
                fresh->addr = a;
                fresh->kind = (uint8_t)kind;
                fresh->first_pc = pc;
                ST(fresh->timed, 2); /* time the first hold */
            }
            ADD(lw.records_pending, 1); /* a fork now: its child lists it (lw_records_mend) */
            if (atomic_compare_exchange_strong_explicit(&lw.table[i], &r, fresh, memory_order_release,
                                                        memory_order_acquire)) {
                ADD(lw.nlocks, 1);
                LW_PUSH(lw.records, fresh); /* the list the reports walk */
                atomic_fetch_sub_explicit(&lw.records_pending, 1, memory_order_release); /* after the list's CAS */
                *fresh_out = 1;
                return fresh;
            }
            ADD(lw.records_pending, (uint32_t)-1);
            /* another thread filled this slot: r is its record */
        }
        if (r->addr == a && r->kind == kind)
            return r; /* a lost race leaves `fresh` unused in the arena */
    }
    ADD(lw.untracked, 1);
    return NULL;
}

/* ---------------------------------------------------------------- per-thread statistics */

/* tab's entries in a table of twice its size (of 64 when tab is NULL) */
static struct lw_ttab *ttab_grown(struct lw_ttab *tab)
{
    uint32_t cap = tab ? tab->cap * 2 : 64;
    struct lw_ttab *big = lw_alloc(sizeof *big + cap * sizeof big->slot[0]);
    if (!big)
        return NULL;
    big->cap = cap;
    for (uint32_t i = 0; tab && i < tab->cap; i++) {
        struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_relaxed);
        if (!e)
            continue;
        uint32_t j = slot_of(e->addr, e->kind) & (cap - 1);
        while (atomic_load_explicit(&big->slot[j], memory_order_relaxed))
            j = (j + 1) & (cap - 1);
        atomic_store_explicit(&big->slot[j], e, memory_order_relaxed);
        big->used++;
    }
    return big;
}

/* r's entry in tab, added if missing; NULL: no memory */
static struct lw_tstat *ttab_entry(struct lw_ttab *tab, struct lw_lock *r)
{
    for (uint32_t i = slot_of(r->addr, r->kind) & (tab->cap - 1), n = 0; n < tab->cap;
         n++, i = (i + 1) & (tab->cap - 1)) {
        struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
        if (e && e->lock == r)
            return e;
        if (!e) {
            struct lw_tstat *fresh = lw_alloc_pair(sizeof *fresh);
            if (!fresh)
                return NULL;
            fresh->lock = r;
            fresh->addr = r->addr;
            fresh->kind = r->kind;
            if (atomic_compare_exchange_strong_explicit(&tab->slot[i], &e, fresh, memory_order_release,
                                                        memory_order_acquire)) {
                tab->used++;
                return fresh;
            }
            if (e->lock == r)
                return e;
        }
    }
    return NULL; /* no free slot: cannot happen below 3/4 full */
}

/* Thread t's statistics for lock r, created on first need. A signal handler
 * running on this thread may add entries too, and grow the table: slots
 * are claimed by CAS, and a grown table replaces the one it copied only if
 * that is still the thread's (CAS). A handler that grew the table between
 * our look at it and our return may have copied it without our entry:
 * then we look again in the handler's table, or the entries the handler
 * added (or ours) would be lost with the table they were in. */
struct lw_tstat *lw_tstat_for(struct lw_thread *t, struct lw_lock *r)
{
    if (!t || !r)
        return NULL;
    for (;;) {
        struct lw_ttab *tab = atomic_load_explicit(&t->tab, memory_order_acquire);
        if (!tab || (tab->used + 1) * 4 > tab->cap * 3) { /* grow at 3/4 full */
            struct lw_ttab *big = ttab_grown(tab);
            if (!big)
                return NULL;
            if (!atomic_compare_exchange_strong_explicit(&t->tab, &tab, big, memory_order_release,
                                                         memory_order_acquire))
                continue; /* a handler grew it meanwhile: look in its table */
            tab = big;
        }
        struct lw_tstat *e = ttab_entry(tab, r);
        if (!e || atomic_load_explicit(&t->tab, memory_order_acquire) == tab)
            return e;
    }
}

/* thread t's statistics for lock r if it has any (the report: read only) */
struct lw_tstat *lw_tstat_find(struct lw_thread *t, struct lw_lock *r)
{
    struct lw_ttab *tab = t ? atomic_load_explicit(&t->tab, memory_order_acquire) : NULL;
    for (uint32_t i = tab ? slot_of(r->addr, r->kind) & (tab->cap - 1) : 0, n = 0; tab && n < tab->cap;
         n++, i = (i + 1) & (tab->cap - 1)) {
        struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
        if (!e || e->lock == r)
            return e;
    }
    return NULL;
}

uint32_t lw_holder_of(const void *p, int kind, struct lw_lock *r)
{
#ifdef __GLIBC__
    if (kind == K_MUTEX)
        return (uint32_t)__atomic_load_n(&((pthread_mutex_t *)(uintptr_t)p)->__data.__owner, __ATOMIC_RELAXED);
    if (kind == K_RWLOCK)
        return (uint32_t)__atomic_load_n(&((pthread_rwlock_t *)(uintptr_t)p)->__data.__cur_writer,
                                         __ATOMIC_RELAXED);
#else
    (void)p;
#endif
    return r && lw_kinds[kind].exclusive ? LD(r->holder) : 0;
}

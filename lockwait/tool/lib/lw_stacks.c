/* lw_stacks.c - call stacks (lw_stacks.h). The walk follows frame pointers (each record: saved frame pointer, return
 * address, on x86-64 and arm64): it climbs the library's own frames to the
 * one that returns to the lock call's site (pc), then follows the program's.
 * It never faults: every record read lies between the walker's own frame and
 * the top of this thread's stack noted at thread start (lw_stack_bounds), and
 * addresses only grow; a thread whose stack is not known gets one frame, the
 * call site. Above a signal handler's record it reads the lock call's site
 * of an interrupted leaf wrapper from the signal frame (leaf_return,
 * lw_stacks.h). What code built without frame pointers does to the walk:
 * docs/lockwait-stacks.md. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "lw_stacks.h"
#include "lw_config.h"
#include "lw_core.h"
#include "lw_record.h"

#define STACK_SLOTS (1u << LW_STACK_BITS)

static struct lw_stack *_Atomic *stab;   /* interned stacks; id = slot + 1 */
static struct lw_lstack *_Atomic *lstab; /* (lock, stack) sums */
static au32 nstacks, nlstacks;
static struct lw_lstack *_Atomic lstacks; /* the sums, newest first */

int lw_stacks_init(void)
{
    void *a = mmap(NULL, STACK_SLOTS * sizeof(void *), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    void *b = mmap(NULL, LW_LSTACK_SLOTS * sizeof(void *), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (a == MAP_FAILED || b == MAP_FAILED)
        return -1;
    stab = a;
    lstab = b;
    return 0;
}

/* ---------------------------------------------------------------- bounds */

uintptr_t lw_stack_low(uintptr_t hi, uint64_t size)
{
    /* The stack's mapping ends a little above hi (the thread descriptor and
     * static TLS sit at its top) and starts with a guard: only the upper half
     * below hi is certainly mapped. Small stacks: no walk. */
    if (size < (256u << 10) || size / 2 > hi)
        return hi;
    return hi - (uintptr_t)(size / 2);
}

void lw_stack_bounds(uintptr_t lo, uintptr_t hi)
{
    lw_tls.stack_lo = lo;
    lw_tls.stack_hi = hi;
}

#ifdef __GLIBC__
extern void *__libc_stack_end; /* the initial stack pointer, exported by ld.so */
#endif

/* The main thread's stack is one mapping from its initial stack pointer
 * down, growing on demand; other mappings keep at least 128 MiB away from it
 * (the kernel's gap below the stack), so any stack pointer within 64 MiB
 * below the top is on it and everything above it is mapped. */
void lw_stack_bounds_main(void)
{
#ifdef __GLIBC__
    uintptr_t hi = (uintptr_t)__libc_stack_end;
    if (hi > ((uintptr_t)64 << 20))
        lw_stack_bounds(hi - ((uintptr_t)64 << 20), hi);
#endif
}

/* ---------------------------------------------------------------- capture */

static uint32_t stack_hash(const uintptr_t *f, uint32_t n)
{
    uint64_t h = n;
    for (uint32_t i = 0; i < n; i++) {
        h = (h ^ (uint64_t)f[i]) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    return (uint32_t)(h ^ (h >> 32));
}

/* the id of frames f[0..n), interned on first sight (0: table full or out
 * of memory, counted) */
static uint32_t intern(const uintptr_t *f, uint32_t n)
{
    uint32_t h = stack_hash(f, n);
    struct lw_stack *fresh = NULL;
    for (uint32_t i = h & (STACK_SLOTS - 1), k = 0; k < STACK_SLOTS; k++, i = (i + 1) & (STACK_SLOTS - 1)) {
        struct lw_stack *s = atomic_load_explicit(&stab[i], memory_order_acquire);
        if (!s) {
            if (!fresh) {
                if (LD(nstacks) >= STACK_SLOTS / 4 * 3 || !(fresh = lw_alloc(sizeof *fresh + n * sizeof f[0]))) {
                    ADD(lw.stacks_lost, 1);
                    return 0;
                }
                fresh->n = n;
                fresh->hash = h;
                for (uint32_t j = 0; j < n; j++)
                    fresh->pc[j] = f[j];
            }
            if (atomic_compare_exchange_strong_explicit(&stab[i], &s, fresh, memory_order_release,
                                                        memory_order_acquire)) {
                ADD(nstacks, 1);
                return i + 1;
            }
        }
        if (s->hash == h && s->n == n) {
            uint32_t j = 0;
            while (j < n && s->pc[j] == f[j])
                j++;
            if (j == n)
                return i + 1; /* a lost race leaves `fresh` unused in the arena */
        }
    }
    ADD(lw.stacks_lost, 1);
    return 0;
}

/* ---------------------------------------------------------------- signal frames */

static _Atomic uintptr_t restorer;

void lw_stack_note_restorer(uintptr_t r)
{
    atomic_store_explicit(&restorer, r, memory_order_relaxed);
}

#if LW_SIGFRAME
#include <stddef.h>
#include <ucontext.h>

/* the leaves' section, bounded by the linker */
LW_HIDDEN extern const char __start_lw_leaf[], __stop_lw_leaf[];

/* The record at fp returns to the signal trampoline: above it lies the
 * kernel's signal frame (the return address is its first word, the
 * ucontext follows). When the handler interrupted a leaf, the return
 * address into the program is the word at the interrupted stack pointer:
 * the frame the leaf's own record would have given. 0: not a leaf. */
__attribute__((no_sanitize("address"))) static uintptr_t leaf_return(uintptr_t fp, uintptr_t hi)
{
    const uintptr_t *g = (const uintptr_t *)(fp + 2 * sizeof(uintptr_t) + offsetof(ucontext_t, uc_mcontext.gregs));
    if ((uintptr_t)(g + NGREG) > hi)
        return 0;
    uintptr_t ip = g[REG_RIP], sp = g[REG_RSP];
    if (ip < (uintptr_t)__start_lw_leaf || ip >= (uintptr_t)__stop_lw_leaf)
        return 0;
    if (sp <= fp || sp > hi - sizeof(uintptr_t) || (sp & (sizeof(uintptr_t) - 1)))
        return 0;
    return *(const uintptr_t *)sp;
}
#else
static uintptr_t leaf_return(uintptr_t fp, uintptr_t hi)
{
    (void)fp;
    (void)hi;
    return 0;
}
#endif

/* ---------------------------------------------------------------- walk */

/* Follow frame records from fp while they stay in [lo, hi) and climb; the
 * first record returning to pc is the lock function's: from there on the
 * return addresses are the program's (with a leaf's, read from a signal
 * frame: leaf_return). */
__attribute__((no_sanitize("address"))) static uint32_t walk(uintptr_t fp, uintptr_t lo, uintptr_t hi,
                                                                uintptr_t pc, uintptr_t *f, uint32_t depth)
{
    uint32_t n = 1, own = 1;
    for (uint32_t steps = 0; steps < 64 && n < depth; steps++) {
        if (fp < lo || fp > hi - 2 * sizeof(uintptr_t) || (fp & (sizeof(uintptr_t) - 1)))
            break;
        uintptr_t next = ((const uintptr_t *)fp)[0], ra = ((const uintptr_t *)fp)[1];
        if (own) {
            own = ra != pc; /* still in the library's own frames */
        } else {
            /* a record whose caller's record is not on the stack returns into
             * the thread's start (ours, or libc's for main): not the program's */
            if (ra < 4096 || next <= fp || next > hi - 2 * sizeof(uintptr_t))
                break;
            f[n++] = ra;
            uintptr_t leaf = ra == atomic_load_explicit(&restorer, memory_order_relaxed) ? leaf_return(fp, hi) : 0;
            if (leaf >= 4096 && n < depth)
                f[n++] = leaf;
        }
        if (next <= fp)
            break;
        fp = next;
    }
    return own ? 1 : n;
}

int lw_on_big_stack(void)
{
    uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
    return fp >= lw_tls.stack_lo && fp < lw_tls.stack_hi; /* (lw_stack_low: lo = hi for small ones) */
}

/* the walk, with its frames' room, only where the stack has room for it */
__attribute__((noinline)) static uint32_t capture_walk(uintptr_t pc, uint32_t depth)
{
    uintptr_t f[LW_STACK_MAX];
    f[0] = pc;
    uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
    return intern(f, walk(fp, fp, lw_tls.stack_hi, pc, f, depth));
}

/* one walk of the caller's stack as a capture does it, not kept: what a
 * stack costs, for the report's estimate of the library's own cost */
__attribute__((noinline)) uint32_t lw_stack_walk_only(void)
{
    uintptr_t f[LW_STACK_MAX];
    uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
    uint32_t depth = (uint32_t)lw.cfg.stack_depth;
    if (depth == 0 || !lw_on_big_stack())
        return 0;
    return walk(fp, fp, lw_tls.stack_hi, (uintptr_t)__builtin_return_address(0), f, depth);
}

__attribute__((noinline)) uint32_t lw_stack_capture(uintptr_t pc)
{
    uint32_t depth = (uint32_t)lw.cfg.stack_depth;
    if (depth == 0 || !stab)
        return 0;
    lw_probe_count(LW_PROBE_STACK);
    if (lw_on_big_stack())
        return capture_walk(pc, depth);
    /* another stack (a signal stack may be a few KiB), or one not known: the call site */
    return intern(&pc, 1);
}

/* ---------------------------------------------------------------- waits' stacks, sampled */

/* One (call site, caller) pair's last walked stack and its waits, per thread.
 * The caller is the return address of the frame record above the call
 * site's, read by a two-frame walk: cheap (no hash of the whole stack, no
 * table probe), and it keeps two callers of one locking helper apart. */
struct site_stack {
    uintptr_t pc, caller;
    uint32_t stack, waits;
};
#define SITE_BITS 4 /* sets of two, the newer first: two pairs whose hash agrees both keep their counts */
#define SITE_SLOTS (2u << SITE_BITS)
static __thread struct {
    struct site_stack slot[SITE_SLOTS];
    int busy; /* in use: a signal handler's wait on this thread walks and keeps nothing */
} sites __attribute__((tls_model("initial-exec")));

/* the walk's first two frames: the call site, and the return address above it (0: none) */
__attribute__((noinline)) static uintptr_t site_caller(uintptr_t pc)
{
    uintptr_t f[2] = {pc, 0};
    uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
    return walk(fp, fp, lw_tls.stack_hi, pc, f, 2) == 2 ? f[1] : 0;
}

uint32_t lw_wait_stack(uintptr_t pc)
{
    if (lw.cfg.stack_depth < 2 || !stab || sites.busy || !lw_on_big_stack())
        return lw_stack_capture(pc); /* off, one frame, or a handler inside the cache: as before */
    sites.busy = 1;
    atomic_signal_fence(memory_order_seq_cst);
    uintptr_t caller = site_caller(pc);
    uint64_t h = ((uint64_t)pc ^ ((uint64_t)caller * 0x9E3779B97F4A7C15ull)) * 0x9E3779B97F4A7C15ull;
    struct site_stack *s = &sites.slot[2 * (h >> (64 - SITE_BITS))];
    if (s->pc != pc || s->caller != caller) { /* the set's older pair, or a new one that evicts it */
        struct site_stack mine = {.pc = pc, .caller = caller};
        if (s[1].pc == pc && s[1].caller == caller)
            mine = s[1];
        s[1] = s[0];
        s[0] = mine;
    }
    uint32_t n = s->waits++;
    if (n < LW_WAIT_STACK_ALL || n % LW_WAIT_STACK_SAMPLE == 0) {
        s->stack = lw_stack_capture(pc);
    } else {
        struct lw_thread *t = lw_tls.thr;
        if (t)
            BUMP1(t->wait_stacks_reused, 1);
    }
    uint32_t id = s->stack;
    atomic_signal_fence(memory_order_seq_cst);
    sites.busy = 0;
    return id;
}

uint64_t lw_wait_stacks_reused(void)
{
    uint64_t n = 0;
    for (struct lw_thread *t = lw_threads(); t; t = t->next)
        n += LD(t->wait_stacks_reused);
    return n;
}

const struct lw_stack *lw_stack_get(uint32_t id)
{
    if (!stab || id == 0 || id > STACK_SLOTS)
        return NULL;
    return atomic_load_explicit(&stab[id - 1], memory_order_acquire);
}

uint32_t lw_stack_count(void)
{
    return LD(nstacks);
}

uint32_t lw_stack_slots(void)
{
    return stab ? STACK_SLOTS : 0;
}

/* ---------------------------------------------------------------- per (lock, stack) */

void lw_lstack_note(struct lw_lock *r, uint32_t stack, uint64_t ns, int got)
{
    if (!lstab || !r || !stack)
        return;
    uint64_t h = ((uint64_t)(uintptr_t)r ^ ((uint64_t)stack << 40)) * 0x9E3779B97F4A7C15ull;
    struct lw_lstack *fresh = NULL;
    for (uint32_t i = (uint32_t)(h >> (64 - LW_LSTACK_BITS)), k = 0; k < LW_LSTACK_SLOTS;
         k++, i = (i + 1) & (LW_LSTACK_SLOTS - 1)) {
        struct lw_lstack *s = atomic_load_explicit(&lstab[i], memory_order_acquire);
        if (!s) {
            if (!fresh) {
                if (LD(nlstacks) >= LW_LSTACK_SLOTS / 4 * 3 || !(fresh = lw_alloc(sizeof *fresh))) {
                    ADD(lw.stacks_lost, 1);
                    return;
                }
                fresh->lock = r;
                fresh->stack = stack;
            }
            if (atomic_compare_exchange_strong_explicit(&lstab[i], &s, fresh, memory_order_release,
                                                        memory_order_acquire)) {
                ADD(nlstacks, 1);
                LW_PUSH(lstacks, fresh);
                s = fresh;
            }
        }
        if (s->lock == r && s->stack == stack) {
            ADD(s->n, 1);
            if (!got)
                ADD(s->timeouts, 1);
            ADD(s->wait_ns, ns);
            MAXSET(s->max_wait_ns, ns);
            return;
        }
    }
    ADD(lw.stacks_lost, 1);
}

struct lw_lstack *lw_lstacks(void)
{
    return atomic_load_explicit(&lstacks, memory_order_acquire);
}

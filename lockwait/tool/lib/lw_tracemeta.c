/* lw_tracemeta.c - the records of a trace (trace.h; the manual's trace
 * section) after its header, written at exit: each thread's events, then
 * what lets lockwait_report name code as this library's report does
 * (modules, stacks, threads, locks), the facts of its rules (../lw_rules.h)
 * and of --what-if (the hold sums, the machine's wake-up), and the END
 * record that says the trace is whole. */
#define _GNU_SOURCE
#include <link.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "lw_tracemeta.h"
#include "../lw_kinds.h"
#include "../trace.h"
#include "clock.h"
#include "lw_config.h"
#include "lw_core.h"
#include "lw_modules.h"
#include "lw_names.h"
#include "lw_output.h"
#include "lw_record.h"
#include "lw_stacks.h"
#include "lw_wakeprobe.h"

struct out {
    int fd, err;
    size_t k;
    uint64_t sum, n; /* of the records put so far (and the header): END's */
    struct lw_trace_record chunk[256];
};

static void flush(struct out *o)
{
    if (o->k && !o->err)
        o->err = lw_deliver(o->fd, (const char *)o->chunk, o->k * sizeof o->chunk[0]);
    o->k = 0;
}

static void put(struct out *o, const struct lw_trace_record *r)
{
    o->sum = lw_trace_sum(o->sum, r, sizeof *r);
    o->n++;
    o->chunk[o->k++] = *r;
    if (o->k == sizeof o->chunk / sizeof o->chunk[0])
        flush(o);
}

/* n bytes as DATA records, 32 to a record */
static void put_bytes(struct out *o, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i += 32) {
        struct lw_trace_record r;
        memset(&r, 0, sizeof r);
        memcpy(&r, (const char *)p + i, n - i < 32 ? n - i : 32);
        r.event = LW_EV_DATA;
        put(o, &r);
    }
}

_Static_assert(__builtin_offsetof(struct lw_trace_record, event) == 32, "DATA payload is the first 32 bytes");
/* the records below are zeroed by their initializers: a record has no
 * padding (40 bytes of fields, trace.h), so no byte of the file is left unset */

static int put_module(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    struct out *o = data;
    uint64_t lo, hi;
    lw_module_span(info, &lo, &hi);
    const char *path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : lw_modules_exe();
    if (lo >= hi || !path[0])
        return 0;
    size_t len = strlen(path);
    struct lw_trace_record r = {.event = LW_EV_MODULE, .lock = lo, .aux = hi, .t_ns = info->dlpi_addr,
                                .tid = (uint32_t)len};
    put(o, &r);
    put_bytes(o, path, len);
    return 0;
}

static void put_stacks(struct out *o)
{
    for (uint32_t id = 1; id <= lw_stack_slots(); id++) {
        const struct lw_stack *s = lw_stack_get(id);
        if (!s)
            continue;
        uint64_t pc[LW_STACK_MAX];
        for (uint32_t k = 0; k < s->n; k++)
            pc[k] = s->pc[k];
        struct lw_trace_record r = {.event = LW_EV_STACK, .holder = id, .tid = s->n};
        put(o, &r);
        put_bytes(o, pc, s->n * sizeof pc[0]);
    }
}

/* The CPUs any of the process's threads could run on: each thread's
 * affinity ORed in at its exit (lw_trace_note_cpus) and the live ones' and
 * the writer's at the end. The writer's mask alone said 1 CPU for a main
 * thread that pinned itself once its workers, free on all, were done: the
 * what-if's CPU floor then put the run above the traced one. */
#ifdef __linux__
#define CPU_WORDS (sizeof(cpu_set_t) / sizeof(unsigned long))
static _Atomic unsigned long cpus_seen[CPU_WORDS];

static void or_affinity(pid_t tid)
{
    cpu_set_t set;
    unsigned long w[CPU_WORDS];
    if (sched_getaffinity(tid, sizeof set, &set) != 0) /* a thread gone since: its exit noted it */
        return;
    memcpy(w, &set, sizeof w);
    for (size_t i = 0; i < CPU_WORDS; i++)
        atomic_fetch_or_explicit(&cpus_seen[i], w[i], memory_order_relaxed);
}
#endif

void lw_trace_note_cpus(void)
{
#ifdef __linux__
    or_affinity(0);
#endif
}

void lw_trace_forget_cpus(void)
{
#ifdef __linux__
    for (size_t i = 0; i < CPU_WORDS; i++)
        atomic_store_explicit(&cpus_seen[i], 0, memory_order_relaxed);
#endif
}

/* 0: cannot tell (under a seccomp filter: not asked) */
static uint32_t usable_cpus(void)
{
    if (lw.filtered)
        return 0;
#ifdef __linux__
    or_affinity(0);
    for (struct lw_thread *t = lw_threads(); t; t = t->next)
        if (!atomic_load_explicit(&t->exited, memory_order_acquire) && t->tid)
            or_affinity((pid_t)t->tid);
    uint32_t n = 0;
    for (size_t i = 0; i < CPU_WORDS; i++)
        n += (uint32_t)__builtin_popcountl(atomic_load_explicit(&cpus_seen[i], memory_order_relaxed));
    if (n)
        return n;
#endif
    long n_online = sysconf(_SC_NPROCESSORS_ONLN);
    return n_online > 0 ? (uint32_t)n_online : 0;
}

static void put_threads(struct out *o)
{
    uint32_t cpus = usable_cpus();
    for (struct lw_thread *t = lw_threads(); t; t = t->next) {
        struct lw_trace_record r = {.event = LW_EV_THREAD_INFO, .tid = t->tid, .holder = t->creator,
                                    .lock = t->start_fn, .aux = t->create_stack, .type = (uint8_t)(t->is_main != 0)};
        put(o, &r);
        char data[32] = {0}; /* the name, the CPU time, the CPUs (trace.h) */
        lw_thread_name(t, data, 16);
        uint64_t cpu = atomic_load_explicit(&t->exited, memory_order_acquire) ? t->cpu_ns : 0;
        memcpy(data + 16, &cpu, sizeof cpu);
        memcpy(data + 24, &cpus, sizeof cpus);
        put_bytes(o, data, 32);
    }
}

/* the locks someone waited for: where they were initialised or first used */
static void put_locks(struct out *o)
{
    for (struct lw_lock *l = lw_records(); l; l = l->next) {
        if (!atomic_load_explicit(&l->detail, memory_order_acquire))
            continue;
        uint32_t init = LD(l->init_stack), first = LD(l->first_stack);
        struct lw_trace_record r = {.event = LW_EV_LOCK_INFO, .lock = l->addr, .aux = init ? init : first,
                                    .holder = init != 0, .type = (uint8_t)lw_trace_type(l->kind)};
        put(o, &r);
    }
}

/* fn on each thread's statistics of each lock it used */
static void each_tstat(struct out *o, void (*fn)(struct out *, const struct lw_thread *, const struct lw_tstat *))
{
    for (struct lw_thread *t = lw_threads(); t; t = t->next) {
        struct lw_ttab *tab = atomic_load_explicit(&t->tab, memory_order_acquire);
        for (uint32_t i = 0; tab && i < tab->cap; i++) {
            struct lw_tstat *e = atomic_load_explicit(&tab->slot[i], memory_order_acquire);
            if (e)
                fn(o, t, e);
        }
    }
}

/* a record of event about thread t and the lock of e, the rest zero */
static struct lw_trace_record tstat_record(int event, const struct lw_thread *t, const struct lw_tstat *e)
{
    return (struct lw_trace_record){.event = (uint8_t)event, .tid = t->tid, .lock = e->addr,
                                    .type = (uint8_t)lw_trace_type(e->kind)};
}

/* the join rule's fact (lw_rules.h): which thread took a lock someone
 * waited for only once in its life */
static void put_once(struct out *o, const struct lw_thread *t, const struct lw_tstat *e)
{
    if (LD(e->acquisitions) != 1 || !atomic_load_explicit(&e->lock->detail, memory_order_acquire))
        return;
    struct lw_trace_record r = tstat_record(LW_EV_LOCK_ONCE, t, e);
    put(o, &r);
}

/* each thread's hold time of each exclusive lock it took, estimated from
 * its sampled holds: the trace has only the holds someone waited for, and
 * lockwait_report's --what-if scales the rest from this sum. A semaphore
 * someone waited for gets one too, untimed: its takes, for the one-shot
 * rule (lw_rules.h) */
static void put_hold_sum(struct out *o, const struct lw_thread *t, const struct lw_tstat *e)
{
    uint64_t acq = LD(e->acquisitions), timed = LD(e->holds_timed);
    int takes_only = !lw_kinds[e->kind].exclusive && (lw_kinds[e->kind].idle & LW_IDLE_ONE_SHOT) &&
                     atomic_load_explicit(&e->lock->detail, memory_order_acquire);
    if (!acq || (!lw_kinds[e->kind].exclusive && !takes_only))
        return;
    struct lw_trace_record r = tstat_record(LW_EV_HOLD_SUM, t, e);
    r.t_ns = acq;
    if (takes_only)
        timed = 0;
    r.holder = timed > UINT32_MAX ? UINT32_MAX : (uint32_t)timed;
    if (timed) /* the mean sampled hold, times the acquisitions (double: no overflow) */
        r.aux = (uint64_t)((double)ticks_ns(LD(e->hold_ticks)) / (double)timed * (double)acq);
    else
        r.stack = LW_HOLD_SUM_UNTIMED;
    put(o, &r);
}

/* how the waits' stacks were sampled (none written with stacks off: every
 * stack id is 0 or one frame) */
static void put_wait_stacks(struct out *o)
{
    if (lw.cfg.stack_depth < 2)
        return;
    struct lw_trace_record r = {.event = LW_EV_WAIT_STACKS, .aux = LW_WAIT_STACK_ALL,
                                .holder = LW_WAIT_STACK_SAMPLE, .t_ns = lw_wait_stacks_reused()};
    put(o, &r);
}

/* the machine's wake-up by sleep length (lw_wakeprobe.c): --what-if
 * replays hand-offs with it */
static void put_wakeup(struct out *o, const struct lw_wake_level *lv, int n)
{
    for (int k = 0; k < n; k++) {
        struct lw_trace_record r = {.event = LW_EV_WAKEUP, .t_ns = lv[k].sleep_ns, .aux = lv[k].median,
                                    .lock = lv[k].n};
        put(o, &r);
        uint64_t q[4] = {lv[k].p10, lv[k].p25, lv[k].p75, lv[k].p90}; /* the DATA record (trace.h) */
        put_bytes(o, q, sizeof q);
    }
}

/* each thread's events, their ticks (common/clock.h) converted to
 * CLOCK_MONOTONIC ns in a copy (other threads may still be tracing) */
static void put_events(struct out *o)
{
    uint64_t cap = (uint64_t)lw.cfg.trace_records;
    for (struct lw_thread *t = lw_threads(); t; t = t->next) {
        uint64_t n = LD(t->tlen);
        for (uint64_t i = 0; t->tbuf && i < n && i < cap; i++) {
            struct lw_trace_record r = t->tbuf[i];
            r.t_ns = ticks_mono(r.t_ns);
            if ((r.event == LW_EV_ACQUIRE || r.event == LW_EV_TIMEOUT || r.event == LW_EV_RELEASE) && r.aux)
                r.aux = ticks_mono(r.aux); /* a time; 0: hold not timed */
            put(o, &r);
        }
    }
}

int lw_trace_records(int fd, int err, int meta, const struct lw_wake_level *wake, int nwake, uint64_t sum)
{
    struct out o = {.fd = fd, .err = err, .sum = sum};
    put_events(&o);
    if (meta) {
        lw_modules_syms(); /* reads the executable's path */
        dl_iterate_phdr(put_module, &o);
        put_stacks(&o);
        put_wait_stacks(&o);
        put_threads(&o);
        put_locks(&o);
        each_tstat(&o, put_once);
        each_tstat(&o, put_hold_sum);
        put_wakeup(&o, wake, nwake);
        struct lw_trace_record end = {.t_ns = o.n, .aux = o.sum, .event = LW_EV_END};
        put(&o, &end);
    }
    flush(&o);
    return o.err;
}

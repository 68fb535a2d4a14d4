/* trace.h - the binary format of a lockwait event trace (--trace FILE), shared
 * by liblockwait.so (writer) and lockwait_report (reader). Native byte order
 * and layout; the header says which, so a reader on another machine refuses
 * rather than misreads. Documented in docs/lockwait-manual.md ("The trace"). */
#ifndef LOCKWAIT_TRACE_H
#define LOCKWAIT_TRACE_H

#include <stddef.h>
#include <stdint.h>

#define LW_TRACE_MAGIC "LWTRACE1" /* 8 bytes, no NUL in the file */
/* 2: stack ids in records, and records 7-17; 3: an END record closes a trace
 * with records (readers read 1 and 2 too) */
#define LW_TRACE_VERSION 3u
#define LW_TRACE_ENDIAN 0x01020304u /* reads back as 0x04030201 if swapped */

struct lw_trace_header {
    char magic[8];        /* LW_TRACE_MAGIC */
    uint32_t version;     /* LW_TRACE_VERSION */
    uint32_t endian;      /* LW_TRACE_ENDIAN */
    uint32_t record_size; /* sizeof(struct lw_trace_record) = 40 */
    uint32_t pid;         /* process that wrote the trace */
    uint64_t dropped;     /* records lost to full per-thread buffers */
};

enum lw_event {
    LW_EV_REQUEST = 1, /* a contended wait begins: lock busy, holder known or 0 */
    LW_EV_ACQUIRE = 2, /* the wait ended with the lock; aux = request time */
    LW_EV_TIMEOUT = 3, /* the wait ended without the lock (timed lock); aux = request time */
    LW_EV_RELEASE = 4, /* released while another thread waited; aux = when this hold began */
    LW_EV_THREAD_START = 5, /* lock = 0; aux = creating thread's tid */
    LW_EV_THREAD_EXIT = 6,  /* lock = 0 */
    /* version 2, 7 to 15: what names the code, written after all the events
     * above. A record's payload may continue in LW_EV_DATA records after it. */
    LW_EV_STACK = 7,       /* holder = stack id, tid = frames n; then ceil(n / 4) DATA records of
                              n uint64 return addresses, innermost first (the first is the call site) */
    LW_EV_DATA = 8,        /* 32 payload bytes in place of t_ns, lock, aux, tid, holder */
    LW_EV_MODULE = 9,      /* a loaded file: lock = lowest address, aux = end, t_ns = load bias,
                              tid = path length; then ceil(len / 32) DATA records of its path */
    LW_EV_THREAD_INFO = 10, /* tid, holder = creator, lock = start routine (0: none), aux = stack id of
                              its creation, type = 1 for the main thread; then one DATA record: its
                              name (16 bytes, NUL-padded), its CPU time in ns at its exit (uint64; 0:
                              not known, as for the main thread and threads alive at the end), and
                              the CPUs the process's threads could run on, their masks together (uint32;
                              0: not known) */
    LW_EV_LOCK_INFO = 11,  /* lock, type, aux = stack id of its init (holder = 1) or first use
                              (holder = 0) */
    LW_EV_LOCK_ONCE = 12,  /* tid took lock (of type) once in its life, and another thread waited for
                              the lock: the join rule's fact (lw_rules.h); readers before it refuse */
    LW_EV_WAIT_STACKS = 13, /* once: how the waits' stack ids were taken. aux = the waits walked first per
                              thread and (call site, caller), holder = then 1 in holder walked, t_ns = the
                              waits that took the stack last walked at their site (lw_stacks.h);
                              traces without it walked every wait; readers before it refuse */
    LW_EV_WAKEUP = 14,     /* the machine's wake-up measured as the trace was written, one per sleep length,
                              in increasing order: t_ns = how long the sleeper slept before the wake call (ns),
                              aux = the median wake-up latency (ns), lock = wake-ups measured; then one DATA
                              record of four uint64: p10, p25, p75, p90 (ns). Traces without it: not measured */
    /* 16 on: the holder's side (numbers below 16 are left to other record kinds) */
    LW_EV_HOLD_SITE = 16, /* follows a RELEASE of the same thread and lock: aux = the acquire site
                             (return address of the lock call) of the hold that made others wait,
                             stack = its acquire stack when one was taken (a long or sampled hold);
                             before lockwait_report's blame, written for timed holds only */
    LW_EV_HOLD_SUM = 17,  /* at the end, one per thread and exclusive lock it took (and semaphore someone
                             waited for: its takes, untimed, for the one-shot rule): tid, lock, type,
                             t_ns = its acquisitions, aux = its estimated total hold time in ns (mean of
                             its sampled holds x acquisitions), holder = holds timed, stack = flags
                             (LW_HOLD_SUM_*); traces before it lack it: untraced holds unknown */
};
#define LW_HOLD_SUM_UNTIMED 1u /* HOLD_SUM: no hold of it was timed, aux is 0 (not an estimate) */
/* version 3: the last record of a trace with records (a header-only trace,
 * a process without events, has none): t_ns = the records before it, aux =
 * lw_trace_sum of the header and those records. A trace cut at a record
 * boundary lacks it; one with a byte changed fails the sum. */
#define LW_EV_END 18

enum lw_lock_type {
    LW_T_NONE = 0,
    LW_T_MUTEX = 1,
    LW_T_SPIN = 2,
    LW_T_SEM = 3,
    LW_T_RWLOCK_RD = 4,
    LW_T_RWLOCK_WR = 5,
    LW_T_COND = 6, /* the wait for the signal; re-acquiring the mutex is LW_T_MUTEX */
    LW_T_BARRIER = 7, /* the wait for the last arrival; its RELEASE: the last arrival */
};
#define LW_T_MAX LW_T_BARRIER /* the largest type a reader accepts */

struct lw_trace_record {
    uint64_t t_ns;   /* CLOCK_MONOTONIC */
    uint64_t lock;   /* the lock's address in the traced process */
    uint64_t aux;    /* see enum lw_event */
    uint32_t tid;    /* kernel thread id of the thread the event is about */
    uint32_t holder; /* kernel tid of the holder when known (mutex, spin, rwlock writer), else 0 */
    uint8_t event;   /* enum lw_event */
    uint8_t type;    /* enum lw_lock_type */
    uint8_t pad[2];  /* zero */
    uint32_t stack;  /* REQUEST, ACQUIRE, TIMEOUT: the wait's stack id (LW_EV_STACK), 0: none;
                        version 1: zero; HOLD_SUM: its flags */
};

_Static_assert(sizeof(struct lw_trace_record) == 40, "trace record is 40 bytes");
_Static_assert(sizeof(struct lw_trace_header) == 32, "trace header is 32 bytes");

#define LW_TRACE_SUM_START 0xcbf29ce484222325ull
/* END's checksum, continued over n bytes (a multiple of 8: a header or
 * records) from sum (LW_TRACE_SUM_START at the file's start): FNV-1a's
 * step on 8-byte words, with a fold so that a changed high bit reaches the
 * low ones. Finds a cut or a changed byte, not a forgery. */
static inline uint64_t lw_trace_sum(uint64_t sum, const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i + 8 <= n; i += 8) {
        uint64_t w;
        __builtin_memcpy(&w, b + i, 8);
        sum = (sum ^ w) * 0x100000001b3ull;
        sum ^= sum >> 32;
    }
    return sum;
}

#endif

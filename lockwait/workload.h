/* workload.h - what the two halves of lockwait_workload share:
 * workload.c (options, setup, the timed region, output) and
 * workload_scenarios.c (the scenarios' loops, their shared state and checks). */
#ifndef LOCKWAIT_WORKLOAD_H
#define LOCKWAIT_WORKLOAD_H
#include <stdatomic.h>
#include <stdint.h>

enum scenario { S_MUTEX, S_SPIN, S_SEM, S_RWLOCK, S_COND, S_CACHE, S_COUNT };
extern const char *const scenario_names[S_COUNT];
#define CACHE_THINK_NS 200000L
#define CACHE_HOT 64          /* scripts compiled before the timed region */
#define RW_TABLE 1024
#define RW_WRITE_EVERY 64
#define QUEUE_CAP 8

struct options {
    enum scenario sc;
    long threads, ops, cs_ns, work_ns, permits, miss_every;
    const char *windows;
    int fault;
};
extern struct options opt;

struct worker {
    long idx, nops;          /* ops this thread records */
    uint64_t *lat, *start;   /* per op latency and start (start: cache only) */
    uint64_t *cstart, *cend; /* cache: compile intervals of this thread */
    long ncompile;
    uint32_t tid;
    uint64_t sink, sum, expect; /* checksums (cond, cache) */
    long count;
    char name[16];
} __attribute__((aligned(64)));

/* workload_scenarios.c */
extern atomic_long gate_ready; /* threads waiting at the start gate */
extern atomic_int gate_go;     /* set: the gate is open */
void *run_locked(void *arg);   /* mutex, spin, sem, rwlock */
void *run_producer(void *arg); /* cond */
void *run_consumer(void *arg);
void *run_cache(void *arg);
void setup_shared(long n);
void inject_fault(struct worker *ws, long n);
void check_result(struct worker *ws, long n, long *ops);
void free_shared(void);

#endif

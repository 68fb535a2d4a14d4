/* probe.c - what else ran during a measurement: per-thread snapshots of
 * wall time, CPU time, run-queue wait and involuntary switches; the speed
 * canary; and the adaptive-repetition rule. See common.h. */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#ifdef RUSAGE_THREAD
#define PROBE_RUSAGE RUSAGE_THREAD
#else
#define PROBE_RUSAGE RUSAGE_SELF /* macOS: counts for the whole process */
#endif

#ifdef __linux__
/* /proc/thread-self/schedstat: "run_ns wait_ns timeslices". -1 if absent
 * (kernels without CONFIG_SCHED_INFO, or /proc not mounted). */
static int64_t schedstat_wait_ns(void)
{
    char buf[128];
    int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    if (close(fd) != 0 || n <= 0)
        return -1;
    buf[n] = 0;
    unsigned long long run, wait;
    if (sscanf(buf, "%llu %llu", &run, &wait) != 2)
        return -1;
    return (int64_t)wait;
}
#else
static int64_t schedstat_wait_ns(void)
{
    return -1;
}
#endif

void probe_read(struct probe *p)
{
    struct rusage ru;
    int64_t w = schedstat_wait_ns();
    if (getrusage(PROBE_RUSAGE, &ru) != 0)
        die_errno("getrusage");
    p->nivcsw = ru.ru_nivcsw;
    p->rq_wait_ns = w < 0 ? 0 : (uint64_t)w;
    p->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID);
    p->wall_ns = now_ns();
}

struct probe probe_delta(const struct probe *a, const struct probe *b)
{
    return (struct probe){b->wall_ns - a->wall_ns, b->cpu_ns - a->cpu_ns, b->rq_wait_ns - a->rq_wait_ns,
                          b->nivcsw - a->nivcsw};
}

const char *probe_sources(void)
{
#ifdef RUSAGE_THREAD
    return schedstat_wait_ns() >= 0 ? "cpu_time,schedstat,nivcsw" : "cpu_time,nivcsw";
#else
    return "cpu_time,nivcsw_process";
#endif
}

double probe_lost_share(const struct probe *d)
{
    if (d->wall_ns == 0 || d->cpu_ns >= d->wall_ns)
        return 0;
    return (double)(d->wall_ns - d->cpu_ns) / (double)d->wall_ns;
}

/* noinline so every caller runs the very same code; the empty asm keeps x
 * in a register and stops the compiler folding the chain into one add. */
__attribute__((noinline)) uint64_t add_chain(uint64_t n)
{
    uint64_t x = 0;
    for (uint64_t i = 0; i < n; i++) {
        x += 1;
        __asm__ volatile("" : "+r"(x));
    }
    return x;
}

double canary_ns(void)
{
    double best = INFINITY;
    for (int i = 0; i < 3; i++) {
        uint64_t t0 = now_ns();
        uint64_t x = add_chain(CANARY_ADDS);
        uint64_t t1 = now_ns();
        if (x != CANARY_ADDS)
            die("canary: add chain returned %llu", (unsigned long long)x);
        double ns = (double)(t1 - t0) / CANARY_ADDS;
        best = ns < best ? ns : best;
    }
    return best;
}

int reps_more(const struct reps_plan *p, long clean, long rounds, int targets_reached, uint64_t started_ns)
{
    if (rounds >= p->max_rounds)
        return 0;
    int in_time = (double)(now_ns() - started_ns) < p->cap_s * 1e9;
    /* replacing left-out rounds: always up to the base allowance, beyond it
     * (where an experiment with short rounds allows more) only within the
     * time cap */
    if (clean < p->min_clean)
        return rounds < REPS_BASE_ROUNDS(p->min_clean) || in_time;
    if (targets_reached)
        return 0;
    return in_time;
}

struct reps_plan reps_plan_from_env(long def_reps, double def_cap_s)
{
    struct reps_plan p;
    p.min_clean = env_long("REPS", def_reps, 1, 1001);
    p.cap_s = (double)env_long("MAX_CELL_S", (long)def_cap_s, 0, 3600);
    /* MAX_ROUNDS lowers the cap: run.sh's invocations take precision from
     * their number, so each may stop sooner on a busy host */
    p.max_rounds = env_long("MAX_ROUNDS", REPS_BASE_ROUNDS(p.min_clean), 1, 100000);
    p.rel = 0.05;
    return p;
}

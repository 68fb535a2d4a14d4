/* lw_probes.c - what the library's own probes cost the program it watches
 * (the manual: "Its own cost"). Each thread counts the probes it runs on the
 * slow paths (lw_probe_count, lw_core.h); the report multiplies the counts
 * by a cost per probe measured once, at the first report (a kind never used
 * is not measured), and flags a share of the CPU time above
 * LOCKWAIT_PROBE_WARN: then the profile may show waiting the profiler caused. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>

#include "lw_probes.h"
#include "clock.h"
#include "lw_core.h"
#include "lw_output.h"
#include "lw_record.h"
#include "lw_stacks.h"

static const char *const probe_key[LW_PROBES] = {"probe_clock_count", "probe_rusage_count", "probe_stack_count"};
static const char *const probe_text[LW_PROBES] = {"clock reads", "sleep probes", "stack walks"};
static double ns_each[LW_PROBES]; /* measured at the first report; 0: not yet */

/* this thread's voluntary context switches, -1 where unknown (uncounted:
 * time_probe times it with this) */
__attribute__((noinline)) long lw_nvcsw(void) /* its struct rusage only when called */
{
#if defined(__linux__) && defined(RUSAGE_THREAD)
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) == 0)
        return ru.ru_nvcsw;
#endif
    return -1;
}

/* reps calls of probe k: ns each */
static double time_probe(enum lw_probe k, int reps)
{
    volatile uint64_t sink = 0;
    uint64_t t0 = now_ns();
    for (int i = 0; i < reps; i++) {
        switch (k) {
        case LW_PROBE_CLOCK: sink += ticks_now(); break;
        case LW_PROBE_RUSAGE: sink += (uint64_t)lw_nvcsw(); break;
        default: sink += lw_stack_walk_only(); break;
        }
    }
    (void)sink;
    return (double)(now_ns() - t0) / reps;
}

static uint64_t cpu_ns(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return ((uint64_t)ru.ru_utime.tv_sec + (uint64_t)ru.ru_stime.tv_sec) * 1000000000u +
           ((uint64_t)ru.ru_utime.tv_usec + (uint64_t)ru.ru_stime.tv_usec) * 1000u;
}

void lw_probe_cost(struct lw_probe_cost *c)
{
    static const int reps[LW_PROBES] = {64, 8, 16};
    int saved = errno;
    *c = (struct lw_probe_cost){0};
    for (struct lw_thread *t = lw_threads(); t; t = t->next)
        for (int k = 0; k < LW_PROBES; k++)
            c->n[k] += LD(t->probes[k]);
    for (int k = 0; k < LW_PROBES; k++) {
        if (c->n[k] && ns_each[k] == 0)
            ns_each[k] = time_probe((enum lw_probe)k, reps[k]);
        c->ns += (double)c->n[k] * ns_each[k];
    }
    c->cpu_ns = cpu_ns();
    c->share = c->cpu_ns ? c->ns / (double)c->cpu_ns : 0;
    c->over = c->share * 100 > (double)lw.cfg.probe_warn && c->ns > 0;
    errno = saved;
}

void lw_text_probe_cost(struct buf *b, const struct lw_probe_cost *c)
{
    bprintf(b, "lockwait: its own probes:");
    for (int k = 0; k < LW_PROBES; k++)
        bprintf(b, "%s %llu %s (%.0f ns each)", k ? "," : "", (ull)c->n[k], probe_text[k], ns_each[k]);
    bprintf(b, ": about %.3f ms, %.2f%% of the process's CPU time%s\n", c->ns / 1e6, c->share * 100,
            c->over ? "; OVER the warning share: the profiler may have caused some of the waiting it shows" : "");
}

void lw_result_probe_cost(struct buf *b, const struct lw_probe_cost *c)
{
    for (int k = 0; k < LW_PROBES; k++)
        bprintf(b, " %s=%llu", probe_key[k], (ull)c->n[k]);
    bprintf(b, " probe_ns=%.0f cpu_ns=%llu probe_share=%.6f probe_over=%d\n", c->ns, (ull)c->cpu_ns, c->share, c->over);
}

int lw_brief_probe_cost(char *out, size_t cap)
{
    struct lw_probe_cost c;
    lw_probe_cost(&c);
    return snprintf(out, cap, "; own probes %llu, about %.3f ms, %.2f%% of CPU%s",
                    (ull)(c.n[LW_PROBE_CLOCK] + c.n[LW_PROBE_RUSAGE] + c.n[LW_PROBE_STACK]),
                    c.ns / 1e6, c.share * 100, c.over ? " (OVER the warning share)" : "");
}

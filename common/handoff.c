/* handoff - where did the host put this guest's CPUs? The one-way latency of
 * handing a cache line between two CPUs is a cheap fingerprint of that: a
 * few milliseconds of ping-pong tell SMT siblings, cores of one cache domain
 * and cores of different ones apart. run.sh takes it before and after every
 * invocation of every experiment; common/combine.c groups the readings into
 * placements (stat_levels), so that figures measured in different
 * placements are not pooled. false_sharing's core-to-core map measures the
 * same thing carefully, for every pair; this is its quick reading of one.
 * Output: one RESULT line, kind=handoff (docs/output-grammar.md). */
#define _GNU_SOURCE
#include "common.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE 128
#define CAP_NS 1000000000ull /* give up after 1 s: a partner not scheduled */

static void usage(FILE *f)
{
    fprintf(f, "usage: handoff [-h] [EXP]\n"
               "  Times handing one cache line between two CPUs and prints\n"
               "    RESULT exp=EXP kind=handoff cpus=A,B one_way_ns= one_way_ns_lo= one_way_ns_hi= batches=\n"
               "  (EXP: a word of a-z, 0-9 and _, default run; NA and reason= when it\n"
               "  cannot be measured).\n"
               "  HANDOFF_CPUS=A,B  the two CPUs (default: the first two this process may use)\n"
               "  HANDOFF_BATCHES=N batches of 500 round trips (6..1001; default 31); the\n"
               "                    lower quartile of the batches with its order-statistic\n"
               "                    interval: a busy host only adds time to some batches\n");
}

struct pong {
    _Alignas(LINE) _Atomic uint64_t line;
    _Alignas(LINE) atomic_int ready;
    int cpu;
    long rounds;
    int pinned;
};

static void *respond(void *arg)
{
    struct pong *p = arg;
    p->pinned = pin_self(p->cpu) == 0;
    atomic_store(&p->ready, 1);
    for (uint64_t i = 0; i < (uint64_t)p->rounds; i++) {
        uint64_t want = 2 * i + 1;
        while (atomic_load_explicit(&p->line, memory_order_acquire) != want)
            if (atomic_load_explicit(&p->ready, memory_order_relaxed) == 2)
                return NULL; /* the initiator gave up */
        atomic_store_explicit(&p->line, want + 1, memory_order_release);
    }
    return NULL;
}

static void na(const char *exp, const char *cpus, const char *why)
{
    printf("RESULT exp=%s kind=handoff cpus=%s one_way_ns=NA one_way_ns_lo=NA one_way_ns_hi=NA batches=0 reason=%s\n",
           exp, cpus, why);
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        usage(stderr);
        return 2;
    }
    const char *exp = argc == 2 ? argv[1] : "run";
    /* a value of the RESULT line: "x y" or "a=b" broke its grammar, and ""
     * left exp= empty */
    if (!*exp || strspn(exp, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(exp))
        die_usage("EXP '%s': expected an experiment's name, a word of a-z, 0-9 and _", exp);
    long batches = env_long("HANDOFF_BATCHES", 31, 6, 1001), cpu[2];
    int list[2];
    if (getenv("HANDOFF_CPUS") && *getenv("HANDOFF_CPUS")) {
        if (env_long_list("HANDOFF_CPUS", 0, 1023, cpu, 2) != 2 || cpu[0] == cpu[1])
            die_usage("HANDOFF_CPUS=%s: expected two different CPUs a,b", getenv("HANDOFF_CPUS"));
        /* named by the user: a CPU it may not use is a mistake, not a
         * reading of NA on every invocation */
        for (int k = 0; k < 2; k++)
            if (affinity_supported() && !cpu_allowed((int)cpu[k]))
                die_usage("HANDOFF_CPUS=%s: CPU %ld is not one this process may run on", getenv("HANDOFF_CPUS"), cpu[k]);
    } else if (allowed_cpus(list, 2) >= 2) {
        cpu[0] = list[0], cpu[1] = list[1];
    } else {
        na(exp, "NA", "one_cpu");
        return 0;
    }
    char cpus[32];
    snprintf(cpus, sizeof cpus, "%ld,%ld", cpu[0], cpu[1]);
    if (!affinity_supported() || !cpu_allowed((int)cpu[0]) || !cpu_allowed((int)cpu[1])) {
        na(exp, cpus, "cannot_pin");
        return 0;
    }
    const long per = 500;
    struct pong *p = xaligned_alloc(LINE, sizeof *p);
    memset(p, 0, sizeof *p);
    p->cpu = (int)cpu[1];
    p->rounds = per * (batches + 1); /* batch 0 warms up */
    if (pin_self((int)cpu[0]) != 0) {
        na(exp, cpus, "cannot_pin");
        return 0;
    }
    pthread_t t;
    check_pt(pthread_create(&t, NULL, respond, p), "pthread_create");
    while (atomic_load(&p->ready) == 0)
        ;
    double *ns = xmalloc((size_t)batches * sizeof *ns);
    uint64_t start = now_ns(), i = 0;
    int gave_up = 0;
    for (long b = 0; b <= batches && !gave_up; b++) {
        uint64_t t0 = now_ns();
        for (long r = 0; r < per; r++, i++) {
            unsigned spins = 0;
            atomic_store_explicit(&p->line, 2 * i + 1, memory_order_release);
            while (atomic_load_explicit(&p->line, memory_order_acquire) != 2 * i + 2)
                if (++spins == 1u << 16 && (spins = 0, now_ns() - start > CAP_NS)) {
                    gave_up = 1;
                    break;
                }
            if (gave_up)
                break;
        }
        if (b > 0)
            ns[b - 1] = (double)(now_ns() - t0) / (2.0 * (double)per);
    }
    if (gave_up)
        atomic_store(&p->ready, 2);
    check_pt(pthread_join(t, NULL), "pthread_join");
    if (gave_up || !p->pinned) {
        na(exp, cpus, gave_up ? "partner_not_running" : "cannot_pin");
    } else {
        /* the lower quartile: what the hand-off costs when nothing else
         * runs on those cores; a busy host slows some batches, not all */
        struct interval iv = ci_quantile(ns, (size_t)batches, 0.25);
        printf("RESULT exp=%s kind=handoff cpus=%s one_way_ns=%.2f one_way_ns_lo=%.2f one_way_ns_hi=%.2f batches=%ld\n",
               exp, cpus, iv.est, iv.lo, iv.hi, batches);
    }
    free(ns);
    free(p);
    return 0;
}

/* false_sharing/c2c_plan.c - which CPUs the core-to-core map may use and
 * which of their pairs it measures, in which order: every pair, or above
 * the budget a documented sample, shuffled by a seeded generator so that a
 * run can be repeated exactly. */
#define _GNU_SOURCE
#include "c2c.h"

#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64: a small seeded generator, so the order and the sample repeat */
static uint64_t rng_state;

void c2c_seed(uint64_t seed)
{
    rng_state = seed;
}

uint64_t c2c_rng(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
size_t c2c_rng_below(size_t n)
{
    return (size_t)(c2c_rng() % n);
}

#ifdef __linux__
static cpu_set_t allowed_set; /* the process's mask at start, before any pinning */
#endif

int c2c_cpus(const long *want, size_t nwant, int *cpu)
{
    int n = 0;
#ifdef __linux__
    if (sched_getaffinity(0, sizeof allowed_set, &allowed_set) != 0)
        die_errno("sched_getaffinity");
    if (nwant) {
        for (size_t i = 0; i < nwant; i++) {
            if (!CPU_ISSET((int)want[i], &allowed_set))
                die_usage("C2C_CPUS: CPU %ld is not in this process's allowed set", want[i]);
            for (int j = 0; j < n; j++)
                if (cpu[j] == (int)want[i])
                    die_usage("C2C_CPUS: CPU %ld named twice", want[i]);
            cpu[n++] = (int)want[i];
        }
        /* ascending, so the pair names read a < b */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && cpu[j - 1] > cpu[j]; j--) {
                int t = cpu[j];
                cpu[j] = cpu[j - 1];
                cpu[j - 1] = t;
            }
        return n;
    }
    for (int c = 0; c < CPU_SETSIZE && n < C2C_MAX_CPUS; c++)
        if (CPU_ISSET(c, &allowed_set))
            cpu[n++] = c;
#else
    (void)want;
    (void)nwant;
    (void)cpu;
#endif
    return n;
}

void c2c_restore_affinity(void)
{
#ifdef __linux__
    if (sched_setaffinity(0, sizeof allowed_set, &allowed_set) != 0)
        die_errno("sched_setaffinity (restoring the allowed set)");
#endif
}

struct c2c_pair *c2c_plan_pairs(const int *cpu, int n, size_t max_pairs, struct c2c_plan *pl)
{
    pl->total = (size_t)n * (size_t)(n - 1) / 2;
    size_t cap = pl->total < max_pairs ? pl->total : max_pairs;
    struct c2c_pair *p = xmalloc((cap ? cap : 1) * sizeof *p);
    unsigned char *chosen = xmalloc((size_t)n * (size_t)n);
    memset(chosen, 0, (size_t)n * (size_t)n);
    size_t m = 0;
#define ADD(i, j)                                                                          \
    do {                                                                                   \
        int lo_ = (i) < (j) ? (i) : (j), hi_ = (i) < (j) ? (j) : (i);                      \
        if (lo_ != hi_ && !chosen[lo_ * n + hi_] && m < cap) {                             \
            chosen[lo_ * n + hi_] = 1;                                                     \
            p[m++] = (struct c2c_pair){.a = cpu[lo_], .b = cpu[hi_], .iv = {NAN, NAN, NAN, NAN, 0}}; \
        }                                                                                  \
    } while (0)
    pl->sampled = pl->total > cap;
    pl->domain_cpus = n;
    if (!pl->sampled) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                ADD(i, j);
    } else {
        int llc = 3, dom[C2C_MAX_CPUS], nd = 0;
        cache_llc(cpu[0], &llc, NULL);
        for (int i = 0; i < n; i++)
            if (i == 0 || cpus_share_cache(cpu[0], cpu[i], llc) == 1)
                dom[nd++] = i;
        while (nd > 2 && (size_t)nd * (size_t)(nd - 1) / 2 > cap / 2)
            nd--;
        pl->domain_cpus = nd;
        for (int i = 0; i < nd; i++)
            for (int j = i + 1; j < nd; j++)
                ADD(dom[i], dom[j]);
        for (int round = 0; m < cap && round < n; round++)
            for (int i = 0; i < n && m < cap; i++) {
                int j = (i + n / 2) % n;
                if (round == 1) {
                    j = (i + 1) % n;
                    for (int s = 0, sib = 0; s < n && sib == 0; s++) /* -1: sysfs does not say */
                        if ((sib = cpus_are_smt_siblings(cpu[i], cpu[s])) == 1)
                            j = s;
                } else if (round >= 2) {
                    for (int t = 0; t < 16; t++) {
                        j = (int)c2c_rng_below((size_t)n);
                        int lo = i < j ? i : j, hi = i < j ? j : i;
                        if (j != i && !chosen[lo * n + hi])
                            break;
                    }
                }
                ADD(i, j);
            }
    }
#undef ADD
    pl->min_partners = n;
    for (int i = 0; i < n; i++) {
        int deg = 0;
        for (int j = 0; j < n; j++)
            deg += i < j ? chosen[i * n + j] : j < i ? chosen[j * n + i] : 0;
        pl->min_partners = deg < pl->min_partners ? deg : pl->min_partners;
    }
    free(chosen);
    pl->measured = m;
    for (size_t i = m; i > 1; i--) { /* Fisher-Yates: the measuring order */
        size_t j = c2c_rng_below(i);
        struct c2c_pair t = p[i - 1];
        p[i - 1] = p[j];
        p[j] = t;
    }
    return p;
}

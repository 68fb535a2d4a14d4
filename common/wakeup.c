/* wakeup - how long a thread asleep on one CPU takes to run once a thread on
 * another CPU wakes it, after its CPU idled 20 us, 200 us or 2 ms. Every
 * hand-off of a lock to a sleeping waiter pays this, and a thread that works
 * less than it between two holds takes the lock back before the woken waiter
 * runs (lockwait's convoys). It depends on the machine more than on the CPU:
 * a guest's idle virtual CPU is halted and the host has to run it again; a
 * laptop's idle core sits in a sleep state; so it is said next to the
 * numbers (common/summary_head.awk), like the clock estimate, as one
 * reading at the run's start (common/run_machine.sh).
 * Output: "# wakeup: " lines (one per idle time) for the raw file's
 * provenance block (docs/method.md, "The machine"). */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAP_NS 1000000000ull /* a partner not scheduled for 1 s: give up */

static void usage(FILE *f)
{
    fprintf(f, "usage: wakeup [-h] [-n SAMPLES]\n"
               "  Times how long a thread asleep in pthread_cond_wait on one CPU takes to run\n"
               "  after a thread on another CPU signals it, once its CPU idled 20 us, 200 us\n"
               "  and 2 ms, and prints for each (the provenance lines of a raw file)\n"
               "    # wakeup: idle_us=I cpus=A,B median_ns= median_ns_lo= median_ns_hi= p90_ns= samples=N\n"
               "  (median with its distribution-free 95%% interval; `# wakeup: NA reason=` where it\n"
               "  cannot be measured: one CPU, no pinning, a partner never scheduled).\n"
               "  -n SAMPLES  wake-ups per idle time (11..10001, default 101)\n"
               "  The two CPUs: the first two this process may use.\n");
}

/* The sleeper says it waits (asleep, under mu), the waker lets its own CPU
 * spin through the idle time and signals; the sleeper notes when it runs. */
struct pair {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int go, quit;           /* under mu */
    atomic_int asleep;      /* 1: about to wait or waiting (set under mu, which it holds till the wait) */
    atomic_uint_fast64_t ran; /* now_ns() when the sleeper ran, 0 until then */
    int cpu, pinned;
};

static void *sleeper(void *arg)
{
    struct pair *p = arg;
    p->pinned = pin_self(p->cpu) == 0;
    check_pt(pthread_mutex_lock(&p->mu), "pthread_mutex_lock");
    for (;;) {
        atomic_store(&p->asleep, 1);
        while (!p->go && !p->quit)
            check_pt(pthread_cond_wait(&p->cv, &p->mu), "pthread_cond_wait");
        if (p->quit)
            break;
        atomic_store(&p->asleep, 0); /* before ran: the waker's next round waits for 1 again */
        atomic_store(&p->ran, now_ns());
        p->go = 0;
    }
    check_pt(pthread_mutex_unlock(&p->mu), "pthread_mutex_unlock");
    return NULL;
}

/* spin until *flag reads want or the deadline passes; 0 on time */
static int spin_until(atomic_int *flag, int want, uint64_t deadline)
{
    while (atomic_load(flag) != want)
        if (now_ns() > deadline)
            return -1;
    return 0;
}

/* lock mu by the deadline; -1 when the sleeper holds it past it (preempted
 * before its wait released mu, and not run again): a blocking lock would
 * wait for ever */
static int lock_until(pthread_mutex_t *mu, uint64_t deadline)
{
    int rc;
    while ((rc = pthread_mutex_trylock(mu)) == EBUSY)
        if (now_ns() > deadline)
            return -1;
    check_pt(rc, "pthread_mutex_trylock");
    return 0;
}

/* one wake-up after idle_ns of idling, in ns; -1 when the sleeper was not
 * scheduled in time */
static double wake_once(struct pair *p, uint64_t idle_ns)
{
    uint64_t start = now_ns();
    if (spin_until(&p->asleep, 1, start + CAP_NS) != 0)
        return -1;
    while (now_ns() - start < idle_ns) /* our CPU stays busy, the sleeper's idles */
        ;
    atomic_store(&p->ran, 0);
    if (lock_until(&p->mu, now_ns() + CAP_NS) != 0)
        return -1;
    p->go = 1;
    uint64_t sent = now_ns();
    check_pt(pthread_cond_signal(&p->cv), "pthread_cond_signal");
    check_pt(pthread_mutex_unlock(&p->mu), "pthread_mutex_unlock");
    uint64_t ran;
    while ((ran = atomic_load(&p->ran)) == 0)
        if (now_ns() - sent > CAP_NS)
            return -1;
    return (double)(ran - sent);
}

int main(int argc, char **argv)
{
    if (help_asked(argc, argv)) {
        usage(stdout);
        return 0;
    }
    long n = 101;
    int c;
    opterr = 0; /* one line of our own, saying what was wrong, not the usage */
    while ((c = getopt(argc, argv, "n:")) != -1) {
        if (c != 'n')
            die_usage("unknown option or missing value '%s': expected -h or -n SAMPLES", getopt_bad_option(argv));
        if (parse_long(optarg, 11, 10001, &n) != 0)
            die_usage("-n %s: expected a whole number of wake-ups, 11..10001", optarg);
    }
    if (optind != argc)
        die_usage("unexpected argument '%s' (see -h)", argv[optind]);
    int cpu[2];
    if (allowed_cpus(cpu, 2) < 2) {
        puts("# wakeup: NA reason=one_cpu");
        return 0;
    }
    if (!affinity_supported() || pin_self(cpu[0]) != 0) {
        puts("# wakeup: NA reason=cannot_pin");
        return 0;
    }
    struct pair *p = xmalloc(sizeof *p);
    memset(p, 0, sizeof *p);
    check_pt(pthread_mutex_init(&p->mu, NULL), "pthread_mutex_init");
    check_pt(pthread_cond_init(&p->cv, NULL), "pthread_cond_init");
    p->cpu = cpu[1];
    pthread_t t;
    check_pt(pthread_create(&t, NULL, sleeper, p), "pthread_create");
    /* the idle times in turn, so that a host that changes state during the
     * reading touches all three alike */
    enum { NIDLE = 3 };
    static const long idle_us[NIDLE] = {20, 200, 2000};
    double *ns = xmalloc((size_t)n * NIDLE * sizeof *ns);
    int failed = 0;
    for (long i = 0; i < n && !failed; i++)
        for (int k = 0; k < NIDLE && !failed; k++)
            failed = (ns[k * n + i] = wake_once(p, (uint64_t)idle_us[k] * 1000)) < 0;
    for (int k = 0; k < NIDLE && !failed && p->pinned; k++) {
        struct interval med = ci_median(ns + k * n, (size_t)n);
        printf("# wakeup: idle_us=%ld cpus=%d,%d median_ns=%.0f median_ns_lo=%.0f median_ns_hi=%.0f p90_ns=%.0f "
               "samples=%ld\n",
               idle_us[k], cpu[0], cpu[1], med.est, med.lo, med.hi, stat_quantile(ns + k * n, (size_t)n, 0.9), n);
    }
    free(ns);
    /* a sleeper that may never run again (and may hold mu) is neither told
     * to quit nor waited for: the exit ends it */
    if (failed) {
        puts("# wakeup: NA reason=partner_not_running");
    } else {
        if (lock_until(&p->mu, now_ns() + CAP_NS) == 0) {
            p->quit = 1;
            check_pt(pthread_cond_signal(&p->cv), "pthread_cond_signal");
            check_pt(pthread_mutex_unlock(&p->mu), "pthread_mutex_unlock");
            check_pt(pthread_join(t, NULL), "pthread_join");
        }
        if (!p->pinned)
            puts("# wakeup: NA reason=cannot_pin");
    }
    return 0; /* a failed write of stdout: check_stdout (common/common.c) at the exit */
}

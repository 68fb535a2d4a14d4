/* lw_wakeprobe.c - how long a thread asleep in a futex wait on one CPU takes
 * to run again once a thread on another CPU wakes it, by how long it slept
 * (1 to 50 us): on a VM the idle virtual CPU is halted and a longer sleep
 * wakes later, and lockwait_report's --what-if replays hand-offs with this
 * curve (trace.h's WAKEUP records). common/wakeup.c does the same with a
 * condvar in a program of its own; here raw futex calls and the C
 * library's own pthread_create (lw_real.h), so that no wrapper of this
 * library sees the two threads: they are not the program's. */
#define _GNU_SOURCE
#include "lw_wakeprobe.h"

#ifdef __linux__
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "lw_real.h"

#define WAIT_CAP_NS 50000000ull  /* any one wait longer: the host is too busy to tell, give up */
#define ALL_CAP_NS 250000000ull /* the whole probe (10-20 ms with two idle CPUs; 30-50 with both busy) */

static const uint32_t sleep_us[LW_WAKE_LEVELS] = {1, 2, 3, 5, 10, 20, 50};

struct probe {
    _Atomic uint32_t word; /* the futex word: 1 wakes the sleeper */
    atomic_int asleep;     /* 1: the sleeper is about to wait */
    atomic_int quit;       /* 1: both threads end */
    atomic_int broken;     /* a call failed: no measure */
    atomic_int pinned;     /* the sleeper's: 1 pinned, -1 could not */
    atomic_int measured;   /* the waker's: 1 when every wake-up was timed */
    _Atomic uint64_t ran;  /* when the sleeper ran, 0 until then */
    int cpu[2];            /* the sleeper's, the waker's */
    uint64_t start;        /* the waker's, for ALL_CAP_NS */
    uint64_t ns[LW_WAKE_LEVELS][LW_WAKE_SAMPLES];
    int n[LW_WAKE_LEVELS]; /* the wake-ups in ns[k] */
};

/* not on the caller's stack: a thread not joined in time goes on using it,
 * and then no probe runs again in this process (left_behind) */
static struct probe pr;
static atomic_int left_behind;

/* CLOCK_MONOTONIC ns; a failure marks the probe broken */
static uint64_t now(struct probe *p)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
        atomic_store(&p->broken, 1);
        return 0;
    }
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static long futex(_Atomic uint32_t *word, int op, uint32_t val, const struct timespec *rel)
{
    return syscall(SYS_futex, (void *)word, op, val, rel, NULL, 0);
}

static int pin_self(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

/* asleep on the word until woken; notes when it runs */
static void *sleeper(void *arg)
{
    struct probe *p = arg;
    atomic_store(&p->pinned, pin_self(p->cpu[0]) == 0 ? 1 : -1);
    while (!atomic_load(&p->quit)) {
        atomic_store(&p->asleep, 1);
        while (atomic_load(&p->word) == 0 && !atomic_load(&p->quit)) {
            struct timespec cap = {0, 100000000}; /* a waker gone without a word is not waited for */
            if (futex(&p->word, FUTEX_WAIT_PRIVATE, 0, &cap) != 0 && errno != EAGAIN && errno != EINTR &&
                errno != ETIMEDOUT) {
                atomic_store(&p->broken, 1);
                return NULL;
            }
        }
        uint64_t t = now(p);
        atomic_store(&p->word, 0);
        atomic_store(&p->asleep, 0); /* before ran: the waker's next round waits for a new 1 */
        atomic_store(&p->ran, t);
    }
    return NULL;
}

/* the sleeper told to end and woken */
static void stop(struct probe *p)
{
    atomic_store(&p->quit, 1);
    atomic_store(&p->word, 1);
    if (futex(&p->word, FUTEX_WAKE_PRIVATE, 1, NULL) < 0)
        atomic_store(&p->broken, 1); /* its bounded wait ends it all the same */
}

/* 1 when the waker gives up: a wait since `since` past its cap, the whole
 * probe past its own, a failed call, or told to end */
static int give_up(struct probe *p, uint64_t since)
{
    uint64_t t = now(p);
    return atomic_load(&p->broken) || atomic_load(&p->quit) || t - since > WAIT_CAP_NS || t - p->start > ALL_CAP_NS;
}

/* one wake-up once the sleeper said it sleeps and sleep_ns passed: from
 * the wake call to the sleeper running into *ns, and 1; 0 when the wake
 * found nobody in the futex wait (the sleeper had said so, not yet slept: no
 * wake-up); -1 when given up */
static int wake_once(struct probe *p, uint64_t sleep_ns, uint64_t *ns)
{
    uint64_t t0 = now(p);
    while (atomic_load(&p->asleep) != 1)
        if (give_up(p, t0))
            return -1;
    uint64_t slept = now(p);
    while (now(p) - slept < sleep_ns) /* this CPU busy, the sleeper's idle */
        ;
    atomic_store(&p->ran, 0);
    atomic_store(&p->word, 1);
    uint64_t sent = now(p);
    long woken = futex(&p->word, FUTEX_WAKE_PRIVATE, 1, NULL);
    if (woken < 0) {
        atomic_store(&p->broken, 1);
        return -1;
    }
    uint64_t ran;
    while ((ran = atomic_load(&p->ran)) == 0) /* either way: the next round starts from its sleep */
        if (give_up(p, sent))
            return -1;
    *ns = ran > sent ? ran - sent : 0;
    return woken == 1;
}

/* the k-th length's next wake-up, up to 4 tries to find the sleeper
 * asleep (a length it never sleeps for has fewer); -1 when given up */
static int wake_level(struct probe *p, int k)
{
    for (int attempt = 0; attempt < 4; attempt++) {
        int rc = wake_once(p, sleep_us[k] * 1000ull, &p->ns[k][p->n[k]]);
        if (rc != 0) {
            p->n[k] += rc > 0;
            return rc < 0 ? -1 : 0;
        }
    }
    return 0;
}

static void *waker(void *arg)
{
    struct probe *p = arg;
    p->start = now(p);
    int ok = pin_self(p->cpu[1]) == 0;
    while (ok && atomic_load(&p->pinned) == 0)
        ok = !give_up(p, p->start);
    ok = ok && atomic_load(&p->pinned) == 1;
    /* the lengths in turn: a host that changes state meanwhile touches all alike */
    for (int i = 0; ok && i < LW_WAKE_SAMPLES; i++)
        for (int k = 0; ok && k < LW_WAKE_LEVELS; k++)
            ok = wake_level(p, k) == 0;
    atomic_store(&p->measured, ok);
    stop(p);
    return NULL;
}

/* t joined within ms: 0. Otherwise detached and left (an exiting program
 * is never held up): -1, or -2 when even the detach failed (a leak only) */
static int join_within(pthread_t t, long ms)
{
    struct timespec d;
    int rc = clock_gettime(CLOCK_REALTIME, &d); /* pthread_timedjoin_np's clock */
    if (rc == 0) {
        d.tv_sec += ms / 1000;
        d.tv_nsec += ms % 1000 * 1000000L;
        if (d.tv_nsec >= 1000000000L) {
            d.tv_sec++;
            d.tv_nsec -= 1000000000L;
        }
        rc = pthread_timedjoin_np(t, NULL, &d);
    }
    if (rc == 0)
        return 0;
    atomic_store(&left_behind, 1);
    return pthread_detach(t) == 0 ? -1 : -2;
}

/* the first two CPUs this thread may run on; -1 with fewer */
static int two_cpus(int cpu[2])
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return -1;
    int n = 0;
    for (int c = 0; c < CPU_SETSIZE && n < 2; c++)
        if (CPU_ISSET(c, &set))
            cpu[n++] = c;
    return n == 2 ? 0 : -1;
}

/* the two threads, with every signal blocked (the program's handlers run
 * on its own threads): 2 when both run, 1 the sleeper only, 0 none */
static int start(pthread_t *s, pthread_t *w)
{
    pthread_attr_t attr;
    sigset_t all, old;
    if (pthread_attr_init(&attr) != 0)
        return 0;
    int made = 0;
    if (pthread_attr_setstacksize(&attr, 256u << 10) == 0 && sigfillset(&all) == 0 &&
        pthread_sigmask(SIG_SETMASK, &all, &old) == 0) {
        made = lw_real.pthread_create(s, &attr, sleeper, &pr) == 0;
        made += made && lw_real.pthread_create(w, &attr, waker, &pr) == 0;
        if (pthread_sigmask(SIG_SETMASK, &old, NULL) != 0)
            atomic_store(&pr.broken, 1); /* cannot be: old came from the same call */
    }
    if (pthread_attr_destroy(&attr) != 0)
        atomic_store(&pr.broken, 1);
    return made;
}

static void insertion_sort(uint64_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        uint64_t x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* the nearest-rank pct-th percentile of sorted v[0..n) */
static uint64_t rank(const uint64_t *v, int n, int pct)
{
    return v[(pct * n + 99) / 100 - 1];
}

int lw_wakeup_probe(struct lw_wake_level out[LW_WAKE_LEVELS])
{
    int cpu[2];
    /* under a seccomp filter a thread's creation or pinning, which the program may never do, may kill it */
    if (atomic_load(&left_behind) || two_cpus(cpu) != 0 || !lw_real_one_pthread_create() || seccomp_filtered())
        return 0;
    memset(&pr, 0, sizeof pr);
    pr.cpu[0] = cpu[0];
    pr.cpu[1] = cpu[1];
    pthread_t s, w;
    int made = start(&s, &w);
    if (made == 0)
        return 0;
    if (made == 1)
        stop(&pr);
    /* the waker ends by its caps; 100 ms more for it to be scheduled */
    if (made == 2 && join_within(w, (long)(ALL_CAP_NS / 1000000) + 100) != 0)
        stop(&pr);
    if (join_within(s, 200) != 0 || made != 2 || !atomic_load(&pr.measured) || atomic_load(&pr.broken))
        return 0;
    int levels = 0;
    for (int k = 0; k < LW_WAKE_LEVELS; k++) {
        uint64_t *v = pr.ns[k];
        int n = pr.n[k];
        if (n == 0)
            continue;
        insertion_sort(v, n);
        out[levels++] = (struct lw_wake_level){.sleep_ns = sleep_us[k] * 1000ull, .n = (uint64_t)n,
                                               .p10 = rank(v, n, 10), .p25 = rank(v, n, 25), .median = rank(v, n, 50),
                                               .p75 = rank(v, n, 75), .p90 = rank(v, n, 90)};
    }
    return levels;
}

#else

int lw_wakeup_probe(struct lw_wake_level out[LW_WAKE_LEVELS])
{
    (void)out;
    return 0;
}

#endif

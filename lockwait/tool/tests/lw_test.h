/* lw_test.h - helpers for liblockwait's test programs: a thread's kernel tid,
 * its scheduler state from /proc, waiting until another thread is
 * provably blocked (asleep in the kernel) or spinning (burning CPU time),
 * hand-overs of a mutex to a thread provably waiting for it, and a signal
 * handler's installation. */
#ifndef LW_TEST_H
#define LW_TEST_H

#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

static inline unsigned self_tid(void)
{
    return (unsigned)syscall(SYS_gettid);
}

static inline void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* the state letter of thread tid (R, S, D, ...) or '?' */
static inline char thread_state(unsigned tid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/self/task/%u/stat", tid);
    FILE *f = fopen(path, "r");
    if (!f)
        return '?';
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')'); /* the name may hold spaces and parens */
    return p && p[1] == ' ' ? p[2] : '?';
}

/* Wait until thread tid sleeps in the kernel (state S) for 3 polls in a row,
 * 1 ms apart; when wchan is readable it must name a futex wait. */
static inline void wait_until_blocked(unsigned tid)
{
    int in_a_row = 0;
    for (int i = 0; i < 10000 && in_a_row < 3; i++) {
        sleep_ms(1);
        char path[64], w[64] = "";
        snprintf(path, sizeof path, "/proc/self/task/%u/wchan", tid);
        FILE *f = fopen(path, "r");
        if (f) {
            size_t n = fread(w, 1, sizeof w - 1, f);
            fclose(f);
            w[n] = 0;
        }
        int wchan_ok = w[0] == 0 || strcmp(w, "0") == 0 || strstr(w, "futex") != NULL;
        in_a_row = thread_state(tid) == 'S' && wchan_ok ? in_a_row + 1 : 0;
    }
    if (in_a_row < 3)
        die("thread %u never blocked", tid);
}

/* Wait until thread th has used 5 ms of CPU time since the call: it is
 * spinning, not sleeping. */
static inline void wait_until_spinning(pthread_t th)
{
    clockid_t c;
    struct timespec ts;
    check_pt(pthread_getcpuclockid(th, &c), "pthread_getcpuclockid");
    if (clock_gettime(c, &ts) != 0)
        die_errno("clock_gettime(thread cpu clock)");
    uint64_t t0 = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec, t;
    for (int i = 0; i < 10000; i++) {
        sleep_ms(1);
        if (clock_gettime(c, &ts) != 0)
            die_errno("clock_gettime(thread cpu clock)");
        t = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
        if (t - t0 >= 5000000u)
            return;
    }
    die("the spinning thread used no CPU time");
}

/* handoff_rounds: main holds m, a helper blocks on it (confirmed from
 * /proc), main releases; the helper locks and unlocks once per round */
struct handoff {
    pthread_mutex_t *m;
    long rounds;
    atomic_uint helper_tid;
    atomic_long go, done;
};

static inline void *handoff_helper(void *arg)
{
    struct handoff *h = arg;
    atomic_store(&h->helper_tid, self_tid());
    for (long i = 1; i <= h->rounds; i++) {
        while (atomic_load(&h->go) != i)
            ;
        check_pt(pthread_mutex_lock(h->m), "lock");
        check_pt(pthread_mutex_unlock(h->m), "unlock");
        atomic_store(&h->done, i);
    }
    return NULL;
}

/* n rounds on m: n contended acquisitions by the helper, 2n in all */
static inline void handoff_rounds(pthread_mutex_t *m, long n)
{
    struct handoff h = {.m = m, .rounds = n};
    pthread_t t;
    check_pt(pthread_create(&t, NULL, handoff_helper, &h), "pthread_create");
    while (!atomic_load(&h.helper_tid))
        sleep_ms(1);
    for (long i = 1; i <= n; i++) {
        check_pt(pthread_mutex_lock(m), "lock");
        atomic_store(&h.go, i);
        wait_until_blocked(atomic_load(&h.helper_tid));
        check_pt(pthread_mutex_unlock(m), "unlock");
        while (atomic_load(&h.done) != i)
            sleep_ms(1);
    }
    check_pt(pthread_join(t, NULL), "pthread_join");
}

/* handler for signal sig, restarting interrupted calls */
static inline void catch_signal(int sig, void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = SA_RESTART;
    if (sigaction(sig, &sa, NULL) != 0)
        die_errno("sigaction");
}

#endif

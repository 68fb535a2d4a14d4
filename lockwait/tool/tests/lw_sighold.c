/* lw_sighold.c - holds interrupted by a signal handler that takes a lock of
 * its own: a worker locks and unlocks mutex A and spinlock S over and over
 * while the main thread sends it SIGUSR2, whose handler locks and unlocks
 * mutex B; then it locks mutex C and, inside it, mutex D. It stops after
 * `iterations` rounds and at least `signals` handled signals (counts, not
 * time), then prints the known answer:
 *   a=ADDR s=ADDR c=ADDR d=ADDR b=ADDR rounds=N handled=H
 * A, S, C and D: N acquisitions each and no relock; B: H acquisitions. A
 * handler landing between a release's read of the thread's plain hold and
 * its clear (lw_fastpath.h) once left a stale hold behind: every later
 * acquisition of that lock counted as a relock. One landing as D's lock
 * moved C's plain hold onto held[] (lw_plain_to_held), between its test of
 * the plain word and its read, left an empty entry there: a crash.
 *   usage: lw_sighold [iterations [signals]] (default 200000 20000) */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "lw_test.h"

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER, lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_c = PTHREAD_MUTEX_INITIALIZER, lock_d = PTHREAD_MUTEX_INITIALIZER;
static pthread_spinlock_t spin_s;
static atomic_long handled;
static atomic_int worker_done;
static long want_rounds, want_signals, rounds;

static void on_usr2(int sig)
{
    (void)sig;
    if (pthread_mutex_lock(&lock_b) != 0 || pthread_mutex_unlock(&lock_b) != 0)
        abort(); /* nothing else is async-signal-safe enough to say why */
    atomic_fetch_add(&handled, 1);
}

static void *worker(void *arg)
{
    (void)arg;
    while (rounds < want_rounds || atomic_load(&handled) < want_signals) {
        check_pt(pthread_mutex_lock(&lock_a), "lock a");
        check_pt(pthread_mutex_unlock(&lock_a), "unlock a");
        check_pt(pthread_spin_lock(&spin_s), "spin_lock s");
        check_pt(pthread_spin_unlock(&spin_s), "spin_unlock s");
        check_pt(pthread_mutex_lock(&lock_c), "lock c");
        check_pt(pthread_mutex_lock(&lock_d), "lock d");
        check_pt(pthread_mutex_unlock(&lock_d), "unlock d");
        check_pt(pthread_mutex_unlock(&lock_c), "unlock c");
        rounds++;
    }
    atomic_store(&worker_done, 1);
    return NULL;
}

static long arg_or(int argc, char **argv, int i, long dflt)
{
    if (argc <= i)
        return dflt;
    char *end;
    long v = strtol(argv[i], &end, 10);
    if (*end || v < 0)
        die_usage("lw_sighold: %s: expected a count", argv[i]);
    return v;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_sighold [iterations [signals]] (default 200000 20000)");
        return 0;
    }
    if (argc > 3)
        die_usage("usage: lw_sighold [iterations [signals]]");
    want_rounds = arg_or(argc, argv, 1, 200000);
    want_signals = arg_or(argc, argv, 2, 20000);
    check_pt(pthread_spin_init(&spin_s, PTHREAD_PROCESS_PRIVATE), "pthread_spin_init");
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr2;
    sa.sa_flags = SA_RESTART;
    if (sigemptyset(&sa.sa_mask) != 0 || sigaction(SIGUSR2, &sa, NULL) != 0)
        die_errno("sigaction");
    pthread_t t;
    check_pt(pthread_create(&t, NULL, worker, NULL), "pthread_create");
    while (!atomic_load(&worker_done)) {
        int rc = pthread_kill(t, SIGUSR2);
        if (rc != 0 && rc != ESRCH) /* ESRCH: it has just ended */
            check_pt(rc, "pthread_kill");
    }
    check_pt(pthread_join(t, NULL), "pthread_join");
    printf("a=%p s=%p c=%p d=%p b=%p rounds=%ld handled=%ld\n", (void *)&lock_a, (void *)&spin_s, (void *)&lock_c,
           (void *)&lock_d, (void *)&lock_b, rounds, atomic_load(&handled));
    return 0;
}

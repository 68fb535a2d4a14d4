/* lw_probe.c - where liblockwait's probes run and what it says they cost.
 *   usage: lw_probe MODE N
 *   hold N      N rounds: main holds m, a helper blocks on it (confirmed from
 *               /proc), main releases: N waits that end with the lock (the
 *               library probes a thread's first 16 waits for sleep). This
 *               program's own getrusage (exported: built -rdynamic, it takes
 *               the place of libc's for the library's sleep probe) counts
 *               the calls made by a thread that owns m: a probe inside a
 *               critical section.
 *   timeouts N  a helper holds a mutex; main makes N timedlocks on it with a
 *               deadline already past: N waits that time out at once, so
 *               the library's probes are a large share of the CPU time.
 * stdout: "lw_probe getrusage_calls=N inside_hold=N" (hold) or
 *         "lw_probe lock=0xADDR timeouts=N" (timeouts). */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "lw_test.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long pairs;
static atomic_long calls, inside;
static atomic_int held, release;

/* libc's getrusage, counted; "inside" when the caller owns m (glibc keeps
 * the owner's tid in the mutex) */
int getrusage(int who, struct rusage *ru)
{
    atomic_fetch_add(&calls, 1);
    if ((unsigned)__atomic_load_n(&m.__data.__owner, __ATOMIC_RELAXED) == self_tid())
        atomic_fetch_add(&inside, 1);
    return (int)syscall(SYS_getrusage, who, ru);
}

static void handoffs(void)
{
    handoff_rounds(&m, pairs);
    printf("lw_probe getrusage_calls=%ld inside_hold=%ld\n", atomic_load(&calls), atomic_load(&inside));
}

static void *holder(void *arg)
{
    (void)arg;
    check_pt(pthread_mutex_lock(&m), "lock");
    atomic_store(&held, 1);
    while (!atomic_load(&release))
        sleep_ms(1);
    check_pt(pthread_mutex_unlock(&m), "unlock");
    return NULL;
}

static void timeouts(void)
{
    pthread_t t;
    check_pt(pthread_create(&t, NULL, holder, NULL), "create");
    while (!atomic_load(&held))
        sleep_ms(1);
    struct timespec past = {1, 0}; /* 1970: long gone */
    for (long i = 0; i < pairs; i++) {
        int rc = pthread_mutex_timedlock(&m, &past);
        if (rc != ETIMEDOUT)
            die("lw_probe: timedlock of a held mutex with a past deadline gave %d", rc);
    }
    atomic_store(&release, 1);
    check_pt(pthread_join(t, NULL), "join");
    printf("lw_probe lock=%p timeouts=%ld\n", (void *)&m, pairs);
}

int main(int argc, char **argv)
{
    if (argc != 3 || (pairs = atol(argv[2])) <= 0)
        die("usage: lw_probe hold|timeouts N");
    if (strcmp(argv[1], "timeouts") == 0) {
        timeouts();
        return 0;
    }
    if (strcmp(argv[1], "hold") != 0)
        die("lw_probe: unknown mode '%s'", argv[1]);
    handoffs();
    return 0;
}

/* lw_sig.c - a program for the signal tests: one contended mutex wait
 * (thread B blocked behind main for 10 ms), then "ready" on stdout and:
 *   wait     pause until a signal ends it (default dispositions)
 *   handler  install a SIGTERM handler (signal()) now, pause until it ran,
 *            print "got term" and exit 5
 *   query    print what sigaction() says SIGTERM and SIGINT are (dfl=1 1:
 *            the default), then exit 0
 *   segv     write through a null pointer (killed by SIGSEGV)
 *   periodic K  (instead of all that) K rounds: a thread waits on a
 *            condition variable and another on a semaphore, both provably
 *            asleep; SIGUSR1 asks for a report (LOCKWAIT_DUMP_SIGNAL=USR1),
 *            written to LOCKWAIT_OUT meanwhile; then main signals and
 *            posts. Prints "signaller=TID cond=ADDR sem=ADDR rounds=K":
 *            each wait must be named after main in the report counting it
 *   usage: lw_sig wait|handler|query|segv|periodic K */
#include <errno.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "lw_test.h"

static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static atomic_uint b_tid;
static volatile sig_atomic_t got;

static void *waiter(void *arg)
{
    (void)arg;
    atomic_store(&b_tid, self_tid());
    check_pt(pthread_mutex_lock(&mtx), "lock");
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
    return NULL;
}

static void on_term(int sig)
{
    (void)sig;
    got = 1;
}

static void contend_once(void)
{
    pthread_t b;
    check_pt(pthread_mutex_lock(&mtx), "lock");
    check_pt(pthread_create(&b, NULL, waiter, NULL), "pthread_create");
    while (atomic_load(&b_tid) == 0)
        sleep_ms(1);
    wait_until_blocked(atomic_load(&b_tid));
    sleep_ms(10);
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
    check_pt(pthread_join(b, NULL), "pthread_join");
}

static pthread_mutex_t item_m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t item_cv = PTHREAD_COND_INITIALIZER;
static sem_t item_sem;
static int item;
static long rounds;
static atomic_uint cv_tid, sem_tid;
static atomic_long cv_got, sem_got;

static void *cv_waiter(void *arg)
{
    (void)arg;
    atomic_store(&cv_tid, self_tid());
    for (long i = 0; i < rounds; i++) {
        check_pt(pthread_mutex_lock(&item_m), "lock");
        while (!item)
            check_pt(pthread_cond_wait(&item_cv, &item_m), "cond_wait");
        item = 0;
        check_pt(pthread_mutex_unlock(&item_m), "unlock");
        atomic_fetch_add(&cv_got, 1);
    }
    return NULL;
}

static void *sem_waiter(void *arg)
{
    (void)arg;
    atomic_store(&sem_tid, self_tid());
    for (long i = 0; i < rounds; i++) {
        while (sem_wait(&item_sem) != 0)
            if (errno != EINTR)
                die_errno("sem_wait");
        atomic_fetch_add(&sem_got, 1);
    }
    return NULL;
}

/* the reports in LOCKWAIT_OUT so far */
static int reports_written(void)
{
    const char *path = getenv("LOCKWAIT_OUT");
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f)
        return 0;
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, f))
        n += strstr(line, "RESULT exp=lockwait kind=report ") == line;
    fclose(f);
    return n;
}

static void wait_for(atomic_long *count, long want)
{
    for (int i = 0; atomic_load(count) < want; i++) {
        if (i == 10000)
            die("a waiter never woke");
        sleep_ms(1);
    }
}

/* reports while threads wait: they must not lose who wakes them */
static void periodic(long k)
{
    pthread_t c, s;
    rounds = k;
    if (sem_init(&item_sem, 0, 0) != 0)
        die_errno("sem_init");
    check_pt(pthread_create(&c, NULL, cv_waiter, NULL), "pthread_create");
    check_pt(pthread_create(&s, NULL, sem_waiter, NULL), "pthread_create");
    while (atomic_load(&cv_tid) == 0 || atomic_load(&sem_tid) == 0)
        sleep_ms(1);
    for (long i = 1; i <= k; i++) {
        wait_until_blocked(atomic_load(&cv_tid));
        wait_until_blocked(atomic_load(&sem_tid));
        if (kill(getpid(), SIGUSR1) != 0)
            die_errno("kill");
        for (int j = 0; reports_written() < i; j++)
            if (j == 10000)
                die("no report %ld on SIGUSR1 (LOCKWAIT_DUMP_SIGNAL=USR1 and LOCKWAIT_OUT set?)", i);
            else
                sleep_ms(1);
        check_pt(pthread_mutex_lock(&item_m), "lock");
        item = 1;
        check_pt(pthread_cond_signal(&item_cv), "cond_signal");
        check_pt(pthread_mutex_unlock(&item_m), "unlock");
        if (sem_post(&item_sem) != 0)
            die_errno("sem_post");
        wait_for(&cv_got, i);
        wait_for(&sem_got, i);
    }
    check_pt(pthread_join(c, NULL), "pthread_join");
    check_pt(pthread_join(s, NULL), "pthread_join");
    printf("signaller=%u cond=%p sem=%p rounds=%ld\n", self_tid(), (void *)&item_cv, (void *)&item_sem, k);
}

static int is_default(int sig)
{
    struct sigaction old;
    if (sigaction(sig, NULL, &old) != 0)
        die_errno("sigaction");
    return !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL;
}

int main(int argc, char **argv)
{
    const char *m = argc == 2 || argc == 3 ? argv[1] : "";
    if (!strcmp(m, "-h")) {
        puts("usage: lw_sig wait|handler|query|segv|periodic K");
        return 0;
    }
    long k;
    if (!strcmp(m, "periodic")) {
        if (argc != 3 || parse_long(argv[2], 1, 1000, &k) != 0)
            die_usage("lw_sig: periodic K: expected a whole number K from 1 to 1000");
        periodic(k);
        return 0;
    }
    if (argc == 3)
        die_usage("lw_sig: expected one argument: wait, handler, query or segv (or periodic K)");
    if (strcmp(m, "wait") && strcmp(m, "handler") && strcmp(m, "query") && strcmp(m, "segv"))
        die_usage("lw_sig: expected one argument: wait, handler, query or segv (or periodic K)");
    contend_once();
    if (!strcmp(m, "query")) {
        printf("dfl=%d %d\n", is_default(SIGTERM), is_default(SIGINT));
        return 0;
    }
    if (!strcmp(m, "handler") && signal(SIGTERM, on_term) == SIG_ERR)
        die_errno("signal");
    printf("ready\n");
    fflush(stdout);
    if (!strcmp(m, "segv"))
        *(volatile int *)(uintptr_t)(argc / 4) = 1; /* argc / 4 == 0: a null pointer the compiler cannot see */
    while (!got)
        pause();
    printf("got term\n");
    return 5;
}

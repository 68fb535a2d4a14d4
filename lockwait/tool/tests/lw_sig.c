/* lw_sig.c - a program for the signal tests: one contended mutex wait
 * (thread B blocked behind main for 10 ms), then "ready" on stdout and:
 *   wait     pause until a signal ends it (default dispositions)
 *   handler  install a SIGTERM handler (signal()) now, pause until it ran,
 *            print "got term" and exit 5
 *   query    print what sigaction() says SIGTERM and SIGINT are (dfl=1 1:
 *            the default), then exit 0
 *   segv     write through a null pointer (killed by SIGSEGV)
 *   usage: lw_sig wait|handler|query|segv */
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

static int is_default(int sig)
{
    struct sigaction old;
    if (sigaction(sig, NULL, &old) != 0)
        die_errno("sigaction");
    return !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL;
}

int main(int argc, char **argv)
{
    const char *m = argc == 2 ? argv[1] : "";
    if (!strcmp(m, "-h")) {
        puts("usage: lw_sig wait|handler|query|segv");
        return 0;
    }
    if (strcmp(m, "wait") && strcmp(m, "handler") && strcmp(m, "query") && strcmp(m, "segv"))
        die_usage("lw_sig: expected one argument: wait, handler, query or segv");
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

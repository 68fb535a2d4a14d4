/* lw_mixed - what real programs do around locks, all in one run, for the
 * test that liblockwait changes nothing: worker threads contend on a mutex
 * and signal each other with a handler that takes a lock of its own, one
 * thread exits holding a lock, the process forks and the child locks, then
 * execs. The transcript on stdout is deterministic, so a run with the
 * library must print exactly what a run without it prints. */
#define _GNU_SOURCE
#include "lw_test.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define WORKERS 4
#define INCS 20000

static pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t handler_lock = PTHREAD_MUTEX_INITIALIZER; /* only taken in handlers */
static pthread_mutex_t orphan_lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static volatile sig_atomic_t handled;
static pthread_t workers[WORKERS];

/* Not async-signal-safe in general; safe here because only handlers take
 * handler_lock and SIGUSR1 is blocked while its handler runs. */
static void on_usr1(int sig)
{
    (void)sig;
    pthread_mutex_lock(&handler_lock);
    handled = handled + 1;
    pthread_mutex_unlock(&handler_lock);
}

static void *worker(void *arg)
{
    long me = (long)arg;
    for (int i = 0; i < INCS; i++) {
        check_pt(pthread_mutex_lock(&counter_lock), "lock");
        counter++;
        check_pt(pthread_mutex_unlock(&counter_lock), "unlock");
        if (i % 1000 == 999)
            check_pt(pthread_kill(workers[(me + 1) % WORKERS], SIGUSR1), "pthread_kill");
    }
    return NULL;
}

static void *exit_holding(void *arg)
{
    (void)arg;
    check_pt(pthread_mutex_lock(&orphan_lock), "lock orphan");
    return NULL; /* exits with orphan_lock held */
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        if (strcmp(argv[1], "-h") != 0)
            die_usage("unknown argument '%s': lw_mixed takes only -h", argv[1]);
        printf("usage: lw_mixed\n  threads, signals, an orphaned lock, fork and exec; a fixed transcript\n");
        return 0;
    }
    catch_signal(SIGUSR1, on_usr1);

    /* workers start behind one lock so every pthread_kill finds its target */
    check_pt(pthread_mutex_lock(&counter_lock), "lock");
    for (long t = 0; t < WORKERS; t++)
        check_pt(pthread_create(&workers[t], NULL, worker, (void *)t), "pthread_create");
    check_pt(pthread_mutex_unlock(&counter_lock), "unlock");
    for (int t = 0; t < WORKERS; t++)
        check_pt(pthread_join(workers[t], NULL), "pthread_join");
    printf("counter=%ld expected=%d\n", counter, WORKERS * INCS);
    printf("signals handled: %s\n", handled > 0 ? "some" : "none");

    pthread_t orphan;
    check_pt(pthread_create(&orphan, NULL, exit_holding, NULL), "pthread_create");
    check_pt(pthread_join(orphan, NULL), "pthread_join");
    int rc = pthread_mutex_trylock(&orphan_lock);
    printf("orphaned lock: %s\n", rc == EBUSY ? "still held" : "free");
    fflush(stdout);

    /* a child that locks and exits (it reports under its own pid), and one
     * that execs (exec runs no exit handlers: no report from that process
     * image; the new program gets the preload afresh) */
    for (int kind = 0; kind < 2; kind++) {
        fflush(stdout); /* or the child inherits, and prints, the parent's buffer */
        pid_t child = fork();
        if (child < 0)
            die_errno("fork");
        if (child == 0) {
            check_pt(pthread_mutex_lock(&counter_lock), "child lock");
            counter++;
            check_pt(pthread_mutex_unlock(&counter_lock), "child unlock");
            printf("child %d counter=%ld\n", kind, counter);
            fflush(stdout);
            if (kind == 0)
                exit(0);
            execl("/bin/sh", "sh", "-c", "echo exec ok", (char *)NULL);
            die_errno("execl");
        }
        /* pids vary from run to run: stderr, for the test, not the transcript */
        fprintf(stderr, "lw_mixed: child %d pid=%d\n", kind, (int)child);
        int status;
        if (waitpid(child, &status, 0) != child)
            die_errno("waitpid");
        printf("child %d status=%d\n", kind, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return counter == WORKERS * INCS ? 0 : 1;
}

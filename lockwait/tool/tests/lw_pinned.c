/* lw_pinned.c - a program whose threads run on different CPUs than the one
 * that writes the trace at exit: two workers, each pinned to its own CPU
 * (the first two main may use), take one mutex 200 times each, working
 * inside and outside the hold; when both have ended, main pins itself to
 * the first. The trace's CPU count (THREAD_INFO, lw_tracemeta.c) must be 2,
 * not the 1 of the writer's mask at the end (whatif-cpu.sh). The what-if
 * needs a contended wait, which a busy host may not give two pinned
 * threads: the first worker's first hold waits until the second, which
 * waits for that hold, is about to lock, then 20 ms more.
 * With "fork": main, pinned to the first CPU, then forks a child whose
 * two workers (unpinned: the first CPU only, as main) do the same; the
 * child's trace must say 1, not its parent's 2.
 * stdout: "cpus=N" (N: the CPUs main could use at start; the test skips
 * below 2) */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "lw_test.h"

#ifdef __linux__
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long sink;
static int cpu_of[2];
static int pin = 1; /* the workers pin themselves (not in the fork child) */
static atomic_int held, coming; /* the first worker holds m; the second is about to take it */

static void burn(long n)
{
    for (long i = 0; i < n; i++)
        sink += (unsigned long)i;
}

static void pin_to(int cpu)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    check_pt(pthread_setaffinity_np(pthread_self(), sizeof s, &s), "pthread_setaffinity_np");
}

static void *worker(void *arg)
{
    int first = arg == &cpu_of[0];
    if (pin)
        pin_to(*(int *)arg);
    if (first) {
        check_pt(pthread_mutex_lock(&m), "pthread_mutex_lock");
        atomic_store(&held, 1);
        while (!atomic_load(&coming))
            sched_yield();
        if (usleep(20000) != 0)
            die_errno("usleep");
        check_pt(pthread_mutex_unlock(&m), "pthread_mutex_unlock");
    } else {
        while (!atomic_load(&held))
            sched_yield();
        atomic_store(&coming, 1);
    }
    for (int i = 0; i < 200; i++) {
        burn(20000);
        check_pt(pthread_mutex_lock(&m), "pthread_mutex_lock");
        burn(10000);
        check_pt(pthread_mutex_unlock(&m), "pthread_mutex_unlock");
    }
    return NULL;
}

static void two_workers(void)
{
    pthread_t t[2];
    atomic_store(&held, 0);
    atomic_store(&coming, 0);
    for (int i = 0; i < 2; i++)
        check_pt(pthread_create(&t[i], NULL, worker, &cpu_of[i]), "pthread_create");
    for (int i = 0; i < 2; i++)
        check_pt(pthread_join(t[i], NULL), "pthread_join");
}

int main(int argc, char **argv)
{
    cpu_set_t s;
    if (sched_getaffinity(0, sizeof s, &s) != 0)
        die_errno("sched_getaffinity");
    printf("cpus=%d\n", CPU_COUNT(&s));
    if (CPU_COUNT(&s) < 2)
        return 0;
    for (int c = 0, k = 0; c < CPU_SETSIZE && k < 2; c++)
        if (CPU_ISSET(c, &s))
            cpu_of[k++] = c;
    two_workers();
    pin_to(cpu_of[0]);
    if (argc > 1 && strcmp(argv[1], "fork") == 0) {
        fflush(stdout);
        pid_t c = fork();
        if (c < 0)
            die_errno("fork");
        if (c == 0) {
            pin = 0;
            two_workers();
            exit(0); /* the library writes its trace at exit */
        }
        int st;
        if (waitpid(c, &st, 0) != c)
            die_errno("waitpid");
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            die("lw_pinned: the child failed");
    }
    return 0;
}
#else
int main(void)
{
    printf("cpus=1\n"); /* no affinity to set: the test skips */
    return 0;
}
#endif

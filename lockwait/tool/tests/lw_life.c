/* lw_life.c - process and thread life cycles under liblockwait.
 *   usage: lw_life MODE
 *   fork         100 lock/unlock pairs, fork; the child makes 50 more and
 *                exits; the parent 10 more: reports of 110 (parent) and 50
 *                (child), each under its own pid
 *   fork2        100 pairs, then a double fork (a daemon's): the child
 *                forks at once, and the grandchild makes 20 pairs
 *   exit-holding one thread returns and one calls pthread_exit while holding
 *                a mutex each, a third returns holding a spinlock: all three
 *                flagged held at thread exit (the first and the spinlock as
 *                a thread's plain hold: their second acquisition)
 *   many         1000 threads, each locks a shared mutex 10 times and its own
 *                mutex once; then main touches 100000 distinct mutexes once
 * stdout: "lw_life ..." lines naming locks, pids and expected values. */
#include <stdlib.h>
#include <sys/wait.h>

#include "lw_test.h"

#define MANY_THREADS 1000
#define MANY_LOCKS 100000

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t held1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t held2 = PTHREAD_MUTEX_INITIALIZER;
static pthread_spinlock_t held_spin;

static void pairs(pthread_mutex_t *x, int n)
{
    for (int i = 0; i < n; i++) {
        check_pt(pthread_mutex_lock(x), "lock");
        check_pt(pthread_mutex_unlock(x), "unlock");
    }
}

static void *hold_and_return(void *arg)
{
    (void)arg;
    pairs(&held1, 1); /* the first acquisition is a sampled hold; the second the plain one */
    check_pt(pthread_mutex_lock(&held1), "lock");
    return NULL;
}

static void *hold_spin_and_return(void *arg)
{
    (void)arg;
    check_pt(pthread_spin_lock(&held_spin), "spin_lock");
    check_pt(pthread_spin_unlock(&held_spin), "spin_unlock");
    check_pt(pthread_spin_lock(&held_spin), "spin_lock");
    return NULL;
}

static void *hold_and_exit(void *arg)
{
    (void)arg;
    check_pt(pthread_mutex_lock(&held2), "lock");
    pthread_exit(NULL);
}

static void *many_worker(void *arg)
{
    pthread_mutex_t *own = arg;
    pairs(&m, 10);
    pairs(own, 1);
    return NULL;
}

static pid_t fork_or_die(void)
{
    pid_t pid = fork();
    if (pid < 0)
        die_errno("fork");
    return pid;
}

/* child pid's exit status once it ends; 1 when it did not exit */
static int child_status(pid_t pid)
{
    int st;
    if (waitpid(pid, &st, 0) != pid)
        die_errno("waitpid");
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_life fork|fork2|exit-holding|many");
        return 0;
    }
    if (argc != 2)
        die_usage("lw_life: expected one MODE: fork, fork2, exit-holding or many");
    if (!strcmp(argv[1], "fork")) {
        pairs(&m, 100);
        fflush(stdout);
        pid_t pid = fork_or_die();
        if (pid == 0) {
            pairs(&m, 50);
            printf("lw_life role=child pid=%d lock=%p acquisitions=50\n", (int)getpid(), (void *)&m);
            exit(0);
        }
        if (child_status(pid) != 0)
            die("child failed");
        pairs(&m, 10);
        printf("lw_life role=parent pid=%d lock=%p acquisitions=110\n", (int)getpid(), (void *)&m);
    } else if (!strcmp(argv[1], "fork2")) {
        pairs(&m, 100);
        fflush(stdout);
        pid_t pid = fork_or_die();
        if (pid == 0) {
            pid_t g = fork_or_die();
            if (g == 0) {
                pairs(&m, 20);
                printf("lw_life role=grandchild pid=%d lock=%p acquisitions=20\n", (int)getpid(), (void *)&m);
                exit(0);
            }
            exit(child_status(g));
        }
        if (child_status(pid) != 0)
            die("child failed");
    } else if (!strcmp(argv[1], "exit-holding")) {
        pthread_t a, b;
        check_pt(pthread_create(&a, NULL, hold_and_return, NULL), "pthread_create");
        check_pt(pthread_join(a, NULL), "pthread_join");
        check_pt(pthread_create(&b, NULL, hold_and_exit, NULL), "pthread_create");
        check_pt(pthread_join(b, NULL), "pthread_join");
        check_pt(pthread_spin_init(&held_spin, PTHREAD_PROCESS_PRIVATE), "pthread_spin_init");
        check_pt(pthread_create(&b, NULL, hold_spin_and_return, NULL), "pthread_create");
        check_pt(pthread_join(b, NULL), "pthread_join");
        pairs(&m, 1); /* a lock released normally: not flagged */
        printf("lw_life held=%p held=%p free=%p spin=%p\n", (void *)&held1, (void *)&held2, (void *)&m,
               (void *)&held_spin);
    } else if (!strcmp(argv[1], "many")) {
        pthread_t *t = xmalloc(MANY_THREADS * sizeof *t);
        pthread_mutex_t *own = xmalloc(MANY_THREADS * sizeof *own);
        pthread_attr_t attr;
        check_pt(pthread_attr_init(&attr), "attr_init");
        check_pt(pthread_attr_setstacksize(&attr, 64 * 1024), "attr_setstacksize");
        for (int i = 0; i < MANY_THREADS; i++) {
            check_pt(pthread_mutex_init(&own[i], NULL), "mutex_init");
            check_pt(pthread_create(&t[i], &attr, many_worker, &own[i]), "pthread_create");
        }
        for (int i = 0; i < MANY_THREADS; i++)
            check_pt(pthread_join(t[i], NULL), "pthread_join");
        pthread_mutex_t *locks = xmalloc(MANY_LOCKS * sizeof *locks);
        for (int i = 0; i < MANY_LOCKS; i++) {
            check_pt(pthread_mutex_init(&locks[i], NULL), "mutex_init");
            pairs(&locks[i], 1);
        }
        printf("lw_life shared=%p acquisitions=%d threads=%d locks=%d\n", (void *)&m, 10 * MANY_THREADS,
               MANY_THREADS + 1, MANY_LOCKS + MANY_THREADS + 1);
        free(locks);
        free(own);
        free(t);
    } else {
        die_usage("lw_life: MODE='%s': expected fork, fork2, exit-holding or many", argv[1]);
    }
    return 0;
}

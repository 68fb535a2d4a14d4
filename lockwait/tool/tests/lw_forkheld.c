/* lw_forkheld.c - a fork while a wait waits for its lock's release to be
 * accounted (lw_wait_defer): main waits for lock L behind a helper
 * (confirmed blocked, or spinning), gets it, forks while it holds it; the
 * child, which reports from zero under its own pid, unlocks L, then locks
 * and unlocks it 20 times alone, and exits normally.
 *   mutex  L is a mutex;
 *   spin   L is a spinlock;
 *   cond   main waits on condvar C with mutex L until the helper signals.
 * The wait is the parent's: it belongs in the parent's report only, and
 * the child's counts start from zero (no wait, no waiter on L or C).
 *   waiter the other way round: main holds mutex L, the helper waits for it
 *          (confirmed blocked), main forks. The helper is counted among L's
 *          waiters, and the child has no helper: its release of L must not
 *          be a blocking hold. Once the parent has released L and joined
 *          the helper, L's __list (which glibc uses only for robust
 *          mutexes) must be all zeros, as glibc left it (list_clear=1;
 *          64-bit glibc only): the library keeps nothing in the mutex there.
 * Prints "lw_forkheld lock=ADDR cv=ADDR child=PID [list_clear=0|1]".
 *   usage: lw_forkheld mutex|spin|cond|waiter */
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "lw_test.h"

static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_spinlock_t spin;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int signalled;
static const char *mode;
static unsigned main_tid;
static pthread_t main_thread;
static atomic_int helper_holds;

static void lock_l(void)
{
    if (!strcmp(mode, "spin"))
        check_pt(pthread_spin_lock(&spin), "spin_lock");
    else
        check_pt(pthread_mutex_lock(&mtx), "lock");
}

static void unlock_l(void)
{
    if (!strcmp(mode, "spin"))
        check_pt(pthread_spin_unlock(&spin), "spin_unlock");
    else
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
}

static atomic_uint helper_tid;

/* holds L until main waits for it (mutex, spin), or signals main's condvar;
 * waiter: waits for L, which main holds */
static void *helper(void *arg)
{
    (void)arg;
    if (!strcmp(mode, "waiter")) {
        atomic_store(&helper_tid, self_tid());
        lock_l();
        unlock_l();
        return NULL;
    }
    if (!strcmp(mode, "cond")) {
        wait_until_blocked(main_tid);
        check_pt(pthread_mutex_lock(&mtx), "lock");
        signalled = 1;
        check_pt(pthread_cond_signal(&cv), "cond_signal");
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
        return NULL;
    }
    lock_l();
    atomic_store(&helper_holds, 1);
    if (!strcmp(mode, "spin"))
        wait_until_spinning(main_thread);
    else
        wait_until_blocked(main_tid);
    unlock_l();
    return NULL;
}

/* the child: L's release, then 20 holds nobody waits for */
static void child(void)
{
    unlock_l();
    for (int i = 0; i < 20; i++) {
        lock_l();
        unlock_l();
    }
    exit(0);
}

/* fork, and wait for the child's normal end */
static pid_t fork_child(void)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        die_errno("fork");
    if (pid == 0)
        child();
    int status;
    if (waitpid(pid, &status, 0) != pid)
        die_errno("waitpid");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        die("the child failed (status %d)", status);
    return pid;
}

/* waiter: main holds L while the helper waits for it, and forks */
static int waiter_main(void)
{
    pthread_t t;
    lock_l();
    check_pt(pthread_create(&t, NULL, helper, NULL), "pthread_create");
    while (!atomic_load(&helper_tid))
        sleep_ms(1);
    wait_until_blocked(atomic_load(&helper_tid));
    pid_t pid = fork_child();
    unlock_l();
    check_pt(pthread_join(t, NULL), "pthread_join");
    printf("lw_forkheld lock=%p cv=%p child=%d", (const void *)&mtx, (const void *)&cv, (int)pid);
#if defined(__GLIBC__) && __SIZEOF_POINTER__ == 8
    printf(" list_clear=%d", mtx.__data.__list.__prev == NULL && mtx.__data.__list.__next == NULL);
#endif
    printf("\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_forkheld mutex|spin|cond|waiter");
        return 0;
    }
    if (argc != 2 || (strcmp(argv[1], "mutex") && strcmp(argv[1], "spin") && strcmp(argv[1], "cond") &&
                      strcmp(argv[1], "waiter")))
        die_usage("lw_forkheld: expected one argument: mutex, spin, cond or waiter");
    mode = argv[1];
    check_pt(pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE), "spin_init");
    main_tid = self_tid();
    main_thread = pthread_self();
    pthread_t t;
    if (!strcmp(mode, "waiter"))
        return waiter_main();
    check_pt(pthread_create(&t, NULL, helper, NULL), "pthread_create");
    if (!strcmp(mode, "cond")) {
        check_pt(pthread_mutex_lock(&mtx), "lock");
        while (!signalled)
            check_pt(pthread_cond_wait(&cv, &mtx), "cond_wait");
    } else {
        while (!atomic_load(&helper_holds))
            sleep_ms(1);
        lock_l(); /* waits behind the helper */
    }
    check_pt(pthread_join(t, NULL), "pthread_join");
    pid_t pid = fork_child();
    unlock_l();
    const void *lock = !strcmp(mode, "spin") ? (const void *)&spin : (const void *)&mtx;
    printf("lw_forkheld lock=%p cv=%p child=%d\n", lock, (const void *)&cv, (int)pid);
    return 0;
}

/* lw_known.c - known-answer scenarios for liblockwait: thread A (main) holds
 * a lock while thread B, confirmed blocked (or spinning) first, waits for it;
 * after that confirmation A keeps the lock 100 ms more. The report must show
 * B waited 100-110 ms behind A, one contended acquisition, A's hold >= 100 ms.
 *   usage: lw_known mutex|spin|sem|rwlock|cond|condexit
 * condexit: cond, but B's thread ends holding the mutex, so the wait, which
 * waits for the mutex's release to be accounted (lw_wait_defer), is
 * accounted at the thread's end.
 * stdout: one line "lw_known kind=K lock=0xADDR mutex=0xADDR a=TID b=TID
 * b_wait_ns=N" (the lock is the condvar for cond, mutex its mutex; b_wait_ns
 * is B's own stopwatch around the blocking call, to compare the report with). */
#include <semaphore.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "lw_test.h"

#define HOLD_MS 100

static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_spinlock_t spin;
static sem_t sem;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int signalled;
static atomic_uint b_tid;
static const char *kind;
static uint64_t b_wait_ns; /* B's own stopwatch around its blocking call */

static void *waiter(void *arg)
{
    (void)arg;
    atomic_store(&b_tid, self_tid());
    uint64_t t0 = now_ns();
    if (!strcmp(kind, "mutex")) {
        check_pt(pthread_mutex_lock(&mtx), "lock");
        b_wait_ns = now_ns() - t0;
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
    } else if (!strcmp(kind, "spin")) {
        check_pt(pthread_spin_lock(&spin), "spin_lock");
        b_wait_ns = now_ns() - t0;
        check_pt(pthread_spin_unlock(&spin), "spin_unlock");
    } else if (!strcmp(kind, "sem")) {
        if (sem_wait(&sem) != 0)
            die_errno("sem_wait");
        b_wait_ns = now_ns() - t0;
    } else if (!strcmp(kind, "rwlock")) {
        check_pt(pthread_rwlock_rdlock(&rw), "rdlock");
        b_wait_ns = now_ns() - t0;
        check_pt(pthread_rwlock_unlock(&rw), "rwlock_unlock");
    } else {
        check_pt(pthread_mutex_lock(&mtx), "lock");
        t0 = now_ns(); /* the wait for the signal, and re-acquiring */
        while (!signalled)
            check_pt(pthread_cond_wait(&cv, &mtx), "cond_wait");
        b_wait_ns = now_ns() - t0;
        if (strcmp(kind, "condexit") != 0)
            check_pt(pthread_mutex_unlock(&mtx), "unlock");
    }
    return NULL;
}

int main(int argc, char **argv)
{
    static const char *const kinds[] = {"mutex", "spin", "sem", "rwlock", "cond", "condexit"};
    if (argc == 2 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_known mutex|spin|sem|rwlock|cond|condexit");
        return 0;
    }
    int ok = 0;
    for (size_t i = 0; argc == 2 && i < sizeof kinds / sizeof kinds[0]; i++)
        ok |= !strcmp(argv[1], kinds[i]);
    if (!ok)
        die_usage("lw_known: expected one argument: mutex, spin, sem, rwlock, cond or condexit");
    kind = argv[1];
    check_pt(pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE), "spin_init");
    if (sem_init(&sem, 0, 0) != 0)
        die_errno("sem_init");

    const void *lock = &mtx;
    if (!strcmp(kind, "mutex"))
        check_pt(pthread_mutex_lock(&mtx), "lock");
    else if (!strcmp(kind, "spin"))
        check_pt(pthread_spin_lock(&spin), "spin_lock"), lock = (const void *)&spin;
    else if (!strcmp(kind, "sem"))
        lock = &sem;
    else if (!strcmp(kind, "rwlock"))
        check_pt(pthread_rwlock_wrlock(&rw), "wrlock"), lock = &rw;
    else {
        /* a signal nobody waits for: A's statistics of cv are cached from
         * here, so the signal below, with B waiting, must leave the leaf
         * (pthread_cond_signal, lw_waits.c) on cv's count of waiters */
        check_pt(pthread_mutex_lock(&mtx), "lock");
        check_pt(pthread_cond_signal(&cv), "cond_signal");
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
        lock = &cv;
    }

    pthread_t b;
    check_pt(pthread_create(&b, NULL, waiter, NULL), "pthread_create");
    while (atomic_load(&b_tid) == 0)
        sleep_ms(1);
    if (!strcmp(kind, "spin"))
        wait_until_spinning(b);
    else
        wait_until_blocked(atomic_load(&b_tid));
    sleep_ms(HOLD_MS);

    if (!strcmp(kind, "mutex"))
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
    else if (!strcmp(kind, "spin"))
        check_pt(pthread_spin_unlock(&spin), "spin_unlock");
    else if (!strcmp(kind, "sem")) {
        if (sem_post(&sem) != 0)
            die_errno("sem_post");
    } else if (!strcmp(kind, "rwlock"))
        check_pt(pthread_rwlock_unlock(&rw), "rwlock_unlock");
    else {
        check_pt(pthread_mutex_lock(&mtx), "lock");
        signalled = 1;
        check_pt(pthread_cond_signal(&cv), "cond_signal");
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
    }
    check_pt(pthread_join(b, NULL), "pthread_join");
    printf("lw_known kind=%s lock=%p mutex=%p a=%u b=%u b_wait_ns=%llu\n", kind, lock, (const void *)&mtx,
           self_tid(), atomic_load(&b_tid), (unsigned long long)b_wait_ns);
    return 0;
}

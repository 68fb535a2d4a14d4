/* lw_join.c - waits for a thread to end, built as Python's Thread.join()
 * builds them (CPython <= 3.12: a lock the thread takes as it starts and
 * releases as it exits; the join takes it, then gives it back), next to real
 * contention:
 *   1. three rounds on one sem_t at one address (CPython reuses the memory
 *      of a freed lock for the next thread's): the worker takes it, works
 *      JOIN_MS from when main is seen blocked in sem_wait, posts it and
 *      exits; main's sem_wait waits for that
 *   2. two rounds of the same on one pthread mutex
 *   3. thread B blocks CONTEND_MS on a mutex main holds, and lives on
 *      (contention: its holder did not exit); main counts the time from
 *      when B is seen blocked, as a busy host can start B late
 * The report must rank only the third as contention and list the first two
 * apart, as joins.
 *   usage: lw_join
 * stdout: "lw_join sem=0xADDR mutex=0xADDR contended=0xADDR"
 * And two programs that are contention although they look like a join or a
 * one-shot lock (issue 41):
 *   lw_join merge     eight workers each work MERGE_WORK_MS, hold one mutex
 *                     2 ms once (to merge a result) and exit; the first
 *                     holder keeps it until all eight have come to it, so
 *                     the other seven wait
 *   lw_join semlock   a 2-permit semaphore taken as a lock 8001 times, once
 *                     with a wait: main holds both permits 5 ms after B is
 *                     seen blocked
 * Beside two CPU hogs, with 1 ms of work and no waiting for arrivals, merge
 * had 6 waits, or its 2 ms holds stretched by late wake-ups to most of the
 * workers' lives (the join rule's mark), and semlock's B came to the
 * semaphore after main's 5 ms (a wait of 0-4 ms).
 * stdout: "lw_join lock=0xADDR" */
#include <semaphore.h>
#include <stdatomic.h>

#include "lw_test.h"

#define JOIN_MS 40
#define CONTEND_MS 30
/* a merge worker's work: far longer than its 2 ms hold, which a busy host's
 * late wake-ups can stretch by tens of ms (a hold that is most of its
 * thread's life is a join, lw_rules.h) */
#define MERGE_WORK_MS 20

static sem_t tstate; /* the "thread state lock" */
static pthread_mutex_t life = PTHREAD_MUTEX_INITIALIZER, mtx = PTHREAD_MUTEX_INITIALIZER;
static atomic_int started; /* polled: a lock here would be one more wait */
static atomic_uint waiter_tid; /* B's, for wait_until_blocked */
static atomic_uint main_tid;   /* the joiner's, for the workers' */

static void *sem_worker(void *arg)
{
    (void)arg;
    if (sem_wait(&tstate) != 0) /* free: the thread's own hold, all its life */
        die_errno("sem_wait");
    atomic_store(&started, 1);
    wait_until_blocked(atomic_load(&main_tid)); /* the join waits all of JOIN_MS */
    sleep_ms(JOIN_MS);
    if (sem_post(&tstate) != 0) /* released as it ends */
        die_errno("sem_post");
    return NULL;
}

static void *mutex_worker(void *arg)
{
    (void)arg;
    check_pt(pthread_mutex_lock(&life), "lock");
    atomic_store(&started, 1);
    wait_until_blocked(atomic_load(&main_tid));
    sleep_ms(JOIN_MS);
    check_pt(pthread_mutex_unlock(&life), "unlock");
    return NULL;
}

/* start fn, wait until it holds its lock, then "join" through the lock */
static void join_round(void *(*fn)(void *), int use_sem)
{
    pthread_t t;
    if (use_sem && sem_init(&tstate, 0, 1) != 0)
        die_errno("sem_init");
    check_pt(pthread_create(&t, NULL, fn, NULL), "pthread_create");
    while (!atomic_exchange(&started, 0))
        sleep_ms(1);
    if (use_sem) {
        while (sem_wait(&tstate) != 0) /* Thread.join(): acquire ... */
            ;
        if (sem_post(&tstate) != 0 || sem_destroy(&tstate) != 0) /* ... release; the lock is freed */
            die_errno("sem_post");
    } else {
        check_pt(pthread_mutex_lock(&life), "lock");
        check_pt(pthread_mutex_unlock(&life), "unlock");
    }
    check_pt(pthread_join(t, NULL), "pthread_join");
}

static void *blocked(void *arg)
{
    (void)arg;
    atomic_store(&waiter_tid, self_tid());
    check_pt(pthread_mutex_lock(&mtx), "lock");
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
    return NULL;
}

static pthread_mutex_t merged = PTHREAD_MUTEX_INITIALIZER;
static sem_t permits;
static atomic_int arrived; /* merge workers come to the mutex (polled) */
#define MERGERS 8

static void *merger(void *arg)
{
    sleep_ms(MERGE_WORK_MS); /* its work */
    atomic_fetch_add(&arrived, 1);
    check_pt(pthread_mutex_lock(&merged), "lock");
    while (atomic_load(&arrived) < MERGERS) /* the first holder: until all have come */
        sleep_ms(1);
    sleep_ms(2); /* merging its result */
    check_pt(pthread_mutex_unlock(&merged), "unlock");
    return arg;
}

static void *permit_taker(void *arg)
{
    atomic_store(&waiter_tid, self_tid());
    while (sem_wait(&permits) != 0) /* waits: main holds both */
        ;
    if (sem_post(&permits) != 0)
        die_errno("sem_post");
    return arg;
}

static int merge(void)
{
    pthread_t t[MERGERS];
    for (int i = 0; i < MERGERS; i++)
        check_pt(pthread_create(&t[i], NULL, merger, NULL), "pthread_create");
    for (int i = 0; i < MERGERS; i++)
        check_pt(pthread_join(t[i], NULL), "pthread_join");
    printf("lw_join lock=%p\n", (void *)&merged);
    return 0;
}

static int semlock(void)
{
    if (sem_init(&permits, 0, 2) != 0)
        die_errno("sem_init");
    for (int i = 0; i < 7998; i++)
        if (sem_wait(&permits) != 0 || sem_post(&permits) != 0)
            die_errno("sem_wait/sem_post");
    for (int i = 0; i < 2; i++)
        while (sem_wait(&permits) != 0)
            ;
    pthread_t b;
    check_pt(pthread_create(&b, NULL, permit_taker, NULL), "pthread_create");
    while (atomic_load(&waiter_tid) == 0)
        sleep_ms(1);
    wait_until_blocked(atomic_load(&waiter_tid));
    sleep_ms(5);
    if (sem_post(&permits) != 0 || sem_post(&permits) != 0)
        die_errno("sem_post");
    check_pt(pthread_join(b, NULL), "pthread_join");
    printf("lw_join lock=%p\n", (void *)&permits);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "merge"))
        return merge();
    if (argc == 2 && !strcmp(argv[1], "semlock"))
        return semlock();
    if (argc != 1) {
        fprintf(stderr, "usage: lw_join [merge|semlock]\n");
        return 2;
    }
    atomic_store(&main_tid, self_tid());
    for (int i = 0; i < 3; i++)
        join_round(sem_worker, 1);
    for (int i = 0; i < 2; i++)
        join_round(mutex_worker, 0);
    pthread_t b;
    check_pt(pthread_mutex_lock(&mtx), "lock");
    check_pt(pthread_create(&b, NULL, blocked, NULL), "pthread_create");
    while (atomic_load(&waiter_tid) == 0)
        sleep_ms(1);
    wait_until_blocked(atomic_load(&waiter_tid));
    sleep_ms(CONTEND_MS);
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
    check_pt(pthread_join(b, NULL), "pthread_join");
    printf("lw_join sem=%p mutex=%p contended=%p\n", (void *)&tstate, (void *)&life, (void *)&mtx);
    return 0;
}

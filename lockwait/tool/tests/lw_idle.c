/* lw_idle.c - waits for work or results next to real contention:
 *   1. main waits 5 times 20 ms on a condvar nobody signals (timed out: idle)
 *   2. main waits for a worker's result on a semaphore posted once after
 *      50 ms (a one-shot semaphore, as a thread join: idle, posted by it)
 *   3. thread B blocks 30 ms on a mutex main holds (contention)
 * The report must rank the mutex first and list the condvar and the
 * semaphore apart, with the worker as the semaphore's poster.
 *   usage: lw_idle
 * stdout: "lw_idle cond=0xADDR sem=0xADDR mutex=0xADDR worker=TID" */
#include <errno.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "lw_test.h"

static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER, cmtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static sem_t result;
static atomic_uint worker_tid, b_tid;

static void *worker(void *arg)
{
    (void)arg;
    atomic_store(&worker_tid, self_tid());
    sleep_ms(50);
    if (sem_post(&result) != 0)
        die_errno("sem_post");
    return NULL;
}

static void *blocked(void *arg)
{
    (void)arg;
    atomic_store(&b_tid, self_tid());
    check_pt(pthread_mutex_lock(&mtx), "lock");
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
    return NULL;
}

static void idle_condvar(void)
{
    check_pt(pthread_mutex_lock(&cmtx), "lock");
    for (int i = 0; i < 5; i++) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 20000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        int rc = pthread_cond_timedwait(&cv, &cmtx, &ts);
        if (rc != ETIMEDOUT && rc != 0)
            check_pt(rc, "cond_timedwait");
    }
    check_pt(pthread_mutex_unlock(&cmtx), "unlock");
}

int main(int argc, char **argv)
{
    if (argc != 1) {
        puts("usage: lw_idle");
        return argc == 2 && !strcmp(argv[1], "-h") ? 0 : 2;
    }
    idle_condvar();
    if (sem_init(&result, 0, 0) != 0)
        die_errno("sem_init");
    pthread_t w, b;
    check_pt(pthread_create(&w, NULL, worker, NULL), "pthread_create");
    while (sem_wait(&result) != 0)
        if (errno != EINTR)
            die_errno("sem_wait");
    check_pt(pthread_join(w, NULL), "pthread_join");
    check_pt(pthread_mutex_lock(&mtx), "lock");
    check_pt(pthread_create(&b, NULL, blocked, NULL), "pthread_create");
    while (atomic_load(&b_tid) == 0)
        sleep_ms(1);
    wait_until_blocked(atomic_load(&b_tid));
    sleep_ms(30);
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
    check_pt(pthread_join(b, NULL), "pthread_join");
    printf("lw_idle cond=%p sem=%p mutex=%p worker=%u\n", (void *)&cv, (void *)&result, (void *)&mtx,
           atomic_load(&worker_tid));
    return 0;
}

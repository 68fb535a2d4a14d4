/* lw_rdstack.c - the stacks of waits that end holding nothing, which the
 * library walks after the wait (LW_STACK_AFTER, lw_account.h): the thread
 * "table-reader" (start routine reader_main) calls read_table, which takes
 * g_table_lock for reading while the main thread holds it for writing, and
 * then take_token, which waits on the semaphore g_tokens until main posts;
 * each wait confirmed blocked before main lets it go. Built with frame
 * pointers (build.sh); the functions are noinline and do work after each
 * call, so no call becomes a jump that would drop its frame.
 * stdout: "lock=0x... sem=0x..." */
#define _GNU_SOURCE
#include <errno.h>
#include <semaphore.h>
#include <stdatomic.h>

#include "lw_test.h"

pthread_rwlock_t g_table_lock = PTHREAD_RWLOCK_INITIALIZER;
sem_t g_tokens;
static _Atomic unsigned reader_tid;
static _Atomic int step; /* 1: main holds the lock for writing, 2: the reader read, 3: it took the token */
static _Atomic long work;

static __attribute__((noinline)) void read_table(void)
{
    check_pt(pthread_rwlock_rdlock(&g_table_lock), "pthread_rwlock_rdlock");
    work++;
    check_pt(pthread_rwlock_unlock(&g_table_lock), "pthread_rwlock_unlock");
    work++;
}

static __attribute__((noinline)) void take_token(void)
{
    while (sem_wait(&g_tokens) != 0)
        if (errno != EINTR)
            die_errno("sem_wait");
    work++;
}

static void *reader_main(void *arg)
{
    (void)arg;
    check_pt(pthread_setname_np(pthread_self(), "table-reader"), "pthread_setname_np");
    atomic_store(&reader_tid, self_tid());
    while (atomic_load(&step) < 1)
        sleep_ms(1);
    read_table();
    atomic_store(&step, 2);
    take_token();
    atomic_store(&step, 3);
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1)
        die("usage: lw_rdstack (no arguments)");
    if (sem_init(&g_tokens, 0, 0) != 0)
        die_errno("sem_init");
    check_pt(pthread_rwlock_wrlock(&g_table_lock), "pthread_rwlock_wrlock");
    pthread_t t;
    check_pt(pthread_create(&t, NULL, reader_main, NULL), "pthread_create");
    while (!atomic_load(&reader_tid))
        sleep_ms(1);
    atomic_store(&step, 1);
    wait_until_blocked(atomic_load(&reader_tid));
    check_pt(pthread_rwlock_unlock(&g_table_lock), "pthread_rwlock_unlock");
    while (atomic_load(&step) < 2)
        sleep_ms(1);
    wait_until_blocked(atomic_load(&reader_tid));
    if (sem_post(&g_tokens) != 0)
        die_errno("sem_post");
    check_pt(pthread_join(t, NULL), "pthread_join");
    printf("lock=%p sem=%p\n", (void *)&g_table_lock, (void *)&g_tokens);
    return work == 3 ? 0 : 1;
}

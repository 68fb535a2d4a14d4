/* lw_calls.c - a known call chain for liblockwait's stacks: the thread
 * "journal-writer" (start routine writer_main) calls handle_request ->
 * record_entry -> journal_append, a static function that locks the global
 * mutex g_journal_lock, while the main thread holds it: WAITS waits of
 * HOLD_MS each. Then the same writer waits once on a mutex on the heap,
 * initialised in init_heap_lock, called from make_heap_lock. Built with
 * frame pointers (build.sh); the functions are noinline and do work after
 * each call, so no call becomes a jump that would drop its frame.
 * stdout: "lock=0x... heap=0x... writer=TID main=TID". */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdlib.h>

#include "lw_test.h"

#define WAITS 3
#define HOLD_MS 20

pthread_mutex_t g_journal_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t *heap_lock;
static _Atomic unsigned writer_tid;
static _Atomic int round_held; /* the round the main thread now holds the lock for, 0: none */
static _Atomic long entries;

static __attribute__((noinline)) void journal_append(pthread_mutex_t *m)
{
    int rc = pthread_mutex_lock(m);
    if (rc != 0)
        die("pthread_mutex_lock: %d", rc);
    entries++;
    if ((rc = pthread_mutex_unlock(m)) != 0)
        die("pthread_mutex_unlock: %d", rc);
    entries++;
}

static __attribute__((noinline)) void record_entry(pthread_mutex_t *m)
{
    journal_append(m);
    entries++;
}

static __attribute__((noinline)) void handle_request(pthread_mutex_t *m)
{
    record_entry(m);
    entries++;
}

static __attribute__((noinline)) void init_heap_lock(pthread_mutex_t *m)
{
    int rc = pthread_mutex_init(m, NULL);
    if (rc != 0)
        die("pthread_mutex_init: %d", rc);
    entries++;
}

static __attribute__((noinline)) pthread_mutex_t *make_heap_lock(void)
{
    pthread_mutex_t *m = malloc(sizeof *m);
    if (!m)
        die("out of memory");
    init_heap_lock(m);
    entries++;
    return m;
}

static void *writer_main(void *arg)
{
    (void)arg;
    int rc = pthread_setname_np(pthread_self(), "journal-writer");
    if (rc != 0)
        die("pthread_setname_np: %d", rc);
    atomic_store(&writer_tid, self_tid());
    for (int r = 1; r <= WAITS + 1; r++) {
        while (atomic_load(&round_held) != r)
            sleep_ms(1);
        handle_request(r <= WAITS ? &g_journal_lock : heap_lock);
    }
    return NULL;
}

/* hold m while the writer is provably blocked on it */
static void hold_round(pthread_mutex_t *m, int r)
{
    int rc = pthread_mutex_lock(m);
    if (rc != 0)
        die("pthread_mutex_lock: %d", rc);
    atomic_store(&round_held, r);
    wait_until_blocked(atomic_load(&writer_tid));
    sleep_ms(HOLD_MS);
    if ((rc = pthread_mutex_unlock(m)) != 0)
        die("pthread_mutex_unlock: %d", rc);
    while (entries < 4L * r) /* the writer got through */
        sleep_ms(1);
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1)
        die("usage: lw_calls (no arguments)");
    heap_lock = make_heap_lock();
    pthread_t t;
    int rc = pthread_create(&t, NULL, writer_main, NULL);
    if (rc != 0)
        die("pthread_create: %d", rc);
    while (!atomic_load(&writer_tid))
        sleep_ms(1);
    for (int r = 1; r <= WAITS + 1; r++)
        hold_round(r <= WAITS ? &g_journal_lock : heap_lock, r);
    if ((rc = pthread_join(t, NULL)) != 0)
        die("pthread_join: %d", rc);
    printf("lock=%p heap=%p writer=%u main=%u\n", (void *)&g_journal_lock, (void *)heap_lock,
           atomic_load(&writer_tid), self_tid());
    return 0;
}

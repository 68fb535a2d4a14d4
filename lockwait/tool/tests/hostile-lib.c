/* hostile-lib.c - the library hostile-prog dlopens (tests/hostile.sh): the
 * main thread waits for lib_lock in lib_wait while a thread holds it (until
 * the main thread is asleep on it).
 * Built a second time with -DREPLACEMENT: other functions at the same
 * addresses, the file renamed over the loaded one. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdatomic.h>
#include <time.h>

#include "hostile.h"

#ifdef REPLACEMENT
#define lib_wait wrong_function
#define lib_holder wrong_holder
#endif

pthread_mutex_t lib_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int held;
static unsigned waiter_tid;


static void *lib_holder(void *arg)
{
    (void)arg;
    if (pthread_mutex_lock(&lib_lock) != 0)
        return NULL;
    atomic_store(&held, 1);
    hold_until_asleep(waiter_tid);
    pthread_mutex_unlock(&lib_lock);
    live_on();
    return NULL;
}

__attribute__((noinline)) void lib_wait(void)
{
    if (pthread_mutex_lock(&lib_lock) == 0)
        pthread_mutex_unlock(&lib_lock);
}

void lib_contend(void)
{
    pthread_t t;
    waiter_tid = (unsigned)syscall(SYS_gettid);
    if (pthread_create(&t, NULL, lib_holder, NULL) != 0)
        return;
    while (!atomic_load(&held))
        ;
    lib_wait();
    pthread_join(t, NULL);
}

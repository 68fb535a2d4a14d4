/* owner-retry-prog.c - the program of owner-retry.sh: a thread holds a
 * mutex, then the main thread locks it and waits until the holder lets go
 * (after 20 ms). With `cleared`, the holder clears the mutex's owner field
 * first, as glibc does for an instant when it releases a mutex: the library
 * must then try the lock once more before it measures the wait. With
 * `ownerdead`, the counting library makes that try say EOWNERDEAD: the lock
 * is the caller's and the code must reach it (not a second, deadlocking lock). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t owner_retry_target = PTHREAD_MUTEX_INITIALIZER; /* found by owner-retry-count.c */
static atomic_int held;
static int clear_owner;

static void *holder(void *arg)
{
    (void)arg;
    if (pthread_mutex_lock(&m) != 0)
        return NULL;
#ifdef __GLIBC__
    if (clear_owner)
        m.__data.__owner = 0;
#endif
    atomic_store(&held, 1);
    struct timespec ts = {0, 20 * 1000 * 1000};
    if (nanosleep(&ts, NULL) != 0 || pthread_mutex_unlock(&m) != 0)
        return NULL; /* main then hangs or fails: the test says so */
    return &held;
}

static void *sleeper(void *arg)
{
    (void)arg;
    struct timespec ts = {60, 0};
    nanosleep(&ts, NULL);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "ownerdead") == 0) {
        /* a second thread, alive until exit: with one thread the library
         * locks a free mutex without the trylock this test counts on */
        pthread_t idle;
        if (pthread_create(&idle, NULL, sleeper, NULL) != 0)
            return 1;
        int rc = pthread_mutex_lock(&owner_retry_target);
        printf("rc=%s\n", rc == EOWNERDEAD ? "EOWNERDEAD" : rc == 0 ? "0" : "other");
        return pthread_mutex_unlock(&owner_retry_target) == 0 ? 0 : 1;
    }
    clear_owner = argc > 1 && strcmp(argv[1], "cleared") == 0;
    pthread_t t;
    if (pthread_create(&t, NULL, holder, NULL) != 0)
        return 1;
    while (!atomic_load(&held))
        ;
    void *ok = NULL;
    if (pthread_mutex_lock(&m) != 0 || pthread_mutex_unlock(&m) != 0 || pthread_join(t, &ok) != 0 || !ok)
        return 1;
    puts("done");
    return 0;
}

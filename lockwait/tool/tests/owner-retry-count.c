/* owner-retry-count.c - preloaded after liblockwait by owner-retry.sh: counts
 * the calls of the real pthread_mutex_trylock the library makes and prints
 * the count to stderr at exit. For the program's owner_retry_target mutex
 * (free, so its owner field is empty) it says EBUSY twice, then reports the
 * third try's success as EOWNERDEAD: a robust mutex whose owner died while
 * taking it, as the library's owner retry can find it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

typedef int (*trylock_fn)(pthread_mutex_t *);
static atomic_long calls;

int pthread_mutex_trylock(pthread_mutex_t *m)
{
    static trylock_fn real;
    if (!real)
        real = (trylock_fn)dlsym(RTLD_NEXT, "pthread_mutex_trylock");
    static atomic_int target_calls;
    atomic_fetch_add(&calls, 1);
    if (m == dlsym(RTLD_DEFAULT, "owner_retry_target")) {
        if (atomic_fetch_add(&target_calls, 1) < 2)
            return EBUSY;
        int rc = real ? real(m) : 0;
        return rc == 0 ? EOWNERDEAD : rc;
    }
    return real ? real(m) : 0;
}

__attribute__((destructor)) static void report(void)
{
    fprintf(stderr, "trylock_calls=%ld\n", atomic_load(&calls));
}

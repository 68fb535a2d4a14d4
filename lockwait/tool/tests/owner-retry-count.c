/* owner-retry-count.c - preloaded after liblockwait by owner-retry.sh: counts
 * the calls of the real pthread_mutex_trylock the library makes and prints
 * the count to stderr at exit. */
#define _GNU_SOURCE
#include <dlfcn.h>
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
    atomic_fetch_add(&calls, 1);
    return real ? real(m) : 0;
}

__attribute__((destructor)) static void report(void)
{
    fprintf(stderr, "trylock_calls=%ld\n", atomic_load(&calls));
}

/* lw_glibcspin.c - glibc's spinlock as the preload takes it
 * (lib/lw_spin.c) must stay glibc's spinlock: 4 threads (2 online
 * CPUs or not), each ROUNDS times, lock/unlock, trylock (retried) and
 * glibc's own lock/unlock, called past any preload (looked up in the C
 * library itself), so that glibc's steps and the wrapper's meet on one
 * word. Checks: a plain counter the lock guards is exact, and the word
 * ends as a freshly initialised spinlock's.
 *   usage: lw_glibcspin [ROUNDS]   (default 20000)
 * Prints "spin=ADDR counter=N wrapped=N" (wrapped: the acquisitions made
 * through the wrapped calls); exit 1 on any failed check. */
#include "lw_test.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#define NTHREADS 4

typedef int (*spin_fn)(pthread_spinlock_t *);
static spin_fn glibc_lock, glibc_unlock;
static pthread_spinlock_t s;
static long counter, rounds = 20000;
static atomic_long wrapped;

static void *worker(void *arg)
{
    (void)arg;
    for (long r = 0; r < rounds; r++) {
        check_pt(pthread_spin_lock(&s), "pthread_spin_lock");
        counter++;
        check_pt(pthread_spin_unlock(&s), "pthread_spin_unlock");

        int rc;
        while ((rc = pthread_spin_trylock(&s)) == EBUSY)
            sched_yield();
        check_pt(rc, "pthread_spin_trylock");
        counter++;
        check_pt(pthread_spin_unlock(&s), "pthread_spin_unlock after trylock");

        check_pt(glibc_lock(&s), "glibc's pthread_spin_lock");
        counter++;
        check_pt(glibc_unlock(&s), "glibc's pthread_spin_unlock");
    }
    atomic_fetch_add(&wrapped, 2 * rounds);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_glibcspin [ROUNDS]   (ROUNDS: 1..100000000, default 20000)");
        return 0;
    }
    if (argc > 2 || (argc == 2 && parse_long(argv[1], 1, 100000000, &rounds) != 0))
        die_usage("lw_glibcspin: expected [ROUNDS], a whole number from 1 to 100000000 (see -h)");
    /* the C library's own functions, whatever is preloaded before it */
    void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (!libc)
        die("lw_glibcspin: libc.so.6 is not loaded: %s", dlerror());
    glibc_lock = (spin_fn)dlsym(libc, "pthread_spin_lock");
    glibc_unlock = (spin_fn)dlsym(libc, "pthread_spin_unlock");
    if (!glibc_lock || !glibc_unlock)
        die("lw_glibcspin: the C library has no pthread_spin_lock/_unlock");
    pthread_spinlock_t fresh;
    check_pt(pthread_spin_init(&fresh, PTHREAD_PROCESS_PRIVATE), "pthread_spin_init");
    check_pt(pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE), "pthread_spin_init");
    pthread_t th[NTHREADS];
    for (int i = 0; i < NTHREADS; i++)
        check_pt(pthread_create(&th[i], NULL, worker, NULL), "pthread_create");
    for (int i = 0; i < NTHREADS; i++)
        check_pt(pthread_join(th[i], NULL), "pthread_join");
    int failed = 0;
    if (counter != NTHREADS * 3 * rounds) {
        fprintf(stderr, "lw_glibcspin: counter %ld, expected %ld: the lock let two threads in\n", counter,
                NTHREADS * 3 * rounds);
        failed = 1;
    }
    if (*(volatile int *)&s != *(volatile int *)&fresh) {
        fprintf(stderr, "lw_glibcspin: the free spinlock's word is %d, a fresh one's %d\n", *(volatile int *)&s,
                *(volatile int *)&fresh);
        failed = 1;
    }
    check_pt(pthread_spin_destroy(&s), "pthread_spin_destroy");
    printf("spin=%p counter=%ld wrapped=%ld\n", (void *)&s, counter, atomic_load(&wrapped));
    return failed;
}

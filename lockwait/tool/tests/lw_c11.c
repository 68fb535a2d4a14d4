/* lw_c11.c - one program, two APIs: C11 <threads.h> (thrd_create, mtx_t,
 * cnd_t) or its pthread twin, doing the same exact-count work, so that the
 * two reports can be compared (tests/c11.sh):
 *   ROUNDS handoffs: main holds the lock, the helper blocks on it (seen
 *   asleep in /proc), main releases: ROUNDS contended, 2 x ROUNDS + 1
 *   acquisitions (the helper's last one guards the flag below);
 *   one condvar wait: the helper waits until main, having seen it asleep,
 *   sets a flag and signals.
 *   usage: lw_c11 c11|pthread
 * stdout: "lw_c11 api=A lock=0xADDR cond=0xADDR helper=TID rounds=N" */
#include <stdatomic.h>
#include <stdlib.h>
#include <threads.h>

#include "lw_test.h"

#define ROUNDS 5

static int c11;
static mtx_t cm;
static cnd_t cc;
static pthread_mutex_t pm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pc = PTHREAD_COND_INITIALIZER;
static atomic_uint helper_tid, round_asked, round_trying;
static int flag; /* under the lock */

static void lock(void)
{
    if (c11 ? mtx_lock(&cm) != thrd_success : pthread_mutex_lock(&pm) != 0)
        die("lock");
}

static void unlock(void)
{
    if (c11 ? mtx_unlock(&cm) != thrd_success : pthread_mutex_unlock(&pm) != 0)
        die("unlock");
}

static void cond_wait(void)
{
    if (c11 ? cnd_wait(&cc, &cm) != thrd_success : pthread_cond_wait(&pc, &pm) != 0)
        die("cond wait");
}

static void cond_signal(void)
{
    if (c11 ? cnd_signal(&cc) != thrd_success : pthread_cond_signal(&pc) != 0)
        die("cond signal");
}

static int helper(void *arg)
{
    (void)arg;
    atomic_store(&helper_tid, self_tid());
    for (unsigned r = 1; r <= ROUNDS; r++) {
        while (atomic_load(&round_asked) < r)
            sleep_ms(1);
        atomic_store(&round_trying, r);
        lock(); /* blocks: main holds it */
        unlock();
    }
    lock();
    while (!flag)
        cond_wait();
    unlock();
    return 7;
}

static void *helper_pthread(void *arg)
{
    return (void *)(intptr_t)helper(arg);
}

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "c11") && strcmp(argv[1], "pthread"))) {
        fprintf(stderr, "usage: lw_c11 c11|pthread\n");
        return 2;
    }
    c11 = !strcmp(argv[1], "c11");
    if (c11 && (mtx_init(&cm, mtx_plain) != thrd_success || cnd_init(&cc) != thrd_success))
        die("mtx_init");
    thrd_t ct;
    pthread_t pt;
    if (c11 ? thrd_create(&ct, helper, NULL) != thrd_success : pthread_create(&pt, NULL, helper_pthread, NULL) != 0)
        die("create");
    while (!atomic_load(&helper_tid))
        sleep_ms(1);
    for (unsigned r = 1; r <= ROUNDS; r++) {
        lock();
        atomic_store(&round_asked, r);
        while (atomic_load(&round_trying) < r)
            sleep_ms(1);
        wait_until_blocked(atomic_load(&helper_tid)); /* on the lock, not in its sleep */
        unlock();
        sleep_ms(5); /* the helper takes it and lets go before the next round */
    }
    wait_until_blocked(atomic_load(&helper_tid)); /* asleep on the condvar */
    lock();
    flag = 1;
    cond_signal();
    unlock();
    int res = 0;
    void *pres = NULL;
    if (c11 ? thrd_join(ct, &res) != thrd_success : pthread_join(pt, &pres) != 0)
        die("join");
    if ((c11 ? res : (int)(intptr_t)pres) != 7)
        die("the helper's result was lost");
    printf("lw_c11 api=%s lock=%p cond=%p helper=%u rounds=%d\n", argv[1], c11 ? (void *)&cm : (void *)&pm,
           c11 ? (void *)&cc : (void *)&pc, atomic_load(&helper_tid), ROUNDS);
    if (c11) {
        mtx_destroy(&cm);
        cnd_destroy(&cc);
    }
    return 0;
}

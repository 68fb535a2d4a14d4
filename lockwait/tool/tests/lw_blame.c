/* lw_blame.c - known answer for the holder's side of blame: three threads
 * take a mutex in fast_take() for a few microseconds every millisecond,
 * while the main thread takes it in slow_hold() and keeps it 30 ms, five
 * times, each time after all three are confirmed blocked on it. Nearly all
 * the waiting (at least 90%) is behind slow_hold's holds, so the report's
 * kind=blame must charge them to that site.
 *   usage: lw_blame [HOLD_MS]   (default 30: the slow holds' sleep)
 * stdout: "lw_blame lock=0xADDR slow=TID rounds=5 hold_ms=N" */
#include <stdatomic.h>
#include <stdlib.h>

#include "lw_test.h"

#define FAST 3
#define ROUNDS 5
#define HOLD_MS 30

static long hold_ms = HOLD_MS;
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static atomic_uint fast_tid[FAST];
static atomic_int stop;

/* Not static: -rdynamic exports both sites, so the report names them */
void fast_take(void);
__attribute__((noinline)) void fast_take(void)
{
    check_pt(pthread_mutex_lock(&mtx), "lock");
    struct timespec ts = {0, 2000}; /* a short critical section */
    while (nanosleep(&ts, &ts) != 0)
        ;
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
}

static void *contender(void *arg)
{
    atomic_store(&fast_tid[(long)arg], self_tid());
    while (!atomic_load(&stop)) {
        fast_take();
        sleep_ms(1);
    }
    return NULL;
}

void slow_hold(void);
__attribute__((noinline)) void slow_hold(void)
{
    check_pt(pthread_mutex_lock(&mtx), "lock");
    for (int i = 0; i < FAST; i++)
        wait_until_blocked(atomic_load(&fast_tid[i]));
    sleep_ms(hold_ms);
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
}

int main(int argc, char **argv)
{
    if (argc > 2 || (argc == 2 && parse_long(argv[1], 1, 10000, &hold_ms) != 0)) {
        puts("usage: lw_blame [HOLD_MS]");
        return argc == 2 && !strcmp(argv[1], "-h") ? 0 : 2;
    }
    pthread_t t[FAST];
    for (long i = 0; i < FAST; i++)
        check_pt(pthread_create(&t[i], NULL, contender, (void *)i), "pthread_create");
    for (int i = 0; i < FAST; i++)
        while (atomic_load(&fast_tid[i]) == 0)
            sleep_ms(1);
    for (int r = 0; r < ROUNDS; r++) {
        slow_hold();
        sleep_ms(5);
    }
    atomic_store(&stop, 1);
    for (int i = 0; i < FAST; i++)
        check_pt(pthread_join(t[i], NULL), "pthread_join");
    printf("lw_blame lock=%p slow=%u rounds=%d hold_ms=%ld\n", (void *)&mtx, self_tid(), ROUNDS, hold_ms);
    return 0;
}

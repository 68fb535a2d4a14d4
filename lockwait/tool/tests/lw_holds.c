/* lw_holds.c - known answer for the holder's side: thread A (main) takes a
 * mutex in hold_once() five times and keeps it 100 ms each time after
 * thread B is confirmed blocked on it. The report must show five holds that
 * made others wait, timed whole (their total within 1 ms of A's own
 * stopwatch), acquired in hold_once. With "warm", A first keeps it
 * HOLD_MS alone, nobody waiting: a long hold of a lock not yet contended
 * must not stop the later holds that make B wait from being timed.
 *   usage: lw_holds [warm]
 * stdout: "lw_holds lock=0xADDR a=TID b=TID rounds=5 a_hold_ns=N" (a_hold_ns:
 * A's own stopwatch over the five holds, lock return to unlock call). */
#include <stdatomic.h>
#include <stdlib.h>

#include "lw_test.h"

#define ROUNDS 5
#define HOLD_MS 100

static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static atomic_uint b_tid;
static atomic_int go, done; /* rounds B was let into, rounds B finished */

static void *waiter(void *arg)
{
    (void)arg;
    atomic_store(&b_tid, self_tid());
    for (int r = 1; r <= ROUNDS; r++) {
        while (atomic_load(&go) < r)
            sleep_ms(1);
        check_pt(pthread_mutex_lock(&mtx), "lock");
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
        atomic_store(&done, r);
    }
    return NULL;
}

/* one round: lock, let B block, keep it HOLD_MS more; returns the hold's length.
 * Not static: -rdynamic exports it, so the report names the acquire site */
uint64_t hold_once(int round, unsigned b);
__attribute__((noinline)) uint64_t hold_once(int round, unsigned b)
{
    check_pt(pthread_mutex_lock(&mtx), "lock");
    uint64_t t0 = now_ns();
    atomic_store(&go, round);
    wait_until_blocked(b);
    sleep_ms(HOLD_MS);
    uint64_t held = now_ns() - t0;
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
    return held;
}

int main(int argc, char **argv)
{
    int warm = argc == 2 && !strcmp(argv[1], "warm");
    if (argc != 1 && !warm) {
        puts("usage: lw_holds [warm]");
        return argc == 2 && !strcmp(argv[1], "-h") ? 0 : 2;
    }
    if (warm) { /* before B exists: nobody can wait for it */
        check_pt(pthread_mutex_lock(&mtx), "lock");
        sleep_ms(HOLD_MS);
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
    }
    pthread_t b;
    check_pt(pthread_create(&b, NULL, waiter, NULL), "pthread_create");
    while (atomic_load(&b_tid) == 0)
        sleep_ms(1);
    uint64_t total = 0;
    for (int r = 1; r <= ROUNDS; r++) {
        total += hold_once(r, atomic_load(&b_tid));
        while (atomic_load(&done) < r)
            sleep_ms(1);
    }
    check_pt(pthread_join(b, NULL), "pthread_join");
    printf("lw_holds lock=%p a=%u b=%u rounds=%d a_hold_ns=%llu\n", (void *)&mtx, self_tid(), atomic_load(&b_tid),
           ROUNDS, (unsigned long long)total);
    return 0;
}

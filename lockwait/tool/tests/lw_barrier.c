/* lw_barrier.c - a known answer for barrier waits: THREADS threads meet at
 * one barrier ROUNDS times; thread 0 arrives LATE_MS late every round (it
 * sleeps before arriving, the others arrive at once). Each round the other
 * THREADS - 1 threads wait about LATE_MS for it, so the barrier's wait is
 * (THREADS - 1) x ROUNDS x LATE_MS, all of it blamed on thread 0. On a busy
 * host a waiter can itself arrive late, or run late after the release, so
 * each thread also notes when it called and when the call returned: the
 * waits of all but each round's last arrival then lie between wait_lo_ns
 * (from each call to the round's last call; less the library's own work
 * before its clock read, where the host may stop a thread too) and
 * wait_hi_ns (from each call to its return, every call); the waits blamed on thread 0 at least late_lo_ns (wait_lo_ns
 * over the rounds it was last).
 *   usage: lw_barrier
 * stdout: "lw_barrier barrier=0xADDR late=TID expected_ns=N waits=N
 *          wait_lo_ns=N wait_hi_ns=N late_lo_ns=N" */
#include <stdatomic.h>

#include "lw_test.h"

#define THREADS 4
#define ROUNDS 5
#define LATE_MS 20

static pthread_barrier_t bar;
static atomic_uint late_tid;
static uint64_t called[ROUNDS][THREADS], returned[ROUNDS][THREADS]; /* now_ns() around each call */

static void *runner(void *arg)
{
    long me = (long)arg;
    if (me == 0)
        atomic_store(&late_tid, self_tid());
    for (int r = 0; r < ROUNDS; r++) {
        if (me == 0)
            sleep_ms(LATE_MS);
        called[r][me] = now_ns();
        int rc = pthread_barrier_wait(&bar);
        returned[r][me] = now_ns();
        if (rc != 0 && rc != PTHREAD_BARRIER_SERIAL_THREAD)
            check_pt(rc, "pthread_barrier_wait");
    }
    return NULL;
}

/* the waits' bounds (see the top): every call but each round's last;
 * lo_late: lo over the rounds thread 0 (the late one) was last to call */
static void wait_bounds(uint64_t *lo, uint64_t *hi, uint64_t *lo_late)
{
    *lo = *hi = *lo_late = 0;
    for (int r = 0; r < ROUNDS; r++) {
        int last = 0;
        for (int i = 1; i < THREADS; i++)
            if (called[r][i] > called[r][last])
                last = i;
        for (int i = 0; i < THREADS; i++) {
            *hi += returned[r][i] - called[r][i]; /* the last one's too: it may not be the one that was */
            if (i != last) {
                *lo += called[r][last] - called[r][i];
                if (last == 0)
                    *lo_late += called[r][last] - called[r][i];
            }
        }
    }
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1) {
        fprintf(stderr, "usage: lw_barrier\n");
        return 2;
    }
    check_pt(pthread_barrier_init(&bar, NULL, THREADS), "pthread_barrier_init");
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        check_pt(pthread_create(&t[i], NULL, runner, (void *)(long)i), "pthread_create");
    for (int i = 0; i < THREADS; i++)
        check_pt(pthread_join(t[i], NULL), "pthread_join");
    check_pt(pthread_barrier_destroy(&bar), "pthread_barrier_destroy");
    uint64_t lo, hi, lo_late;
    wait_bounds(&lo, &hi, &lo_late);
    printf("lw_barrier barrier=%p late=%u expected_ns=%lld waits=%d wait_lo_ns=%llu wait_hi_ns=%llu "
           "late_lo_ns=%llu\n",
           (void *)&bar, atomic_load(&late_tid), (long long)(THREADS - 1) * ROUNDS * LATE_MS * 1000000LL,
           (THREADS - 1) * ROUNDS, (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)lo_late);
    return 0;
}

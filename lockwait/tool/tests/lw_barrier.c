/* lw_barrier.c - a known answer for barrier waits: THREADS threads meet at
 * one barrier ROUNDS times; thread 0 arrives LATE_MS late every round (it
 * sleeps before arriving, the others arrive at once). Each round the other
 * THREADS - 1 threads wait about LATE_MS for it, so the barrier's wait is
 * (THREADS - 1) x ROUNDS x LATE_MS, all of it blamed on thread 0. Each
 * thread also times its own calls (measured_ns, their sum): on a busy host a
 * waiter can arrive late itself and wait less than LATE_MS, and the library
 * must then report what the threads really waited, not the plan.
 *   usage: lw_barrier
 * stdout: "lw_barrier barrier=0xADDR late=TID expected_ns=N waits=N measured_ns=N" */
#include <stdatomic.h>

#include "lw_test.h"

#define THREADS 4
#define ROUNDS 5
#define LATE_MS 20

static pthread_barrier_t bar;
static atomic_uint late_tid;
static atomic_ullong measured_ns; /* every thread's time inside pthread_barrier_wait */

static void *runner(void *arg)
{
    int late = arg != NULL;
    if (late)
        atomic_store(&late_tid, self_tid());
    for (int r = 0; r < ROUNDS; r++) {
        if (late)
            sleep_ms(LATE_MS);
        uint64_t t0 = now_ns();
        int rc = pthread_barrier_wait(&bar);
        atomic_fetch_add(&measured_ns, now_ns() - t0);
        if (rc != 0 && rc != PTHREAD_BARRIER_SERIAL_THREAD)
            check_pt(rc, "pthread_barrier_wait");
    }
    return NULL;
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
        check_pt(pthread_create(&t[i], NULL, runner, i == 0 ? &bar : NULL), "pthread_create");
    for (int i = 0; i < THREADS; i++)
        check_pt(pthread_join(t[i], NULL), "pthread_join");
    check_pt(pthread_barrier_destroy(&bar), "pthread_barrier_destroy");
    printf("lw_barrier barrier=%p late=%u expected_ns=%lld waits=%d measured_ns=%llu\n", (void *)&bar,
           atomic_load(&late_tid), (long long)(THREADS - 1) * ROUNDS * LATE_MS * 1000000LL, (THREADS - 1) * ROUNDS,
           (unsigned long long)atomic_load(&measured_ns));
    return 0;
}

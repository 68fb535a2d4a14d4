/* lw_tracemem.c - many threads that each trace a few events: 100 threads
 * take one mutex 20 times each, holding it 50 us, so that every one waits;
 * once all are done, and before they exit, main prints its resident size.
 * tracemem.sh compares it traced and untraced: the trace buffer's pages
 * made present ahead (lw_trace_ahead, lw_core.c) must stay near what each
 * thread wrote, not a fixed run-up per thread.
 * stdout: "rss_kb=N threads=100" */
#include <stdlib.h>

#include "lw_test.h"

enum { THREADS = 100, TAKES = 20 };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t all;

static void *worker(void *arg)
{
    (void)arg;
    int rc = pthread_barrier_wait(&all);
    if (rc != 0 && rc != PTHREAD_BARRIER_SERIAL_THREAD)
        die("pthread_barrier_wait: %s", strerror(rc));
    for (int i = 0; i < TAKES; i++) {
        check_pt(pthread_mutex_lock(&m), "pthread_mutex_lock");
        if (usleep(50) != 0)
            die_errno("usleep");
        check_pt(pthread_mutex_unlock(&m), "pthread_mutex_unlock");
    }
    rc = pthread_barrier_wait(&all); /* done: main reads its size */
    if (rc != 0 && rc != PTHREAD_BARRIER_SERIAL_THREAD)
        die("pthread_barrier_wait: %s", strerror(rc));
    rc = pthread_barrier_wait(&all); /* read: exit */
    if (rc != 0 && rc != PTHREAD_BARRIER_SERIAL_THREAD)
        die("pthread_barrier_wait: %s", strerror(rc));
    return NULL;
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        die_errno("/proc/self/status");
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            kb = strtol(line + 6, NULL, 10);
    if (fclose(f) != 0)
        die_errno("fclose");
    return kb;
}

int main(void)
{
    pthread_t t[THREADS];
    check_pt(pthread_barrier_init(&all, NULL, THREADS + 1), "pthread_barrier_init");
    for (int i = 0; i < THREADS; i++)
        check_pt(pthread_create(&t[i], NULL, worker, NULL), "pthread_create");
    for (int round = 0; round < 3; round++) { /* start, done, exit */
        int rc = pthread_barrier_wait(&all);
        if (rc != 0 && rc != PTHREAD_BARRIER_SERIAL_THREAD)
            die("pthread_barrier_wait: %s", strerror(rc));
        if (round == 1)
            printf("rss_kb=%ld threads=%d\n", rss_kb(), THREADS);
    }
    for (int i = 0; i < THREADS; i++)
        check_pt(pthread_join(t[i], NULL), "pthread_join");
    return 0;
}

/* lw_lone.c - a lone stretch: thread A (main) releases a mutex that B
 * sleeps on, then takes it back and releases it again TAKES times before B
 * gets a CPU. Every thread is on one CPU, so the woken B waits for A's
 * time slice to end (the kernel's choice: under EEVDF the waker runs on;
 * an older scheduler may let B in at once, and then there is no stretch).
 * glibc's unlock leaves the lock word at 0 and A's next lock sets 1, so
 * the word no longer says that B waits; each of A's releases in the
 * stretch still made B wait, and a traced run must carry them
 * (tests/lone.sh).
 *   usage: lw_lone
 * stdout: "lw_lone a=TID b=TID lone_takes=N" (N: A's takes while B was
 * still inside its lock call, after the release that woke it; -1 when the
 * program cannot keep to one CPU). */
#include "lw_test.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#define TAKES 200

static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static atomic_uint b_tid;
static atomic_int b_inside; /* 1 while B is in pthread_mutex_lock */

static void *waiter(void *arg)
{
    (void)arg;
    atomic_store(&b_tid, self_tid());
    atomic_store(&b_inside, 1);
    check_pt(pthread_mutex_lock(&mtx), "lock");
    atomic_store(&b_inside, 0);
    check_pt(pthread_mutex_unlock(&mtx), "unlock");
    return NULL;
}

static void spin_ns(long ns)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    do
        clock_gettime(CLOCK_MONOTONIC, &b);
    while ((b.tv_sec - a.tv_sec) * 1000000000L + (b.tv_nsec - a.tv_nsec) < ns);
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1)
        die("usage: lw_lone");
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu() >= 0 ? sched_getcpu() : 0, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) { /* threads created after inherit it */
        printf("lw_lone a=%u b=0 lone_takes=-1\n", self_tid());
        return 0;
    }
    pthread_t b;
    check_pt(pthread_mutex_lock(&mtx), "lock");
    check_pt(pthread_create(&b, NULL, waiter, NULL), "pthread_create");
    while (atomic_load(&b_tid) == 0)
        sleep_ms(1);
    wait_until_blocked(atomic_load(&b_tid)); /* B asleep on the mutex */
    int lone = 0;
    check_pt(pthread_mutex_unlock(&mtx), "unlock"); /* wakes B, which waits for this CPU */
    for (int i = 0; i < TAKES; i++) {
        check_pt(pthread_mutex_lock(&mtx), "lock");
        lone += atomic_load(&b_inside);
        spin_ns(1000);
        check_pt(pthread_mutex_unlock(&mtx), "unlock");
    }
    check_pt(pthread_join(b, NULL), "pthread_join");
    printf("lw_lone a=%u b=%u lone_takes=%d\n", self_tid(), atomic_load(&b_tid), lone);
    return 0;
}

/* lw_sitestacks.c - one call site that waits often from two callers, for
 * the sampling of wait stacks (lw_wait_stack in ../lib/lw_stacks.c): the
 * thread "site-waiter" locks g_site_lock in lock_at_site, called by
 * from_alpha in odd rounds and by from_beta in even ones, while the main
 * thread holds it until the waiter is provably blocked: ROUNDS contended
 * waits from each caller, interleaved. Built with frame pointers
 * (build.sh); the functions are noinline and do work after each call, so
 * no call becomes a jump that would drop its frame.
 * stdout: "lock=0x... waits_per_caller=N". */
#define _GNU_SOURCE
#include <stdatomic.h>

#include "lw_test.h"

#define ROUNDS 24

pthread_mutex_t g_site_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic unsigned waiter_tid;
static _Atomic int round_held; /* the round the main thread now holds the lock for, 0: none */
static _Atomic long entries;
static _Atomic long alpha_calls, beta_calls; /* apart, so that the compiler cannot fold the callers into one */

static __attribute__((noinline)) void lock_at_site(pthread_mutex_t *m)
{
    check_pt(pthread_mutex_lock(m), "pthread_mutex_lock");
    entries++;
    check_pt(pthread_mutex_unlock(m), "pthread_mutex_unlock");
    entries++;
}

static __attribute__((noinline)) void from_alpha(pthread_mutex_t *m)
{
    lock_at_site(m);
    alpha_calls++;
    entries++;
}

static __attribute__((noinline)) void from_beta(pthread_mutex_t *m)
{
    lock_at_site(m);
    beta_calls++;
    entries++;
}

static void *waiter_main(void *arg)
{
    (void)arg;
    check_pt(pthread_setname_np(pthread_self(), "site-waiter"), "pthread_setname_np");
    atomic_store(&waiter_tid, self_tid());
    for (int r = 1; r <= 2 * ROUNDS; r++) {
        while (atomic_load(&round_held) != r)
            sleep_ms(1);
        if (r % 2)
            from_alpha(&g_site_lock);
        else
            from_beta(&g_site_lock);
    }
    return NULL;
}

/* hold the lock while the waiter is provably blocked on it */
static void hold_round(int r)
{
    check_pt(pthread_mutex_lock(&g_site_lock), "pthread_mutex_lock");
    atomic_store(&round_held, r);
    wait_until_blocked(atomic_load(&waiter_tid));
    check_pt(pthread_mutex_unlock(&g_site_lock), "pthread_mutex_unlock");
    while (entries < 3L * r) /* the waiter got through */
        sleep_ms(1);
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1)
        die("usage: lw_sitestacks (no arguments)");
    pthread_t t;
    check_pt(pthread_create(&t, NULL, waiter_main, NULL), "pthread_create");
    while (!atomic_load(&waiter_tid))
        sleep_ms(1);
    for (int r = 1; r <= 2 * ROUNDS; r++)
        hold_round(r);
    check_pt(pthread_join(t, NULL), "pthread_join");
    if (alpha_calls != ROUNDS || beta_calls != ROUNDS)
        die("calls: %ld from alpha, %ld from beta, expected %d each", (long)alpha_calls, (long)beta_calls, ROUNDS);
    printf("lock=%p waits_per_caller=%d\n", (void *)&g_site_lock, ROUNDS);
    return 0;
}

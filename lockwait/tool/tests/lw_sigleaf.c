/* lw_sigleaf.c - a signal handler that waits for a lock while the thread
 * it interrupted is inside pthread_mutex_lock, then inside
 * pthread_mutex_unlock: main calls outer_call -> lazy_lock, whose lock of a
 * mutex on a page mapped PROT_NONE faults in the library's wrapper (a
 * lazily mapped arena, say); the SIGSEGV handler on_fault waits for
 * g_fault_lock, which a helper thread holds until the handler is provably
 * blocked, then maps the page and returns, and the call runs again. Then
 * the page is unmapped again (PROT_NONE) before the unlock: the same once
 * more. Each wait's stack must hold the interrupted call's frames:
 * outer_call, lazy_lock, the signal return, on_fault. Built with frame
 * pointers (build.sh); the functions are noinline and do work after each
 * call, so no call becomes a jump that would drop its frame.
 * stdout: "lock=0x... main=TID". */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lw_test.h"

pthread_mutex_t g_fault_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t *lazy;
static size_t page;
static _Atomic unsigned main_tid;
static _Atomic int helper_holds, faults, handled; /* rounds */
static _Atomic long work;

static void on_fault(int sig)
{
    (void)sig;
    atomic_fetch_add(&faults, 1);
    /* _exit, not die(): async-signal-safe */
    if (pthread_mutex_lock(&g_fault_lock) != 0 || pthread_mutex_unlock(&g_fault_lock) != 0)
        _exit(3);
    work++;
    if (mprotect(lazy, page, PROT_READ | PROT_WRITE) != 0)
        _exit(4);
    atomic_fetch_add(&handled, 1);
}

/* round r: the helper holds g_fault_lock; then the next call faults */
static void fault_next(int r)
{
    while (atomic_load(&helper_holds) != r)
        sleep_ms(1);
    if (mprotect(lazy, page, PROT_NONE) != 0)
        die_errno("mprotect");
}

static __attribute__((noinline)) void lazy_lock(void)
{
    fault_next(1);
    int rc = pthread_mutex_lock(lazy);
    if (rc != 0)
        die("pthread_mutex_lock: %d", rc);
    work++;
    fault_next(2);
    if ((rc = pthread_mutex_unlock(lazy)) != 0)
        die("pthread_mutex_unlock: %d", rc);
    work++;
}

static __attribute__((noinline)) void outer_call(void)
{
    lazy_lock();
    work++;
}

/* in each round, hold g_fault_lock until the handler is provably blocked on it */
static void *helper(void *arg)
{
    (void)arg;
    for (int r = 1; r <= 2; r++) {
        check_pt(pthread_mutex_lock(&g_fault_lock), "lock");
        atomic_store(&helper_holds, r);
        while (atomic_load(&faults) != r)
            sleep_ms(1);
        wait_until_blocked(atomic_load(&main_tid));
        check_pt(pthread_mutex_unlock(&g_fault_lock), "unlock");
        while (atomic_load(&handled) != r)
            sleep_ms(1);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1)
        die("usage: lw_sigleaf (no arguments)");
    page = (size_t)sysconf(_SC_PAGESIZE);
    /* an all-zero page: an initialised default mutex */
    lazy = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (lazy == MAP_FAILED)
        die_errno("mmap");
    catch_signal(SIGSEGV, on_fault);
    atomic_store(&main_tid, self_tid());
    pthread_t t;
    check_pt(pthread_create(&t, NULL, helper, NULL), "pthread_create");
    outer_call();
    check_pt(pthread_join(t, NULL), "pthread_join");
    if (atomic_load(&faults) != 2)
        die("expected two faults, got %d", atomic_load(&faults));
    printf("lock=%p main=%u\n", (void *)&g_fault_lock, atomic_load(&main_tid));
    return 0;
}

/* hostile-prog.c - a program that does to itself what liblockwait's report
 * must survive (tests/hostile.sh compiles it with -g at test time):
 *   hostile-prog wait          waits once for a contended mutex
 *   hostile-prog heapwait      the same on a zeroed heap mutex never initialised
 *   hostile-prog smallexit     a thread with the smallest stack allowed
 *                              (PTHREAD_STACK_MIN) waits once, then calls exit()
 *   hostile-prog coexit        a coroutine on an 8 KiB stack (makecontext)
 *                              waits once, then calls exit()
 *   hostile-prog altstack      a signal handler on a 5632-byte alternate
 *                              signal stack waits once for a contended mutex
 *   hostile-prog unlink        waits once for a contended mutex (held until
 *                              it is asleep on it), then deletes
 *                              its own executable before exiting
 *   hostile-prog dlswap LIB NEW  loads LIB, renames NEW over it (a package
 *                              upgrade while the program runs), then waits
 *                              once inside LIB's lib_contend
 * stdout: "done MODE"; exit status 3 (the preload must not change either). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "hostile.h"

static pthread_mutex_t prog_lock = PTHREAD_MUTEX_INITIALIZER, *the_lock = &prog_lock;
static atomic_int held;
static unsigned waiter_tid;


static void die(const char *what)
{
    fprintf(stderr, "hostile-prog: %s\n", what);
    exit(1);
}

static void *holder(void *arg)
{
    (void)arg;
    if (pthread_mutex_lock(the_lock) != 0)
        die("lock");
    atomic_store(&held, 1);
    hold_until_asleep(waiter_tid);
    if (pthread_mutex_unlock(the_lock) != 0)
        die("unlock");
    live_on();
    return NULL;
}

static __attribute__((noinline)) void wait_for_holder(void)
{
    pthread_t t;
    waiter_tid = (unsigned)syscall(SYS_gettid);
    if (pthread_create(&t, NULL, holder, NULL) != 0)
        die("pthread_create");
    while (!atomic_load(&held))
        sched_yield();
    if (pthread_mutex_lock(the_lock) != 0 || pthread_mutex_unlock(the_lock) != 0)
        die("lock in main");
    if (pthread_join(t, NULL) != 0)
        die("pthread_join");
}

static void *small_thread(void *arg)
{
    (void)arg;
    wait_for_holder();
    printf("done smallexit\n");
    exit(3); /* the report runs here, on this thread's 16 KiB stack */
}

static void exit_from_small_stack(void)
{
    pthread_attr_t a;
    pthread_t t;
    if (pthread_attr_init(&a) != 0 || pthread_attr_setstacksize(&a, PTHREAD_STACK_MIN) != 0 ||
        pthread_create(&t, &a, small_thread, NULL) != 0)
        die("a thread with a small stack");
    pthread_join(t, NULL);
    die("the small thread returned");
}

static ucontext_t main_ctx, co_ctx;

static void coroutine(void)
{
    wait_for_holder();
    printf("done coexit\n");
    exit(3);
}

static void exit_from_coroutine(void)
{
    static char stack[8192];
    if (getcontext(&co_ctx) != 0)
        die("getcontext");
    co_ctx.uc_stack.ss_sp = stack;
    co_ctx.uc_stack.ss_size = sizeof stack;
    co_ctx.uc_link = &main_ctx;
    makecontext(&co_ctx, coroutine, 0);
    swapcontext(&main_ctx, &co_ctx);
    die("the coroutine returned");
}

/* a contended lock taken in a signal handler (locking there is not
 * async-signal-safe, but programs do it when they know what they interrupt) */
static void lock_in_handler(int sig)
{
    (void)sig;
    if (pthread_mutex_lock(the_lock) != 0 || pthread_mutex_unlock(the_lock) != 0)
        die("lock in the handler");
}

static void wait_on_altstack(void)
{
    /* 5632 bytes above an inaccessible page, so that overflowing it faults
     * as it would below a stack of its own (a static array's overflow would
     * silently write the data below it) */
    long page = sysconf(_SC_PAGESIZE);
    char *area = mmap(NULL, (size_t)page * 3, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page <= 0 || area == MAP_FAILED || mprotect(area, (size_t)page, PROT_NONE) != 0)
        die("mmap");
    stack_t ss = {.ss_sp = area + page, .ss_size = 5632};
    struct sigaction sa = {.sa_handler = lock_in_handler, .sa_flags = SA_ONSTACK};
    pthread_t t;
    if (sigaltstack(&ss, NULL) != 0 || sigemptyset(&sa.sa_mask) != 0 || sigaction(SIGUSR1, &sa, NULL) != 0)
        die("sigaltstack");
    waiter_tid = (unsigned)syscall(SYS_gettid);
    if (pthread_create(&t, NULL, holder, NULL) != 0)
        die("pthread_create");
    while (!atomic_load(&held))
        sched_yield();
    if (raise(SIGUSR1) != 0 || pthread_join(t, NULL) != 0)
        die("raise or pthread_join");
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "smallexit"))
        exit_from_small_stack();
    if (argc == 2 && !strcmp(argv[1], "coexit"))
        exit_from_coroutine();
    if (argc == 2 && !strcmp(argv[1], "heapwait")) {
        if (!(the_lock = calloc(1, sizeof *the_lock))) /* zero bytes: glibc's default mutex, unlocked */
            die("calloc");
        wait_for_holder();
    } else if (argc == 2 && !strcmp(argv[1], "wait")) {
        wait_for_holder();
    } else if (argc == 2 && !strcmp(argv[1], "altstack")) {
        wait_on_altstack();
    } else if (argc == 2 && !strcmp(argv[1], "unlink")) {
        wait_for_holder();
        if (unlink(argv[0]) != 0)
            die("unlink");
    } else if (argc == 4 && !strcmp(argv[1], "dlswap")) {
        void *h = dlopen(argv[2], RTLD_NOW);
        void (*contend)(void) = h ? (void (*)(void))dlsym(h, "lib_contend") : NULL;
        if (!contend)
            die(dlerror());
        if (rename(argv[3], argv[2]) != 0)
            die("rename");
        contend();
    } else {
        die("usage: hostile-prog wait | heapwait | smallexit | coexit | altstack | unlink | dlswap LIB NEW");
    }
    printf("done %s\n", argv[1]);
    return 3;
}

/* lw_glibcmutex.c - glibc's default mutex as the preload takes it
 * (lw_mutex.c) must stay glibc's mutex: every way in and out of it,
 * mixed, keeps a plain counter exact and leaves the mutex as glibc left it.
 *   lw_glibcmutex mixed [ROUNDS]: 4 threads (2 online CPUs or not), each
 *     ROUNDS times: lock/unlock, trylock (retried), timedlock, and a
 *     condvar wait for a turn (glibc's condvar unlocks and relocks the mutex
 *     inside libc, behind the wrappers). Checks: the counter, the owner field
 *     (this thread's tid while held, 0 after), the user count, destroy == 0.
 *   lw_glibcmutex alone: the same checks in a process that never starts a
 *     thread (the preload's plain-store path).
 *   lw_glibcmutex cancelled [ROUNDS]: the main thread first cancels itself,
 *     cancellation disabled (glibc then takes its mutexes with atomics, yet
 *     leaves __libc_single_threaded at 1 even once threads run), then a
 *     mutex handed to a thread provably asleep on it, then mixed. The
 *     program reads __libc_single_threaded, so it holds its own copy of it
 *     (a copy relocation), as C++ programs using shared_ptr do; glibc
 *     updates that copy at pthread_create but not at pthread_cancel.
 *   lw_glibcmutex answers: edge calls (a clocklock on a clock the C library
 *     may refuse, a bad deadline, an unlock of a free mutex, errorcheck
 *     misuse; rwlock and semaphore deadlines glibc refuses), each call's
 *     return code and the fields it left on one line, for glibcmutex.sh to
 *     compare with the bare run's.
 *   lw_glibcmutex forkowner: fork; in the child, a fork handler registered
 *     before any library started (.preinit_array), so run before the
 *     preload's own, locks a mutex: its owner field must be the child's tid.
 * Prints "mutex=ADDR counter=N" on stdout; exit 1 on any failed check. */
#include "lw_test.h"

#include <errno.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>

#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 32)
#include <sys/single_threaded.h>
#define SINGLE_FLAG() ((int)__libc_single_threaded)
#else
#define SINGLE_FLAG() (-1)
#endif

#define NTHREADS 4

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t turn_cv = PTHREAD_COND_INITIALIZER;
static long counter, rounds = 20000;
static int turn; /* whose turn at the condvar step */
static int nthreads = NTHREADS;
static atomic_int failed;

static void fail(const char *what)
{
    fprintf(stderr, "lw_glibcmutex: %s\n", what);
    atomic_store(&failed, 1);
}

/* inside the critical section: the owner glibc's fields name is us */
static void held_by_me(void)
{
#ifdef __GLIBC__
    if ((unsigned)m.__data.__owner != self_tid())
        fail("the owner field does not name the holder");
#endif
    counter++;
}

static void one_round(int me, long r)
{
    check_pt(pthread_mutex_lock(&m), "lock");
    held_by_me();
    check_pt(pthread_mutex_unlock(&m), "unlock");

    int rc;
    while ((rc = pthread_mutex_trylock(&m)) == EBUSY)
        sched_yield();
    check_pt(rc, "trylock");
    held_by_me();
    check_pt(pthread_mutex_unlock(&m), "unlock after trylock");

    struct timespec ts;
    check_pt(clock_gettime(CLOCK_REALTIME, &ts) ? errno : 0, "clock_gettime");
    ts.tv_sec += 60;
    check_pt(pthread_mutex_timedlock(&m, &ts), "timedlock");
    held_by_me();
    /* every 64th round: wait for this thread's turn, then pass it on; a
     * lone thread, a wait that times out at once (glibc still unlocks and
     * relocks the mutex inside) */
    if (r % 64 == 0 && nthreads == 1) {
        struct timespec past = {0, 0};
        if (pthread_cond_timedwait(&turn_cv, &m, &past) != ETIMEDOUT)
            fail("a condvar wait with a deadline in the past did not time out");
        held_by_me();
    } else if (r % 64 == 0) {
        while (turn != me)
            check_pt(pthread_cond_wait(&turn_cv, &m), "cond_wait");
        turn = (me + 1) % nthreads;
        check_pt(pthread_cond_broadcast(&turn_cv), "cond_broadcast");
        held_by_me();
    }
    check_pt(pthread_mutex_unlock(&m), "unlock after timedlock");
}

static void *worker(void *arg)
{
    int me = (int)(intptr_t)arg;
    for (long r = 0; r < rounds; r++)
        one_round(me, r);
    return NULL;
}

/* after the last unlock: glibc's fields as an unused mutex has them */
static void check_free(void)
{
#ifdef __GLIBC__
    if (m.__data.__lock != 0 || m.__data.__owner != 0 || m.__data.__nusers != 0)
        fail("the free mutex's fields are not all 0 (lock word, owner, users)");
#endif
    if (pthread_mutex_destroy(&m) != 0)
        fail("pthread_mutex_destroy of the free mutex failed (users left counted?)");
}

static pthread_mutex_t fork_m = PTHREAD_MUTEX_INITIALIZER;
static int child_owner_ok;

static void lock_in_child(void)
{
    if (pthread_mutex_lock(&fork_m) != 0)
        return;
#ifdef __GLIBC__
    child_owner_ok = (unsigned)fork_m.__data.__owner == self_tid();
#else
    child_owner_ok = 1;
#endif
    pthread_mutex_unlock(&fork_m);
}

static void register_early(void)
{
    if (pthread_atfork(NULL, NULL, lock_in_child) != 0)
        fail("pthread_atfork");
}
/* before every library's constructor, the preload's too */
__attribute__((section(".preinit_array"), used)) static void (*const early_registration)(void) = register_early;

/* exit status 1 when the child's lock named another thread as owner */
static int forkowner(void)
{
    fflush(stdout);
    pid_t child = fork();
    if (child < 0)
        die_errno("fork");
    if (child == 0)
        _exit(child_owner_ok ? 0 : 1);
    int status;
    if (waitpid(child, &status, 0) != child)
        die_errno("waitpid");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail("the fork child's lock named another thread as the mutex's owner");
    return atomic_load(&failed) ? 1 : 0;
}

/* one line of answers: the call's return code, the mutex's fields after it */
static void answer(const char *call, int rc, const pthread_mutex_t *mx)
{
    printf("%s: %d", call, rc);
#ifdef __GLIBC__
    printf(" lock=%d owner=%s users=%u", mx->__data.__lock,
           mx->__data.__owner == 0 ? "none" : ((unsigned)mx->__data.__owner == self_tid() ? "me" : "other"),
           mx->__data.__nusers);
#endif
    putchar('\n');
}

/* the rwlock's and the semaphore's deadlines glibc refuses before it
 * looks at the lock (a free one here): their answers, and whether the
 * lock was left free */
static void other_answers(const struct timespec *ts, const struct timespec *bad)
{
    pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
    sem_t s;
    if (sem_init(&s, 0, 1) != 0)
        die_errno("sem_init");
    struct {
        const char *call;
        int rc;
    } got[8];
    int n = 0;
    got[n].call = "rwlock timedrdlock, tv_nsec 2e9, free", got[n++].rc = pthread_rwlock_timedrdlock(&rw, bad);
    got[n].call = "rwlock timedwrlock, tv_nsec 2e9, free", got[n++].rc = pthread_rwlock_timedwrlock(&rw, bad);
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 30)
    got[n].call = "rwlock clockrdlock CLOCK_PROCESS_CPUTIME_ID, free",
    got[n++].rc = pthread_rwlock_clockrdlock(&rw, CLOCK_PROCESS_CPUTIME_ID, ts);
    got[n].call = "rwlock clockwrlock CLOCK_MONOTONIC, tv_nsec 2e9, free",
    got[n++].rc = pthread_rwlock_clockwrlock(&rw, CLOCK_MONOTONIC, bad);
    got[n].call = "sem_clockwait CLOCK_PROCESS_CPUTIME_ID, count 1",
    got[n++].rc = sem_clockwait(&s, CLOCK_PROCESS_CPUTIME_ID, ts) ? errno : 0;
#endif
    got[n].call = "sem_timedwait, tv_nsec 2e9, count 1", got[n++].rc = sem_timedwait(&s, bad) ? errno : 0;
    for (int i = 0; i < n; i++)
        printf("%s: %d\n", got[i].call, got[i].rc);
    /* each call refused or not, the lock is free again and the count 1 */
    int wr = pthread_rwlock_trywrlock(&rw), val = -1;
    if (sem_getvalue(&s, &val) != 0)
        die_errno("sem_getvalue");
    printf("after them: rwlock trywrlock %d, semaphore count %d\n", wr, val);
}

static int answers(void)
{
    pthread_mutex_t d = PTHREAD_MUTEX_INITIALIZER, ec;
    pthread_mutexattr_t a;
    check_pt(pthread_mutexattr_init(&a), "pthread_mutexattr_init");
    check_pt(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK), "pthread_mutexattr_settype");
    check_pt(pthread_mutex_init(&ec, &a), "pthread_mutex_init");
    struct timespec ts, bad = {0, 2000000000L};
    check_pt(clock_gettime(CLOCK_REALTIME, &ts) ? errno : 0, "clock_gettime");
    ts.tv_sec += 60;
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 30)
    answer("clocklock CLOCK_BOOTTIME, default, free", pthread_mutex_clocklock(&d, CLOCK_BOOTTIME, &ts), &d);
    answer("clocklock CLOCK_BOOTTIME, errorcheck, free", pthread_mutex_clocklock(&ec, CLOCK_BOOTTIME, &ts), &ec);
    answer("clocklock CLOCK_PROCESS_CPUTIME_ID, default", pthread_mutex_clocklock(&d, CLOCK_PROCESS_CPUTIME_ID, &ts),
           &d);
#endif
    answer("timedlock, tv_nsec 2e9, free", pthread_mutex_timedlock(&d, &bad), &d);
    answer("trylock, held", pthread_mutex_trylock(&d), &d);
    answer("timedlock, tv_nsec 2e9, held", pthread_mutex_timedlock(&d, &bad), &d);
    answer("unlock", pthread_mutex_unlock(&d), &d);
    answer("unlock, free", pthread_mutex_unlock(&d), &d);
    answer("destroy after that", pthread_mutex_destroy(&d), &d);
    answer("errorcheck unlock, free", pthread_mutex_unlock(&ec), &ec);
    answer("errorcheck lock", pthread_mutex_lock(&ec), &ec);
    answer("errorcheck relock", pthread_mutex_lock(&ec), &ec);
    answer("errorcheck unlock", pthread_mutex_unlock(&ec), &ec);
    answer("errorcheck destroy", pthread_mutex_destroy(&ec), &ec);
    other_answers(&ts, &bad);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_glibcmutex mixed [ROUNDS] | alone | cancelled [ROUNDS] | answers | forkowner");
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "forkowner"))
        return forkowner();
    if (argc > 1 && !strcmp(argv[1], "answers"))
        return answers();
    if (argc < 2 || (strcmp(argv[1], "mixed") && strcmp(argv[1], "alone") && strcmp(argv[1], "cancelled"))) {
        fputs("lw_glibcmutex: expected mixed [ROUNDS], alone, cancelled [ROUNDS], answers or forkowner (see -h)\n",
              stderr);
        return 2;
    }
    if (argc > 2)
        rounds = atol(argv[2]);
    if (rounds < 64) {
        fputs("lw_glibcmutex: ROUNDS: expected a whole number from 64\n", stderr);
        return 2;
    }
    long want;
    if (!strcmp(argv[1], "alone")) {
        nthreads = 1;
        for (long r = 0; r < rounds; r++)
            one_round(0, r);
        want = 3 * rounds + (rounds + 63) / 64;
    } else {
        if (!strcmp(argv[1], "cancelled")) {
            check_pt(pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL), "pthread_setcancelstate");
            check_pt(pthread_cancel(pthread_self()), "pthread_cancel");
            handoff_rounds(&m, 3); /* a lost wake-up hangs here */
            fprintf(stderr, "lw_glibcmutex: __libc_single_threaded %d with threads started\n", SINGLE_FLAG());
        }
        pthread_t th[NTHREADS];
        for (int i = 0; i < NTHREADS; i++)
            check_pt(pthread_create(&th[i], NULL, worker, (void *)(intptr_t)i), "pthread_create");
        for (int i = 0; i < NTHREADS; i++)
            check_pt(pthread_join(th[i], NULL), "pthread_join");
        want = NTHREADS * (3 * rounds + (rounds + 63) / 64);
    }
    if (counter != want)
        fail("the counter lost updates: the mutex let two threads in");
    check_free();
    printf("mutex=%p counter=%ld\n", (void *)&m, counter);
    return atomic_load(&failed) ? 1 : 0;
}

/* lw_counts.c - exact-count scenarios for liblockwait; each prints the
 * address of the lock the test looks at and the numbers the report must show.
 *   usage: lw_counts MODE [N]
 *   handoff K    K rounds: main holds m, a helper blocks on it (confirmed from
 *                /proc), main releases: K contended, 2K acquisitions
 *   single N     N lock/unlock pairs in one thread: N acquisitions, 0 contended
 *   trylock K    main holds m and K trylocks fail: 1 acquisition, K failed
 *   timedlock    a timedlock that times out after 50 ms: 1 timeout, its
 *                wait between wait_lo_ns (the call to its deadline) and
 *                wait_hi_ns (the call to its return)
 *   recursive N  N rounds of lock x3 / unlock x3 on a recursive mutex:
 *                3N acquisitions, 2N relocks, 0 contended
 *   signal N     N lock/unlock pairs of m while a 1 ms timer's signal handler
 *                locks and unlocks h: both counts exact
 *   errorcheck   an errorcheck mutex relocked (EDEADLK) and unlocked by a
 *                thread that does not hold it (EPERM): 1 acquisition, 0
 *                contended, the error codes unchanged
 *   robust       a thread dies holding a robust mutex; main's lock gets
 *                EOWNERDEAD, makes it consistent: 2 acquisitions, 1 flagged
 *                held at thread exit
 *   protect N    N lock/unlock rounds of a priority-protect mutex: each
 *                lock's answer as the program got it (rcs=, glibc fails the
 *                first with EINVAL), acquisitions the ones that succeeded
 *   turns N      N rounds of: m locked around a signal of a condvar
 *                nobody waits on, h locked, and every third round a third
 *                mutex: each mutex's acquisitions exact (the statistics of
 *                the last two locks a thread used are looked up first)
 *   growth N     N fresh mutexes locked once each (the thread's table of
 *                statistics grows again and again) while a 20 us timer's
 *                handler locks fresh mutexes of its own, 3 times each, and
 *                after each the program locks the handler's latest twice:
 *                "lw_counts locks=" the mutexes used, then each of the
 *                handler's with its acquisitions (a handler that grew the
 *                table during the program's own growth lost them)
 *   pshared      two single-threaded processes: a forked child holds a
 *                process-shared mutex 50 ms, the parent locks it meanwhile:
 *                1 acquisition, 1 contended in the parent's report (the
 *                child leaves by _exit, without one)
 * stdout: "lw_counts lock=0xADDR key=value ..." with the expected values. */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>

#include "lw_test.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t h = PTHREAD_MUTEX_INITIALIZER;

static uint64_t timed_lo_ns, timed_hi_ns; /* the timed-out call: from the call to its deadline, and to its return */

static void *timed_helper(void *arg)
{
    (void)arg;
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        die("clock_gettime failed");
    ts.tv_nsec += 50000000L;
    if (ts.tv_nsec >= 1000000000L)
        ts.tv_sec++, ts.tv_nsec -= 1000000000L;
    struct timespec called;
    if (clock_gettime(CLOCK_REALTIME, &called) != 0)
        die("clock_gettime failed");
    uint64_t t0 = now_ns();
    int rc = pthread_mutex_timedlock(&m, &ts);
    timed_hi_ns = now_ns() - t0;
    /* about 50 ms both: the deadline cannot pass sooner, the return may come later on a busy host */
    int64_t lo = (int64_t)(ts.tv_sec - called.tv_sec) * 1000000000LL + (ts.tv_nsec - called.tv_nsec);
    timed_lo_ns = lo > 0 ? (uint64_t)lo : 0;
    if (rc != ETIMEDOUT)
        die("timedlock returned %d, expected ETIMEDOUT", rc);
    return NULL;
}

static atomic_long handler_pairs;

static pthread_mutex_t *robust_m;

static void *die_holding(void *arg)
{
    (void)arg;
    check_pt(pthread_mutex_lock(robust_m), "lock robust");
    return NULL;
}

static void *foreign_unlock(void *arg)
{
    int rc = pthread_mutex_unlock(arg);
    if (rc != EPERM)
        die("unlock of an errorcheck mutex held by another thread returned %d, expected EPERM", rc);
    return NULL;
}

static void on_alarm(int sig)
{
    (void)sig;
    check_pt(pthread_mutex_lock(&h), "lock in handler");
    check_pt(pthread_mutex_unlock(&h), "unlock in handler");
    atomic_fetch_add(&handler_pairs, 1);
}

/* SIGALRM to handler every us microseconds; handler NULL: no more */
static void alarm_every(void (*handler)(int), long us)
{
    if (handler)
        catch_signal(SIGALRM, handler);
    struct itimerval it = {{0, us}, {0, us}};
    if (setitimer(ITIMER_REAL, &it, NULL) != 0)
        die_errno("setitimer");
}

/* the helper waits on m while main holds it: one contended acquisition per round */
static void mode_handoff(long n)
{
    handoff_rounds(&m, n);
    printf("lw_counts lock=%p acquisitions=%ld contended=%ld owner_changes=%ld\n", (void *)&m, 2 * n, n,
           2 * n - 1);
}

/* one thread alone: no contention */
static void mode_single(long n)
{
    for (long i = 0; i < n; i++) {
        check_pt(pthread_mutex_lock(&m), "lock");
        check_pt(pthread_mutex_unlock(&m), "unlock");
    }
    printf("lw_counts lock=%p acquisitions=%ld contended=0\n", (void *)&m, n);
}

/* trylocks of a held mutex fail */
static void mode_trylock(long n)
{
    check_pt(pthread_mutex_lock(&m), "lock");
    for (long i = 0; i < n; i++)
        if (pthread_mutex_trylock(&m) != EBUSY)
            die("trylock of a held mutex did not fail with EBUSY");
    check_pt(pthread_mutex_unlock(&m), "unlock");
    printf("lw_counts lock=%p acquisitions=1 trylock_failed=%ld contended=0\n", (void *)&m, n);
}

/* a timedlock that times out */
static void mode_timedlock(long n)
{
    (void)n; /* one round only */
    pthread_t t;
    check_pt(pthread_mutex_lock(&m), "lock");
    check_pt(pthread_create(&t, NULL, timed_helper, NULL), "pthread_create");
    check_pt(pthread_join(t, NULL), "pthread_join");
    check_pt(pthread_mutex_unlock(&m), "unlock");
    printf("lw_counts lock=%p acquisitions=1 timeouts=1 contended=0 wait_lo_ns=%llu wait_hi_ns=%llu\n", (void *)&m,
           (unsigned long long)timed_lo_ns, (unsigned long long)timed_hi_ns);
}

/* a recursive mutex relocked twice per round */
static void mode_recursive(long n)
{
    pthread_mutex_t r;
    pthread_mutexattr_t a;
    check_pt(pthread_mutexattr_init(&a), "mutexattr_init");
    check_pt(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE), "mutexattr_settype");
    check_pt(pthread_mutex_init(&r, &a), "mutex_init");
    for (long i = 0; i < n; i++) {
        for (int j = 0; j < 3; j++)
            check_pt(pthread_mutex_lock(&r), "lock");
        for (int j = 0; j < 3; j++)
            check_pt(pthread_mutex_unlock(&r), "unlock");
    }
    printf("lw_counts lock=%p acquisitions=%ld relocks=%ld contended=0\n", (void *)&r, 3 * n, 2 * n);
    check_pt(pthread_mutex_destroy(&r), "mutex_destroy");
}

/* a signal handler that takes a lock between the program's own calls */
static void mode_signal(long n)
{
    alarm_every(on_alarm, 1000);
    for (long i = 0; i < n; i++) {
        check_pt(pthread_mutex_lock(&m), "lock");
        check_pt(pthread_mutex_unlock(&m), "unlock");
        if (i % 4096 == 0 && atomic_load(&handler_pairs) < 50)
            sleep_ms(1); /* let the timer fire between our calls too */
    }
    alarm_every(NULL, 0);
    printf("lw_counts lock=%p acquisitions=%ld contended=0\n", (void *)&m, n);
    printf("lw_counts lock=%p acquisitions=%ld contended=0\n", (void *)&h, atomic_load(&handler_pairs));
}

/* an errorcheck mutex: relock and foreign unlock fail as they should */
static void mode_errorcheck(long n)
{
    (void)n; /* one round only */
    static pthread_mutex_t ec;
    pthread_mutexattr_t a;
    pthread_t t;
    check_pt(pthread_mutexattr_init(&a), "mutexattr_init");
    check_pt(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK), "mutexattr_settype");
    check_pt(pthread_mutex_init(&ec, &a), "mutex_init");
    check_pt(pthread_mutex_lock(&ec), "lock");
    int rc = pthread_mutex_lock(&ec);
    if (rc != EDEADLK)
        die("relock of an errorcheck mutex returned %d, expected EDEADLK", rc);
    check_pt(pthread_create(&t, NULL, foreign_unlock, &ec), "pthread_create");
    check_pt(pthread_join(t, NULL), "pthread_join");
    check_pt(pthread_mutex_unlock(&ec), "unlock");
    rc = pthread_mutex_unlock(&ec);
    if (rc != EPERM)
        die("unlock of an unlocked errorcheck mutex returned %d, expected EPERM", rc);
    printf("lw_counts lock=%p acquisitions=1 contended=0\n", (void *)&ec);
}

/* a robust mutex whose owner died holding it */
static void mode_robust(long n)
{
    (void)n; /* one round only */
    static pthread_mutex_t rm;
    pthread_mutexattr_t a;
    pthread_t t;
    check_pt(pthread_mutexattr_init(&a), "mutexattr_init");
    check_pt(pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST), "mutexattr_setrobust");
    check_pt(pthread_mutex_init(&rm, &a), "mutex_init");
    robust_m = &rm;
    check_pt(pthread_create(&t, NULL, die_holding, NULL), "pthread_create");
    check_pt(pthread_join(t, NULL), "pthread_join");
    int rc = pthread_mutex_lock(&rm);
    if (rc != EOWNERDEAD)
        die("lock of a robust mutex whose owner died returned %d, expected EOWNERDEAD", rc);
    check_pt(pthread_mutex_consistent(&rm), "mutex_consistent");
    check_pt(pthread_mutex_unlock(&rm), "unlock");
    printf("lw_counts lock=%p acquisitions=2 contended=0 held_at_exit=1\n", (void *)&rm);
}

/* The error codes of a priority-protect mutex, as the program sees them:
 * the library must give the real call's answer, not try again. */
static void mode_protect(long n)
{
    static pthread_mutex_t pm;
    pthread_mutexattr_t a;
    check_pt(pthread_mutexattr_init(&a), "mutexattr_init");
    check_pt(pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT), "mutexattr_setprotocol");
    check_pt(pthread_mutexattr_setprioceiling(&a, 10), "mutexattr_setprioceiling");
    check_pt(pthread_mutex_init(&pm, &a), "mutex_init");
    long got = 0;
    char rcs[256] = "";
    for (long i = 0; i < n && i < 40; i++) {
        int rc = pthread_mutex_lock(&pm);
        snprintf(rcs + strlen(rcs), sizeof rcs - strlen(rcs), "%s%d", i ? "," : "", rc);
        if (rc == 0) {
            got++;
            check_pt(pthread_mutex_unlock(&pm), "unlock");
        }
    }
    printf("lw_counts lock=%p acquisitions=%ld contended=0 rcs=%s\n", (void *)&pm, got, rcs);
}

/* Locks used in turn: the counts go to the right lock whichever of the
 * thread's recent locks its statistics come from. */
static void mode_turns(long n)
{
    static pthread_mutex_t third = PTHREAD_MUTEX_INITIALIZER;
    static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
    long thirds = 0;
    for (long i = 0; i < n; i++) {
        check_pt(pthread_mutex_lock(&m), "lock m");
        check_pt(pthread_cond_signal(&cv), "cond_signal");
        check_pt(pthread_mutex_unlock(&m), "unlock m");
        check_pt(pthread_mutex_lock(&h), "lock h");
        check_pt(pthread_mutex_unlock(&h), "unlock h");
        if (i % 3 == 0) {
            check_pt(pthread_mutex_lock(&third), "lock third");
            check_pt(pthread_mutex_unlock(&third), "unlock third");
            thirds++;
        }
    }
    printf("lw_counts lock=%p acquisitions=%ld contended=0\n", (void *)&m, n);
    printf("lw_counts lock=%p acquisitions=%ld contended=0\n", (void *)&h, n);
    printf("lw_counts lock=%p acquisitions=%ld contended=0\n", (void *)&third, thirds);
}

/* the growth mode's handler locks: fresh ones, taken GROWTH_TAKES times each */
#define GROWTH_TAKES 3 /* more than the program's once: the report ranks them first */
static pthread_mutex_t *growth_q;
static long *growth_q_taken, growth_q_max;
static volatile sig_atomic_t growth_q_used;

static void on_growth_alarm(int sig)
{
    (void)sig;
    int saved = errno;
    long k = growth_q_used;
    if (k < growth_q_max) {
        for (int j = 0; j < GROWTH_TAKES; j++) {
            check_pt(pthread_mutex_lock(&growth_q[k]), "lock in handler");
            check_pt(pthread_mutex_unlock(&growth_q[k]), "unlock in handler");
        }
        growth_q_taken[k] += GROWTH_TAKES;
        growth_q_used = (sig_atomic_t)(k + 1);
    }
    errno = saved;
}

static pthread_mutex_t *mutexes(long n)
{
    pthread_mutex_t *a = calloc((size_t)n, sizeof *a);
    if (!a)
        die("out of memory");
    for (long i = 0; i < n; i++)
        check_pt(pthread_mutex_init(&a[i], NULL), "mutex_init");
    return a;
}

/* The table of a thread's statistics grows while a signal handler on that
 * thread adds to it: what the handler added must stay counted. */
static void mode_growth(long n)
{
    pthread_mutex_t *fresh = mutexes(n);
    growth_q_max = n / 4 + 1;
    growth_q = mutexes(growth_q_max);
    growth_q_taken = calloc((size_t)growth_q_max, sizeof *growth_q_taken);
    if (!growth_q_taken)
        die("out of memory");
    alarm_every(on_growth_alarm, 20);
    long seen = 0;
    for (long i = 0; i < n; i++) {
        check_pt(pthread_mutex_lock(&fresh[i]), "lock");
        check_pt(pthread_mutex_unlock(&fresh[i]), "unlock");
        long k = growth_q_used;
        for (int j = 0; k != seen && j < 2; j++) { /* its statistics: the lock before the last */
            check_pt(pthread_mutex_lock(&growth_q[k - 1]), "lock");
            check_pt(pthread_mutex_unlock(&growth_q[k - 1]), "unlock");
            growth_q_taken[k - 1]++;
        }
        seen = k;
    }
    alarm_every(NULL, 0);
    printf("lw_counts locks=%ld\n", n + (long)growth_q_used);
    for (long k = 0; k < growth_q_used; k++)
        printf("lw_counts lock=%p acquisitions=%ld contended=0\n", (void *)&growth_q[k], growth_q_taken[k]);
}

/* Contention between processes that have one thread each: the library must
 * not take a lone thread's free-looking mutex for uncontended (lw_lone_and_free
 * in lw_mutex.h) when another process holds it. */
static void mode_pshared(long n)
{
    (void)n; /* one round only */
    pthread_mutex_t *sm = mmap(NULL, sizeof *sm, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sm == MAP_FAILED)
        die_errno("mmap");
    pthread_mutexattr_t a;
    check_pt(pthread_mutexattr_init(&a), "mutexattr_init");
    check_pt(pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED), "mutexattr_setpshared");
    check_pt(pthread_mutex_init(sm, &a), "mutex_init");
    int fd[2];
    if (pipe(fd) != 0)
        die_errno("pipe");
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        die_errno("fork");
    if (pid == 0) {
        int rc = pthread_mutex_lock(sm);
        char c = 'h';
        if (rc != 0 || write(fd[1], &c, 1) != 1)
            _exit(3);
        sleep_ms(50);
        _exit(pthread_mutex_unlock(sm) != 0 ? 4 : 0);
    }
    char c;
    if (read(fd[0], &c, 1) != 1)
        die("the child did not take the mutex");
    check_pt(pthread_mutex_lock(sm), "lock");
    check_pt(pthread_mutex_unlock(sm), "unlock");
    int st;
    if (waitpid(pid, &st, 0) != pid)
        die_errno("waitpid");
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        die("the child failed (status %d)", st);
    printf("lw_counts lock=%p acquisitions=1 contended=1\n", (void *)sm);
}

static const struct {
    const char *name;
    void (*run)(long n);
} modes[] = {
    {"handoff", mode_handoff},
    {"single", mode_single},
    {"trylock", mode_trylock},
    {"timedlock", mode_timedlock},
    {"recursive", mode_recursive},
    {"signal", mode_signal},
    {"errorcheck", mode_errorcheck},
    {"robust", mode_robust},
    {"protect", mode_protect},
    {"pshared", mode_pshared},
    {"turns", mode_turns},
    {"growth", mode_growth},
};

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_counts handoff|single|trylock|timedlock|recursive|signal|errorcheck|robust|protect|pshared|turns|growth [N]");
        return 0;
    }
    if (argc < 2 || argc > 3)
        die_usage("lw_counts: expected MODE [N] (see -h)");
    const char *mode = argv[1];
    long n = 10;
    if (argc == 3 && parse_long(argv[2], 1, 100000000, &n) != 0)
        die_usage("lw_counts: N='%s': expected a whole number from 1 to 100000000", argv[2]);
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (!strcmp(mode, modes[i].name)) {
            modes[i].run(n);
            return 0;
        }
    die_usage("lw_counts: MODE='%s': expected handoff, single, trylock, timedlock, recursive, signal, "
              "errorcheck, robust, protect, pshared, turns or growth", mode);
}

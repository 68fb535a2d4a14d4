/* lw_lateline.c - a wait whose stack first appears after a periodic report
 * (file:line must still be found for it at exit, lw_lines_prepare): one
 * contended wait on lock a (handoff_rounds), then SIGUSR1, which with
 * LOCKWAIT_DUMP_SIGNAL=USR1 asks for a report; once LOCKWAIT_OUT holds it,
 * main waits for lock b in wait_for_b while a thread holds it, and once
 * more for lock a from the same call site (the exit report counts that
 * stack's waits since the periodic report: 1, not 2).
 * Built with -g (build.sh). usage: lw_lateline (no arguments) */
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "lw_test.h"

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER, lock_b = PTHREAD_MUTEX_INITIALIZER;
static atomic_uint main_tid;
static atomic_int b_held, b_done;

static void *hold_b(void *arg)
{
    (void)arg;
    check_pt(pthread_mutex_lock(&lock_b), "pthread_mutex_lock");
    atomic_store(&b_held, 1);
    wait_until_blocked(atomic_load(&main_tid));
    check_pt(pthread_mutex_unlock(&lock_b), "pthread_mutex_unlock");
    while (!atomic_load(&b_done)) /* alive after the release: contention, not a join */
        sleep_ms(1);
    return NULL;
}

static __attribute__((noinline)) void wait_for_b(void)
{
    check_pt(pthread_mutex_lock(&lock_b), "pthread_mutex_lock");
    check_pt(pthread_mutex_unlock(&lock_b), "pthread_mutex_unlock");
}

/* whether FILE holds TEXT (read whole: a report of a few KiB) */
static int holds(const char *file, const char *text)
{
    static char buf[1 << 16];
    FILE *f = fopen(file, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return strstr(buf, text) != NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    const char *out = getenv("LOCKWAIT_OUT");
    if (argc != 1 || !out)
        die("usage: LOCKWAIT_OUT=FILE LOCKWAIT_DUMP_SIGNAL=USR1 lw_lateline (no arguments)");
    atomic_store(&main_tid, self_tid());
    handoff_rounds(&lock_a, 1); /* the same call site as the last one */
    if (raise(SIGUSR1) != 0)
        die("raise");
    for (int i = 0; !holds(out, "periodic report 1"); i++) {
        if (i == 5000)
            die("no periodic report in %s after 5 s", out);
        sleep_ms(1);
    }
    pthread_t t;
    check_pt(pthread_create(&t, NULL, hold_b, NULL), "pthread_create");
    while (!atomic_load(&b_held))
        sleep_ms(1);
    wait_for_b();
    atomic_store(&b_done, 1);
    check_pt(pthread_join(t, NULL), "pthread_join");
    handoff_rounds(&lock_a, 1);
    return 0;
}

/* lw_rwdefer.c - an rwlock writer's wait, deferred: a writer thread takes
 * rwlock L three times uncontended, then waits for it behind main (confirmed
 * blocked) and holds it while main asks for a periodic report (the
 * LOCKWAIT_DUMP_SIGNAL, SIGUSR1) and waits until REPORT_FILE has it. The
 * wait ended with an exclusive hold, so it is accounted after the writer's
 * release (lw_wait_defer): not in the periodic report, in the one at exit.
 * Prints "lock=ADDR".
 *   usage: lw_rwdefer REPORT_FILE (run with LOCKWAIT_DUMP_SIGNAL=USR1) */
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "lw_test.h"

static pthread_rwlock_t lock_l = PTHREAD_RWLOCK_INITIALIZER;
static atomic_uint writer_tid;
static atomic_int phase; /* 1: warmed up, 2: main holds L, 3: the writer holds L, 4: report written */

static void phase_wait(int p)
{
    while (atomic_load(&phase) < p)
        sleep_ms(1);
}

static void *writer(void *arg)
{
    (void)arg;
    atomic_store(&writer_tid, self_tid());
    for (int i = 0; i < 3; i++) { /* its 4th acquisition is not a sampled one (LW_HOLD_SAMPLE) */
        check_pt(pthread_rwlock_wrlock(&lock_l), "wrlock");
        check_pt(pthread_rwlock_unlock(&lock_l), "unlock");
    }
    atomic_store(&phase, 1);
    phase_wait(2);
    check_pt(pthread_rwlock_wrlock(&lock_l), "wrlock (contended)");
    atomic_store(&phase, 3);
    phase_wait(4);
    check_pt(pthread_rwlock_unlock(&lock_l), "unlock");
    return NULL;
}

/* does the file at path hold a periodic report's RESULT line yet? */
static int has_periodic(const char *path)
{
    char line[4096];
    FILE *f = fopen(path, "r");
    int found = 0;
    if (!f)
        return 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, "occasion=periodic") != NULL;
    fclose(f);
    return found;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_rwdefer REPORT_FILE (run with LOCKWAIT_DUMP_SIGNAL=USR1 under the preload)");
        return 0;
    }
    if (argc != 2)
        die_usage("usage: lw_rwdefer REPORT_FILE");
    pthread_t t;
    check_pt(pthread_create(&t, NULL, writer, NULL), "pthread_create");
    phase_wait(1);
    check_pt(pthread_rwlock_wrlock(&lock_l), "wrlock");
    atomic_store(&phase, 2);
    wait_until_blocked(atomic_load(&writer_tid));
    check_pt(pthread_rwlock_unlock(&lock_l), "unlock");
    phase_wait(3);
    if (kill(getpid(), SIGUSR1) != 0)
        die_errno("kill(SIGUSR1)");
    for (int i = 0; i < 60000 && !has_periodic(argv[1]); i++)
        sleep_ms(1);
    if (!has_periodic(argv[1]))
        die("no periodic report in %s", argv[1]);
    atomic_store(&phase, 4);
    check_pt(pthread_join(t, NULL), "pthread_join");
    printf("lock=%p\n", (void *)&lock_l);
    return 0;
}

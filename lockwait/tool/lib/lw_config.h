/* lw_config.h - liblockwait's settings (lw_config.c). */
#ifndef LW_CONFIG_H
#define LW_CONFIG_H

#include <stddef.h>
#include <sys/types.h>

#include "lw_base.h"

#define LW_STACK_MAX 32 /* LOCKWAIT_STACK_DEPTH's maximum (lw_stacks.h) */

/* settings, read once at start (lw_config.c) */
struct lw_config {
    const char *out;   /* LOCKWAIT_OUT or NULL for stderr */
    const char *trace; /* LOCKWAIT_TRACE or NULL */
    long top;
    long trace_records; /* per-thread trace buffer capacity */
    long interval_s;    /* LOCKWAIT_INTERVAL: seconds between periodic reports, 0: none */
    int dump_signal;    /* LOCKWAIT_DUMP_SIGNAL: a signal that asks for a report now, 0: none */
    int on_signals;     /* LOCKWAIT_SIGNALS: report when a signal ends the program (default 1) */
    int full_reports;   /* LOCKWAIT_FULL_REPORTS: the whole report even from a process that waited for no lock */
    const char *tree;   /* LOCKWAIT_TREE: the launcher's directory of the run (lw_tree.c), or NULL */
    long tree_top;      /* LOCKWAIT_TREE_TOP: the launcher's pid (its child is the run's top process) */
    long stack_depth;   /* frames per stack, 0: no stacks */
    long probe_warn;    /* LOCKWAIT_PROBE_WARN: the report warns when its probes cost more than this % of CPU */
    int inline_mutex;   /* LOCKWAIT_INLINE_MUTEX: default mutexes and spinlocks taken in the wrappers
                         * (lw_mutex.c, lw_spin.c; default 1) */
    int counter;        /* LOCKWAIT_COUNTER: ticks from a cycle counter where usable (default 1; common/clock.c) */
    int wakeup_probe;   /* LOCKWAIT_WAKEUP_PROBE: a trace's WAKEUP records (lw_wakeprobe.c; default 1) */
    char ignored[512];  /* what was ignored, for the report */
    /* stderr at start, for the report (lw_output.c) */
    int err_known;      /* fd 2 was open */
    int err_fd;         /* a private copy of it, or -1 */
    dev_t err_dev;      /* its identity */
    ino_t err_ino;
    char err_path[512]; /* the path to reopen it by, or "" */
};

LW_HIDDEN void lw_config_read(struct lw_config *c);
LW_HIDDEN int lw_expand_path(const char *path, char *out, size_t cap);

/* Which holds are timed: the lock's first; one in LW_HOLD_SAMPLE of each
 * thread's acquisitions (the sampled hold totals); and, once the lock has
 * been contended, every hold of a thread whose last timed hold of it lasted
 * LW_HOLD_LONG_NS or more (the sample finds them, up to 63 acquisitions
 * late). A timed hold that another thread waited for is a blocking hold:
 * timed whole, with its acquire site. A timed hold reads the clock inside
 * the critical section, lengthening a hot lock's short ones: hence a sparse
 * sample (what a denser one cost: docs/lockwait-manual.md). */
#define LW_HOLD_SAMPLE 64
#define LW_HOLD_LONG_NS 10000

#endif

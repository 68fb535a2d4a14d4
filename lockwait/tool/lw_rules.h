/* lw_rules.h - what liblockwait's report (lib/) and lockwait_report
 * (report/) both decide about a wait, in one place so that the two agree on
 * the same run by construction. Each program gathers the facts its input
 * has (counters at exit, or a trace) and asks here:
 *   - is a wait contention, idle (waiting for work or results), a join
 *     (waiting for a thread to end) or a barrier wait (for the slowest
 *     thread)? lw_wait_class; all but contention are kept off the
 *     contention ranking and off each thread's blocked time;
 *   - how a thread and a lock are labelled (lw_label_thread, lw_label_lock).
 * Tested on their own by tests/rules-check.c (tests/rules.sh). */
#ifndef LOCKWAIT_RULES_H
#define LOCKWAIT_RULES_H

#include <stddef.h>
#include <stdint.h>

enum lw_wait_class { LW_WAIT_CONTENDED, LW_WAIT_IDLE, LW_WAIT_JOIN, LW_WAIT_BARRIER, LW_WAIT_NCLASSES };

/* A wait ended by a thread that took the lock once in its life and exited
 * at most this long after the wait ended was for the thread's end: a join,
 * as Python's Thread.join() (CPython <= 3.12: a lock the thread takes as it
 * starts and releases as it exits) and other runtimes' joins built on a
 * lock do. A thread that took the lock more than once was contended with,
 * however soon it exited. */
#define LW_JOIN_GAP_NS 10000000ull
/* ... and that one hold spanned the thread's life: what it did outside it
 * (before the hold, after it) was at most an eighth of its life or this
 * much (a runtime's start-up before it takes the lock). Eight workers that
 * each work, then hold a mutex once to merge a result and exit, contend:
 * their holds are short pieces of their lives. */
#define LW_JOIN_SLACK_NS 200000ull
/* A semaphore waited on once in the run is one-shot (a result handed over
 * once) only if it was taken at most this often: one taken 8000 times as a
 * lock, that happened to be waited on once, was contended with. Not 2: a
 * runtime may free a hand-over lock and make the next one at its address
 * (CPython's Condition waiters: 4 takes at one address, one wait). */
#define LW_ONE_SHOT_TAKES 64u

/* what is known of one wait */
struct lw_wait_facts {
    int kind;            /* enum lw_kind */
    int got;             /* it ended with the lock (not timed out) */
    int ender_known;     /* a release, post or signal of another thread ended it */
    int ender_exited;    /* and that thread exited (its exit seen) */
    int ender_once;      /* and took the lock once in its life (held for life) */
    uint64_t end_ns;     /* CLOCK_MONOTONIC: when the wait ended */
    uint64_t ender_exit_ns; /* when the ender exited */
    uint64_t ender_start_ns; /* when the ender started (its THREAD_START), 0: not known */
    uint64_t ender_hold_ns;  /* the ender's one hold of the lock, 0: not known (no exclusive holder) */
    uint64_t lock_waits; /* waits on the same lock in the whole run */
    uint64_t lock_takes; /* acquisitions of the lock in the whole run, 0: not known (an older trace) */
};

/* The rules, first match wins (each only for the kinds whose row in
 * lw_kinds.h names it):
 *   barrier  (LW_IDLE_BARRIER): every wait, for the last thread to arrive
 *            (load imbalance, blamed on that thread) -> barrier;
 *   unended  (LW_IDLE_UNENDED): it timed out, or no post or signal ended it:
 *            it waited for work, not for a lock -> idle;
 *   join     (LW_IDLE_JOIN): it got the lock from a thread that took it
 *            once in its life, held it for (nearly) all of that life where
 *            the hold and the start are known (LW_JOIN_SLACK_NS), and
 *            exited within LW_JOIN_GAP_NS after the wait ended -> join;
 *   one-shot (LW_IDLE_ONE_SHOT): the only wait on the lock in the run, on
 *            a lock taken at most LW_ONE_SHOT_TAKES times where that is
 *            known, a result handed over once -> idle;
 *   else contention. */
int lw_rule_barrier(const struct lw_wait_facts *f);
int lw_rule_join(const struct lw_wait_facts *f);
int lw_rule_one_shot(const struct lw_wait_facts *f);
enum lw_wait_class lw_wait_class(const struct lw_wait_facts *f);
const char *lw_wait_class_name(int cls); /* "contended", "idle", "join", "barrier" */

/* why a lock's waits were apart from contention, for people */
const char *lw_idle_why(int kind, int cls, int one_shot);

/* "NAME-TID" with ' ' and ';' as '_' (folded stacks, flame graphs), or
 * "tid-TID" when it has no name (NULL, "" or "?") */
void lw_label_thread(const char *name, uint32_t tid, char *out, size_t cap);
/* a lock with no symbol: "KIND@0xADDR", then "(SITE)" when site is given */
void lw_label_lock(int kind, uint64_t addr, const char *site, char *out, size_t cap);

#endif

/* lw_kinds.h - the one table of lock kinds, compiled into liblockwait.so
 * (lib/) and lockwait_report (report/). A row says what both programs need
 * to know of a kind: its name, its trace types (trace.h), how one of its
 * waits ends, which idle rules apply to its waits (lw_rules.h), whether it
 * has an exclusive holder, and what the thread that ended a wait is called.
 * Nothing else spells a kind's name. Adding a lock type: a row here, a trace
 * type in trace.h, its wrappers in lib/, its tests (docs/lockwait-manual.md,
 * "Adding a lock type"). */
#ifndef LOCKWAIT_KINDS_H
#define LOCKWAIT_KINDS_H

#include <stdint.h>

#include "trace.h"

/* how a wait of the kind ends */
enum lw_wait_end {
    LW_END_RELEASE, /* the holder unlocks: the holder kept it waiting */
    LW_END_POST,    /* a post (any thread) gives it a token */
    LW_END_SIGNAL,  /* a signal or broadcast wakes it */
    LW_END_LAST_ARRIVAL, /* the last thread to arrive releases all (barriers) */
};

/* idle rules that apply to a kind's waits (lw_rules.c says what each means) */
#define LW_IDLE_UNENDED 1u  /* a wait nothing ended (timed out, no post or signal) */
#define LW_IDLE_ONE_SHOT 2u /* the lock's only wait in the run */
#define LW_IDLE_JOIN 4u     /* a wait ended by a thread that then exited */
#define LW_IDLE_BARRIER 8u  /* every wait: for the slowest thread, not for a lock */

/* X(KIND, name, trace type, trace type of a writer, wait end, idle rules,
 *   exclusive holder, waits spin (burn CPU), who ended a wait: in RESULT
 *   lines, in text) */
#define LW_KINDS(X)                                                                                            \
    X(MUTEX, "mutex", LW_T_MUTEX, LW_T_MUTEX, LW_END_RELEASE, LW_IDLE_JOIN, 1, 0, "holder", "holder")        \
    X(SPIN, "spin", LW_T_SPIN, LW_T_SPIN, LW_END_RELEASE, LW_IDLE_JOIN, 1, 1, "holder", "holder")            \
    X(SEM, "sem", LW_T_SEM, LW_T_SEM, LW_END_POST, LW_IDLE_UNENDED | LW_IDLE_ONE_SHOT | LW_IDLE_JOIN, 0, 0,   \
      "poster", "posted by")                                                                                 \
    X(RWLOCK, "rwlock", LW_T_RWLOCK_RD, LW_T_RWLOCK_WR, LW_END_RELEASE, LW_IDLE_JOIN, 1, 0, "holder", "holder") \
    X(COND, "cond", LW_T_COND, LW_T_COND, LW_END_SIGNAL, LW_IDLE_UNENDED, 0, 0, "signaller", "signalled by") \
    X(BARRIER, "barrier", LW_T_BARRIER, LW_T_BARRIER, LW_END_LAST_ARRIVAL, LW_IDLE_BARRIER, 0, 0, "last_arrival", \
      "last arrival")

#define LW_KIND_ENUM(k, ...) K_##k,
enum lw_kind { K_NONE = 0, LW_KINDS(LW_KIND_ENUM) K_NKINDS };
#undef LW_KIND_ENUM

struct lw_kind_info {
    const char *name;     /* in reports, RESULT type=, CSV and labels */
    uint8_t type, type_write; /* enum lw_lock_type of a wait (a writer's) */
    uint8_t end;          /* enum lw_wait_end */
    uint8_t idle;         /* LW_IDLE_* rules that apply */
    uint8_t exclusive;    /* one holder at a time, known to the library */
    uint8_t spins;        /* a waiter spins on the CPU (the what-if's CPU floor leaves its waits out) */
    const char *ender;    /* the thread that ended a wait: "holder", "poster", ... (one word) */
    const char *ended_by; /* the same for people: "holder", "posted by", ... */
};
extern const struct lw_kind_info lw_kinds[K_NKINDS]; /* [K_NONE]: name "?" */

const char *lw_kind_name(int kind);  /* "?" for none or out of range */
int lw_kind_of_type(int trace_type); /* K_NONE for LW_T_NONE or a type no row has */
int lw_trace_type(int kind); /* its releases' and holds' type in a trace (a writer's) */
const char *lw_type_name(int trace_type); /* its kind's name; "none" for LW_T_NONE */

#endif

/* report_replay.h - the what-if's replay of a trace with one lock's holds
 * scaled (report_replay.c), run by report_whatif.c */
#ifndef REPORT_REPLAY_H
#define REPORT_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "report_handoff.h"
#include "report_model.h"

struct step;   /* one step of a thread's replay (report_replay.c) */
struct runner; /* a thread's state in the replay */

struct replay {
    uint32_t lock;
    double factor;
    struct step *st;
    size_t nst, cap, nacq, nmarks;
    size_t *start_of;        /* each thread's first step */
    struct runner *run;
    uint64_t *mark_at;       /* replay time of each mark, UINT64_MAX: not yet */
    uint32_t *parked;        /* per mark: first parked thread */
    uint32_t *acq_waiter;    /* per acquisition: the thread parked on it */
    uint32_t *todo;          /* threads ready to run */
    size_t ntodo;
    size_t next_acq;         /* the acquisition the lock goes to next */
    uint64_t free_at;        /* when the last acquisition's hold ended */
    uint64_t mean_lat;
    size_t forced;
    /* per thread, from the replay at factor 1: own work and traced holds of
     * the lock (ns), and the share of own work that is untraced hold */
    uint64_t *own_ns, *held_ns;
    double *untraced_share;
    uint64_t untraced_ns; /* summed over the threads */
    size_t untraced_over; /* threads whose estimate exceeds the whole trace */
    int untraced_known;   /* the trace has HOLD_SUM records */
    struct handoff_model hm; /* what a grant after a wait pays (report_handoff.c) */
    enum handoff_mode mode;  /* and under which assumption this replay runs */
    const struct model *m;   /* the trace's, for replay_at */
};

/* the replay of lock l (at factor 1 until r->factor is set); enders: wait_enders() */
void replay_init(const struct model *m, struct replay *r, uint32_t l, const uint32_t *enders);
/* the replayed wall time at r->factor under the hand-off assumption r->mode */
uint64_t replay(const struct model *m, struct replay *r);
/* each thread's untraced share of own work, from the replay at factor 1 */
void untraced_shares(const struct model *m, struct replay *r);
void replay_free(struct replay *r);

#endif

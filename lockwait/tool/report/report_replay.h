/* report_replay.h - the what-if's replay of a trace with one lock's holds
 * scaled (report_replay.c), run by report_whatif.c; and its hand-off model
 * (report_handoff.c): what a waiter pays between the release it waited for
 * and its own grant, learned per lock from the trace and chosen in the
 * replay by how long the waiter now waits (docs/lockwait-manual.md, "What
 * if a lock's holds were shorter"). */
#ifndef REPORT_REPLAY_H
#define REPORT_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "report_model.h"

/* the assumption a replay runs under: the learned mix, or every waiter
 * that waits in the replay spinning, or sleeping */
enum handoff_mode { HM_LEARNED, HM_ALL_SPIN, HM_ALL_SLEEP, HM_NMODES };

/* a window longer than this is not a spin: glibc's adaptive mutex spins a
 * few us at most and its default one not at all, so the two kinds such a
 * window parts are fast and slow wake-ups (a 4 ms "window" on a plain mutex) */
#define SPIN_WINDOW_MAX_NS 100000u

struct handoff_model {
    int two_kinds;   /* spin hand-offs and wake-ups told apart in the trace */
    uint64_t split;  /* hand-offs up to this are spins, above it wake-ups */
    uint64_t window; /* a wait up to this long before the release spins */
    int window_fits; /* it tells at least 3 in 4 waits' kinds; if not, each keeps its own */
    uint64_t *spin, *wake; /* the observed hand-offs of each kind, in trace order */
    size_t nspin, nwake, next_spin, next_wake; /* next_*: the next one drawn */
    enum handoff_mode mode;
    const struct wake_level *curve; /* the machine's wake-ups by sleep length (WAKEUP records) */
    size_t ncurve;                  /* 0: not measured (or a spin lock), a wake-up keeps its observed length */
};

/* learn from n traced waits: pre[i] the wait before the release that ended
 * it, lat[i] from that release to the grant */
void handoff_learn(struct handoff_model *m, const uint64_t *pre, const uint64_t *lat, size_t n);
/* before each replay: draws start again from the first observed one */
void handoff_rewind(struct handoff_model *m, enum handoff_mode mode);
/* the hand-off of a grant that waited pre ns in the replay before the
 * release; own: the hand-off it took in the trace after waiting own_pre
 * (own_known 0: it did not wait there, own is the lock's mean), kept where
 * its kind is the one the model picks */
uint64_t handoff_cost(struct handoff_model *m, uint64_t pre, uint64_t own, uint64_t own_pre, int own_known);
/* a wake-up of own ns after an observed sleep of own_sleep ns, after a sleep of `sleep` ns instead:
 * scaled by the machine's median wake-ups after the two (a VM's vCPU that idled a few us is still
 * running and wakes fast, one that halted waits for the host); own when the curve is not known, in
 * the all-sleep assumption, or own is no wake-up (faster than the curve's fastest tenth); never more
 * than own plus a second */
uint64_t handoff_wake(const struct handoff_model *m, uint64_t own, uint64_t own_sleep, uint64_t sleep);
void handoff_free(struct handoff_model *m);

struct step;   /* one step of a thread's replay (report_replay.c) */
struct runner; /* a thread's state in the replay */

struct replay {
    uint32_t lock, nth;
    double factor;
    int barge;               /* its kind lets a newcomer take it when free (below factor 1, report_replay.c) */
    struct step *st;
    size_t nst, cap, nacq, nmarks;
    size_t *start_of;        /* each thread's first step */
    struct runner *run;
    struct mark { uint64_t at; uint32_t parked; } *mark; /* replay time (UINT64_MAX: not yet), first parked thread */
    struct acq_state { uint32_t waiter; uint8_t barged; } *acq; /* the thread parked on it; granted before its turn */
    uint64_t *grant_at;      /* per acquisition: when the replay granted it */
    uint64_t *obs_at;        /* per acquisition: when it was granted in the trace */
    uint32_t *todo;          /* threads ready to run */
    size_t ntodo;
    size_t next_acq;         /* the acquisition the lock goes to next */
    uint64_t free_at;        /* when the last acquisition's hold ended */
    size_t forced, barged_count; /* steps let through out of order; grants before their turn */
    /* per thread, from the last replay at factor 1: own work and traced
     * holds of the lock (ns), and the share of own work that is untraced hold */
    struct thread_work { uint64_t own_ns, held_ns; double untraced_share; } *work;
    uint64_t untraced_ns; /* summed over the threads */
    size_t untraced_over; /* threads whose estimate exceeds the whole trace */
    int untraced_known;   /* the trace has HOLD_SUM records */
    struct handoff_model hm; /* what a grant after a wait pays */
};

/* the replay of lock l; enders: wait_enders() */
void replay_init(const struct model *m, struct replay *r, uint32_t l, const uint32_t *enders);
/* the replayed wall time with the holds scaled by factor, under a hand-off assumption */
uint64_t replay(const struct model *m, struct replay *r, double factor, enum handoff_mode mode);
void untraced_shares(const struct model *m, struct replay *r);
/* the CPU time (ns) the threads the trace knows it for need at factor (0: not known) */
double cpu_need(const struct model *m, const struct replay *r, double factor);
/* the CPU floor at factor: that over the CPUs; 0: not known, or above the
 * traced span at factor 1 (the trace's CPUs or times are wrong) */
uint64_t cpu_floor(const struct model *m, const struct replay *r, double factor);
void replay_free(struct replay *r);

#endif

/* report_handoff.h - the hand-off model of the --what-if replay
 * (report_handoff.c): what a waiter pays between the release it waited for
 * and its own grant, learned per lock from the trace and chosen in the
 * replay by how long the waiter now waits; and the predictions under each
 * hand-off assumption, their range and findings (docs/lockwait-manual.md,
 * "What if a lock's holds were shorter"). */
#ifndef LOCKWAIT_REPORT_HANDOFF_H
#define LOCKWAIT_REPORT_HANDOFF_H

#include <stddef.h>
#include <stdint.h>

/* the assumption a replay runs under: the learned mix, or every waiter
 * that waits in the replay spinning, or sleeping */
enum handoff_mode { HM_LEARNED, HM_ALL_SPIN, HM_ALL_SLEEP, HM_NMODES };

struct handoff_model {
    int two_kinds;   /* spin hand-offs and wake-ups told apart in the trace */
    uint64_t split;  /* hand-offs up to this are spins, above it wake-ups */
    uint64_t window; /* a wait up to this long before the release spins */
    int window_fits; /* it tells at least 3 in 4 waits' kinds; if not, each keeps its own */
    uint64_t *spin, *wake; /* the observed hand-offs of each kind, in trace order */
    size_t nspin, nwake, next_spin, next_wake; /* next_*: the next one drawn */
    enum handoff_mode mode;
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
void handoff_free(struct handoff_model *m);

/* ---- the predictions of one lock, with their range ---- */

/* one factor's prediction: wall_ns under the learned hand-offs (replay_ns
 * its replay), lo_ns..hi_ns the range over the assumptions replayed;
 * forced: the steps its replay let through out of order */
struct whatif_pred { uint64_t wall_ns, lo_ns, hi_ns, replay_ns; size_t forced; };
/* the replay at factor f under a hand-off assumption; *forced its count */
typedef uint64_t (*whatif_replay_fn)(void *ctx, double f, enum handoff_mode mode, size_t *forced);
/* out[i] for factors[i] under the first nmodes assumptions, each calibrated
 * by its own replay at 1 (wall: the traced span) and never longer than at a
 * larger factor */
void whatif_predict(whatif_replay_fn run, void *ctx, int nmodes, const double *factors, size_t nf, uint64_t wall,
                    struct whatif_pred *out);
/* the sentence for people: the first factor with the lock's name (said) */
void whatif_say(double f, double pct, const char *said, int first);
/* the findings: a wide range, many grants let through; the learned model */
void whatif_findings(const struct handoff_model *m, const double *factors, size_t nf, const struct whatif_pred *p,
                     uint64_t wall, size_t acquisitions, const char *said);

#endif

/* report_build.h - what the files that build the model share and the views
 * do not need: reading the records (report_load.c), the timelines
 * (report_model.c), the piece at a moment (report_pieces.c) and the search
 * of walks back in time (piece_at, report_critpath.c). */
#ifndef LOCKWAIT_REPORT_BUILD_H
#define LOCKWAIT_REPORT_BUILD_H

#include "report_model.h"
#include "../lw_search.h"

/* a trace that cannot be read: one line naming it, exit 2 */
#define FAIL(m, ...) (fprintf(stderr, "lockwait_report: %s: ", (m)->path), fprintf(stderr, __VA_ARGS__), \
                      fputc('\n', stderr), exit(EXIT_USAGE))

/* report_load.c: fn on each record (with its index), in order */
void each_record(struct model *m, void (*fn)(struct model *m, const struct lw_trace_record *r, size_t i));
void records_done(struct model *m); /* the trace is read: close it */

/* report_model.c */
/* the timeline of holds hs[0..n) (by start) without thread skip's (NOBODY:
 * none), into out (room for 2n + 1 segments); returns its length */
size_t timeline(const struct hold *hs, size_t n, uint32_t skip, struct tseg *out);
/* the last segment of sg[0..n) starting at or before t (sg[0].x is 0);
 * from: a guess at or before it, to gallop forward from (0: none) */
size_t seg_find_from(const struct tseg *sg, size_t n, uint64_t t, size_t from);
void seg_piece(const struct tseg *sg, size_t n, size_t k, const struct wait *w, struct piece *p);

/* LOWER_BOUND (../lw_search.h) for a walk back in time, as the critical
 * path's: the answer is mostly the one found last (hint) or the one before
 * it, so those are tried first (the result is the same) */
#define LOWER_BOUND_NEAR(lo, hi, hint, before)                                                           \
    do {                                                                                                 \
        size_t near_ = (hint), mid = near_;                                                              \
        if (near_ < (hi) && !(before))                                                                   \
            (hi) = near_;                                                                                \
        mid = near_ - 2;                                                                                 \
        if (near_ >= 2 && mid < (hi) && (before))                                                        \
            (lo) = near_ - 1;                                                                            \
        LOWER_BOUND(lo, hi, before);                                                                     \
    } while (0)

#endif

/* lw_report_idle.h - waiting for work or results, told apart from
 * contention (lw_report_idle.c). */
#ifndef LW_REPORT_IDLE_H
#define LW_REPORT_IDLE_H

#include <stdint.h>

#include "lw_record.h"

struct buf;
LW_HIDDEN void lw_classify(void); /* after the merge: joins, one-shot locks, each thread's idle time */
LW_HIDDEN uint64_t lw_contention_ns(const struct lw_lock *r); /* its waits that were contention */
/* the top locks by idle wait, gathered in the report's one pass over the locks (lw_report.c) */
#define LW_IDLE_MAX 16 /* locks listed in the idle section at most (of the top N) */
struct lw_idle_pick {
    long top, n; /* top: min(the report's top, LW_IDLE_MAX) */
    struct lw_lock *best[LW_IDLE_MAX];
};
LW_HIDDEN int lw_lock_in(const struct lw_lock *r, struct lw_lock *const *list, long n); /* r is in list[0..n) */
/* INDENT "<ended_by> H -> waiter W: N waits, X ms": holder/waiter pair p of r's details d */
LW_HIDDEN void lw_text_pair(struct buf *b, const char *indent, const struct lw_lock *r, const struct lw_detail *d,
                            int p);
LW_HIDDEN void lw_text_idle(struct buf *b, const struct lw_idle_pick *ip, struct lw_lock *const *shown, long nshown);

#endif

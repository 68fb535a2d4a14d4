/* lw_report_holds.h - the blocking holds in the report (lw_report_holds.c). */
#ifndef LW_REPORT_HOLDS_H
#define LW_REPORT_HOLDS_H

#include <stdint.h>

#include "lw_record.h"

struct buf;
LW_HIDDEN void lw_merge_blocking_holds(struct lw_lock *r, struct lw_tstat *e, uint32_t tid);
LW_HIDDEN void lw_text_blocking_holds(struct buf *b, const struct lw_lock *r);
LW_HIDDEN void lw_result_blocking_holds(struct buf *b, const struct lw_lock *r);
LW_HIDDEN struct lw_detail *lw_detail_of(struct lw_lock *r); /* created on need; NULL: no memory */
LW_HIDDEN void lw_merge_keyed(struct lw_keyed *slots, int cap, au64 *other_n, au64 *other_ns, uint64_t key,
                              uint64_t n, uint64_t ns, uint64_t max_ns);

#endif

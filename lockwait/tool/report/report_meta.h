/* report_meta.h - the names a version-2 trace gives (report_meta.c): stacks,
 * thread and lock labels, acquire sites, and the facts written with them
 * (LOCK_ONCE, WAIT_STACKS, HOLD_SUM). Part of the model: meta_load reads them. */
#ifndef LOCKWAIT_REPORT_META_H
#define LOCKWAIT_REPORT_META_H

#include "report_model.h"

void meta_thread_label(const struct model *m, uint32_t tid, char *out, size_t cap); /* "name-TID" or "tid-TID" */
void meta_lock_label(const struct model *m, uint32_t l, char *out, size_t cap); /* its symbol, or TYPE@0xADDR(init site) */
/* the same, " (0xADDR)" added if another lock has that label */
void meta_lock_label_unique(const struct model *m, uint32_t l, char *out, size_t cap);
void meta_stack_frames(const struct model *m, uint32_t id, char *out, size_t cap); /* outermost first, ';'-joined */
void meta_site_label(const struct model *m, uint64_t pc, char *out, size_t cap);  /* symbol+0xOFF, or 0xADDR */
uint64_t meta_stack_site(const struct model *m, uint32_t id);                     /* its innermost frame, 0: none */
int meta_took_once(const struct model *m, uint32_t tid, uint64_t lock); /* a LOCK_ONCE record says so (the join rule) */
/* the trace says how its waits' stacks were sampled (WAIT_STACKS): the first `first` waits per thread and
 * site walked, then 1 in `every`; `reused` waits took their site's last walked stack. 0: every wait walked */
int meta_wait_stacks(const struct model *m, uint64_t *first, uint64_t *every, uint64_t *reused);
int meta_hold_sums(const struct model *m); /* the trace has HOLD_SUM records (writers before them: none) */
/* tid's estimated total hold time of lock in *ns (HOLD_SUM); 0: not known (no record, or no hold timed) */
int meta_hold_sum(const struct model *m, uint32_t tid, uint64_t lock, uint64_t *ns);
uint64_t meta_lock_takes(const struct model *m, uint64_t lock); /* its acquisitions by all threads (HOLD_SUM); 0: not known */

#endif

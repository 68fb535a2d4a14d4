/* lw_names.h - names for the report at exit (lw_names.c): code, start
 * routines, locks and stacks, and their frames' file:line (addr2line). */
#ifndef LW_NAMES_H
#define LW_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "lw_record.h"

struct buf;
LW_HIDDEN void lw_name_fn(uintptr_t fn, char *out, size_t cap); /* a start routine */
LW_HIDDEN int lw_name_lock(uintptr_t addr, char *out, size_t cap); /* 1: a symbol in a module's data */
/* "function+0xOFF" for the call site that returns to pc, or "module+0xOFF" */
LW_HIDDEN void lw_site_name(uintptr_t pc, char *out, size_t cap);
LW_HIDDEN void lw_thread_name(struct lw_thread *t, char *out, size_t cap); /* its name, '_' for spaces */
LW_HIDDEN void lw_name_stack(uint32_t id, const char *sep, int outer, char *out, size_t cap);

LW_HIDDEN void lw_text_thread_starts(struct buf *b); /* every thread, by start routine and creator */
LW_HIDDEN void lw_text_stacks(struct buf *b, const struct lw_lock *r);
LW_HIDDEN void lw_result_stacks(struct buf *b, const struct lw_lock *r);
LW_HIDDEN void lw_stack_ref(uint32_t id, char *out, size_t cap); /* "ID" or "NA"; gets a kind=stack line */
LW_HIDDEN void lw_result_stack_defs(struct buf *b); /* kind=stack lines */
LW_HIDDEN void lw_names_refresh(void); /* a report not from a signal handler: the stacks read anew */
LW_HIDDEN void lw_names_want(const struct lw_lock *r); /* the stacks the text shows for r, for file:line */
LW_HIDDEN void lw_lines_prepare(void);       /* resolve the wanted frames at once */
LW_HIDDEN const char *lw_lines_status(void); /* "" or why there are no file:line */

#endif

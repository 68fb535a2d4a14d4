/* lw_output.h - where liblockwait's report, messages and trace go
 * (lw_output.c), and the buffer the report is written into. */
#ifndef LW_OUTPUT_H
#define LW_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include "lw_config.h"

LW_HIDDEN void *lw_map_zeroed(size_t n); /* zeroed pages (mmap, not malloc); NULL: none */
struct buf { /* the report being written (mapped pages: lw_output.c) */
    char *p;
    size_t len, cap;
};
LW_HIDDEN void bprintf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
typedef unsigned long long ull; /* what %llu prints: the report's counts are uint64_t */
static inline double lw_ms(uint64_t ns) /* the report's unit */
{
    return (double)ns / 1e6;
}

LW_HIDDEN void lw_err_note(struct lw_config *c); /* at start: who stderr is */
LW_HIDDEN int lw_deliver(int fd, const char *p, size_t n); /* 0 or an errno; never SIGPIPE */
LW_HIDDEN void lw_say(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* a line at exit */
/* where lw_report_write put the report: where asked, on stderr instead of
 * LOCKWAIT_OUT's file, or nowhere */
enum { LW_WROTE_ASKED, LW_WROTE_STDERR, LW_WROTE_LOST };
LW_HIDDEN int lw_report_write(const char *p, size_t n); /* to LOCKWAIT_OUT's file, else stderr: LW_WROTE_* */
LW_HIDDEN int lw_report_brief(void); /* at exit: one line if nothing was waited for (1), else 0 */
LW_HIDDEN void lw_trace_start(const struct lw_config *c); /* at start: the run's first process clears the path */
/* at exit or a signal that ends the program (why, lw_base.h): the header,
 * then lw_trace_records; the wake-up probe only at exit, not in a handler */
LW_HIDDEN void lw_trace_write(int why);

#endif

/* lw_interval.h - reports while the program runs, and every report one at
 * a time (lw_interval.c). */
#ifndef LW_INTERVAL_H
#define LW_INTERVAL_H

#include "lw_base.h"

struct buf;
LW_HIDDEN void lw_interval_start(void); /* at start: the reporting thread, the dump signal */
LW_HIDDEN void lw_interval_before(int why); /* after the merge: counters since the last periodic report */
LW_HIDDEN void lw_interval_after(int why);  /* after the report: a periodic one becomes the new base */
LW_HIDDEN void lw_records_zero(void);       /* before the merge: the merged counters back to 0 */
LW_HIDDEN void lw_report_now(int why, int even_if_busy); /* at exit, a signal or a period */
LW_HIDDEN void lw_report_occasion(struct buf *b, int why);        /* the report's first line */
LW_HIDDEN void lw_report_occasion_result(struct buf *b, int why); /* its RESULT kind=report line */

#endif

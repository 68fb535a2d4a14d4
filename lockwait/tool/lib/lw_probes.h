/* lw_probes.h - the library's own probes, counted, and their estimated
 * cost (lw_probes.c). */
#ifndef LW_PROBES_H
#define LW_PROBES_H

#include <stddef.h>
#include <stdint.h>

#include "lw_record.h"

struct lw_probe_cost {
    uint64_t n[LW_PROBES];
    double ns;       /* their estimated total */
    uint64_t cpu_ns; /* the process's CPU time so far */
    double share;    /* ns / cpu_ns */
    int over;        /* share above LOCKWAIT_PROBE_WARN percent (default 1) */
};
struct buf;
LW_HIDDEN void lw_probe_cost(struct lw_probe_cost *c);
LW_HIDDEN void lw_text_probe_cost(struct buf *b, const struct lw_probe_cost *c);   /* a line */
LW_HIDDEN void lw_result_probe_cost(struct buf *b, const struct lw_probe_cost *c); /* kind=process: last keys, \n */
LW_HIDDEN int lw_brief_probe_cost(char *out, size_t cap); /* the one-line report's part; snprintf's return */
LW_HIDDEN long lw_nvcsw(void); /* this thread's voluntary switches (getrusage), -1: unknown; not counted as a probe */

#endif

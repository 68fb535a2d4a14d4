/* report_views.h - the views of the model (report.c calls them): each reads
 * the model through a const pointer and calls only the model's functions
 * (report_model.h) and report_util.h. */
#ifndef LOCKWAIT_REPORT_VIEWS_H
#define LOCKWAIT_REPORT_VIEWS_H

#include "report_model.h"

/* report_output.c: the wait blocks for people; the RESULT lines of the
 * path's shares and of the top wait blocks (top: lines, 0 = all); -s; -f,
 * "thread;frame;...;frame;lock NS", outermost frame first */
void print_path(const struct model *m); /* kind=critpath, and the path's summary */
void say_blocks(const struct model *m, const struct block *bl, size_t nb, long top);
void print_shares(const struct model *m, const struct block *bl, size_t nb, long top, const struct select *sel);
void print_segs(const struct model *m);
void print_folded(const struct model *m);

/* report_export.c */
/* -j and -c FILE (NULL: not asked): writable, a file can be made beside it
 * (written there and renamed over FILE), and neither the trace, nor the -W
 * file, nor each other; checked before the report, exit 2 otherwise */
void export_check_outputs(const char *trace, const char *wpath, const char *json, const char *csv);
void export_chrome(const struct model *m, const char *file); /* -j: Chrome trace-event JSON */
void export_csv(const struct model *m, const char *file, const struct select *sel); /* -c: per-lock and per-stack rows */

/* report_tail.c: -W, the requests' kind=tail line; tail_read checks the
 * windows file (exit 2) before any output, tail_threads maps its tids */
struct windows;
struct windows *tail_read(const char *wpath);
void tail_threads(struct model *m, struct windows *ws);
void tail_windows(const struct model *m, struct windows *ws); /* frees ws */

/* report_blame.c: kind=blame, the contended waits charged to the holder's
 * acquire site and stack, largest first (top: lines, 0 = all) */
void blame(const struct model *m, long top, const struct select *sel);

/* report_whatif.c: --what-if, the replay with a lock's holds scaled by each
 * factor (0..1): lock l (what_if_lock_named), else (NOBODY) the top locks by
 * contended wait; kind=whatif lines and a sentence per lock */
void what_if(const struct model *m, const double *factors, size_t nf, uint32_t l, long top);
/* --lock: the lock a label or 0xADDR names; exit 2 unless it names one the replay can scale (a label
 * two locks share: their addresses said) */
uint32_t what_if_lock_named(const struct model *m, const char *label);

#endif

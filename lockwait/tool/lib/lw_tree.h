/* lw_tree.h - the records of a run of a process tree (lw_tree.c): each
 * process notes when it starts, forks and reports, in the launcher's run
 * directory, for the launcher's one summary of the tree. */
#ifndef LW_TREE_H
#define LW_TREE_H

#include <stddef.h>

#include "lw_base.h"

LW_HIDDEN void lw_tree_mark(const char *kind); /* "start", or "fork" in a fork's child */
/* why: LW_AT_EXIT or the signal that ends the process; wrote: where the
 * report went (LW_WROTE_*, lw_output.h), said when not where asked */
LW_HIDDEN void lw_tree_end(int why, int wrote);
LW_HIDDEN int lw_tree_top(void);     /* the launcher's child, or no tree: reports where the user asked */
LW_HIDDEN void lw_tree_report(const char *p, size_t n);

#endif

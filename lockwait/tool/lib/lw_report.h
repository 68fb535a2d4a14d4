/* lw_report.h - liblockwait's report (lw_report.c). */
#ifndef LW_REPORT_H
#define LW_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "lw_base.h"

/* lw_report(why): */
#define LW_AT_EXIT 0
#define LW_AT_INTERVAL (-1) /* a periodic report, or one the dump signal asked for */
LW_HIDDEN void lw_report(int why); /* LW_AT_EXIT, a signal number, or LW_AT_INTERVAL */

#endif

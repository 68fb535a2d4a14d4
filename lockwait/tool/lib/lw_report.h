/* lw_report.h - liblockwait's report (lw_report.c). */
#ifndef LW_REPORT_H
#define LW_REPORT_H

#include "lw_base.h"

LW_HIDDEN void lw_report(int why); /* LW_AT_EXIT, a signal number, or LW_AT_INTERVAL (lw_base.h) */

#endif

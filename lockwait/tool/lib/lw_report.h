/* lw_report.h - liblockwait's report (lw_report.c). */
#ifndef LW_REPORT_H
#define LW_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "lw_base.h"

/* lw_report(why): LW_AT_EXIT, LW_AT_INTERVAL (lw_base.h) or a signal */
LW_HIDDEN void lw_report(int why); /* LW_AT_EXIT, a signal number, or LW_AT_INTERVAL */

#endif

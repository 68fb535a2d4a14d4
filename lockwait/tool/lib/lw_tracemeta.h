/* lw_tracemeta.h - the end of a trace (lw_tracemeta.c). */
#ifndef LW_TRACEMETA_H
#define LW_TRACEMETA_H

#include "lw_base.h"

/* after the events, what names them (trace.h records 7-12); returns err or a new errno */
LW_HIDDEN int lw_trace_meta(int fd, int err);

#endif

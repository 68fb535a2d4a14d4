/* lw_tracemeta.h - a trace's records after its header (lw_tracemeta.c). */
#ifndef LW_TRACEMETA_H
#define LW_TRACEMETA_H

#include "lw_base.h"

/* the events, then with meta what names them (trace.h records 7-12); returns err or a new errno */
LW_HIDDEN int lw_trace_records(int fd, int err, int meta);

#endif

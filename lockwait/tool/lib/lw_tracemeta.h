/* lw_tracemeta.h - a trace's records after its header (lw_tracemeta.c). */
#ifndef LW_TRACEMETA_H
#define LW_TRACEMETA_H

#include <stdint.h>

#include "lw_base.h"

struct lw_wake_level; /* lw_wakeprobe.h */

/* the events, then with meta what names them (trace.h records 7-17), the
 * nwake WAKEUP records of wake[], and the END record, whose checksum
 * continues sum (the header's); returns err or a new errno */
LW_HIDDEN int lw_trace_records(int fd, int err, int meta, const struct lw_wake_level *wake, int nwake,
                               uint64_t sum);

/* at a thread's exit, while tracing: the CPUs it could run on join the
 * trace's count (THREAD_INFO) */
LW_HIDDEN void lw_trace_note_cpus(void);
/* in a fork child: its parent's threads' CPUs are not its own */
LW_HIDDEN void lw_trace_forget_cpus(void);

#endif

/* lw_wakeprobe.h - the machine's wake-up latency by sleep length, measured
 * as a trace is written (lw_wakeprobe.c; trace.h's WAKEUP records). */
#ifndef LW_WAKEPROBE_H
#define LW_WAKEPROBE_H

#include <stdint.h>

#include "lw_base.h"

#define LW_WAKE_LEVELS 7   /* sleep lengths: 1, 2, 3, 5, 10, 20, 50 us */
#define LW_WAKE_SAMPLES 31 /* wake-ups per sleep length (fewer when the sleeper was not yet asleep) */

struct lw_wake_level {
    uint64_t sleep_ns; /* how long the sleeper slept before the wake call */
    uint64_t n;        /* wake-ups measured */
    uint64_t p10, p25, median, p75, p90; /* from the wake call to the sleeper running, ns */
};

/* out[] by increasing sleep length; returns the levels measured: 0 when it
 * cannot (not Linux, one CPU, no pinning, a thread not run in time) */
LW_HIDDEN int lw_wakeup_probe(struct lw_wake_level out[LW_WAKE_LEVELS]);

#endif

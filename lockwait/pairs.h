/* pairs.h - what lockwait/pairs.c (the pairing loop) and
 * lockwait/pairs_intervals.c (the intervals over its pairs) share: the
 * columns of a pair's figures, in the order of the figures file. */
#ifndef LOCKWAIT_PAIRS_H
#define LOCKWAIT_PAIRS_H

#include <stddef.h>

/* An overhead pair's figures: the wall-time ratio wrapped/bare first, then
 * what kind=runs and kind=latency give medians of (NAN: not known, such
 * as the wrapped columns without the preload). */
#define OVERHEAD_COLUMNS(X)                                                                     \
    X(ratio) X(bare_ms) X(wrapped_ms) X(bare_kops_per_s) X(wrapped_kops_per_s) X(wait_share)   \
    X(sleep_share) X(contended_share) X(bare_p50_us) X(bare_p99_us) X(bare_max_us)             \
    X(wrapped_p50_us) X(wrapped_p99_us) X(wrapped_max_us) X(bare_nvcsw) X(wrapped_nvcsw)
/* A what-if pair's: half/full wall time, then the medians of kind=whatif_check. */
#define WHATIF_COLUMNS(X) X(whatif_ratio) X(full_ms) X(half_ms) X(full_nvcsw) X(half_nvcsw)

#define PAIRS_NAME(c) #c,
#define PAIRS_ONE(c) +1
enum { NCOL_OVERHEAD = 0 OVERHEAD_COLUMNS(PAIRS_ONE), NCOL_WHATIF = 0 WHATIF_COLUMNS(PAIRS_ONE) };
#define PAIRS_MAX_COLUMNS NCOL_OVERHEAD
/* a column's index by its name: PAIRS_COLUMN(bare_nvcsw) */
#define PAIRS_ENUM(c) COL_##c,
enum { OVERHEAD_COLUMNS(PAIRS_ENUM) };
#define PAIRS_COLUMN(c) COL_##c

/* The value of key in a RESULT line into buf ("" when absent): pairs.c */
const char *kv_get(const char *line, const char *key, char *buf, size_t cap);
/* lockwait_pairs intervals: pairs_intervals.c */
int intervals_main(int argc, char **argv);

#endif

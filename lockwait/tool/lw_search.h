/* lw_search.h - the one binary search of lockwait/tool, for the library
 * (lib/), lockwait_report (report/) and the symbol tables alike. */
#ifndef LOCKWAIT_SEARCH_H
#define LOCKWAIT_SEARCH_H

#include <stddef.h>

/* LOWER_BOUND(lo, hi, before): lo becomes the first index of [lo, hi) at
 * which `before`, an expression of the index `mid`, is false (hi when it
 * never is); `before` must hold on a prefix of the range and nowhere after
 * it. lo and hi are size_t variables; hi ends equal to lo. */
#define LOWER_BOUND(lo, hi, before)                                                                      \
    do {                                                                                                 \
        while ((lo) < (hi)) {                                                                            \
            size_t mid = (lo) + ((hi) - (lo)) / 2;                                                       \
            if (before)                                                                                  \
                (lo) = mid + 1;                                                                          \
            else                                                                                         \
                (hi) = mid;                                                                              \
        }                                                                                                \
    } while (0)

#endif

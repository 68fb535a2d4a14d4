/* report_util.h - lockwait_report's helpers (report_util.c): arrays that
 * grow (APPEND), zeroed arrays, and the stable sort by a leading 64-bit key; and
 * MAX, MIN and CMP. Every part of the reader may use them; they know
 * nothing of the trace. */
#ifndef LOCKWAIT_REPORT_UTIL_H
#define LOCKWAIT_REPORT_UTIL_H

#include <stddef.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
/* -1, 0 or 1 as a is below, equal to or above b: the comparisons of qsort */
#define CMP(a, b) (((a) > (b)) - ((a) < (b)))

void *zalloc(size_t n, size_t elem); /* zeroed, or exit 1 */
void *grow(void *p, size_t *cap, size_t need, size_t elem); /* room for need elements */
/* &arr[n++], arr grown first to hold it (cap: its room) */
#define APPEND(arr, n, cap) ((arr) = grow((arr), &(cap), (n) + 1, sizeof *(arr)), &(arr)[(n)++])
void sort_by_key(void *base, size_t n, size_t size); /* stable, by the leading uint64_t */

#endif

/* lw_array.h - arrays without malloc, for liblockwait and the symbol tables
 * (lw_symbols.c, in the library and in lockwait_report alike): a sort in
 * place and a growth through the caller's allocator, so that a report
 * written from a signal handler can sort and grow its arrays (the signal may
 * have come inside malloc, and glibc's qsort mallocs a buffer for an array
 * over 1 KiB). */
#ifndef LOCKWAIT_ARRAY_H
#define LOCKWAIT_ARRAY_H

#include <stddef.h>

/* as qsort(base, n, size, cmp), with no memory of its own: a heapsort,
 * O(n log n), not stable (cmp must order every pair whose order matters) */
void lw_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));

/* An allocator: n zeroed bytes, or NULL, and the function that gives a
 * block back (NULL: none, the block stays). liblockwait's is its arena
 * (lw_alloc), never freed; lockwait_report's is calloc's, with free. */
typedef void *lw_alloc_fn(size_t n);
typedef void lw_free_fn(void *p);

/* A copy of the n elements (of size bytes) at old in a new block from
 * alloc with room for `need` or twice *cap, whichever is more (*cap
 * updated), old then given to release (when not NULL: lockwait_report's
 * calloc blocks were left behind unreachable, and LeakSanitizer failed its
 * ASan build); NULL: out of memory, old unchanged. In the arena, doubling
 * keeps all the blocks left behind smaller than the last. */
void *lw_grow(lw_alloc_fn *alloc, lw_free_fn *release, void *old, size_t n, size_t *cap, size_t need, size_t size);

#endif

/* report_util.c - lockwait_report's helpers: growing and zeroed arrays,
 * and the stable merge sort by a leading 64-bit key that the model's
 * per-thread runs call for. */
#define _GNU_SOURCE
#include "common.h"
#include "report_util.h"

#include <stdlib.h>
#include <string.h>

void *grow(void *p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    p = realloc(p, c * elem);
    if (!p)
        die("out of memory (%zu bytes)", c * elem);
    *cap = c;
    return p;
}

void *zalloc(size_t n, size_t elem)
{
    void *p = calloc(n ? n : 1, elem);
    if (!p)
        die("out of memory (%zu x %zu bytes)", n, elem);
    return p;
}

/* A stable sort of n elements of `size` bytes by the uint64_t that starts
 * each one. The inputs are a few runs already in order (one per thread
 * buffer): neighbouring runs are merged in pairs until one is left, so the
 * time is n log(runs). */
static uint64_t key_at(const char *p)
{
    uint64_t k;
    memcpy(&k, p, sizeof k);
    return k;
}
static void copy_elem(char *d, const char *s, size_t size)
{
    switch (size) { /* fixed sizes: copied inline */
    case 16: memcpy(d, s, 16); break;
    case 24: memcpy(d, s, 24); break;
    default: memcpy(d, s, size); break;
    }
}

/* the runs a[lo, mid) and a[mid, hi) into one, through tmp; at equal keys
 * the left run's first, which keeps the sort stable */
static void merge(char *a, char *tmp, size_t lo, size_t mid, size_t hi, size_t size)
{
    size_t i = lo, j = mid, o = 0;
    while (i < mid || j < hi) {
        int left = j == hi || (i < mid && key_at(a + i * size) <= key_at(a + j * size));
        copy_elem(tmp + o++ * size, a + (left ? i++ : j++) * size, size);
    }
    memcpy(a + lo * size, tmp, (hi - lo) * size);
}

void sort_by_key(void *base, size_t n, size_t size)
{
    char *a = base;
    size_t *start = NULL, nr = 0, cap = 0; /* run r is [start[r], start[r + 1]) */
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || key_at(a + i * size) < key_at(a + (i - 1) * size)) {
            start = grow(start, &cap, nr + 2, sizeof *start);
            start[nr++] = i;
        }
    }
    char *tmp = nr > 1 ? xmalloc(size * n) : NULL;
    while (nr > 1) {
        size_t kept = 0;
        start[nr] = n;
        for (size_t r = 0; r < nr; r += 2) {
            if (r + 1 < nr)
                merge(a, tmp, start[r], start[r + 1], start[r + 2], size);
            start[kept++] = start[r];
        }
        nr = kept;
    }
    free(tmp);
    free(start);
}

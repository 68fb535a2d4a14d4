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
 * buffer): the runs are merged in one pass through a heap of their heads
 * (ties go to the earlier run, which keeps the sort stable). */
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
struct head { uint64_t key; size_t run; };
static int head_before(const struct head *x, const struct head *y)
{
    return x->key < y->key || (x->key == y->key && x->run < y->run);
}

/* Move h[j] down the heap of n heads until neither child comes before it. */
static void sift_down(struct head *h, size_t n, size_t j)
{
    for (;;) {
        size_t c = 2 * j + 1;
        if (c >= n)
            return;
        if (c + 1 < n && head_before(&h[c + 1], &h[c]))
            c++;
        if (!head_before(&h[c], &h[j]))
            return;
        struct head t = h[c];
        h[c] = h[j];
        h[j] = t;
        j = c;
    }
}
void sort_by_key(void *base, size_t n, size_t size)
{
    char *a = base;
    size_t *start = NULL, nr = 0, cap = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || key_at(a + i * size) < key_at(a + (i - 1) * size)) {
            start = grow(start, &cap, nr + 2, sizeof *start);
            start[nr++] = i;
        }
    }
    if (nr <= 1) {
        free(start);
        return;
    }
    start[nr] = n;
    size_t *pos = xmalloc(sizeof *pos * nr);
    struct head *h = xmalloc(sizeof *h * nr);
    for (size_t r = 0; r < nr; r++) {
        pos[r] = start[r];
        h[r] = (struct head){key_at(a + start[r] * size), r};
    }
    for (size_t i = nr / 2; i-- > 0;) /* heapify */
        sift_down(h, nr, i);
    char *dst = xmalloc(size * n);
    size_t live = nr;
    for (size_t o = 0; o < n; o++) {
        size_t r = h[0].run;
        copy_elem(dst + o * size, a + pos[r] * size, size);
        if (++pos[r] < start[r + 1])
            h[0].key = key_at(a + pos[r] * size);
        else
            h[0] = h[--live];
        sift_down(h, live, 0); /* the new head */
    }
    memcpy(a, dst, size * n);
    free(dst);
    free(h);
    free(pos);
    free(start);
}

/* lw_array.c - arrays without malloc (see lw_array.h). */
#include "lw_array.h"

#include <string.h>

/* the size bytes at a and b exchanged */
static void swap(unsigned char *a, unsigned char *b, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        unsigned char t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

/* the element at `top` sunk into the heap [0, n) below it: while a child
 * is larger, it swaps with the larger child */
static void sift_down(unsigned char *a, size_t top, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    for (size_t child; (child = 2 * top + 1) < n; top = child) {
        if (child + 1 < n && cmp(a + child * size, a + (child + 1) * size) < 0)
            child++;
        if (cmp(a + top * size, a + child * size) >= 0)
            return;
        swap(a + top * size, a + child * size, size);
    }
}

void lw_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    unsigned char *a = base;
    if (n < 2)
        return;
    for (size_t i = n / 2; i-- > 0;) /* a max-heap: every parent at least its children */
        sift_down(a, i, n, size, cmp);
    for (size_t end = n - 1; end > 0; end--) { /* the largest left to the end of what is unsorted */
        swap(a, a + end * size, size);
        sift_down(a, 0, end, size, cmp);
    }
}

void *lw_grow(lw_alloc_fn *alloc, lw_free_fn *release, void *old, size_t n, size_t *cap, size_t need, size_t size)
{
    size_t c = *cap * 2 > need ? *cap * 2 : need;
    void *p = alloc(c * size);
    if (!p)
        return NULL;
    if (n)
        memcpy(p, old, n * size);
    if (release && old)
        release(old);
    *cap = c;
    return p;
}

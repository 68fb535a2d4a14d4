/* report_folded.c - lockwait_report -f: the folded output
 * "thread;frame;...;frame;lock NS" (outermost frame first), one line per
 * thread, stack and lock, for flame graphs. A version-1 trace, or one from
 * a run with stacks off, folds to "thread;lock NS". */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_views.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

struct fold { uint32_t thread, stack, lock, cls; uint64_t ns; };

static int fold_cmp(const void *a, const void *b)
{
    const struct fold *x = a, *y = b;
    if (x->thread != y->thread)
        return x->thread < y->thread ? -1 : 1;
    if (x->stack != y->stack)
        return x->stack < y->stack ? -1 : 1;
    if (x->lock != y->lock)
        return x->lock < y->lock ? -1 : 1;
    return x->cls < y->cls ? -1 : x->cls > y->cls;
}

static void print_fold(const struct model *m, const struct fold *f)
{
    char t[64], l[256], frames[64 * 257]; /* up to 64 frames of up to 255 bytes, ';'-joined */
    meta_thread_label(m, m->th[f->thread].tid, t, sizeof t);
    meta_lock_label(m, f->lock, l, sizeof l);
    meta_stack_frames(m, f->stack, frames, sizeof frames);
    /* waits apart from contention keep their stack, marked: "lock[join]" */
    printf("%s%s%s;%s%s%s%s %" PRIu64 "\n", t, frames[0] ? ";" : "", frames, l, f->cls ? "[" : "",
           f->cls ? lw_wait_class_name((int)f->cls) : "", f->cls ? "]" : "", f->ns);
}

/* the waits summed per (thread, stack, lock), in thread order */
void print_folded(const struct model *m)
{
    struct fold *f = zalloc(m->mstat.waits, sizeof *f);
    size_t n = 0;
    for (uint32_t i = 0; i < m->nth; i++)
        for (size_t k = 0; k < m->th[i].nwait; k++) {
            const struct wait *w = &m->waits[m->th[i].wait_off + k];
            f[n++] = (struct fold){i, w->stack, w->lock, w->cls, w->e - w->s};
        }
    qsort(f, n, sizeof *f, fold_cmp);
    for (size_t i = 0; i < n;) {
        struct fold sum = f[i];
        size_t j = i + 1;
        for (; j < n && !fold_cmp(&f[j], &f[i]); j++)
            sum.ns += f[j].ns;
        print_fold(m, &sum);
        i = j;
    }
    free(f);
}

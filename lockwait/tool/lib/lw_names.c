/* lw_names.c - names in liblockwait's report, at exit: functions for code
 * addresses and stacks, symbols for locks in a module's data, start routines
 * for threads (from the modules: lw_modules.c), and the report's
 * stack sections and RESULT lines. Runs once, at exit; may allocate. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lw_names.h"
#include "../lw_search.h"
#include "../lw_symbols.h"
#include "lw_core.h"
#include "lw_lines.h"
#include "lw_modules.h"
#include "lw_output.h"
#include "lw_record.h"
#include "lw_stacks.h"

/* a function's name from its entry address ("writer_main", no "+0x0") */
void lw_name_fn(uintptr_t fn, char *out, size_t cap)
{
    lw_syms_name(lw_modules_syms(), fn, LW_SYM_CODE, out, cap);
    size_t n = strlen(out);
    if (n > 4 && !strcmp(out + n - 4, "+0x0"))
        out[n - 4] = 0;
}

/* the lock's symbol when it lies in a module's data; 0 when it does not */
int lw_name_lock(uintptr_t addr, char *out, size_t cap)
{
    char tmp[256];
    if (lw_syms_name(lw_modules_syms(), addr, LW_SYM_DATA, tmp, sizeof tmp) != 2)
        return 0;
    size_t n = strlen(tmp); /* "name+0x0" reads better as "name" */
    if (n > 4 && !strcmp(tmp + n - 4, "+0x0"))
        tmp[n - 4] = 0;
    snprintf(out, cap, "%s", tmp);
    return 1;
}

/* frames of stack id, innermost first, joined by sep (outer: outermost first) */
void lw_name_stack(uint32_t id, const char *sep, int outer, char *out, size_t cap)
{
    const struct lw_stack *s = lw_stack_get(id);
    size_t o = 0;
    out[0] = 0;
    for (uint32_t k = 0; s && k < s->n && o + 1 < cap; k++) {
        char f[256];
        lw_site_name(s->pc[outer ? s->n - 1 - k : k], f, sizeof f);
        int w = snprintf(out + o, cap - o, "%s%s", k ? sep : "", f);
        o += w > 0 ? (size_t)w : 0;
    }
    if (o >= cap && cap > 4)
        memcpy(out + cap - 4, "...", 4);
}

/* ---------------------------------------------------------------- stacks named in the report */

static uint32_t *used;
static size_t nused, capused;

static void stack_used(uint32_t id)
{
    if (!id)
        return;
    for (size_t i = 0; i < nused; i++)
        if (used[i] == id)
            return;
    if (nused == capused) {
        size_t c = capused ? capused * 2 : 64;
        uint32_t *g = realloc(used, c * sizeof *g);
        if (!g)
            return;
        used = g;
        capused = c;
    }
    used[nused++] = id;
}

/* ---------------------------------------------------------------- per (lock, stack) */

static struct lw_lstack **all; /* every (lock, stack) sum: by lock, then most wait first */
static size_t nall;

static int lstack_cmp(const void *a, const void *b)
{
    const struct lw_lstack *x = *(struct lw_lstack *const *)a, *y = *(struct lw_lstack *const *)b;
    if (x->lock != y->lock)
        return (uintptr_t)x->lock < (uintptr_t)y->lock ? -1 : 1;
    uint64_t wx = LD(x->wait_ns), wy = LD(y->wait_ns);
    if (wx != wy)
        return wx > wy ? -1 : 1;
    return x->stack < y->stack ? -1 : x->stack > y->stack;
}

static void collect(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    size_t cap = 0;
    for (struct lw_lstack *s = lw_lstacks(); s; s = s->next) {
        if (nall == cap) {
            size_t c = cap ? cap * 2 : 256;
            struct lw_lstack **g = realloc(all, c * sizeof *g);
            if (!g)
                break;
            all = g;
            cap = c;
        }
        all[nall++] = s;
    }
    if (nall)
        qsort(all, nall, sizeof *all, lstack_cmp);
}

/* the sums of lock r: *n of them from the returned one */
static struct lw_lstack **stacks_of(const struct lw_lock *r, size_t *n)
{
    collect();
    size_t lo = 0, hi = nall;
    LOWER_BOUND(lo, hi, (uintptr_t)all[mid]->lock < (uintptr_t)r);
    size_t e = lo;
    while (e < nall && all[e]->lock == r)
        e++;
    *n = e - lo;
    return all ? all + lo : NULL;
}

#define STACKS_SHOWN 5 /* per lock in the text; RESULT lines: LW_STACKS_RESULT */
#define STACKS_RESULT 20

void lw_names_want(const struct lw_lock *r)
{
    size_t n;
    struct lw_lstack **s = stacks_of(r, &n);
    for (size_t k = 0; k < n && k < STACKS_SHOWN; k++)
        lw_lines_want(s[k]->stack);
}

void lw_text_stacks(struct buf *b, const struct lw_lock *r)
{
    size_t n;
    struct lw_lstack **s = stacks_of(r, &n);
    if (!n)
        return;
    bprintf(b, "   wait stacks (%zu, most wait first; innermost frame first):\n", n);
    uint64_t rest_ns = 0, rest_n = 0;
    for (size_t k = 0; k < n; k++) {
        if (k >= STACKS_SHOWN) {
            rest_ns += LD(s[k]->wait_ns);
            rest_n += LD(s[k]->n);
            continue;
        }
        const struct lw_stack *st = lw_stack_get(s[k]->stack);
        bprintf(b, "     %llu waits, %.3f ms, max %.3f ms:\n", (unsigned long long)LD(s[k]->n),
                (double)LD(s[k]->wait_ns) / 1e6, (double)LD(s[k]->max_wait_ns) / 1e6);
        for (uint32_t j = 0; st && j < st->n; j++) {
            char f[256], line[512];
            lw_site_name(st->pc[j], f, sizeof f);
            bprintf(b, "       %s %s%s\n", j ? "by" : "at", f, lw_line_of(st->pc[j], line, sizeof line));
        }
    }
    if (rest_n)
        bprintf(b, "     other stacks: %llu waits, %.3f ms\n", (unsigned long long)rest_n, (double)rest_ns / 1e6);
}

/* kind=lockstack lines of lock r (its top stacks), noting the ids used */
void lw_result_stacks(struct buf *b, const struct lw_lock *r)
{
    size_t n;
    struct lw_lstack **s = stacks_of(r, &n);
    for (size_t k = 0; k < n && k < STACKS_RESULT; k++) {
        bprintf(b, "RESULT exp=lockwait kind=lockstack pid=%u lock=%#lx stack_id=%u waits=%llu timeouts=%llu "
                   "wait_ns=%llu max_wait_ns=%llu\n",
                lw.pid, (unsigned long)r->addr, s[k]->stack, (unsigned long long)LD(s[k]->n),
                (unsigned long long)LD(s[k]->timeouts), (unsigned long long)LD(s[k]->wait_ns),
                (unsigned long long)LD(s[k]->max_wait_ns));
        stack_used(s[k]->stack);
    }
}

/* stack id as a RESULT value ("NA": none), noted for its kind=stack line */
void lw_stack_ref(uint32_t id, char *out, size_t cap)
{
    stack_used(id);
    if (id)
        snprintf(out, cap, "%u", id);
    else
        snprintf(out, cap, "NA");
}

/* kind=stack lines: the frames of every stack id the report named */
void lw_result_stack_defs(struct buf *b)
{
    char frames[4096];
    for (size_t i = 0; i < nused; i++) {
        const struct lw_stack *s = lw_stack_get(used[i]);
        lw_name_stack(used[i], ";", 1, frames, sizeof frames);
        bprintf(b, "RESULT exp=lockwait kind=stack pid=%u stack_id=%u frame_count=%u frames=%s\n", lw.pid, used[i],
                s ? s->n : 0, frames[0] ? frames : "NA");
    }
    free(used);
    used = NULL;
    nused = capused = 0;
}

/* ---------------------------------------------------------------- threads */

/* every thread lockwait saw, grouped by start routine and creator (the
 * thread lines list only the most blocked) */
void lw_text_thread_starts(struct buf *b)
{
    struct group { uintptr_t fn; uint32_t creator, n; } g[16];
    uint32_t ng = 0, other = 0, mains = 0;
    for (struct lw_thread *t = atomic_load_explicit(&lw.threads, memory_order_acquire); t; t = t->next) {
        if (t->is_main || !t->start_fn) {
            mains += t->is_main != 0;
            other += !t->is_main;
            continue;
        }
        uint32_t k = 0;
        while (k < ng && !(g[k].fn == t->start_fn && g[k].creator == t->creator))
            k++;
        if (k == ng && ng == sizeof g / sizeof g[0]) {
            other++;
            continue;
        }
        if (k == ng)
            g[ng++] = (struct group){t->start_fn, t->creator, 0};
        g[k].n++;
    }
    bprintf(b, "   threads seen: %u main", mains);
    for (uint32_t k = 0; k < ng; k++) {
        char fn[256];
        lw_name_fn(g[k].fn, fn, sizeof fn);
        bprintf(b, "; %u started in %s by tid %u", g[k].n, fn, g[k].creator);
    }
    if (other)
        bprintf(b, "; %u not seen starting (created before the library, or beyond 16 kinds)", other);
    bprintf(b, "\n");
}

/* ---------------------------------------------------------------- sites and threads */

/* "function+0xOFF" for the call site that returns to pc (from .symtab and
 * .dynsym on disk), or "module+0xOFF" where no symbol covers it */
void lw_site_name(uintptr_t pc, char *out, size_t cap)
{
    lw_syms_name(lw_modules_syms(), pc, LW_SYM_RETURN, out, cap);
}

void lw_thread_name(struct lw_thread *t, char *out, size_t cap)
{
    char path[64], name[32] = "";
    if (t->name[0]) {
        snprintf(name, sizeof name, "%.15s", t->name);
    } else if (!atomic_load_explicit(&t->exited, memory_order_acquire)) {
        snprintf(path, sizeof path, "/proc/self/task/%u/comm", t->tid);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            ssize_t n = read(fd, name, sizeof name - 1);
            close(fd);
            name[n > 0 ? n : 0] = 0;
        }
    }
    size_t j = 0;
    for (size_t i = 0; name[i] && j + 1 < cap; i++)
        if (name[i] != '\n')
            out[j++] = name[i] == ' ' || name[i] == '\t' ? '_' : name[i];
    if (j == 0 && cap > 1)
        out[j++] = '?';
    out[j] = 0;
}

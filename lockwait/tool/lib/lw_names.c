/* lw_names.c - names in liblockwait's report: functions for code addresses
 * and stacks, symbols for locks in a module's data, start routines for
 * threads (from the modules: lw_modules.c), the report's stack sections and
 * RESULT lines; first, file:line for the frames the text shows, the only
 * part that mallocs (never in a signal handler: lw_report.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#include <sys/wait.h>
#endif

#include "lw_names.h"
#include "../lw_search.h"
#include "../lw_array.h"
#include "../lw_symbols.h"
#include "lw_core.h"
#include "lw_modules.h"
#include "lw_output.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"

/* ---------------------------------------------------------------- file:line
 *
 * File:line for the frames of the report's stacks, through addr2line
 * (binutils) when installed, once per module at exit, as a child that cannot
 * disturb the program (docs/lockwait-stacks.md): clone(CLONE_VM |
 * CLONE_VFORK) with no exit signal, so the program gets no SIGCHLD and its
 * waitpid(-1) cannot reap it (only __WCLONE waits see it); every signal
 * blocked around the clone and reset to the default in the child; no
 * LD_PRELOAD (addr2line is not profiled); the program's descriptors
 * untouched (the child has its own table). Linux only; elsewhere no file:line. */
struct line { uint64_t pc; char *where; };
static struct line *lines;
static size_t nlines;
static const char *status = "";
static size_t prepared_for = SIZE_MAX; /* the stacks wanted when the lines were made */

#define MAX_PCS 4096  /* distinct frames resolved */
#define PER_RUN 256   /* addresses per addr2line run (its command line) */

#ifdef __linux__
static const char *addr2line_path(void)
{
    static const char *const where[] = {"/usr/bin/addr2line", "/bin/addr2line", "/usr/local/bin/addr2line"};
    for (size_t i = 0; i < sizeof where / sizeof where[0]; i++)
        if (access(where[i], X_OK) == 0)
            return where[i];
    return NULL;
}

struct child { const char *exe; char **argv; int out; };

static int child_main(void *p)
{
    const struct child *c = p;
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    for (int s = 1; s < NSIG; s++)
        lw_real.sigaction(s, &dfl, NULL); /* no handler of the program's, nor our wrapper's state (shared memory) */
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(null, 0) < 0 || dup2(null, 2) < 0 || dup2(c->out, 1) < 0)
        _exit(127);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    static char *const env[] = {"PATH=/usr/bin:/bin", "LC_ALL=C", NULL};
    execve(c->exe, c->argv, env);
    _exit(127);
}

/* run argv, its stdout into a malloc'd string (NULL: it could not run) */
static char *run(const char *exe, char **argv)
{
    int fd[2];
    if (pipe2(fd, O_CLOEXEC) != 0)
        return NULL;
    struct child c = {exe, argv, fd[1]};
    size_t stack_size = 64 << 10;
    char *stack = malloc(stack_size);
    sigset_t all, old;
    sigfillset(&all);
    /* no child unless the program's signals are held off while it shares our memory */
    int masked = pthread_sigmask(SIG_SETMASK, &all, &old) == 0;
    int ok = stack && masked && lw_real_one_sigaction();
    pid_t pid = ok ? clone(child_main, stack + stack_size, CLONE_VM | CLONE_VFORK, &c) : -1;
    if (masked && pthread_sigmask(SIG_SETMASK, &old, NULL) != 0)
        status = "the signal mask could not be restored after addr2line ran";
    free(stack); /* CLONE_VFORK: the child has exec'd or exited */
    close(fd[1]);
    char *out = NULL;
    size_t len = 0, cap = 0;
    while (pid > 0) {
        if (len + 4096 > cap) {
            char *g = realloc(out, cap = cap ? cap * 2 : 65536);
            if (!g)
                break;
            out = g;
        }
        ssize_t r = read(fd[0], out + len, cap - len - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        len += (size_t)r;
    }
    close(fd[0]);
    int st = 0;
    while (pid > 0 && waitpid(pid, &st, __WCLONE) < 0 && errno == EINTR)
        ;
    if (out)
        out[len] = 0;
    if (pid <= 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* The executable's path for addr2line: its name when that still is the
 * running file, or when there is no /proc (the path it was started by);
 * else (deleted, moved, or replaced on disk while it ran) the running file
 * itself through this process's /proc entry, which the child can open. */
static const char *exe_for_child(char *buf, size_t cap)
{
    const char *p = lw_modules_exe();
    struct stat on_disk, running;
    if (stat("/proc/self/exe", &running) != 0)
        return p[0] ? p : NULL;
    if (p[0] == '/' && stat(p, &on_disk) == 0 && on_disk.st_dev == running.st_dev && on_disk.st_ino == running.st_ino)
        return p;
    snprintf(buf, cap, "/proc/%ld/exe", (long)getpid());
    return buf;
}

/* resolve pcs[0..n) (all in module `path` with bias) into lines[] */
static void resolve(const char *exe, const char *path, uint64_t bias, const uint64_t *pcs, size_t n)
{
    char *argv[PER_RUN + 4], addr[PER_RUN][24];
    argv[0] = "addr2line";
    argv[1] = "-e";
    argv[2] = (char *)path;
    for (size_t i = 0; i < n; i++) {
        snprintf(addr[i], sizeof addr[i], "0x%llx", (ull)(pcs[i] - 1 - bias));
        argv[3 + i] = addr[i];
    }
    argv[3 + n] = NULL;
    char *out = run(exe, argv);
    char *p = out;
    for (size_t i = 0; p && *p && i < n; i++) {
        char *e = strchr(p, '\n');
        if (e)
            *e = 0;
        if (p[0] != '?' && strchr(p, ':') && !strstr(p, ":?") && strcmp(strrchr(p, ':'), ":0") != 0) {
            lines[nlines].pc = pcs[i];
            lines[nlines].where = strdup(lw_base_name(p));
            if (lines[nlines].where)
                nlines++;
        }
        p = e ? e + 1 : NULL;
    }
    if (!out && status[0] == 0)
        status = "addr2line failed to run";
    free(out);
}
#endif

/* a pc, or a struct line by its pc (the first member) */
static int u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* A set of stack ids, at most max; beyond cap it grows in the arena (kept
 * for the next report). */
struct ids {
    uint32_t *id;
    size_t n, cap, max;
};

static void ids_add(struct ids *s, uint32_t id)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->id[i] == id)
            return;
    if (!id || s->n == s->max)
        return;
    if (s->n == s->cap) {
        uint32_t *more = lw_grow(lw_alloc, NULL, s->id, s->n, &s->cap, 64, sizeof *more);
        if (!more)
            return;
        s->id = more;
    }
    s->id[s->n++] = id;
}

/* the stacks the text shows, for their file:line (lw_names_want) */
static uint32_t wanted_id[256];
static struct ids wanted = {wanted_id, 0, 256, 256};

/* the frames of the wanted stacks, distinct and by address (at most MAX_PCS) */
static size_t frames(uint64_t *pcs)
{
    size_t n = 0;
    for (size_t i = 0; i < wanted.n && n < MAX_PCS; i++) {
        const struct lw_stack *s = lw_stack_get(wanted.id[i]);
        for (uint32_t k = 0; s && k < s->n && n < MAX_PCS; k++)
            pcs[n++] = s->pc[k];
    }
    qsort(pcs, n, sizeof *pcs, u64_cmp);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || pcs[i] != pcs[m - 1])
            pcs[m++] = pcs[i];
    return m;
}

void lw_lines_prepare(void)
{
    if (prepared_for == wanted.n)
        return;
    /* again when a later report (after a periodic one) shows more stacks */
    for (size_t i = 0; i < nlines; i++)
        free(lines[i].where);
    free(lines);
    lines = NULL;
    nlines = 0;
    status = "";
    prepared_for = wanted.n;
#ifdef __linux__
    const char *exe = addr2line_path();
    if (!exe) {
        status = "no file:line: addr2line (binutils) is not installed";
        return;
    }
    uint64_t *pcs = malloc(MAX_PCS * sizeof *pcs);
    lines = malloc(MAX_PCS * sizeof *lines);
    size_t n = pcs && lines ? frames(pcs) : 0;
    struct lw_syms *s = lw_modules_syms();
    for (size_t i = 0; i < n;) { /* runs of frames in one module (sorted: modules are contiguous) */
        uint64_t bias;
        const char *path = lw_syms_module(s, pcs[i] - 1, &bias);
        uint64_t b2;
        size_t j = i + 1;
        while (j < n && j - i < PER_RUN && lw_syms_module(s, pcs[j] - 1, &b2) == path)
            j++;
        char exe_buf[64];
        if (path && !strcmp(path, "/proc/self/exe")) /* in the child that names addr2line */
            path = exe_for_child(exe_buf, sizeof exe_buf);
        int a_file = path && (path[0] == '/' || !strcmp(path, lw_modules_exe())); /* not the vDSO */
        if (a_file && lw_syms_has_lines(s, pcs[i] - 1))
            resolve(exe, path, bias, pcs + i, j - i);
        i = j;
    }
    free(pcs);
    if (n && !nlines && !status[0])
        status = "no file:line: no debug information found for the stacks' frames (build with -g)";
    if (nlines)
        qsort(lines, nlines, sizeof *lines, u64_cmp);
#else
    status = "no file:line on this system (addr2line runs on Linux only)";
#endif
}

/* " (file:line)" for a return address where addr2line knows it, else ""
 * (also when the report did not prepare the lines: one from a signal
 * handler, where addr2line, a child process, and malloc must not run) */
static const char *line_of(uintptr_t pc, char *out, size_t cap)
{
    size_t lo = 0, hi = nlines;
    LOWER_BOUND(lo, hi, lines[mid].pc < pc);
    if (lo < nlines && lines[lo].pc == pc)
        snprintf(out, cap, " (%s)", lines[lo].where);
    else
        out[0] = 0;
    return out;
}

const char *lw_lines_status(void)
{
    return status;
}

/* "name+0x0" reads better as "name" */
static void drop_zero_offset(char *name)
{
    size_t n = strlen(name);
    if (n > 4 && !strcmp(name + n - 4, "+0x0"))
        name[n - 4] = 0;
}

/* a function's name from its entry address ("writer_main", no "+0x0") */
void lw_name_fn(uintptr_t fn, char *out, size_t cap)
{
    lw_syms_name(lw_modules_syms(), fn, LW_SYM_CODE, out, cap);
    drop_zero_offset(out);
}

int lw_name_lock(uintptr_t addr, char *out, size_t cap)
{
    if (lw_syms_name(lw_modules_syms(), addr, LW_SYM_DATA, out, cap) != 2)
        return 0;
    drop_zero_offset(out);
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

/* the stacks the report's RESULT lines name, emptied after each report */
static struct ids used = {NULL, 0, 0, SIZE_MAX};

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

static int collected;

/* a report other than one from a signal handler: the sums are read anew
 * (a periodic report's would hide every (lock, stack) pair seen after it) */
void lw_names_refresh(void)
{
    collected = 0;
}

static void collect(void)
{
    static size_t cap;
    if (collected)
        return;
    collected = 1;
    nall = 0;
    for (struct lw_lstack *s = lw_lstacks(); s; s = s->next) {
        if (!LD(s->n) && !LD(s->timeouts))
            continue; /* none since the last periodic report */
        if (nall == cap) {
            struct lw_lstack **more = lw_grow(lw_alloc, NULL, all, nall, &cap, 256, sizeof *more);
            if (!more)
                break;
            all = more;
        }
        all[nall++] = s;
    }
    if (nall)
        lw_sort(all, nall, sizeof *all, lstack_cmp);
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

#define STACKS_SHOWN 5   /* per lock in the text */
#define STACKS_RESULT 20 /* per lock in RESULT lines */

void lw_names_want(const struct lw_lock *r)
{
    size_t n;
    struct lw_lstack **s = stacks_of(r, &n);
    for (size_t k = 0; k < n && k < STACKS_SHOWN; k++)
        ids_add(&wanted, s[k]->stack);
    struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
    if (d) /* the longest blocking hold's acquire stack (lw_report_holds.c) */
        ids_add(&wanted, (uint32_t)LD(d->bh.top[0].stack));
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
        bprintf(b, "     %llu waits, %.3f ms, max %.3f ms:\n", (ull)LD(s[k]->n), lw_ms(LD(s[k]->wait_ns)),
                lw_ms(LD(s[k]->max_wait_ns)));
        for (uint32_t j = 0; st && j < st->n; j++) {
            char f[256], line[512];
            lw_site_name(st->pc[j], f, sizeof f);
            bprintf(b, "       %s %s%s\n", j ? "by" : "at", f, line_of(st->pc[j], line, sizeof line));
        }
    }
    if (rest_n)
        bprintf(b, "     other stacks: %llu waits, %.3f ms\n", (ull)rest_n, lw_ms(rest_ns));
}

/* kind=lockstack lines of lock r (its top stacks), noting the ids used */
void lw_result_stacks(struct buf *b, const struct lw_lock *r)
{
    size_t n;
    struct lw_lstack **s = stacks_of(r, &n);
    for (size_t k = 0; k < n && k < STACKS_RESULT; k++) {
        bprintf(b, "RESULT exp=lockwait kind=lockstack pid=%u lock=%#lx stack_id=%u waits=%llu timeouts=%llu "
                   "wait_ns=%llu max_wait_ns=%llu\n",
                lw.pid, (unsigned long)r->addr, s[k]->stack, (ull)LD(s[k]->n), (ull)LD(s[k]->timeouts),
                (ull)LD(s[k]->wait_ns), (ull)LD(s[k]->max_wait_ns));
        ids_add(&used, s[k]->stack);
    }
}

void lw_stack_ref(uint32_t id, char *out, size_t cap)
{
    ids_add(&used, id);
    if (id)
        snprintf(out, cap, "%u", id);
    else
        snprintf(out, cap, "NA");
}

/* kind=stack lines: the frames of every stack id the report named */
void lw_result_stack_defs(struct buf *b)
{
    char frames[4096];
    for (size_t i = 0; i < used.n; i++) {
        const struct lw_stack *s = lw_stack_get(used.id[i]);
        lw_name_stack(used.id[i], ";", 1, frames, sizeof frames);
        bprintf(b, "RESULT exp=lockwait kind=stack pid=%u stack_id=%u frame_count=%u frames=%s\n", lw.pid, used.id[i],
                s ? s->n : 0, frames[0] ? frames : "NA");
    }
    used.n = 0;
}

/* ---------------------------------------------------------------- threads */

/* every thread lockwait saw, grouped by start routine and creator (the
 * thread lines list only the most blocked) */
void lw_text_thread_starts(struct buf *b)
{
    struct group { uintptr_t fn; uint32_t creator, n; } g[16];
    uint32_t ng = 0, other = 0, mains = 0;
    for (struct lw_thread *t = lw_threads(); t; t = t->next) {
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

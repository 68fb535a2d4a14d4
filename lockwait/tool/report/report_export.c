/* report_export.c - lockwait_report's exports for other tools:
 *   -j FILE  the trace as Chrome trace-event JSON (opens in Perfetto,
 *            ui.perfetto.dev, and chrome://tracing): one track per thread
 *            with its critical sections ("hold") and its waits ("wait", or
 *            "idle" for waits for work or results), and a flow arrow from
 *            the thread that kept each wait waiting at its end (its holder,
 *            or the releaser, signaller or poster) to the waiter
 *   -c FILE  CSV: one row per lock (record=lock) and one per lock and wait
 *            stack (record=stack): waits, wait time, idle waits, holds
 * Times in the JSON are microseconds from the trace's first event. */
#define _GNU_SOURCE
#include "common.h"
#include "report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *open_out(const char *file)
{
    FILE *f = fopen(file, "w");
    if (!f)
        die_usage("%s: %s", file, strerror(errno));
    setvbuf(f, NULL, _IOFBF, 1 << 20);
    return f;
}

static void close_out(FILE *f, const char *file)
{
    if (ferror(f) | fclose(f))
        die("writing %s failed", file);
}

/* s as a JSON string's contents (names may hold any byte but NUL) */
static void json_str(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f)
            fprintf(f, "\\u%04x", c); /* bytes above ASCII as Latin-1: valid JSON whatever they were */
        else
            fputc(c, f);
    }
}

static double us(uint64_t t)
{
    return (double)(t - t_first) / 1e3;
}

static char **lock_labels(void)
{
    char **names = zalloc(nlk ? nlk : 1, sizeof *names);
    for (uint32_t l = 0; l < nlk; l++) {
        char buf[256];
        meta_lock_label(l, buf, sizeof buf);
        names[l] = xmalloc(strlen(buf) + 1);
        memcpy(names[l], buf, strlen(buf) + 1);
    }
    return names;
}

static void free_labels(char **names)
{
    for (uint32_t l = 0; l < nlk; l++)
        free(names[l]);
    free(names);
}

static void json_threads(FILE *f)
{
    fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%" PRIu32 ",\"tid\":0,\"args\":{\"name\":\"pid %" PRIu32
               "\"}}", hdr.pid, hdr.pid);
    for (uint32_t i = 0; i < nth; i++) {
        char name[64];
        meta_thread_label(th[i].tid, name, sizeof name);
        fprintf(f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%" PRIu32 ",\"tid\":%" PRIu32
                   ",\"args\":{\"name\":\"", hdr.pid, th[i].tid);
        json_str(f, name);
        fprintf(f, "\"}}");
    }
}

static void json_holds(FILE *f, char **names)
{
    for (uint32_t i = 0; i < nth; i++)
        for (size_t k = 0; k < th[i].ncs; k++) {
            const struct cs *c = &css[th[i].cs_off + k];
            fprintf(f, ",\n{\"name\":\"hold ");
            json_str(f, names[c->lock]);
            fprintf(f, "\",\"cat\":\"hold\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":%" PRIu32 ",\"tid\":%" PRIu32
                       ",\"args\":{\"lock\":\"0x%" PRIx64 "\"}}",
                    us(c->s), (double)(c->e - c->s) / 1e3, hdr.pid, th[i].tid, lk[c->lock].addr);
        }
}

/* one wait's slice, and the flow arrow from who ended it; *flow: the next flow id */
static void json_wait(FILE *f, char **names, uint32_t i, const struct wait *w, uint64_t *flow)
{
    struct piece q = {0, 0, NOBODY, P_UNKNOWN};
    if (w->e > w->s)
        piece_at(w, w->e, &q);
    int idle = wait_is_idle(w, q.kind);
    int by = (q.kind == P_HOLDER || q.kind == P_RELEASER || q.kind == P_HINT) && q.by != i && q.by < nth;
    fprintf(f, ",\n{\"name\":\"%s ", idle ? "idle" : "wait");
    json_str(f, names[w->lock]);
    fprintf(f, "\",\"cat\":\"%s\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":%" PRIu32 ",\"tid\":%" PRIu32
               ",\"args\":{\"lock\":\"0x%" PRIx64 "\",\"timed_out\":%d",
            idle ? "idle" : "wait", us(w->s), (double)(w->e - w->s) / 1e3, hdr.pid, th[i].tid, lk[w->lock].addr,
            w->timed_out);
    if (by)
        fprintf(f, ",\"blocker\":%" PRIu32, th[q.by].tid);
    fprintf(f, "}}");
    if (!by)
        return;
    /* the arrow leaves the blocker's track inside its hold (or at its release) */
    uint64_t at = q.e > q.s ? q.e - 1 : q.e;
    fprintf(f, ",\n{\"name\":\"blocked\",\"cat\":\"blocker\",\"ph\":\"s\",\"id\":%" PRIu64 ",\"ts\":%.3f,\"pid\":%" PRIu32
               ",\"tid\":%" PRIu32 "},\n{\"name\":\"blocked\",\"cat\":\"blocker\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%" PRIu64
               ",\"ts\":%.3f,\"pid\":%" PRIu32 ",\"tid\":%" PRIu32 "}",
            *flow, us(at), hdr.pid, th[q.by].tid, *flow, us(w->e), hdr.pid, th[i].tid);
    ++*flow;
}

void export_chrome(const char *file)
{
    FILE *f = open_out(file);
    char **names = lock_labels();
    uint64_t flow = 1;
    fprintf(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"source\":\"lockwait_report\",\"trace\":\"");
    json_str(f, path);
    fprintf(f, "\"},\"traceEvents\":[\n");
    json_threads(f);
    json_holds(f, names);
    for (uint32_t i = 0; i < nth; i++)
        for (size_t k = 0; k < th[i].nwait; k++)
            json_wait(f, names, i, &waits[th[i].wait_off + k], &flow);
    fprintf(f, "\n]}\n");
    free_labels(names);
    close_out(f, file);
}

/* ---- CSV ---- */

/* a CSV field: quoted when it holds a comma, quote or line break */
static void csv_str(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

struct lstat { uint64_t waits, wait_ns, max_wait_ns, idle_waits, idle_ns, holds, hold_ns; };

/* per-lock sums of the waits (idle ones apart) and of the holds the trace timed */
static struct lstat *lock_stats(void)
{
    struct lstat *ls = zalloc(nlk ? nlk : 1, sizeof *ls);
    for (uint32_t i = 0; i < nth; i++)
        for (size_t k = 0; k < th[i].nwait; k++) {
            const struct wait *w = &waits[th[i].wait_off + k];
            struct lstat *x = &ls[w->lock];
            uint64_t d = w->e - w->s;
            struct piece q = {0, 0, NOBODY, P_UNKNOWN};
            if (w->e > w->s)
                piece_at(w, w->e, &q);
            x->waits++;
            x->wait_ns += d;
            x->max_wait_ns = MAX(x->max_wait_ns, d);
            if (wait_is_idle(w, q.kind)) {
                x->idle_waits++;
                x->idle_ns += d;
            }
        }
    for (uint32_t l = 0; l < nlk; l++)
        for (size_t k = 0; k < lk[l].nhold; k++) {
            const struct hold *h = &holds[lk[l].hold_off + k];
            ls[l].holds++;
            ls[l].hold_ns += h->e - h->s;
        }
    return ls;
}

static struct lstat *sel_stats;

int lock_selected(uint32_t l, const struct select *sel)
{
    if (!sel || (!sel->locked_min && !sel->contended_min))
        return 1;
    if (!sel_stats)
        sel_stats = lock_stats();
    return sel_stats[l].holds >= sel->locked_min && sel_stats[l].waits >= sel->contended_min;
}

struct skey { uint64_t key; uint32_t lock, stack; uint64_t n, ns, max_ns; }; /* key: lock << 32 | stack */

static int skey_cmp(const void *a, const void *b)
{
    uint64_t x = ((const struct skey *)a)->key, y = ((const struct skey *)b)->key;
    return x < y ? -1 : x > y;
}

/* one row per (lock, stack): the waits from that stack */
static void csv_stacks(FILE *f, char **names, const struct select *sel)
{
    struct skey *v = xmalloc(sizeof *v * (mstat.waits + 1));
    size_t n = 0;
    for (uint32_t i = 0; i < nth; i++)
        for (size_t k = 0; k < th[i].nwait; k++) {
            const struct wait *w = &waits[th[i].wait_off + k];
            if (w->stack)
                v[n++] = (struct skey){(uint64_t)w->lock << 32 | w->stack, w->lock, w->stack, 1, w->e - w->s,
                                       w->e - w->s};
        }
    qsort(v, n, sizeof *v, skey_cmp);
    char frames[4096];
    for (size_t a = 0, b; a < n; a = b) {
        struct skey s = v[a];
        for (b = a + 1; b < n && v[b].key == s.key; b++) {
            s.n++;
            s.ns += v[b].ns;
            s.max_ns = MAX(s.max_ns, v[b].ns);
        }
        if (!lock_selected(s.lock, sel))
            continue;
        meta_stack_frames(s.stack, frames, sizeof frames);
        fprintf(f, "stack,%" PRIu32 ",0x%" PRIx64 ",%s,", hdr.pid, lk[s.lock].addr, type_names[lk[s.lock].type]);
        csv_str(f, names[s.lock]);
        fprintf(f, ",%" PRIu32 ",", s.stack);
        csv_str(f, frames);
        fprintf(f, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",,,,,,\n", s.n, s.ns, s.max_ns);
    }
    free(v);
}

void export_csv(const char *file, const struct select *sel)
{
    FILE *f = open_out(file);
    char **names = lock_labels();
    struct lstat *ls = lock_stats();
    fprintf(f, "record,pid,lock,type,name,stack_id,frames,waits,wait_ns,max_wait_ns,idle_waits,idle_wait_ns,"
               "holds,hold_ns,path_cs_ns,path_wait_ns\n");
    for (uint32_t l = 0; l < nlk; l++) {
        if (!lock_selected(l, sel))
            continue;
        fprintf(f, "lock,%" PRIu32 ",0x%" PRIx64 ",%s,", hdr.pid, lk[l].addr, type_names[lk[l].type]);
        csv_str(f, names[l]);
        fprintf(f, ",,,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
                   ",%" PRIu64 "\n", ls[l].waits, ls[l].wait_ns, ls[l].max_wait_ns, ls[l].idle_waits, ls[l].idle_ns,
                ls[l].holds, ls[l].hold_ns, lk[l].cs_ns, lk[l].wait_ns);
    }
    csv_stacks(f, names, sel);
    free(ls);
    free_labels(names);
    close_out(f, file);
}

/* report_export.c - lockwait_report's exports for other tools (report.c's
 * usage describes them): -j, Chrome trace-event JSON, a track per thread
 * with its critical sections ("hold") and waits, and a flow arrow from who
 * ended each wait; -c, CSV rows per lock and per lock and wait stack. Both
 * files are checked before the report is printed (export_check_outputs). */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_views.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* -j and -c are written into a file made beside FILE (beside the file a
 * link of ours names) and renamed over it once whole: a write that fails (a
 * full disk, a file size limit) leaves FILE as it was, not cut short. A
 * FIFO or a device is written as it is. out_tmp: the file being written,
 * removed at exit unless renamed. */
static char out_tmp[4096], out_dest[4096];

static void out_tmp_remove(void)
{
    if (out_tmp[0] && unlink(out_tmp) != 0 && errno != ENOENT)
        fprintf(stderr, "lockwait_report: cannot remove %s: %s\n", out_tmp, strerror(errno));
}

/* into out_dest: FILE, or the name the chain of links at FILE ends at (a
 * link to a file not there yet included: export_check_outputs let ours through) */
static void out_resolve(const char *file)
{
    char target[4096];
    snprintf(out_dest, sizeof out_dest, "%s", file);
    struct stat ls;
    for (int hops = 0; hops < 40 && lstat(out_dest, &ls) == 0 && S_ISLNK(ls.st_mode); hops++) {
        ssize_t n = readlink(out_dest, target, sizeof target - 1);
        if (n < 0)
            die("-j/-c %s: %s", file, strerror(errno));
        target[n] = 0;
        char *slash = strrchr(out_dest, '/');
        int dir_len = target[0] == '/' || !slash ? 0 : (int)(slash - out_dest + 1);
        char next[4096];
        if ((size_t)snprintf(next, sizeof next, "%.*s%s", dir_len, out_dest, target) >= sizeof next)
            die("-j/-c %s: the name its link gives is over %zu bytes", file, sizeof next - 1);
        memcpy(out_dest, next, sizeof next);
    }
}

/* a file made in out_tmp, beside out_dest (FILE resolved), or -1 */
static int out_make_tmp(const char *file)
{
    out_resolve(file);
    const char *slash = strrchr(out_dest, '/');
    int dir_len = slash ? (int)(slash - out_dest + 1) : 0;
    if ((size_t)snprintf(out_tmp, sizeof out_tmp, "%.*s.%s.XXXXXX", dir_len, out_dest, slash ? slash + 1 : out_dest) >=
        sizeof out_tmp)
        die_usage("%s: a name of over %zu bytes", file, sizeof out_tmp - 16);
    static int registered;
    if (!registered && atexit(out_tmp_remove) != 0)
        die("%s: atexit failed", file);
    registered = 1;
    int fd = mkostemp(out_tmp, O_CLOEXEC);
    if (fd < 0)
        out_tmp[0] = 0;
    return fd;
}

/* a file's identity: its device and inode, or, for one not there yet, its
 * directory's and its name (two names of one file, as a link, compare equal;
 * a link to a file not there yet is that file); *dir_ok: whether a new file
 * could be made there */
struct file_id { dev_t dev; ino_t ino; char name[8192]; };
static struct file_id file_id(const char *file, int *dir_ok)
{
    struct stat st;
    struct file_id id = {0, 0, ""};
    if (stat(file, &st) == 0) {
        *dir_ok = !S_ISDIR(st.st_mode) && access(file, W_OK) == 0;
        id.dev = st.st_dev, id.ino = st.st_ino;
        return id;
    }
    const char *slash = strrchr(file, '/');
    char dir[4096], path[8192];
    ssize_t t = readlink(file, dir, sizeof dir - 1);
    if (t > 0) {
        dir[t] = 0;
        snprintf(path, sizeof path, "%.*s%s", dir[0] == '/' || !slash ? 0 : (int)(slash - file + 1), file, dir);
        slash = strrchr(file = path, '/');
    }
    int n = slash ? snprintf(dir, sizeof dir, "%.*s", (int)(slash - file + 1), file) : snprintf(dir, sizeof dir, ".");
    *dir_ok = 0;
    snprintf(id.name, sizeof id.name, "%s", file);
    if (n < 0 || (size_t)n >= sizeof dir || stat(dir, &st) != 0)
        return id;
    *dir_ok = S_ISDIR(st.st_mode) && access(dir, W_OK | X_OK) == 0;
    snprintf(id.name, sizeof id.name, "%s", slash ? slash + 1 : file);
    id.dev = st.st_dev, id.ino = st.st_ino;
    return id;
}
static int same_file(const struct file_id *a, const struct file_id *b)
{
    return a->dev == b->dev && a->ino == b->ino && !strcmp(a->name, b->name);
}

/* What fopen would trip on later, after the report is printed: an empty
 * name, a link to nothing, a FIFO nobody reads (its open waits for ever; one
 * with a reader is held open from here, so that the reader sees no end of
 * file before the export), and, as the library refuses it (lib/lw_output.c),
 * another user's link in a sticky directory (/tmp), which the kernel follows
 * where protected_symlinks is off: it may point at any file of ours. */
static void check_output_path(const char *flag, const char *file)
{
    struct stat ls, st, ds;
    if (!*file)
        die_usage("%s '': expected a FILE name", flag);
    if (lstat(file, &ls) == 0 && S_ISLNK(ls.st_mode)) {
        const char *slash = strrchr(file, '/');
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - file + 1) : 1, slash ? file : ".");
        if (stat(dir, &ds) == 0 && (ds.st_mode & S_ISVTX) && ls.st_uid != geteuid() && ls.st_uid != ds.st_uid)
            die_usage("%s %s: a symbolic link of another user (uid %u) in a sticky directory: it could point at any "
                      "file of yours, so it is not followed; name another file", flag, file, (unsigned)ls.st_uid);
        char target[4096];
        ssize_t n = stat(file, &st) == 0 ? 0 : readlink(file, target, sizeof target - 1);
        int ok = 1;
        if (n > 0) { /* a link to a file not there yet: made through it, where its directory allows */
            target[n] = 0;
            file_id(file, &ok);
        }
        if (!ok || n < 0)
            die_usage("%s %s: a symbolic link to %s, which cannot be made", flag, file, n > 0 ? target : "nothing");
    }
    if (stat(file, &st) == 0 && S_ISFIFO(st.st_mode) && open(file, O_WRONLY | O_NONBLOCK | O_CLOEXEC) < 0)
        die_usage("%s %s: %s", flag, file, errno == ENXIO ? "a FIFO nobody reads (writing would wait for ever)"
                                                          : strerror(errno));
}

/* A file access() allows may still not be made: root passes every
 * permission check, and /proc or /sys refuse the create itself (it was
 * found after the report was printed). A new file is made and removed
 * again, an existing regular one opened without truncating it; then a file
 * beside it (where it is written). A FIFO or a device is written as it is. */
static void probe_output(const char *flag, const char *file)
{
    struct stat st;
    int exists = stat(file, &st) == 0, fd;
    if (exists && !S_ISREG(st.st_mode))
        return;
    if (exists || lstat(file, &st) != 0) { /* (a link to a file not there yet: check_output_path's) */
        fd = open(file, O_WRONLY | O_CLOEXEC | (exists ? 0 : O_CREAT | O_EXCL), 0666);
        if (fd < 0)
            die_usage("%s %s: cannot be %s: %s", flag, file, exists ? "written" : "made", strerror(errno));
        if (close(fd) != 0 || (!exists && unlink(file) != 0))
            die_usage("%s %s: %s", flag, file, strerror(errno));
    }
    fd = out_make_tmp(file);
    int err = errno;
    if (fd < 0)
        die_usage("%s %s: cannot make a file beside %s (written there, then renamed over it): %s", flag, file,
                  out_dest, strerror(err));
    if (close(fd) != 0 || unlink(out_tmp) != 0)
        die("%s: %s", out_tmp, strerror(errno));
    out_tmp[0] = 0;
}

void export_check_outputs(const char *trace, const char *wpath, const char *json, const char *csv)
{
    const char *in[2] = {trace, wpath}, *out[2] = {json, csv}, *flag[2] = {"-j", "-c"};
    int ok;
    for (int i = 0; i < 2; i++) {
        if (!out[i])
            continue;
        check_output_path(flag[i], out[i]);
        struct file_id id = file_id(out[i], &ok), other;
        if (!ok)
            die_usage("%s %s: cannot be written (a directory, read-only, or in a directory that is missing or read-only)",
                      flag[i], out[i]);
        probe_output(flag[i], out[i]);
        for (int k = 0; k < 2; k++)
            if (in[k] && (other = file_id(in[k], &ok), same_file(&id, &other)))
                die_usage("%s %s: that is the %s it reads; writing it would destroy it", flag[i], out[i],
                          k ? "windows file (-W)" : "trace");
        if (i == 1 && out[0] && (other = file_id(out[0], &ok), same_file(&id, &other)))
            die_usage("-c %s: the same file as -j %s; give each its own", out[1], out[0]);
    }
}

static FILE *open_out(const char *file)
{
    struct stat st;
    int exists = stat(file, &st) == 0;
    FILE *f = NULL;
    if (exists && !S_ISREG(st.st_mode)) {
        f = fopen(file, "w");
    } else {
        int fd = out_make_tmp(file);
        if (fd < 0)
            die("%s: cannot make a file beside it: %s", file, strerror(errno));
        mode_t mask = umask(0); /* the mode fopen would give a new one; an old one's is kept */
        umask(mask);
        if (fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask) != 0 || !(f = fdopen(fd, "w")))
            die("%s: %s", out_tmp, strerror(errno));
    }
    if (!f)
        die_usage("%s: %s", file, strerror(errno));
    setvbuf(f, NULL, _IOFBF, 1 << 20);
    return f;
}

/* A failed write names the file and the reason (a full disk, EIO, a file
 * size limit): "writing the JSON failed" said neither. The buffer's last
 * flush is where most exports meet the error, so its errno is the one kept.
 * A whole file made beside FILE is renamed over it. */
static void close_out(FILE *f, const char *file)
{
    errno = 0;
    int failed = fflush(f) != 0 || ferror(f), err = errno;
    if (fclose(f) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    if (failed)
        die("writing %s: %s%s", file, err ? strerror(err) : "a write error", out_tmp[0] ? " (it is left as it was)" : "");
    if (out_tmp[0] && rename(out_tmp, out_dest) != 0)
        die("%s: cannot rename %s over it: %s", file, out_tmp, strerror(errno));
    out_tmp[0] = 0;
}

/* The JSON is written through a buffer with its own number formatting:
 * fprintf's took four fifths of the time on a big trace. Every piece put
 * is short (a name, a number, a literal): far less than the buffer. */
struct jout {
    FILE *f;
    const char *file;
    size_t n;
    char b[1 << 16];
};

static void jflush(struct jout *o)
{
    if (o->n && fwrite(o->b, 1, o->n, o->f) != o->n)
        die("writing %s: %s%s", o->file, strerror(errno), out_tmp[0] ? " (it is left as it was)" : "");
    o->n = 0;
}

static void jput(struct jout *o, const char *s, size_t n)
{
    if (o->n + n > sizeof o->b)
        jflush(o);
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

#define JLIT(o, lit) jput((o), (lit), sizeof(lit) - 1)

static void ju64(struct jout *o, uint64_t v)
{
    char d[24];
    size_t k = sizeof d;
    do
        d[--k] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    jput(o, d + k, sizeof d - k);
}

/* a time in ns as microseconds with three decimals ("12.345") */
static void jus(struct jout *o, uint64_t ns)
{
    char d[4] = {'.', (char)('0' + ns / 100 % 10), (char)('0' + ns / 10 % 10), (char)('0' + ns % 10)};
    ju64(o, ns / 1000);
    jput(o, d, 4);
}

/* the length of the valid UTF-8 sequence at s (2 to 4 bytes: no overlong
 * form, no surrogate, nothing above U+10FFFF), or 0 */
static size_t utf8_len(const unsigned char *s)
{
    size_t n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
    if (s[0] < 0xc2 || s[0] > 0xf4)
        return 0;
    for (size_t k = 1; k < n; k++)
        if ((s[k] & 0xc0) != 0x80) /* the NUL ends a cut sequence here too */
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) || /* overlong; surrogate */
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))   /* overlong; > U+10FFFF */
        return 0;
    return n;
}

/* s as a JSON string's contents (names may hold any byte but NUL): valid
 * UTF-8 as it is, control characters, quotes and backslashes escaped, each
 * byte of invalid UTF-8 as U+FFFD */
static void jstr(struct jout *o, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        size_t n = *p >= 0x80 ? utf8_len(p) : 1;
        if (*p == '"' || *p == '\\') {
            char e[2] = {'\\', (char)*p};
            jput(o, e, 2);
        } else if (*p < 0x20 || *p == 0x7f) {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", *p);
            jput(o, e, 6);
        } else if (n == 0) {
            JLIT(o, "\\ufffd");
            n = 1;
        } else {
            jput(o, (const char *)p, n);
        }
        p += n;
    }
}

struct label { char s[256]; };

/* every lock's label, looked up once */
static struct label *lock_labels(const struct model *m)
{
    struct label *names = zalloc(m->nlk, sizeof *names);
    for (uint32_t l = 0; l < m->nlk; l++)
        meta_lock_label(m, l, names[l].s, sizeof names[l].s);
    return names;
}

/* the fields every slice and flow end with: ,"pid":P,"tid":T */
static void jpid_tid(const struct model *m, struct jout *o, uint32_t tid)
{
    JLIT(o, ",\"pid\":");
    ju64(o, m->hdr.pid);
    JLIT(o, ",\"tid\":");
    ju64(o, tid);
}

static void json_threads(const struct model *m, struct jout *o)
{
    JLIT(o, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":");
    ju64(o, m->hdr.pid);
    JLIT(o, ",\"tid\":0,\"args\":{\"name\":\"pid ");
    ju64(o, m->hdr.pid);
    JLIT(o, "\"}}");
    for (uint32_t i = 0; i < m->nth; i++) {
        char name[64];
        meta_thread_label(m, m->th[i].tid, name, sizeof name);
        JLIT(o, ",\n{\"name\":\"thread_name\",\"ph\":\"M\"");
        jpid_tid(m, o, m->th[i].tid);
        JLIT(o, ",\"args\":{\"name\":\"");
        jstr(o, name);
        JLIT(o, "\"}}");
    }
}

/* a complete slice of lock l: name, category, start and length, then its
 * args, opened with the lock's address */
static void jslice(const struct model *m, struct jout *o, const char *what, const struct label *names, uint32_t l,
                   uint64_t s, uint64_t e, uint32_t tid)
{
    JLIT(o, ",\n{\"name\":\"");
    jput(o, what, strlen(what));
    JLIT(o, " ");
    jstr(o, names[l].s);
    JLIT(o, "\",\"cat\":\"");
    jput(o, what, strlen(what));
    JLIT(o, "\",\"ph\":\"X\",\"ts\":");
    jus(o, s - m->t_first);
    JLIT(o, ",\"dur\":");
    jus(o, e - s);
    jpid_tid(m, o, tid);
    char a[24];
    int n = snprintf(a, sizeof a, "0x%" PRIx64, m->lk[l].addr);
    JLIT(o, ",\"args\":{\"lock\":\"");
    jput(o, a, (size_t)n);
    JLIT(o, "\"");
}

static void json_holds(const struct model *m, struct jout *o, const struct label *names)
{
    for (uint32_t i = 0; i < m->nth; i++)
        for (size_t k = 0; k < m->th[i].ncs; k++) {
            const struct cs *c = &m->css[m->th[i].cs_off + k];
            jslice(m, o, "hold", names, c->lock, c->s, c->e, m->th[i].tid);
            JLIT(o, "}}");
        }
}

/* a flow arrow's start (ph s, on the blocker's track) or end (ph f) */
static void jflow(const struct model *m, struct jout *o, int end, uint64_t id, uint64_t t, uint32_t tid)
{
    JLIT(o, ",\n{\"name\":\"blocked\",\"cat\":\"blocker\",\"ph\":");
    if (end)
        JLIT(o, "\"f\",\"bp\":\"e\"");
    else
        JLIT(o, "\"s\"");
    JLIT(o, ",\"id\":");
    ju64(o, id);
    JLIT(o, ",\"ts\":");
    jus(o, t - m->t_first);
    jpid_tid(m, o, tid);
    JLIT(o, "}");
}

/* one wait's slice, and the flow arrow from who ended it; *flow: the next flow id */
static void json_wait(const struct model *m, struct jout *o, const struct label *names, const struct wait *w,
                      uint64_t *flow)
{
    uint32_t i = w->thread;
    struct piece q = {0, 0, NOBODY, P_UNKNOWN};
    if (w->e > w->s)
        piece_at(m, w, w->e, &q, NULL);
    int cls = w->cls;
    int by = names_thread(m, &q, i);
    jslice(m, o, cls == LW_WAIT_CONTENDED ? "wait" : lw_wait_class_name(cls), names, w->lock, w->s, w->e, m->th[i].tid);
    JLIT(o, ",\"timed_out\":");
    ju64(o, w->timed_out);
    if (by) {
        JLIT(o, ",\"blocker\":");
        ju64(o, m->th[q.by].tid);
    }
    JLIT(o, "}}");
    if (!by)
        return;
    /* the arrow leaves the blocker's track inside its hold (or at its release) */
    jflow(m, o, 0, *flow, q.e > q.s ? q.e - 1 : q.e, m->th[q.by].tid);
    jflow(m, o, 1, *flow, w->e, m->th[i].tid);
    ++*flow;
}

void export_chrome(const struct model *m, const char *file)
{
    struct jout *o = xmalloc(sizeof *o);
    o->f = open_out(file);
    o->file = file;
    o->n = 0;
    struct label *names = lock_labels(m);
    uint64_t flow = 1;
    JLIT(o, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"source\":\"lockwait_report\",\"trace\":\"");
    jstr(o, m->path);
    JLIT(o, "\"},\"traceEvents\":[\n");
    json_threads(m, o);
    json_holds(m, o, names);
    for (size_t k = 0; k < m->mstat.waits; k++)
        json_wait(m, o, names, &m->waits[k], &flow);
    JLIT(o, "\n]}\n");
    jflush(o);
    free(names);
    close_out(o->f, file);
    free(o);
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

struct lstat { uint64_t waits, wait_ns, max_wait_ns, idle_waits, idle_ns, holds, hold_ns, join_waits, join_ns; };

/* per-lock sums of the waits (idle ones apart) and of the holds the trace timed */
static struct lstat *lock_stats(const struct model *m)
{
    struct lstat *ls = zalloc(m->nlk ? m->nlk : 1, sizeof *ls);
    for (const struct wait *w = m->waits; w < m->waits + m->mstat.waits; w++) {
        struct lstat *x = &ls[w->lock];
        uint64_t d = w->e - w->s;
        x->waits++;
        x->wait_ns += d;
        x->max_wait_ns = MAX(x->max_wait_ns, d);
        if (w->cls != LW_WAIT_CONTENDED) { /* idle, joins included, as in the library's report */
            x->idle_waits++;
            x->idle_ns += d;
        }
        if (w->cls == LW_WAIT_JOIN) {
            x->join_waits++;
            x->join_ns += d;
        }
    }
    for (size_t k = 0; k < m->mstat.holds; k++) {
        ls[m->holds[k].lock].holds++;
        ls[m->holds[k].lock].hold_ns += m->holds[k].e - m->holds[k].s;
    }
    return ls;
}

struct skey { uint64_t key; uint32_t lock, stack; uint64_t n, ns, max_ns; }; /* key: lock << 32 | stack */

/* one row per (lock, stack): the waits from that stack */
static void csv_stacks(const struct model *m, FILE *f, const struct label *names, const struct select *sel)
{
    struct skey *v = zalloc(m->mstat.waits + 1, sizeof *v);
    size_t n = 0;
    for (const struct wait *w = m->waits; w < m->waits + m->mstat.waits; w++)
        if (w->stack)
            v[n++] = (struct skey){(uint64_t)w->lock << 32 | w->stack, w->lock, w->stack, 1, w->e - w->s, w->e - w->s};
    sort_by_key(v, n, sizeof *v);
    char frames[4096];
    for (size_t a = 0, b; a < n; a = b) {
        struct skey s = v[a];
        for (b = a + 1; b < n && v[b].key == s.key; b++) {
            s.n++;
            s.ns += v[b].ns;
            s.max_ns = MAX(s.max_ns, v[b].ns);
        }
        if (!lock_selected(m, s.lock, sel))
            continue;
        meta_stack_frames(m, s.stack, frames, sizeof frames);
        fprintf(f, "stack,%" PRIu32 ",0x%" PRIx64 ",%s,", m->hdr.pid, m->lk[s.lock].addr, lw_type_name(m->lk[s.lock].type));
        csv_str(f, names[s.lock].s);
        fprintf(f, ",%" PRIu32 ",", s.stack);
        csv_str(f, frames);
        fprintf(f, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",,,,,,,,\n", s.n, s.ns, s.max_ns);
    }
    free(v);
}

void export_csv(const struct model *m, const char *file, const struct select *sel)
{
    FILE *f = open_out(file);
    struct label *names = lock_labels(m);
    struct lstat *ls = lock_stats(m);
    fprintf(f, "record,pid,lock,type,name,stack_id,frames,waits,wait_ns,max_wait_ns,idle_waits,idle_wait_ns,"
               "holds,hold_ns,path_cs_ns,path_wait_ns,join_waits,join_wait_ns\n");
    for (uint32_t l = 0; l < m->nlk; l++) {
        if (!lock_selected(m, l, sel))
            continue;
        fprintf(f, "lock,%" PRIu32 ",0x%" PRIx64 ",%s,", m->hdr.pid, m->lk[l].addr, lw_type_name(m->lk[l].type));
        csv_str(f, names[l].s);
        fprintf(f, ",,,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
                   ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", ls[l].waits, ls[l].wait_ns, ls[l].max_wait_ns,
                ls[l].idle_waits, ls[l].idle_ns, ls[l].holds, ls[l].hold_ns, m->lk[l].cs_ns, m->lk[l].wait_ns,
                ls[l].join_waits, ls[l].join_ns);
    }
    csv_stacks(m, f, names, sel);
    free(ls);
    free(names);
    close_out(f, file);
}

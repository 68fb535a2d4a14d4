/* lw_output.c - where liblockwait's report, its messages and the trace go,
 * decided at exit (the rules: docs/lockwait-manual.md, "Limits"). The
 * report goes where the user asked and nowhere else: LOCKWAIT_OUT's file,
 * else the file that was stderr at start, checked by device and inode, as a
 * program that closes every descriptor (daemons, closefrom) may have
 * reopened fd 2 on its own data. A report that cannot be delivered is lost,
 * and that is said. Writes never raise SIGPIPE: the report must not change
 * the program's exit status. The report is written into a buffer of mapped
 * pages first (bprintf, at the end). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lw_output.h"
#include "../trace.h"
#include "clock.h"
#include "lw_config.h"
#include "lw_core.h"
#include "lw_probes.h"
#include "lw_record.h"
#include "lw_tracemeta.h"
#include "lw_tree.h"
#include "lw_wakeprobe.h"

/* At start: who stderr is, a private copy, and the path to reopen it by. */
void lw_err_note(struct lw_config *c)
{
    struct stat st;
    c->err_fd = -1;
    c->err_known = fstat(2, &st) == 0;
    if (!c->err_known)
        return; /* started with fd 2 closed: nowhere to report but the terminal */
    c->err_dev = st.st_dev;
    c->err_ino = st.st_ino;
    /* the copy: at 100, or at the top of a lower descriptor limit */
    struct rlimit rl;
    long at = 100;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (long)rl.rlim_cur <= at)
        at = (long)rl.rlim_cur - 1;
    if (at >= 3)
        c->err_fd = fcntl(2, F_DUPFD_CLOEXEC, (int)at);
    c->err_path[0] = 0;
    if (S_ISREG(st.st_mode) || S_ISCHR(st.st_mode)) {
        ssize_t n = readlink("/proc/self/fd/2", c->err_path, sizeof c->err_path - 1);
        c->err_path[n > 0 && c->err_path[0] == '/' ? n : 0] = 0;
    }
}

/* fd is open for writing on the file stderr was at start */
static int is_stderr(int fd)
{
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_dev != lw.cfg.err_dev || st.st_ino != lw.cfg.err_ino)
        return 0;
    int fl = fcntl(fd, F_GETFL);
    return fl >= 0 && (fl & O_ACCMODE) != O_RDONLY;
}

/* A descriptor on the program's original stderr, or -1; *opened: the caller
 * closes it. */
static int err_open(int *opened)
{
    *opened = 0;
    if (!lw.cfg.err_known)
        return -1;
    if (is_stderr(lw.cfg.err_fd))
        return lw.cfg.err_fd;
    if (is_stderr(2))
        return 2;
    if (lw.cfg.err_path[0]) {
        int fd = open(lw.cfg.err_path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC);
        if (is_stderr(fd)) {
            *opened = 1;
            return fd;
        }
        if (fd >= 0)
            close(fd);
    }
    return -1;
}

/* write all of p to fd with SIGPIPE held back (a reader that went away
 * gives EPIPE, not the program's death); 0 or an errno */
int lw_deliver(int fd, const char *p, size_t n)
{
    sigset_t pipe, old, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    int was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE);
    int masked = pthread_sigmask(SIG_BLOCK, &pipe, &old) == 0;
    int err = 0;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            err = w < 0 ? errno : EIO;
            break;
        }
        p += w;
        n -= (size_t)w;
    }
    if (masked) {
        if (err == EPIPE && !was_pending) { /* the signal our write raised: drop it */
            struct timespec zero = {0, 0};
            sigtimedwait(&pipe, NULL, &zero);
        }
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    }
    return err;
}

void lw_say(const char *fmt, ...)
{
    char line[768];
    int k = snprintf(line, sizeof line, "lockwait: pid %u: ", lw.pid);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + k, sizeof line - (size_t)k - 1, fmt, ap);
    va_end(ap);
    size_t n = strlen(line);
    line[n++] = '\n';
    int opened, fd = err_open(&opened);
    if (fd < 0 || lw_deliver(fd, line, n) != 0) { /* stderr is gone: the controlling terminal, if any */
        int tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (tty >= 0) {
            lw_deliver(tty, line, n);
            close(tty);
        }
    }
    if (opened)
        close(fd);
}

/* ---------------------------------------------------------------- output files
 *
 * The paths are the user's, but the directory may be shared (/tmp) and
 * "%p" names are predictable: another user may have planted a symbolic
 * link there, to a file of ours we did not name. So a file of this process
 * alone ("%p") is created, never reused (O_EXCL | O_NOFOLLOW); a shared
 * path (the run's processes append to one report, or take turns at one
 * trace) follows a final symbolic link only where the kernel's
 * protected_symlinks rule would: not in a sticky directory when the link's
 * owner is neither us nor the directory's owner. */

/* path's final component is a link that rule refuses; why[] says so */
static int planted_link(const char *path, char *why, size_t cap)
{
    struct stat ls, ds;
    char dir[4096];
    if (lstat(path, &ls) != 0 || !S_ISLNK(ls.st_mode))
        return 0;
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 0, path);
    if (!slash || slash == path)
        snprintf(dir, sizeof dir, "%s", slash ? "/" : ".");
    if (stat(dir, &ds) != 0 || !(ds.st_mode & S_ISVTX) || ls.st_uid == geteuid() || ls.st_uid == ds.st_uid)
        return 0;
    snprintf(why, cap, "it is a symbolic link of another user (uid %u) in a sticky directory (of uid %u): it could "
             "point at any file of yours, so it is not followed (as the kernel's protected_symlinks does)",
             (unsigned)ls.st_uid, (unsigned)ds.st_uid);
    return 1;
}

/* the path of the file this process created with out_open(.., own = 1),
 * and for which pid (a forked child expands "%p" to another name) */
static char own_path[4096];
static uint32_t own_pid;

/* out_open's open (below): a descriptor to write path with flags, or -1
 * with errno set; own: a file of this process alone (created by its first
 * write, appended to by later reports); a refusal sets errno to ELOOP and
 * says why in why[] (else why[0] = 0) */
static int out_open_nonblocking(const char *path, int flags, int own, char *why, size_t cap)
{
    why[0] = 0;
    flags |= O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
    if (own) {
        if (own_pid == lw.pid && !strcmp(own_path, path))
            return open(path, (flags & ~O_TRUNC) | O_APPEND | O_NOFOLLOW);
        int fd = open(path, flags | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
        if (fd >= 0) {
            snprintf(own_path, sizeof own_path, "%s", path);
            own_pid = lw.pid;
        } else if (errno == EEXIST && !planted_link(path, why, cap)) {
            snprintf(why, cap, "it exists already (an earlier run's, or planted there): a file of one process "
                     "(\"%%p\") is created new, never reused");
            errno = EEXIST;
        }
        return fd;
    }
    int fd = open(path, flags | O_CREAT | O_NOFOLLOW, 0644);
    struct stat ls;
    int err = errno;
    if (fd >= 0 || lstat(path, &ls) != 0 || !S_ISLNK(ls.st_mode)) { /* a link: ELOOP, or EACCES on some kernels */
        errno = err;
        return fd;
    }
    if (planted_link(path, why, cap)) {
        errno = ELOOP;
        return -1;
    }
    return open(path, flags | O_CREAT, 0644); /* a link of ours, or outside a sticky directory */
}

/* out_open_nonblocking, then blocking writes: a FIFO nobody reads is
 * refused (ENXIO) rather than holding the program at its exit for ever;
 * one with a reader is written as a file */
static int out_open(const char *path, int flags, int own, char *why, size_t cap)
{
    int fd = out_open_nonblocking(path, flags, own, why, cap), fl;
    if (fd >= 0 && ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)) {
        int err = errno;
        close(fd);
        errno = err;
        return -1;
    }
    if (fd < 0 && errno == ENXIO && !why[0])
        snprintf(why, cap, "it is a FIFO nobody reads (the write would wait for ever)");
    return fd;
}

int lw_report_write(const char *p, size_t n)
{
    int err, fell = 0;
    char path[4096];
    if (lw.cfg.out && lw_expand_path(lw.cfg.out, path, sizeof path) != 0) {
        lw_say("cannot write the report to LOCKWAIT_OUT's file: its path is longer than %zu bytes; writing it to "
               "stderr", sizeof path - 1);
    } else if (lw.cfg.out) {
        char why[512];
        int fd = out_open(path, O_WRONLY | O_APPEND, strstr(lw.cfg.out, "%p") != NULL, why, sizeof why);
        err = fd < 0 ? errno : lw_deliver(fd, p, n);
        if (fd >= 0 && close(fd) != 0 && !err)
            err = errno;
        if (fd >= 0 && !err)
            return LW_WROTE_ASKED;
        fell = 1;
        if (why[0])
            lw_say("will not write the report to %s: %s; writing it to stderr", path, why);
        else if (fd >= 0)
            lw_say("writing the report to %s failed (%s); writing it to stderr", path, strerror(err));
        else
            lw_say("cannot write the report to %s (%s); writing it to stderr", path, strerror(err));
    }
    int opened, fd = err_open(&opened);
    if (fd < 0) {
        lw_say("the report is LOST: the stderr the program started with was %s, and it cannot be reopened "
               "(a pipe or socket); lockwait -o FILE (LOCKWAIT_OUT) writes it to a file instead",
               lw.cfg.err_known ? "closed or replaced by the program" : "closed already");
        return LW_WROTE_LOST;
    }
    err = lw_deliver(fd, p, n);
    if (opened)
        close(fd);
    if (err)
        lw_say("the report is LOST: writing it to stderr failed (%s)", strerror(err));
    return err ? LW_WROTE_LOST : fell ? LW_WROTE_STDERR : LW_WROTE_ASKED;
}

/* A process that waited for no lock (no contended wait, no failed trylock,
 * nothing lost or ignored) gets one line at exit instead of the report, and
 * none of the report's work (the walk of the lock table, names, file:line):
 * a build's hundreds of short processes pay nothing measurable and say one
 * line each. LOCKWAIT_FULL_REPORTS=1, periodic or on-demand reports: the
 * whole report. Returns whether the line was the report. */
int lw_report_brief(void)
{
    if (lw.cfg.full_reports || lw.cfg.interval_s || lw.cfg.dump_signal || lw.cfg.ignored[0] || LD(lw.waited) ||
        LD(lw.untracked) || LD(lw.arena_failed) || LD(lw.held_lost) || LD(lw.bypassed))
        return 0;
    lw_tree_end(LW_AT_EXIT, LW_WROTE_ASKED); /* a process that waited for none: not listed where its report is */
    if (!lw_tree_top())
        return 1; /* one of a run's process tree: counted in the launcher's summary, not a line of its own */
    char name[32], line[256];
    snprintf(name, sizeof name, "%s", program_invocation_short_name);
    for (char *c = name; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) /* the line stays one line */
            *c = '?';
    unsigned long long locks = LD(lw.nlocks), threads = LD(lw.nthreads);
    char cost[128];
    if (lw_brief_probe_cost(cost, sizeof cost) < 0)
        cost[0] = 0;
    int n = snprintf(line, sizeof line, "lockwait: pid %u (%s) waited for no lock: %llu lock%s seen, %llu thread%s, "
                     "%.3f s%s\n", lw.pid, name, locks, locks == 1 ? "" : "s", threads, threads == 1 ? "" : "s",
                     (double)(now_ns() - lw.start_ns) / 1e9, cost);
    if (n > 0)
        lw_report_write(line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    return 1;
}

/* ---------------------------------------------------------------- the trace file
 *
 * Without "%p" in LOCKWAIT_TRACE the processes of a run (a program that
 * forks: timeout, make, a shell) share one path (the rules: the manual's
 * --trace row): a process that exits must not overwrite what another wrote,
 * nor leave a file from an earlier run looking like this one's. So the run's
 * first process (no LOCKWAIT_RUN in its environment) removes the path at
 * start, and at exit the first process with events takes it, under a lock
 * on the file; a header-only trace marks a process that had none. */
/* path is an older trace, or nothing (a link to none): what a run may
 * remove. A device such as /dev/null, a FIFO or a directory stays (as root,
 * removing /dev/null put a file in its place), and so does a file that is
 * no trace (--trace naming a source file by mistake): at exit this run's
 * trace then goes to PATH.PID. */
static int older_trace(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return errno == ENOENT;
    if (!S_ISREG(st.st_mode))
        return 0;
    char magic[sizeof LW_TRACE_MAGIC - 1];
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    ssize_t n = fd >= 0 ? read(fd, magic, sizeof magic) : -1;
    if (fd >= 0)
        close(fd);
    return n == 0 || (n == (ssize_t)sizeof magic && !memcmp(magic, LW_TRACE_MAGIC, sizeof magic));
}

void lw_trace_start(const struct lw_config *c)
{
    const char *run = getenv("LOCKWAIT_RUN");
    if (!c->trace || strstr(c->trace, "%p") || (run && *run))
        return;
    char pid[16];
    snprintf(pid, sizeof pid, "%u", lw.pid);
    if (older_trace(c->trace) && unlink(c->trace) != 0 && errno != ENOENT)
        dprintf(2, "lockwait: cannot remove an older trace at %s (%s): this run's may go elsewhere\n", c->trace,
                strerror(errno));
    setenv("LOCKWAIT_RUN", pid, 1);
}

/* A descriptor to write this process's trace to (empty, at offset 0; a
 * device or FIFO as it is), or -1 (nothing to write, or an error already
 * said); the path used in used[]; shared: a path without %p. */
static int trace_open(const char *path, int shared, int has_records, char *used, size_t cap)
{
    char why[512];
    snprintf(used, cap, "%s", path);
    int fd = out_open(path, shared ? O_RDWR : O_WRONLY | O_TRUNC, !shared, why, sizeof why);
    if (fd < 0)
        lw_say("%s the trace to %s: %s", why[0] ? "will not write" : "cannot write", path,
               why[0] ? why : strerror(errno));
    if (fd < 0 || !shared)
        return fd;
    int r;
    while ((r = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
        ;
    struct stat st;
    struct lw_trace_header h;
    if (r != 0 || fstat(fd, &st) != 0) {
        lw_say("cannot lock the trace file %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) { /* a device or FIFO the user named: written as it is, by each process with events */
        close(fd);
        if (!has_records)
            return -1;
        fd = out_open(path, O_WRONLY, 0, why, sizeof why);
        if (fd < 0)
            lw_say("cannot write the trace to %s: %s", path, why[0] ? why : strerror(errno));
        return fd;
    }
    /* empty: nobody's yet (or a writer died half-way); header only: a
     * process without events: ours replaces it if ours has some */
    if (st.st_size == 0 || (has_records && st.st_size == (off_t)sizeof h)) {
        if (ftruncate(fd, 0) == 0)
            return fd; /* the lock goes with the descriptor's close */
        lw_say("cannot write the trace to %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    uint32_t other = 0;
    if (pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h && memcmp(h.magic, LW_TRACE_MAGIC, sizeof h.magic) == 0)
        other = h.pid;
    close(fd);
    if (!has_records)
        return -1; /* another process's trace is there: nothing to add */
    snprintf(used, cap, "%s.%u", path, lw.pid);
    fd = out_open(used, O_WRONLY | O_TRUNC, 1, why, sizeof why);
    if (fd < 0) {
        lw_say("%s holds the trace of pid %u; cannot write this one's to %s: %s", path, other, used,
               why[0] ? why : strerror(errno));
        return -1;
    }
    if (other)
        lw_say("%s holds the trace of pid %u; this one's is in %s (\"%%p\" in --trace names one file per process)",
               path, other, used);
    else
        lw_say("%s is no lockwait trace (left as it is); this one's is in %s", path, used);
    return fd;
}

void lw_trace_write(int why)
{
    if (!lw.cfg.trace)
        return;
    char path[4096], used[4096 + 16];
    int records = 0;
    for (struct lw_thread *t = lw_threads(); t && !records; t = t->next)
        records = t->tbuf && LD(t->tlen) > 0;
    if (lw_expand_path(lw.cfg.trace, path, sizeof path) != 0) {
        lw_say("cannot write the trace: LOCKWAIT_TRACE's path is longer than %zu bytes", sizeof path - 1);
        return;
    }
    /* the probe (10-20 ms) before the file is opened: a shared one is locked
     * while written (trace_open); none in a signal's handler */
    struct lw_wake_level wake[LW_WAKE_LEVELS];
    int nwake = records && why == LW_AT_EXIT && lw.cfg.wakeup_probe ? lw_wakeup_probe(wake) : 0;
    int fd = trace_open(path, !strstr(lw.cfg.trace, "%p"), records, used, sizeof used);
    if (fd < 0)
        return;
    struct lw_trace_header h = {.version = LW_TRACE_VERSION, .endian = LW_TRACE_ENDIAN, .pid = lw.pid,
                                .record_size = sizeof(struct lw_trace_record), .dropped = LD(lw.dropped)};
    /* no padding (trace.h): the initializer zeroed every byte */
    memcpy(h.magic, LW_TRACE_MAGIC, sizeof h.magic);
    int err = lw_deliver(fd, (const char *)&h, sizeof h);
    /* a header-only trace stays the mark of a process without events */
    err = lw_trace_records(fd, err, records, wake, nwake, lw_trace_sum(LW_TRACE_SUM_START, &h, sizeof h));
    if (close(fd) != 0 && !err)
        err = errno;
    if (err)
        lw_say("writing the trace to %s failed: %s", used, strerror(err));
}

/* ---------------------------------------------------------------- the report's buffer */

/* pages for the report's buffers: mmap, not malloc, so that a report from
 * a signal handler cannot deadlock on an allocator lock (lw_report.c) */
void *lw_map_zeroed(size_t n)
{
    void *p = mmap(NULL, n ? n : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void bprintf(struct buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 65536;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *q = lw_map_zeroed(cap);
        if (!q)
            return; /* the report is cut short rather than lost */
        if (b->p) {
            memcpy(q, b->p, b->len);
            munmap(b->p, b->cap);
        }
        b->p = q;
        b->cap = cap;
    }
}

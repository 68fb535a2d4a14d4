/* lw_tree.c - one summary for a run of a process tree (the manual: "One
 * summary per run of a process tree"). The launcher sets LOCKWAIT_TREE=DIR
 * (not made yet; an empty DIR.records beside it) and LOCKWAIT_TREE_TOP=its
 * pid. Each process appends to DIR.records "start", "fork" in a fork's child
 * (one that then cannot load the library, or leaves by _exit, ends with no
 * other), and "end" with its counts (and report=stderr or report=lost
 * when -o's file refused the report); one that waited keeps its report in
 * DIR/report.PID. A record is one write(2) to a file opened O_APPEND: whole
 * lines, whatever the number of writers. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lw_tree.h"
#include "clock.h"
#include "lw_core.h"
#include "lw_output.h"

/* "KIND pid=P ppid=Q comm=NAME REST" appended to DIR.records, in a run of the launcher */
static void tree_record(const char *kind, const char *fmt, ...)
{
    char path[4096], line[512], name[32];
    if (!lw.cfg.tree)
        return;
    snprintf(path, sizeof path, "%s.records", lw.cfg.tree);
    snprintf(name, sizeof name, "%s", program_invocation_short_name);
    for (char *c = name; *c; c++)
        if ((unsigned char)*c <= 0x20 || *c == 0x7f) /* one field of one line */
            *c = '?';
    int k = snprintf(line, sizeof line, "%s pid=%u ppid=%u comm=%s", kind, (unsigned)getpid(), (unsigned)getppid(),
                     name[0] ? name : "?");
    if (k < 0 || (size_t)k >= sizeof line)
        return;
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(line + k, sizeof line - (size_t)k - 1, fmt, ap);
    va_end(ap);
    size_t n = r < 0 ? (size_t)k : strlen(line);
    line[n++] = '\n';
    int e = errno; /* the program's errno is left as it was */
    /* no O_CREAT: the launcher made it; a file gone means the run is over */
    int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY);
    if (fd >= 0) {
        if (lw_deliver(fd, line, n) != 0)
            lw_say("cannot add to the run's summary %s: %s", path, strerror(errno));
        close(fd);
    }
    errno = e;
}

void lw_tree_mark(const char *kind)
{
    tree_record(kind, "");
}

void lw_tree_end(int why, int wrote)
{
    tree_record("end", " threads=%llu locks=%llu waited=%u wall_ns=%llu signal=%d%s",
                (ull)LD(lw.nthreads), (ull)LD(lw.nlocks), LD(lw.waited) ? 1u : 0u,
                (ull)(now_ns() - lw.start_ns), why > 0 ? why : 0,
                wrote == LW_WROTE_STDERR ? " report=stderr" : wrote == LW_WROTE_LOST ? " report=lost" : "");
    if (lw.cfg.tree && lw_tree_top()) {
        /* the top process has ended: the launcher holds the records open */
        char path[4096];
        snprintf(path, sizeof path, "%s.records", lw.cfg.tree);
        int e = errno;
        if (unlink(path) != 0 && errno != ENOENT)
            lw_say("cannot remove the run's records %s: %s", path, strerror(errno));
        errno = e;
    }
}

int lw_tree_top(void)
{
    return !lw.cfg.tree || (lw.cfg.tree_top && (long)getppid() == lw.cfg.tree_top);
}

/* DIR opened, made first (0700) by the run's first process to keep a
 * report: not a symbolic link, this user's, or -1 with errno set */
static int tree_dir(void)
{
    if (mkdir(lw.cfg.tree, 0700) != 0 && errno != EEXIST)
        return -1;
    int dfd = open(lw.cfg.tree, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0)
        return -1;
    struct stat st;
    int e = fstat(dfd, &st) != 0 ? errno : st.st_uid != geteuid() || (st.st_mode & 077) ? EPERM : 0;
    if (e) {
        close(dfd);
        errno = e;
        return -1;
    }
    return dfd;
}

/* this process's whole report into DIR/report.PID, created new */
void lw_tree_report(const char *p, size_t n)
{
    if (!lw.cfg.tree)
        return;
    char path[4096], name[32];
    snprintf(path, sizeof path, "%s/report.%u", lw.cfg.tree, lw.pid);
    snprintf(name, sizeof name, "report.%u", lw.pid);
    int dfd = tree_dir();
    int fd = dfd < 0 ? -1 : openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0600);
    int err = fd < 0 ? errno : lw_deliver(fd, p, n);
    if (dfd >= 0)
        close(dfd);
    if (fd >= 0 && close(fd) != 0 && !err)
        err = errno;
    if (err)
        lw_say("cannot keep the report for the run's summary in %s: %s", path, strerror(err));
}

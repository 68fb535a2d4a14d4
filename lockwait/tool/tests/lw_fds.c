/* lw_fds.c - a program that handles its descriptors the way daemons and
 * sandboxes do, for the report-destination tests (fds.sh):
 *   reuse DATA     closes every descriptor from 3 on, opens DATA and puts it
 *                  on every one of them (the number the library's copy of
 *                  stderr had included) but 10..19, writes "data" to it (a
 *                  program holding every descriptor its limit allows leaves
 *                  none to open anything with at exit: nothing can be said)
 *   closeall DATA  the same from 0 on: stderr too
 *   broken PROG..  runs PROG with a stderr nobody reads (a pipe whose read
 *                  end is closed), so that writing to it fails with EPIPE
 * Each locks a mutex once, so the report has something to say. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "common.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

/* descriptors from `from` up to the limit (at most 1024) become data's */
static void take_over(int from, const char *data)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        die_errno("getrlimit");
    int lim = rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > 1024 ? 1024 : (int)rl.rlim_cur;
    for (int fd = from; fd < lim; fd++)
        if (close(fd) != 0 && errno != EBADF)
            die_errno("close");
    int d = open(data, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (d != from) /* the lowest free number: nothing below is open */
        die("open %s: got fd %d, expected %d", data, d, from);
    for (int fd = from + 1; fd < lim; fd++)
        if ((fd < 10 || fd >= 20) && dup2(d, fd) != fd)
            die_errno("dup2");
    static const char line[] = "data\n";
    if (write(d, line, sizeof line - 1) != (ssize_t)(sizeof line - 1))
        die_errno("write");
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "broken") == 0) {
        int p[2];
        if (pipe(p) != 0 || close(p[0]) != 0 || dup2(p[1], 2) != 2 || close(p[1]) != 0)
            die_errno("pipe");
        execvp(argv[2], argv + 2);
        die_errno(argv[2]); /* stderr is the broken pipe: the status says it */
    }
    if (argc != 3 || (strcmp(argv[1], "reuse") != 0 && strcmp(argv[1], "closeall") != 0))
        die_usage("usage: lw_fds reuse DATA | closeall DATA | broken PROG [ARG...]");
    check_pt(pthread_mutex_lock(&m), "pthread_mutex_lock");
    check_pt(pthread_mutex_unlock(&m), "pthread_mutex_unlock");
    take_over(strcmp(argv[1], "reuse") == 0 ? 3 : 0, argv[2]);
    return 0;
}

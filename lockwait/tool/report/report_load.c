/* report_load.c - lockwait_report: opening a trace and reading its records.
 * A regular file is read in chunks, through pread, so the trace never sits
 * in memory whole (it may be larger than the model); a pipe is read whole
 * (read_stream); what is no whole native trace is refused (exit 2). */
#define _GNU_SOURCE
#include "common.h"
#include "report_build.h"
#include "report_util.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHUNK 65536 /* records read at once */

static void check_end(struct model *m);

static const char *file_kind(mode_t fmode)
{
    return S_ISFIFO(fmode) ? "pipe or FIFO" : S_ISCHR(fmode) ? "character device" : S_ISSOCK(fmode) ? "socket" : "special file";
}

/* the header, once got bytes of the file are in (the magic from 8 on, the
 * rest from a whole header on); refuses what is not a native trace */
static void check_header(struct model *m, const char *head, size_t got)
{
    if (got >= 8 && memcmp(head, LW_TRACE_MAGIC, 8) != 0)
        FAIL(m, "wrong magic: not a lockwait trace (expected \"%s\")", LW_TRACE_MAGIC);
    if (got < sizeof m->hdr)
        return;
    memcpy(&m->hdr, head, sizeof m->hdr);
    if (m->hdr.endian != LW_TRACE_ENDIAN)
        FAIL(m, "byte-order mark 0x%08" PRIx32 ": written on a machine of the other byte order "
             "(or corrupt); this reader needs 0x%08x", m->hdr.endian, LW_TRACE_ENDIAN);
    if (m->hdr.version < 1 || m->hdr.version > LW_TRACE_VERSION) /* 1: no stacks, no names */
        FAIL(m, "trace version %" PRIu32 ", this reader knows 1 to %u", m->hdr.version, LW_TRACE_VERSION);
    if (m->hdr.record_size != sizeof(struct lw_trace_record))
        FAIL(m, "record size %" PRIu32 ", this reader knows %zu", m->hdr.record_size,
             sizeof(struct lw_trace_record));
}

/* how much of a piped trace may be held in memory: a quarter of the memory
 * (and of the address space a limit leaves), so endless input is refused
 * instead of taking the machine */
static size_t stream_max(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    uint64_t max = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page / 4 : (uint64_t)1 << 30;
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        max = MIN(max, (uint64_t)rl.rlim_cur / 4);
    return (size_t)MIN(max, (uint64_t)SIZE_MAX / 2);
}

/* a pipe or FIFO, read whole (its header checked as soon as it is in) */
static size_t read_stream(struct model *m, int fd, mode_t mode)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)
        die("%s: fcntl: %s", m->path, strerror(errno));
    size_t cap = 0, size = 0, max = stream_max();
    for (;;) {
        m->stream = grow(m->stream, &cap, size + CHUNK, 1);
        ssize_t r = read(fd, m->stream + size, CHUNK);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            FAIL(m, "reading it (a %s): %s", file_kind(mode), strerror(errno));
        if (r == 0)
            break;
        if (size < sizeof m->hdr)
            check_header(m, m->stream, size + (size_t)r);
        size += (size_t)r;
        if (size > max)
            FAIL(m, "more than %zu MB from this %s, the most read into memory here: write the "
                 "trace to a file and give its name", max >> 20, file_kind(mode));
    }
    close(fd);
    if (size == 0) /* a FIFO with no writer reads as end of file at once */
        FAIL(m, "read 0 bytes from this %s (no writer, or nothing written): not a lockwait trace",
             file_kind(mode));
    return size;
}

void load(struct model *m)
{
    /* O_NONBLOCK: opening a FIFO nobody writes to must not hang */
    int fd = open(m->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) /* "-" is no name of the standard input here (a pipe is read by its name) */
        FAIL(m, "cannot open: %s%s", strerror(errno), strcmp(m->path, "-") ? "" : " (read a pipe as /dev/stdin)");
    struct stat st;
    if (fstat(fd, &st) != 0)
        FAIL(m, "cannot read its status: %s", strerror(errno));
    if (S_ISDIR(st.st_mode))
        FAIL(m, "a directory, not a lockwait trace");
    size_t size;
    if (S_ISREG(st.st_mode)) {
        size = (size_t)st.st_size;
        if (size == 0)
            FAIL(m, "empty file (0 bytes), not a lockwait trace");
        m->trace_fd = fd;
    } else if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) {
        size = read_stream(m, fd, st.st_mode);
    } else { /* a device may never end (/dev/zero) */
        FAIL(m, "a %s, not a lockwait trace (a regular file or a pipe)", file_kind(st.st_mode));
    }
    char head[sizeof m->hdr];
    size_t got = MIN(size, sizeof m->hdr);
    if (m->stream)
        memcpy(head, m->stream, got);
    else if (pread(fd, head, got, 0) != (ssize_t)got)
        FAIL(m, "reading it: %s", strerror(errno ? errno : EIO));
    check_header(m, head, got);
    if (size < sizeof m->hdr)
        FAIL(m, "truncated header: %zu bytes, a trace starts with %zu", size, sizeof m->hdr);
    if ((size - sizeof m->hdr) % sizeof(struct lw_trace_record))
        FAIL(m, "truncated: %zu bytes after the header is not a whole number of %zu-byte records",
             size - sizeof m->hdr, sizeof(struct lw_trace_record));
    m->nrec = (size - sizeof m->hdr) / sizeof(struct lw_trace_record);
    if (m->hdr.version >= 3 && m->nrec > 0)
        check_end(m);
}

/* records [i, i + n) (n <= CHUNK), through buf */
static const struct lw_trace_record *records(struct model *m, size_t i, size_t n, struct lw_trace_record *buf)
{
    size_t off = sizeof m->hdr + i * sizeof *buf, want = n * sizeof *buf, got = 0;
    if (m->stream)
        return (const struct lw_trace_record *)(m->stream + off);
    while (got < want) {
        ssize_t r = pread(m->trace_fd, (char *)buf + got, want - got, (off_t)(off + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            FAIL(m, "reading record %zu: %s", i, r < 0 ? strerror(errno) : "the file shrank");
        got += (size_t)r;
    }
    return buf;
}

/* A version-3 trace ends in END: its count and checksum of what comes
 * before it must match, and the readers' passes stop before it. A trace
 * without it was cut at a record boundary (its process killed while
 * writing it, a full disk): read, with a warning, since the names and
 * facts at its end may be missing. */
static void check_end(struct model *m)
{
    struct lw_trace_record *buf = xmalloc(CHUNK * sizeof *buf);
    const struct lw_trace_record *end = records(m, m->nrec - 1, 1, buf);
    if (end->event != LW_EV_END) {
        fprintf(stderr, "lockwait_report: %s: warning: the trace ends without its END record: cut short after "
                "%zu records (its process ended while writing it, or the disk was full?); read as far as it "
                "goes, the names and hold sums at its end may be missing\n", m->path, m->nrec);
        free(buf);
        return;
    }
    uint64_t want = end->aux, count = end->t_ns, sum = lw_trace_sum(LW_TRACE_SUM_START, &m->hdr, sizeof m->hdr);
    m->nrec--;
    if (count != m->nrec)
        FAIL(m, "its END record counts %" PRIu64 " records before it, the file has %zu: corrupt trace", count,
             m->nrec);
    for (size_t i0 = 0; i0 < m->nrec; i0 += CHUNK) {
        size_t n = MIN(CHUNK, m->nrec - i0);
        sum = lw_trace_sum(sum, records(m, i0, n, buf), n * sizeof *buf);
    }
    free(buf);
    if (sum != want)
        FAIL(m, "checksum 0x%016" PRIx64 " where its END record says 0x%016" PRIx64 ": corrupt trace (changed "
             "since it was written)", sum, want);
}

void each_record(struct model *m, void (*fn)(struct model *m, const struct lw_trace_record *r, size_t i))
{
    struct lw_trace_record *buf = xmalloc(CHUNK * sizeof *buf);
    for (size_t i0 = 0; i0 < m->nrec; i0 += CHUNK) {
        size_t n = MIN(CHUNK, m->nrec - i0);
        const struct lw_trace_record *rec = records(m, i0, n, buf);
        for (size_t j = 0; j < n; j++)
            fn(m, &rec[j], i0 + j);
    }
    free(buf);
}

void records_done(struct model *m)
{
    if (m->trace_fd >= 0)
        close(m->trace_fd);
    m->trace_fd = -1;
    free(m->stream);
    m->stream = NULL;
}

/* pingpong.c - the arrays and their walk, the partner (a child process or a
 * thread) and one timed sub-run of round trips. See ctxswitch.h.
 *
 * The partner serves every sub-run of its cell with a one-byte protocol:
 * BYTE_WALK (walk your array, then answer), BYTE_STILL (answer at once),
 * BYTE_QUIT (stop, report). Between round trips it does nothing but block
 * in read, so no bookkeeping of its own lands inside a timed sub-run; its
 * teardown starts only after the quit byte, which the parent sends when
 * all of the cell's timing is over. */
#define _GNU_SOURCE
#include "common.h"
#include "ctxswitch.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { BYTE_WALK = 'w', BYTE_STILL = 's', BYTE_QUIT = 'q' };

/* ---- the walk ---- */

/* Visit every element once: elements s, s+step, s+2*step, ... for each start
 * s < step. With a stride of a cache line or more, each pass touches a line
 * once and the walk comes back to it line/8 times (8 for 64 B lines).
 * `token` (the walk number) is what write stores. Not inlined, so every walk
 * runs the same code; the sum is returned and checked later. */
static __attribute__((noinline)) uint64_t walk(uint64_t *a, size_t n, size_t step, enum access acc, uint64_t token)
{
    uint64_t sum = 0;
    for (size_t s = 0; s < step; s++) {
        switch (acc) {
        case ACC_READ:
            for (size_t i = s; i < n; i += step)
                sum += a[i];
            break;
        case ACC_WRITE:
            for (size_t i = s; i < n; i += step)
                a[i] = i + token;
            break;
        case ACC_RMW:
            for (size_t i = s; i < n; i += step)
                sum += ++a[i];
            break;
        case ACC_NONE:
            return 0;
        }
    }
    return sum;
}

void side_init(struct side *sd, const struct cell *c)
{
    *sd = (struct side){.n = (size_t)c->kib * 1024 / 8, .step = (size_t)c->stride / 8, .acc = c->acc};
    if (sd->n == 0)
        return;
    sd->a = xplaced_alloc(64, sd->n * 8, &sd->base);
    for (size_t i = 0; i < sd->n; i++) /* a[i] = i: also faults every page in */
        sd->a[i] = i;
}

void side_free(struct side *sd)
{
    free(sd->base);
    sd->a = sd->base = NULL;
}

static inline void side_walk(struct side *sd)
{
    if (sd->n == 0)
        return;
    sd->walks++;
    sd->sum += walk(sd->a, sd->n, sd->step, sd->acc, sd->walks);
    ESCAPE(sd->a);
}

/* Check the array and the sum against what `walks` walks must give
 * (unsigned arithmetic wraps the same way on both sides). 1 = ok. */
int side_verify(const struct side *sd)
{
    if (sd->n == 0)
        return 1;
    uint64_t n = sd->n, k = sd->walks;
    uint64_t s0 = n % 2 ? n * ((n - 1) / 2) : (n / 2) * (n - 1);   /* sum of i */
    uint64_t tri = k % 2 ? k * ((k + 1) / 2) : (k / 2) * (k + 1); /* 1 + ... + k */
    uint64_t shift = sd->acc == ACC_READ ? 0 : k, want = 0;
    for (size_t i = 0; i < sd->n; i++)
        if (sd->a[i] != i + shift)
            return 0;
    if (sd->acc == ACC_READ)
        want = k * s0;
    else if (sd->acc == ACC_RMW)
        want = k * s0 + n * tri;
    return sd->sum == want;
}

/* ---- switch counts ---- */

#ifdef RUSAGE_THREAD
const int per_thread_counts = 1;
#else
#define RUSAGE_THREAD RUSAGE_SELF /* macOS: counts for the whole process */
const int per_thread_counts = 0;
#endif

struct usage usage_now(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) != 0)
        die_errno("getrusage");
    struct usage u = {ru.ru_nvcsw, ru.ru_nivcsw, -1};
#ifdef __linux__
    FILE *f = fopen("/proc/thread-self/sched", "r"); /* needs CONFIG_SCHED_DEBUG */
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "se.nr_migrations", 16) == 0 && strchr(line, ':'))
            u.migrations = atol(strchr(line, ':') + 1);
    if (f)
        fclose(f);
#endif
    return u;
}

struct usage usage_diff(struct usage b, struct usage a)
{
    return (struct usage){b.nvcsw - a.nvcsw, b.nivcsw - a.nivcsw,
                          a.migrations < 0 || b.migrations < 0 ? -1 : b.migrations - a.migrations};
}

/* ---- pipes ---- */

static void put_byte(int fd, char c)
{
    ssize_t w;
    while ((w = write(fd, &c, 1)) < 0 && errno == EINTR)
        ;
    if (w != 1)
        die_errno("write to pipe");
}

static void get_bytes(int fd, void *buf, size_t len)
{
    for (size_t got = 0; got < len;) {
        ssize_t r = read(fd, (char *)buf + got, len - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            die(r == 0 ? "pipe closed: the other side exited" : "read from pipe: %s", strerror(errno));
        got += (size_t)r;
    }
}

static inline char get_byte(int fd)
{
    char c;
    get_bytes(fd, &c, 1);
    return c;
}

static void xpipe(int fd[2])
{
    if (pipe(fd) != 0)
        die_errno("pipe");
}

static void xclose(int fd)
{
    if (close(fd) != 0)
        die_errno("close");
}

/* ---- the partner ---- */

struct partner {
    const struct cell *c;
    int to[2], from[2]; /* parent -> partner, partner -> parent */
    pid_t pid;          /* process mode */
    pthread_t th;       /* thread mode */
    clockid_t clock;    /* its CPU-time clock */
    const char *clock_why; /* NULL: the clock works; else why not */
    struct report rep;
};

/* The partner's life: allocate and touch its array, say ready, serve bytes
 * until the quit byte, then check its array and count (after the quit, so
 * none of this is timed). */
static void *partner_main(void *arg)
{
    struct partner *p = arg;
    struct side sd;
    side_init(&sd, p->c);
    p->rep.cpu_first = current_cpu();
    put_byte(p->from[1], 'r');
    struct usage u0 = usage_now();
    long served = 0;
    for (char b; (b = get_byte(p->to[0])) != BYTE_QUIT; served++) {
        if (b == BYTE_WALK)
            side_walk(&sd);
        put_byte(p->from[1], b);
    }
    p->rep.u = usage_diff(usage_now(), u0);
    p->rep.u.nvcsw -= p->rep.u.nvcsw > 0; /* the quit byte's blocking read */
    p->rep.round_trips = served;
    p->rep.cpu_last = current_cpu();
    p->rep.ok = side_verify(&sd);
    side_free(&sd);
    return NULL;
}

/* The partner's CPU clock, read from the parent. */
static void partner_clock(struct partner *p)
{
#ifdef __linux__
    int rc = p->c->mode == MODE_PROCESS ? clock_getcpuclockid(p->pid, &p->clock)
                                        : pthread_getcpuclockid(p->th, &p->clock);
    struct timespec ts;
    if (rc != 0)
        p->clock_why = p->c->mode == MODE_PROCESS ? "clock_getcpuclockid refused" : "pthread_getcpuclockid refused";
    else if (clock_gettime(p->clock, &ts) != 0)
        p->clock_why = "the partner's CPU clock cannot be read";
#else
    p->clock_why = "this OS gives no CPU-time clock of another process or thread";
#endif
}

int partner_clock_ok(const struct partner *p, const char **why)
{
    if (why)
        *why = p->clock_why;
    return p->clock_why == NULL;
}

struct partner *partner_start(const struct cell *c)
{
    struct partner *p = xmalloc(sizeof *p);
    *p = (struct partner){.c = c, .pid = -1};
    xpipe(p->to);
    xpipe(p->from);
    if (c->mode == MODE_PROCESS) {
        fflush(stdout); /* or the child's exit would print our buffer again */
        p->pid = fork();
        if (p->pid < 0)
            die_errno("fork");
        if (p->pid == 0) {
            close(p->to[1]), close(p->from[0]);
            partner_main(p);
            ssize_t w = write(p->from[1], &p->rep, sizeof p->rep);
            _exit(w == (ssize_t)sizeof p->rep ? 0 : 1);
        }
        xclose(p->to[0]), xclose(p->from[1]);
        p->to[0] = p->from[1] = -1;
    } else {
        check_pt(pthread_create(&p->th, NULL, partner_main, p), "pthread_create");
    }
    get_byte(p->from[0]); /* ready: its array is allocated and touched */
    partner_clock(p);
    return p;
}

void partner_stop(struct partner *p, struct report *out)
{
    put_byte(p->to[1], BYTE_QUIT);
    if (p->c->mode == MODE_PROCESS) {
        get_bytes(p->from[0], &p->rep, sizeof p->rep);
        int st;
        if (waitpid(p->pid, &st, 0) != p->pid)
            die_errno("waitpid");
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            die("the partner process failed (status %d)", st);
    } else {
        check_pt(pthread_join(p->th, NULL), "pthread_join");
    }
    *out = p->rep;
    int fds[] = {p->to[0], p->to[1], p->from[0], p->from[1]};
    for (int i = 0; i < 4; i++)
        if (fds[i] >= 0)
            xclose(fds[i]);
    free(p);
}

/* ---- one timed sub-run ---- */

void subrun_run(struct partner *p, struct side *sd, int walk, long rounds, struct subrun *out)
{
    static uint64_t *t;
    static double *rt;
    static long tcap;
    static int self[2] = {-1, -1};
    if (tcap < rounds + 1) {
        free(t), free(rt);
        t = xmalloc((size_t)(rounds + 1) * sizeof *t);
        rt = xmalloc((size_t)(rounds + 1) * sizeof *rt);
        tcap = rounds + 1;
    }
    if (self[0] < 0)
        xpipe(self);
    int wfd = p ? p->to[1] : self[1], rfd = p ? p->from[0] : self[0], clk = p && p->clock_why == NULL;
    char cmd = walk ? BYTE_WALK : BYTE_STILL;
    struct usage u0 = usage_now();
    uint64_t pcpu0 = clk ? clock_ns(p->clock) : 0, cpu0 = clock_ns(CLOCK_THREAD_CPUTIME_ID), wall0 = now_ns();
    /* round 0 is the untimed warm-up; t[r - 1] stamps the start of round r */
    for (long r = 0; r <= rounds; r++) {
        if (r > 0)
            t[r - 1] = ticks_now();
        if (walk)
            side_walk(sd);
        put_byte(wfd, cmd);
        get_byte(rfd);
    }
    t[rounds] = ticks_now();
    uint64_t wall1 = now_ns(), cpu1 = clock_ns(CLOCK_THREAD_CPUTIME_ID), pcpu1 = clk ? clock_ns(p->clock) : 0;
    out->u = usage_diff(usage_now(), u0);

    /* lost: the window's wall time that neither side's CPU time covers */
    struct probe d = {.wall_ns = wall1 - wall0, .cpu_ns = (cpu1 - cpu0) + (pcpu1 - pcpu0)};
    out->lost = !p || clk ? probe_lost_share(&d) : NAN;
    out->wall_ns = (double)(t[rounds] - t[0]) * ticks_ns_per_tick();
    for (long r = 0; r < rounds; r++)
        rt[r] = (double)(t[r + 1] - t[r]) * ticks_ns_per_tick();
    out->rt_ns = stat_median(rt, (size_t)rounds); /* one interrupt moves it little */
}

/* ---- SCHED_FIFO's budget ---- */

int rt_fifo;

/* SCHED_FIFO tasks may use only 95% of each second (kernel.sched_rt_runtime_us);
 * a task that hits the limit stalls for the rest of the second. Idling an
 * eighth of each repetition keeps below it (a stall would still be seen: it
 * is wall time without CPU time, and marks the repetition interfered). */
void rt_pause(uint64_t ran_ns)
{
    if (!rt_fifo)
        return;
    struct timespec ts = {.tv_sec = (time_t)(ran_ns / 8 / 1000000000u), .tv_nsec = (long)(ran_ns / 8 % 1000000000u)};
    while (nanosleep(&ts, &ts) != 0)
        if (errno != EINTR)
            die_errno("nanosleep");
}

/* ctxswitch - the direct and the indirect cost of a context switch, after
 * Li, Ding and Shen, "Quantifying the Cost of Context Switch" (ExpCS 2007).
 *
 * Direct cost C1: two processes (or threads) bounce one byte over two pipes
 * for R round trips (T1); one process writes to itself over one pipe R times
 * (T2). Each round trip of the pair holds two switches and, per side, one
 * write and one read; the single run holds the same syscalls and no switch:
 *     C1 = T1/(2R) - T2/R.
 * Total cost C2: the same, but before each write a side walks its own array
 * of D bytes (read, write or read-modify-write, in a strided order); the
 * single run walks its one array once per round, so the walking cancels
 * except for what the switch does to the caches:
 *     C2 = S1/(2R) - S2/R,   indirect = C2 - C1.
 * Everything runs on one CPU (pinned) at SCHED_FIFO when permitted; what was
 * granted is printed. Output: '# ' provenance lines, RESULT and samples lines
 * on stdout (grammar in README.md); progress on stderr. */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#endif

/* ---- options ---- */

static void usage(FILE *f)
{
    fputs("usage: ctxswitch [-h] [-n]\n"
          "  Measures the direct (C1) and indirect (C2 - C1) cost of a context switch.\n"
          "  -n  check the knobs, print the plan and an estimate (eta_s=) and exit\n"
          "environment (unset or empty = default; anything else invalid exits 2):\n"
          "  ROUNDS=N       round trips for C1 (1..100000000; default 10000, QUICK 2000);\n"
          "                 sweep cells use min(ROUNDS, max(200, 2 MiB / D))\n"
          "  REPS=N         repetitions, pair and single runs interleaved (1..1001; default 11, QUICK 5)\n"
          "  SIZES=K,...    array sizes D in KiB (1..4194304); default: powers of two from 1 KiB\n"
          "                 to 2 x LLC plus 1/2, 3/4 and 1 x L2 and LLC, all capped at MAX_KIB\n"
          "  MAX_KIB=K      cap on the default sweep (1..4194304; default 2048, QUICK 256)\n"
          "  STRIDES=B,...  walk strides in bytes, multiples of 8 (8..4096; default 8,128)\n"
          "  ACCESS=A,...   read, write, rmw (default rmw,read,write); rmw runs every stride,\n"
          "                 read and write the first stride only\n"
          "  MODE=M,...     process, thread (default process,thread); thread mode runs the\n"
          "                 first ACCESS only (the process-thread difference needs one)\n"
          "  CPU=N          the CPU to run on (default: the last allowed CPU)\n"
          "  PIN=0|1        pin to CPU and ask for SCHED_FIFO (default 1)\n"
          "  QUICK=0|1      smoke-test defaults (a few sizes, fewer rounds and reps)\n",
          f);
}

enum access { ACC_NONE, ACC_READ, ACC_WRITE, ACC_RMW };
static const char *const access_name[] = {"none", "read", "write", "rmw"};
enum mode { MODE_PROCESS, MODE_THREAD };
static const char *const mode_name[] = {"process", "thread"};

#define MAX_SIZES 64
#define MAX_STRIDES 8
#define MIN_SWEEP_ROUNDS 200
#define SWEEP_WALK_BYTES (2L << 20) /* per side and repetition, see rounds_for() */

static struct {
    long rounds, reps, max_kib, cpu, pin, quick;
    long sizes[MAX_SIZES], strides[MAX_STRIDES];
    size_t nsizes, nstrides;
    enum access access[3];
    enum mode modes[2];
    size_t naccess, nmodes;
} opt;

/* A comma-separated list of distinct words from names[lo..hi] (def if unset);
 * exits 2 naming the knob and what it accepts otherwise. */
static size_t env_words(const char *knob, const char *def, const char *const *names, int lo, int hi,
                        const char *accepts, int *out, size_t cap)
{
    const char *s = getenv(knob) && *getenv(knob) ? getenv(knob) : def;
    size_t n = 0, len = strlen(s);
    for (const char *p = s; p <= s + len && n <= cap;) {
        size_t wl = strcspn(p, ",");
        int k = lo;
        while (k <= hi && (strlen(names[k]) != wl || strncmp(p, names[k], wl) != 0))
            k++;
        for (size_t i = 0; i < n && k <= hi; i++)
            k = out[i] == k ? hi + 1 : k;
        if (k > hi || n == cap)
            die_usage("%s=%s: expected distinct comma-separated words from: %s", knob, s, accepts);
        out[n++] = k;
        p += wl + 1;
    }
    return n;
}

static int default_cpu(void)
{
    for (int c = 1023; c >= 0; c--)
        if (cpu_allowed(c))
            return c;
    return 0;
}

static void read_knobs(void)
{
    opt.quick = env_long("QUICK", 0, 0, 1);
    opt.rounds = env_long("ROUNDS", opt.quick ? 2000 : 10000, 1, 100000000);
    opt.reps = env_long("REPS", opt.quick ? 5 : 11, 1, 1001);
    opt.max_kib = env_long("MAX_KIB", opt.quick ? 256 : 2048, 1, 4194304);
    opt.pin = env_long("PIN", 1, 0, 1);
    opt.nsizes = env_long_list("SIZES", 1, 4194304, opt.sizes, MAX_SIZES);
    opt.nstrides = env_long_list("STRIDES", 8, 4096, opt.strides, MAX_STRIDES);
    for (size_t i = 0; i < opt.nstrides; i++) {
        if (opt.strides[i] % 8)
            die_usage("STRIDES=%s: %ld is not a multiple of 8 (the element size)", getenv("STRIDES"), opt.strides[i]);
        for (size_t j = 0; j < i; j++)
            if (opt.strides[j] == opt.strides[i])
                die_usage("STRIDES=%s: %ld given twice", getenv("STRIDES"), opt.strides[i]);
    }
    if (opt.nstrides == 0) {
        opt.strides[0] = 8, opt.strides[1] = 128;
        opt.nstrides = 2;
    }
    int w[3];
    opt.naccess = env_words("ACCESS", "rmw,read,write", access_name, ACC_READ, ACC_RMW, "read, write, rmw", w, 3);
    for (size_t i = 0; i < opt.naccess; i++)
        opt.access[i] = (enum access)w[i];
    opt.nmodes = env_words("MODE", "process,thread", mode_name, MODE_PROCESS, MODE_THREAD, "process, thread", w, 2);
    for (size_t i = 0; i < opt.nmodes; i++)
        opt.modes[i] = (enum mode)w[i];
    const char *cpu = getenv("CPU");
    if (cpu && *cpu) {
        opt.cpu = env_long("CPU", 0, 0, 1023);
        if (!cpu_allowed((int)opt.cpu))
            die_usage("CPU=%s: not a CPU this process may run on (0..%d, allowed set)", cpu, online_cpus() - 1);
    } else {
        opt.cpu = default_cpu();
    }
}

/* ---- setup: caches, the sweep, pinning ---- */

static struct {
    long l1d, l2, llc, line; /* bytes, 0 = unknown */
    int llc_level;
    enum cache_source src;
} cache;

/* Print what every source says for each level (and the line size) for our
 * CPU; "_disagree" marks a level the sources report differently. */
static void describe_caches(int print)
{
    cache.l1d = cache_size(1, (int)opt.cpu, NULL);
    cache.l2 = cache_size(2, (int)opt.cpu, NULL);
    cache.llc = cache_llc((int)opt.cpu, &cache.llc_level, &cache.src);
    cache.line = cache_line((int)opt.cpu, NULL);
    static const enum cache_source srcs[] = {SRC_SYSFS, SRC_SYSCONF, SRC_SYSCTL};
    for (int level = 0; print && level <= 4; level++) { /* level 0: the L1d line size */
        long v[3] = {0, 0, 0}, first = 0;
        int differ = 0;
        for (int s = 0; s < 3; s++) {
            struct cache_level c[8];
            int n = cache_levels(srcs[s], (int)opt.cpu, c, 8);
            for (int i = 0; i < n; i++)
                if (c[i].level == (level ? level : 1))
                    v[s] = level ? c[i].size : c[i].line;
            differ |= v[s] > 0 && first > 0 && v[s] != first;
            first = first ? first : v[s];
        }
        enum cache_source u = SRC_SYSFS;
        char name[8] = "line";
        if (level)
            snprintf(name, sizeof name, "L%d", level);
        if (first && (level ? cache_size(level, (int)opt.cpu, &u) : cache_line((int)opt.cpu, &u)))
            printf("# ctxswitch_cache%s: %s sysfs_bytes=%ld sysconf_bytes=%ld sysctl_bytes=%ld used=%s\n",
                   differ ? "_disagree" : "", name, v[0], v[1], v[2], cache_source_name(u));
    }
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static void add_size(long kib, long top)
{
    if (kib >= 1 && kib <= top && opt.nsizes < MAX_SIZES)
        opt.sizes[opt.nsizes++] = kib;
}

/* The default sweep: 1 KiB up to 2 x LLC in powers of two plus 1/2, 3/4 and
 * 1 x L2 and LLC, never above MAX_KIB (2 x LLC is far too big to sweep in a
 * minute on most machines; SIZES= reaches any size). Returns the top. */
static long plan_sizes(void)
{
    if (opt.nsizes > 0) {
        qsort(opt.sizes, opt.nsizes, sizeof *opt.sizes, cmp_long);
    } else if (opt.quick) {
        add_size(4, opt.max_kib);
        add_size(opt.max_kib, opt.max_kib);
    } else {
        long top = cache.llc > 0 ? 2 * cache.llc / 1024 : opt.max_kib;
        top = top < opt.max_kib ? top : opt.max_kib;
        for (long k = 1; k <= top; k *= 2)
            add_size(k, top);
        long marks[] = {cache.l2 / 1024, cache.llc / 1024};
        for (int i = 0; i < 2; i++) {
            add_size(marks[i] / 2, top);
            add_size(marks[i] * 3 / 4, top);
            add_size(marks[i], top);
            add_size(2 * marks[i], top);
        }
        qsort(opt.sizes, opt.nsizes, sizeof *opt.sizes, cmp_long);
    }
    size_t n = 0; /* drop duplicates */
    for (size_t i = 0; i < opt.nsizes; i++)
        if (n == 0 || opt.sizes[i] != opt.sizes[n - 1])
            opt.sizes[n++] = opt.sizes[i];
    opt.nsizes = n;
    return n ? opt.sizes[n - 1] : 0;
}

/* Rounds for a sweep cell: about SWEEP_WALK_BYTES walked per side and
 * repetition, never fewer than 200 (nor more than ROUNDS). */
static long rounds_for(long kib)
{
    long r = SWEEP_WALK_BYTES / (kib * 1024);
    r = r > MIN_SWEEP_ROUNDS ? r : MIN_SWEEP_ROUNDS;
    return r < opt.rounds ? r : opt.rounds;
}

struct cell {
    enum mode mode;
    enum access acc; /* ACC_NONE: the direct-cost cell, no array */
    long kib, stride, rounds;
};

static struct cell *cells;
static size_t ncells;

/* The direct-cost cells of all modes first, back to back, so that the
 * process-thread comparison is not split by the long sweep. */
static void plan_cells(void)
{
    cells = xmalloc((opt.nmodes * (1 + opt.nsizes * (opt.nstrides + 2))) * sizeof *cells);
    for (size_t m = 0; m < opt.nmodes; m++)
        cells[ncells++] = (struct cell){opt.modes[m], ACC_NONE, 0, 0, opt.rounds};
    for (size_t m = 0; m < opt.nmodes; m++) {
        for (size_t s = 0; s < opt.nsizes; s++)
            for (size_t a = 0; a < (opt.modes[m] == MODE_THREAD ? 1 : opt.naccess); a++)
                for (size_t k = 0; k < (opt.access[a] == ACC_RMW ? opt.nstrides : 1); k++)
                    cells[ncells++] = (struct cell){opt.modes[m], opt.access[a], opt.sizes[s],
                                                    opt.strides[k], rounds_for(opt.sizes[s])};
    }
}

/* A rough cost model for the ETA: 5 us per round trip plus 3 walks of D at
 * 4 GB/s (pair: 2 walks, single: 1), per repetition. */
static double cell_eta_s(const struct cell *c)
{
    double walk = c->acc == ACC_NONE ? 0 : (double)c->kib * 1024 / 4e9;
    return (double)opt.reps * (double)(c->rounds + 1) * (5e-6 + 3 * walk);
}

static const char *pinned = "no", *sched = "default";

static void pin_and_schedule(void)
{
    const char *unplaced = "the OS places both sides";
    if (!opt.pin) {
        printf("# ctxswitch_pinning: not requested (PIN=0); %s\n", unplaced);
        printf("# ctxswitch_sched: not requested (PIN=0); default policy\n");
        return;
    }
#ifdef __linux__
    if (pin_self((int)opt.cpu) == 0) {
        pinned = "yes";
        printf("# ctxswitch_pinning: granted, both sides on CPU %ld\n", opt.cpu);
    } else {
        printf("# ctxswitch_pinning: not granted (%s); %s\n", strerror(errno), unplaced);
    }
    struct sched_param sp = {.sched_priority = sched_get_priority_max(SCHED_FIFO)};
    if (sp.sched_priority >= 0 && sched_setscheduler(0, SCHED_FIFO, &sp) == 0) {
        sched = "fifo";
        printf("# ctxswitch_sched: SCHED_FIFO priority %d granted (inherited by the partner)\n", sp.sched_priority);
    } else {
        printf("# ctxswitch_sched: SCHED_FIFO refused (%s); default policy\n", strerror(errno));
    }
#else /* macOS: no affinity API and no SCHED_FIFO for normal users; not tested there */
    printf("# ctxswitch_pinning: not available on this OS (no CPU affinity API); %s\n", unplaced);
    printf("# ctxswitch_sched: SCHED_FIFO not available on this OS; default policy\n");
#endif
}

/* ---- the walk ---- */

/* One side's array and what it has done to it. */
struct side {
    uint64_t *a;
    size_t n, step; /* elements; stride in elements */
    enum access acc;
    uint64_t walks, sum;
};

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

static void side_init(struct side *sd, const struct cell *c)
{
    *sd = (struct side){.n = (size_t)c->kib * 1024 / 8, .step = (size_t)c->stride / 8, .acc = c->acc};
    if (sd->n == 0)
        return;
    sd->a = xaligned_alloc(4096, sd->n * 8);
    for (size_t i = 0; i < sd->n; i++) /* a[i] = i: also faults every page in */
        sd->a[i] = i;
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
static int side_verify(const struct side *sd)
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

/* ---- the timed region ---- */

/* Voluntary and involuntary switches and CPU migrations of the calling
 * thread (of the process in process mode) so far; migrations -1 = unknown. */
struct usage {
    long nvcsw, nivcsw, migrations;
};

#ifdef RUSAGE_THREAD
#define PER_THREAD_COUNTS 1
#else
#define RUSAGE_THREAD RUSAGE_SELF /* macOS: thread-mode counts are not per thread */
#define PER_THREAD_COUNTS 0
#endif

static struct usage usage_now(enum mode mode)
{
    struct rusage ru;
    if (getrusage(mode == MODE_THREAD ? RUSAGE_THREAD : RUSAGE_SELF, &ru) != 0)
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

static struct usage usage_diff(struct usage b, struct usage a)
{
    return (struct usage){b.nvcsw - a.nvcsw, b.nivcsw - a.nivcsw, a.migrations < 0 ? -1 : b.migrations - a.migrations};
}

static void put_byte(int fd)
{
    ssize_t w;
    while ((w = write(fd, "x", 1)) < 0 && errno == EINTR)
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

static inline void get_byte(int fd)
{
    char c;
    get_bytes(fd, &c, 1);
}

/* What the partner (child process or thread) reports when it is done. */
struct report {
    int ok, cpu_first, cpu_last;
    struct usage u;
};

struct partner_arg {
    const struct cell *c;
    int in, out; /* read from parent, write to parent */
    struct report rep;
};

/* The partner: for each repetition, rounds+1 times: wait for the parent's
 * byte, walk its own array, answer. Its first blocking read is counted. */
static void *partner(void *p)
{
    struct partner_arg *pa = p;
    struct side sd;
    side_init(&sd, pa->c);
    pa->rep.cpu_first = current_cpu();
    put_byte(pa->out); /* ready: array allocated and touched */
    struct usage u0 = usage_now(pa->c->mode);
    for (long rep = 0; rep < opt.reps; rep++)
        for (long r = 0; r <= pa->c->rounds; r++) {
            get_byte(pa->in);
            side_walk(&sd);
            put_byte(pa->out);
        }
    pa->rep.u = usage_diff(usage_now(pa->c->mode), u0);
    pa->rep.cpu_last = current_cpu();
    pa->rep.ok = side_verify(&sd);
    free(sd.a);
    return NULL;
}

static void xpipe(int fd[2])
{
    if (pipe(fd) != 0)
        die_errno("pipe");
}

/* SCHED_FIFO tasks may use only 95% of each second (kernel.sched_rt_runtime_us);
 * a run that hits the limit stalls for the rest of the second, which would
 * land inside a timed region. Idling a quarter of each run keeps below it. */
static void rt_pause(uint64_t ran_ns)
{
    if (strcmp(sched, "fifo") != 0)
        return;
    struct timespec ts = {.tv_sec = (time_t)(ran_ns / 4 / 1000000000u), .tv_nsec = (long)(ran_ns / 4 % 1000000000u)};
    while (nanosleep(&ts, &ts) != 0)
        if (errno != EINTR)
            die_errno("nanosleep");
}

/* One cell: REPS repetitions of a pair run and a single run, alternating
 * which goes first. Fills the per-repetition times and the self-checks. */
struct outcome {
    double *pair_ns, *single_ns;
    struct usage pair, single, parent_all;
    struct report partner;
    int parent_ok, cpu_first, cpu_last;
};

static void run_cell(const struct cell *c, struct outcome *o)
{
    int p2c[2], c2p[2], self[2];
    xpipe(p2c);
    xpipe(c2p);
    xpipe(self);
    struct partner_arg pa = {.c = c, .in = p2c[0], .out = c2p[1]};
    pid_t pid = -1;
    pthread_t th;
    if (c->mode == MODE_PROCESS) {
        fflush(stdout); /* or the child's exit would print our buffer again */
        pid = fork();
        if (pid < 0)
            die_errno("fork");
        if (pid == 0) {
            close(p2c[1]), close(c2p[0]), close(self[0]), close(self[1]);
            partner(&pa);
            ssize_t w = write(c2p[1], &pa.rep, sizeof pa.rep);
            _exit(w == (ssize_t)sizeof pa.rep ? 0 : 1);
        }
    } else {
        check_pt(pthread_create(&th, NULL, partner, &pa), "pthread_create");
    }
    struct side sd;
    side_init(&sd, c);
    get_byte(c2p[0]); /* the partner is ready */
    o->cpu_first = current_cpu();
    struct usage all0 = usage_now(c->mode);
    o->pair = o->single = (struct usage){0, 0, 0};
    for (long rep = 0; rep < opt.reps; rep++) {
        for (int half = 0; half < 2; half++) {
            int pair = (half == 0) == (rep % 2 == 0); /* even reps: pair first */
            int wfd = pair ? p2c[1] : self[1], rfd = pair ? c2p[0] : self[0];
            struct usage u0 = usage_now(c->mode);
            uint64_t t0 = 0;
            for (long r = 0; r <= c->rounds; r++) {
                if (r == 1) /* round 0 is the untimed warm-up */
                    t0 = now_ns();
                side_walk(&sd);
                put_byte(wfd);
                get_byte(rfd);
            }
            uint64_t t1 = now_ns();
            struct usage d = usage_diff(usage_now(c->mode), u0), *acc = pair ? &o->pair : &o->single;
            acc->nvcsw += d.nvcsw;
            acc->nivcsw += d.nivcsw;
            (pair ? o->pair_ns : o->single_ns)[rep] = (double)(t1 - t0);
            rt_pause(t1 - t0);
        }
    }
    o->parent_all = usage_diff(usage_now(c->mode), all0);
    o->cpu_last = current_cpu();
    if (c->mode == MODE_PROCESS) {
        get_bytes(c2p[0], &pa.rep, sizeof pa.rep);
        int st;
        if (waitpid(pid, &st, 0) != pid)
            die_errno("waitpid");
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            die("the partner process failed (status %d)", st);
    } else {
        check_pt(pthread_join(th, NULL), "pthread_join");
    }
    o->partner = pa.rep;
    o->parent_ok = side_verify(&sd);
    free(sd.a);
    int fds[] = {p2c[0], p2c[1], c2p[0], c2p[1], self[0], self[1]};
    for (int i = 0; i < 6; i++)
        if (close(fds[i]) != 0)
            die_errno("close");
}

/* ---- checks and output ---- */

/* Quantile p of x[0..n) by linear interpolation between order statistics. */
static void print_list(const char *prefix, const double *x, size_t n)
{
    fputs(prefix, stdout);
    for (size_t i = 0; i < n; i++)
        printf("%s%.0f", i ? "," : "", x[i]);
    putchar('\n');
}

/* Per-mode direct cost, for the indirect cost of that mode's sweep cells. */
static double c1_med[2], c1_q1[2], c1_q3[2];

static int report_cell(const struct cell *c, const struct outcome *o)
{
    size_t n = (size_t)opt.reps;
    double R = (double)c->rounds, *cost = xmalloc(n * sizeof *cost), *half = xmalloc(n * sizeof *half),
           *one = xmalloc(n * sizeof *one);
    for (size_t i = 0; i < n; i++) {
        half[i] = o->pair_ns[i] / (2 * R);
        one[i] = o->single_ns[i] / R;
        cost[i] = half[i] - one[i]; /* C = T1/(2R) - T2/R, per repetition */
    }
    /* self-checks: 2 switches per pair round trip (voluntary under SCHED_FIFO;
     * the default scheduler lets the woken side preempt the writer, so about
     * one of them is involuntary there), none per single round trip, no
     * migrations. The counts include the warm-up rounds. */
    double rts = (double)opt.reps * (R + 1);
    int known = c->mode == MODE_PROCESS || PER_THREAD_COUNTS;
    double pair_v = known ? (double)(o->pair.nvcsw + o->partner.u.nvcsw) / rts : -1;
    double pair_iv = known ? (double)(o->pair.nivcsw + o->partner.u.nivcsw) / rts : -1;
    double single_all = known ? (double)(o->single.nvcsw + o->single.nivcsw) / rts : -1;
    long migr = o->parent_all.migrations < 0 || o->partner.u.migrations < 0
                    ? -1 : o->parent_all.migrations + o->partner.u.migrations;
    int moved = migr > 0 || (*pinned == 'y' && (o->cpu_first != opt.cpu || o->cpu_last != opt.cpu ||
                                                o->partner.cpu_first != opt.cpu || o->partner.cpu_last != opt.cpu));
    int bad_csw = known && (pair_v + pair_iv < 1.9 || pair_v + pair_iv > 2.1 || single_all > 0.1);
    const char *check = bad_csw && moved ? "csw,migrated" : bad_csw ? "csw" : moved ? "migrated" : "ok";
    int ok = o->parent_ok && o->partner.ok;

    printf("RESULT exp=ctxswitch kind=%s mode=%s size_kib=%ld access=%s stride_bytes=%ld rounds=%ld reps=%ld",
           c->acc == ACC_NONE ? "direct" : "total", mode_name[c->mode], c->kib, access_name[c->acc], c->stride,
           c->rounds, opt.reps);
    printf(" pair_half_rt_ns=%.1f single_rt_ns=%.1f", stat_median(half, n), stat_median(one, n));
    double med = stat_median(cost, n), q1 = stat_quantile(cost, n, 0.25), q3 = stat_quantile(cost, n, 0.75);
    if (c->acc == ACC_NONE) {
        c1_med[c->mode] = med, c1_q1[c->mode] = q1, c1_q3[c->mode] = q3;
        printf(" c1_ns=%.1f", med);
    } else {
        /* the spread of the indirect cost: C2's quartiles minus C1's, crosswise */
        double ind = med - c1_med[c->mode], lo = q1 - c1_q3[c->mode], hi = q3 - c1_q1[c->mode];
        printf(" c2_ns=%.1f c1_ns=%.1f indirect_ns=%.1f indirect_lo_ns=%.1f indirect_hi_ns=%.1f significant=%s", med,
               c1_med[c->mode], ind, lo, hi, ind > 0 && lo > 0 ? "yes" : "no");
    }
    printf(" cv=%.4f min_ns=%.1f q1_ns=%.1f q3_ns=%.1f nvcsw_per_rt=%.3f nivcsw_per_rt=%.3f"
           " single_csw_per_rt=%.3f migrations=%ld cpu=%d check=%s status=%s\n",
           stat_cv(cost, n), stat_min(cost, n), q1, q3, pair_v, pair_iv, single_all, migr, o->cpu_last, check,
           ok ? "ok" : "mismatch");
    char pre[200];
    int len = snprintf(pre, sizeof pre, "samples exp=ctxswitch mode=%s size_kib=%ld access=%s stride_bytes=%ld rounds=%ld",
                       mode_name[c->mode], c->kib, access_name[c->acc], c->stride, c->rounds);
    snprintf(pre + len, sizeof pre - (size_t)len, " run=pair ns=");
    print_list(pre, o->pair_ns, n);
    snprintf(pre + len, sizeof pre - (size_t)len, " run=single ns=");
    print_list(pre, o->single_ns, n);
    fflush(stdout);
    free(cost), free(half), free(one);
    return ok;
}

int main(int argc, char **argv)
{
    int dry = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "-n") == 0) {
            dry = 1;
        } else {
            fprintf(stderr, "ctxswitch: unknown argument '%s'; expected -h or -n (knobs are environment variables)\n",
                    argv[i]);
            return EXIT_USAGE;
        }
    }
    read_knobs();
    describe_caches(!dry);
    long top = plan_sizes();
    plan_cells();
    double eta = 0;
    for (size_t i = 0; i < ncells; i++)
        eta += cell_eta_s(&cells[i]);
    printf("# ctxswitch_plan: cells=%zu eta_s=%.0f sizes_kib=", ncells, eta);
    for (size_t i = 0; i < opt.nsizes; i++)
        printf("%s%ld", i ? "," : "", opt.sizes[i]);
    putchar('\n');
    if (dry)
        return 0;

    if (signal(SIGPIPE, SIG_IGN) == SIG_ERR) /* a dead partner: EPIPE, not a silent death */
        die_errno("signal(SIGPIPE)");
    pin_and_schedule();
    printf("# ctxswitch_config: cpu=%ld pinned=%s sched=%s quick=%ld rounds=%ld reps=%ld min_sweep_rounds=%d"
           " l1d_bytes=%ld l2_bytes=%ld llc_bytes=%ld llc_level=%d line_bytes=%ld cache_source=%s"
           " top_kib=%ld max_kib=%ld sizes_from=%s\n",
           opt.cpu, pinned, sched, opt.quick, opt.rounds, opt.reps, MIN_SWEEP_ROUNDS, cache.l1d, cache.l2, cache.llc,
           cache.llc_level, cache.line, cache_source_name(cache.src), top, opt.max_kib,
           getenv("SIZES") && *getenv("SIZES") ? "SIZES" : "default");

    struct outcome o = {.pair_ns = xmalloc((size_t)opt.reps * sizeof(double)),
                        .single_ns = xmalloc((size_t)opt.reps * sizeof(double))};
    double done = 0;
    uint64_t t0 = now_ns();
    for (size_t i = 0; i < ncells; i++) {
        run_cell(&cells[i], &o);
        if (!report_cell(&cells[i], &o))
            die("checksum mismatch in %s %s D=%ld KiB stride %ld: the walk did not do what it should",
                mode_name[cells[i].mode], access_name[cells[i].acc], cells[i].kib, cells[i].stride);
        done += cell_eta_s(&cells[i]);
        progress("ctxswitch", (long)(done * 1000), (long)(eta * 1000), t0);
    }
    free(o.pair_ns), free(o.single_ns), free(cells);
    return 0;
}

/* workload.c - contention workloads for the lockwait experiment: one binary,
 * one scenario per run, each a small pthread program that checks its own
 * result and prints one RESULT line.
 *
 *   mutex   T threads, one mutex, CS_NS inside and WORK_NS outside per op
 *   spin    the same with pthread_spin_lock
 *   sem     T threads share K permits of a counting semaphore
 *   rwlock  read-mostly table; every 64th op of a thread writes
 *   cond    bounded queue: T/2 producers, the rest consumers (mutex + 2 condvars);
 *           items carry 20 us of work on each side, like a pipeline stage
 *   cache   request threads look scripts up in a shared cache under one lock;
 *           a miss "compiles" the script while holding the lock (the Apache
 *           OPcache case in miniature), so requests arriving meanwhile stall
 *
 * Work "set in ns" is a busy loop that runs until the monotonic clock has
 * advanced that far (so a preempted thread still ends its section on time, as
 * a real one would once rescheduled). Latency per op = lock request to
 * release (cache: the whole request). Only lock calls the preload can see are
 * used in the measured loop; the start gate is an atomic flag. */
#define _GNU_SOURCE
#include "common.h"
#include "workload.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

/* default ops per thread, CS ns, work ns, by enum scenario (usage prints them) */
static const long defaults[S_COUNT][3] = {
    {20000, 1000, 2000}, {20000, 1000, 2000}, {10000, 4000, 2000},
    {20000, 500, 1000},  {5000, 0, 20000},    {400, 1000000, 10000},
};

/* the scenarios' names joined by sep, from scenario_names: the one list */
static const char *scenario_list(const char *sep)
{
    static char buf[256];
    size_t o = 0;
    buf[0] = 0;
    for (int s = 0; s < S_COUNT && o < sizeof buf; s++) {
        int n = snprintf(buf + o, sizeof buf - o, "%s%s", s ? sep : "", scenario_names[s]);
        o += n > 0 ? (size_t)n : 0;
    }
    return buf;
}

static void usage(FILE *f)
{
    fprintf(f,
        "usage: lockwait_workload [-h] [-t THREADS] [-n OPS] [-c CS_NS] [-w WORK_NS]\n"
        "                         [-k PERMITS] [-m MISS_EVERY] [-W FILE] [-X] SCENARIO\n"
        "  SCENARIO    %s\n"
        "  -t THREADS  worker threads, 1-1024 (default 4; spin: min(4, online CPUs),\n"
        "              since spinning on an oversubscribed CPU only burns the holder's\n"
        "              time slice; cond needs >= 2: half produce, the rest consume)\n"
        "  -n OPS      operations per thread (cond: items per producer; cache: requests)\n"
        "  -c CS_NS    busy time inside the lock per op (cache: compile time of a miss)\n"
        "  -w WORK_NS  busy time outside the lock per op (cache: request execution)\n"
        "  -k PERMITS  sem: permits of the semaphore (default 2)\n"
        "  -m MISS_EVERY  cache: one request in MISS_EVERY asks for a new script (default 128)\n"
        "  -W FILE     cache: write the tail requests (latency >= p99) and the compile\n"
        "              intervals as 'request|compile TID START_NS END_NS' for lockwait_report -W\n"
        "  -X          tests only: inject one unguarded update so the check must fail\n"
        "defaults per scenario (OPS CS_NS WORK_NS):",
        scenario_list(" | "));
    for (int sc = 0; sc < S_COUNT; sc++)
        fprintf(f, "%s%s %ld %ld %ld", sc == 0 ? " " : sc == 2 ? ",\n  " : ", ", scenario_names[sc], defaults[sc][0],
                defaults[sc][1], defaults[sc][2]);
    fprintf(f,
        "\n  (cond is a pipeline stage: 20 us of work per item on each side, an application's\n"
        "  lock rate; mutex, spin, sem and rwlock hammer their lock on purpose)\n"
        "  (cache threads also sleep 200000 ns between requests: client think time)\n"
        "output: RESULT exp=lockwait kind=workload scenario=S threads=N wall_ns=N ops=N\n"
        "  ops_per_s=F p50_ns=N p99_ns=N max_ns=N cs_ns=N nvcsw=N nivcsw=N check=ok\n"
        "  (exit 1 if a check fails; cs_ns: the hold that ran; nvcsw, nivcsw: the\n"
        "  process's voluntary (sleeps) and involuntary context switches in the timed region)\n");
}

struct options opt;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* nearest-rank percentile of a sorted array */
static uint64_t pct(const uint64_t *s, size_t n, double p)
{
    size_t r = (size_t)(p * (double)n + 0.999999);
    return s[r ? r - 1 : 0];
}

/* -W FILE is written into a file made beside it before the run and renamed
 * over it at the end: a FILE that cannot be made is said before the run,
 * a run that fails leaves FILE as it was, and a symbolic link at FILE
 * (another user's, in /tmp) is replaced, never written through */
static char windows_tmp[4096];
static int windows_fd = -1;

static void windows_tmp_remove(void)
{
    if (windows_fd >= 0)
        unlink(windows_tmp);
}

static void windows_open(void)
{
    const char *slash = strrchr(opt.windows, '/');
    int dir_len = slash ? (int)(slash - opt.windows + 1) : 0;
    if ((size_t)snprintf(windows_tmp, sizeof windows_tmp, "%.*s.%s.XXXXXX", dir_len, opt.windows,
                         slash ? slash + 1 : opt.windows) >= sizeof windows_tmp)
        die_usage("-W %s: a name of over %zu bytes", opt.windows, sizeof windows_tmp - 16);
    struct stat st;
    if (stat(opt.windows, &st) == 0 && S_ISDIR(st.st_mode))
        die("-W %s: a directory; nothing was run", opt.windows);
    windows_fd = mkostemp(windows_tmp, O_CLOEXEC);
    if (windows_fd < 0)
        die("-W %s: cannot make a file beside it (%s); nothing was run", opt.windows, strerror(errno));
    atexit(windows_tmp_remove);
    mode_t mask = umask(0); /* the mode fopen would give it (mkostemp's is 0600); one thread yet */
    umask(mask);
    if (fchmod(windows_fd, 0666 & ~mask) != 0)
        die_errno(windows_tmp);
}

static void write_windows(struct worker *ws, long n, uint64_t p99)
{
    FILE *f = fdopen(windows_fd, "w");
    if (!f)
        die_errno(windows_tmp);
    /* input of lockwait_report -W: the tail requests and the compiles */
    for (long t = 0; t < n; t++) {
        for (long i = 0; i < ws[t].nops; i++)
            if (ws[t].lat[i] >= p99)
                fprintf(f, "request %" PRIu32 " %" PRIu64 " %" PRIu64 "\n", ws[t].tid,
                        ws[t].start[i], ws[t].start[i] + ws[t].lat[i]);
        for (long c = 0; c < ws[t].ncompile; c++)
            fprintf(f, "compile %" PRIu32 " %" PRIu64 " %" PRIu64 "\n", ws[t].tid, ws[t].cstart[c],
                    ws[t].cend[c]);
    }
    if (fclose(f) != 0)
        die_errno(windows_tmp);
    int renamed = rename(windows_tmp, opt.windows) == 0, err = errno;
    windows_fd = -1; /* renamed, or kept for the user: no longer ours to remove */
    if (!renamed)
        die("-W %s: %s (the windows stay in %s)", opt.windows, strerror(err), windows_tmp);
}

static long num_arg(const char *s, char flag, long min, long max, const char *what)
{
    long v;
    if (parse_long(s, min, max, &v) != 0)
        die_usage("-%c %s: expected %s, a whole number from %ld to %ld", flag, s, what, min, max);
    return v;
}

/* the options into opt; exits 2 on anything it does not understand */
static void parse_options(int argc, char **argv)
{
    long t_opt = -1, n_opt = -1, c_opt = -1, w_opt = -1;
    opt.permits = 2;
    opt.miss_every = 128;
    int c;
    if (help_asked(argc, argv)) {
        usage(stdout);
        exit(0);
    }
    while ((c = getopt(argc, argv, ":ht:n:c:w:k:m:W:X")) != -1) {
        switch (c) {
        case 'h': usage(stdout); exit(0);
        case 't': t_opt = num_arg(optarg, 't', 1, 1024, "THREADS"); break;
        case 'n': n_opt = num_arg(optarg, 'n', 1, 100000000, "OPS"); break;
        case 'c': c_opt = num_arg(optarg, 'c', 0, 1000000000, "CS_NS"); break;
        case 'w': w_opt = num_arg(optarg, 'w', 0, 1000000000, "WORK_NS"); break;
        case 'k': opt.permits = num_arg(optarg, 'k', 1, 1024, "PERMITS"); break;
        case 'm': opt.miss_every = num_arg(optarg, 'm', 1, 1000000, "MISS_EVERY"); break;
        case 'W': /* '' ran the scenario, then kept the windows in "..XXXXXX" */
            if (!*optarg)
                die_usage("-W needs FILE, not an empty word");
            opt.windows = optarg;
            break;
        case 'X': opt.fault = 1; break;
        case ':': die_usage("-%c needs a value (see -h)", optopt);
        default:
            if (optopt == '-') /* "--name": getopt saw its second dash; name the whole word */
                for (int i = 1; i < argc; i++)
                    if (!strncmp(argv[i], "--", 2) && argv[i][2])
                        die_usage("unknown option '%s' (see -h)", argv[i]);
            die_usage("unknown option '-%c' (see -h)", optopt);
        }
    }
    if (optind != argc - 1)
        die_usage("expected one SCENARIO (%s), got %d arguments", scenario_list(" "), argc - optind);
    opt.sc = S_COUNT;
    for (int s = 0; s < S_COUNT; s++)
        if (strcmp(argv[optind], scenario_names[s]) == 0)
            opt.sc = (enum scenario)s;
    if (opt.sc == S_COUNT)
        die_usage("SCENARIO '%s': expected one of %s", argv[optind], scenario_list(" "));
    long ncpu = online_cpus();
    opt.threads = t_opt > 0 ? t_opt : opt.sc == S_SPIN && ncpu < 4 ? (ncpu > 0 ? ncpu : 1) : 4;
    opt.ops = n_opt > 0 ? n_opt : defaults[opt.sc][0];
    opt.cs_ns = c_opt >= 0 ? c_opt : defaults[opt.sc][1];
    opt.work_ns = w_opt >= 0 ? w_opt : defaults[opt.sc][2];
    if (opt.sc == S_COND && opt.threads < 2)
        die_usage("-t %ld: cond needs at least 2 threads (producers and consumers)", opt.threads);
    if (opt.windows && opt.sc != S_CACHE)
        die_usage("-W: only the cache scenario writes request windows");
#ifndef __linux__
    if (opt.windows)
        die_usage("-W: needs kernel thread ids (Linux only)");
#endif
}

/* the n workers with their latency (and, for cache, window) arrays */
static struct worker *alloc_workers(long n)
{
    struct worker *ws = xaligned_alloc(64, sizeof *ws * (size_t)n);
    memset(ws, 0, sizeof *ws * (size_t)n);
    long ncons = n - n / 2, total_items = (n / 2) * opt.ops;
    for (long t = 0; t < n; t++) {
        ws[t].idx = t;
        ws[t].nops = opt.ops;
        if (opt.sc == S_COND && t >= n / 2) /* consumers share the items evenly */
            ws[t].nops = total_items / ncons + (t - n / 2 < total_items % ncons);
        ws[t].lat = xmalloc(sizeof(uint64_t) * (size_t)(ws[t].nops ? ws[t].nops : 1));
        if (opt.sc == S_CACHE) {
            ws[t].start = xmalloc(sizeof(uint64_t) * (size_t)opt.ops);
            if (opt.windows) {
                long most = opt.ops / opt.miss_every + 1;
                ws[t].cstart = xmalloc(sizeof(uint64_t) * (size_t)most);
                ws[t].cend = xmalloc(sizeof(uint64_t) * (size_t)most);
            }
        }
    }
    return ws;
}

/* the process's voluntary and involuntary context switches so far, all its
 * threads (exited ones too) */
static void context_switches(long *voluntary, long *involuntary)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        die_errno("getrusage");
    *voluntary = ru.ru_nvcsw;
    *involuntary = ru.ru_nivcsw;
}

/* start the n threads behind the gate, open it, join them: the wall time;
 * the context switches of that region into *nvcsw and *nivcsw (the main
 * thread's joins count too: at most one sleep per thread) */
static uint64_t run_timed(struct worker *ws, long n, long *nvcsw, long *nivcsw)
{
    pthread_t *th = xmalloc(sizeof *th * (size_t)n);
    for (long t = 0; t < n; t++) {
        void *(*fn)(void *) = opt.sc == S_COND ? (t < n / 2 ? run_producer : run_consumer)
                              : opt.sc == S_CACHE ? run_cache
                                                  : run_locked;
        check_pt(pthread_create(&th[t], NULL, fn, &ws[t]), "pthread_create");
#ifdef __linux__
        snprintf(ws[t].name, sizeof ws[t].name, "%.6s-%d",
                 opt.sc == S_COND ? (t < n / 2 ? "prod" : "cons") : scenario_names[opt.sc], (int)t);
        check_pt(pthread_setname_np(th[t], ws[t].name), "pthread_setname_np");
#endif
    }
    while (atomic_load(&gate_ready) < n)
        sched_yield();
    long v0, i0;
    context_switches(&v0, &i0);
    uint64_t t0 = now_ns(); /* timed region: gate open .. all joined */
    atomic_store(&gate_go, 1);
    for (long t = 0; t < n; t++)
        check_pt(pthread_join(th[t], NULL), "pthread_join");
    uint64_t wall = now_ns() - t0;
    context_switches(nvcsw, nivcsw);
    *nvcsw -= v0;
    *nivcsw -= i0;
    free(th);
    return wall;
}

/* p50, p99 and the maximum of every op's latency, over all workers */
static void latencies(const struct worker *ws, long n, uint64_t *p50, uint64_t *p99, uint64_t *mx)
{
    size_t nlat = 0;
    for (long t = 0; t < n; t++)
        nlat += (size_t)ws[t].nops;
    uint64_t *all = xmalloc(sizeof(uint64_t) * (nlat ? nlat : 1));
    size_t k = 0;
    for (long t = 0; t < n; t++) {
        memcpy(all + k, ws[t].lat, sizeof(uint64_t) * (size_t)ws[t].nops);
        k += (size_t)ws[t].nops;
    }
    qsort(all, nlat, sizeof *all, cmp_u64);
    *p50 = pct(all, nlat, 0.50);
    *p99 = pct(all, nlat, 0.99);
    *mx = all[nlat - 1];
    free(all);
}

static void free_workers(struct worker *ws, long n)
{
    for (long t = 0; t < n; t++) {
        free(ws[t].lat);
        free(ws[t].start);
        free(ws[t].cstart);
        free(ws[t].cend);
    }
    free(ws);
}

int main(int argc, char **argv)
{
    parse_options(argc, argv);
    if (opt.windows)
        windows_open();
    long n = opt.threads;
    struct worker *ws = alloc_workers(n);
    setup_shared(n);
    long nvcsw, nivcsw;
    uint64_t wall = run_timed(ws, n, &nvcsw, &nivcsw);

    if (opt.fault)
        inject_fault(ws, n);
    long ops;
    check_result(ws, n, &ops);

    uint64_t p50, p99, mx;
    latencies(ws, n, &p50, &p99, &mx);
    if (opt.windows)
        write_windows(ws, n, p99);
    uint64_t sink = 0;
    for (long t = 0; t < n; t++)
        sink ^= ws[t].sink;
    SINK(sink);

    printf("RESULT exp=lockwait kind=workload scenario=%s threads=%ld wall_ns=%" PRIu64
           " ops=%ld ops_per_s=%.1f p50_ns=%" PRIu64 " p99_ns=%" PRIu64 " max_ns=%" PRIu64
           " cs_ns=%ld nvcsw=%ld nivcsw=%ld check=ok\n",
           scenario_names[opt.sc], n, wall, ops, (double)ops * 1e9 / (double)wall, p50, p99, mx,
           opt.cs_ns, nvcsw, nivcsw);
    fprintf(stderr, "lockwait_workload: %s, %ld threads: %ld ops in %.1f ms, p50 %.1f us, p99 %.1f us, "
            "max %.1f us\n", scenario_names[opt.sc], n, ops, (double)wall / 1e6,
            (double)p50 / 1e3, (double)p99 / 1e3, (double)mx / 1e3);
    if (fflush(stdout) != 0)
        die_errno("stdout");
    free_workers(ws, n);
    free_shared();
    return 0;
}

/* common.c - see common.h. Platform specifics are behind __linux__ and
 * __APPLE__; every other system gets the portable fallback. */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <signal.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sched.h>
#include <sys/prctl.h>
#endif
#ifdef __APPLE__
#include <Availability.h>
#include <sys/sysctl.h>
#include <sys/types.h>
#endif

uint64_t clock_ns(clockid_t id)
{
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0)
        die("clock_gettime(clock %ld): %s", (long)id, strerror(errno));
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* One line whatever the message quotes: a knob value with a newline or
 * another control character is shown escaped (\n, \t, \xNN). said: an
 * error is out, so check_stdout adds none of its own at the exit. */
static int said;
static void vmsg(const char *fmt, va_list ap)
{
    said = 1;
    char line[4096];
    vsnprintf(line, sizeof line, fmt, ap);
    fputs("error: ", stderr);
    for (const unsigned char *p = (const unsigned char *)line; *p; p++) {
        if (*p == '\n')
            fputs("\\n", stderr);
        else if (*p == '\t')
            fputs("\\t", stderr);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(stderr, "\\x%02x", *p);
        else
            fputc(*p, stderr);
    }
    fputc('\n', stderr);
}

void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg(fmt, ap);
    va_end(ap);
    exit(1);
}

void die_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg(fmt, ap);
    va_end(ap);
    exit(EXIT_USAGE);
}

const char *getopt_bad_option(char *const argv[])
{
    static char word[3];
    /* a "--word" is refused at its second '-', before optind moves past it */
    if (optopt == '-' && argv[optind])
        return argv[optind];
    word[0] = '-';
    word[1] = (char)optopt;
    word[2] = 0;
    return word;
}

int help_asked(int argc, char *const argv[])
{
    return argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0);
}

void die_errno(const char *what)
{
    die("%s: %s", what, strerror(errno));
}

void check_pt(int rc, const char *what)
{
    if (rc != 0)
        die("%s: %s", what, strerror(rc));
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die("out of memory allocating %zu bytes", n);
    return p;
}

void *xaligned_alloc(size_t align, size_t n)
{
    void *p = NULL;
    int rc = posix_memalign(&p, align, n ? n : align);
    if (rc != 0)
        die("posix_memalign(%zu, %zu): %s", align, n, strerror(rc));
    return p;
}

void *xplaced_alloc(size_t align, size_t n, void **base)
{
    static uint64_t state;
    if (!state)
        state = ((uint64_t)getpid() << 32) ^ now_ns();
    state += 0x9e3779b97f4a7c15u; /* splitmix64 */
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    size_t slots = align < 4096 ? 4096 / align : 1;
    char *p = xaligned_alloc(align < 4096 ? 4096 : align, n + 4096);
    *base = p;
    return p + (size_t)(z % slots) * align;
}

/* ---- knobs ---- */

int parse_long(const char *s, long min, long max, long *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s || v < min || v > max)
        return -1;
    /* strtol accepts leading blanks and '+'; a knob must be plain digits */
    for (const char *p = s; *p; p++)
        if ((*p < '0' || *p > '9') && !(p == s && *p == '-'))
            return -1;
    *out = v;
    return 0;
}

long env_long(const char *name, long def, long min, long max)
{
    const char *s = getenv(name);
    long v;
    if (!s || !*s)
        return def;
    if (parse_long(s, min, max, &v) != 0)
        die_usage("%s=%s: expected a whole number from %ld to %ld", name, s, min, max);
    return v;
}

size_t parse_long_list(const char *name, const char *s, long min, long max,
                       long *out, size_t cap)
{
    size_t n = 0;
    const char *p = s;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char buf[32];
        long v;
        if (len == 0 || len >= sizeof buf || n == cap)
            die_usage("%s=%s: expected up to %zu comma-separated whole numbers from %ld to %ld",
                      name, s, cap, min, max);
        memcpy(buf, p, len);
        buf[len] = 0;
        if (parse_long(buf, min, max, &v) != 0)
            die_usage("%s=%s: '%s' is not a whole number from %ld to %ld", name, s, buf, min, max);
        out[n++] = v;
        p += len + (comma != NULL);
        if (comma && !*p)
            die_usage("%s=%s: trailing comma", name, s);
    }
    return n;
}

size_t env_long_list(const char *name, long min, long max, long *out, size_t cap)
{
    const char *s = getenv(name);
    return (s && *s) ? parse_long_list(name, s, min, max, out, cap) : 0;
}

/* ---- CPUs ---- */

int current_cpu(void)
{
#ifdef __linux__
    return sched_getcpu();
#elif defined(__APPLE__) && defined(__MAC_OS_X_VERSION_MAX_ALLOWED) && __MAC_OS_X_VERSION_MAX_ALLOWED >= 110000
    /* macOS 11+: the CPU number the kernel last published for this thread,
     * cheap and approximate; there is no sched_getcpu. */
    size_t cpu;
    return pthread_cpu_number_np(&cpu) == 0 ? (int)cpu : -1;
#else
    return -1;
#endif
}

int online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

int pin_self(int cpu)
{
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    int rc = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    return 0;
#else
    (void)cpu; /* macOS has no affinity API (only hints); say so, don't fake it */
    errno = ENOSYS;
    return -1;
#endif
}

int affinity_supported(void)
{
#ifdef __linux__
    return 1;
#else
    return 0;
#endif
}

int cpu_allowed(int cpu)
{
#ifdef __linux__
    cpu_set_t set;
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        return 0;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        die_errno("sched_getaffinity");
    return CPU_ISSET(cpu, &set) != 0;
#else
    return cpu >= 0 && cpu < online_cpus();
#endif
}

int allowed_cpus(int *list, int cap)
{
    int n = 0;
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        die_errno("sched_getaffinity");
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set)) {
            if (list && n < cap)
                list[n] = c;
            n++;
        }
#else
    for (n = 0; n < online_cpus(); n++)
        if (list && n < cap)
            list[n] = n;
#endif
    return n;
}

/* ---- caches and topology ---- */

const char *cache_source_name(enum cache_source s)
{
    switch (s) {
    case SRC_SYSFS: return "sysfs";
    case SRC_SYSCONF: return "sysconf";
    case SRC_SYSCTL: return "sysctl";
    }
    return "?";
}

int read_line(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int ok = fgets(buf, (int)cap, f) != NULL;
    fclose(f);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\n")] = 0;
    return 0;
}

FILE *open_regular_input(const char *what, const char *path)
{
    /* an empty word (an unset variable) said only ": No such file or directory", exit 1 */
    if (!*path)
        die_usage("%s needs a file, not an empty word", what);
    /* O_NONBLOCK: the open of a FIFO nobody writes to would wait for ever */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY), fl;
    struct stat st;
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) != 0 || (fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)
        die("%s %s: %s", what, path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        die_usage("%s %s: not a regular file (a %s), which is refused: it could be read for ever", what, path,
                  S_ISFIFO(st.st_mode) ? "FIFO or pipe" : S_ISDIR(st.st_mode) ? "directory" : "device or socket");
    FILE *f = fdopen(fd, "r");
    if (!f)
        die("%s %s: %s", what, path, strerror(errno));
    return f;
}

/* "48K", "2048K", "1M", "512" -> bytes */
static long parse_size(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end == 'K')
        v *= 1024;
    else if (*end == 'M')
        v *= 1024 * 1024;
    else if (*end == 'G')
        v *= 1024L * 1024 * 1024;
    return v;
}

static int sysfs_levels(int cpu, struct cache_level *out, int cap)
{
    int n = 0;
    for (int idx = 0; idx < 16 && n < cap; idx++) {
        char path[160], buf[128];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/type", cpu, idx);
        if (read_line(path, buf, sizeof buf) != 0)
            break;
        if (strcmp(buf, "Instruction") == 0)
            continue;
        struct cache_level c = {0};
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, idx);
        if (read_line(path, buf, sizeof buf) == 0)
            c.level = atoi(buf);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/size", cpu, idx);
        if (read_line(path, buf, sizeof buf) == 0)
            c.size = parse_size(buf);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/coherency_line_size", cpu, idx);
        if (read_line(path, buf, sizeof buf) == 0)
            c.line = atol(buf);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/shared_cpu_list", cpu, idx);
        if (read_line(path, c.shared, sizeof c.shared) != 0)
            c.shared[0] = 0;
        if (c.level > 0)
            out[n++] = c;
    }
    return n;
}

static int sysconf_levels(struct cache_level *out, int cap)
{
    int n = 0;
#ifdef _SC_LEVEL1_DCACHE_SIZE
    static const int names[][2] = {
        {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL1_DCACHE_LINESIZE},
        {_SC_LEVEL2_CACHE_SIZE, _SC_LEVEL2_CACHE_LINESIZE},
        {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL3_CACHE_LINESIZE},
        {_SC_LEVEL4_CACHE_SIZE, _SC_LEVEL4_CACHE_LINESIZE},
    };
    for (int i = 0; i < 4 && n < cap; i++) {
        long size = sysconf(names[i][0]), line = sysconf(names[i][1]);
        if (size <= 0)
            continue;
        out[n++] = (struct cache_level){.level = i + 1, .size = size, .line = line > 0 ? line : 0};
    }
#else
    (void)out;
    (void)cap;
#endif
    return n;
}

#ifdef __APPLE__
static long sysctl_long(const char *name)
{
    int64_t v = 0;
    size_t len = sizeof v;
    if (sysctlbyname(name, &v, &len, NULL, 0) != 0)
        return 0;
    return len == sizeof(int32_t) ? (long)*(int32_t *)&v : (long)v;
}
#endif

static int sysctl_levels(struct cache_level *out, int cap)
{
    int n = 0;
#ifdef __APPLE__
    /* perflevel0 is the performance cluster; plain hw.l2cachesize describes
     * the least performant cluster on Apple silicon, so it is only a fallback. */
    long line = sysctl_long("hw.cachelinesize");
    const char *names[][2] = {
        {"hw.perflevel0.l1dcachesize", "hw.l1dcachesize"},
        {"hw.perflevel0.l2cachesize", "hw.l2cachesize"},
        {"hw.perflevel0.l3cachesize", "hw.l3cachesize"},
    };
    for (int i = 0; i < 3 && n < cap; i++) {
        long size = sysctl_long(names[i][0]);
        if (size <= 0)
            size = sysctl_long(names[i][1]);
        if (size > 0)
            out[n++] = (struct cache_level){.level = i + 1, .size = size, .line = line};
    }
#else
    (void)out;
    (void)cap;
#endif
    return n;
}

int cache_levels(enum cache_source src, int cpu, struct cache_level *out, int cap)
{
    switch (src) {
    case SRC_SYSFS: return sysfs_levels(cpu, out, cap);
    case SRC_SYSCONF: return sysconf_levels(out, cap);
    case SRC_SYSCTL: return sysctl_levels(out, cap);
    }
    return 0;
}

static const enum cache_source preference[] = {SRC_SYSFS, SRC_SYSCTL, SRC_SYSCONF};

long cache_size(int level, int cpu, enum cache_source *used)
{
    for (size_t s = 0; s < sizeof preference / sizeof *preference; s++) {
        struct cache_level c[8];
        int n = cache_levels(preference[s], cpu, c, 8);
        for (int i = 0; i < n; i++)
            if (c[i].level == level && c[i].size > 0) {
                if (used)
                    *used = preference[s];
                return c[i].size;
            }
    }
    return 0;
}

long cache_line(int cpu, enum cache_source *used)
{
    for (size_t s = 0; s < sizeof preference / sizeof *preference; s++) {
        struct cache_level c[8];
        int n = cache_levels(preference[s], cpu, c, 8);
        for (int i = 0; i < n; i++)
            if (c[i].level == 1 && c[i].line > 0) {
                if (used)
                    *used = preference[s];
                return c[i].line;
            }
    }
    return 0;
}

long cache_llc(int cpu, int *level, enum cache_source *used)
{
    for (size_t s = 0; s < sizeof preference / sizeof *preference; s++) {
        struct cache_level c[8];
        int n = cache_levels(preference[s], cpu, c, 8), best = -1;
        for (int i = 0; i < n; i++)
            if (c[i].size > 0 && (best < 0 || c[i].level > c[best].level))
                best = i;
        if (best >= 0) {
            if (level)
                *level = c[best].level;
            if (used)
                *used = preference[s];
            return c[best].size;
        }
    }
    return 0;
}

/* Is cpu in a sysfs cpu list such as "0-3,8-11"? */
static int in_cpu_list(const char *list, int cpu)
{
    const char *p = list;
    while (*p) {
        char *end;
        long lo = strtol(p, &end, 10), hi = lo;
        if (end == p)
            return 0;
        if (*end == '-')
            hi = strtol(end + 1, &end, 10);
        if (cpu >= lo && cpu <= hi)
            return 1;
        p = *end == ',' ? end + 1 : end;
        if (*end != ',')
            break;
    }
    return 0;
}

int cpus_share_cache(int a, int b, int level)
{
    struct cache_level c[8];
    int n = sysfs_levels(a, c, 8);
    for (int i = 0; i < n; i++)
        if (c[i].level == level && c[i].shared[0])
            return in_cpu_list(c[i].shared, b);
    return -1;
}

int cpus_are_smt_siblings(int a, int b)
{
    char path[160], list[128];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", a);
    if (read_line(path, list, sizeof list) != 0)
        return -1;
    return a != b && in_cpu_list(list, b);
}

/* ---- progress ---- */

void put_int_list(FILE *f, const int *v, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%d", i ? "," : "", v[i]);
}

/* On a terminal one line rewritten in place (\r) at most every second, ended
 * when DONE reaches TOTAL; elsewhere (a log file) the first line, then at
 * most one every 5 s, and the last: one run printed 475 identical "360/360"
 * lines. A call that would repeat the line printed last prints nothing. */
void progress(const char *label, long done, long total, uint64_t t0)
{
    static uint64_t last;             /* when the last line was printed; 0: none yet */
    static long last_done = -1, last_total = -1;
    static char last_label[64];
    uint64_t t = now_ns();
    int tty = isatty(STDERR_FILENO), end = done >= total;
    if (done == last_done && total == last_total && strncmp(label, last_label, sizeof last_label - 1) == 0)
        return;
    if (!end && last && t - last < (tty ? 1000000000u : 5000000000u))
        return;
    last = t, last_done = done, last_total = total;
    snprintf(last_label, sizeof last_label, "%s", label);
    double el = (double)(t - t0) / 1e9;
    char left[64];
    if (done <= 0) /* nothing to extrapolate from yet (lib.sh's progress says the same) */
        snprintf(left, sizeof left, "time left not known yet");
    else
        snprintf(left, sizeof left, "~%.0f s left", el * (double)(total - done) / (double)done);
    if (tty)
        fprintf(stderr, "\r%s: %ld/%ld, %.0f s elapsed, %s   %s", label, done, total, el, left, end ? "\n" : "");
    else
        fprintf(stderr, "%s: %ld/%ld, %.0f s elapsed, %s\n", label, done, total, el, left);
}

/* ---- at start and at exit, for every program ---- */

/* Output that could not be written (a full disk, a closed pipe reader) must
 * not end in exit 0: results would be missing without a word. Registered
 * first, so it runs after the program's own atexit handlers. */
static void check_stdout(void)
{
    if ((fflush(stdout) != 0 || ferror(stdout)) && !said) {
        fprintf(stderr, "error: cannot write standard output: %s\n", errno ? strerror(errno) : "write error");
        _exit(1);
    }
}

/* A benchmark started by run.sh must not outlive it: after a SIGKILL of
 * run.sh it would keep a CPU busy under the next run. run.sh exports its pid;
 * its direct children ask the kernel for SIGKILL when it dies (Linux), and a
 * child that finds run.sh already gone stops at once. Elsewhere: no-op. */
static void die_with_run_sh(void)
{
    const char *s = getenv("SHARECOST_RUN_PID");
    long want;
    if (!s || parse_long(s, 1, INT_MAX, &want) != 0)
        return;
#ifdef __linux__
    if (getppid() == (pid_t)want) {
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
            die_errno("prctl(PR_SET_PDEATHSIG)");
        if (getppid() == (pid_t)want)
            return;
    } else if (kill((pid_t)want, 0) == 0 || errno != ESRCH) {
        return; /* a grandchild of a live run.sh */
    }
    fprintf(stderr, "error: run.sh (pid %ld) has exited; stopping\n", want);
    _exit(1);
#endif
}

__attribute__((constructor)) static void common_start(void)
{
    die_with_run_sh();
    if (atexit(check_stdout) != 0)
        die("atexit failed");
}

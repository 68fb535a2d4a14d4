/* lw_config.c - liblockwait's settings, read once from the environment at
 * start, and the %p expansion of the output paths they name. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lw_config.h"
#include "lw_core.h"

/* ---------------------------------------------------------------- settings */

static void note_ignored(struct lw_config *c, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    /* the value is quoted as given: a newline in it must not start a line
     * (a forged RESULT line in the report) */
    for (char *p = line; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
    /* said at start (the program may run long) and again in the report */
    dprintf(2, "lockwait: %s\n", line);
    size_t used = strlen(c->ignored);
    snprintf(c->ignored + used, sizeof c->ignored - used, "%s%s", used ? "; " : "", line);
}

/* a whole number in [min, max], or -1 */
static long parse_num(const char *s, long min, long max)
{
    char *end;
    if (!s || !*s || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < min || v > max)
        return -1;
    return v;
}

/* a signal by number or name (USR1, SIGUSR2, RTMIN+3), or 0 with *why
 * saying what is wrong with it. The launcher's catchable_signal (bash)
 * takes the same ones: tests/dump-fault.sh checks that the two agree. */
#define SIGNAL_EXPECTED "expected a signal number or USR1, USR2, RTMIN+N (not KILL, STOP, nor a fault)"
static int parse_signal(const char *s, const char **why)
{
    *why = SIGNAL_EXPECTED;
    if (!strncmp(s, "SIG", 3))
        s += 3;
    if (!strcmp(s, "USR1"))
        return SIGUSR1;
    if (!strcmp(s, "USR2"))
        return SIGUSR2;
    if (!strncmp(s, "RTMIN+", 6)) {
        long k = parse_num(s + 6, 0, SIGRTMAX - SIGRTMIN);
        return k < 0 ? 0 : SIGRTMIN + (int)k;
    }
    long v = parse_num(s, 1, NSIG - 1);
    /* a fault's handler returns to the faulting instruction: a report after
     * report, for ever */
    int fault = v == SIGSEGV || v == SIGBUS || v == SIGILL || v == SIGFPE || v == SIGSYS || v == SIGTRAP;
    if (v == SIGKILL || v == SIGSTOP || fault || v < 0)
        return 0;
    /* from 32 (the first number above the classic signals) to SIGRTMIN - 1,
     * read now (glibc keeps 32 and 33 for thread cancellation and setxid):
     * the C library's own, and sigaction refuses them; it was found only
     * when the handler was installed, after the parse had taken it */
    if (v >= 32 && v < SIGRTMIN) {
        *why = "a signal the C library keeps for itself (32 up to RTMIN); " SIGNAL_EXPECTED;
        return 0;
    }
    return (int)v;
}

/* NAME from the environment into *v when it is a whole number in
 * [min, max]; otherwise said, and *v (the default) kept */
static void whole_knob(struct lw_config *c, const char *name, long min, long max, long *v)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return;
    long n = parse_num(s, min, max);
    if (n < 0)
        note_ignored(c, "%s='%.40s' ignored: expected a whole number from %ld to %ld; using %ld", name, s, min, max,
                     *v);
    else
        *v = n;
}

/* NAME from the environment into *v when it is 0 or 1; otherwise said, and
 * *v (the default) kept */
static void flag_knob(struct lw_config *c, const char *name, int *v)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return;
    if (strcmp(s, "0") && strcmp(s, "1"))
        note_ignored(c, "%s='%.40s' ignored: expected 0 or 1; using %d", name, s, *v);
    else
        *v = *s == '1';
}

/* NAME's path made absolute now, and so in the environment the program's
 * children inherit: a relative one was opened at exit in each process's
 * own working directory (a program that had changed it appended its report
 * to another file of that name). The environment's entry is pointed at buf
 * itself: a program's own setenv (bash's, whose main then reads the entry
 * again) would not reach its children. Kept as it is when the working
 * directory cannot be named. */
static const char *absolute_path(const char *name, char *buf, size_t cap)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return NULL;
    size_t k = strlen(name) + 1, n;
    if (*s == '/' || !getcwd(buf + k, cap - k) || (n = k + strlen(buf + k)) + 1 + strlen(s) >= cap)
        return s;
    memcpy(buf, name, k - 1);
    buf[k - 1] = '=';
    snprintf(buf + n, cap - n, "%s%s", buf[n - 1] == '/' ? "" : "/", s);
    for (char **e = environ; e && *e; e++)
        if (!strncmp(*e, buf, k)) {
            *e = buf;
            break;
        }
    return buf + k;
}

/* The LOCKWAIT_ names in use: the library's settings, the launcher's
 * (LOCKWAIT_LIB) and the lockwait experiment's knobs (run.sh's, which a
 * profiled run.sh passes on). Any other is said: a misspelt setting
 * (LOCKWAIT_TRACES) was ignored in silence. */
static const char *const known_names[] = {
    "OUT", "TRACE", "TOP", "INTERVAL", "DUMP_SIGNAL", "SIGNALS", "FULL_REPORTS", "TREE", "TREE_TOP",
    "TRACE_RECORDS", "STACK_DEPTH", "PROBE_WARN", "INLINE_MUTEX", "COUNTER", "WAKEUP_PROBE", "RUN", "LIB",
    "SCENARIOS", "THREADS", "WHATIF",
};
#define NAME_CAP 48

/* the edit distance of a[0..n) and b (insertions, deletions, changes), at
 * most NAME_CAP long; on the stack: no malloc before the program's main */
static size_t edit_distance(const char *a, size_t n, const char *b)
{
    size_t m = strlen(b), row[NAME_CAP + 1];
    if (n > NAME_CAP || m > NAME_CAP)
        return (size_t)-1;
    for (size_t j = 0; j <= m; j++)
        row[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            best = up + 1 < best ? up + 1 : best;
            best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
            diag = up;
            row[j] = best;
        }
    }
    return row[m];
}

/* every LOCKWAIT_ variable of the environment none of known_names: one line
 * each, naming the known one it is close to (2 edits at most, 1 in a name
 * under 6 letters) */
static void unknown_names(struct lw_config *c)
{
    for (char **e = environ; e && *e; e++) {
        if (strncmp(*e, "LOCKWAIT_", 9) != 0)
            continue;
        const char *name = *e + 9;
        size_t n = strcspn(name, "="), best = 3, k = sizeof known_names / sizeof *known_names, near = k;
        for (size_t i = 0; i < k; i++) {
            size_t d = strlen(known_names[i]) == n && !strncmp(name, known_names[i], n)
                           ? 0 : edit_distance(name, n, known_names[i]);
            if (d < best && d * 3 <= strlen(known_names[i])) { /* close: FOO is no typo of TOP */
                best = d;
                near = i;
            }
        }
        if (best == 0)
            continue;
        int shown = (int)(n < 60 ? n : 60);
        if (near < k)
            note_ignored(c, "LOCKWAIT_%.*s ignored: no such setting; did you mean LOCKWAIT_%s?", shown, name,
                         known_names[near]);
        else
            note_ignored(c, "LOCKWAIT_%.*s ignored: no such setting (docs/lockwait-manual.md lists them)", shown, name);
    }
}

void lw_config_read(struct lw_config *c)
{
    int e = errno;
    c->top = 10;
    c->trace_records = 65536;
    c->stack_depth = 8;
    c->probe_warn = 1;
    c->inline_mutex = 1;
    c->counter = 1;
    c->wakeup_probe = 1;
    c->on_signals = 1;
    static char out[4096 + 16], trace[4096 + 16]; /* "NAME=" and the path */
    c->out = absolute_path("LOCKWAIT_OUT", out, sizeof out);
    c->trace = absolute_path("LOCKWAIT_TRACE", trace, sizeof trace);
    whole_knob(c, "LOCKWAIT_TOP", 1, 1000000, &c->top);
    /* the reports while the program runs and at the signals that end it */
    const char *s = getenv("LOCKWAIT_INTERVAL");
    if (s && *s) {
        long v = parse_num(s, 0, 86400);
        if (v < 0)
            note_ignored(c, "LOCKWAIT_INTERVAL='%.40s' ignored: expected whole seconds from 0 to 86400; "
                            "no periodic reports", s);
        else
            c->interval_s = v;
    }
    s = getenv("LOCKWAIT_DUMP_SIGNAL");
    const char *why;
    if (s && *s && !(c->dump_signal = parse_signal(s, &why)))
        note_ignored(c, "LOCKWAIT_DUMP_SIGNAL='%.40s' ignored: %s", s, why);
    flag_knob(c, "LOCKWAIT_SIGNALS", &c->on_signals);
    flag_knob(c, "LOCKWAIT_FULL_REPORTS", &c->full_reports);
    const char *tree = getenv("LOCKWAIT_TREE"), *top = getenv("LOCKWAIT_TREE_TOP");
    c->tree = tree && *tree == '/' ? tree : NULL; /* the launcher's, absolute */
    c->tree_top = c->tree && top ? parse_num(top, 1, 1L << 30) : 0;
    whole_knob(c, "LOCKWAIT_TRACE_RECORDS", 1024, 16777216, &c->trace_records);
    whole_knob(c, "LOCKWAIT_STACK_DEPTH", 0, LW_STACK_MAX, &c->stack_depth);
    whole_knob(c, "LOCKWAIT_PROBE_WARN", 0, 100, &c->probe_warn);
    flag_knob(c, "LOCKWAIT_INLINE_MUTEX", &c->inline_mutex);
    flag_knob(c, "LOCKWAIT_COUNTER", &c->counter);
    flag_knob(c, "LOCKWAIT_WAKEUP_PROBE", &c->wakeup_probe);
    unknown_names(c);
    errno = e;
}

/* PATH with every %p replaced by the pid, into out; -1 (ENAMETOOLONG) when
 * that does not fit: cut short, it would name another file */
int lw_expand_path(const char *path, char *out, size_t cap)
{
    char pid[16];
    int pid_len = snprintf(pid, sizeof pid, "%u", lw.pid);
    size_t o = 0;
    for (const char *p = path; *p; p++) {
        int is_pid = p[0] == '%' && p[1] == 'p';
        size_t n = is_pid ? (size_t)pid_len : 1;
        if (o + n + 1 > cap) {
            out[0] = 0;
            errno = ENAMETOOLONG;
            return -1;
        }
        memcpy(out + o, is_pid ? pid : p, n);
        o += n;
        p += is_pid;
    }
    out[o] = 0;
    return 0;
}

/* launcher.c - build/lockwait, the launcher's common case in C: `lockwait
 * [--] CMD [ARG...]` with no option, CMD a dynamically linked program of
 * this machine. It does what lockwait/tool/lockwait (bash) does for that
 * case, without a shell's start-up before every run (issue 41; the
 * measured times: docs/lockwait-manual.md). Everything else (options,
 * scripts, static programs, files the kernel would refuse, a library path
 * LD_PRELOAD cannot carry, LOCKWAIT_LIB) is handed to the bash launcher,
 * the one place its checks and messages live; tests/launcher-c.sh checks
 * that the two say the same. Linux only, like the library. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef LW_TOOL_DIR
#define LW_TOOL_DIR "lockwait/tool"
#endif

static char tool_dir[PATH_MAX]; /* lockwait/tool: the bash launcher, tree_summary.awk */
static char build_dir[PATH_MAX]; /* this program's directory: liblockwait.so */

/* the bash launcher with the same arguments; LOCKWAIT_LIB names this
 * build's library when the user set none and this build is not the one the
 * script looks in (a BUILD_DIR elsewhere); the same build with no library:
 * the script says so, as it would run alone */
static _Noreturn void hand_over(char **argv)
{
    char script[PATH_MAX + 16], lib[PATH_MAX + 32], its[PATH_MAX + 32], a[PATH_MAX], b[PATH_MAX];
    snprintf(script, sizeof script, "%s/lockwait", tool_dir);
    snprintf(lib, sizeof lib, "%s/liblockwait.so", build_dir);
    snprintf(its, sizeof its, "%s/../../build", tool_dir);
    int same = realpath(build_dir, a) && realpath(its, b) && strcmp(a, b) == 0;
    if (!same && !getenv("LOCKWAIT_LIB") && setenv("LOCKWAIT_LIB", lib, 1) != 0) {
        perror("lockwait: setenv");
        exit(1);
    }
    argv[0] = script;
    execv(script, argv);
    fprintf(stderr, "lockwait: cannot run the launcher script %s: %s\n", script, strerror(errno));
    exit(1);
}

/* the directories: this program's (for the library) and the tool's
 * sources (compiled in; beside the build when the checkout moved) */
static void find_dirs(const char *argv0)
{
    ssize_t n = readlink("/proc/self/exe", build_dir, sizeof build_dir - 1);
    if (n > 0)
        build_dir[n] = '\0';
    else /* no /proc (a chroot): as it was run, or beside the sources; all is handed over then */
        snprintf(build_dir, sizeof build_dir, "%s", strchr(argv0, '/') ? argv0 : LW_TOOL_DIR "/../../build/lockwait");
    *strrchr(build_dir, '/') = '\0';
    snprintf(tool_dir, sizeof tool_dir, "%s", LW_TOOL_DIR);
    char probe[PATH_MAX + 32];
    snprintf(probe, sizeof probe, "%s/lockwait", tool_dir);
    if (access(probe, X_OK) != 0)
        snprintf(tool_dir, sizeof tool_dir, "%.*s/../lockwait/tool", PATH_MAX - 20, build_dir);
}

/* CMD's path as bash's `type -P` finds it, or 0 */
static int find_cmd(const char *cmd, char *path, size_t size)
{
    if (strchr(cmd, '/'))
        return snprintf(path, size, "%s", cmd) < (int)size;
    const char *p = getenv("PATH");
    if (!p)
        return 0; /* bash's default PATH: its own business */
    for (;;) {
        if (*p == '~')
            return 0; /* bash expands ~ and ~USER in PATH: its business */
        const char *end = strchrnul(p, ':');
        int len = (int)(end - p);
        struct stat st;
        if (snprintf(path, size, "%.*s%s%s", len, p, len ? "/" : "", cmd) < (int)size && stat(path, &st) == 0 &&
            !S_ISDIR(st.st_mode) && access(path, X_OK) == 0) /* a FIFO too: bash stops there, refusing it */
            return 1;
        if (!*end)
            return 0;
        p = end + 1;
    }
}

/* whether PATH is a program this build's library loads into: a readable,
 * executable regular file (not set-ID), ELF of this program's class and
 * machine, with a dynamic loader (PT_INTERP) that exists */
static int dynamic_elf(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & (S_ISUID | S_ISGID)) ||
        access(path, R_OK | X_OK) != 0 || path[0] == '-')
        return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return 0;
    unsigned char h[64], self[64], ph[56];
    int ok = 0, sfd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (sfd >= 0 && pread(fd, h, sizeof h, 0) == (ssize_t)sizeof h && pread(sfd, self, sizeof self, 0) == sizeof self &&
        memcmp(h, "\177ELF", 4) == 0 && memcmp(h + 4, self + 4, 2) == 0 && memcmp(h + 18, self + 18, 2) == 0 &&
        self[4] == 2 && self[5] == 1) { /* 64-bit little-endian, as this program is */
        unsigned long long off;
        unsigned short size, count;
        memcpy(&off, h + 32, 8);
        memcpy(&size, h + 54, 2);
        memcpy(&count, h + 56, 2);
        for (unsigned i = 0; i < count && size >= 40 && size <= sizeof ph && off < (1ull << 31); i++)
            if (pread(fd, ph, size, (off_t)(off + (unsigned long long)i * size)) == size && ph[0] == 3 && !ph[1] &&
                !ph[2] && !ph[3]) { /* PT_INTERP: the loader is there (if not, the script says so) */
                unsigned long long at, len;
                char loader[4096];
                memcpy(&at, ph + 8, 8);
                memcpy(&len, ph + 32, 8);
                ok = len > 1 && len <= sizeof loader && at < (1ull << 20) &&
                     pread(fd, loader, len, (off_t)at) == (ssize_t)len && !loader[len - 1] && access(loader, F_OK) == 0;
                break;
            }
    }
    if (sfd >= 0)
        close(sfd);
    close(fd);
    return ok;
}

/* ---- the run's records and its one line ---- */
struct proc {
    long pid;
    size_t count; /* 1; once grouped by name, the processes of its name */
    char last[8], comm[32];
};

static char *read_all(int fd, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (ssize_t r; buf; n += (size_t)r) {
        if (n + 1 >= cap && !(buf = realloc(buf, cap *= 2)))
            break;
        r = read(fd, buf + n, cap - n - 1);
        if (r < 0 && errno == EINTR)
            r = 0;
        else if (r <= 0)
            break;
    }
    if (!buf) {
        perror("lockwait: reading the run's records");
        exit(1);
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct proc *)a)->comm, ((const struct proc *)b)->comm);
}

/* most processes first, then by name */
static int by_count(const void *a, const void *b)
{
    const struct proc *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->comm, y->comm);
}

static int waited_word(const char *line)
{
    size_t n = strlen(line);
    return strstr(line, " waited=1 ") || (n >= 9 && strcmp(line + n - 9, " waited=1") == 0);
}

/* the summary from the records, as the bash launcher's tree_summary
 * writes it: nothing when the one process's report said it all, the one
 * line when every process reported and none waited; 2 when no process
 * loaded the library, 1 when awk must write it */
static int one_line(char *records, long child)
{
    /* one entry a pid, found through a hash of pids (a build has 1e5 of them) */
    size_t np = 0, nl = 1, hcap = 2;
    for (const char *c = records; (c = strchr(c, '\n')); c++)
        nl++;
    while (hcap < 2 * nl)
        hcap *= 2;
    struct proc *ps = malloc(nl * sizeof *ps);
    size_t *slot = calloc(hcap, sizeof *slot); /* 1 + an index into ps, 0: free */
    unsigned long long nthreads = 0;
    int waited = 0;
    if (!ps || !slot) {
        free(ps);
        free(slot);
        return 1;
    }
    for (char *line = strtok(records, "\n"); line; line = strtok(NULL, "\n")) {
        char kind[8], comm[32];
        long pid;
        unsigned long long threads;
        int n = sscanf(line, "%7s pid=%ld ppid=%*d comm=%31s threads=%llu", kind, &pid, comm, &threads);
        if (n < 3)
            continue;
        waited |= waited_word(line);
        size_t h = ((size_t)pid * 2654435761u) & (hcap - 1);
        while (slot[h] && ps[slot[h] - 1].pid != pid)
            h = (h + 1) & (hcap - 1);
        if (!slot[h]) {
            ps[np] = (struct proc){.pid = pid, .count = 1};
            slot[h] = ++np;
        }
        size_t i = slot[h] - 1;
        snprintf(ps[i].last, sizeof ps[i].last, "%s", kind);
        snprintf(ps[i].comm, sizeof ps[i].comm, "%s", comm);
        if (strcmp(kind, "end") == 0 && n >= 4)
            nthreads += threads;
    }
    free(slot);
    int said = np == 1 && ps[0].pid == child && strcmp(ps[0].last, "end") == 0; /* by its own report */
    int awk = waited;
    for (size_t i = 0; i < np; i++)
        awk |= strcmp(ps[i].last, "end") != 0;
    if (np == 0 || said || awk) {
        free(ps);
        return np == 0 ? 2 : said ? 0 : 1;
    }
    /* the programs: the processes grouped by name (in place), then ranked */
    qsort(ps, np, sizeof *ps, by_name);
    size_t nnames = 0;
    for (size_t i = 0; i < np; i++) {
        if (nnames && strcmp(ps[nnames - 1].comm, ps[i].comm) == 0)
            ps[nnames - 1].count++;
        else
            ps[nnames++] = ps[i];
    }
    qsort(ps, nnames, sizeof *ps, by_count);
    char list[512] = "";
    size_t at = 0, shown = nnames < 6 ? nnames : 6;
    for (size_t i = 0; i < shown; i++) {
        const struct proc *p = &ps[i];
        int k = p->count > 1 ? snprintf(list + at, sizeof list - at, "%s%s x%zu", i ? ", " : "", p->comm, p->count)
                             : snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", p->comm);
        if (k > 0 && (size_t)k < sizeof list - at)
            at += (size_t)k;
    }
    if (shown < nnames)
        snprintf(list + at, sizeof list - at, ", ...");
    fprintf(stderr, "lockwait: the run: %zu process%s (%s), %llu thread%s in their reports; none waited for a lock\n",
            np, np == 1 ? "" : "es", list, nthreads, nthreads == 1 ? "" : "s");
    free(ps);
    return 0;
}

/* ---- the run ---- */
/* $TMPDIR/lockwait-EUID/run.PID[.1|.2].records made new (the library adds
 * to it; lib/lw_tree.c) and opened for reading into *rfd; 0 when there is
 * no private directory of this user's for it */
static int make_tree(char *tree, size_t size, int *rfd)
{
    const char *tmp = getenv("TMPDIR");
    char udir[PATH_MAX], cwd[PATH_MAX] = "", rec[PATH_MAX + 16];
    if (!tmp || !*tmp)
        tmp = "/tmp";
    if (tmp[0] != '/') { /* the processes may change directory: from here, named as bash's $PWD names it */
        const char *pwd = getenv("PWD");
        struct stat a, b;
        if (pwd && pwd[0] == '/' && !strstr(pwd, "/.") && !strstr(pwd, "//") && stat(pwd, &a) == 0 &&
            stat(".", &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
            snprintf(cwd, sizeof cwd, "%s", pwd);
        else if (!getcwd(cwd, sizeof cwd))
            return 0;
    }
    if (snprintf(udir, sizeof udir, "%s%s%s/lockwait-%u", cwd, *cwd ? "/" : "", tmp, (unsigned)geteuid()) >=
        (int)sizeof udir)
        return 0;
    struct stat st;
    if (mkdir(udir, 0700) != 0 ? errno != EEXIST : chmod(udir, 0700) != 0) /* 700 whatever the umask, as mkdir -m 700 */
        return 0;
    if (lstat(udir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
        return 0;
    for (int i = 0; i < 3; i++) {
        int n = i ? snprintf(tree, size, "%s/run.%ld.%d", udir, (long)getpid(), i)
                  : snprintf(tree, size, "%s/run.%ld", udir, (long)getpid());
        if (n >= (int)size || snprintf(rec, sizeof rec, "%s.records", tree) >= (int)sizeof rec)
            return 0;
        if (lstat(tree, &st) == 0) /* left by a run of the same pid (killed, or its reports kept) */
            continue;
        int w = open(rec, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (w < 0)
            continue;
        close(w);
        if ((*rfd = open(rec, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) >= 0)
            return 1;
        unlink(rec);
        return 0;
    }
    return 0;
}

/* the summary's awk, the records and the kept reports' paths on its stdin, its output on stderr */
static void run_awk(const char *records, size_t len, const char *tree, long child)
{
    char *reports = NULL, awkfile[PATH_MAX + 32], top[32];
    size_t at = 0;
    FILE *list = open_memstream(&reports, &at); /* as long as it takes: a run may keep thousands */
    if (!list) {
        perror("lockwait: the reports' list");
        return;
    }
    struct dirent **names;
    int n = scandir(tree, &names, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        struct stat st;
        char f[PATH_MAX + 300];
        snprintf(f, sizeof f, "%s/%s", tree, names[i]->d_name);
        if (strncmp(names[i]->d_name, "report.", 7) == 0 && stat(f, &st) == 0 && S_ISREG(st.st_mode))
            fprintf(list, "%s\n", f);
        free(names[i]);
    }
    if (n >= 0)
        free(names);
    if (fclose(list) != 0) {
        perror("lockwait: the reports' list");
        return;
    }
    snprintf(awkfile, sizeof awkfile, "%s/tree_summary.awk", tool_dir);
    snprintf(top, sizeof top, "top=%ld", child);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        perror("lockwait: pipe");
        return;
    }
    for (int i = 0; i < 2; i++) /* above 0-2, which may be closed: awk's dup2s must not meet them */
        if (fds[i] < 3) {
            int high = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
            close(fds[i]);
            fds[i] = high;
        }
    if (fds[0] < 0 || fds[1] < 0) {
        perror("lockwait: pipe");
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        /* the directory through the environment: -v takes backslashes as escapes */
        if (dup2(fds[0], 0) < 0 || dup2(2, 1) < 0 || setenv("LC_ALL", "C", 1) != 0 ||
            setenv("LW_SUMMARY_DIR", tree, 1) != 0 || setenv("LW_SUMMARY_OUT", "", 1) != 0)
            _exit(1);
        execlp("awk", "awk", "-v", top, "-f", awkfile, (char *)NULL);
        perror("lockwait: awk");
        _exit(127);
    }
    close(fds[0]);
    /* the records, an empty line, the reports (not in the environment:
     * execve refuses a variable over 128 KiB, some 2000 reports) */
    const char *part[] = {records, len && records[len - 1] != '\n' ? "\n\n" : "\n", reports};
    for (int i = 0; i < 3 && pid > 0; i++)
        for (size_t done = 0, n = i ? strlen(part[i]) : len; done < n;) {
            ssize_t w = write(fds[1], part[i] + done, n - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                i = 3; /* awk is gone: it said why */
                break;
            }
            done += (size_t)w;
        }
    close(fds[1]);
    if (pid < 0)
        perror("lockwait: fork");
    else
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
        }
    free(reports);
}

/* the run's directory, when a process kept its report there, stays only
 * for reports other than the top process's (shown whole above) */
static void tidy_tree(const char *tree, long child)
{
    struct stat st;
    char f[PATH_MAX + 32], shown[PATH_MAX] = "";
    if (lstat(tree, &st) != 0 || !S_ISDIR(st.st_mode))
        return;
    snprintf(f, sizeof f, "%s/print", tree);
    FILE *p = fopen(f, "re");
    if (p) {
        if (fgets(shown, sizeof shown, p))
            shown[strcspn(shown, "\n")] = '\0';
        fclose(p);
    }
    if (*shown) { /* the one report the summary shows whole */
        int fd = open(shown, O_RDONLY | O_CLOEXEC);
        char buf[8192];
        for (ssize_t r; fd >= 0 && (r = read(fd, buf, sizeof buf)) > 0;)
            if (write(2, buf, (size_t)r) != r)
                break;
        if (fd >= 0)
            close(fd);
        unlink(shown);
    }
    int keep = 0;
    struct dirent **names;
    int n = scandir(tree, &names, NULL, alphasort);
    char mine[32];
    snprintf(mine, sizeof mine, "report.%ld", child);
    for (int i = 0; i < n; i++) {
        keep |= strncmp(names[i]->d_name, "report.", 7) == 0 && strcmp(names[i]->d_name, mine) != 0;
        free(names[i]);
    }
    if (n >= 0)
        free(names);
    int dfd = open(tree, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0)
        return;
    unlinkat(dfd, "print", 0);
    unlinkat(dfd, mine, 0);
    close(dfd);
    if (!keep && rmdir(tree) != 0)
        fprintf(stderr, "lockwait: cannot remove %s: %s\n", tree, strerror(errno));
}

/* the signals handled while the program runs: TERM and HUP, sent to this
 * process alone, are passed on; INT and QUIT come from the terminal, which
 * sends them to the program too */
static const int run_signals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
static volatile sig_atomic_t child_pid;
static void on_signal(int sig)
{
    if (child_pid > 0 && (sig == SIGTERM || sig == SIGHUP))
        kill((pid_t)child_pid, sig);
}

int main(int argc, char **argv)
{
    find_dirs(argv[0]);
    int first = argc > 1 && strcmp(argv[1], "--") == 0 ? 2 : 1;
    if (first >= argc || argv[first][0] == '-' || getenv("LOCKWAIT_LIB"))
        hand_over(argv); /* options, usage and errors: the bash launcher's */
    const char *cmd = argv[first];
    char lib[PATH_MAX], libpath[PATH_MAX + 32], path[PATH_MAX], tree[PATH_MAX], rec[PATH_MAX + 16];
    snprintf(libpath, sizeof libpath, "%s/liblockwait.so", build_dir);
    int rfd = -1;
    if (!realpath(libpath, lib) || strpbrk(lib, " :") || !find_cmd(cmd, path, sizeof path) || !dynamic_elf(path) ||
        !make_tree(tree, sizeof tree, &rfd))
        hand_over(argv);
    snprintf(rec, sizeof rec, "%s.records", tree);
    const char *old = getenv("LD_PRELOAD");
    char top[32], *preload; /* a preload already set may be long: not cut */
    snprintf(top, sizeof top, "%ld", (long)getpid());
    if (asprintf(&preload, "%s%s%s", old && *old ? old : "", old && *old ? ":" : "", lib) < 0 ||
        setenv("LOCKWAIT_TREE", tree, 1) != 0 || setenv("LOCKWAIT_TREE_TOP", top, 1) != 0 ||
        unsetenv("LOCKWAIT_RUN") != 0) { /* a new run: its first process clears the trace path */
        perror("lockwait: setenv");
        return 1;
    }

    /* run_signals blocked: none can end this before the child has its own default handling */
    sigset_t these, before;
    sigemptyset(&these);
    for (int s = 0; s < 4; s++)
        sigaddset(&these, run_signals[s]);
    sigprocmask(SIG_BLOCK, &these, &before);
    signal(SIGCHLD, SIG_DFL); /* ignored, the child would be reaped unseen (waitpid: ECHILD); bash resets it too */
    pid_t child = fork();
    if (child == 0) {
        sigprocmask(SIG_SETMASK, &before, NULL);
        if (setenv("LD_PRELOAD", preload, 1) != 0)
            _exit(126);
        argv[first] = (char *)cmd; /* the name it was given, as argv[0] */
        execv(path, argv + first);
        int e = errno;
        fprintf(stderr, "lockwait: %s: %s\n", path, strerror(e));
        _exit(e == ENOENT ? 127 : 126);
    }
    if (child < 0) {
        perror("lockwait: fork");
        unlink(rec);
        return 1;
    }
    child_pid = child;
    free(preload);
    struct sigaction handled = {.sa_handler = on_signal}, no = {.sa_handler = SIG_IGN};
    for (int s = 0; s < 4; s++)
        sigaction(run_signals[s], &handled, NULL);
    sigaction(SIGPIPE, &no, NULL); /* a closed stderr must not end this with 141 */
    sigprocmask(SIG_SETMASK, &before, NULL);
    int ws, st;
    while (waitpid(child, &ws, 0) < 0)
        if (errno != EINTR) {
            perror("lockwait: waitpid");
            return 1;
        }
    st = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    for (int s = 0; s < 4; s++)
        sigaction(run_signals[s], &dfl, NULL);

    size_t len;
    char *records = read_all(rfd, &len), *copy = strdup(records);
    close(rfd);
    unlink(rec); /* still there when the program left without its exit handlers */
    if (!copy) {
        perror("lockwait: strdup");
        return 1;
    }
    switch (one_line(copy, child)) {
    case 2:
        if (st == 126 || st == 127)
            fprintf(stderr, "lockwait: nothing to report: %s could not be run (exit status %d, said above)\n", cmd, st);
        else
            fprintf(stderr, "lockwait: nothing to report: no process of the run loaded the library\n");
        break;
    case 1:
        run_awk(records, len, tree, child);
        break;
    }
    free(copy);
    free(records);
    tidy_tree(tree, child);
    /* the program's end as its own: a signal that ended it ends this too
     * (without a core file of this process's), an exit status over 128 does
     * not (sh -c 'exit 130' ended the launcher by SIGINT) */
    struct rlimit no_core = {0, 0};
    sigset_t one;
    if (WIFSIGNALED(ws) && setrlimit(RLIMIT_CORE, &no_core) == 0 && sigemptyset(&one) == 0 &&
        sigaddset(&one, WTERMSIG(ws)) == 0 && (WTERMSIG(ws) == SIGKILL || sigaction(WTERMSIG(ws), &dfl, NULL) == 0) &&
        sigprocmask(SIG_UNBLOCK, &one, NULL) == 0)
        kill(getpid(), WTERMSIG(ws));
    return st;
}

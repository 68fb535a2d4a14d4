/* lw_seccomp.c - run a command under a seccomp filter that kills the
 * process at a clock_gettime system call (the call programs reach through
 * the vDSO without entering the kernel, so a filter built from what they
 * call may leave it out). liblockwait, preloaded into the command, must
 * not make that system call at start (lw_core.c, counter_usable).
 *   usage: lw_seccomp CMD [ARG...]
 * Exits 77 where there is no such filter here (not Linux x86-64). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__) && defined(__x86_64__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

static int install_filter(void)
{
    struct sock_filter prog[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clock_gettime, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog fprog = {.len = sizeof prog / sizeof prog[0], .filter = prog};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog);
}
#else
static int install_filter(void)
{
    errno = ENOSYS;
    return -1;
}
#endif

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "-h")) {
        puts("usage: lw_seccomp CMD [ARG...]  (CMD under a filter that kills at a clock_gettime system call)");
        return argc < 2 ? 2 : 0;
    }
    if (install_filter() != 0) {
        fprintf(stderr, "lw_seccomp: no seccomp filter here: %s\n", strerror(errno));
        return 77;
    }
    execvp(argv[1], argv + 1);
    fprintf(stderr, "lw_seccomp: cannot run %s: %s\n", argv[1], strerror(errno));
    return 127;
}

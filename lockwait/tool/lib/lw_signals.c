/* lw_signals.c - a report (and the trace) when a signal in caught[] ends
 * the program (the manual: --no-signal-report). The library catches a
 * signal only while its disposition is the default, whose action would end
 * the process anyway (one started ignored, nohup's, is left alone); the
 * sigaction() and signal() wrappers step aside for a handler (or SIG_IGN)
 * the program installs, and show it the default where the library stands
 * in. After the report the handler restores the default and raises the
 * signal again, so the process ends as without the library (a fault the
 * kernel raised just returns: the instruction runs again).
 * The report runs inside the handler: safe enough only because the process
 * ends anyway, the report's buffers are mapped pages and it takes no lock
 * of the program's and never mallocs (lw_report.c); dl_iterate_phdr may
 * wait for a dlopen in another thread. A second signal or a fault during
 * the report ends the process at once (its signal is blocked). Not covered:
 * SIGKILL, SIGSTOP, _exit, a stack overflow without an alternate signal
 * stack, dispositions set by sigset(), sigvec() or the raw system call. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <time.h>

#include "lw_signals.h"
#include "lw_core.h"
#include "lw_interval.h"
#include "lw_real.h"
#include "lw_stacks.h"
#include "lw_wrap.h"

#define SIG(s) {s, #s}
static const struct { int sig; const char *name; } caught[] = {
    SIG(SIGTERM), SIG(SIGINT), SIG(SIGHUP), SIG(SIGQUIT), SIG(SIGSEGV),
    SIG(SIGBUS), SIG(SIGILL), SIG(SIGFPE), SIG(SIGABRT), SIG(SIGSYS),
};
#define NCAUGHT (sizeof caught / sizeof caught[0])

static _Atomic int ours[NSIG];      /* 1: the library's handler stands in for the default */
static _Atomic uint32_t reporter;   /* the thread writing the final report, 0: none yet */

/* sig's row in caught[], or -1 */
static int caught_at(int sig)
{
    for (size_t i = 0; i < NCAUGHT; i++)
        if (caught[i].sig == sig)
            return (int)i;
    return -1;
}

const char *lw_signal_name(int sig)
{
    int i = caught_at(sig);
    return i < 0 ? "signal" : caught[i].name;
}

/* The C library's sigaction (ENOSYS when there is none), which puts its
 * return trampoline under every handler it installs (sa_restorer): noted for
 * the stack walk, which knows a signal frame by it (lw_stacks.h). */
int lw_signal_real_sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
    if (!lw_real_one_sigaction()) {
        errno = ENOSYS;
        return -1;
    }
    int rc = lw_real.sigaction(sig, act, old);
#if LW_SIGFRAME
    struct sigaction cur;
    if (rc == 0 && act && lw_real.sigaction(sig, NULL, &cur) == 0 && cur.sa_restorer)
        lw_stack_note_restorer((uintptr_t)cur.sa_restorer);
#endif
    return rc;
}

/* what the program would see without the library: the default */
static void default_view(struct sigaction *old)
{
    if (!old)
        return;
    *old = (struct sigaction){.sa_handler = SIG_DFL};
    sigemptyset(&old->sa_mask);
}

/* the final report, once, by the first thread a fatal signal reaches;
 * another thread's fatal signal waits for it (up to 2 s) */
static void final_report(int sig)
{
    uint32_t me = my_tid(), want = 0;
    if (!atomic_compare_exchange_strong(&reporter, &want, me)) {
        for (int i = 0; want != me && i < 2000 && LD(ours[0]) == 0; i++) {
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
        return;
    }
    lw_report_now(sig, 0);
    ST(ours[0], 1); /* ours[0] (no signal 0): the final report is done */
}

static void on_fatal(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    int e = errno;
    final_report(sig);
    struct sigaction dfl;
    default_view(&dfl);
    lw_real.sigaction(sig, &dfl, NULL);
    ST(ours[sig], 0);
    errno = e;
    int fault = sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGSYS;
    if (fault && si && si->si_code > 0)
        return; /* raised by the kernel: the instruction runs again, under the default action */
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    raise(sig); /* pending while the handler blocks it */
    pthread_sigmask(SIG_UNBLOCK, &s, NULL);
}

static int install(int sig, struct sigaction *old)
{
    struct sigaction sa = {.sa_sigaction = on_fatal, .sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART};
    sigemptyset(&sa.sa_mask);
    int rc = lw_signal_real_sigaction(sig, &sa, old);
    if (rc == 0)
        ST(ours[sig], 1);
    return rc;
}

void lw_signals_start(void)
{
    if (!lw.cfg.on_signals || !lw_real_one_sigaction())
        return;
    for (size_t i = 0; i < NCAUGHT; i++) {
        struct sigaction cur;
        int sig = caught[i].sig;
        if (sig == lw.cfg.dump_signal)
            continue;
        if (lw_real.sigaction(sig, NULL, &cur) == 0 && !(cur.sa_flags & SA_SIGINFO) && cur.sa_handler == SIG_DFL)
            install(sig, NULL);
    }
}

/* sigaction as the program sees it (the wrapper, and signal() below) */
static int action(int sig, const struct sigaction *act, struct sigaction *old)
{
    if (!lw_real_one_sigaction() || caught_at(sig) < 0 || !lw.cfg.on_signals || sig == lw.cfg.dump_signal)
        return lw_signal_real_sigaction(sig, act, old);
    int is_dfl = act && !(act->sa_flags & SA_SIGINFO) && act->sa_handler == SIG_DFL;
    if (LD(ours[sig])) {
        if (act && !is_dfl) { /* the program's own handler (or SIG_IGN): it takes over */
            struct sigaction prev;
            int rc = lw_signal_real_sigaction(sig, act, &prev);
            if (rc != 0)
                return rc;
            ST(ours[sig], 0);
        }
        default_view(old);
        return 0;
    }
    if (is_dfl && LD(ours[0]) == 0) /* back to the default: stand in for it again */
        return install(sig, old);
    return lw_signal_real_sigaction(sig, act, old);
}

LW_API int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
    return action(sig, act, old);
}

/* signal() and bsd_signal(): BSD semantics, as glibc gives them */
static sighandler_t set_handler(int sig, sighandler_t h, int flags)
{
    struct sigaction sa = {.sa_handler = h, .sa_flags = flags}, old;
    sigemptyset(&sa.sa_mask);
    if (sig > 0 && sig < NSIG && !(flags & SA_NODEFER))
        sigaddset(&sa.sa_mask, sig);
    if (action(sig, &sa, &old) != 0)
        return SIG_ERR;
    return old.sa_handler;
}

LW_API sighandler_t signal(int sig, sighandler_t h)
{
    return set_handler(sig, h, SA_RESTART);
}

LW_API sighandler_t bsd_signal(int sig, sighandler_t h)
{
    return set_handler(sig, h, SA_RESTART);
}

LW_API sighandler_t sysv_signal(int sig, sighandler_t h)
{
    return set_handler(sig, h, SA_RESETHAND | SA_NODEFER);
}

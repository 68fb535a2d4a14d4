/* lw_real.c - the C library's functions behind the wrappers, found once
 * with dlsym (the list: lw_real.h). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "lw_real.h"
#include "lw_core.h"

/* The condvar functions exist in two versions on glibc: the old (LinuxThreads
 * compatible) one and the current one. dlsym may hand back either, so ask for
 * the version programs link against today, per architecture. */
#if defined(__GLIBC__) && (defined(__x86_64__) || defined(__i386__))
#define LW_COND_VERSION "GLIBC_2.3.2"
#elif defined(__GLIBC__) && defined(__aarch64__)
#define LW_COND_VERSION "GLIBC_2.17"
#endif

struct lw_real lw_real;

void *lw_sym_next(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}

void *lw_sym_cond(const char *name)
{
    void *p = NULL;
#ifdef LW_COND_VERSION
    p = dlvsym(RTLD_NEXT, name, LW_COND_VERSION);
#endif
    return p ? p : dlsym(RTLD_NEXT, name);
}

/* Resolve every real function once. A call that arrives while this thread is
 * resolving (an allocator that locks a mutex inside dlsym) is passed over:
 * the wrappers return success without locking, which is safe only because
 * that happens during single-threaded start-up; the report counts them. */
static __thread int resolving;
int lw_resolve(void)
{
    if (lw_real.ready)
        return 1;
    if (resolving) {
        ADD(lw.bypassed, 1);
        return 0;
    }
    resolving = 1;
    int e = errno;
#define LW_REAL_LOAD(ret, name, params, lookup) lw_real.name = (name##_fn)lookup(#name);
    LW_REAL_FUNCS(LW_REAL_LOAD)
#undef LW_REAL_LOAD
    errno = e;
    resolving = 0;
    /* the functions every program needs; the others are checked at use */
    if (!lw_real.pthread_mutex_lock || !lw_real.pthread_mutex_trylock || !lw_real.pthread_mutex_unlock ||
        !lw_real.pthread_create) {
        static const char msg[] = "lockwait: cannot find the real pthread functions; aborting\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        abort();
    }
    lw_real.ready = 1;
    return 1;
}

/* lw_real.c - the C library's functions behind the wrappers, found once
 * with dlsym (the list: lw_real.h), and whether they are the C library's
 * own (for the inline paths' checks). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <link.h>
#endif

#include "lw_real.h"
#include "lw_core.h"
#include "lw_modules.h"

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

#ifdef __linux__
/* dl_iterate_phdr: does this object's loaded segments hold *data (an
 * address)? 1: yes, in the C library; 2: yes, in another object */
static int holds_address(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    uintptr_t a = (uintptr_t)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type != PT_LOAD || a < start || a - start >= ph->p_memsz)
            continue;
        const char *base = lw_base_name(info->dlpi_name ? info->dlpi_name : "");
        return !strncmp(base, "libc.so", 7) || !strncmp(base, "libpthread.so", 13) ? 1 : 2;
    }
    return 0;
}

/* fn lives in the C library itself (libc.so, or libpthread.so before glibc
 * 2.34), not in a library preloaded after this one. By the loaded segments,
 * not dladdr: dladdr also looks for the nearest symbol, a walk over libc's
 * symbol table that took about a tenth of a preloaded /bin/true's time */
static int in_libc(void *fn)
{
    return fn && dl_iterate_phdr(holds_address, fn) == 1;
}

/* dl_iterate_phdr: is this object one of valgrind's preloaded libraries
 * (vgpreload_core-ARCH-linux.so, vgpreload_helgrind-..., ...)? */
static int is_valgrind_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    return info->dlpi_name && !strncmp(lw_base_name(info->dlpi_name), "vgpreload_", 10);
}

/* valgrind's tools (helgrind, drd) see a lock in glibc's calls: a lock
 * taken by an inline path is no lock to them, and its data races they
 * report */
const char *lw_not_glibcs(void *lock, void *trylock, void *unlock, const char *foreign, const char *valgrind)
{
    if (!in_libc(lock) || !in_libc(trylock) || !in_libc(unlock))
        return foreign;
    return dl_iterate_phdr(is_valgrind_object, NULL) ? valgrind : NULL;
}
#endif

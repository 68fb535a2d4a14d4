/* lw_glibc_mutex.c - the start-up checks behind lw_glibc_mutex.h and
 * lw_glibc_spin.h: the wrappers take glibc's default mutexes (spinlocks)
 * themselves only when glibc's own calls and these steps agree on a mutex
 * (spinlock) of our own, field by field, each way round (ours locks,
 * glibc's unlocks, and the reverse). Any surprise (a C library that lays
 * the lock out or locks it differently, one that elides locks, lock calls
 * that belong to another preloaded library, valgrind, whose tools watch
 * glibc's own lock functions) leaves every such lock to glibc's calls, and
 * the report says why. Also here: the pthread_cancel wrapper, which ends
 * the single-thread shortcut. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <string.h>

#include "lw_glibc_mutex.h"
#include "lw_core.h"
#include "lw_glibc_spin.h"
#include "lw_modules.h"
#include "lw_output.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_wrap.h"

atomic_int lw_inline_mutex;
const char *lw_inline_mutex_off = "not checked yet";
struct lw_spin_words lw_inline_spin;
const char *lw_inline_spin_off = "not checked yet";

#ifdef LW_SINGLE_FLAG
int lw_cancel_called;

/* glibc keeps two single-thread flags: its own, which its mutex calls read,
 * and __libc_single_threaded, which we read. Where a program reads the flag
 * too it holds its own copy (a copy relocation: C++ programs using
 * shared_ptr do), and glibc's pthread_cancel clears only glibc's flag (a
 * lone thread cancelling itself), after which pthread_create, seeing its own
 * flag clear, updates neither: the copy says 1 while threads run. Plain
 * stores there would let two threads in and lose wake-ups (glibcmutex.sh). So
 * once the program cancels a thread, we take the atomics for good. */
LW_API int pthread_cancel(pthread_t th)
{
    NEED(pthread_cancel);
    __atomic_store_n(&lw_cancel_called, 1, __ATOMIC_RELAXED); /* before: an asynchronous self-cancel never returns */
    return lw_real.pthread_cancel(th);
}
#endif

void lw_wake_failed(int err)
{
    static au32 said;
    if (ADD(said, 1) == 0)
        lw_say("a futex wake at a mutex unlock failed (%s): a thread may sleep on that mutex", strerror(err));
    errno = err;
}

#if LW_GLIBC_MUTEX
/* fn lives in the C library itself (libc.so, or libpthread.so before glibc
 * 2.34), not in a library preloaded after this one */
static int in_libc(void *fn)
{
    Dl_info d;
    if (!fn || !dladdr(fn, &d) || !d.dli_fname)
        return 0;
    const char *base = lw_base_name(d.dli_fname);
    return !strncmp(base, "libc.so", 7) || !strncmp(base, "libpthread.so", 13);
}

/* dl_iterate_phdr: is this object one of valgrind's preloaded libraries
 * (vgpreload_core-ARCH-linux.so, vgpreload_helgrind-..., ...)? */
static int is_valgrind_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    return info->dlpi_name && !strncmp(lw_base_name(info->dlpi_name), "vgpreload_", 10);
}

static int fields_are(const pthread_mutex_t *m, int lock, int owner, unsigned users, unsigned count)
{
    return m->__data.__lock == lock && m->__data.__owner == owner && m->__data.__nusers == users &&
           m->__data.__kind == 0 && m->__data.__count == count;
}

/* The word lw_default_seen keeps the last holder in, __count, is left
 * alone by glibc's calls on m (free, default kind): its lock, trylock and
 * unlock, ours, and a condvar wait, which unlocks and relocks m inside
 * glibc; and glibc's init clears it, so a mutex initialised again, of any
 * kind, starts without it. 1 when all that holds; m ends as it began. */
static int holder_kept(pthread_mutex_t *m, int me)
{
    const unsigned kept = (unsigned)me;
    pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
    const struct timespec past = {0, 0}; /* a deadline long gone: the wait times out at once */
    m->__data.__count = kept;
    int ok = lw_real.pthread_mutex_lock(m) == 0 && fields_are(m, 1, me, 1, kept) &&
             lw_real.pthread_mutex_unlock(m) == 0 && fields_are(m, 0, 0, 0, kept) && lw_default_trylock(m) == 0 &&
             lw_real.pthread_mutex_trylock(m) == EBUSY && fields_are(m, 1, me, 1, kept) &&
             lw_real.pthread_cond_timedwait && lw_real.pthread_cond_timedwait(&cv, m, &past) == ETIMEDOUT &&
             fields_are(m, m->__data.__lock == 2 ? 2 : 1, me, 1, kept); /* glibc relocks as if contended */
    if (m->__data.__lock != 0)
        lw_default_unlock(m);
    ok = ok && fields_are(m, 0, 0, 0, kept) && lw_real.pthread_mutex_trylock(m) == 0 &&
         lw_real.pthread_mutex_unlock(m) == 0 && fields_are(m, 0, 0, 0, kept) && lw_real.pthread_mutex_init &&
         lw_real.pthread_mutex_init(m, NULL) == 0 &&
         fields_are(m, 0, 0, 0, 0);
    m->__data.__count = 0;
    return ok;
}

/* both ways round on m (free, default kind): 1 when every step agrees */
static int agree(pthread_mutex_t *m, int me)
{
    /* glibc's own steps are what lw_glibc_mutex.h assumes */
    if (!fields_are(m, 0, 0, 0, 0) || lw_real.pthread_mutex_lock(m) != 0 || !fields_are(m, 1, me, 1, 0) ||
        lw_real.pthread_mutex_unlock(m) != 0 || !fields_are(m, 0, 0, 0, 0))
        return 0;
    /* glibc sees our lock as held, and its unlock undoes it */
    if (lw_default_trylock(m) != 0 || !fields_are(m, 1, me, 1, 0) || lw_real.pthread_mutex_trylock(m) != EBUSY ||
        lw_default_trylock(m) != EBUSY || lw_real.pthread_mutex_unlock(m) != 0 || !fields_are(m, 0, 0, 0, 0))
        return 0;
    /* our unlock undoes glibc's lock */
    if (lw_real.pthread_mutex_lock(m) != 0)
        return 0;
    lw_default_unlock(m);
    if (!fields_are(m, 0, 0, 0, 0) || lw_real.pthread_mutex_trylock(m) != 0 || lw_real.pthread_mutex_unlock(m) != 0 ||
        !fields_are(m, 0, 0, 0, 0))
        return 0;
    return holder_kept(m, me);
}

/* tid one of this thread's selves in the processes it was forked from
 * (lw_life.c: the forking thread's in its parent, and in the generations
 * before) */
static int my_former_self(uint32_t tid)
{
    for (int i = 0; i < LW_FORMER_TIDS && lw_tls.former_tids[i]; i++)
        if (tid == lw_tls.former_tids[i])
            return 1;
    return 0;
}

void lw_default_moved(pthread_mutex_t *m, struct lw_tstat *e, uint32_t tid)
{
    uint32_t last = __atomic_load_n(&m->__data.__count, __ATOMIC_RELAXED);
    __atomic_store_n(&m->__data.__count, tid, __ATOMIC_RELAXED);
    /* not the first holder; nor, in a fork child, the forking thread's
     * self in a parent (lw_life.c) */
    if (e)
        BUMP1(e->owner_changes, last != 0 && !my_former_self(last));
}

const char *lw_glibc_mutex_check(void)
{
    ST(lw_inline_mutex, 0);
    if (!lw.cfg.inline_mutex)
        return lw_inline_mutex_off = "LOCKWAIT_INLINE_MUTEX=0";
    if (!lw_real.ready)
        return lw_inline_mutex_off = "the real mutex calls were not found";
    if (!in_libc((void *)lw_real.pthread_mutex_lock) || !in_libc((void *)lw_real.pthread_mutex_trylock) ||
        !in_libc((void *)lw_real.pthread_mutex_unlock))
        return lw_inline_mutex_off = "the mutex calls found are not the C library's (another preloaded library's?)";
    /* valgrind's tools (helgrind, drd) see a lock in glibc's mutex calls:
     * a mutex taken here is no lock to them, and its data races they report */
    if (dl_iterate_phdr(is_valgrind_object, NULL))
        return lw_inline_mutex_off = "under valgrind, whose tools follow glibc's mutex calls";
    int e = errno;
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    int ok = agree(&m, (int)my_tid());
    errno = e;
    if (!ok)
        return lw_inline_mutex_off = "glibc's default mutex did not behave as lockwait expects";
    ST(lw_inline_mutex, 1);
    return lw_inline_mutex_off = NULL;
}

static int word_of(const pthread_spinlock_t *s)
{
    return *(const volatile int *)s;
}

/* s free (from glibc's init): 1 when glibc's calls and lw_glibc_spin.h's
 * steps agree on it, both ways round; sets the free and held words */
static int agree_spin(pthread_spinlock_t *s)
{
    /* glibc's own steps: a word for free, another for held, and back */
    int free_word = word_of(s);
    if (lw_real.pthread_spin_trylock(s) != 0)
        return 0;
    int held_word = word_of(s);
    if (held_word == free_word || lw_real.pthread_spin_trylock(s) != EBUSY || word_of(s) != held_word ||
        lw_real.pthread_spin_unlock(s) != 0 || word_of(s) != free_word || lw_real.pthread_spin_lock(s) != 0 ||
        word_of(s) != held_word || lw_real.pthread_spin_unlock(s) != 0 || word_of(s) != free_word)
        return 0;
    lw_inline_spin.free_word = free_word;
    lw_inline_spin.held_word = held_word;
    /* glibc sees our lock as held, and its unlock undoes it */
    if (!lw_spin_word(s) || word_of(s) != held_word || lw_real.pthread_spin_trylock(s) != EBUSY || lw_spin_word(s) ||
        lw_real.pthread_spin_unlock(s) != 0 || word_of(s) != free_word)
        return 0;
    /* our unlock undoes glibc's lock */
    if (lw_real.pthread_spin_lock(s) != 0)
        return 0;
    lw_spin_release(s);
    return word_of(s) == free_word && lw_real.pthread_spin_trylock(s) == 0 && lw_real.pthread_spin_unlock(s) == 0 &&
           word_of(s) == free_word;
}

const char *lw_glibc_spin_check(void)
{
    ST(lw_inline_spin.on, 0);
    if (!lw.cfg.inline_mutex)
        return lw_inline_spin_off = "LOCKWAIT_INLINE_MUTEX=0";
    if (!lw_real.ready || !lw_real.pthread_spin_lock || !lw_real.pthread_spin_trylock || !lw_real.pthread_spin_unlock ||
        !lw_real.pthread_spin_init)
        return lw_inline_spin_off = "the real spinlock calls were not found";
    if (!in_libc((void *)lw_real.pthread_spin_lock) || !in_libc((void *)lw_real.pthread_spin_trylock) ||
        !in_libc((void *)lw_real.pthread_spin_unlock))
        return lw_inline_spin_off = "the spinlock calls found are not the C library's (another preloaded library's?)";
    if (dl_iterate_phdr(is_valgrind_object, NULL))
        return lw_inline_spin_off = "under valgrind, whose tools follow glibc's spinlock calls";
    int e = errno;
    pthread_spinlock_t s;
    int ok = lw_real.pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE) == 0 && agree_spin(&s);
    errno = e;
    if (!ok)
        return lw_inline_spin_off = "glibc's spinlock did not behave as lockwait expects";
    ST(lw_inline_spin.on, 1);
    return lw_inline_spin_off = NULL;
}
#else
const char *lw_glibc_mutex_check(void)
{
    return lw_inline_mutex_off = "not glibc on Linux";
}

const char *lw_glibc_spin_check(void)
{
    return lw_inline_spin_off = "not glibc on Linux";
}
#endif

/* lw_glibc_mutex.c - glibc's inline path: on glibc, pthread_mutex_lock,
 * pthread_mutex_unlock, pthread_spin_lock and pthread_spin_unlock take and
 * release glibc's default mutex and its spinlock themselves, in the steps
 * glibc's own calls take, saving the second call layer of a wrapper that
 * calls glibc (bench_overhead.sh's numbers: docs/lockwait-manual.md).
 * Turned on once, at start, by lw_glibc_mutex_check and lw_glibc_spin_check
 * (below), only after these steps and glibc's own calls agreed on a lock of
 * our own, field by field, each way round, only when the calls found are
 * glibc's (not another preloaded library's), and not under valgrind, whose
 * tools watch glibc's lock calls. Any surprise leaves every lock to glibc's
 * calls (lw_mutex.c), and the report says why.
 * LOCKWAIT_INLINE_MUTEX=0 turns it off.
 * The steps, a default mutex (__kind 0: any other kind goes to
 * lw_mutex_lock_generic):
 *   lock:    compare-and-swap the lock word from 0 to 1, then store the
 *            owner's tid and count one more user (plain stores: only the
 *            holder writes them);
 *   unlock:  clear the owner, one user less, exchange the word to 0, and
 *            wake one sleeper with a private futex wake when it was 2;
 *   in a process that never started a thread, plain stores instead of the
 *   atomics, as glibc (2.34 on) does there (never after a pthread_cancel,
 *   below). A spinlock is one int, free at one value and held at any
 *   other (x86: 1 and 0; glibc's generic code: 0 and 1), read off glibc's
 *   own calls at the check: lock: compare-and-swap from free to held;
 *   unlock: store free.
 * The four calls are leaves: the common case calls nothing, and every other
 * case ends in a jump (`return f(...)`): before the lock word, to the
 * generic path; after a failed first try, to its wait; after the lock is
 * taken or released, to one function for the rest. So they save no register
 * and, under gcc, build no frame (-momit-leaf-frame-pointer, tool/build.sh;
 * what it saves: the manual); a signal handler's stack walk finds them by
 * their section (LW_LEAF, lw_stacks.h). tests/leaf.sh checks the listings. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <string.h>

#include "lw_glibc_mutex.h"
#include "../lw_kinds.h"
#include "lw_account.h"
#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_modules.h"
#include "lw_mutex.h"
#include "lw_output.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"
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

#if LW_GLIBC_MUTEX
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ---------------------------------------------------------------- glibc's steps */

/* glibc's first step of a default mutex's lock: 1 when the word was free
 * and is now ours (the owner fields come next). lone (lw_lone_and_free):
 * a plain store, as glibc's lock does then. */
static inline __attribute__((always_inline)) int word_taken(pthread_mutex_t *m, int lone)
{
    int free_word = 0;
    if (!lone)
        return __atomic_compare_exchange_n(&m->__data.__lock, &free_word, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
    __atomic_store_n(&m->__data.__lock, 1, __ATOMIC_RELAXED);
    return 1;
}

static inline __attribute__((always_inline)) void owned_by(pthread_mutex_t *m, uint32_t tid)
{
    __atomic_store_n(&m->__data.__owner, (int)tid, __ATOMIC_RELAXED);
    ++m->__data.__nusers;
}

/* glibc's trylock of a default mutex: 0, or EBUSY (the check's) */
static int default_trylock(pthread_mutex_t *m)
{
    if (!word_taken(m, 0))
        return EBUSY;
    owned_by(m, my_tid());
    return 0;
}

/* glibc's unlock of a default mutex up to the wake: nonzero when the word
 * said a thread sleeps on it (2), to be woken with default_wake */
static inline __attribute__((always_inline)) int default_unlocked(pthread_mutex_t *m)
{
    __atomic_store_n(&m->__data.__owner, 0, __ATOMIC_RELAXED);
    --m->__data.__nusers;
    if (LW_UNLIKELY(LW_ALONE())) { /* the threaded case in line, as glibc lays it out */
        __atomic_store_n(&m->__data.__lock, 0, __ATOMIC_RELAXED);
        return 0;
    }
    return __atomic_exchange_n(&m->__data.__lock, 0, __ATOMIC_RELEASE) > 1;
}

static void default_wake(pthread_mutex_t *m)
{
    static au32 said;
    if (LW_LIKELY(syscall(SYS_futex, &m->__data.__lock, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0) >= 0))
        return;
    int err = errno;
    if (ADD(said, 1) == 0)
        lw_say("a futex wake at a mutex unlock failed (%s): a thread may sleep on that mutex", strerror(err));
    errno = err;
}

/* glibc's unlock of a default mutex (the check's) */
static void default_unlock(pthread_mutex_t *m)
{
    if (default_unlocked(m))
        default_wake(m);
}

/* glibc's spinlock trylock: 1 when the word was free and is now ours */
static inline __attribute__((always_inline)) int spin_word(pthread_spinlock_t *s)
{
    int free_word = lw_inline_spin.free_word;
    return __atomic_compare_exchange_n(s, &free_word, lw_inline_spin.held_word, 0, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED);
}

static inline __attribute__((always_inline)) void spin_release(pthread_spinlock_t *s)
{
    __atomic_store_n(s, lw_inline_spin.free_word, __ATOMIC_RELEASE);
}

/* ---------------------------------------------------------------- the leaves */

/* the word taken, but not the common case (the tid not known yet, the
 * statistics not cached, an owner change, or acq: an acquisition
 * acquired_inline left to lw_acquired_slow) */
static __attribute__((noinline)) int mutex_taken_rest(pthread_mutex_t *m, struct lw_tstat *e, uintptr_t pc,
                                                      uint64_t acq)
{
    if (acq) {
        lw_acquired_slow(e, K_MUTEX, acq, pc, 0);
        return answer_0();
    }
    owned_by(m, my_tid());
    e = stat_of(m, K_MUTEX, pc);
    lw_mutex_seen(m, e);
    if (e)
        acquired(e, K_MUTEX, pc, 0);
    return answer_0();
}

LW_API LW_LEAF int pthread_mutex_lock(pthread_mutex_t *m)
{
    uintptr_t pc = RA();
    if (!lw_default_mutex(m))
        return lw_mutex_lock_generic(m, pc);
    /* the library's own lines first (lw_tls, the statistics), then the
     * lock: a cache miss on them is paid before the critical section */
    uint32_t tid = lw_tls.tid;
    struct lw_tstat *e = stat_cached(m, K_MUTEX);
    if (!word_taken(m, lw_lone_and_free(m)))
        return lw_mutex_wait(m, pc);
    uint64_t acq = 0;
    if (LW_LIKELY(tid != 0) && LW_LIKELY(e != NULL) && LW_LIKELY(lw_default_holder_is(m, tid))) {
        owned_by(m, tid);
        acq = acquired_inline(e, K_MUTEX, pc, 0);
        if (LW_LIKELY(acq == 0))
            return 0;
    }
    return mutex_taken_rest(m, e, pc, acq);
}

/* the plain hold, moved onto held[] by a signal handler (plain_released):
 * taken off held[] before the unlock, as the generic path does, so that a
 * handler running after the unlock never finds it there (tests/sighold.sh) */
static __attribute__((noinline)) int mutex_unlock_moved(pthread_mutex_t *m, struct lw_tstat *e)
{
    (void)lw_plain_moved(e);
    default_unlock(m);
    settle_note();
    return answer_0();
}

/* released: a sleeper to wake, or a wait or blocking hold to account */
static __attribute__((noinline)) int mutex_unlocked_rest(pthread_mutex_t *m, int wake)
{
    if (wake)
        default_wake(m);
    settle_note();
    return answer_0();
}

LW_API LW_LEAF int pthread_mutex_unlock(pthread_mutex_t *m)
{
    struct lw_tstat *e = lw_tls.plain;
    if (!lw_default_mutex(m) || !stat_is(e, m, K_MUTEX))
        return lw_mutex_unlock_generic(m);
    if (LW_UNLIKELY(plain_released(e, K_MUTEX)))
        return mutex_unlock_moved(m, e);
    int wake = default_unlocked(m);
    if (LW_UNLIKELY(wake) || settle_due())
        return mutex_unlocked_rest(m, wake);
    return 0;
}

/* the word taken, but not the common case (as mutex_taken_rest) */
static __attribute__((noinline)) int spin_taken_rest(pthread_spinlock_t *s, struct lw_tstat *e, uintptr_t pc,
                                                     uint64_t acq)
{
    if (acq)
        lw_acquired_slow(e, K_SPIN, acq, pc, 0);
    else if ((e = stat_of((void *)s, K_SPIN, pc)) != NULL)
        acquired(e, K_SPIN, pc, 0);
    return answer_0();
}

LW_API LW_LEAF int pthread_spin_lock(pthread_spinlock_t *s)
{
    uintptr_t pc = RA();
    if (!LW_LIKELY(LD(lw_inline_spin.on)))
        return lw_spin_lock_generic(s, pc);
    uint32_t tid = lw_tls.tid; /* before the lock word, as for mutexes */
    struct lw_tstat *e = stat_cached((void *)s, K_SPIN);
    if (LW_UNLIKELY(!spin_word(s)))
        return lw_spin_wait(s, pc);
    uint64_t acq = 0;
    if (LW_LIKELY(tid != 0) && LW_LIKELY(e != NULL)) {
        acq = acquired_inline_by(e, K_SPIN, pc, 0, tid);
        if (LW_LIKELY(acq == 0))
            return 0;
    }
    return spin_taken_rest(s, e, pc, acq);
}

/* the plain hold moved (as in mutex_unlock_moved): off held[] before the
 * release, then an owner change or a wait to note */
static __attribute__((noinline)) int spin_unlock_moved(pthread_spinlock_t *s, struct lw_tstat *e)
{
    e = lw_plain_moved(e);
    spin_release(s);
    if (e)
        owner_note(e);
    return answer_0();
}

/* released: an owner change or a wait to note */
static __attribute__((noinline)) int spin_unlocked_rest(struct lw_tstat *e)
{
    owner_note(e);
    return answer_0();
}

LW_API LW_LEAF int pthread_spin_unlock(pthread_spinlock_t *s)
{
    struct lw_tstat *e = lw_tls.plain;
    if (!LW_LIKELY(LD(lw_inline_spin.on)) || !stat_is(e, (void *)s, K_SPIN))
        return lw_spin_unlock_generic(s);
    if (LW_UNLIKELY(plain_released(e, K_SPIN)))
        return spin_unlock_moved(s, e);
    spin_release(s);
    if (owner_note_due(e))
        return spin_unlocked_rest(e);
    return 0;
}

/* ---------------------------------------------------------------- the checks */

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

/* foreign, or valgrind, when lock, trylock and unlock (the mutex or
 * spinlock calls found) cannot be stepped over; else NULL. valgrind's tools
 * (helgrind, drd) see a lock in glibc's calls: a lock taken here is no lock
 * to them, and its data races they report. */
static const char *not_glibcs(void *lock, void *trylock, void *unlock, const char *foreign, const char *valgrind)
{
    if (!in_libc(lock) || !in_libc(trylock) || !in_libc(unlock))
        return foreign;
    return dl_iterate_phdr(is_valgrind_object, NULL) ? valgrind : NULL;
}

static int fields_are(const pthread_mutex_t *m, int lock, int owner, unsigned users, unsigned count)
{
    return m->__data.__lock == lock && m->__data.__owner == owner && m->__data.__nusers == users &&
           m->__data.__kind == 0 && m->__data.__count == count;
}

/* The word lw_mutex_seen keeps the last holder in, __count, is left
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
             lw_real.pthread_mutex_unlock(m) == 0 && fields_are(m, 0, 0, 0, kept) && default_trylock(m) == 0 &&
             lw_real.pthread_mutex_trylock(m) == EBUSY && fields_are(m, 1, me, 1, kept) &&
             lw_real.pthread_cond_timedwait && lw_real.pthread_cond_timedwait(&cv, m, &past) == ETIMEDOUT &&
             fields_are(m, m->__data.__lock == 2 ? 2 : 1, me, 1, kept); /* glibc relocks as if contended */
    if (m->__data.__lock != 0)
        default_unlock(m);
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
    /* glibc's own steps are what the steps above assume */
    if (!fields_are(m, 0, 0, 0, 0) || lw_real.pthread_mutex_lock(m) != 0 || !fields_are(m, 1, me, 1, 0) ||
        lw_real.pthread_mutex_unlock(m) != 0 || !fields_are(m, 0, 0, 0, 0))
        return 0;
    /* glibc sees our lock as held, and its unlock undoes it */
    if (default_trylock(m) != 0 || !fields_are(m, 1, me, 1, 0) || lw_real.pthread_mutex_trylock(m) != EBUSY ||
        default_trylock(m) != EBUSY || lw_real.pthread_mutex_unlock(m) != 0 || !fields_are(m, 0, 0, 0, 0))
        return 0;
    /* our unlock undoes glibc's lock */
    if (lw_real.pthread_mutex_lock(m) != 0)
        return 0;
    default_unlock(m);
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
    const char *why = not_glibcs((void *)lw_real.pthread_mutex_lock, (void *)lw_real.pthread_mutex_trylock,
                                 (void *)lw_real.pthread_mutex_unlock,
                                 "the mutex calls found are not the C library's (another preloaded library's?)",
                                 "under valgrind, whose tools follow glibc's mutex calls");
    if (why)
        return lw_inline_mutex_off = why;
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

/* s free (from glibc's init): 1 when glibc's calls and the steps above
 * agree on it, both ways round; sets the free and held words */
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
    if (!spin_word(s) || word_of(s) != held_word || lw_real.pthread_spin_trylock(s) != EBUSY || spin_word(s) ||
        lw_real.pthread_spin_unlock(s) != 0 || word_of(s) != free_word)
        return 0;
    /* our unlock undoes glibc's lock */
    if (lw_real.pthread_spin_lock(s) != 0)
        return 0;
    spin_release(s);
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
    const char *why = not_glibcs((void *)lw_real.pthread_spin_lock, (void *)lw_real.pthread_spin_trylock,
                                 (void *)lw_real.pthread_spin_unlock,
                                 "the spinlock calls found are not the C library's (another preloaded library's?)",
                                 "under valgrind, whose tools follow glibc's spinlock calls");
    if (why)
        return lw_inline_spin_off = why;
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

/* lw_spin.c - the spinlock wrappers (lock, trylock, unlock). The generic
 * way first: glibc's own trylock takes a free spinlock as the bare call
 * would, and a trylock that fails goes to a measured wait in glibc's lock
 * (lw_spin_wait). A spinlock keeps no owner: the holder's tid goes into
 * the lock's record (acquired_inline_by), for the waiters to name.
 * On glibc, pthread_spin_lock and pthread_spin_unlock take and release the
 * lock themselves, as lw_mutex.c's inline path does for mutexes (the leaves
 * below): a spinlock is one int, free at one value and held at any other
 * (x86: 1 and 0; glibc's generic code: 0 and 1), read off glibc's own calls
 * at the start-up check (lw_glibc_spin_check); lock: compare-and-swap from
 * free to held; unlock: store free. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

#include "lw_spin.h"
#include "../lw_kinds.h"
#include "../trace.h"
#include "lw_account.h"
#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_mutex.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"
#include "lw_wrap.h"

struct lw_spin_words lw_inline_spin;
const char *lw_inline_spin_off = "not checked yet";

/* the first try said no: wait in glibc's lock, measured */
__attribute__((noinline)) int lw_spin_wait(pthread_spinlock_t *s, uintptr_t pc)
{
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, pc);
    struct wait w;
    lw_wait_begin((void *)s, e, &w, LW_T_SPIN, pc, LW_STACK_BEFORE);
    int rc = lw_real.pthread_spin_lock(s);
    if (rc == 0 && e) {
        lw_wait_measure_held(&w, 1, pc);
        acquired(e, K_SPIN, pc, w.t1);
        lw_wait_defer(e, &w); /* accounted after the unlock: keep the hold short */
    } else {
        lw_wait_measure(e, &w, rc == 0, pc);
        lw_wait_account((void *)s, e, &w);
    }
    return rc;
}

__attribute__((noinline)) int lw_spin_lock_generic(pthread_spinlock_t *s, uintptr_t pc)
{
    NEED(pthread_spin_trylock);
    NEED(pthread_spin_lock);
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, pc); /* before the lock: its lines missed outside the hold */
    if (lw_real.pthread_spin_trylock(s) != 0)
        return lw_spin_wait(s, pc);
    if (LW_LIKELY(e != NULL))
        acquired(e, K_SPIN, pc, 0);
    return 0;
}

__attribute__((noinline)) int lw_spin_unlock_generic(pthread_spinlock_t *s)
{
    NEED(pthread_spin_unlock);
    struct lw_tstat *e = releasing((void *)s, K_SPIN);
    int rc = lw_real.pthread_spin_unlock(s);
    if (e)
        owner_note(e);
    return rc;
}

LW_API int pthread_spin_trylock(pthread_spinlock_t *s)
{
    NEED(pthread_spin_trylock);
    uintptr_t pc = RA();
    int rc = lw_real.pthread_spin_trylock(s);
    struct lw_tstat *e = stat_of((void *)s, K_SPIN, pc);
    if (rc == 0 && e)
        acquired(e, K_SPIN, pc, 0);
    else if (rc == EBUSY)
        lw_trylock_failed(e);
    return rc;
}

/* ---------------------------------------------------------------- glibc's inline path: its steps */

#if LW_GLIBC_MUTEX

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

/* ---------------------------------------------------------------- glibc's inline path: the leaves */

/* the word taken, but not the common case (the tid not known yet, the
 * statistics not cached, or acq: an acquisition acquired_inline_by left
 * to lw_acquired_slow) */
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

/* the plain hold moved onto held[] by a signal handler (plain_released):
 * off held[] before the release, as the generic path does, then an owner
 * change or a wait to note */
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

/* ---------------------------------------------------------------- glibc's inline path: the check */

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
    const char *why = lw_not_glibcs((void *)lw_real.pthread_spin_lock, (void *)lw_real.pthread_spin_trylock,
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
/* elsewhere than glibc: the lock and unlock calls are the generic ones */
LW_API int pthread_spin_lock(pthread_spinlock_t *s)
{
    return lw_spin_lock_generic(s, RA());
}

LW_API int pthread_spin_unlock(pthread_spinlock_t *s)
{
    return lw_spin_unlock_generic(s);
}

const char *lw_glibc_spin_check(void)
{
    return lw_inline_spin_off = "not glibc on Linux";
}
#endif

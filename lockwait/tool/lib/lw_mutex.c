/* lw_mutex.c - the pthread mutex wrappers (lock, timed and clock locks,
 * trylock and unlock; C11's mtx_* too: lw_c11.c). Read in two parts:
 *
 * The generic path, first: glibc's own trylock takes a free lock as the
 * bare call would, and a trylock that fails goes to a measured wait
 * (lw_mutex_wait). Every mutex takes it elsewhere than glibc, and on glibc
 * every mutex but the default kind, or all of them when the inline path
 * is off.
 *
 * glibc's inline path, second: on glibc, pthread_mutex_lock and
 * pthread_mutex_unlock take and release glibc's default mutex themselves,
 * in the steps glibc's own calls take, saving the second call layer of a
 * wrapper that calls glibc (bench_overhead.sh's numbers:
 * docs/lockwait-manual.md). Turned on once, at start, by
 * lw_glibc_mutex_check (at the end), only after these steps and glibc's own
 * calls agreed on a lock of our own, field by field, each way round, only
 * when the calls found are glibc's (not another preloaded library's), and
 * not under valgrind, whose tools watch glibc's lock calls. Any surprise
 * leaves every lock to the generic path, and the report says why.
 * LOCKWAIT_INLINE_MUTEX=0 turns it off. The steps, a default mutex
 * (__kind 0: any other kind goes to lw_mutex_lock_generic):
 *   lock:    compare-and-swap the lock word from 0 to 1, then store the
 *            owner's tid and count one more user (plain stores: only the
 *            holder writes them);
 *   unlock:  clear the owner, one user less, exchange the word to 0, and
 *            wake one sleeper with a private futex wake when it was 2;
 *   in a process that never started a thread, plain stores instead of the
 *   atomics, as glibc (2.34 on) does there (never after a pthread_cancel,
 *   below). The spinlock's inline path: lw_spin.c.
 * The two calls are leaves: the common case calls nothing, and every other
 * case ends in a jump (`return f(...)`): before the lock word, to the
 * generic path; after a failed first try, to its wait; after the lock is
 * taken or released, to one function for the rest. So they save no register
 * and, under gcc, build no frame (-momit-leaf-frame-pointer, tool/build.sh;
 * what it saves: the manual); a signal handler's stack walk finds them by
 * their section (LW_LEAF, lw_stacks.h). tests/leaf.sh checks the listings. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "lw_mutex.h"
#include "../lw_kinds.h"
#include "../trace.h"
#include "lw_account.h"
#include "lw_core.h"
#include "lw_fastpath.h"
#include "lw_output.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_stacks.h"
#include "lw_wrap.h"

atomic_int lw_inline_mutex;
const char *lw_inline_mutex_off = "not checked yet";

/* ---------------------------------------------------------------- the generic path */

/* Is m free and this thread the process's only one? Then nobody can take
 * it before we do, and glibc itself would lock it with plain stores. */
static inline __attribute__((always_inline)) int lw_lone_and_free(const pthread_mutex_t *m)
{
#if LW_GLIBC_MUTEX
    return LW_ALONE() && (m->__data.__kind & 128) == 0 /* PTHREAD_MUTEX_PSHARED_BIT */ && m->__data.__lock == 0;
#else
    (void)m;
    return 0;
#endif
}

static int mutex_real(pthread_mutex_t *m, enum how how, clockid_t c, const struct timespec *ts)
{
    switch (how) {
    case TIMED: return lw_real.pthread_mutex_timedlock(m, ts);
    case CLOCKED: return lw_real.pthread_mutex_clocklock(m, c, ts);
    default: return lw_real.pthread_mutex_lock(m);
    }
}

static inline int got_mutex(int rc)
{
    return rc == 0 || rc == EOWNERDEAD;
}

/* The generic path's two steps, the first try and the wait: not static, so
 * that they keep their names and arguments (a static function the compiler
 * may clone as name.isra or name.constprop), which the leaves below jump to
 * (tests/leaf.sh). pc: the lock call's return address, which the leaves
 * read (the function jumped to has no frame to find it in); how, c, ts: the
 * wait the caller asked for (lw_wrap.h; a clock glibc refuses never comes
 * here: pthread_mutex_clocklock). */
LW_HIDDEN int lw_mutex_lock_generic(pthread_mutex_t *m, uintptr_t pc, enum how how, clockid_t c,
                                    const struct timespec *ts);
LW_HIDDEN int lw_mutex_wait(pthread_mutex_t *m, int rc, uintptr_t pc, enum how how, clockid_t c,
                            const struct timespec *ts);

/* The first try: glibc's trylock. In a process that never started a
 * thread, a free mutex is locked outright, as the bare program does: glibc
 * (2.32 on) then takes it with plain stores, where a trylock would add an
 * atomic and double the cost of the lock/unlock pair. (An error of either
 * call, EAGAIN say, lw_mutex_wait passes on.) */
__attribute__((noinline)) int lw_mutex_lock_generic(pthread_mutex_t *m, uintptr_t pc, enum how how, clockid_t c,
                                                    const struct timespec *ts)
{
    NEED(pthread_mutex_trylock);
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc); /* before the lock: its lines missed outside the hold */
    int rc = how == PLAIN && lw_lone_and_free(m) ? lw_real.pthread_mutex_lock(m) : lw_real.pthread_mutex_trylock(m);
    if (LW_LIKELY(rc == 0)) {
        /* the owner change where m keeps its last holder, then the hold */
        lw_mutex_seen(m, e);
        if (e)
            acquired(e, K_MUTEX, pc, 0);
        return 0;
    }
    return lw_mutex_wait(m, rc, pc, how, c, ts);
}

/* The first try said no (rc; the inline path's: EBUSY): wait for m as the caller asked */
__attribute__((noinline)) int lw_mutex_wait(pthread_mutex_t *m, int rc, uintptr_t pc, enum how how, clockid_t c,
                                            const struct timespec *ts)
{
    /* Try once more at once, as glibc's own lock does, before measuring:
     * the clock read and the sleep probe (30-250 ns) let a short holder
     * release and come back, turning a hand-over the bare program gets for
     * free into a futex sleep. */
    if (rc == EBUSY)
        rc = lw_real.pthread_mutex_trylock(m);
#ifdef __GLIBC__
    /* One more when the holder is leaving: a locked glibc mutex with no
     * owner in it is between its holder's two stores, at the release or the
     * acquisition (about half the contended loop's waits in tool/bench;
     * docs/lockwait-manual.md). Other C libraries: no owner to read. */
    if (rc == EBUSY && __atomic_load_n(&m->__data.__owner, __ATOMIC_RELAXED) == 0)
        rc = lw_real.pthread_mutex_trylock(m);
#endif
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc);
    if (got_mutex(rc)) { /* EOWNERDEAD: a robust mutex acquired, its previous owner dead */
        lw_mutex_seen(m, e);
        if (e)
            acquired(e, K_MUTEX, pc, 0);
        return rc;
    }
    /* EINVAL, EAGAIN (a recursive mutex's count full), ENOTRECOVERABLE: the
     * lock call's answer too, given as the bare program gets it (glibc fails
     * the first lock or trylock of a priority-protect mutex with EINVAL,
     * once: a second call here would make it succeed) */
    if (rc != EBUSY)
        return rc;
    if (e && held_find(e)) {
        /* a relock of our own mutex (errorcheck: EDEADLK; normal: a
         * deadlock): the real call's answer, no contention */
        rc = mutex_real(m, how, c, ts);
        if (got_mutex(rc)) {
            lw_mutex_seen(m, e);
            acquired(e, K_MUTEX, pc, 0);
        }
        return rc;
    }
    struct wait w;
    lw_wait_begin(m, e, &w, LW_T_MUTEX, pc, LW_STACK_BEFORE);
    rc = mutex_real(m, how, c, ts);
    if (got_mutex(rc) && e) { /* the wait's end first: the owner note is not part of it */
        lw_wait_measure_held(&w, 1, pc);
        lw_mutex_seen(m, e);
        acquired(e, K_MUTEX, pc, w.t1); /* the wait's end, read inside the critical section anyway */
        lw_wait_defer(e, &w); /* accounted after the unlock: keep the hold short */
    } else {
        lw_wait_measure(e, &w, got_mutex(rc), pc);
        if (got_mutex(rc))
            lw_mutex_seen(m, e);
        lw_wait_account(m, e, &w);
    }
    return rc;
}

__attribute__((noinline)) int lw_mutex_unlock_generic(pthread_mutex_t *m)
{
    NEED(pthread_mutex_unlock);
    struct lw_tstat *e = releasing(m, K_MUTEX);
    int was_default = lw_default_mutex(m); /* before: the unlock may let m be destroyed */
    int rc = lw_real.pthread_mutex_unlock(m);
    lw_mutex_released(e, was_default);
    return rc;
}

/* the C11 wrappers' way in (lw_c11.c): as the pthread calls, from pc */
int lw_mutex_lock_at(pthread_mutex_t *m, uintptr_t pc, const struct timespec *ts)
{
    if (!ts)
        return lw_mutex_lock_generic(m, pc, PLAIN, 0, NULL);
    NEED(pthread_mutex_timedlock);
    return lw_mutex_lock_generic(m, pc, TIMED, 0, ts);
}

LW_API int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *ts)
{
    NEED(pthread_mutex_timedlock);
    return lw_mutex_lock_generic(m, RA(), TIMED, 0, ts);
}

LW_API int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c, const struct timespec *ts)
{
    NEED(pthread_mutex_clocklock);
    /* a clock glibc's futexes cannot wait on: glibc's EINVAL at once, where
     * the first try would take a free mutex the bare call refuses */
    if (lw_deadline_refused(CLOCKED, c, ts, 0))
        return lw_real.pthread_mutex_clocklock(m, c, ts);
    return lw_mutex_lock_generic(m, RA(), CLOCKED, c, ts);
}

/* a trylock from pc (the pthread call, and C11's mtx_trylock) */
int lw_mutex_trylock_at(pthread_mutex_t *m, uintptr_t pc)
{
    NEED(pthread_mutex_trylock);
    int rc = lw_real.pthread_mutex_trylock(m);
    struct lw_tstat *e = stat_of(m, K_MUTEX, pc);
    if (got_mutex(rc)) {
        lw_mutex_seen(m, e);
        if (e)
            acquired(e, K_MUTEX, pc, 0);
    } else if (rc == EBUSY) {
        lw_trylock_failed(e);
    }
    return rc;
}

LW_API int pthread_mutex_trylock(pthread_mutex_t *m)
{
    return lw_mutex_trylock_at(m, RA());
}

/* ---------------------------------------------------------------- glibc's inline path: a lone thread */

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

/* ---------------------------------------------------------------- glibc's inline path: its steps */

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

/* ---------------------------------------------------------------- glibc's inline path: the leaves */

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
    lw_mutex_seen(m, e); /* then the hold, as the generic path */
    if (e)
        acquired(e, K_MUTEX, pc, 0);
    return answer_0();
}

LW_API LW_LEAF int pthread_mutex_lock(pthread_mutex_t *m)
{
    uintptr_t pc = RA();
    if (!lw_default_mutex(m))
        return lw_mutex_lock_generic(m, pc, PLAIN, 0, NULL);
    /* the library's own lines first (lw_tls, the statistics), then the
     * lock: a cache miss on them is paid before the critical section */
    uint32_t tid = lw_tls.tid;
    struct lw_tstat *e = stat_cached(m, K_MUTEX);
    if (!word_taken(m, lw_lone_and_free(m)))
        return lw_mutex_wait(m, EBUSY, pc, PLAIN, 0, NULL);
    uint64_t acq = 0;
    /* the tid known, the statistics cached, and this thread the last
     * holder m keeps (lw_mutex_seen): no owner change */
    if (LW_LIKELY(tid != 0) && LW_LIKELY(e != NULL) &&
        LW_LIKELY(__atomic_load_n(&m->__data.__count, __ATOMIC_RELAXED) == tid)) {
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

/* ---------------------------------------------------------------- glibc's inline path: the check */

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

void lw_default_moved(struct lw_tstat *e, uint32_t last)
{
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
    const char *why = lw_not_glibcs((void *)lw_real.pthread_mutex_lock, (void *)lw_real.pthread_mutex_trylock,
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

#else
/* elsewhere than glibc: the lock and unlock calls are the generic ones */
LW_API int pthread_mutex_lock(pthread_mutex_t *m)
{
    return lw_mutex_lock_generic(m, RA(), PLAIN, 0, NULL);
}

LW_API int pthread_mutex_unlock(pthread_mutex_t *m)
{
    return lw_mutex_unlock_generic(m);
}

const char *lw_glibc_mutex_check(void)
{
    return lw_inline_mutex_off = "not glibc on Linux";
}
#endif

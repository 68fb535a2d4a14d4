/* lw_glibc_spin.h - glibc's spinlocks, taken and released by the spinlock
 * wrappers themselves (lw_spin.c), in the steps glibc's own calls take. A
 * spinlock is one int, free at one value and held at any other: 1 and
 * 0 on x86 (whose lock is a locking decrement, so a spinning waiter drives
 * the word below 0), 0 and 1 in glibc's generic code (arm64):
 *   trylock: compare-and-swap the word from free to held (acquire);
 *   unlock:  store free (release).
 * Why: the wrappers can then be leaves (no call, no saved register in the
 * common case), as the mutex ones are (lw_mutex.c).
 * The two values are read at start, by lw_glibc_spin_check
 * (lw_glibc_mutex.c), off a spinlock of its own locked by glibc's calls,
 * which must then agree with these steps each way round; the check also
 * wants glibc's own calls (not another preloaded library's) and no
 * valgrind, as for mutexes. Until it passes, and with
 * LOCKWAIT_INLINE_MUTEX=0, every spinlock goes through glibc's calls; the
 * report says which. */
#ifndef LW_GLIBC_SPIN_H
#define LW_GLIBC_SPIN_H

#include <pthread.h>

#include "lw_base.h"

struct lw_spin_words {
    atomic_int on;  /* 1 once the check passed: read on every spinlock call */
    int free_word;  /* the word of a free spinlock */
    int held_word;  /* the word glibc's trylock leaves */
};
LW_HIDDEN extern struct lw_spin_words lw_inline_spin;
/* why it is off, or NULL when on (for the report) */
LW_HIDDEN extern const char *lw_inline_spin_off;
/* at start: turns lw_inline_spin on, or says why not (a static string) */
LW_HIDDEN const char *lw_glibc_spin_check(void);

static inline __attribute__((always_inline)) int lw_spin_inline(void)
{
    return LW_LIKELY(LD(lw_inline_spin.on));
}

/* glibc's trylock: 1 when the word was free and is now ours */
static inline __attribute__((always_inline)) int lw_spin_word(pthread_spinlock_t *s)
{
    int free_word = lw_inline_spin.free_word;
    return __atomic_compare_exchange_n(s, &free_word, lw_inline_spin.held_word, 0, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED);
}

/* glibc's unlock */
static inline __attribute__((always_inline)) void lw_spin_release(pthread_spinlock_t *s)
{
    __atomic_store_n(s, lw_inline_spin.free_word, __ATOMIC_RELEASE);
}

#endif

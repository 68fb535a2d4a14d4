/* lw_spin.h - the spinlock wrappers (lw_spin.c): the generic path, which
 * the glibc inline path's leaves jump to for every case but their common
 * one, from the lock call's pc; and whether the inline path is on, for the
 * report. */
#ifndef LW_SPIN_H
#define LW_SPIN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "lw_base.h"

struct lw_spin_words {
    atomic_int on;  /* 1 once lw_glibc_spin_check installed the inline spinlock path */
    int free_word;  /* the word of a free spinlock */
    int held_word;  /* the word glibc's trylock leaves */
};
LW_HIDDEN extern struct lw_spin_words lw_inline_spin;
/* why the inline path is off, or NULL when on (for the report) */
LW_HIDDEN extern const char *lw_inline_spin_off;
/* at start: install the inline path, or say why not (a static string) */
LW_HIDDEN const char *lw_glibc_spin_check(void);

/* the generic path, and its wait after a failed first try */
LW_HIDDEN int lw_spin_lock_generic(pthread_spinlock_t *s, uintptr_t pc);
LW_HIDDEN int lw_spin_unlock_generic(pthread_spinlock_t *s);
LW_HIDDEN int lw_spin_wait(pthread_spinlock_t *s, uintptr_t pc);

#endif

/* floor-early.c - a library whose constructor locks a mutex (-DEARLY_LIB),
 * and a program linked with it: under LD_PRELOAD=build/liblw_floor.so the
 * lock comes before the floor's own constructor has run (bench-overhead.sh). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef EARLY_LIB
static pthread_mutex_t early_lock = PTHREAD_MUTEX_INITIALIZER;

__attribute__((constructor)) static void lock_early(void)
{
    if (pthread_mutex_lock(&early_lock) != 0 || pthread_mutex_unlock(&early_lock) != 0)
        abort();
}

int early_locked(void)
{
    return 1;
}
#else
int early_locked(void);

int main(void)
{
    printf("done %d\n", early_locked());
    return 0;
}
#endif

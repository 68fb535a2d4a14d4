/* lw_sigmalloc.c - a program for the signal tests (signals.sh): does the
 * report from a signal handler keep out of malloc? Its own malloc, realloc,
 * calloc and free forward to glibc's, but once main has set `in_malloc` (as
 * if the signal had come while main was inside malloc, holding the
 * allocator's lock) any call prints "REENTERED <function>" on stderr and
 * ends the program with status 99: there, the real allocator would wait
 * forever. main makes 3 contended waits on `handed_over` (handoff_rounds),
 * sets the flag, prints "ready" and pauses until a signal ends it.
 *   usage: lw_sigmalloc */
#include <stdlib.h>

#include "lw_test.h"

extern void *__libc_malloc(size_t n);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void __libc_free(void *p);

static __thread int in_malloc;

static void reentered(const char *fn)
{
    static const char what[] = "REENTERED ";
    /* write(2) only: this is the allocator, and the process ends anyway */
    if (write(2, what, sizeof what - 1) < 0 || write(2, fn, strlen(fn)) < 0 || write(2, "\n", 1) < 0)
        _exit(98);
    _exit(99);
}

void *malloc(size_t n)
{
    if (in_malloc)
        reentered("malloc");
    return __libc_malloc(n);
}

void *realloc(void *p, size_t n)
{
    if (in_malloc)
        reentered("realloc");
    return __libc_realloc(p, n);
}

void *calloc(size_t n, size_t size)
{
    if (in_malloc)
        reentered("calloc");
    return __libc_calloc(n, size);
}

void free(void *p)
{
    if (in_malloc)
        reentered("free");
    __libc_free(p);
}

static pthread_mutex_t handed_over = PTHREAD_MUTEX_INITIALIZER;

int main(int argc, char **argv)
{
    if (argc != 1) {
        fprintf(stderr, "usage: %s (no arguments; see the file's header)\n", argv[0]);
        return 2;
    }
    handoff_rounds(&handed_over, 3);
    in_malloc = 1;
    static const char ready[] = "ready\n";
    if (write(1, ready, sizeof ready - 1) != (ssize_t)sizeof ready - 1)
        die_errno("write");
    for (;;)
        pause();
}

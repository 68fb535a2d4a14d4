/* liblockwait.h - pthread_create as C11's thrd_create calls it
 * (liblockwait.c, lw_c11.c): named, the start routine the thread is named
 * by; pc, the caller's. */
#ifndef LIBLOCKWAIT_H
#define LIBLOCKWAIT_H

#include <pthread.h>
#include <stdint.h>

#include "lw_base.h"

LW_HIDDEN int lw_thread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg,
                               uintptr_t named, uintptr_t pc);

#endif

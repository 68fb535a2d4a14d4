/* hostile.h - what hostile-prog.c and hostile-lib.c share (both are compiled
 * by hostile.sh on their own, without common/). */
#ifndef HOSTILE_H
#define HOSTILE_H

#include <stdio.h>
#include <string.h>
#include <time.h>

/* Hold until thread tid sleeps in the kernel (state S in its stat): it is
 * blocked on our lock, so its wait is contended however loaded the machine
 * (without /proc: for 200 ms). */
static inline void hold_until_asleep(unsigned tid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/self/task/%u/stat", tid);
    for (int i = 0; i < 10000; i++) {
        struct timespec ts = {0, 1000000L};
        nanosleep(&ts, NULL);
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
        if (f)
            fclose(f);
        buf[n] = 0;
        const char *p = strrchr(buf, ')');
        if ((!f && i >= 200) || (p && p[1] == ' ' && p[2] == 'S'))
            return;
    }
}

/* After the release, before the thread ends: a thread that takes a lock
 * once and exits as it releases it was being joined, not contended with
 * (lockwait/tool/lw_rules.h), and these holders stand for contention. */
static inline void live_on(void)
{
    struct timespec ts = {0, 30000000L};
    nanosleep(&ts, NULL);
}

#endif

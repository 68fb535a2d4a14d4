/* check.h - what the C checks of common/tests share: one "ok - NAME" or
 * "not ok - NAME: why" line per group of checks (begin, expect, end), a
 * tolerance compare, and a fixed pseudo-random sequence so runs repeat. */
#ifndef SHARECOST_CHECK_H
#define SHARECOST_CHECK_H
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

/* ---- reporting: one line per group, the first failure says why ---- */
static const char *group_name;
static int group_bad, any_bad;
static char group_why[512];

static inline void begin(const char *name)
{
    group_name = name;
    group_bad = 0;
}

__attribute__((format(printf, 2, 3))) static inline void expect(int cond, const char *fmt, ...)
{
    if (cond || group_bad)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(group_why, sizeof group_why, fmt, ap);
    va_end(ap);
    group_bad = 1;
}

static inline void end(void)
{
    if (group_bad)
        printf("not ok - %s: %s\n", group_name, group_why);
    else
        printf("ok - %s\n", group_name);
    any_bad |= group_bad;
}

/* a == b, both NAN counting as equal, within a relative tolerance */
static inline int same(double a, double b, double rel)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return fabs(a - b) <= rel * fmax(fabs(a), fabs(b));
}

/* ---- a fixed pseudo-random sequence (xorshift64*), so runs repeat ---- */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static inline double uniform01(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return ((double)((rng_state * 0x2545f4914f6cdd1du) >> 11) + 0.5) / 9007199254740992.0;
}
static inline double normal01(void)
{
    return sqrt(-2 * log(uniform01())) * cos(6.283185307179586 * uniform01());
}

#endif

/* kvline.c - reading one RESULT line's key=value words in C (see common.h),
 * for the programs that read raw files back: build/combine, and the
 * experiments' --rederive. Awk programs read them with common/kv.awk. */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *kv_value(const char *line, const char *key, size_t *len)
{
    size_t kl = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += kl)
        if (p > line && p[-1] == ' ' && p[kl] == '=') {
            if (len)
                *len = strcspn(p + kl + 1, " \n");
            return p + kl + 1;
        }
    return NULL;
}

double kv_number(const char *line, const char *key)
{
    size_t n;
    const char *v = kv_value(line, key, &n);
    char buf[64], *end;
    if (!v || n == 0 || n >= sizeof buf)
        return NAN;
    memcpy(buf, v, n);
    buf[n] = 0;
    double x = strtod(buf, &end);
    return *end || strcmp(buf, "NA") == 0 ? NAN : x;
}

long kv_list(const char *line, const char *key, double **out)
{
    size_t n;
    const char *v = kv_value(line, key, &n);
    *out = NULL;
    if (!v)
        return -1;
    long cnt = 1;
    for (size_t i = 0; i < n; i++)
        cnt += v[i] == ',';
    double *x = xmalloc((size_t)cnt * sizeof *x);
    const char *p = v;
    for (long i = 0; i < cnt; i++) {
        char *end;
        x[i] = strncmp(p, "NA", 2) == 0 ? (end = (char *)p + 2, NAN) : strtod(p, &end);
        if (end == p || (*end != ',' && end != v + n)) {
            free(x);
            return -2;
        }
        p = end + 1;
    }
    *out = x;
    return cnt;
}

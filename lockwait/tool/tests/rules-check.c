/* rules-check.c - the shared table of lock kinds (lw_kinds.h), rules of a
 * wait (lw_rules.h) and sort (lw_array.h) from the command line, for
 * tests/rules.sh:
 *   rules-check class KIND GOT ENDER_KNOWN ENDER_EXITED ENDER_ONCE END_NS EXIT_NS LOCK_WAITS
 *               [START_NS HOLD_NS LOCK_TAKES]
 *       prints the wait's class: contended, idle or join (the last three:
 *       the ender's start and its one hold, the lock's takes; 0: unknown)
 *   rules-check thread NAME TID       prints the thread's label ("-" for no name)
 *   rules-check lock KIND ADDR SITE   prints the lock's label ("-" for no site)
 *   rules-check kinds                 prints "TYPE KIND NAME ENDER" per trace type
 *   rules-check sort N...             prints the numbers in order (lw_sort) */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lw_array.h"
#include "../lw_kinds.h"
#include "../lw_rules.h"

static int kind_named(const char *name)
{
    for (int k = K_NONE + 1; k < K_NKINDS; k++)
        if (!strcmp(lw_kinds[k].name, name))
            return k;
    fprintf(stderr, "rules-check: no kind '%s'\n", name);
    exit(2);
}

static uint64_t num(const char *s)
{
    char *end;
    uint64_t v = strtoull(s, &end, 0);
    if (!*s || *end) {
        fprintf(stderr, "rules-check: not a number: '%s'\n", s);
        exit(2);
    }
    return v;
}

static int u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    char out[256];
    if ((argc == 10 || argc == 13) && !strcmp(argv[1], "class")) {
        struct lw_wait_facts f = {.kind = kind_named(argv[2]), .got = (int)num(argv[3]),
                                  .ender_known = (int)num(argv[4]), .ender_exited = (int)num(argv[5]),
                                  .ender_once = (int)num(argv[6]), .end_ns = num(argv[7]),
                                  .ender_exit_ns = num(argv[8]), .lock_waits = num(argv[9])};
        if (argc == 13) {
            f.ender_start_ns = num(argv[10]);
            f.ender_hold_ns = num(argv[11]);
            f.lock_takes = num(argv[12]);
        }
        printf("%s\n", lw_wait_class_name(lw_wait_class(&f)));
    } else if (argc == 4 && !strcmp(argv[1], "thread")) {
        lw_label_thread(strcmp(argv[2], "-") ? argv[2] : NULL, (uint32_t)num(argv[3]), out, sizeof out);
        printf("%s\n", out);
    } else if (argc == 5 && !strcmp(argv[1], "lock")) {
        lw_label_lock(kind_named(argv[2]), num(argv[3]), strcmp(argv[4], "-") ? argv[4] : NULL, out, sizeof out);
        printf("%s\n", out);
    } else if (argc == 2 && !strcmp(argv[1], "kinds")) {
        for (int t = LW_T_NONE; t <= LW_T_MAX; t++) {
            int k = lw_kind_of_type(t);
            printf("%d %d %s %s\n", t, k, lw_type_name(t), lw_kinds[k].ender);
        }
    } else if (argc >= 2 && !strcmp(argv[1], "sort")) {
        size_t n = (size_t)argc - 2;
        uint64_t *v = malloc((n ? n : 1) * sizeof *v);
        if (!v) {
            fprintf(stderr, "rules-check: out of memory\n");
            return 1;
        }
        for (size_t i = 0; i < n; i++)
            v[i] = num(argv[2 + i]);
        lw_sort(v, n, sizeof *v, u64_cmp);
        for (size_t i = 0; i < n; i++)
            printf("%s%" PRIu64, i ? " " : "", v[i]);
        printf("\n");
        free(v);
    } else {
        fprintf(stderr, "usage: rules-check class|thread|lock|kinds|sort ARGS (see the file's header)\n");
        return 2;
    }
    return 0;
}

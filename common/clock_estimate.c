/* clock_estimate - estimate the core clock from a one-cycle dependent add
 * chain. The chain is timed at N and 2N iterations and the GHz is N over the
 * difference, which cancels the fixed cost of the timer and the loop entry.
 * Best of several tries each, since interruptions only ever add time.
 * Prints "RESULT exp=clock kind=estimate ghz=G n_log2=K tries=R ratio_2n_n=X stable=0|1" on stdout. */
#include "common.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static double time_ns(uint64_t n)
{
    uint64_t t0 = now_ns();
    uint64_t x = add_chain(n);
    uint64_t t1 = now_ns();
    if (x != n)
        die("add chain returned %llu, expected %llu", (unsigned long long)x, (unsigned long long)n);
    return (double)(t1 - t0);
}

/* Best of `tries` timings of N and of 2N, interleaved, so that a slow phase
 * of the machine (a VM whose host is busy, say) hits both lengths alike
 * rather than all the N timings and none of the 2N ones. */
static void best_pair(uint64_t n, int tries, double *tn, double *t2n)
{
    for (int t = 0; t < tries; t++) {
        double a = time_ns(n), b = time_ns(2 * n);
        if (t == 0 || a < *tn)
            *tn = a;
        if (t == 0 || b < *t2n)
            *t2n = b;
    }
}

static void usage(FILE *f)
{
    fprintf(f, "usage: clock_estimate [-n LOG2] [-r TRIES]\n"
               "  Times a 1-cycle dependent add chain at 2^LOG2 and 2^(LOG2+1) iterations\n"
               "  and prints the clock in GHz as a RESULT line.\n"
               "  -n LOG2   chain length, 16..34 (default 26)\n"
               "  -r TRIES  best of TRIES timings of each length, 1..100 (default 5)\n");
}

int main(int argc, char **argv)
{
    long log2n = 26, tries = 5;
    int opt;
    opterr = 0; /* one line of our own instead of getopt's plus the usage */
    if (help_asked(argc, argv)) {
        usage(stdout);
        return 0;
    }
    while ((opt = getopt(argc, argv, "hn:r:")) != -1) {
        switch (opt) {
        case 'h': usage(stdout); return 0;
        case 'n':
            if (parse_long(optarg, 16, 34, &log2n) != 0)
                die_usage("-n %s: expected a whole number from 16 to 34", optarg);
            break;
        case 'r':
            if (parse_long(optarg, 1, 100, &tries) != 0)
                die_usage("-r %s: expected a whole number from 1 to 100", optarg);
            break;
        default:
            die_usage("unknown option or missing value '%s': expected -h, -n LOG2 or -r TRIES", getopt_bad_option(argv));
        }
    }
    if (optind != argc)
        die_usage("unexpected argument '%s' (see -h)", argv[optind]);
    uint64_t n = (uint64_t)1 << log2n;
    time_ns(n); /* warm-up: let the clock ramp up */
    /* 2N must take twice as long as N; when it does not, the machine
     * changed speed between the timings: measure again (a few times) and
     * say so if it never settles. */
    double tn = 0, t2n = 0, ratio = 0;
    int attempt, stable = 0;
    for (attempt = 1; attempt <= 5 && !stable; attempt++) {
        best_pair(n, (int)tries, &tn, &t2n);
        ratio = t2n / tn;
        stable = ratio > 1.9 && ratio < 2.1;
    }
    if (t2n <= tn)
        die("timing at 2N (%.0f ns) not above N (%.0f ns): clock estimate impossible", t2n, tn);
    if (!stable)
        fprintf(stderr, "clock_estimate: 2N/N = %.3f after %d attempts (expected 2): the machine is "
                        "changing speed; the estimate is unreliable\n", ratio, attempt - 1);
    printf("RESULT exp=clock kind=estimate ghz=%.4f n_log2=%ld tries=%ld ratio_2n_n=%.4f stable=%d\n",
           (double)n / (t2n - tn), log2n, tries, ratio, stable);
    return 0;
}

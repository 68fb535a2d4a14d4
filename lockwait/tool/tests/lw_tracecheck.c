/* lw_tracecheck.c - validates a liblockwait trace file (lockwait/tool/trace.h)
 * and counts its events, for the tests. Exits 1 on anything malformed: bad
 * header, a size that is not header + whole records, an unknown event or
 * type, non-zero padding, a zero tid, an ACQUIRE/TIMEOUT whose request time
 * (aux) is later than the event, an event after the naming records (7-13,
 * counted, not checked but for WAIT_STACKS's policy: lockwait_report reads
 * them), a WAKEUP (14) not followed by one DATA record, a HOLD_SUM (17, after
 * the events too) without a tid, lock or acquisitions, or whose flag does
 * not say what its holds_timed says, and a trace with records that does not
 * end in an END record (18) whose count and checksum match them.
 * Also prints the earliest and latest time in it (t_ns, and aux where it
 * is a time), for a test that they fall within the run's CLOCK_MONOTONIC.
 *   usage: lw_tracecheck FILE | lw_tracecheck --now (CLOCK_MONOTONIC ns)
 * stdout: "lw_tracecheck pid=P records=N dropped=D request=N acquire=N
 *          timeout=N release=N thread_start=N thread_exit=N first_ns=T
 *          last_ns=T stacks=N modules=N thread_infos=N lock_infos=N
 *          hold_site=N wait_stacks=N wakeups=N", then one line
 *         per lock: "lw_tracecheck lock=0xADDR request=N acquire=N ...",
 *         then per HOLD_SUM: "lw_tracecheck hold_sum tid=N lock=0xADDR
 *         acquisitions=N hold_ns=N holds_timed=N flags=N", then per
 *         WAKEUP: "lw_tracecheck wakeup sleep_ns=N samples=N p10_ns=N
 *         p25_ns=N median_ns=N p75_ns=N p90_ns=N". */
#include <stdlib.h>

#include "../trace.h"
#include "lw_test.h"

#define MAX_LOCKS 64
#define MAX_WAKEUPS 64

/* -h and --now: answered and exit; anything but one FILE: refused */
static void other_modes(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "-h")) {
        puts("usage: lw_tracecheck FILE | lw_tracecheck --now");
        exit(0);
    }
    if (argc == 2 && !strcmp(argv[1], "--now")) {
        printf("%llu\n", (unsigned long long)now_ns());
        exit(0);
    }
    if (argc != 2)
        die_usage("lw_tracecheck: expected one FILE");
}

/* HOLD_SUM r, the k-th, checked and kept in sums (grown) */
static struct lw_trace_record *hold_sum(struct lw_trace_record *sums, uint64_t k, const struct lw_trace_record *r,
                                        uint64_t n)
{
    int untimed = (r->stack & LW_HOLD_SUM_UNTIMED) != 0;
    if (!r->tid || !r->lock || !r->t_ns || untimed != (r->holder == 0) || (untimed && r->aux))
        die("record %llu: bad HOLD_SUM (tid %u, %llu acquisitions, %u timed, flags %u)", (unsigned long long)n,
            r->tid, (unsigned long long)r->t_ns, r->holder, r->stack);
    sums = realloc(sums, k * sizeof *sums);
    if (!sums)
        die("out of memory");
    sums[k - 1] = *r;
    return sums;
}

int main(int argc, char **argv)
{
    other_modes(argc, argv);
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        die_errno(argv[1]);
    struct lw_trace_header h;
    if (fread(&h, sizeof h, 1, f) != 1)
        die("%s: shorter than a header", argv[1]);
    if (memcmp(h.magic, LW_TRACE_MAGIC, 8) || h.version != LW_TRACE_VERSION || h.endian != LW_TRACE_ENDIAN ||
        h.record_size != sizeof(struct lw_trace_record))
        die("%s: bad header", argv[1]);
    uint64_t count[LW_EV_HOLD_SUM + 1] = {0}, hold_site = 0, n = 0, first = UINT64_MAX, last = 0;
    struct lw_trace_record *sums = NULL;
    struct { uint64_t sleep, n, median, q[4]; } wake[MAX_WAKEUPS]; /* q: p10, p25, p75, p90 */
    int wake_data = 0; /* 1: the record before was a WAKEUP, its DATA comes next */
    struct { uint64_t lock, ev[7]; } locks[MAX_LOCKS];
    int nlocks = 0;
    struct lw_trace_record r;
    size_t got;
    uint64_t sum = lw_trace_sum(LW_TRACE_SUM_START, &h, sizeof h);
    int ended = 0;
    while ((got = fread(&r, 1, sizeof r, f)) == sizeof r) {
        if (ended)
            die("record %llu: after the END record", (unsigned long long)n + 2);
        if (r.event == LW_EV_END) { /* the last: the records before it, counted and summed */
            if (r.t_ns != n || r.aux != sum)
                die("END record: %llu records, checksum %#llx; the file has %llu, %#llx", (unsigned long long)r.t_ns,
                    (unsigned long long)r.aux, (unsigned long long)n, (unsigned long long)sum);
            ended = 1;
            continue;
        }
        sum = lw_trace_sum(sum, &r, sizeof r);
        n++;
        if (wake_data && r.event != LW_EV_DATA)
            die("record %llu: a WAKEUP without its DATA record", (unsigned long long)n - 1);
        if (wake_data) {
            memcpy(wake[count[LW_EV_WAKEUP] - 1].q, &r, sizeof wake[0].q);
            wake_data = 0;
            continue;
        }
        if (r.event == LW_EV_WAKEUP) {
            if (count[LW_EV_WAKEUP] == MAX_WAKEUPS)
                die("record %llu: more than %d WAKEUP records", (unsigned long long)n, MAX_WAKEUPS);
            wake[count[LW_EV_WAKEUP]].sleep = r.t_ns;
            wake[count[LW_EV_WAKEUP]].n = r.lock;
            wake[count[LW_EV_WAKEUP]++].median = r.aux;
            wake_data = 1;
            continue;
        }
        if ((r.event >= LW_EV_STACK && r.event <= LW_EV_WAIT_STACKS) || r.event == LW_EV_HOLD_SUM) {
            count[r.event]++; /* names and facts, after the events */
            if (r.event == LW_EV_WAIT_STACKS && (r.aux == 0 || r.holder == 0 || count[r.event] > 1))
                die("record %llu: WAIT_STACKS twice, or without its policy", (unsigned long long)n);
            if (r.event == LW_EV_HOLD_SUM)
                sums = hold_sum(sums, count[r.event], &r, n);
            continue;
        }
        if (count[LW_EV_STACK] + count[LW_EV_MODULE] + count[LW_EV_THREAD_INFO] + count[LW_EV_LOCK_INFO] +
            count[LW_EV_LOCK_ONCE] + count[LW_EV_WAIT_STACKS] + count[LW_EV_HOLD_SUM] + count[LW_EV_WAKEUP])
            die("record %llu: an event after the names", (unsigned long long)n);
        int known = (r.event >= LW_EV_REQUEST && r.event <= LW_EV_THREAD_EXIT) || r.event == LW_EV_HOLD_SITE;
        if (!known || r.type > LW_T_COND || r.tid == 0)
            die("record %llu: bad event %u, type %u or tid %u", (unsigned long long)n, r.event, r.type, r.tid);
        for (int i = 0; i < 2; i++)
            if (r.pad[i])
                die("record %llu: padding not zero", (unsigned long long)n);
        if ((r.event == LW_EV_ACQUIRE || r.event == LW_EV_TIMEOUT) && (r.aux == 0 || r.aux > r.t_ns))
            die("record %llu: request time %llu not before %llu", (unsigned long long)n,
                (unsigned long long)r.aux, (unsigned long long)r.t_ns);
        if (r.event == LW_EV_HOLD_SITE) { /* aux: a code address, not a time */
            hold_site++;
            continue;
        }
        count[r.event]++;
        uint64_t lo = r.t_ns; /* the request or hold start, where aux is one */
        if (r.event == LW_EV_ACQUIRE || r.event == LW_EV_TIMEOUT || (r.event == LW_EV_RELEASE && r.aux))
            lo = r.aux < lo ? r.aux : lo;
        first = lo < first ? lo : first;
        last = r.t_ns > last ? r.t_ns : last;
        if (!r.lock)
            continue;
        int i;
        for (i = 0; i < nlocks && locks[i].lock != r.lock; i++)
            ;
        if (i == nlocks && nlocks < MAX_LOCKS) {
            memset(&locks[i], 0, sizeof locks[i]);
            locks[i].lock = r.lock;
            nlocks++;
        }
        if (i < nlocks)
            locks[i].ev[r.event]++;
    }
    if (got != 0)
        die("%s: %zu trailing bytes (not a whole record)", argv[1], got);
    if (wake_data)
        die("%s: the last WAKEUP has no DATA record", argv[1]);
    if (n && !ended)
        die("%s: no END record after its %llu records", argv[1], (unsigned long long)n);
    fclose(f);
    printf("lw_tracecheck pid=%u records=%llu dropped=%llu request=%llu acquire=%llu timeout=%llu release=%llu "
           "thread_start=%llu thread_exit=%llu first_ns=%llu last_ns=%llu stacks=%llu modules=%llu "
           "thread_infos=%llu lock_infos=%llu hold_site=%llu wait_stacks=%llu wakeups=%llu\n",
           h.pid, (unsigned long long)n, (unsigned long long)h.dropped, (unsigned long long)count[1],
           (unsigned long long)count[2], (unsigned long long)count[3], (unsigned long long)count[4],
           (unsigned long long)count[5], (unsigned long long)count[6], (unsigned long long)(n ? first : 0),
           (unsigned long long)last, (unsigned long long)count[LW_EV_STACK],
           (unsigned long long)count[LW_EV_MODULE], (unsigned long long)count[LW_EV_THREAD_INFO],
           (unsigned long long)count[LW_EV_LOCK_INFO], (unsigned long long)hold_site,
           (unsigned long long)count[LW_EV_WAIT_STACKS], (unsigned long long)count[LW_EV_WAKEUP]);
    for (int i = 0; i < nlocks; i++)
        printf("lw_tracecheck lock=%#llx request=%llu acquire=%llu timeout=%llu release=%llu\n",
               (unsigned long long)locks[i].lock, (unsigned long long)locks[i].ev[1],
               (unsigned long long)locks[i].ev[2], (unsigned long long)locks[i].ev[3],
               (unsigned long long)locks[i].ev[4]);
    for (uint64_t i = 0; i < count[LW_EV_HOLD_SUM]; i++)
        printf("lw_tracecheck hold_sum tid=%u lock=%#llx acquisitions=%llu hold_ns=%llu holds_timed=%u flags=%u\n",
               sums[i].tid, (unsigned long long)sums[i].lock, (unsigned long long)sums[i].t_ns,
               (unsigned long long)sums[i].aux, sums[i].holder, sums[i].stack);
    for (uint64_t i = 0; i < count[LW_EV_WAKEUP]; i++)
        printf("lw_tracecheck wakeup sleep_ns=%llu samples=%llu p10_ns=%llu p25_ns=%llu median_ns=%llu p75_ns=%llu "
               "p90_ns=%llu\n", (unsigned long long)wake[i].sleep, (unsigned long long)wake[i].n,
               (unsigned long long)wake[i].q[0], (unsigned long long)wake[i].q[1],
               (unsigned long long)wake[i].median, (unsigned long long)wake[i].q[2], (unsigned long long)wake[i].q[3]);
    free(sums);
    return 0;
}

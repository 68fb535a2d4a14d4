/* report-tracegen.c - lockwait_tracegen: synthetic lockwait traces for the
 * report's tests and benchmark, written in the library's layout (trace.h:
 * header, then each thread's records in time order, thread after thread,
 * and the END record that says the trace is whole).
 *   known OUT      A holds L from 0 to 30 ms while B waits (B asked at 0),
 *                  then B works until 50 ms: the critical path is A's
 *                  critical section (30 ms) then B's work (20 ms)
 *   chain OUT      C waits on M held by B, while B waits on L held by A:
 *                  the path must go C -> B -> A and back
 *   points OUT     the holds' starts not timed (aux 0, as the library does for
 *                  most holds): A releases L at 10 ms, B (waiting since 0)
 *                  at 20 ms, C (waiting since 0) works from 20 to 30 ms: C
 *                  waited 10 ms behind A, then 10 ms behind B (the starts of
 *                  A's and B's holds come from B's REQUEST and B's ACQUIRE)
 *   sem OUT        W waits on a semaphore from 0; P posts at 10 ms; W runs
 *                  at 10.5 ms: 10 ms behind P, then 0.5 ms of handoff
 *   bench N OUT    about N records: 8 threads handing 4 mutexes around
 *                  (one hold in 64 timed, as the library samples them)
 *   convoy T R OUT T threads take one mutex in turn, R rounds, each hold
 *                  1 us and timed, the next starting as it ends: every wait
 *                  spans the other T-1 threads' holds (thread B, the B-th
 *                  from 0, blocks waiters for (R(T-1) - B) us in all)
 *   text IN OUT    one record per line: T_NS EVENT TID LOCK AUX HOLDER TYPE
 *                  (EVENT, TYPE as numbers from trace.h; LOCK hex); a DATA
 *                  line (EVENT 8) goes with the record before it, whatever
 *                  its TID field (payload bytes 24-27) says */
#include "common.h"
#include "../trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f, "usage: lockwait_tracegen [-h] known OUT | chain OUT | points OUT | sem OUT |\n"
               "                         bench N OUT | convoy T R OUT | text IN OUT\n"
               "  writes a synthetic lockwait trace (see the comment in report-tracegen.c)\n");
}

struct buf { struct lw_trace_record *r; size_t n, cap; };
#define NT 8
static struct buf bufs[NT];

static void ev(int t, uint64_t ts, int event, uint32_t tid, uint64_t lock, uint64_t aux, uint32_t holder,
               int type)
{
    struct buf *b = &bufs[t];
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 1024;
        b->r = realloc(b->r, b->cap * sizeof *b->r);
        if (!b->r)
            die("out of memory");
    }
    struct lw_trace_record r = {ts, lock, aux, tid, holder, (uint8_t)event, (uint8_t)type, {0}, 0};
    b->r[b->n++] = r;
}

/* out, created with the trace header written; the records follow */
static FILE *open_trace(const char *out)
{
    FILE *f = fopen(out, "wb");
    if (!f)
        die_errno(out);
    struct lw_trace_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, LW_TRACE_MAGIC, 8);
    h.version = LW_TRACE_VERSION;
    h.endian = LW_TRACE_ENDIAN;
    h.record_size = sizeof(struct lw_trace_record);
    h.pid = 4242;
    if (fwrite(&h, sizeof h, 1, f) != 1)
        die_errno(out);
    return f;
}

/* out, written and closed: its END record appended (count and checksum of
 * the header and every record, as the library ends a trace) */
static void seal(const char *out)
{
    FILE *f = fopen(out, "r+b");
    struct lw_trace_header h;
    if (!f || fread(&h, sizeof h, 1, f) != 1)
        die_errno(out);
    struct lw_trace_record r, end = {.event = LW_EV_END};
    uint64_t sum = lw_trace_sum(LW_TRACE_SUM_START, &h, sizeof h);
    for (; fread(&r, sizeof r, 1, f) == 1; end.t_ns++)
        sum = lw_trace_sum(sum, &r, sizeof r);
    end.aux = sum;
    if (ferror(f) || fseek(f, 0, SEEK_END) != 0 || fwrite(&end, sizeof end, 1, f) != 1 || fclose(f) != 0)
        die_errno(out);
}

static void write_trace(const char *out)
{
    FILE *f = open_trace(out);
    for (int t = 0; t < NT; t++)
        if (bufs[t].n && fwrite(bufs[t].r, sizeof *bufs[t].r, bufs[t].n, f) != bufs[t].n)
            die_errno(out);
    if (fclose(f) != 0)
        die_errno(out);
    seal(out);
}

/* convoy: written thread after thread, each in time order, as the library does */
static void convoy(long nt, long rounds, const char *out)
{
    const uint64_t T0 = 1000000000ull, U = 1000, L = 0x1000;
    FILE *f = open_trace(out);
    for (long i = 0; i < nt; i++) {
        uint32_t tid = 2000 + (uint32_t)i, prev = 2000 + (uint32_t)((i + nt - 1) % nt);
        uint64_t asked = T0; /* round 0: everyone asks at once */
        struct lw_trace_record r[3];
        struct lw_trace_record st = {T0, 0, 1999, tid, 0, LW_EV_THREAD_START, LW_T_NONE, {0}, 0};
        if (fwrite(&st, sizeof st, 1, f) != 1)
            die_errno(out);
        for (long k = 0; k < rounds; k++) {
            uint64_t s = T0 + (uint64_t)(k * nt + i) * U; /* this thread's turn */
            r[0] = (struct lw_trace_record){asked, L, 0, tid, i || k ? prev : 0, LW_EV_REQUEST, LW_T_MUTEX, {0}, 0};
            r[1] = (struct lw_trace_record){s, L, asked, tid, 0, LW_EV_ACQUIRE, LW_T_MUTEX, {0}, 0};
            r[2] = (struct lw_trace_record){s + U, L, s, tid, 0, LW_EV_RELEASE, LW_T_MUTEX, {0}, 0};
            if (fwrite(r, sizeof r[0], 3, f) != 3)
                die_errno(out);
            asked = s + U; /* asks again at once */
        }
        struct lw_trace_record ex = {asked, 0, 0, tid, 0, LW_EV_THREAD_EXIT, LW_T_NONE, {0}, 0};
        if (fwrite(&ex, sizeof ex, 1, f) != 1)
            die_errno(out);
    }
    if (fclose(f) != 0)
        die_errno(out);
    seal(out);
}

#define MS 1000000ull
/* the fixed scenarios start at 1 s and use two locks, L and M */
static const uint64_t T0 = 1000 * MS, L = 0x1000, M = 0x2000;

/* known: see the comment at the top */
static void scenario_known(void)
{
    /* main (tid 100) starts A (101) and B (102) at T0 */
    ev(0, T0, LW_EV_THREAD_START, 101, 0, 100, 0, LW_T_NONE);
    ev(0, T0 + 30 * MS, LW_EV_RELEASE, 101, L, T0, 0, LW_T_MUTEX);
    ev(0, T0 + 30 * MS, LW_EV_THREAD_EXIT, 101, 0, 0, 0, LW_T_NONE);
    ev(1, T0, LW_EV_THREAD_START, 102, 0, 100, 0, LW_T_NONE);
    ev(1, T0, LW_EV_REQUEST, 102, L, 0, 101, LW_T_MUTEX);
    ev(1, T0 + 30 * MS, LW_EV_ACQUIRE, 102, L, T0, 0, LW_T_MUTEX);
    ev(1, T0 + 50 * MS, LW_EV_THREAD_EXIT, 102, 0, 0, 0, LW_T_NONE);
}

/* chain: see the comment at the top */
static void scenario_chain(void)
{
    /* A holds L 0..40 ms; B holds M from 5 ms and waits for L 10..40 ms,
     * releases M at 45 ms; C waits for M 20..45 ms, then works to 60 ms */
    ev(0, T0 + 40 * MS, LW_EV_RELEASE, 201, L, T0, 0, LW_T_MUTEX);
    ev(0, T0 + 41 * MS, LW_EV_THREAD_EXIT, 201, 0, 0, 0, LW_T_NONE);
    ev(1, T0 + 10 * MS, LW_EV_REQUEST, 202, L, 0, 201, LW_T_MUTEX);
    ev(1, T0 + 40 * MS, LW_EV_ACQUIRE, 202, L, T0 + 10 * MS, 0, LW_T_MUTEX);
    ev(1, T0 + 45 * MS, LW_EV_RELEASE, 202, M, T0 + 5 * MS, 0, LW_T_MUTEX);
    ev(1, T0 + 46 * MS, LW_EV_THREAD_EXIT, 202, 0, 0, 0, LW_T_NONE);
    ev(2, T0 + 20 * MS, LW_EV_REQUEST, 203, M, 0, 202, LW_T_MUTEX);
    ev(2, T0 + 45 * MS, LW_EV_ACQUIRE, 203, M, T0 + 20 * MS, 0, LW_T_MUTEX);
    ev(2, T0 + 60 * MS, LW_EV_THREAD_EXIT, 203, 0, 0, 0, LW_T_NONE);
}

/* points: see the comment at the top */
static void scenario_points(void)
{
    ev(0, T0 + 10 * MS, LW_EV_RELEASE, 301, L, 0, 0, LW_T_MUTEX);
    ev(0, T0 + 11 * MS, LW_EV_THREAD_EXIT, 301, 0, 0, 0, LW_T_NONE);
    ev(1, T0, LW_EV_REQUEST, 302, L, 0, 301, LW_T_MUTEX);
    ev(1, T0 + 10 * MS, LW_EV_ACQUIRE, 302, L, T0, 0, LW_T_MUTEX);
    ev(1, T0 + 20 * MS, LW_EV_RELEASE, 302, L, 0, 0, LW_T_MUTEX);
    ev(1, T0 + 21 * MS, LW_EV_THREAD_EXIT, 302, 0, 0, 0, LW_T_NONE);
    ev(2, T0, LW_EV_REQUEST, 303, L, 0, 301, LW_T_MUTEX);
    ev(2, T0 + 20 * MS, LW_EV_ACQUIRE, 303, L, T0, 0, LW_T_MUTEX);
    ev(2, T0 + 30 * MS, LW_EV_THREAD_EXIT, 303, 0, 0, 0, LW_T_NONE);
}

/* sem: see the comment at the top */
static void scenario_sem(void)
{
    ev(0, T0 + 10 * MS, LW_EV_RELEASE, 401, L, 0, 401, LW_T_SEM);
    ev(0, T0 + 20 * MS, LW_EV_THREAD_EXIT, 401, 0, 0, 0, LW_T_NONE);
    ev(1, T0, LW_EV_REQUEST, 402, L, 0, 0, LW_T_SEM);
    ev(1, T0 + 10 * MS + MS / 2, LW_EV_ACQUIRE, 402, L, T0, 0, LW_T_SEM);
    ev(1, T0 + 30 * MS, LW_EV_THREAD_EXIT, 402, 0, 0, 0, LW_T_NONE);
}

/* bench N: about N records */
static void scenario_bench(long n)
{
    /* each handoff: the waiter's REQUEST, the holder's RELEASE, the
     * waiter's ACQUIRE; lock k is handed from thread to thread */
    uint64_t t = T0, x = 1;
    int holder[4] = {0, 1, 2, 3};
    uint64_t since[4] = {T0, T0, T0, T0};
    for (long i = 0; i + 3 <= n; i += 3) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        int k = (int)(x >> 60) & 3, w = (holder[k] + 1 + (int)((x >> 40) % (NT - 1))) % NT;
        uint64_t lock = 0x10000 + 64 * (uint64_t)k;
        t += 200 + (x >> 52) % 400;
        ev(w, t, LW_EV_REQUEST, 1000 + (uint32_t)w, lock, 0, 1000 + (uint32_t)holder[k], LW_T_MUTEX);
        /* like the library, time one hold in 64; the rest say 0 */
        ev(holder[k], t + 300, LW_EV_RELEASE, 1000 + (uint32_t)holder[k], lock,
           i % (3 * 64) == 0 ? since[k] : 0, 0, LW_T_MUTEX);
        ev(w, t + 350, LW_EV_ACQUIRE, 1000 + (uint32_t)w, lock, t, 0, LW_T_MUTEX);
        holder[k] = w;
        since[k] = t + 350;
        t += 400; /* keeps each thread's waits apart in time */
    }
}

/* text IN: records from a text file */
static void scenario_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die_errno(path);
    uint64_t ts, lock, aux;
    unsigned event, tid, holder, type;
    int r, line = 0, s = 0;
    uint32_t tids[NT] = {0};
    /* input: T_NS EVENT TID LOCK(hex) AUX HOLDER TYPE */
    while ((r = fscanf(f, "%" SCNu64 " %u %u %" SCNx64 " %" SCNu64 " %u %u", &ts, &event, &tid,
                       &lock, &aux, &holder, &type)) == 7) {
        line++;
        if (event != LW_EV_DATA || line == 1) {
            s = 0;
            while (s < NT && tids[s] && tids[s] != tid)
                s++;
            if (s == NT)
                die("%s: more than %d threads", path, NT);
            tids[s] = tid;
        }
        ev(s, ts, (int)event, tid, lock, aux, holder, (int)type);
    }
    if (r != EOF)
        die("%s: line %d: expected T_NS EVENT TID LOCK AUX HOLDER TYPE", path, line + 1);
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc == 2 && help_asked(argc, argv)) {
        usage(stdout);
        return 0;
    }
    static const struct {
        const char *name;
        void (*run)(void);
    } fixed[] = {{"known", scenario_known}, {"chain", scenario_chain}, {"points", scenario_points},
                 {"sem", scenario_sem}};
    int found = 0;
    for (size_t i = 0; argc == 3 && i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcmp(argv[1], fixed[i].name) == 0) {
            fixed[i].run();
            found = 1;
        }
    if (argc == 4 && strcmp(argv[1], "bench") == 0) {
        long n;
        if (parse_long(argv[2], 1, 1000000000, &n) != 0)
            die_usage("N %s: expected a whole number from 1 to 1000000000", argv[2]);
        scenario_bench(n);
        found = 1;
    } else if (argc == 5 && strcmp(argv[1], "convoy") == 0) {
        long nt, rounds;
        if (parse_long(argv[2], 2, 100000, &nt) != 0 || parse_long(argv[3], 1, 1000000, &rounds) != 0)
            die_usage("convoy %s %s: expected T from 2 to 100000 and R from 1 to 1000000", argv[2], argv[3]);
        convoy(nt, rounds, argv[4]);
        return 0;
    } else if (argc == 4 && strcmp(argv[1], "text") == 0) {
        scenario_text(argv[2]);
        found = 1;
    }
    if (!found) {
        usage(stderr);
        return EXIT_USAGE;
    }
    write_trace(argv[argc - 1]);
    return 0;
}

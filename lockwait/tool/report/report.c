/* report.c - lockwait_report: the critical path and the wait-block view of a
 * lockwait event trace (lockwait --trace FILE; format in trace.h).
 *
 * Model. Every thread is running except during its contended waits
 * [request, acquire] (ACQUIRE/TIMEOUT carry the request time). Every hold
 * that ends while someone waits has a RELEASE; its start is in aux when the
 * library timed it, else inferred (infer_hold_starts). Each wait is cut into
 * pieces, each with the thread that kept it waiting:
 *   holder   the lock was held by that thread (of overlapping holds, as with
 *            rwlock readers, each moment goes to the earliest-started one)
 *   releaser no timed hold covers the moment (the library times a sample
 *            of holds; semaphores and condvars have no holder): the thread
 *            whose release ends the stretch since the previous release
 *   hint     nothing released: the holder the REQUEST event named
 *   handoff  the lock was free and the waiter not yet running again
 *   unknown  none of the above
 * Critical path (the active-path idea of the paper): start at the end of the
 * last thread to finish and walk back in time; running time belongs to the
 * thread itself (split into critical sections of the locks it held and plain
 * work); a wait piece with a thread behind it is replaced by that thread's own
 * path over the same interval, recursively; handoff and unknown pieces stay
 * on the waiter. A thread's time before its THREAD_START is its creator's.
 * Wait blocks: blocked time per (waiter, lock, blocker), or summed over the
 * waiters (report_pieces.c). The manual's "The trace reader" says more.
 * This file: options, the model's steps (report_model.h) and the views
 * (report_views.h names their files). */
#define _GNU_SOURCE
#include "common.h"
#include "report_model.h"
#include "report_util.h"
#include "report_views.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>

static void usage(FILE *f)
{
    fprintf(f,
        "usage: lockwait_report [-h] [-f] [-s] [-n TOP] [-W FILE] [-j FILE] [-c FILE]\n"
        "                       [--locked-min N] [--contended-min N] [--sort ORDER]\n"
        "                       [--what-if FACTOR]... [--lock LABEL] TRACE\n"
        "  Reads a lockwait trace (lockwait --trace FILE) and prints RESULT lines:\n"
        "    kind=critpath         span, path length, and its split: work, critical\n"
        "                          sections (cs), lock waits, handoffs, idle (waiting for\n"
        "                          work or results with no thread to follow)\n"
        "    kind=critpath_thread  path time per thread;  kind=critpath_lock  per lock\n"
        "    kind=blame            the contended waits charged to the holder's acquire\n"
        "                          site and stack (top N), with its share of the lock's\n"
        "                          waits (site=handoff: waking after the release)\n"
        "    kind=waitblock        blocked time per waiter, lock and blocker (top N); a\n"
        "                          lock with more than 64 blockers: per blocker, summed\n"
        "                          over its waiters (waiter=*); blocker=idle: a condvar or\n"
        "                          semaphore wait no signal or post ended\n"
        "  The path does not blame idle waits (a condvar wait that timed out or woke\n"
        "  without a signal, a semaphore wait that timed out) on a lock: it follows the\n"
        "  thread that next signals or posts what the idle thread waited for.\n"
        "  -f        print only folded lines 'thread;frame;...;frame;lock NS' (flame graph\n"
        "            input; no other option goes with it): the wait time per thread, stack\n"
        "            (outermost frame first) and lock; frames and locks named from the\n"
        "            symbols of the files the trace lists (read on the machine that wrote\n"
        "            it); without stacks (a version-1 trace, LOCKWAIT_STACK_DEPTH=0):\n"
        "            'thread;lock NS'\n"
        "  -s        also print the path itself: kind=critpath_seg, times from trace start\n"
        "  -n TOP    waitblock and blame lines to print, largest first (default 20;\n"
        "            0 = all); the summary on stderr shows up to 5 of each, no more than TOP\n"
        "  -W FILE   windows file ('request TID START_NS END_NS' and 'compile TID S E',\n"
        "            lockwait_workload -W): prints kind=tail for the requests: time spent\n"
        "            compiling, blocked on the lock most blocked behind compiles, and blocked\n"
        "            while the holder was compiling; lock_share = (compiling + lock wait) /\n"
        "            latency, compile_share = (compiling + behind a compile) / latency\n"
        "  -j FILE   also write the trace as Chrome trace-event JSON (Perfetto,\n"
        "            ui.perfetto.dev, or chrome://tracing): a track per thread with its\n"
        "            holds and waits (idle waits and joins named so), and flow arrows from the thread\n"
        "            that kept each wait waiting to the waiter; times in microseconds\n"
        "  -c FILE   also write a CSV: a row per lock (record=lock: waits, wait and idle\n"
        "            time, holds in the trace, time on the critical path, joins) and per lock and\n"
        "            wait stack (record=stack: its frames, waits, total and max wait)\n"
        "            (-j, -c: written beside FILE, then renamed over it: a failed write\n"
        "            leaves FILE as it was; a FIFO or device is written as it is)\n"
        "  --locked-min N     leave out locks with fewer than N holds in the trace\n"
        "                     (waitblock, critpath_lock and CSV lines; default 0)\n"
        "  --contended-min N  leave out locks with fewer than N contended waits (same)\n"
        "  --sort ORDER       order of the waitblock lines and the summary: wait (total\n"
        "                     blocked time, the default), count (pieces), lock (address)\n"
        "  --what-if FACTOR   also replay the trace with the holds of each of the top\n"
        "                     locks by contended wait (up to TOP) scaled by FACTOR, a\n"
        "                     decimal from 0 to 1 (0.5: halved, 0: removed); give it\n"
        "                     up to 8 times for several factors (--what-if 0.5\n"
        "                     --what-if 0; a repeat counts once): kind=whatif lines\n"
        "                     with the observed and the predicted wall time, and a\n"
        "                     sentence per lock\n"
        "  --lock LABEL       replay only this lock: its label as kind=whatif prints it\n"
        "                     (its symbol where there is one) or its address 0xADDR\n"
        "  TRACE may be a pipe (read whole, up to a quarter of the memory). A human\n"
        "  summary goes to stderr. A file that is not a whole, native-byte-order lockwait\n"
        "  trace (a device, say) is refused with exit status 2, and so are -j/-c files\n"
        "  that are the trace, the -W file or each other, before anything is written.\n");
}

#define MAX_FACTORS 8

struct opts {
    int folded, show_segs, order; /* order: 0 wait, 1 count, 2 lock */
    int tuned;                    /* -n, --sort or a --*-min given: options -f has no use for */
    long top;
    const char *wpath, *json, *csv;
    struct select sel;
    double factors[MAX_FACTORS]; /* --what-if */
    size_t nfactors;
    const char *lock; /* --lock */
};

/* option opt's value v, a whole number from 0 to 1000000000; what: how the message names it ("TOP, " or "") */
static long parse_count(const char *opt, const char *what, const char *v)
{
    long n;
    if (parse_long(v, 0, 1000000000, &n) != 0)
        die_usage("%s %s: expected %sa whole number from 0 to 1000000000", opt, v, what);
    return n;
}

/* a --what-if FACTOR: a plain decimal from 0 to 1 (no sign, exponent or locale) */
static double parse_factor(const char *v)
{
    size_t digits = strspn(v, "0123456789"), frac = 0;
    if (v[digits] == '.')
        frac = strspn(v + digits + 1, "0123456789");
    int whole = digits + frac > 0 && v[digits + (v[digits] == '.' ? 1 + frac : 0)] == 0;
    double f = whole ? strtod(v, NULL) : -1;
    if (!whole || f < 0 || f > 1)
        die_usage("--what-if %s: expected FACTOR, a decimal from 0 to 1 such as 0.5 or 0", v);
    return f;
}

static void parse_opts(int argc, char **argv, struct opts *o)
{
    static const struct option longs[] = {{"locked-min", required_argument, NULL, 'L'},
                                          {"contended-min", required_argument, NULL, 'C'},
                                          {"sort", required_argument, NULL, 'O'},
                                          {"what-if", required_argument, NULL, 'F'},
                                          {"lock", required_argument, NULL, 'K'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, ":hfsn:W:j:c:", longs, NULL)) != -1) {
        o->tuned |= c == 'n' || c == 'L' || c == 'C' || c == 'O';
        switch (c) {
        case 'h': usage(stdout); exit(0);
        case 'f': o->folded = 1; break;
        case 's': o->show_segs = 1; break;
        case 'n': o->top = parse_count("-n", "TOP, ", optarg); break;
        case 'W': o->wpath = optarg; break;
        case 'j': o->json = optarg; break;
        case 'c': o->csv = optarg; break;
        case 'L': o->sel.locked_min = (uint64_t)parse_count("--locked-min", "", optarg); break;
        case 'C': o->sel.contended_min = (uint64_t)parse_count("--contended-min", "", optarg); break;
        case 'O':
            o->order = !strcmp(optarg, "wait") ? 0 : !strcmp(optarg, "count") ? 1 : !strcmp(optarg, "lock") ? 2 : -1;
            if (o->order < 0)
                die_usage("--sort %s: expected wait, count or lock", optarg);
            break;
        case 'F': {
            /* a repeat counts once: it printed its lines and its phrase twice */
            double f = parse_factor(optarg);
            size_t i = 0;
            while (i < o->nfactors && o->factors[i] != f)
                i++;
            if (i < o->nfactors)
                break;
            if (o->nfactors == MAX_FACTORS)
                die_usage("--what-if: at most %d factors", MAX_FACTORS);
            o->factors[o->nfactors++] = f;
            break;
        }
        case 'K': o->lock = optarg; break;
        case ':': die_usage("%s needs a value (see -h)", argv[optind - 1]);
        default: /* optopt: the unknown letter of "-fx"; 0 for an unknown long option */
            if (optopt)
                die_usage("unknown option '-%c' (see -h)", optopt);
            die_usage("unknown option '%s' (see -h)", argv[optind - 1]);
        }
    }
    if (optind != argc - 1)
        die_usage("expected one TRACE file, got %d arguments (see -h)", argc - optind);
    if (o->folded && (o->show_segs || o->wpath || o->json || o->csv || o->tuned || o->nfactors))
        die_usage("-f prints only the folded lines: it takes none of -s, -n, -W, -j, -c, --sort, "
                  "--locked-min, --contended-min, --what-if (run lockwait_report again for those)");
    if (o->lock && !o->nfactors)
        die_usage("--lock %s: goes with --what-if FACTOR (the lock whose holds to scale)", o->lock);
}

static int by_count(const void *a, const void *b)
{
    const struct block *x = a, *y = b; /* the most pieces first, then the most time */
    return x->n != y->n ? CMP(y->n, x->n) : CMP(y->ns, x->ns);
}

/* bl[0..n) (largest first) by their locks' addresses, stably: the largest
 * first within a lock */
static void sort_by_address(const struct model *m, struct block *bl, size_t n)
{
    struct addressed { uint64_t addr; struct block b; } *v = zalloc(n, sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = (struct addressed){m->lk[bl[i].lock].addr, bl[i]};
    sort_by_key(v, n, sizeof *v);
    for (size_t i = 0; i < n; i++)
        bl[i] = v[i].b;
    free(v);
}

/* the wait blocks of the selected locks, in the asked order (wait_blocks:
 * largest first), the idle ones (waiting for work, not for a lock) last */
static size_t select_blocks(const struct model *m, struct block *bl, size_t nb, const struct opts *o)
{
    size_t k = 0, nidle = 0;
    struct block *idle = zalloc(nb, sizeof *idle);
    for (size_t i = 0; i < nb; i++)
        if (!lock_selected(m, bl[i].lock, &o->sel))
            continue;
        else if (block_class(m, &bl[i]) != LW_WAIT_CONTENDED)
            idle[nidle++] = bl[i];
        else
            bl[k++] = bl[i];
    if (o->order == 1 && k)
        qsort(bl, k, sizeof *bl, by_count);
    else if (o->order == 2)
        sort_by_address(m, bl, k);
    if (nidle) /* bl is NULL when there are no blocks */
        memcpy(bl + k, idle, nidle * sizeof *idle);
    free(idle);
    return k + nidle;
}

/* what the model holds: linear in the records (a test checks it), and what is missing */
static void model_summary(const struct model *m)
{
    fprintf(stderr, "lockwait_report: model: %zu records, %zu waits, %zu holds, %zu timeline segments, "
            "%zu waits with pieces of their own (%zu pieces); wait blocks per waiter on %zu locks, "
            "summed over waiters on %zu\n", m->nrec, m->mstat.waits, m->mstat.holds, m->mstat.tsegs, m->mstat.own_waits,
            m->mstat.own_pieces, m->mstat.joint_locks, m->mstat.summed_locks);
    if (m->mstat.clipped)
        fprintf(stderr, "lockwait_report: model: %zu holds of exclusive locks began before another hold's end "
                "(a start inferred from a waiter's view of the holder, or clocks of two CPUs apart): "
                "moved to that end\n", m->mstat.clipped);
    if (!m->mstat.waits) /* a program without contention, or a process of it that had none */
        fprintf(stderr, "lockwait_report: %s: pid %" PRIu32 " waited for no lock (no contended events)\n",
                m->path, m->hdr.pid);
    uint64_t first, every, reused;
    if (meta_wait_stacks(m, &first, &every, &reused))
        fprintf(stderr, "lockwait_report: stacks of waits were sampled per thread and call site (with its caller): "
                "the first %" PRIu64 " waits and 1 in %" PRIu64 " after walked; the other %" PRIu64 " waits carry "
                "the stack last walked there\n", first, every, reused);
    if (m->hdr.dropped)
        fprintf(stderr, "warning: the trace lost %" PRIu64 " records to full buffers; the path "
                "may be incomplete\n", m->hdr.dropped);
}

int main(int argc, char **argv)
{
    struct opts o = {.top = 20};
    static struct model model; /* static: what it holds is freed by the exit, and reachable until then */
    struct model *m = &model;
    struct windows *windows = NULL;
    parse_opts(argc, argv, &o);
    model_init(m, argv[optind]);
    export_check_outputs(m->path, o.wpath, o.json, o.csv);
    if (o.wpath) /* before any output: a bad file must not follow a report */
        windows = tail_read(o.wpath);
    load(m);
    meta_load(m);
    build(m);
    attribute_waits(m);
    classify_waits(m);
    uint32_t lock = NOBODY;
    if (o.lock) /* before any output: a bad --lock must not follow a report */
        lock = what_if_lock_named(m, o.lock);
    if (o.folded) {
        print_folded(m);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    size_t nb;
    struct block *bl = wait_blocks(m, &nb);
    critical_path(m);
    print_path(m);
    model_summary(m);
    nb = select_blocks(m, bl, nb, &o);
    say_blocks(m, bl, nb, o.top);
    print_shares(m, bl, nb, o.top, &o.sel);
    blame(m, o.top, &o.sel);
    if (o.show_segs)
        print_segs(m);
    if (windows) { /* a tid the trace lacks becomes a thread of its own, as before the views that follow */
        tail_threads(m, windows);
        tail_windows(m, windows);
    }
    if (o.nfactors)
        what_if(m, o.factors, o.nfactors, lock, o.top);
    if (o.json)
        export_chrome(m, o.json);
    if (o.csv)
        export_csv(m, o.csv, &o.sel);
    free(bl);
    return fflush(stdout) == 0 ? 0 : 1;
}

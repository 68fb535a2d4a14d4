/* lw_interval.c - reports while the program runs: every LOCKWAIT_INTERVAL
 * seconds, and at LOCKWAIT_DUMP_SIGNAL (the manual: -i, --dump-signal).
 * Each covers the time since the previous one (maxima: since the start).
 * The counters are not reset, as each thread writes its own with plain
 * stores that a reset from another thread would lose: a report merges the
 * cumulative counts and subtracts a copy kept from the previous periodic
 * report (struct lw_snap); the atomic per-thread totals are reduced by what
 * was shown. The reports are written by a thread of the library's own with
 * every signal blocked; a dump signal's handler only posts the semaphore it
 * waits on. Every report, at exit and at a signal too, runs one at a time
 * (lw_report_now). */
#define _GNU_SOURCE
#include <errno.h>
#include <locale.h>
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lw_interval.h"
#include "lw_account.h"
#include "lw_stacks.h"
#include "clock.h"
#include "lw_core.h"
#include "lw_output.h"
#include "lw_real.h"
#include "lw_record.h"
#include "lw_report.h"
#include "lw_signals.h"

struct lw_snap {
    struct lw_lock rec;
    struct lw_detail d;
};

static int periodic_reports; /* written by the reporting thread only */
static _Atomic int reporting;
static sem_t wake;
static int wake_ok;
/* the reports' numbers in the C locale whatever the program chose (a
 * decimal comma), on the reporting thread only; made at start, as newlocale
 * may allocate and a report may run in a signal handler */
static locale_t c_locale;

/* the record fields the merge fills: every au64 from `acquisitions` up to
 * `waiting` (a live count, never zeroed or subtracted here) */
#define MERGED_FIRST offsetof(struct lw_lock, acquisitions)
#define MERGED_N ((offsetof(struct lw_lock, waiting) - MERGED_FIRST) / sizeof(au64))
_Static_assert((offsetof(struct lw_lock, waiting) - offsetof(struct lw_lock, acquisitions)) % sizeof(au64) == 0,
               "the merged counters are whole au64s");

static au64 *merged(struct lw_lock *r)
{
    return (au64 *)(void *)((char *)r + MERGED_FIRST);
}

void lw_records_zero(void)
{
    for (struct lw_lock *r = lw_records(); r; r = r->next) {
        au64 *m = merged(r);
        for (size_t k = 0; k < MERGED_N; k++)
            if (LD(m[k])) /* a store copies the page in a fork's child: only where needed */
                ST(m[k], 0);
        struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
        if (d)
            memset(d, 0, sizeof *d); /* only the reporting thread reads or writes details */
    }
}

/* a maximum is kept whole; everything else merged is a sum */
static int is_max(size_t k)
{
    size_t off = MERGED_FIRST + k * sizeof(au64);
    return off == offsetof(struct lw_lock, max_hold_ns) || off == offsetof(struct lw_lock, max_wait_ns);
}

#define SUB(x, y) ST(x, LD(x) - LD(y))

/* d's sums less those of s's slot with the same key (the maxima stay) */
static void sub_keyed(struct lw_keyed *d, struct lw_keyed *s, int n)
{
    for (int p = 0; p < n; p++)
        for (int q = 0; q < n && LD(d[p].key); q++)
            if (LD(s[q].key) == LD(d[p].key)) {
                SUB(d[p].ns, s[q].ns);
                SUB(d[p].n, s[q].n);
            }
}

/* d -= s for the sums of a detail, keyed parts matched by key */
static void detail_sub(struct lw_detail *d, struct lw_detail *s)
{
    for (int h = 0; h < LW_HIST; h++)
        SUB(d->hist[h], s->hist[h]);
    sub_keyed(d->pair, s->pair, LW_PAIRS);
    sub_keyed(d->site, s->site, LW_SITES);
    sub_keyed(d->bh.site, s->bh.site, LW_SITES);
    SUB(d->other_pairs_ns, s->other_pairs_ns);
    SUB(d->other_sites_ns, s->other_sites_ns);
    SUB(d->reacquire_ns, s->reacquire_ns);
    SUB(d->bh.n, s->bh.n);
    SUB(d->bh.ns, s->bh.ns);
    SUB(d->bh.other_sites_n, s->bh.other_sites_n);
    SUB(d->bh.other_sites_ns, s->bh.other_sites_ns);
}

/* record r's merged counters (cumulative) become "since the last periodic
 * report"; with keep, the cumulative ones are kept for the next */
static void record_since(struct lw_lock *r, int keep)
{
    struct lw_snap cur, *s = r->snap;
    struct lw_detail *d = atomic_load_explicit(&r->detail, memory_order_acquire);
    if (keep) {
        memcpy(&cur.rec, r, sizeof *r);
        if (d)
            memcpy(&cur.d, d, sizeof *d);
        else
            memset(&cur.d, 0, sizeof cur.d);
    }
    if (s) {
        au64 *m = merged(r), *b = merged(&s->rec);
        for (size_t k = 0; k < MERGED_N; k++)
            if (!is_max(k))
                SUB(m[k], b[k]);
        if (d)
            detail_sub(d, &s->d);
    }
    if (keep) {
        if (!s)
            s = r->snap = lw_alloc(sizeof *s);
        if (s)
            memcpy(s, &cur, sizeof cur);
    }
}

void lw_interval_before(int why)
{
    if (periodic_reports == 0 && why != LW_AT_INTERVAL)
        return; /* no earlier periodic report: the cumulative counts are the answer */
    for (struct lw_lock *r = lw_records(); r; r = r->next)
        record_since(r, why == LW_AT_INTERVAL);
    for (struct lw_thread *t = lw_threads(); t; t = t->next) {
        t->dumped[0] = LD(t->waits);
        t->dumped[1] = LD(t->blocked_ns);
        t->dumped[2] = LD(t->probed_ns);
        t->dumped[3] = LD(t->sleep_ns);
    }
    for (struct lw_lstack *s = lw_lstacks(); s; s = s->next) {
        s->dumped[0] = LD(s->n);
        s->dumped[1] = LD(s->timeouts);
        s->dumped[2] = LD(s->wait_ns);
    }
}

void lw_interval_after(int why)
{
    if (why != LW_AT_INTERVAL)
        return;
    periodic_reports++;
    /* atomic counters: take away exactly what was shown */
    for (struct lw_thread *t = lw_threads(); t; t = t->next) {
        ADD(t->waits, -t->dumped[0]);
        ADD(t->blocked_ns, -t->dumped[1]);
        ADD(t->probed_ns, -t->dumped[2]);
        ADD(t->sleep_ns, -t->dumped[3]);
        t->idle_base += t->idle_ns;
    }
    for (struct lw_lstack *s = lw_lstacks(); s; s = s->next) { /* the max stays since the start */
        ADD(s->n, -s->dumped[0]);
        ADD(s->timeouts, -s->dumped[1]);
        ADD(s->wait_ns, -s->dumped[2]);
    }
}

/* One report at a time. A report that finds another running waits up to
 * 2 s for it (the exit after a periodic report): 1 when it may run alone. */
static int report_enter(void)
{
    for (int i = 0; i < 2000; i++) {
        int want = 0;
        if (atomic_compare_exchange_strong(&reporting, &want, 1))
            return 1;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    return 0;
}

/* The report for why once another one has ended (report_enter), and at exit
 * or a signal the trace after it. When the other does not end in time, the
 * exit's report goes ahead anyway (even_if_busy); another is dropped. */
void lw_report_now(int why, int even_if_busy)
{
    int alone = report_enter();
    if (!alone && !even_if_busy)
        return;
    locale_t old = c_locale ? uselocale(c_locale) : (locale_t)0;
    ticks_end(); /* the rate so far, for the holds converted now */
    lw_settle_own();
    lw_report(why);
    if (why != LW_AT_INTERVAL)
        lw_trace_write(why);
    if (c_locale)
        uselocale(old);
    if (alone)
        atomic_store(&reporting, 0);
}

void lw_report_occasion(struct buf *b, int why)
{
    if (why == LW_AT_INTERVAL)
        bprintf(b, "lockwait: periodic report %d: counts since the previous one (maxima and longest holds: "
                      "since the start)\n", periodic_reports + 1);
    else if (why > 0)
        bprintf(b, "lockwait: report at signal %d (%s), which ends the program%s\n", why, lw_signal_name(why),
                   periodic_reports ? "; counts since the last periodic report" : "");
    else if (periodic_reports)
        bprintf(b, "lockwait: report at exit: counts since the last periodic report\n");
}

void lw_report_occasion_result(struct buf *b, int why)
{
    char sig[16] = "NA";
    if (why > 0)
        snprintf(sig, sizeof sig, "%d", why);
    bprintf(b, "RESULT exp=lockwait kind=report pid=%u occasion=%s report_id=%d signal=%s\n", lw.pid,
               why == LW_AT_INTERVAL ? "periodic" : why > 0 ? "signal" : "exit", periodic_reports + 1, sig);
}

/* ---------------------------------------------------------------- the reporting thread */

static void *reporter(void *arg)
{
    (void)arg;
    for (;;) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until); /* sem_timedwait's clock */
        until.tv_sec += lw.cfg.interval_s ? lw.cfg.interval_s : 3600;
        int rc;
        do
            rc = lw_real.sem_timedwait ? lw_real.sem_timedwait(&wake, &until) : (errno = ENOSYS, -1);
        while (rc != 0 && errno == EINTR);
        if (rc == 0 || lw.cfg.interval_s)
            lw_report_now(LW_AT_INTERVAL, 0);
        else if (errno != ETIMEDOUT)
            return NULL; /* cannot wait: no more periodic reports */
    }
}

static void on_dump_signal(int sig)
{
    (void)sig;
    int e = errno;
    if (wake_ok)
        lw_real.sem_post(&wake); /* async-signal-safe; the reporting thread does the rest */
    errno = e;
}

void lw_interval_start(void)
{
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (!lw.cfg.interval_s && !lw.cfg.dump_signal)
        return;
    if (!lw_real.sem_post || !lw_real.sem_init || lw_real.sem_init(&wake, 0, 0) != 0)
        return;
    wake_ok = 1;
    sigset_t all, old;
    sigfillset(&all);
    if (pthread_sigmask(SIG_BLOCK, &all, &old) != 0)
        return;
    pthread_t t;
    pthread_attr_t a;
    int rc = pthread_attr_init(&a);
    if (rc == 0) {
        pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
        rc = lw_real.pthread_create(&t, &a, reporter, NULL);
        pthread_attr_destroy(&a);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        lw_say("cannot start the thread for periodic reports (%s); none will be written", strerror(rc));
        return;
    }
    if (lw.cfg.dump_signal) {
        struct sigaction sa = {.sa_handler = on_dump_signal, .sa_flags = SA_RESTART};
        sigemptyset(&sa.sa_mask);
        if (lw_signal_real_sigaction(lw.cfg.dump_signal, &sa, NULL) != 0)
            lw_say("cannot catch signal %d for reports on demand (%s)", lw.cfg.dump_signal, strerror(errno));
    }
}

/* lw_rules.c - the rules both reports apply (lw_rules.h says which) */
#include <inttypes.h>
#include <stdio.h>

#include "lw_kinds.h"
#include "lw_rules.h"

static unsigned rules_of(int kind)
{
    return kind > K_NONE && kind < K_NKINDS ? lw_kinds[kind].idle : 0;
}

int lw_rule_barrier(const struct lw_wait_facts *f)
{
    return (rules_of(f->kind) & LW_IDLE_BARRIER) != 0;
}

static int rule_unended(const struct lw_wait_facts *f)
{
    return (rules_of(f->kind) & LW_IDLE_UNENDED) && (!f->got || !f->ender_known);
}

/* the ender's one hold covered its life but for the slack (true when
 * either is unknown: the rule as it was before the hold was a fact) */
static int held_for_life(const struct lw_wait_facts *f)
{
    if (!f->ender_hold_ns || !f->ender_start_ns || f->ender_exit_ns <= f->ender_start_ns)
        return 1;
    uint64_t life = f->ender_exit_ns - f->ender_start_ns;
    uint64_t outside = f->ender_hold_ns >= life ? 0 : life - f->ender_hold_ns;
    return outside <= life / 8 || outside <= LW_JOIN_SLACK_NS;
}

int lw_rule_join(const struct lw_wait_facts *f)
{
    return (rules_of(f->kind) & LW_IDLE_JOIN) && f->got && f->ender_known && f->ender_exited && f->ender_once &&
           f->ender_exit_ns <= f->end_ns + LW_JOIN_GAP_NS && held_for_life(f);
}

int lw_rule_one_shot(const struct lw_wait_facts *f)
{
    return (rules_of(f->kind) & LW_IDLE_ONE_SHOT) && f->lock_waits == 1 &&
           (!f->lock_takes || f->lock_takes <= LW_ONE_SHOT_TAKES);
}

enum lw_wait_class lw_wait_class(const struct lw_wait_facts *f)
{
    if (lw_rule_barrier(f))
        return LW_WAIT_BARRIER;
    if (rule_unended(f))
        return LW_WAIT_IDLE;
    if (lw_rule_join(f))
        return LW_WAIT_JOIN;
    if (lw_rule_one_shot(f))
        return LW_WAIT_IDLE;
    return LW_WAIT_CONTENDED;
}

const char *lw_wait_class_name(int cls)
{
    static const char *const names[LW_WAIT_NCLASSES] = {"contended", "idle", "join", "barrier"};
    return cls >= 0 && cls < LW_WAIT_NCLASSES ? names[cls] : "?";
}

const char *lw_idle_why(int kind, int cls, int one_shot)
{
    if (cls == LW_WAIT_BARRIER)
        return "waiting at a barrier for the last thread to arrive (load imbalance, not contention)";
    if (cls == LW_WAIT_JOIN)
        return "waiting for a thread to end (a join: the thread that ended the wait exited right after)";
    if (one_shot)
        return "a one-shot lock (waited on once in the run: a result handed over once)";
    if (kind > K_NONE && kind < K_NKINDS && lw_kinds[kind].end == LW_END_SIGNAL)
        return "waits that timed out or woke without a signal";
    return "waits that timed out or that no post ended";
}

void lw_label_thread(const char *name, uint32_t tid, char *out, size_t cap)
{
    if (!name || !name[0] || (name[0] == '?' && !name[1])) {
        snprintf(out, cap, "tid-%" PRIu32, tid);
        return;
    }
    snprintf(out, cap, "%s-%" PRIu32, name, tid);
    for (char *c = out; *c; c++)
        if (*c == ';' || *c == ' ')
            *c = '_';
}

void lw_label_lock(int kind, uint64_t addr, const char *site, char *out, size_t cap)
{
    int o = snprintf(out, cap, "%s@0x%" PRIx64, kind == K_NONE ? "none" : lw_kind_name(kind), addr);
    if (site && site[0] && o > 0 && (size_t)o + 3 < cap)
        snprintf(out + o, cap - (size_t)o, "(%s)", site);
}

/* lw_kinds.c - the table of lock kinds (lw_kinds.h) and its look-ups */
#include "lw_kinds.h"

#define LW_KIND_ROW(k, nm, t, tw, end, idle, excl, spins, ender, by)                                        \
    [K_##k] = {nm, t, tw, end, idle, excl, spins, ender, by},
const struct lw_kind_info lw_kinds[K_NKINDS] = {[K_NONE] = {"?", LW_T_NONE, LW_T_NONE, 0, 0, 0, 0, "?", "?"},
                                                LW_KINDS(LW_KIND_ROW)};
#undef LW_KIND_ROW

const char *lw_kind_name(int kind)
{
    return kind > K_NONE && kind < K_NKINDS ? lw_kinds[kind].name : "?";
}

int lw_kind_of_type(int trace_type)
{
    for (int k = K_NONE + 1; k < K_NKINDS; k++) /* no row has LW_T_NONE */
        if (lw_kinds[k].type == trace_type || lw_kinds[k].type_write == trace_type)
            return k;
    return K_NONE;
}

int lw_trace_type(int kind)
{
    if (kind <= K_NONE || kind >= K_NKINDS)
        return LW_T_NONE;
    return lw_kinds[kind].type_write;
}

const char *lw_type_name(int trace_type)
{
    int k = lw_kind_of_type(trace_type);
    return k == K_NONE ? "none" : lw_kinds[k].name;
}

# summary_head.awk - the top of results/summary.md: the machine the numbers
# come from and which run each experiment's section comes from.
# usage: awk -f summary_head.awk RAW...   (raw files written by run.sh)
# Input: the "# key: value" provenance lines at the top of each raw file;
# everything else is skipped. The machine is described from the first file;
# when the files come from more than one machine (experiments rerun on
# another day, on another host), the first line names each machine with its
# experiments, and the details that follow say whose they are.
BEGIN {
    # the mitigations that make system calls and address-space switches
    # dearer, by the name of their file in /sys/devices/system/cpu/vulnerabilities
    dearer["meltdown"] = "page-table isolation: the page tables are switched on every kernel entry and exit"
    dearer["spectre_v2"] = "indirect-branch barriers: IBPB between processes, IBRS or retpolines in the kernel, STIBP between siblings"
    buffers = "CPU buffers cleared on every return to user space"
    dearer["mds"] = buffers; dearer["tsx_async_abort"] = buffers; dearer["mmio_stale_data"] = buffers
    dearer["reg_file_data_sampling"] = buffers; dearer["tsa"] = buffers
    thunks = "return thunks or a predictor flush on kernel entry"
    dearer["retbleed"] = thunks; dearer["spec_rstack_overflow"] = thunks; dearer["indirect_target_selection"] = thunks
}
function val(line) { sub(/^# [a-z0-9_]+: /, "", line); return line }
function kib(b) { return b >= 1048576 ? sprintf("%g MiB", b / 1048576) : sprintf("%g KiB", b / 1024) }
FNR == 1 { nfile++ }
/^# sharecost raw results: / { expname[nfile] = $NF }
/^# date_utc: / { date[nfile] = val($0) }
# the commit (git describe's word), or "not a git checkout" (its first word,
# "not", said nothing)
/^# git: / { git[nfile] = index($0, "# git: not a git checkout") == 1 ? "not a git checkout" : $3 }
/^# knobs: / { knobs[nfile] = val($0) }
/^# cpu_model: / { fmodel[nfile] = val($0) }
/^# arch: / { farch[nfile] = val($0) }
/^# kernel: / { fkernel[nfile] = val($0) }
/^# online_cpus: / { fcpus[nfile] = val($0) }
/^# compiler: / { fcompiler[nfile] = val($0) }
nfile == 1 && /^# line_size_used: / { line = val($0) }
nfile == 1 && /^# clock_unstable: / { unstable = 1 }
/^# hypervisor: / { fhv[nfile] = val($0) }
# "# vulnerability: spectre_v2=Mitigation: Retpolines; STIBP: disabled" (machine.c)
nfile == 1 && /^# vulnerability: [a-z0-9_]+=/ { vuln(val($0)) }
# "# wakeup: idle_us=20 cpus=0,1 median_ns= median_ns_lo= median_ns_hi= p90_ns= samples=" or
# "# wakeup: NA reason=one_cpu" (build/wakeup)
nfile == 1 && /^# wakeup: / { wakeup(val($0)) }
# "# host_steal: 0.42% of CPU time during the run (3 of 712 ticks)"
/^# host_steal: / { steal[nfile] = ($3 ~ /%$/) ? $3 : "n/a" }
nfile == 1 && /^# clock_ghz_t[0-9]+: / { k = $2; sub(/^clock_ghz_t/, "", k); sub(/:$/, "", k); clock = clock (clock ? ", " : "") sprintf("%.2f GHz with %s cop%s", val($0), k, k == 1 ? "y" : "ies") }
# "# cache_sysfs: L2 size_bytes=2097152 line_bytes=64 shared_cpus=0"
nfile == 1 && /^# cache_[a-z]+: L[0-9]/ {
    src = $2; sub(/^cache_/, "", src); sub(/:$/, "", src)
    size = $4; sub(/size_bytes=/, "", size)
    if (!(src in caches)) order[++nsrc] = src
    caches[src] = caches[src] (caches[src] ? ", " : "") $3 " " kib(size + 0)
}
# vuln("NAME=STATE"): sorts one vulnerability file into mitigations that
# make switches dearer (costly, brief), other mitigations, left vulnerable
# and not affected
function vuln(v,   p, name, state) {
    p = index(v, "="); name = substr(v, 1, p - 1); state = substr(v, p + 1)
    if (state ~ /^Not affected/) { unaffected = unaffected (nunaffected++ ? ", " : "") name; return }
    if (state ~ /^Vulnerable/) { vulnerable = vulnerable (vulnerable != "" ? ", " : "") name (state == "Vulnerable" ? "" : " (" state ")"); return }
    sub(/^Mitigation: /, "", state)
    if (!(name in dearer)) { othermit = othermit (othermit != "" ? ", " : "") name " (" state ")"; return }
    costly = costly (costly != "" ? "; " : "") name ": " state " (" dearer[name] ")"
    brief = brief (brief != "" ? "; " : "") name " (" short(name, state) ")"
}
# wakeup(LINE): one idle time's wake-up latency into wake, said in us; a
# line without its numbers (cut short, edited) is left out, not said as 0.0 us
function wakeup(line,   n, f, i, k, us, w, need) {
    n = split(line, f, " ")
    for (i = 1; i <= n; i++) { k = f[i]; sub(/=.*/, "", k); w[k] = substr(f[i], length(k) + 2) }
    if (f[1] == "NA") { wake_na = w["reason"]; return }
    split("idle_us median_ns median_ns_lo median_ns_hi p90_ns", need, " ")
    for (i = 1; i <= 5; i++) if (w[need[i]] !~ /^[0-9]+$/) { wake_bad = 1; return }
    wake_cpus = w["cpus"]; sub(/,/, " and ", wake_cpus)
    us = (w["idle_us"] + 0 >= 1000) ? (w["idle_us"] / 1000) " ms" : (w["idle_us"] + 0) " us"
    wake = wake (wake == "" ? "" : ", ") sprintf("%.1f us [%.1f, %.1f] %s %s", w["median_ns"] / 1000, w["median_ns_lo"] / 1000, w["median_ns_hi"] / 1000, (wake == "" ? "later when its CPU had idled" : "after"), us)
    # the 90th percentile of the shortest idle time, whatever the lines' order
    if (wake_p90 == "" || w["idle_us"] + 0 < wake_p90_idle) { wake_p90 = sprintf("%.1f us", w["p90_ns"] / 1000); wake_p90_idle = w["idle_us"] + 0 }
}
# short(NAME, STATE): spectre_v2's long state cut to its active IBPB, IBRS,
# retpoline and STIBP parts; the others as they are
function short(name, state,   n, part, i, out) {
    if (name != "spectre_v2") return state
    n = split(state, part, "; ")
    for (i = 1; i <= n; i++)
        if (part[i] ~ /IBPB|IBRS|[Rr]etpoline|STIBP/ && part[i] !~ /disabled|Not affected/)
            out = out (out != "" ? ", " : "") part[i]
    return out != "" ? out : state
}
# machine(I): file I's machine as the summary names it (a file without a
# provenance block: an unknown one)
function machine(i) {
    if (!(i in fmodel)) return "an unknown machine (no provenance lines)"
    return sprintf("**%s** (%s, %s CPUs online, %s, hypervisor: %s), built with %s", fmodel[i], farch[i], fcpus[i], fkernel[i], (i in fhv) ? fhv[i] : "not recorded", fcompiler[i])
}
END {
    # the distinct machines, in file order, each with its experiments
    for (i = 1; i <= nfile; i++) {
        m = machine(i)
        if (!(m in mexps)) { morder[++nmach] = m; mexps[m] = expname[i] }
        else mexps[m] = mexps[m] ", " expname[i]
    }
    whose = nmach > 1 ? " (on the machine of " mexps[morder[1]] ")" : ""
    print "## Results"
    print ""
    # the headline markers pick what run.sh splices into README.md (common/headline.awk)
    print "<!-- headline:begin -->"
    if (nmach <= 1)
        printf "Measured on **%s** (%s, %s CPUs online, %s), built with %s.\n", fmodel[1], farch[1], fcpus[1], fkernel[1], fcompiler[1]
    else {
        printf "Measured on %d machines or setups (the experiments were run at different times): ", nmach
        for (k = 1; k <= nmach; k++)
            printf "%s%s for %s", (k > 1 ? "; " : ""), morder[k], mexps[morder[k]]
        printf ".\n"
    }
    if (brief != "")
        printf "System calls and switches between address spaces pay for the kernel's mitigations%s: %s.\n", whose, brief
    print "<!-- headline:end -->"
    for (i = 1; i <= nsrc; i++)
        printf "Caches as %s reports them%s: %s.\n", order[i], whose, caches[order[i]]
    # no clock lines (an older raw file): said, not "(1-cycle add chain): ."
    # one moment of the host's speed; no figure uses it (cycles come from each round's own canary)
    printf "Line size used%s: %s. Clock estimate (1-cycle add chain, at the run's start: one moment of a host that may change speed; the cycles figures use each round's own canary instead): %s%s.\n", whose, line, (clock == "" ? "not recorded" : clock), unstable ? " (unstable: the machine changed speed while it was measured)" : ""
    if (costly != "" || othermit != "" || vulnerable != "" || unaffected != "") {
        what = "none of those that make system calls and address-space switches dearer is active"
        if (costly != "") what = "those that make system calls and address-space switches dearer are " costly
        if (othermit != "") what = what "; other mitigations: " othermit
        if (vulnerable != "") what = what "; left vulnerable: " vulnerable
        if (unaffected != "") what = what "; not affected: " nunaffected " (" unaffected ")"
        printf "Kernel mitigations of CPU vulnerabilities (/sys/devices/system/cpu/vulnerabilities)%s: %s.\n", whose, what
    }
    print "<!-- headline:begin -->"
    hv = fhv[1]
    if (nmach > 1) # each machine named its hypervisor above; the sentence is about guests in general
        hv = ""
    for (i = 1; i <= nfile; i++)
        if ((i in fhv) && fhv[i] != "none seen") anyvm = 1
    if (nmach > 1 && anyvm)
        print "Some or all of these are virtual machines (the hypervisor named above). A guest cannot see which physical cores its virtual CPUs run on, whether two of them are SMT siblings of one core, or what other tenants of the host run beside them; it sees their effect as rounds that ran slow or lost time, which every experiment counts and keeps apart (left out, or compared only with rounds of the same speed level). Host steal is the CPU time the hypervisor gave to others while this guest had work."
    if (hv != "" && hv != "none seen") {
        printf "This is a virtual machine: %s. A guest cannot see which physical cores its virtual CPUs run on, whether two of them are SMT siblings of one core, or what other tenants of the host run beside them; it sees their effect as rounds that ran slow or lost time, which every experiment counts and keeps apart (left out, or compared only with rounds of the same speed level). Host steal is the CPU time the hypervisor gave to others while this guest had work.\n", hv
    }
    # the wake-up latency: what a sleeping lock waiter pays (an older raw file has none)
    split("one CPU|threads cannot be pinned here|the sleeping thread was not scheduled within 1 s|build/wakeup failed", why, "|")
    split("one_cpu cannot_pin partner_not_running probe_failed", whycode, " ")
    for (i = 1; i <= 4; i++) if (wake_na == whycode[i]) wake_na = why[i]
    # "(on the machine of E; build/wakeup ...", not two brackets in a row
    if (wake != "")
        printf "Wake-ups (%sbuild/wakeup on CPUs %s, one reading at the run's start: medians with 95%% intervals that hold for that moment only, as the host's state moves them): a thread on one CPU signalled a thread asleep on the other, which ran %s (1 in 10 after the shortest idle: over %s). Every hand-off of a lock to a sleeping waiter pays this, and a thread that works less than this between two holds of a lock can take it back before the woken waiter runs.\n", (whose == "" ? "" : substr(whose, 3, length(whose) - 3) "; "), wake_cpus, wake, wake_p90
    else if (wake_na != "")
        printf "Wake-ups%s: not measured (%s).\n", whose, wake_na
    else if (wake_bad)
        printf "Wake-ups%s: not readable (the raw file's \"# wakeup:\" lines lack their numbers).\n", whose
    print ""
    print "| experiment | run (UTC) | commit | host steal | knobs |"
    print "|---|---|---|---:|---|"
    for (i = 1; i <= nfile; i++)
        printf "| %s | %s | %s | %s | %s |\n", expname[i], date[i], git[i], (i in steal) ? steal[i] : "n/a", knobs[i]
    print "<!-- headline:end -->"
    print ""
}

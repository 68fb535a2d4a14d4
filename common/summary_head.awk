# summary_head.awk - the top of results/summary.md: the machine the numbers
# come from and which run each experiment's section comes from.
# usage: awk -f summary_head.awk RAW...   (raw files written by run.sh)
# Input: the "# key: value" provenance lines at the top of each raw file;
# everything else is skipped. The machine is described from the first file.
function val(line) { sub(/^# [a-z0-9_]+: /, "", line); return line }
function kib(b) { return b >= 1048576 ? sprintf("%g MiB", b / 1048576) : sprintf("%g KiB", b / 1024) }
FNR == 1 { nfile++ }
/^# sharecost raw results: / { expname[nfile] = $NF }
/^# date_utc: / { date[nfile] = val($0) }
/^# git: / { git[nfile] = $3 }
/^# knobs: / { knobs[nfile] = val($0) }
nfile == 1 && /^# cpu_model: / { model = val($0) }
nfile == 1 && /^# arch: / { arch = val($0) }
nfile == 1 && /^# kernel: / { kernel = val($0) }
nfile == 1 && /^# online_cpus: / { cpus = val($0) }
nfile == 1 && /^# compiler: / { compiler = val($0) }
nfile == 1 && /^# line_size_used: / { line = val($0) }
nfile == 1 && /^# clock_unstable: / { unstable = 1 }
nfile == 1 && /^# hypervisor: / { hv = val($0) }
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
END {
    print "## Results"
    print ""
    # the headline markers pick what run.sh splices into README.md (common/headline.awk)
    print "<!-- headline:begin -->"
    printf "Measured on **%s** (%s, %s CPUs online, %s), built with %s.\n", model, arch, cpus, kernel, compiler
    print "<!-- headline:end -->"
    for (i = 1; i <= nsrc; i++)
        printf "Caches as %s reports them: %s.\n", order[i], caches[order[i]]
    printf "Line size used: %s. Clock estimate (1-cycle add chain): %s%s.\n", line, clock, unstable ? " (unstable: the machine changed speed while it was measured, so the cycles figures are uncertain)" : ""
    print "<!-- headline:begin -->"
    if (hv != "" && hv != "none seen") {
        printf "This is a virtual machine: %s. A guest cannot see which physical cores its virtual CPUs run on, whether two of them are SMT siblings of one core, or what other tenants of the host run beside them; it sees their effect as rounds that ran slow or lost time, which every experiment counts and leaves out. Host steal is the CPU time the hypervisor gave to others while this guest had work.\n", hv
    }
    print ""
    print "| experiment | run (UTC) | commit | host steal | knobs |"
    print "|---|---|---|---:|---|"
    for (i = 1; i <= nfile; i++)
        printf "| %s | %s | %s | %s | %s |\n", expname[i], date[i], git[i], (i in steal) ? steal[i] : "n/a", knobs[i]
    print "<!-- headline:end -->"
    print ""
}

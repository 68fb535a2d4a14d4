# c2c-synth.awk - synthetic core-to-core matrices with known classes, for
# the tests of `false_sharing_c2c -f` (the clustering) and of c2c.awk.
# usage: awk -v scenario=NAME -f c2c-synth.awk
#   smt       8 CPUs; (i, i+4) hand over in 15 ns, the rest in 45; the OS
#             reports no SMT (every pair shared_l3_only), as in a VM
#   clusters  8 CPUs in two clusters of 4 (shared L2): 40 ns inside, 95 ns
#             across; CPUs 4-7 run the canary 1.5x slower (a hybrid CPU)
#   sockets   16 CPUs, 2 sockets x 4 cores x 2 SMT threads (siblings i,
#             i+8): 14 / 48 / 130 ns, the OS agreeing
#   outlier   6 CPUs at 50 ns but pair 2,5 at 150 ns
#   noise     8 CPUs with no structure: 40-60 ns spread evenly, and one
#             pair far off (75 ns) whose interval (45-110) reaches the rest
# Output: RESULT lines as false_sharing_c2c prints them (the keys -f reads).
# Deterministic: a Park-Miller generator whose products stay below 2^53, so
# every awk computes the same numbers.
function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
# pair A B at base latency NS (+-3%), interval +-2%, OS relation OS
function pair(a, b, ns, os,   e) {
    e = ns * (0.97 + 0.06 * rnd())
    printf "RESULT exp=false_sharing kind=c2c cpu_a=%d cpu_b=%d one_way_ns=%.2f one_way_ns_lo=%.2f one_way_ns_hi=%.2f busy=0 os=%s\n", a, b, e, e * 0.98, e * 1.02, os
}
function cpu(c, ns) {
    printf "RESULT exp=false_sharing kind=c2c_cpu cpu=%d canary_best_ns=%.4f\n", c, ns
}
BEGIN {
    seed = 12345
    if (scenario == "smt") {
        for (a = 0; a < 8; a++) for (b = a + 1; b < 8; b++)
            pair(a, b, b == a + 4 ? 15 : 45, "shared_l3_only")
        for (c = 0; c < 8; c++) cpu(c, 0.25)
    } else if (scenario == "clusters") {
        for (a = 0; a < 8; a++) for (b = a + 1; b < 8; b++)
            if (int(a / 4) == int(b / 4)) pair(a, b, 40, "shared_l2"); else pair(a, b, 95, "shared_l3_only")
        for (c = 0; c < 8; c++) cpu(c, c < 4 ? 0.2 : 0.3)
    } else if (scenario == "sockets") {
        for (a = 0; a < 16; a++) for (b = a + 1; b < 16; b++) {
            if (b == a + 8) pair(a, b, 14, "smt")
            else if (int((a % 8) / 4) == int((b % 8) / 4)) pair(a, b, 48, "shared_l3_only")
            else pair(a, b, 130, "across_l3")
        }
        for (c = 0; c < 16; c++) cpu(c, 0.3)
    } else if (scenario == "outlier") {
        for (a = 0; a < 6; a++) for (b = a + 1; b < 6; b++)
            pair(a, b, a == 2 && b == 5 ? 150 : 50, "shared_l3_only")
        for (c = 0; c < 6; c++) cpu(c, 0.25)
    } else if (scenario == "noise") {
        n = 0
        for (a = 0; a < 8; a++) for (b = a + 1; b < 8; b++) {
            if (a == 1 && b == 6) {
                printf "RESULT exp=false_sharing kind=c2c cpu_a=1 cpu_b=6 one_way_ns=75.00 one_way_ns_lo=45.00 one_way_ns_hi=110.00 busy=0 os=shared_l3_only\n"
                continue
            }
            # evenly from 40 to 60 ns in a scrambled order
            e = 40 + 20 * ((n * 11) % 27) / 26; n++
            printf "RESULT exp=false_sharing kind=c2c cpu_a=%d cpu_b=%d one_way_ns=%.2f one_way_ns_lo=%.2f one_way_ns_hi=%.2f busy=0 os=shared_l3_only\n", a, b, e, e - 3, e + 3
        }
        for (c = 0; c < 8; c++) cpu(c, 0.25)
    } else {
        print "c2c-synth.awk: scenario must be smt, clusters, sockets, outlier or noise" > "/dev/stderr"
        exit 2
    }
}

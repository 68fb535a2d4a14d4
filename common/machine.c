/* machine - describe this machine for the top of a raw results file: CPU
 * model, online CPUs, and the caches as each source reports them (sysfs,
 * sysconf, sysctl), since in VMs and on arm64 they disagree, and the kernel's
 * mitigations of CPU vulnerabilities, which make system calls and switches
 * between address spaces dearer. Lines start with "# " so result parsers
 * skip them; "# key: value" is the format. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#ifdef __linux__
#include <dirent.h>
#endif
#ifdef __APPLE__
#include <sys/sysctl.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static void cpu_model(char *buf, size_t cap)
{
    snprintf(buf, cap, "unknown");
#ifdef __APPLE__
    size_t len = cap;
    if (sysctlbyname("machdep.cpu.brand_string", buf, &len, NULL, 0) != 0)
        snprintf(buf, cap, "unknown");
#else
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        /* x86: "model name"; arm64 Linux has no name, only "CPU implementer/part" */
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        if (strncmp(line, "model name", 10) == 0 || strncmp(line, "Model", 5) == 0 ||
            (strncmp(line, "CPU part", 8) == 0 && strcmp(buf, "unknown") == 0)) {
            colon += 1 + (colon[1] == ' ');
            colon[strcspn(colon, "\n")] = 0;
            snprintf(buf, cap, "%s%s", strncmp(line, "CPU part", 8) == 0 ? "arm64 CPU part " : "", colon);
            if (strncmp(line, "CPU part", 8) != 0)
                break;
        }
    }
    fclose(f);
#endif
}

/* Are we a guest, and of what? x86: CPUID's hypervisor bit and the vendor
 * leaf 0x40000000 ("KVMKVMKVM", "Microsoft Hv", "VMwareVMware", ...);
 * Linux elsewhere: the device tree's hypervisor node or the DMI product;
 * macOS: kern.hv_vmm_present. "none seen" is not proof of bare metal. */
static void hypervisor(char *buf, size_t cap)
{
    snprintf(buf, cap, "none seen");
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if (__get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 31))) {
        char v[13] = {0};
        __cpuid(0x40000000, a, b, c, d);
        memcpy(v, &b, 4), memcpy(v + 4, &c, 4), memcpy(v + 8, &d, 4);
        const char *name = strstr(v, "KVM") ? "kvm" : strstr(v, "Microsoft") ? "hyperv"
                         : strstr(v, "VMware") ? "vmware" : strstr(v, "Xen") ? "xen"
                         : strstr(v, "TCG") ? "qemu_tcg" : strstr(v, "ACRN") ? "acrn"
                         : strstr(v, "bhyve") ? "bhyve" : "unknown";
        snprintf(buf, cap, "%s (cpuid vendor \"%s\")", name, v);
        return;
    }
#endif
#ifdef __linux__
    char line[128];
    if (read_line("/proc/device-tree/hypervisor/compatible", line, sizeof line) == 0 ||
        read_line("/sys/hypervisor/type", line, sizeof line) == 0) {
        snprintf(buf, cap, "%.100s (device tree or /sys/hypervisor)", line);
        return;
    }
    static const char *const guests[] = {"KVM", "QEMU", "VirtualBox", "VMware", "Virtual Machine",
                                         "Amazon EC2", "Google Compute Engine", "Xen", "Parallels"};
    if (read_line("/sys/class/dmi/id/product_name", line, sizeof line) == 0)
        for (size_t i = 0; i < sizeof guests / sizeof *guests; i++)
            if (strstr(line, guests[i])) {
                snprintf(buf, cap, "%.100s (DMI product name)", line);
                return;
            }
#endif
#ifdef __APPLE__
    int vmm = 0;
    size_t len = sizeof vmm;
    if (sysctlbyname("kern.hv_vmm_present", &vmm, &len, NULL, 0) == 0 && vmm)
        snprintf(buf, cap, "yes (kern.hv_vmm_present)");
#endif
}

#ifdef __linux__
static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}
#endif

/* One "# vulnerability: NAME=STATE" line per file of the kernel's
 * vulnerabilities directory, in name order (readdir's order is arbitrary),
 * STATE as the kernel words it ("Mitigation: PTI", "Not affected", ...).
 * SHARECOST_VULN_DIR replaces the directory, for tests only. */
static void vulnerabilities(void)
{
    int printed = 0;
#ifdef __linux__
    const char *dir = getenv("SHARECOST_VULN_DIR");
    if (!dir || !*dir)
        dir = "/sys/devices/system/cpu/vulnerabilities";
    DIR *d = opendir(dir);
    static char names[128][64]; /* the kernel has about 20, named in a few words */
    size_t n = 0;
    struct dirent *e;
    while (d && n < sizeof names / sizeof *names && (e = readdir(d)))
        if (e->d_name[0] != '.' && strlen(e->d_name) < sizeof *names)
            snprintf(names[n++], sizeof *names, "%s", e->d_name);
    if (d && closedir(d) != 0)
        die_errno("closedir of the vulnerabilities directory");
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char path[4096], state[512];
        int len = snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (len > 0 && (size_t)len < sizeof path && read_line(path, state, sizeof state) == 0 && state[0]) {
            printf("# vulnerability: %s=%s\n", names[i], state);
            printed++;
        }
    }
#endif
    if (!printed)
        printf("# vulnerability: not available\n");
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        if (!help_asked(argc, argv))
            die_usage("unknown argument '%s': machine takes only -h", argv[1]);
        printf("usage: machine\n  Prints the CPU model, kernel, online CPUs and cache sizes from\n"
               "  every source (sysfs, sysconf, sysctl), the hypervisor if one is seen, and\n"
               "  what the interference probes can read here, and the kernel's mitigation\n"
               "  of each CPU vulnerability (Linux: one '# vulnerability: name=state' line per\n"
               "  file of /sys/devices/system/cpu/vulnerabilities, else 'not available'),\n"
               "  as '# key: value' lines.\n"
               "environment (tests only):\n"
               "  SHARECOST_VULN_DIR=DIR  read the vulnerability files from DIR instead\n");
        return 0;
    }
    char model[256];
    struct utsname u;
    cpu_model(model, sizeof model);
    if (uname(&u) != 0)
        die_errno("uname");
    printf("# cpu_model: %s\n", model);
    printf("# arch: %s\n", u.machine);
    printf("# kernel: %s %s\n", u.sysname, u.release);
    printf("# online_cpus: %d\n", online_cpus());
    char hv[256];
    hypervisor(hv, sizeof hv);
    printf("# hypervisor: %s\n", hv);
    printf("# interference_sources: %s\n", probe_sources());
    printf("# ticks: %s\n", ticks_source());
    static const enum cache_source srcs[] = {SRC_SYSFS, SRC_SYSCONF, SRC_SYSCTL};
    for (size_t s = 0; s < 3; s++) {
        struct cache_level c[8];
        int n = cache_levels(srcs[s], 0, c, 8);
        if (n == 0)
            printf("# cache_%s: not available\n", cache_source_name(srcs[s]));
        for (int i = 0; i < n; i++)
            printf("# cache_%s: L%d size_bytes=%ld line_bytes=%ld%s%s\n", cache_source_name(srcs[s]),
                   c[i].level, c[i].size, c[i].line, c[i].shared[0] ? " shared_cpus=" : "", c[i].shared);
    }
    enum cache_source used;
    long line = cache_line(0, &used);
    printf("# line_size_used: %ld from %s\n", line, line ? cache_source_name(used) : "none");
    vulnerabilities();
    return 0;
}

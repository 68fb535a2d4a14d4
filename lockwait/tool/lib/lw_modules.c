/* lw_modules.c - the process's modules (the executable and its libraries),
 * listed once at exit with their symbols read from disk (../lw_symbols.c),
 * for the names of the report and the trace. Their memory comes from the
 * library's arena (lw_alloc), never from malloc: a report made in a signal
 * handler reads them too. */
#define _GNU_SOURCE
#include <link.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#ifdef __linux__
#include <sys/auxv.h>
#endif
#include <unistd.h>

#include "lw_modules.h"
#include "lw_core.h"
#include "../lw_symbols.h"

static struct lw_syms *syms;
static int syms_tried;
static char exe_path[PATH_MAX];
static int exe_in_proc; /* /proc/self/exe names it (else exe_path is the exec'd path, if any) */

const char *lw_base_name(const char *path)
{
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

/* the build id in the loaded module's notes (mapped: it is loaded), or 0 */
static size_t loaded_build_id(const struct dl_phdr_info *info, const unsigned char **id)
{
    size_t n = 0;
    for (int i = 0; i < info->dlpi_phnum && !n; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_NOTE)
            n = lw_note_build_id((const void *)(info->dlpi_addr + ph->p_vaddr), ph->p_memsz, id);
    }
    return n;
}

/* the addresses a loaded module spans: from its lowest PT_LOAD segment to
 * the end of its highest; lo >= hi when it has none */
void lw_module_span(const struct dl_phdr_info *info, uint64_t *lo_out, uint64_t *hi_out)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uint64_t a = info->dlpi_addr + ph->p_vaddr;
        lo = a < lo ? a : lo;
        hi = a + ph->p_memsz > hi ? a + ph->p_memsz : hi;
    }
    *lo_out = lo;
    *hi_out = hi;
}

static int add_module(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    uint64_t lo, hi;
    lw_module_span(info, &lo, &hi);
    if (lo >= hi)
        return 0;
    /* the executable has no name here: /proc/self/exe opens it even if
     * moved; without /proc, the path it was started by (its build id checked) */
    const char *name = info->dlpi_name, *path = name;
    if (!name || !*name) {
        path = exe_in_proc || !exe_path[0] ? "/proc/self/exe" : exe_path;
        name = exe_path[0] ? lw_base_name(exe_path) : "exe";
    }
    const unsigned char *id = NULL;
    size_t idlen = loaded_build_id(info, &id);
    if (lw_syms_add(syms, path, lw_base_name(name), info->dlpi_addr, lo, hi) == 0 && idlen)
        lw_syms_expect_id(syms, id, idlen);
    return 0;
}

struct lw_syms *lw_modules_syms(void)
{
    if (syms_tried)
        return syms;
    syms_tried = 1;
    ssize_t n = readlink("/proc/self/exe", exe_path, sizeof exe_path - 1);
    exe_path[n > 0 ? n : 0] = 0;
    exe_in_proc = n > 0;
#ifdef __linux__
    const char *execfn = (const char *)getauxval(AT_EXECFN);
    if (!exe_in_proc && execfn)
        snprintf(exe_path, sizeof exe_path, "%s", execfn);
#endif
    syms = lw_syms_new(lw_alloc, NULL); /* the arena: a report in a signal handler must not enter malloc */
    if (syms)
        dl_iterate_phdr(add_module, NULL);
    return syms;
}

const char *lw_modules_exe(void)
{
    lw_modules_syms();
    return exe_path;
}

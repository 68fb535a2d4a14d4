/* lw_modules.h - the process's modules and their symbols (lw_modules.c). */
#ifndef LW_MODULES_H
#define LW_MODULES_H

#include <stdint.h>

#include "lw_base.h"

struct lw_syms;
LW_HIDDEN struct lw_syms *lw_modules_syms(void); /* the process's modules, read once */
struct dl_phdr_info;
LW_HIDDEN void lw_module_span(const struct dl_phdr_info *info, uint64_t *lo, uint64_t *hi);
LW_HIDDEN const char *lw_modules_exe(void);       /* the executable's path, or "" */
LW_HIDDEN const char *lw_base_name(const char *path); /* after the last '/' */

#endif

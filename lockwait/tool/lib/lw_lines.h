/* lw_lines.h - file:line for the report's frames, from addr2line
 * (lw_lines.c). */
#ifndef LW_LINES_H
#define LW_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "lw_base.h"

/* " (file:line)" for a return address where addr2line knows it, else "" */
LW_HIDDEN const char *lw_line_of(uintptr_t pc, char *out, size_t cap);
LW_HIDDEN void lw_lines_want(uint32_t id);      /* the text shows this stack's frames */
LW_HIDDEN void lw_lines_prepare(void);          /* resolve the wanted frames at once */
LW_HIDDEN const char *lw_lines_status(void);    /* "" or why there are no file:line */

#endif

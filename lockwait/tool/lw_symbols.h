/* lw_symbols.h - names for code and data addresses of a process, read from
 * its executable and libraries on disk (ELF .symtab and .dynsym, parsed here
 * with <elf.h>; no libelf). Shared by liblockwait.so (at exit, in the
 * profiled process) and lockwait_report (from the modules a trace lists).
 * Never in a hot path: it opens, maps and sorts (lw_array.h: no malloc). */
#ifndef LW_SYMBOLS_H
#define LW_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

#include "lw_array.h"

struct lw_syms;

/* The tables' memory comes from alloc (lw_array.h); a table that grows
 * gives its old block to release (NULL: kept). calloc's and free in
 * lockwait_report; liblockwait.so's arena (lw_alloc, NULL), so that a
 * report made in a signal handler never enters the program's malloc. */
struct lw_syms *lw_syms_new(lw_alloc_fn *alloc, lw_free_fn *release); /* NULL: out of memory */

/* A module mapped at [lo, hi) with load bias `bias` (address = file value
 * + bias), read from `path` (opened at its first lookup); `name` is what
 * the output calls it (a basename). 0, or -1: out of memory. */
int lw_syms_add(struct lw_syms *s, const char *path, const char *name, uint64_t bias, uint64_t lo, uint64_t hi);

/* The GNU build id the module added last has in memory: a file on disk
 * with another id (or none) is not read (module+offset names only). */
void lw_syms_expect_id(struct lw_syms *s, const void *id, size_t len);

/* The GNU build id among the ELF notes at notes[0..len) (a PT_NOTE
 * segment or SHT_NOTE section), 2 to 64 bytes: its length, or 0. */
size_t lw_note_build_id(const void *notes, size_t len, const unsigned char **id);

/* what an address is: a return address (named by the call before it:
 * looked up as addr - 1, printed as addr), code, or data (objects) */
enum lw_sym_how { LW_SYM_RETURN, LW_SYM_CODE, LW_SYM_DATA };

/* Name addr into out: "function+0xOFF" (or "object+0xOFF" for data) when a
 * symbol covers it, else "module+0xOFF", else "0xADDR". Returns 2 for a
 * symbol, 1 for module+offset, 0 for a bare address. Spaces and ';'
 * become '_' (RESULT values, folded lines). */
int lw_syms_name(struct lw_syms *s, uint64_t addr, enum lw_sym_how how, char *out, size_t cap);

/* the module holding addr: its path and bias, or NULL */
const char *lw_syms_module(struct lw_syms *s, uint64_t addr, uint64_t *bias);

/* 1 when the module holding addr has debug line tables (addr2line can tell file:line) */
int lw_syms_has_lines(struct lw_syms *s, uint64_t addr);

#endif

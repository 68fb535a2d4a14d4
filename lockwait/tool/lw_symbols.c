/* lw_symbols.c - function and object names from ELF files on disk (see
 * lw_symbols.h). Each module's file is mapped read-only once, its .symtab
 * and .dynsym merged into one table sorted by address; a stripped file
 * (distribution binaries) has only .dynsym, whose functions are the
 * exported ones, so most of its code is named module+offset. A separate
 * debug file found by build id under /usr/lib/debug/.build-id supplies a
 * .symtab when the distribution's debug package is installed. 64-bit ELF
 * in the host's byte order only; anything else is module+offset. */
#define _GNU_SOURCE
#include "lw_symbols.h"
#include "lw_search.h"

#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct sym {
    uint64_t value, size;
    const char *name; /* in a mapped file */
    int data;         /* STT_OBJECT */
};

struct elf { /* a mapped ELF file and its section headers */
    const char *p;
    size_t len;
    const Elf64_Shdr *sh;
    size_t nsh, shstrndx;
};

struct module {
    char *path, *name;
    uint64_t bias, lo, hi;
    int loaded, has_lines; /* has_lines: a .debug_line section (file:line) */
    unsigned char id[64];  /* the build id the loaded module has, if known */
    size_t idlen;
    struct sym *sym;
    size_t nsym, symcap;
};

struct lw_syms {
    lw_alloc_fn *alloc;
    lw_free_fn *release;
    struct module *mod;
    size_t nmod, cap;
};

struct lw_syms *lw_syms_new(lw_alloc_fn *alloc, lw_free_fn *release)
{
    struct lw_syms *s = alloc(sizeof *s);
    if (s) {
        s->alloc = alloc;
        s->release = release;
    }
    return s;
}

static char *copy_string(const struct lw_syms *s, const char *str)
{
    size_t len = strlen(str) + 1;
    char *p = s->alloc(len);
    return p ? memcpy(p, str, len) : NULL;
}

int lw_syms_add(struct lw_syms *s, const char *path, const char *name, uint64_t bias, uint64_t lo, uint64_t hi)
{
    if (s->nmod == s->cap) {
        struct module *more = lw_grow(s->alloc, s->release, s->mod, s->nmod, &s->cap, 16, sizeof *more);
        if (!more)
            return -1;
        s->mod = more;
    }
    struct module *m = &s->mod[s->nmod];
    memset(m, 0, sizeof *m);
    m->path = copy_string(s, path);
    m->name = copy_string(s, name && *name ? name : "?");
    if (!m->path || !m->name)
        return -1;
    m->bias = bias;
    m->lo = lo;
    m->hi = hi;
    s->nmod++;
    return 0;
}

void lw_syms_expect_id(struct lw_syms *s, const void *id, size_t len)
{
    if (len > sizeof s->mod[0].id) /* the caller has added a module and has an id */
        return;
    struct module *m = &s->mod[s->nmod - 1];
    memcpy(m->id, id, len);
    m->idlen = len;
}

/* ---------------------------------------------------------------- reading ELF */

/* 1 when path is a 64-bit ELF file whose section headers are inside it, mapped into f */
static int map_file(const char *path, struct elf *f)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    struct stat st;
    void *p = MAP_FAILED;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= (off_t)sizeof(Elf64_Ehdr))
        p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
        return 0;
    const Elf64_Ehdr *eh = p;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff > (uint64_t)st.st_size ||
        (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr) > (uint64_t)st.st_size - eh->e_shoff) {
        munmap(p, (size_t)st.st_size);
        return 0;
    }
    *f = (struct elf){p, (size_t)st.st_size, (const Elf64_Shdr *)((const char *)p + eh->e_shoff), eh->e_shnum,
                      eh->e_shstrndx};
    return 1;
}

static int in_file(const struct elf *f, uint64_t off, uint64_t len)
{
    return off <= f->len && len <= f->len - off;
}

/* the symbols of one table section (t) appended to m */
static int add_table(const struct lw_syms *s, struct module *m, const struct elf *f, const Elf64_Shdr *t)
{
    if (t->sh_link >= f->nsh || t->sh_entsize != sizeof(Elf64_Sym) || !in_file(f, t->sh_offset, t->sh_size))
        return 0;
    const Elf64_Shdr *str = &f->sh[t->sh_link];
    if (!in_file(f, str->sh_offset, str->sh_size) || str->sh_size == 0)
        return 0;
    const char *strs = f->p + str->sh_offset;
    if (strs[str->sh_size - 1] != 0)
        return 0; /* names must end inside the table */
    const Elf64_Sym *sy = (const Elf64_Sym *)(f->p + t->sh_offset);
    size_t n = t->sh_size / sizeof *sy;
    if (m->nsym + n > m->symcap) {
        struct sym *more = lw_grow(s->alloc, s->release, m->sym, m->nsym, &m->symcap, m->nsym + n, sizeof *more);
        if (!more)
            return -1;
        m->sym = more;
    }
    for (size_t k = 0; k < n; k++) {
        int type = ELF64_ST_TYPE(sy[k].st_info);
        /* STT_TLS values are offsets in a thread's block, not addresses: left out */
        int code = type == STT_FUNC || type == STT_GNU_IFUNC, data = type == STT_OBJECT;
        if ((!code && !data) || sy[k].st_shndx == SHN_UNDEF || sy[k].st_value == 0 ||
            sy[k].st_name >= str->sh_size || !strs[sy[k].st_name])
            continue;
        m->sym[m->nsym++] = (struct sym){sy[k].st_value, sy[k].st_size, strs + sy[k].st_name, data};
    }
    return 0;
}

size_t lw_note_build_id(const void *notes, size_t len, const unsigned char **id)
{
    const unsigned char *p = notes, *end = p + len;
    while ((size_t)(end - p) >= sizeof(Elf64_Nhdr)) {
        const Elf64_Nhdr *nh = (const Elf64_Nhdr *)p;
        size_t name = (nh->n_namesz + 3u) & ~3u, desc = (nh->n_descsz + 3u) & ~3u;
        if (name + desc > (size_t)(end - p) - sizeof *nh)
            break;
        if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && !memcmp(nh + 1, "GNU", 4) && nh->n_descsz >= 2 &&
            nh->n_descsz <= 64) {
            *id = p + sizeof *nh + name;
            return nh->n_descsz;
        }
        p += sizeof *nh + name + desc;
    }
    return 0;
}

/* the file's GNU build id (its bytes and length), or 0 */
static size_t build_id(const struct elf *f, const unsigned char **id)
{
    size_t n = 0;
    for (const Elf64_Shdr *sh = f->sh; sh < f->sh + f->nsh && !n; sh++)
        if (sh->sh_type == SHT_NOTE && in_file(f, sh->sh_offset, sh->sh_size))
            n = lw_note_build_id(f->p + sh->sh_offset, sh->sh_size, id);
    return n;
}

/* "/usr/lib/debug/.build-id/xx/yyyy.debug" for the file's build id, or 0 */
static int debug_path(const struct elf *f, char *out, size_t cap)
{
    const unsigned char *id;
    size_t len = build_id(f, &id);
    if (len == 0)
        return 0;
    int o = snprintf(out, cap, "/usr/lib/debug/.build-id/%02x/", id[0]);
    for (size_t k = 1; k < len && o > 0 && (size_t)o + 3 < cap; k++)
        o += snprintf(out + o, cap - (size_t)o, "%02x", id[k]);
    return o > 0 && (size_t)o + 7 < cap && snprintf(out + o, cap - (size_t)o, ".debug") > 0;
}

/* does the file have a section named `name`? */
static int has_section(const struct elf *f, const char *name)
{
    if (f->shstrndx >= f->nsh || !in_file(f, f->sh[f->shstrndx].sh_offset, f->sh[f->shstrndx].sh_size))
        return 0;
    const Elf64_Shdr *strtab = &f->sh[f->shstrndx];
    const char *names = f->p + strtab->sh_offset;
    size_t len = strlen(name) + 1;
    for (size_t i = 0; i < f->nsh; i++)
        if (f->sh[i].sh_name + len <= strtab->sh_size && !memcmp(names + f->sh[i].sh_name, name, len))
            return 1;
    return 0;
}

/* the tables of one mapped file added to m: 1 when a .symtab was among
 * them, 0 when not, -1: out of memory */
static int read_tables(const struct lw_syms *s, struct module *m, const struct elf *f)
{
    int symtab = 0;
    m->has_lines |= has_section(f, ".debug_line");
    for (const Elf64_Shdr *sh = f->sh; sh < f->sh + f->nsh; sh++)
        if (sh->sh_type == SHT_SYMTAB || sh->sh_type == SHT_DYNSYM) {
            if (add_table(s, m, f, sh) != 0)
                return -1;
            symtab |= sh->sh_type == SHT_SYMTAB;
        }
    return symtab;
}

static int sym_cmp(const void *a, const void *b)
{
    const struct sym *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    if (x->size != y->size) /* the sized one last: lookups take the last of equals */
        return x->size < y->size ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* m's symbols read, at its first look-up; the files stay mapped: the
 * symbols' names point into them */
static void load_module(const struct lw_syms *s, struct module *m)
{
    struct elf file, debug;
    if (m->loaded)
        return;
    m->loaded = 1;
    if (!map_file(m->path, &file))
        return;
    const unsigned char *id = NULL;
    size_t idlen = m->idlen ? build_id(&file, &id) : 0;
    if (m->idlen && (idlen != m->idlen || memcmp(id, m->id, idlen) != 0)) {
        /* another file now has the module's name (replaced on disk while it
         * ran): its symbols would name the wrong code; module+offset only */
        munmap((void *)file.p, file.len);
        return;
    }
    int symtab = read_tables(s, m, &file);
    if (symtab < 0)
        return;
    char dbg[128];
    if (!symtab && debug_path(&file, dbg, sizeof dbg) && map_file(dbg, &debug) && read_tables(s, m, &debug) < 0)
        return;
    if (m->nsym)
        lw_sort(m->sym, m->nsym, sizeof *m->sym, sym_cmp);
}

/* ---------------------------------------------------------------- lookup */

static struct module *module_of(struct lw_syms *s, uint64_t addr)
{
    for (size_t i = 0; s && i < s->nmod; i++)
        if (addr >= s->mod[i].lo && addr < s->mod[i].hi)
            return &s->mod[i];
    return NULL;
}

const char *lw_syms_module(struct lw_syms *s, uint64_t addr, uint64_t *bias)
{
    struct module *m = module_of(s, addr);
    if (!m)
        return NULL;
    *bias = m->bias;
    return m->path;
}

/* the symbol of the wanted kind covering v (file address), or NULL */
static const struct sym *covering(const struct module *m, uint64_t v, int data)
{
    size_t lo = 0, hi = m->nsym; /* the first symbol above v */
    LOWER_BOUND(lo, hi, m->sym[mid].value <= v);
    for (size_t k = lo; k-- > 0 && lo - k <= 64;) { /* a few back: overlapping kinds and aliases */
        const struct sym *x = &m->sym[k];
        if (x->data != data)
            continue;
        if (v < x->value + (x->size ? x->size : 1))
            return x;
        if (!data && x->size == 0)
            return NULL; /* an unsized function label before v: not a cover */
    }
    return NULL;
}

static void clean(char *out)
{
    for (char *p = out; *p; p++)
        if (strchr(" \t\n;", *p))
            *p = '_';
}

int lw_syms_name(struct lw_syms *s, uint64_t addr, enum lw_sym_how how, char *out, size_t cap)
{
    uint64_t at = how == LW_SYM_RETURN && addr ? addr - 1 : addr; /* inside the call instruction */
    struct module *m = module_of(s, at);
    if (m)
        load_module(s, m);
    const struct sym *x = m ? covering(m, at - m->bias, how == LW_SYM_DATA) : NULL;
    if (x)
        snprintf(out, cap, "%s+0x%llx", x->name, (unsigned long long)(addr - m->bias - x->value));
    else if (m)
        snprintf(out, cap, "%s+0x%llx", m->name, (unsigned long long)(addr - m->bias));
    else
        snprintf(out, cap, "0x%llx", (unsigned long long)addr);
    clean(out);
    return x ? 2 : m ? 1 : 0;
}

int lw_syms_has_lines(struct lw_syms *s, uint64_t addr)
{
    struct module *m = module_of(s, addr);
    if (m)
        load_module(s, m);
    return m && m->has_lines;
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading just enough of an ELF64 relocatable object, with every offset
 * checked against the file's size: the file comes from an assembler we
 * ran, but a truncated or odd file must give a message, not a crash.
 */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "snippet/elf.h"

struct object {
	const uint8_t	*base;
	size_t		 len;
	const Elf64_Shdr *sh;
	size_t		 nsh;
};

/* Is [off, off + size) inside the file? */
static int
inside(const struct object *o, uint64_t off, uint64_t size)
{
	return (off <= o->len && size <= o->len - off);
}

static const Elf64_Shdr *
section(const struct object *o, size_t i)
{
	return (i < o->nsh ? &o->sh[i] : NULL);
}

/* The NUL-terminated string at off in string table section i, or "?". */
static const char *
string_at(const struct object *o, size_t i, uint64_t off)
{
	const Elf64_Shdr *s = section(o, i);
	const char *p;

	if (s == NULL || s->sh_type != SHT_STRTAB ||
	    !inside(o, s->sh_offset, s->sh_size) || off >= s->sh_size)
		return ("?");
	p = (const char *)o->base + s->sh_offset + off;
	if (memchr(p, '\0', s->sh_size - off) == NULL)
		return ("?");
	return (p);
}

static int
open_object(struct object *o, const uint8_t *obj, size_t len, size_t *shstr,
    char *err, size_t errlen)
{
	Elf64_Ehdr eh;

	o->base = obj;
	o->len = len;
	if (len < sizeof(eh) || memcmp(obj, ELFMAG, SELFMAG) != 0) {
		snprintf(err, errlen, "the assembler's output is not ELF");
		return (-1);
	}
	memcpy(&eh, obj, sizeof(eh));
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_machine != arch_elf_machine ||
	    eh.e_type != ET_REL) {
		snprintf(err, errlen, "the assembler's output is not an "
		    ARCH_SNIPPET_ISA " ELF64 object");
		return (-1);
	}
	if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff % 8 != 0 ||
	    !inside(o, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr))) {
		snprintf(err, errlen, "the assembler's output is truncated "
		    "or malformed");
		return (-1);
	}
	o->sh = (const Elf64_Shdr *)(const void *)(obj + eh.e_shoff);
	o->nsh = eh.e_shnum;
	*shstr = eh.e_shstrndx;
	return (0);
}

/* Refuse relocation section rs, naming its first entry's symbol. */
static void
refuse_relocation(const struct object *o, size_t shstr, const Elf64_Shdr *rs,
    char *err, size_t errlen)
{
	const Elf64_Shdr *symtab, *target, *sec;
	Elf64_Sym sym;
	uint64_t offset = 0, info = 0, entsize, count, symoff;
	char what[96] = "an unknown symbol";

	entsize = rs->sh_type == SHT_RELA ? sizeof(Elf64_Rela) :
	    sizeof(Elf64_Rel);
	count = rs->sh_size / entsize;
	if (inside(o, rs->sh_offset, 16)) {
		/* r_offset and r_info lead both Rel and Rela. */
		memcpy(&offset, o->base + rs->sh_offset, 8);
		memcpy(&info, o->base + rs->sh_offset + 8, 8);
	}
	symtab = section(o, rs->sh_link);
	symoff = ELF64_R_SYM(info) * sizeof(sym);
	/* The table inside the file first: its offset plus symoff may wrap. */
	if (symtab != NULL && symtab->sh_type == SHT_SYMTAB &&
	    inside(o, symtab->sh_offset, symtab->sh_size) &&
	    symoff < symtab->sh_size &&
	    sizeof(sym) <= symtab->sh_size - symoff) {
		memcpy(&sym, o->base + symtab->sh_offset + symoff, sizeof(sym));
		sec = section(o, sym.st_shndx);
		if (ELF64_ST_TYPE(sym.st_info) == STT_SECTION && sec != NULL)
			snprintf(what, sizeof(what), "section %s",
			    string_at(o, shstr, sec->sh_name));
		else
			snprintf(what, sizeof(what), "symbol '%s'",
			    string_at(o, symtab->sh_link, sym.st_name));
	}
	target = section(o, rs->sh_info);
	snprintf(err, errlen, "%s+0x%jx refers to %s, which only a linker "
	    "could resolve (%ju relocation%s): a snippet runs from copies at "
	    "an address chosen at run time, so it may branch only to its own "
	    "labels and must keep its data in the scratch area at "
	    ARCH_SNIPPET_SCRATCH_AT,
	    target != NULL ? string_at(o, shstr, target->sh_name) : "?",
	    (uintmax_t)offset, what, (uintmax_t)count, count == 1 ? "" : "s");
}

int
elf_snippet_sections(const uint8_t *obj, size_t len, const char *const *names,
    size_t n, const uint8_t **text, size_t *textlen, char *err, size_t errlen)
{
	const Elf64_Shdr *s;
	struct object o;
	const char *name;
	size_t i, k, shstr;

	if (open_object(&o, obj, len, &shstr, err, errlen) != 0)
		return (-1);
	for (k = 0; k < n; k++)
		text[k] = NULL;
	for (i = 0; i < o.nsh; i++) {
		s = &o.sh[i];
		name = string_at(&o, shstr, s->sh_name);
		if ((s->sh_type == SHT_RELA || s->sh_type == SHT_REL) &&
		    s->sh_size > 0) {
			refuse_relocation(&o, shstr, s, err, errlen);
			return (-1);
		}
		for (k = 0; k < n && strcmp(name, names[k]) != 0; k++)
			;
		if (k < n && s->sh_type == SHT_PROGBITS) {
			if (!inside(&o, s->sh_offset, s->sh_size))
				break;
			text[k] = obj + s->sh_offset;
			textlen[k] = s->sh_size;
			continue;
		}
		/* Notes (.note.gnu.property) describe; they are not code. */
		if ((s->sh_flags & SHF_ALLOC) && s->sh_size > 0 &&
		    s->sh_type != SHT_NOTE) {
			snprintf(err, errlen, "the snippet puts %ju bytes in "
			    "section %s, but only %s is run: keep data in "
			    "the scratch area at " ARCH_SNIPPET_SCRATCH_AT,
			    (uintmax_t)s->sh_size, name, n == 1 ? names[0] :
			    "its own section");
			return (-1);
		}
	}
	for (k = 0; k < n; k++)
		if (text[k] == NULL) {
			snprintf(err, errlen, "the assembler's output has no "
			    "readable %s section", names[k]);
			return (-1);
		}
	return (0);
}

int
elf_snippet_text(const uint8_t *obj, size_t len, const uint8_t **text,
    size_t *textlen, char *err, size_t errlen)
{
	static const char *const text_section[] = { ".text" };

	return (elf_snippet_sections(obj, len, text_section, 1, text, textlen,
	    err, errlen));
}
